import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { EnvelopeStatus, Permission } from '../../src/api/enums';
import { SigningList } from '../../src/forms-admin/SigningList';
import { errorHandlers } from '../../src/testing';
import { seedDate, seedIds } from '../../src/testing/seed-ids';
import { requestSignature } from '../../src/service/signing';
import { fakeSigningPorts } from '../../src/testing/signing-model';
import { fakeBackend, storyHandlers } from '../support/fakeBackend';
import { inNarrowColumn } from '../support/frames';

const meta = {
  title: 'Forms admin/SigningList',
  component: SigningList,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SigningList>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Envelopes in the statuses the seed lacks (NotStarted, Created and Unknown), beside the seeded five. */
function addEnvelopesOfEveryStatus() {
  const statuses = [EnvelopeStatus.NotStarted, EnvelopeStatus.Created, EnvelopeStatus.Unknown];
  statuses.forEach((status, index) => {
    fakeBackend.db.envelopes.push({
      envelopeId: `80000000-0000-4000-8000-0000000001${String(index).padStart(2, '0')}`,
      formInstanceId: seedIds.formInstances.loanInProgress,
      status,
      signers: [
        { name: 'Grace Hopper', email: 'grace.hopper@example.com', routingOrder: 1 },
        { name: 'Alan Turing', email: 'alan.turing@example.com', routingOrder: 2 },
      ],
      emailSubject: 'Please sign your form',
      emailMessage: null,
      createdDateTime: seedDate(index + 1),
      lastUpdatedDateTime: seedDate(index + 1),
    });
  });
  return {};
}

/** Gives the auditor (read-only otherwise) the envelope list: she sees envelopes and may download, nothing more. */
function auditorMayList() {
  const now = new Date();
  fakeBackend.db.claimGrants.push({
    id: fakeBackend.newId(),
    holderKind: 'user',
    recordId: seedIds.users.auditor,
    claimValue: Permission.FormSigner_SelectList,
    claimType: 1,
    allow: true,
    priorityOfPermission: 1,
    isDeleted: false,
    createdDateTime: now,
    lastUpdatedDateTime: now,
  });
  return {};
}

/** The seeded envelopes for the administrator: Sent, Delivered, Completed, Declined and Voided, with every action. */
export const Populated: Story = {
  play: async ({ canvasElement }) => {
    // The envelopes arrive after the first render: wait for the table's rows, then for the badge checked.
    const table = await within(canvasElement).findByRole('table', { name: 'Signing' }, { timeout: 15_000 });
    await expect(await within(table).findByText('Completed', undefined, { timeout: 15_000 })).toBeInTheDocument();
    // The seeded five, under the header row.
    await expect(within(table).getAllByRole('row')).toHaveLength(6);
  },
};

/** One envelope of each status, by the spec's names. */
export const EveryStatus: Story = {
  loaders: [addEnvelopesOfEveryStatus],
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole('table', { name: 'Signing' });
    await within(table).findByText('NotStarted');
    // The status badges of the rows ('Sent' is also a column's title).
    const badges = [...table.querySelectorAll('tbody .mantine-Badge-label')].map((b) => b.textContent).sort();
    await expect(badges).toEqual(['Completed', 'Created', 'Declined', 'Delivered', 'NotStarted', 'Sent', 'Unknown', 'Voided']);
  },
};

/** In a column narrower than the theme's xs breakpoint: each envelope's form, signers and dates stacked under its status. */
export const NarrowColumn: Story = { decorators: [inNarrowColumn] };

/** One form instance's envelopes (the Form Instances list's 'Show its envelopes'), with 'Show every envelope'. */
export const OneInstance: Story = {
  args: { formInstanceId: seedIds.formInstances.loanCompleted, onShowAll: fn() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(`Envelopes of Loan Application ${seedIds.formInstances.loanCompleted.slice(-8)}`)).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Show every envelope' })).toBeInTheDocument();
    const table = await canvas.findByRole('table', { name: 'Signing' });
    await within(table).findByText('Completed');
    await expect(within(table).getAllByRole('row')).toHaveLength(2);
  },
};

/** No envelope yet (no filter): says so and how to send one. */
export const Empty: Story = {
  loaders: [
    () => {
      fakeBackend.db.envelopes = [];
      return {};
    },
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No envelopes yet.')).toBeInTheDocument();
    await expect(canvas.getByText('To send a form instance for signature, choose “Request a signature”.')).toBeInTheDocument();
    await expect(canvas.queryByText('No envelopes match.')).not.toBeInTheDocument();
  },
};

/** A filter that matches nothing (no seeded envelope has a failed e-mail): 'No envelopes match.' with 'Clear filters'. */
export const NoMatch: Story = {
  args: { mailFailed: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No envelopes match.')).toBeInTheDocument();
    await userEvent.click(await canvas.findByRole('button', { name: 'Clear filters' }));
    await expect(await canvas.findAllByRole('button', { name: /^Download/ })).not.toHaveLength(0);
    await expect(canvas.getByRole('checkbox', { name: 'Only envelopes with e-mail that could not be sent' })).not.toBeChecked();
  },
};

/** While the first page loads. */
export const Loading: Story = {
  parameters: { msw: { handlers: { signing: [errorHandlers.pending('/api/Signing/ListEnvelopes'), ...storyHandlers.signing] } } },
};

/** The read failed: the alert offers 'Try again'. */
export const LoadFailed: Story = {
  parameters: { msw: { handlers: { signing: [errorHandlers.failing('/api/Signing/ListEnvelopes', 500), ...storyHandlers.signing] } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};

/** A read-only user (the auditor, granted the list only): the envelopes and 'Download', no request, remind or void. */
export const ReadOnlyUser: Story = {
  parameters: { fakeUser: 'auditor' },
  loaders: [auditorMayList],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: /^Download the signed document of/ })).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Request a signature' })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: /^Remind the signers of/ })).not.toBeInTheDocument();
  },
};

/** The 'Request a signature' dialog with two signers, the second moved up. */
export const RequestDialog: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Request a signature' }));
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Request a signature' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /^Name/ }), 'Grace Hopper');
    await userEvent.type(dialog.getByRole('textbox', { name: /^Email/ }), 'grace.hopper@example.com');
    await userEvent.click(dialog.getByRole('button', { name: 'Add a signer' }));
    const second = within(dialog.getByRole('group', { name: 'Signer 2' }));
    await userEvent.type(second.getByRole('textbox', { name: /^Name/ }), 'Alan Turing');
    await userEvent.type(second.getByRole('textbox', { name: /^Email/ }), 'alan.turing@example.com');
    await userEvent.click(dialog.getByRole('button', { name: 'Move signer 2 up' }));
    await expect(within(dialog.getByRole('group', { name: 'Signer 1' })).getByRole('textbox', { name: /^Name/ })).toHaveValue('Alan Turing');
    // Sent without an instance: the dialog says what is missing.
    await userEvent.click(dialog.getByRole('button', { name: 'Send' }));
    await expect(dialog.getByText('Pick the form instance to sign.')).toBeInTheDocument();
  },
};

/**
 * The 'Request a signature' dialog on an instance still being filled in: a note says that its answers lock once it is
 * out for signature (a warning: it may still be sent).
 */
export const RequestDialogNotSubmitted: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Request a signature' }));
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Request a signature' }));
    const picker = dialog.getByRole('combobox', { name: 'Form instance' });
    await waitFor(() => expect(picker).not.toBeDisabled());
    await userEvent.click(picker);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await body.findByRole('option', { name: new RegExp(`${seedIds.formInstances.loanInProgress.slice(-8)}$`) }));
    await expect(await dialog.findByText(/^This form instance has not been submitted yet\./)).toBeVisible();
  },
};

/**
 * 'Request again' on a declined envelope: the dialog is for that instance only, and starts from the earlier request's
 * signers (and message) for the person sending to check.
 */
export const RequestAgainDialog: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const row = (await canvas.findByText(new RegExp(`${seedIds.formInstances.onboardingInProgress.slice(-8)}$`))).closest('tr') as HTMLElement;
    // Offered once the instance is known to have no later envelope.
    await userEvent.click(await within(row).findByRole('button', { name: /^Request again the signature of/ }));
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Request a signature' }));
    await expect(dialog.getByText('The signers and message of the earlier request: check them before sending.')).toBeInTheDocument();
    await expect(within(dialog.getByRole('group', { name: 'Signer 1' })).getByRole('textbox', { name: /^Name/ })).toHaveValue('Dennis Ritchie');
  },
};

/** The row menu of a Sent envelope opened on 'Void': the reason is required before the envelope is voided. */
export const VoidDialog: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const row = (await canvas.findByText(new RegExp(`${seedIds.formInstances.loanSubmitted.slice(-8)}$`))).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: /^More actions for/ }));
    await userEvent.click(await body.findByRole('menuitem', { name: /^Void the envelope of/ }));
    const dialog = within(await body.findByRole('dialog', { name: /^Void the envelope of/ }));
    // Choosing the item closes the row's menu (after its closing transition) behind the dialog.
    await waitFor(() => expect(body.queryByRole('menu', { hidden: true })).not.toBeInTheDocument());
    await userEvent.click(dialog.getByRole('button', { name: 'Void' }));
    await expect(dialog.getByText('A reason is required to void an envelope.')).toBeInTheDocument();
  },
};

/** A completed envelope's audit trail checked from its row: the result shows with the envelope. */
export const AuditChecked: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const row = (await canvas.findByText(new RegExp(`${seedIds.formInstances.loanCompleted.slice(-8)}$`))).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: /^Check audit of / }));
    await expect(await within(row).findByText(/^Audit trail intact: \d+ events$/)).toBeInTheDocument();
  },
};

/**
 * An envelope whose invitation could not be sent (the mail server refused the address for good) and that has a
 * reminder schedule: the failure shows on the envelope with the server's reason and 'Send again'.
 */
async function envelopeWithFailedMail() {
  const ports = fakeSigningPorts(fakeBackend, 'http://localhost:6006');
  await requestSignature(ports, { userId: seedIds.users.admin, ipAddress: null, userAgent: null }, {
    formInstanceId: seedIds.formInstances.loanInProgress,
    signers: [{ name: 'Nobody Here', email: 'nobody@mail.invalid', routingOrder: 1 }],
    emailSubject: null,
    emailMessage: null,
    expiresAt: new Date(Date.now() + 20 * 24 * 3600_000),
    reminderEveryDays: 2,
  });
  return {};
}

/** A failed invitation on its envelope, sent again (refused again), and the envelope's reminder schedule. */
export const MailFailed: Story = {
  loaders: [envelopeWithFailedMail],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const failure = await canvas.findByText(/^E-mail to Nobody Here <nobody@mail\.invalid> failed: .*550/);
    const row = failure.closest('tr') as HTMLElement;
    await expect(within(row).getByText('Reminders every 2 days until signed or expired')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Send again: e-mail to Nobody Here' }));
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByText('The e-mail to Nobody Here is being sent again.')).toBeInTheDocument();
    await expect(await canvas.findByText(/^E-mail to Nobody Here <nobody@mail\.invalid> failed: /)).toBeInTheDocument();
    // The story is checked with its toast showing: the toast's close button is named.
    await expect(body.getByRole('button', { name: 'Close notification' })).toBeInTheDocument();
  },
};
