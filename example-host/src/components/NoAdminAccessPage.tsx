import { Anchor, Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { PageMain, PageTitle } from './landmarks';

export interface NoAdminAccessPageProps {
  /** Called by the 'Sign out' button, so another account can sign in. */
  onSignOut: () => void;
}

/** Shown to a signed-in user the server does not count as an administrator. */
export function NoAdminAccessPage({ onSignOut }: NoAdminAccessPageProps) {
  return (
    <PageMain>
      <PageTitle title="No access" />
      <Center mih="60vh" p="md">
        <Stack align="center" gap="sm" maw={480}>
          <Title order={1}>No access</Title>
          <Text ta="center">Your account does not have access to the admin area. Ask an administrator for access.</Text>
          <Group gap="sm">
            <Anchor component={Link} to="/">
              Go to the home page
            </Anchor>
            <Button variant="default" size="xs" onClick={onSignOut}>
              Sign out
            </Button>
          </Group>
        </Stack>
      </Center>
    </PageMain>
  );
}
NoAdminAccessPage.displayName = 'NoAdminAccessPage';
