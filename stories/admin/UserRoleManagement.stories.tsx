import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
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

/** Aisha Auditor may read users and groups but not change them: every changing control says why not. */
export const ReadOnlyUser: Story = {
  args: { initialTab: 'userGroups', initialUserGroupId: seedIds.userGroups.reviewers },
  parameters: { fakeUser: 'auditor' },
};

/** The server refuses a name that is taken: its reason is the message, titled by what failed. */
export const CreateRefused: Story = {
  args: { initialTab: 'userGroups' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Group name' }), 'Readers');
    // The button is available once the user's permissions are known.
    const create = canvas.getByRole('button', { name: 'Create Group' });
    await waitFor(() => expect(create).not.toHaveAttribute('aria-disabled', 'true'));
    await userEvent.click(create);
    await expect(await canvas.findByRole('alert')).toHaveTextContent("An application user group named 'Readers' already exists.");
  },
};

/** 'Full Sync' fails on the server: the alert says what failed. */
export const FullSyncFails: Story = {
  parameters: {
    msw: {
      handlers: {
        claim: [errorHandlers.failing('/api/Claim/FullSyncAndReturnExternalUsers', 500), ...storyHandlers.claim],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const sync = await canvas.findByRole('button', { name: 'Full Sync' });
    await waitFor(() => expect(sync).not.toHaveAttribute('aria-disabled', 'true'));
    await userEvent.click(sync);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Could not sync the users');
  },
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
