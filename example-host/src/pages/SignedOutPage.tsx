import { Alert, Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { SIGN_IN_RETURN_PATH } from '../config';
import { PageMain, PageTitle } from '../components/landmarks';
import { useAuth } from '../formsAdmin';
import { hostLabels } from '../hostLabels';
import { useLabelTexts } from '../useLabelTexts';

/**
 * Where the identity provider sends the browser after sign-out. Public, and it starts no sign-in by itself: the next
 * sign-in is the user's choice, at the provider's login form.
 */
export function SignedOutPage() {
  const auth = useAuth();
  const labels = useLabelTexts(hostLabels);
  const providerUnreachable = auth.error?.source === 'signout';
  return (
    <PageMain>
      <PageTitle title={labels.hostSignedOut} />
      <Container size="sm" py={64}>
        <Stack gap="md" align="flex-start">
          <Title order={1}>{labels.hostSignedOut}</Title>
          <Text size="lg">{labels.hostSignedOutMessage}</Text>
          {providerUnreachable && (
            <Alert color="yellow" title={labels.hostSignOutProviderUnreachable} w="100%">
              {labels.hostSignOutProviderUnreachableMessage}
            </Alert>
          )}
          <Group gap="md">
            <Button onClick={() => auth.signIn({ returnTo: SIGN_IN_RETURN_PATH, forceLogin: true }).catch(() => {})}>
              {labels.hostSignInAgain}
            </Button>
            <Anchor component={Link} to="/">
              {labels.hostGoToHomePage}
            </Anchor>
          </Group>
        </Stack>
      </Container>
    </PageMain>
  );
}
SignedOutPage.displayName = 'SignedOutPage';
