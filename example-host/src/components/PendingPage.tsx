import { Center, Loader } from '@mantine/core';
import { hostLabels } from '../hostLabels';
import { useLabelTexts } from '../useLabelTexts';
import { PageMain } from './landmarks';

/** Shown when a route takes longer than the router's pending delay to load. */
export function PendingPage() {
  const labels = useLabelTexts(hostLabels);
  return (
    <PageMain>
      <Center mih="40vh">
        <Loader aria-label={labels.hostLoading} />
      </Center>
    </PageMain>
  );
}
PendingPage.displayName = 'PendingPage';
