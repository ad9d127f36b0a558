import { Badge, Group, NavLink, Paper, Stack, Text, Title } from '@mantine/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Can, useMyClaims } from '../../src/permissions';
import { errorHandlers } from '../../src/testing';
import { ErrorAlert } from '../../src/ui';
import { storyHandlers } from '../support/fakeBackend';

const menu = [
  ['FormBuilder_AllowRead', 'Form Builder'],
  ['FormGroups_AllowRead', 'Form Groups'],
  ['FormInstances_AllowRead', 'Form Instances'],
  ['FormPreview_AllowRead', 'Form Preview'],
  ['Forms_AllowRead', 'Forms'],
  ['FormSchemas_AllowRead', 'Form Schemas'],
  ['Signing_AllowRead', 'Signing'],
  ['RoleManagement_AllowRead', 'Role Management'],
  ['UserRoleManagement_AllowRead', 'User & Role Management'],
] as const;

/** A menu and buttons that follow the signed-in user's claims, as a host builds them with `<Can>`. */
function PermissionAwareMenu() {
  const mine = useMyClaims();
  if (mine.error) return <ErrorAlert title="Error" message="Failed to load permissions. Please try again." />;
  return (
    <Group align="flex-start">
      <Paper withBorder p="xs" w={260} component="nav" aria-label="Admin menu">
        {menu.map(([claim, label]) => (
          <Can key={claim} claim={claim}>
            <NavLink href="#" label={label} />
          </Can>
        ))}
      </Paper>
      <Stack gap="xs">
        <Title order={2} size="h4">
          Buttons
        </Title>
        <Can claim="CreateForm_AllowRead" fallback={<Text>Creating forms is not allowed.</Text>}>
          <Badge>Create form allowed</Badge>
        </Can>
        <Can claim="DeleteForm_AllowRead" fallback={<Text>Deleting forms is not allowed.</Text>}>
          <Badge color="red.8">Delete form allowed</Badge>
        </Can>
        <Text size="sm">{mine.isLoading ? 'Loading claims…' : `${mine.claims.size} claims held`}</Text>
      </Stack>
    </Group>
  );
}

const meta = {
  title: 'Permissions/Can',
  component: PermissionAwareMenu,
} satisfies Meta<typeof PermissionAwareMenu>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The seeded administrator holds every claim. */
export const Administrator: Story = {};

/** The seeded form editor: form menus and buttons, no permission screens, no hard delete. */
export const FormEditor: Story = { parameters: { fakeUser: 'editor' } };

/** The seeded read-only user: no menu entries, no buttons. */
export const ReadOnlyUser: Story = { parameters: { fakeUser: 'reader' } };

/** The claims cannot be loaded: nothing is shown that the user may not use, and the error is said. */
export const ClaimsFailToLoad: Story = {
  parameters: { msw: { handlers: { claim: [errorHandlers.failing('/api/Claim/GetMyClaims', 500), ...storyHandlers.claim] } } },
};
