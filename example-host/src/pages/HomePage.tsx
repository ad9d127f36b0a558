import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { PageMain, PageTitle } from '../components/landmarks';
import { ADMIN_HOME_PATH, APP_NAME } from '../config';
import { ErrorAlert, useAuth } from '../formsAdmin';
import { useLabels } from '../useLabels';

/** The public home (docs/spec.md, Screens and routes): what the product is, and the way into the admin area. */
export function HomePage() {
  const auth = useAuth();
  const labels = useLabels();
  const signInError = auth.error?.source === 'signinRedirect' ? auth.error : null;
  return (
    <PageMain>
      <PageTitle />
      <Container size="sm" py={64}>
        <Stack gap="md" align="flex-start">
          <Title order={1}>{APP_NAME}</Title>
          <Text size="lg">
            Build form schemas, forms and form groups; let visitors fill forms in through public links; send them for
            signature; and decide who may do what with users, user groups and roles.
          </Text>
          <Text c="dimmed">Public form links work without signing in. The admin area needs an account.</Text>
          {auth.isAuthenticated ? (
            <Button component={Link} to="/admin/">
              Open admin
            </Button>
          ) : (
            <Button
              loading={auth.isLoading}
              // A failure is in auth.error and shown below.
              onClick={() => auth.signIn({ returnTo: ADMIN_HOME_PATH }).catch(() => {})}
            >
              Sign in
            </Button>
          )}
          {signInError && (
            <ErrorAlert
              w="100%"
              title={labels.signInFailedTitle}
              message={labels.signInFailedMessage}
              details={signInError.message}
            />
          )}
        </Stack>
      </Container>
    </PageMain>
  );
}
HomePage.displayName = 'HomePage';
