import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { routerLabels } from '../formsAdmin';
import { hostLabels } from '../hostLabels';
import { useLabelTexts } from '../useLabelTexts';
import { PageMain, PageTitle } from './landmarks';

/** The 404 page of unmatched paths (docs/spec.md, Screens and routes and Error catalogue): 'Not Found' and a way home. */
export function NotFoundPage() {
  const labels = useLabelTexts(routerLabels);
  const host = useLabelTexts(hostLabels);
  return (
    <PageMain>
      <PageTitle title={labels.notFound} />
      <Center mih="60vh" p="md" data-status-code={404}>
        <Stack align="center" gap="sm">
          <Text c="dimmed" fw={700} size="xl" aria-hidden>
            404
          </Text>
          <Title order={1}>{labels.notFound}</Title>
          <Text>{host.hostNotFoundMessage}</Text>
          <Anchor component={Link} to="/">
            {host.hostGoToHomePage}
          </Anchor>
        </Stack>
      </Center>
    </PageMain>
  );
}
NotFoundPage.displayName = 'NotFoundPage';
