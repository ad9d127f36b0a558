import type { Meta, StoryObj } from '@storybook/react-vite';
import { RoleManagement } from '../../src/admin';
import { errorHandlers } from '../../src/testing';
import { seedIds } from '../../src/testing/seed-ids';
import { storyHandlers } from '../support/fakeBackend';

const meta = {
  title: 'Admin/RoleManagement',
  component: RoleManagement,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof RoleManagement>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The seeded claim groups; none chosen yet. */
export const Default: Story = {};

/** 'No Hard Delete' chosen: its denied hard deletes at priority 10, ready to configure. */
export const GroupSelected: Story = { args: { initialGroupId: seedIds.claimGroups.noHardDelete } };

/** The claim groups cannot be loaded: the spec's alert with a retry. */
export const ClaimGroupsFailToLoad: Story = {
  parameters: {
    msw: { handlers: { claim: [errorHandlers.failing('/api/Claim/ClaimGroupsList', 500), ...storyHandlers.claim] } },
  },
};

/** The claim groups never arrive: the loading state. */
export const Loading: Story = {
  parameters: {
    msw: { handlers: { claim: [errorHandlers.pending('/api/Claim/ClaimGroupsList'), ...storyHandlers.claim] } },
  },
};
