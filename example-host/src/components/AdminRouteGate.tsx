import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ErrorAlert, useCan, useMyClaims } from '../formsAdmin';
import { useLabels } from '../useLabels';
import { adminRouteAccess } from './adminMenuEntries';
import type { AdminRouteAccess } from './adminMenuEntries';
import { PendingPage } from './PendingPage';

/** Shown inside the admin shell when the user lacks the claim of the screen they opened by URL. */
export function NoScreenAccessPage({ screen }: { screen: string }) {
  return (
    <Center mih="40vh" p="md">
      <Stack align="center" gap="sm" maw={480}>
        <Title order={1}>No access</Title>
        <Text ta="center">
          Your account does not have access to {screen}. Ask an administrator for access, or choose a screen from the
          menu.
        </Text>
        <Anchor component={Link} to="/admin/">
          Go to the admin home
        </Anchor>
      </Stack>
    </Center>
  );
}
NoScreenAccessPage.displayName = 'NoScreenAccessPage';

function ClaimGate({ access, children }: { access: AdminRouteAccess; children: ReactNode }) {
  const result = useCan(access.claim);
  const claims = useMyClaims();
  const labels = useLabels();
  if (result.isLoading) return <PendingPage />;
  if (result.reason === 'error') {
    return (
      <ErrorAlert
        title={labels.accessCheckFailed}
        message={labels.accessCheckFailedReason}
        details={result.error?.message}
        onRetry={() => void claims.refetch()}
      />
    );
  }
  return result.can ? <>{children}</> : <NoScreenAccessPage screen={access.label} />;
}

/**
 * Every admin route checks the same claim as its menu entry (deny by default for the screens): a user who types the
 * URL of a screen missing from their menu gets 'No access', not a screen whose calls all fail.
 */
export function AdminRouteGate({ children }: { children: ReactNode }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const access = adminRouteAccess(pathname);
  if (!access) return <>{children}</>;
  // Keyed by the rule, so moving between screens never shows one screen under another's answer.
  return (
    <ClaimGate key={access.to} access={access}>
      {children}
    </ClaimGate>
  );
}
AdminRouteGate.displayName = 'AdminRouteGate';
