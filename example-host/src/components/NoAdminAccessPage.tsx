import { Anchor, Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { hostLabels } from '../hostLabels';
import { useLabelTexts } from '../useLabelTexts';
import { PageMain, PageTitle } from './landmarks';

export interface NoAdminAccessPageProps {
  /** Called by the 'Sign out' button, so another account can sign in. */
  onSignOut: () => void;
}

/** Shown to a signed-in user the server does not count as an administrator. */
export function NoAdminAccessPage({ onSignOut }: NoAdminAccessPageProps) {
  const labels = useLabelTexts(hostLabels);
  return (
    <PageMain>
      <PageTitle title={labels.hostNoAccess} />
      <Center mih="60vh" p="md">
        <Stack align="center" gap="sm" maw={480}>
          <Title order={1}>{labels.hostNoAccess}</Title>
          <Text ta="center">{labels.hostNoAdminAccessMessage}</Text>
          <Group gap="sm">
            <Anchor component={Link} to="/">
              {labels.hostGoToHomePage}
            </Anchor>
            <Button variant="default" size="xs" onClick={onSignOut}>
              {labels.hostSignOut}
            </Button>
          </Group>
        </Stack>
      </Center>
    </PageMain>
  );
}
NoAdminAccessPage.displayName = 'NoAdminAccessPage';
