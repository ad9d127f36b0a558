import { Center, Loader } from '@mantine/core';

/** Shown when a route takes longer than the router's pending delay to load. */
export function PendingPage() {
  return (
    <Center mih="40vh">
      <Loader aria-label="Loading" />
    </Center>
  );
}
PendingPage.displayName = 'PendingPage';
