import { screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EnvelopeStatus, Permission } from '../../src/api/enums';
import { SigningList } from '../../src/forms-admin/SigningList';
import { createApiClient } from '../../src/api';
import { moveSigner, RequestSignatureDialog, signerProblems, type SignerDraft } from '../../src/forms-admin/SigningList/RequestSignatureDialog';
import { readSignatureRequest } from '../../src/domain/signing';
import { defaultLabels } from '../../src/query/labels';
import { seedIds } from '../../src/testing/seed-ids';
import { base, renderInApi, setupFakeApi } from '../admin/support/screen';
import { renderWithProviders } from '../support/render';

const { backend, requestsTo } = setupFakeApi();
afterEach(() => {
  notifications.clean();
  vi.restoreAllMocks();
});

const env = seedIds.envelopes;
const inst = seedIds.formInstances;
const table = () => screen.getByRole('table', { name: 'Signing' });
const findRow = async (instanceId: string) =>
  (await within(await screen.findByRole('table', { name: 'Signing' }, { timeout: 5000 })).findByText(new RegExp(`${instanceId.slice(-8)}$`), undefined, { timeout: 5000 })).closest('tr') as HTMLElement;
const envelope = (id: string) => backend.db.envelopes.find((e) => e.envelopeId === id);

describe('signer editor rules', () => {
  const rows: SignerDraft[] = [
    { key: 1, name: 'Ada', email: 'ada@example.com', routingOrder: 1 },
    { key: 2, name: 'Bob', email: 'bob@example.com', routingOrder: 2 },
  ];

  it('moving a signer swaps the places and the orders', () => {
    expect(moveSigner(rows, 1, -1).map((r) => [r.name, r.routingOrder])).toEqual([
      ['Bob', 1],
      ['Ada', 2],
    ]);
    expect(moveSigner(rows, 0, -1)).toEqual(rows);
  });

  it('names a missing name, a bad email and an email named twice', () => {
    const problems = signerProblems([{ key: 1, name: ' ', email: 'x', routingOrder: 1 }, ...rows, { key: 3, name: 'Ada 2', email: 'ADA@example.com', routingOrder: 3 }], defaultLabels);
    expect(Object.fromEntries(problems)).toEqual({
      '1.name': defaultLabels.sgNameRequired,
      '1.email': defaultLabels.sgEmailInvalid,
      '3.email': defaultLabels.sgEmailTwice,
    });
    expect(signerProblems([{ key: 1, name: 'Ada', email: '  ', routingOrder: 1 }], defaultLabels).get('1.email')).toBe(defaultLabels.sgEmailRequired);
    // A name longer than the server keeps is named, not cut: the dialog's boxes have no maxLength.
    expect(signerProblems([{ key: 1, name: ` ${'a'.repeat(201)} `, email: 'a@example.com', routingOrder: 1 }], defaultLabels, 'en-US').get('1.name')).toBe(
      'A signer’s name can be at most 200 characters: this one has 201.',
    );
    expect(signerProblems([{ key: 1, name: 'a'.repeat(200), email: 'a@example.com', routingOrder: 1 }], defaultLabels).has('1.name')).toBe(false);
    // An address longer than any can be says so, not that its format is wrong.
    expect(signerProblems([{ key: 1, name: 'Ada', email: `${'a'.repeat(250)}@example.com`, routingOrder: 1 }], defaultLabels, 'en-US').get('1.email')).toBe(
      'An email address can be at most 254 characters: this one has 262.',
    );
  });

  it('accepts exactly the addresses the server accepts (the domain rule isSignerEmail), an over-long one too', () => {
    const long = `${'a'.repeat(250)}@example.com`;
    const addresses = ['ada@example.com', ' Ada.Lovelace+sign@Example.co.uk ', 'x', 'ada@example', 'a b@example.com', 'ada@@example.com', '<ada@example.com>', 'ada@example.com;bob@example.com', long];
    const server = (email: string) => {
      try {
        readSignatureRequest({ formInstanceId: crypto.randomUUID(), signers: [{ name: 'Ada', email }] }, new Date());
        return true;
      } catch {
        return false;
      }
    };
    const dialog = (email: string) => !signerProblems([{ key: 1, name: 'Ada', email, routingOrder: 1 }], defaultLabels).has('1.email');
    expect(addresses.map(dialog)).toEqual(addresses.map(server));
    expect(addresses.map(dialog)).toEqual([true, true, false, false, false, false, false, false, false]);
  });
});

describe('SigningList', () => {
  it('lists the envelopes with the status by its spec name, the form, the signers and their state', async () => {
    renderInApi(<SigningList />);
    const row = await findRow(inst.loanCompleted);
    expect(within(row).getByText('Completed')).toBeInTheDocument();
    await waitFor(() => expect(within(row).getByText(/^Loan Application /)).toBeInTheDocument());
    expect(within(row).getByText(/^1\. Katherine Johnson \(.+\): Signed$/)).toBeInTheDocument();
    expect(within(await findRow(inst.onboardingInProgress)).getByText('Declined')).toBeInTheDocument();
    expect(within(await findRow(inst.expenseCompleted)).getByText('Voided')).toBeInTheDocument();
    expect(within(table()).getAllByRole('row')).toHaveLength(6);
    // The pager says the total the server counted ($count=true), as the OData lists do.
    await waitFor(() => expect(screen.getByText('1–5 of 5')).toBeInTheDocument());
    expect(decodeURIComponent(requestsTo('ListEnvelopes').at(-1)?.path ?? '')).toContain('$count=true');
  });

  it('filters by status on the server', async () => {
    const { user } = renderInApi(<SigningList />);
    await findRow(inst.loanCompleted);
    await user.click(screen.getByLabelText('Status', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Completed' }));
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(2));
    const last = requestsTo('ListEnvelopes').at(-1)?.path ?? '';
    expect(decodeURIComponent(last)).toContain(`status=${EnvelopeStatus.Completed}`);
  });

  it("takes its filters and page from the host's state, asks the server for them, and reports each change whole", async () => {
    const changes: unknown[] = [];
    const state = { statuses: [EnvelopeStatus.Completed], mailFailed: false, page: 1, pageSize: 50 };
    const { user } = renderInApi(<SigningList state={state} onStateChange={(next) => changes.push(next)} />);
    await findRow(inst.loanCompleted);
    const asked = decodeURIComponent(requestsTo('ListEnvelopes').at(-1)?.path ?? '');
    expect(asked).toContain(`status=${EnvelopeStatus.Completed}`);
    expect(asked).toContain('top=50&skip=0');
    expect(within(screen.getByLabelText('Status', { selector: 'input' }).closest<HTMLElement>('.mantine-InputWrapper-root') as HTMLElement).getByText('Completed')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Only envelopes with e-mail that could not be sent' }));
    expect(changes).toEqual([{ ...state, mailFailed: true }]);
  });

  it('voids an open envelope with a required reason, with a toast', async () => {
    const { user } = renderInApi(<SigningList />);
    const row = await findRow(inst.loanSubmitted);
    await user.click(within(row).getByRole('button', { name: /^More actions for/ }));
    await user.click(await screen.findByRole('menuitem', { name: /^Void the envelope of/ }));
    const dialog = await screen.findByRole('dialog', { name: /^Void the envelope of/ });
    await user.click(within(dialog).getByRole('button', { name: 'Void' }));
    expect(within(dialog).getByText('A reason is required to void an envelope.')).toBeInTheDocument();
    // A reason longer than the audit trail keeps is said as it is typed, kept whole, and the envelope stays open.
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
    await user.click(reason);
    await user.paste('r'.repeat(1200));
    expect(reason).toHaveAccessibleDescription('The reason can be at most 1,000 characters: this one has 1,200.');
    await user.click(within(dialog).getByRole('button', { name: 'Void' }));
    expect(reason).toHaveValue('r'.repeat(1200));
    expect(envelope(env.loanSubmittedSent)?.status).not.toBe(EnvelopeStatus.Voided);
    await user.clear(reason);
    await user.type(reason, 'Wrong amount');
    await user.click(within(dialog).getByRole('button', { name: 'Void' }));
    expect(await screen.findByText(/^The envelope of .* was voided\.$/)).toBeInTheDocument();
    expect(envelope(env.loanSubmittedSent)?.status).toBe(EnvelopeStatus.Voided);
    await waitFor(() => expect(within(row).getByText('Voided')).toBeInTheDocument());
  });

  it('reminds the signers and copies a signer link, each with a toast', async () => {
    const { user } = renderInApi(<SigningList />);
    const row = await findRow(inst.loanSubmitted);
    await user.click(within(row).getByRole('button', { name: /^Remind the signers of/ }));
    expect(await screen.findByText(/^The signers of .* were reminded\.$/)).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: /^More actions for/ }));
    await user.click(await screen.findByRole('menuitem', { name: /^Copy link of / }));
    expect(await screen.findByText(/^The signing link of .* was copied\./)).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toMatch(/\/sign\?token=/);
  });

  it('downloads the signed document of a completed envelope', async () => {
    const created = vi.fn(() => 'blob:signed');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderInApi(<SigningList />);
    const row = await findRow(inst.loanCompleted);
    await user.click(within(row).getByRole('button', { name: /^Download the signed document of/ }));
    expect(await screen.findByText(/^'.*\.pdf' was downloaded\.$/)).toBeInTheDocument();
    expect(created).toHaveBeenCalledTimes(1);
  });

  it("checks an envelope's audit trail on request and says the result with the envelope: intact, or where it was changed", async () => {
    const { user } = renderInApi(<SigningList />);
    const row = await findRow(inst.loanSubmitted);
    await user.click(within(row).getByRole('button', { name: /^Remind the signers of/ }));
    expect(await screen.findByText(/^The signers of .* were reminded\.$/)).toBeInTheDocument();
    const life = envelope(env.loanSubmittedSent)!.lifecycle!;
    // The seeded envelope's trail holds the reminder alone: one event, said in the singular.
    const count = life.events.length;
    expect(count).toBe(1);
    const check = async () => {
      const current = await findRow(inst.loanSubmitted);
      await user.click(within(current).getByRole('button', { name: /^Check audit of / }));
      return current;
    };
    expect(await within(await check()).findByText('Audit trail intact: 1 event')).toBeInTheDocument();
    // Someone changes the first event in the storage: the next check says which.
    life.events[0] = { ...life.events[0]!, details: { ...life.events[0]!.details, automatic: true } };
    expect(await within(await check()).findByText(`Event 1 of ${count} was changed after it was written`)).toBeInTheDocument();
  });

  it('requests a signature from an instance with two signers in order', async () => {
    const { user } = renderInApi(<SigningList />);
    await findRow(inst.loanCompleted);
    const before = backend.db.envelopes.length;
    await user.click(screen.getByRole('button', { name: 'Request a signature' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a signature' });
    // It opens on the first thing to fill, the instance picker, with its list closed until asked for.
    const picker = within(dialog).getByRole('combobox', { name: 'Form instance' });
    await waitFor(() => expect(picker).toHaveFocus());
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByText('Pick the form instance to sign.')).toBeInTheDocument();
    // A refused send moves the focus to the first box that says what is wrong.
    await waitFor(() => expect(picker).toHaveFocus());
    await waitFor(() => expect(picker).not.toBeDisabled());
    // A completed instance goes without a note; one still being filled in says its answers will lock.
    const notSubmitted = /^This form instance has not been submitted yet\. Once it is out for signature its answers are locked/;
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: new RegExp(`${inst.loanCompleted.slice(-8)}$`) }));
    expect(within(dialog).queryByText(notSubmitted)).not.toBeInTheDocument();
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: new RegExp(`${inst.loanInProgress.slice(-8)}$`) }));
    expect(within(dialog).getByText(notSubmitted)).toBeVisible();
    const first = within(dialog).getByRole('group', { name: 'Signer 1' });
    // The first row starts with the signer the instance's answers name, to be checked: here another person signs.
    await waitFor(() => expect(within(first).getByRole('textbox', { name: /Email/ })).toHaveValue('alan.turing@example.com'));
    await user.clear(within(first).getByRole('textbox', { name: /Name/ }));
    await user.type(within(first).getByRole('textbox', { name: /Name/ }), 'Grace Hopper');
    await user.clear(within(first).getByRole('textbox', { name: /Email/ }));
    await user.type(within(first).getByRole('textbox', { name: /Email/ }), 'grace@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Add a signer' }));
    const second = within(dialog).getByRole('group', { name: 'Signer 2' });
    await user.type(within(second).getByRole('textbox', { name: /Name/ }), 'Alan Turing');
    await user.type(within(second).getByRole('textbox', { name: /Email/ }), 'alan@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Move signer 2 up' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('A signature was requested from 2 signers.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Request a signature' })).not.toBeInTheDocument());
    expect(backend.db.envelopes.length).toBe(before + 1);
    const made = backend.db.envelopes.find((e) => !Object.values(env).includes(e.envelopeId as never));
    expect(made?.formInstanceId).toBe(inst.loanInProgress);
    expect(made?.signers.map((s) => [s.name, s.routingOrder])).toEqual([
      ['Alan Turing', 1],
      ['Grace Hopper', 2],
    ]);
  });

  it("'Request again' on a declined envelope: the same instance, its signers and message to check, and a new envelope", async () => {
    const declined = envelope(env.onboardingDeclined)!;
    declined.emailMessage = 'Please sign the onboarding form.';
    const { user } = renderInApi(<SigningList />);
    const row = await findRow(inst.onboardingInProgress);
    expect(within(row).getByText('Declined')).toBeInTheDocument();
    const again = await within(row).findByRole('button', { name: /^Request again the signature of Employee Onboarding/ });
    // Only an ended request is sent again: an open one offers none.
    expect(within(await findRow(inst.loanSubmitted)).queryByRole('button', { name: /^Request again/ })).not.toBeInTheDocument();
    await user.click(again);
    const dialog = await screen.findByRole('dialog', { name: 'Request a signature' });
    // The instance is given (no other offered), the rows and the message are the earlier request's, to be checked.
    expect(within(dialog).getByRole('combobox', { name: 'Form instance' })).toHaveValue(`Employee Onboarding ${inst.onboardingInProgress.slice(-8)}`);
    expect(within(dialog).getByText('The signers and message of the earlier request: check them before sending.')).toBeInTheDocument();
    // The instance is still in progress: sending it again locks its answers, as the first request did.
    expect(within(dialog).getByText(/^This form instance has not been submitted yet\./)).toBeVisible();
    const boxes = firstSignerBoxes(dialog);
    await waitFor(() => expect(boxes.name()).toHaveFocus());
    expect(boxes.name()).toHaveValue('Dennis Ritchie');
    expect(boxes.email()).toHaveValue('d.ritchie@example.com');
    expect(within(dialog).getByRole('textbox', { name: 'Message to the signers' })).toHaveValue('Please sign the onboarding form.');
    await user.clear(boxes.email());
    await user.type(boxes.email(), 'dennis@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('A signature was requested from 1 signer.')).toBeInTheDocument();
    const made = backend.db.envelopes.find((e) => !Object.values(env).includes(e.envelopeId as never));
    expect(made?.formInstanceId).toBe(inst.onboardingInProgress);
    expect(made?.signers.map((s) => [s.name, s.email])).toEqual([['Dennis Ritchie', 'dennis@example.com']]);
    expect(made?.emailMessage).toBe('Please sign the onboarding form.');
    // The declined envelope is no longer its instance's latest: it is not offered again.
    await waitFor(() => expect(within(table()).getAllByText('Sent').length).toBeGreaterThan(1));
    await waitFor(() => expect(within(table()).queryByRole('button', { name: /^Request again the signature of Employee Onboarding/ })).not.toBeInTheDocument());
    // A new request afterwards starts empty, with no earlier signers.
    await user.click(screen.getByRole('button', { name: 'Request a signature' }));
    const fresh = await screen.findByRole('dialog', { name: 'Request a signature' });
    expect(within(fresh).queryByText('The signers and message of the earlier request: check them before sending.')).not.toBeInTheDocument();
    expect(firstSignerBoxes(fresh).name()).toHaveValue('');
  });

  /** The note under the signer rows while the first row holds the signer the instance's answers name. */
  const ANSWERS_NOTE = 'The first signer is filled in from the form’s answers: check the name and email before sending.';
  /** The name and email boxes of the request dialog's first signer row. */
  const firstSignerBoxes = (dialog: HTMLElement) => {
    const first = () => within(dialog).getByRole('group', { name: 'Signer 1' });
    return { name: () => within(first()).getByRole('textbox', { name: /Name/ }), email: () => within(first()).getByRole('textbox', { name: /Email/ }) };
  };

  it("starts the first signer from the chosen instance's answers, follows another choice while untouched, and keeps what was typed", async () => {
    const { user, dialog, picker } = await openRequestDialog();
    const { name, email } = firstSignerBoxes(dialog);
    const choose = async (id: string) => {
      await user.click(picker);
      await user.click(await screen.findByRole('option', { name: new RegExp(`${id.slice(-8)}$`) }));
    };
    await choose(inst.loanInProgress);
    await waitFor(() => expect(email()).toHaveValue('alan.turing@example.com'));
    expect(name()).toHaveValue('Alan Turing');
    expect(within(dialog).getByText(ANSWERS_NOTE)).toBeInTheDocument();
    // Another instance whose answers name no one: the row it filled empties, and the note goes.
    await choose(inst.loanCreated);
    await waitFor(() => expect(email()).toHaveValue(''));
    expect(name()).toHaveValue('');
    expect(within(dialog).queryByText(ANSWERS_NOTE)).not.toBeInTheDocument();
    // What the person typed stays when the choice changes again.
    await user.type(name(), 'Grace Hopper');
    await choose(inst.loanInProgress);
    expect((picker as HTMLInputElement).value).toContain(inst.loanInProgress.slice(-8));
    // Its answers are read already (the first choice read them): the row would have taken them at once.
    expect(name()).toHaveValue('Grace Hopper');
    expect(email()).toHaveValue('');
  });

  it('names a name or a message longer than a request keeps, keeps them whole, and sends nothing until they are mended', async () => {
    const before = backend.db.envelopes.length;
    const { user, dialog, picker } = await openRequestDialog();
    const { name, email } = firstSignerBoxes(dialog);
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: new RegExp(`${inst.loanCreated.slice(-8)}$`) }));
    await user.click(name());
    await user.paste('n'.repeat(250));
    await user.type(email(), 'n@example.com');
    const message = within(dialog).getByRole('textbox', { name: 'Message to the signers' });
    await user.click(message);
    await user.paste('m'.repeat(2100));
    // The message is said as it is typed; the name once Send is pressed, which then takes the focus there.
    expect(message).toHaveAccessibleDescription('The message can be at most 2,000 characters: this one has 2,100.');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(name()).toHaveAccessibleDescription('A signer’s name can be at most 200 characters: this one has 250.');
    await waitFor(() => expect(name()).toHaveFocus());
    expect(name()).toHaveValue('n'.repeat(250));
    expect(message).toHaveValue('m'.repeat(2100));
    expect(backend.db.envelopes.length).toBe(before);
  });

  it("keeps the note on the answers' signer while the first row still holds its name or its email", async () => {
    const { user, dialog, picker } = await openRequestDialog();
    const { name, email } = firstSignerBoxes(dialog);
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: new RegExp(`${inst.loanInProgress.slice(-8)}$`) }));
    await waitFor(() => expect(email()).toHaveValue('alan.turing@example.com'));
    await user.clear(name());
    await user.type(name(), 'Alan M. Turing');
    // The email still comes from the answers: still to check.
    expect(within(dialog).getByText(ANSWERS_NOTE)).toBeInTheDocument();
    await user.clear(email());
    await user.type(email(), 'alan@example.org');
    expect(within(dialog).queryByText(ANSWERS_NOTE)).not.toBeInTheDocument();
    expect(name()).toHaveValue('Alan M. Turing');
  });

  it('shows only the envelopes whose e-mail could not be sent when asked (the host may start it so), and all again without', async () => {
    // An invitation to an address no mail reaches (a reserved .invalid domain) fails for good.
    const api = createApiClient({ baseUrl: base, retry: { retries: 0 } });
    await api.signing.requestSignature({ formInstanceId: inst.loanCreated, signers: [{ name: 'Nobody', email: 'nobody@mail.invalid', routingOrder: 1 }] });
    const { user } = renderInApi(<SigningList mailFailed />);
    const only = await screen.findByRole('checkbox', { name: 'Only envelopes with e-mail that could not be sent' });
    expect(only).toBeChecked();
    await findRow(inst.loanCreated);
    expect(screen.queryByText(new RegExp(`${inst.loanCompleted.slice(-8)}$`))).not.toBeInTheDocument();
    expect(requestsTo('ListEnvelopes').at(-1)?.path).toContain('mailFailed=true');
    await user.click(only);
    await findRow(inst.loanCompleted);
    expect(requestsTo('ListEnvelopes').at(-1)?.path).not.toContain('mailFailed');
  });

  it('pages on the server and says the total the server counted', async () => {
    const template = backend.db.envelopes[0];
    if (!template) throw new Error('The seed has envelopes.');
    for (let i = 0; i < 20; i += 1) {
      backend.db.envelopes.push({
        ...template,
        lifecycle: undefined,
        envelopeId: `80000000-0000-4000-8000-0000000002${String(i).padStart(2, '0')}`,
        createdDateTime: new Date(Date.UTC(2020, 0, 1, 0, i)),
      });
    }
    // jsdom has no scrolling; the table scrolls to its top on a page change.
    Object.assign(HTMLElement.prototype, { scrollTo: () => undefined });
    const { user } = renderInApi(<SigningList />);
    await findRow(inst.loanCompleted);
    // The pagination text is rendered again as the page settles: look it up each time.
    await waitFor(() => expect(screen.getByText('1–20 of 25')).toBeInTheDocument());
    expect(decodeURIComponent(requestsTo('ListEnvelopes').at(-1)?.path ?? '')).toContain('top=20');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getByText('21–25 of 25')).toBeInTheDocument());
    expect(decodeURIComponent(requestsTo('ListEnvelopes').at(-1)?.path ?? '')).toContain('skip=20');
  });

  it('says when no form instance matches what is typed in the picker, and where to send an older one', async () => {
    const { user, picker } = await openRequestDialog();
    await user.type(picker, 'zzzz');
    const message = 'No form instance matches. Only the newest are listed here: send an older one from its page in Form Instances.';
    expect(await screen.findByText(message)).toBeInTheDocument();
    // The listbox holds only the message, as an option no one can pick.
    expect(screen.getAllByRole('option')).toEqual([screen.getByRole('option', { name: message })]);
    expect(screen.getByRole('option', { name: message })).toHaveAttribute('aria-disabled', 'true');
    expect(picker).toHaveValue('zzzz');
  });

  it('a wrong email: says what is wrong, keeps what was typed, and takes the focus to it', async () => {
    const { user, dialog, picker } = await openRequestDialog();
    await user.click(picker);
    // An instance whose answers name no signer: the row starts empty.
    await user.click(await screen.findByRole('option', { name: new RegExp(`${inst.loanCreated.slice(-8)}$`) }));
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    const email = within(dialog).getByRole('textbox', { name: /Email/ });
    await user.type(name, 'Zoë Quiñones');
    await user.type(email, 'zoe@@example');
    const before = backend.db.envelopes.length;
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Enter an email address in the correct format, like name@example.com')).toBeInTheDocument();
    await waitFor(() => expect(email).toHaveFocus());
    expect(name).toHaveValue('Zoë Quiñones');
    expect(email).toHaveValue('zoe@@example');
    expect(backend.db.envelopes.length).toBe(before);
  });

  it('says the instances are loading, not that none matches, while they are on their way', async () => {
    const { user } = renderWithProviders(
      <RequestSignatureDialog opened labels={defaultLabels} instances={{ data: [], isLoading: true }} onClose={() => undefined} onSubmit={async () => false} />,
    );
    const picker = await screen.findByRole('combobox', { name: 'Form instance' });
    await waitFor(() => expect(picker).toHaveFocus());
    await user.type(picker, 'loan');
    expect(await screen.findByRole('option', { name: 'Loading…' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByText(/No form instance matches/)).not.toBeInTheDocument();
    expect(picker).toHaveValue('loan');
  });

  it("says the server's refusal in a toast and keeps the dialog open", async () => {
    const { user, dialog, picker } = await openRequestDialog();
    await user.click(picker);
    // Out for signature already (the seeded Sent envelope).
    await user.click(await screen.findByRole('option', { name: new RegExp(`${inst.loanSubmitted.slice(-8)}$`) }));
    // Sent to the signer its answers name.
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /Email/ })).toHaveValue('grace.hopper@example.com'));
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveValue('Grace Hopper');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Could not request the signature')).toBeInTheDocument();
    expect(screen.getByText(/already out for signature/)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Request a signature' })).toBeInTheDocument();
  });

  it('a read-only user sees the envelopes without any action', async () => {
    backend.setCurrentUser('auditor');
    grant(seedIds.users.auditor, 'FormSigner_SelectList');
    renderInApi(<SigningList />);
    const row = await findRow(inst.loanSubmitted);
    expect(within(row).getByText('Sent')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request a signature' })).not.toBeInTheDocument();
    expect(within(table()).queryByRole('button', { name: /^Remind|^More actions|^Request again/ })).not.toBeInTheDocument();
    // The auditor holds Signing_DownloadDocument: the download alone.
    expect(within(await findRow(inst.loanCompleted)).getByRole('button', { name: /^Download/ })).toBeInTheDocument();
  });

  it('with nothing sent and no filter says "No envelopes yet." and how to send one', async () => {
    backend.db.envelopes = [];
    renderInApi(<SigningList />);
    expect(await screen.findByText('No envelopes yet.')).toBeInTheDocument();
    expect(screen.getByText('To send a form instance for signature, choose “Request a signature”.')).toBeInTheDocument();
    expect(screen.queryByText('No envelopes match.')).not.toBeInTheDocument();
  });

  it('with a filter that matches nothing says "No envelopes match." and offers to clear the filters', async () => {
    backend.db.envelopes = backend.db.envelopes.filter((e) => e.status !== EnvelopeStatus.Created);
    const { user } = renderInApi(<SigningList />);
    await findRow(inst.loanCompleted);
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Status', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Created' }));
    await user.click(screen.getByRole('checkbox', { name: 'Only envelopes with e-mail that could not be sent' }));
    expect(await screen.findByText('No envelopes match.')).toBeInTheDocument();
    expect(screen.queryByText('No envelopes yet.')).not.toBeInTheDocument();
    expect(screen.queryByText(/choose “Request a signature”/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    // Both filters dropped: every envelope again, and the server asked with neither.
    await findRow(inst.loanCompleted);
    expect(screen.getByRole('checkbox', { name: 'Only envelopes with e-mail that could not be sent' })).not.toBeChecked();
    const asked = decodeURIComponent(requestsTo('ListEnvelopes').at(-1)?.path ?? '');
    expect(asked).not.toContain('status');
    expect(asked).not.toContain('mailFailed');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('without FormSigner_SelectList says so instead of failing', async () => {
    backend.setCurrentUser('newcomer');
    renderInApi(<SigningList />);
    expect(await screen.findByText('Your account may not list envelopes. Ask an administrator for access.')).toBeInTheDocument();
    expect(requestsTo('ListEnvelopes')).toHaveLength(0);
  });

  function grant(userId: string, key: string) {
    const now = new Date();
    backend.db.claimGrants.push({
      id: backend.newId(),
      holderKind: 'user',
      recordId: userId,
      claimValue: claimNumber(key),
      claimType: 1,
      allow: true,
      priorityOfPermission: 1,
      isDeleted: false,
      createdDateTime: now,
      lastUpdatedDateTime: now,
    });
  }
});

/** The Signing screen with its request dialog open and the instance picker usable (the instances read). */
async function openRequestDialog() {
  const { user } = renderInApi(<SigningList />);
  await findRow(inst.loanCompleted);
  await user.click(screen.getByRole('button', { name: 'Request a signature' }));
  const dialog = await screen.findByRole('dialog', { name: 'Request a signature' });
  const picker = within(dialog).getByRole('combobox', { name: 'Form instance' });
  await waitFor(() => expect(picker).not.toBeDisabled());
  return { user, dialog, picker };
}

function claimNumber(key: string): number {
  return (Permission as Record<string, number>)[key] as number;
}
