import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { EffectivePermissionsPanel } from '../../src/admin/shared/EffectivePermissions';
import { errorHandlers } from '../../src/testing';
import { seedIds } from '../../src/testing/seed-ids';
import { storyHandlers } from '../support/fakeBackend';
import { inNarrowColumn } from '../support/frames';

const meta = {
  title: 'Admin/EffectivePermissionsPanel',
  component: EffectivePermissionsPanel,
  args: { holder: { kind: 'user', id: seedIds.users.editor, name: 'Eddie Editor' } },
} satisfies Meta<typeof EffectivePermissionsPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Closed: nothing is loaded until the administrator asks. */
export const Closed: Story = {};

/** Eddie Editor: hard deletes granted by Form Editors but denied at priority 10 by No Hard Delete; reads come through the nested Form Readers role. */
export const UserExplained: Story = {
  args: { defaultOpened: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('table', { name: 'Effective permissions: Eddie Editor' })).toBeInTheDocument();
  },
};

/** In a frame 390 px wide (a phone, or a narrow column of a host's page): each permission's row says its result, priority, path and what it overruled under its name, with nothing to scroll sideways. */
export const NarrowColumn: Story = {
  args: { defaultOpened: true },
  decorators: [inNarrowColumn],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table', { name: 'Effective permissions: Eddie Editor' });
    // The table is drawn anew once its frame is measured and its columns stack.
    await waitFor(() => expect(canvas.getByRole('table', { name: 'Effective permissions: Eddie Editor' }).querySelectorAll('thead th')).toHaveLength(1));
  },
};

/** A user group: the 'Readers' group's permissions and the role they come from. */
export const UserGroupExplained: Story = {
  args: { defaultOpened: true, holder: { kind: 'userGroup', id: seedIds.userGroups.readers, name: 'Readers' } },
};

/** Searching by a role on the path. */
export const Searched: Story = {
  args: { defaultOpened: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Search effective permissions' }), 'No Hard Delete');
  },
};

/** Someone with nothing granted. */
export const Empty: Story = {
  args: { defaultOpened: true, holder: { kind: 'user', id: seedIds.users.newcomer, name: 'Nora Newcomer' } },
};

/** The server fails: the message, the details and a retry. */
export const LoadFails: Story = {
  args: { defaultOpened: true },
  parameters: {
    msw: {
      handlers: {
        claim: [errorHandlers.failing('/api/Claim/GetEffectivePermissionsOfUser', 500), ...storyHandlers.claim],
      },
    },
  },
};

/** A role: Form Editors' own grants read 'granted directly'; the read claims come through the nested Form Readers. */
export const RoleExplained: Story = {
  args: { defaultOpened: true, holder: { kind: 'claimGroup', id: seedIds.claimGroups.formEditors, name: 'Form Editors' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('table', { name: 'Effective permissions: Form Editors' })).toBeInTheDocument();
  },
};

/** While the permissions load. */
export const Loading: Story = {
  args: { defaultOpened: true },
  parameters: {
    msw: { handlers: { claim: [errorHandlers.pending('/api/Claim/GetEffectivePermissionsOfUser'), ...storyHandlers.claim] } },
  },
};
