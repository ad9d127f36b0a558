import { Center } from '@mantine/core';
import { Outlet, useRouter } from '@tanstack/react-router';
import { PageMain, PageTitle } from './components/landmarks';
import { PendingPage } from './components/PendingPage';
import { ErrorAlert, LoginCallback, RequireAuth, useAuth } from './formsAdmin';
import { hostLabels } from './hostLabels';
import { useLabelTexts } from './useLabelTexts';
import { useLabels } from './useLabels';

// The layouts of the sign-in callback and of the signed-in pages: a chunk of their own (routes.tsx reaches this module
// only through import()), so the public form never carries the sign-in screens and their texts.

/** The sign-in callback, outside both layouts (docs/spec.md, Screens and routes): it must run before any session exists. */
export function LoginCallbackPage() {
  const router = useRouter();
  const labels = useLabelTexts(hostLabels);
  return (
    <PageMain>
      <PageTitle title={labels.hostSigningInTitle} />
      <LoginCallback onRedirect={(path) => router.history.replace(path)} />
    </PageMain>
  );
}

/** Pages under it need a signed-in user; anyone else is sent to sign in and brought back. */
export function AuthenticatedLayout() {
  const auth = useAuth();
  const labels = useLabels();
  // RequireAuth does not redirect again after a sign-in error (no loop); say so instead of spinning forever.
  const fallback = auth.error ? (
    <Center mih="60vh" p="md">
      <ErrorAlert
        maw={520}
        w="100%"
        title={labels.signInFailedTitle}
        message={labels.signInFailedMessage}
        details={auth.error.message}
        labels={{ retry: labels.tryAgain }}
        onRetry={() => void auth.signIn({ forceLogin: true }).catch(() => {})}
      />
    </Center>
  ) : (
    <PendingPage />
  );
  return (
    <RequireAuth fallback={fallback}>
      <Outlet />
    </RequireAuth>
  );
}
