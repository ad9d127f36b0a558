import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { PermissionHistoryPanel } from '../../src/admin/shared/PermissionHistory';
import { Permission } from '../../src/api/enums';
import { errorHandlers } from '../../src/testing';
import { seedIds } from '../../src/testing/seed-ids';
import { fakeBackend, storyHandlers } from '../support/fakeBackend';

const meta = {
  title: 'Admin/PermissionHistoryPanel',
  component: PermissionHistoryPanel,
  args: { holder: { kind: 'claimGroup', id: seedIds.claimGroups.noHardDelete, name: 'No Hard Delete' } },
} satisfies Meta<typeof PermissionHistoryPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Closed: nothing is loaded until the administrator asks. */
export const Closed: Story = {};

/** The role 'No Hard Delete': Ada Admin set up its denies. */
export const RoleHistory: Story = {
  args: { defaultOpened: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('list', { name: 'Change history: No Hard Delete' })).toBeInTheDocument();
  },
};

/** A user group's members: who was added, by whom and when. */
export const MembersHistory: Story = {
  args: { defaultOpened: true, holder: { kind: 'userGroup', id: seedIds.userGroups.formAuthors, name: 'Form Authors' } },
};

/** Twenty-three changes of one user's permissions: ten to a page, newest first; the second page shown. */
export const ManyPages: Story = {
  args: { defaultOpened: true, holder: { kind: 'user', id: seedIds.users.newcomer, name: 'Nora Newcomer' } },
  loaders: [
    () => {
      const at = Date.parse('2026-11-01T09:00:00Z');
      for (let i = 0; i < 23; i += 1) {
        fakeBackend.db.permissionHistory.push({
          id: `d0000000-0000-4000-8000-${(1000 + i).toString(16).padStart(12, '0')}`,
          at: new Date(at + i * 3_600_000),
          actor: { id: seedIds.users.admin, name: 'Ada Admin' },
          holderKind: 'user',
          holderId: seedIds.users.newcomer,
          holderName: 'Nora Newcomer',
          action: 'claims',
          added: i === 0 ? [{ key: `claim:${Permission.Form_Select}`, label: 'Form_Select', detail: 'allow · priority 1' }] : [],
          removed: [],
          updated: i === 0 ? [] : [{ key: `claim:${Permission.Form_Select}`, label: 'Form_Select', detail: `allow · priority ${i + 1}` }],
        });
      }
      return {};
    },
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const pages = await canvas.findByRole('navigation', { name: 'Change history pages' });
    await userEvent.click(within(pages).getByRole('button', { name: 'Page 2' }));
    await expect(await canvas.findByText('Form_Select (allow · priority 13)')).toBeInTheDocument();
  },
};

/** Nothing recorded yet. */
export const Empty: Story = {
  args: { defaultOpened: true, holder: { kind: 'userGroup', id: seedIds.userGroups.readers, name: 'Readers' } },
};

/** While the history loads. */
export const Loading: Story = {
  args: { defaultOpened: true },
  parameters: {
    msw: { handlers: { claim: [errorHandlers.pending('/api/Claim/GetPermissionHistory'), ...storyHandlers.claim] } },
  },
};

/** The server fails: the message, the details and a retry. */
export const LoadFails: Story = {
  args: { defaultOpened: true },
  parameters: {
    msw: { handlers: { claim: [errorHandlers.failing('/api/Claim/GetPermissionHistory', 500), ...storyHandlers.claim] } },
  },
};

/** Not an administrator (Aisha Auditor may read the permission screens): the panel is not shown at all. */
export const NotAdministrator: Story = {
  parameters: { fakeUser: 'auditor' },
};
