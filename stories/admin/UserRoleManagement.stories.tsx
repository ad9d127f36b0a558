import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { UserRoleManagement } from '../../src/admin';
import { addScaleData, errorHandlers, scaleUserGroupId } from '../../src/testing';
import { seedIds } from '../../src/testing/seed-ids';
import { fakeBackend, storyHandlers } from '../support/fakeBackend';

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

/** A name a live user group has: said under the box once typing rests, and 'Create Group' waits for another name. */
export const CreateNameTaken: Story = {
  args: { initialTab: 'userGroups' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByRole('textbox', { name: 'Group name' });
    await userEvent.type(box, 'readers');
    await waitFor(() => expect(box).toHaveAccessibleDescription("A user group named 'Readers' already exists."));
  },
};

/**
 * The server refuses a name that is taken (here a look-alike, a Cyrillic 'е', that the search does not find): its
 * reason is the message, titled by what failed.
 */
export const CreateRefused: Story = {
  args: { initialTab: 'userGroups' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Group name' }), 'R\u0435aders');
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
    msw: { handlers: { claim: [errorHandlers.failing('/api/Claim/ApplicationUsersPaged', 500), ...storyHandlers.claim] } },
  },
};

/** The user groups cannot be loaded: 'Failed to load user groups. Please try again.' with a retry. */
export const UserGroupsFailToLoad: Story = {
  args: { initialTab: 'userGroups' },
  parameters: {
    msw: { handlers: { claim: [errorHandlers.failing('/api/Claim/ApplicationUserGroupsPaged', 500), ...storyHandlers.claim] } },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Failed to load user groups. Please try again.')).toBeInTheDocument();
  },
};

/** No user group exists yet: the create form and an empty picker. */
export const NoUserGroups: Story = {
  args: { initialTab: 'userGroups' },
  loaders: [
    () => {
      fakeBackend.db.applicationUserGroups = [];
      fakeBackend.db.memberships = [];
      return {};
    },
  ],
};

/** 'Full Sync' while it runs: the button reads 'Syncing...'. */
export const Syncing: Story = {
  parameters: {
    msw: { handlers: { claim: [errorHandlers.pending('/api/Claim/FullSyncAndReturnExternalUsers'), ...storyHandlers.claim] } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const sync = await canvas.findByRole('button', { name: 'Full Sync' });
    await waitFor(() => expect(sync).not.toHaveAttribute('aria-disabled', 'true'));
    await userEvent.click(sync);
    await expect(await canvas.findByRole('button', { name: 'Syncing...' })).toBeInTheDocument();
  },
};

/** The host's display-name function answers one name short: the spec's count check, said on the Users tab. */
export const DisplayNamesMismatch: Story = {
  args: { getDisplayNames: (users) => users.slice(1).map((u) => u.name) },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(/^The display-name function returned \d+ names for \d+ users/),
    ).toBeInTheDocument();
  },
};

/** Members saved: the result dialog names the group and lists who was added. */
export const MembersSaved: Story = {
  args: { initialTab: 'userGroups', initialUserGroupId: seedIds.userGroups.readers },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const members = await canvas.findByRole('combobox', { name: 'Group Members' });
    await userEvent.click(members);
    await userEvent.click(await body.findByRole('option', { name: 'Nora Newcomer' }));
    await userEvent.keyboard('{Escape}');
    const save = canvas.getByRole('button', { name: 'Save members' });
    await waitFor(() => expect(save).not.toHaveAttribute('aria-disabled', 'true'));
    await userEvent.click(save);
    await expect(await body.findByRole('dialog', { name: 'Group members updated' })).toBeInTheDocument();
  },
};

/** A name no user has typed in the user picker: the dropdown says nothing was found (an option no one can pick). */
export const UserSearchNothingFound: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const picker = await canvas.findByRole('combobox', { name: 'User' });
    await userEvent.click(picker);
    await userEvent.type(picker, 'zzzz');
    await expect(await body.findByRole('option', { name: 'Nothing found.' })).toHaveAttribute('aria-disabled', 'true');
  },
};

/** The users never arrive: the loading state. */
export const Loading: Story = {
  parameters: {
    msw: { handlers: { claim: [errorHandlers.pending('/api/Claim/ApplicationUsersPaged'), ...storyHandlers.claim] } },
  },
};

/** Adds the scale the screens are built for to the fake: 10,000 users, 1,000 user groups, 2,000 claim groups nested 10 deep. */
const atScale = async () => {
  addScaleData(fakeBackend.db);
  return {};
};

/**
 * At scale (10,007 users): the user picker shows one page of matches and how many more match; typing asks the server, and
 * the display-name function hears only about the users shown.
 */
export const AtScale: Story = {
  loaders: [atScale],
  args: { getDisplayNames: (users) => users.map((u) => u.name) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const picker = await canvas.findByRole('combobox', { name: 'User' });
    await userEvent.click(picker);
    await expect(await body.findByRole('option', { name: /^Showing \d+ of 10,007/ })).toBeInTheDocument();
    await userEvent.type(picker, 'user 0421');
    await waitFor(() => expect(body.queryByRole('option', { name: /^Showing/ })).not.toBeInTheDocument());
    // Closed again: the open listbox scrolls while its options are not focusable (the combobox pattern moves the
    // active option with the arrow keys), which axe's scrollable-region rule cannot tell apart from a trap.
    await userEvent.keyboard('{Escape}');
  },
};

/** At scale, a user group chosen: its ten members, and a 'Group Members' picker that searches the 10,007 users. */
export const AtScaleGroupSelected: Story = {
  loaders: [atScale],
  args: { initialTab: 'userGroups', initialUserGroupId: scaleUserGroupId(42) },
};
