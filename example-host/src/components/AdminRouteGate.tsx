import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { fillLabel, RequireClaim } from '../formsAdmin';
import { hostLabels } from '../hostLabels';
import { useLabelTexts } from '../useLabelTexts';
import { adminRouteAccess } from './adminMenuEntries';
import { PageTitle } from './landmarks';
import { PendingPage } from './PendingPage';

/** Shown inside the admin shell when the user lacks the claim of the screen they opened by URL. */
export function NoScreenAccessPage({ screen }: { screen: string }) {
  const labels = useLabelTexts(hostLabels);
  return (
    <Center mih="40vh" p="md">
      <Stack align="center" gap="sm" maw={480}>
        <Title order={1}>{labels.hostNoAccess}</Title>
        <Text ta="center">{fillLabel(labels.hostNoScreenAccessMessage, { screen })}</Text>
        <Anchor component={Link} to="/admin/">
          {labels.hostGoToAdminHome}
        </Anchor>
      </Stack>
    </Center>
  );
}
NoScreenAccessPage.displayName = 'NoScreenAccessPage';

/**
 * Every admin route checks the same claim as its menu entry (deny by default for the screens): a user who types the
 * URL of a screen missing from their menu gets 'No access', not a screen whose calls all fail. It is the library's
 * `RequireClaim`, exactly as the README's host example gates a screen: 'Access check failed' with a retry when the
 * claims cannot be loaded.
 */
export function AdminRouteGate({ children }: { children: ReactNode }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const access = adminRouteAccess(pathname);
  const labels = useLabelTexts(hostLabels);
  if (!access) return <>{children}</>;
  // Keyed by the rule, so moving between screens never shows one screen under another's answer. The screen's name
  // titles the tab (a screen with a more specific title of its own sets it inside).
  return (
    <>
      <PageTitle title={labels[access.label]} />
      <RequireClaim
        key={access.to}
        claim={access.claim}
        loading={<PendingPage />}
        fallback={<NoScreenAccessPage screen={labels[access.label]} />}
      >
        {children}
      </RequireClaim>
    </>
  );
}
AdminRouteGate.displayName = 'AdminRouteGate';
