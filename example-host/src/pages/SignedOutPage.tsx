import { Alert, Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { ADMIN_HOME_PATH } from '../config';
import { PageMain, PageTitle } from '../components/landmarks';
import { useAuth } from '../formsAdmin';

/**
 * Where the identity provider sends the browser after sign-out. Public, and it starts no sign-in by itself: the next
 * sign-in is the user's choice, at the provider's login form.
 */
export function SignedOutPage() {
  const auth = useAuth();
  const providerUnreachable = auth.error?.source === 'signout';
  return (
    <PageMain>
      <PageTitle title="Signed out" />
      <Container size="sm" py={64}>
        <Stack gap="md" align="flex-start">
          <Title order={1}>Signed out</Title>
          <Text size="lg">You have been signed out.</Text>
          {providerUnreachable && (
            <Alert color="yellow" title="The sign-in provider could not be reached" w="100%">
              You are signed out of this app, but your session at the sign-in provider may still be open. Close the
              browser to end it.
            </Alert>
          )}
          <Group gap="md">
            <Button onClick={() => auth.signIn({ returnTo: ADMIN_HOME_PATH, forceLogin: true }).catch(() => {})}>
              Sign in again
            </Button>
            <Anchor component={Link} to="/">
              Go to the home page
            </Anchor>
          </Group>
        </Stack>
      </Container>
    </PageMain>
  );
}
SignedOutPage.displayName = 'SignedOutPage';
