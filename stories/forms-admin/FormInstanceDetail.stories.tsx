import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { FormInstanceDetail } from '../../src/forms-admin/FormInstanceDetail';
import { errorHandlers } from '../../src/testing';
import { seedIds } from '../../src/testing/seed-ids';
import { storyHandlers } from '../support/fakeBackend';

const meta = {
  title: 'Forms admin/FormInstanceDetail',
  component: FormInstanceDetail,
  parameters: { layout: 'fullscreen' },
  args: { formInstanceId: seedIds.formInstances.loanSubmitted, onBack: fn(), onOpenInstance: fn(), onDeleted: fn() },
} satisfies Meta<typeof FormInstanceDetail>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * A submitted loan application, for the administrator: its answers in view mode, its envelope still out (so 'Request
 * signature' says why it waits), 'Download filled PDF', 'Mark completed', 'Duplicate' and 'Delete'.
 */
export const Loaded: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Loan Application 00000003' }, { timeout: 10_000 })).toBeInTheDocument();
    await expect(await canvas.findByText(/^1\. Grace Hopper/, undefined, { timeout: 10_000 })).toBeInTheDocument();
  },
};

/** A completed instance with its completed envelope: the signer signed, the audit trail checked, 'Download signed PDF'. */
export const CompletedEnvelope: Story = {
  args: { formInstanceId: seedIds.formInstances.loanCompleted },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Download signed PDF' }, { timeout: 10_000 })).toBeInTheDocument();
    await expect(await canvas.findByText(/^Audit trail intact/, undefined, { timeout: 10_000 })).toBeInTheDocument();
  },
};

/** While the instance loads. */
export const Loading: Story = {
  parameters: { msw: { handlers: { odata: [errorHandlers.pending('/odata/FormInstanceOData'), ...storyHandlers.odata] } } },
};

/** An instance that does not exist (or was deleted permanently). */
export const NotFound: Story = { args: { formInstanceId: '70000000-0000-4000-8000-0000000000ff' } };

/** The instance could not be read: the alert offers 'Try again'. */
export const LoadFailed: Story = {
  parameters: { msw: { handlers: { odata: [errorHandlers.failing('/odata/FormInstanceOData', 500), ...storyHandlers.odata] } } },
};

/** A user without the claim that reads form instances. */
export const Forbidden: Story = { parameters: { fakeUser: 'newcomer' } };

/** A read-only user (the reader) on a contact request: the instance and its answers, no action. */
export const ReadOnlyUser: Story = {
  args: { formInstanceId: seedIds.formInstances.contactSubmitted },
  parameters: { fakeUser: 'reader' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Contact Request 00000007' }, { timeout: 10_000 })).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
  },
};
