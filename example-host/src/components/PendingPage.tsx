import { Center, Loader } from '@mantine/core';
import { PageMain } from './landmarks';

/** Shown when a route takes longer than the router's pending delay to load. */
export function PendingPage() {
  return (
    <PageMain>
      <Center mih="40vh">
        <Loader aria-label="Loading" />
      </Center>
    </PageMain>
  );
}
PendingPage.displayName = 'PendingPage';
