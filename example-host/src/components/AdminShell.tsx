import { AppShell, Box, Burger, Button, Group, Text, Title, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ADMIN_PANEL_MAX_WIDTH, APP_NAME } from '../config';
import { fillLabel } from '../formsAdmin';
import { hostLabels } from '../hostLabels';
import { useLabelTexts } from '../useLabelTexts';
import { AdminMenu } from './AdminMenu';
import { ColorSchemeSwitch } from './ColorSchemeSwitch';
import { InsideMainLandmark } from './landmarks';

export interface AdminShellProps {
  /** The signed-in user's display name. */
  userName: string;
  /** Called by the 'Sign out' button. */
  onSignOut: () => void;
  /** The admin screen. */
  children?: ReactNode;
}

/** The admin layout: header (app name, user, colour scheme, sign out), the menu, and the screen in a 1200px panel (docs/spec.md, Constants and limits). */
export function AdminShell({ userName, onSignOut, children }: AdminShellProps) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const labels = useLabelTexts(hostLabels);
  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={labels.hostToggleAdminMenu} />
            <UnstyledButton component={Link} to="/admin/">
              <Title order={2} size="h4" style={{ whiteSpace: 'nowrap' }}>
                {APP_NAME}
              </Title>
            </UnstyledButton>
          </Group>
          <Group gap="sm" wrap="nowrap">
            {/* On phones the name gives way to the title and the buttons; the menu and sign-out stay. */}
            <Text size="sm" truncate="end" maw={240} data-testid="signed-in-user" visibleFrom="sm">
              {userName}
            </Text>
            <ColorSchemeSwitch />
            <Button variant="default" size="xs" onClick={onSignOut}>
              {labels.hostSignOut}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={labels.hostAdminMenu}>
        <Text size="sm" hiddenFrom="sm" px="sm" pb="xs" truncate="end">
          {fillLabel(labels.hostSignedInAs, { name: userName })}
        </Text>
        <AdminMenu onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Box maw={ADMIN_PANEL_MAX_WIDTH} mx="auto" w="100%">
          <InsideMainLandmark>{children}</InsideMainLandmark>
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
AdminShell.displayName = 'AdminShell';
