import type { Meta, StoryObj } from '@storybook/react-vite';
import { UserRoleManagement } from '../../src/admin';
import { errorHandlers } from '../../src/testing';
import { seedIds } from '../../src/testing/seed-ids';
import { storyHandlers } from '../support/fakeBackend';

const meta = {
  title: 'Admin/UserRoleManagement',
  component: UserRoleManagement,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof UserRoleManagement>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The 'Users' tab with the seeded users; none chosen yet. */
export const Default: Story = {};

/** The 'User Groups' tab: the create-group form and the seeded groups; none chosen yet. */
export const UserGroupsTab: Story = { args: { initialTab: 'userGroups' } };

/** Sam Signer chosen: the 'Signers' claim group and one claim of his own, ready to change. */
export const UserSelected: Story = { args: { initialUserId: seedIds.users.signer } };

/** 'Form Authors' chosen: its members and its claim groups (Form Editors, No Hard Delete). */
export const GroupSelected: Story = {
  args: { initialTab: 'userGroups', initialUserGroupId: seedIds.userGroups.formAuthors },
};

/** The users cannot be loaded: the spec's alert with a retry. */
export const UsersFailToLoad: Story = {
  parameters: {
    msw: { handlers: { claim: [errorHandlers.failing('/api/Claim/ApplicationList', 500), ...storyHandlers.claim] } },
  },
};

/** The users never arrive: the loading state. */
export const Loading: Story = {
  parameters: {
    msw: { handlers: { claim: [errorHandlers.pending('/api/Claim/ApplicationList'), ...storyHandlers.claim] } },
  },
};
