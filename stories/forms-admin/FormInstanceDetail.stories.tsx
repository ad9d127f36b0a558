import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
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

/**
 * 'Links' open on the submitted loan application: open or copy its view link; 'Copy edit link' is disabled and says
 * why (a visitor holding the link could no longer save a Submitted instance), yet takes the focus, so the keyboard
 * reaches the reason and the other links.
 */
export const LinksMenu: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Links' }, { timeout: 10_000 }));
    const page = within(canvasElement.ownerDocument.body);
    const edit = await page.findByRole('menuitem', { name: /^Copy edit link/ });
    await expect(edit).toHaveAttribute('aria-disabled', 'true');
    await expect(edit).toHaveAccessibleDescription('A form link can no longer change this instance: it is Submitted.');
    await expect(page.getByRole('menuitem', { name: 'Copy view link' })).toBeInTheDocument();
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

/**
 * The status history of the submitted loan application, oldest first: created by an administrator, filled in and sent
 * by a visitor through the public link.
 */
export const StatusHistory: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', undefined, { timeout: 10_000 });
    const rows = within(table).getAllByRole('row').map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent).slice(1));
    await expect(rows).toEqual([
      ['Change', 'By'],
      ['Created as Created', 'Ada Admin'],
      ['Created → In progress', 'Visitor (public link)'],
      ['In progress → Submitted', 'Visitor (public link)'],
    ]);
    await expect(canvas.getByRole('heading', { name: 'Status history' })).toBeInTheDocument();
  },
};

/** The status history could not be read: its card says so and offers 'Try again'; the rest of the page shows. */
export const StatusHistoryFailed: Story = {
  parameters: { msw: { handlers: { forms: [errorHandlers.failing('/api/Forms/StatusHistory', 500), ...storyHandlers.forms] } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Failed to load the status history. Please try again.', undefined, { timeout: 10_000 })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
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

/**
 * 'Request signature' on a loan application in progress: the first signer starts with the applicant's name and email
 * from the answers, and the dialog says so, for the person sending to check.
 */
export const RequestSignerFromAnswers: Story = {
  args: { formInstanceId: seedIds.formInstances.loanInProgress },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Request signature' }, { timeout: 10_000 }));
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Request a signature' }));
    await expect(dialog.getByRole('textbox', { name: /^Name/ })).toHaveValue('Alan Turing');
    await expect(dialog.getByRole('textbox', { name: /^Email/ })).toHaveValue('alan.turing@example.com');
    await expect(dialog.getByText(/filled in from the form’s answers/)).toBeInTheDocument();
  },
};
