import { screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EnvelopeStatus, FormInstanceStatus } from '../../src/api/enums';
import { editLinkBlock } from '../../src/forms-admin/shared/instance-links';
import { englishLabels } from '../../src/labels';
import { FormInstanceDetail } from '../../src/forms-admin/FormInstanceDetail';
import { FormInstanceList } from '../../src/forms-admin/FormInstanceList';
import { errorHandlers } from '../../src/testing';
import { seedIds } from '../../src/testing/seed-ids';
import { renderInApi, setupFakeApi } from '../admin/support/screen';
import { lifecycleOf } from '../../src/testing/signing-model';

const { backend, server, requestsTo } = setupFakeApi();
afterEach(() => {
  notifications.clean();
  vi.restoreAllMocks();
});

const ids = seedIds.formInstances;
const long = { timeout: 5000 };
const heading = (name: string) => screen.findByRole('heading', { level: 1, name }, long);
const section = (name: string) => screen.getByRole('region', { name });
/** Keeps the file a download would save, instead of jsdom's navigation. */
function catchDownloads() {
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:download');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  return vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
}

describe('FormInstanceDetail', () => {
  it('shows a completed instance: answers in view mode with labels, status, dates, its completed envelope with signers and audit trail; downloads both PDFs', async () => {
    const click = catchDownloads();
    const onBack = vi.fn();
    const { user } = renderInApi(<FormInstanceDetail formInstanceId={ids.loanCompleted} onBack={onBack} />);
    await heading('Loan Application 00000004');
    expect(screen.getByText(`Form instance ${ids.loanCompleted}`)).toBeInTheDocument();
    const details = section('Details');
    expect(within(details).getByText('Completed')).toBeInTheDocument();
    expect(within(details).getByText('Version').nextElementSibling).toHaveTextContent('1');
    expect(within(details).getByText('Created').nextElementSibling?.textContent).toMatch(/2024/);
    // The answers, read-only, under the form's own labels.
    const answers = section('Answers');
    expect(await within(answers).findByRole('group', { name: 'Email' }, long)).toHaveTextContent('k.johnson@example.com');
    expect(within(answers).queryByRole('textbox')).not.toBeInTheDocument();
    const signatures = section('Signatures');
    expect(await within(signatures).findByText(/^1\. Katherine Johnson \(.+\): Signed$/, undefined, long)).toBeInTheDocument();
    expect(await within(signatures).findByText(/^Audit trail intact: \d+ events/, undefined, long)).toBeInTheDocument();
    expect(requestsTo('ListEnvelopes').at(-1)?.path).toContain(`formInstanceId=${ids.loanCompleted}`);
    // Only a Submitted instance is marked completed.
    expect(screen.queryByRole('button', { name: 'Mark completed' })).not.toBeInTheDocument();

    await user.click(within(signatures).getByRole('button', { name: 'Download signed PDF' }));
    expect(await screen.findByText(/^'.+\.pdf' was downloaded\.$/)).toBeInTheDocument();
    expect(requestsTo('DownloadDocument')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Download filled PDF' }));
    await waitFor(() => expect(requestsTo('DownloadPdf')).toHaveLength(1));
    expect(requestsTo('DownloadPdf')[0]?.path).toContain(`formInstanceId=${ids.loanCompleted}`);
    await waitFor(() => expect(click).toHaveBeenCalledTimes(2));
    await user.click(screen.getByRole('button', { name: 'Back to Form Instances' }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it("'Mark completed' completes a Submitted instance; 'Duplicate' copies it and opens the copy", async () => {
    const onOpenInstance = vi.fn();
    const { user } = renderInApi(<FormInstanceDetail formInstanceId={ids.contactSubmitted} onOpenInstance={onOpenInstance} />);
    await heading('Contact Request 00000007');
    // A form not made from a PDF has no filled PDF.
    expect(screen.queryByRole('button', { name: 'Download filled PDF' })).not.toBeInTheDocument();
    expect(await within(section('Signatures')).findByText('Not sent for signature yet.', undefined, long)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark completed' }));
    expect(await screen.findByText("'Contact Request 00000007' was marked completed.")).toBeInTheDocument();
    expect(requestsTo('MarkCompleted')).toHaveLength(1);
    await waitFor(() => expect(within(section('Details')).getByText('Completed')).toBeInTheDocument());
    expect(backend.db.formInstances.find((i) => i.formInstanceId === ids.contactSubmitted)?.status).toBe(FormInstanceStatus.Completed);
    expect(screen.queryByRole('button', { name: 'Mark completed' })).not.toBeInTheDocument();

    const before = backend.db.formInstances.length;
    await user.click(screen.getByRole('button', { name: 'Duplicate' }));
    expect(await screen.findByText("'Contact Request 00000007' was duplicated: the copy is Created.")).toBeInTheDocument();
    expect(backend.db.formInstances).toHaveLength(before + 1);
    expect(onOpenInstance).toHaveBeenCalledWith(backend.db.formInstances.at(-1)?.formInstanceId);
  });

  it("'Request signature' sends the instance through the request dialog and shows its new envelope; an envelope still out blocks it", async () => {
    const { user, unmount } = renderInApi(<FormInstanceDetail formInstanceId={ids.loanSubmitted} />);
    await heading('Loan Application 00000003');
    expect(screen.getByRole('button', { name: 'Request signature' })).toBeDisabled();
    expect(screen.getByText('Already out for signature (Sent): void its envelope on the Signing screen first.')).toBeInTheDocument();
    unmount();

    renderInApi(<FormInstanceDetail formInstanceId={ids.loanCreated} />);
    await heading('Loan Application 00000001');
    expect(within(section('Answers')).getByText('Nothing has been answered yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Request signature' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a signature' });
    expect(within(dialog).getByRole('combobox', { name: 'Form instance' })).toHaveValue('Loan Application 00000001');
    // Pasted, not typed key by key: the dialog's checks are the Signing tests' business.
    await user.click(within(dialog).getByRole('textbox', { name: /Name/ }));
    await user.paste('Grace Hopper');
    await user.click(within(dialog).getByRole('textbox', { name: /Email/ }));
    await user.paste('grace@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('A signature was requested from 1 signer.')).toBeInTheDocument();
    expect(await within(section('Signatures')).findByText(/^1\. Grace Hopper \(grace@example\.com\): /, undefined, long)).toBeInTheDocument();
    expect(backend.db.envelopes.filter((e) => e.formInstanceId === ids.loanCreated)).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Request signature' })).toBeDisabled());
  });

  it('starts a request after a declined one from its signers, and says so', async () => {
    const { user } = renderInApi(<FormInstanceDetail formInstanceId={ids.onboardingInProgress} />);
    await heading(`Employee Onboarding ${ids.onboardingInProgress.slice(-8)}`);
    expect(await within(section('Signatures')).findByText(/^1\. Dennis Ritchie \(d\.ritchie@example\.com\): Declined/, undefined, long)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Request signature' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a signature' });
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveValue('Dennis Ritchie');
    expect(within(dialog).getByRole('textbox', { name: /Email/ })).toHaveValue('d.ritchie@example.com');
    expect(within(dialog).getByText('The signers and message of the earlier request: check them before sending.')).toBeInTheDocument();
  });

  it('starts the request’s first signer with the name and email of the answers, and says so; the person can change them', async () => {
    const { user } = renderInApi(<FormInstanceDetail formInstanceId={ids.loanInProgress} />);
    await heading('Loan Application 00000002');
    await user.click(screen.getByRole('button', { name: 'Request signature' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a signature' });
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveValue('Alan Turing');
    expect(within(dialog).getByRole('textbox', { name: /Email/ })).toHaveValue('alan.turing@example.com');
    expect(within(dialog).getByText('The first signer is filled in from the form’s answers: check the name and email before sending.')).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: /Email/ }));
    await user.click(within(dialog).getByRole('textbox', { name: /Email/ }));
    await user.paste('a.turing@example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('A signature was requested from 1 signer.')).toBeInTheDocument();
    const envelope = backend.db.envelopes.find((e) => e.formInstanceId === ids.loanInProgress);
    expect(envelope?.signers.map((s) => [s.name, s.email])).toEqual([['Alan Turing', 'a.turing@example.org']]);
  });

  it('shows the status history oldest first, who made each change, and the change Mark completed made', async () => {
    const { user } = renderInApi(<FormInstanceDetail formInstanceId={ids.contactSubmitted} />);
    const history = () => within(section('Status history'));
    const rows = () => history().getAllByRole('row').map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent).slice(1));
    await within(await screen.findByRole('region', { name: 'Status history' }, long)).findByRole('table', undefined, long);
    expect(rows()).toEqual([
      ['Change', 'By'],
      ['Created as Created', 'Ada Admin'],
      ['Created → In progress', 'Visitor (public link)'],
      ['In progress → Submitted', 'Visitor (public link)'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Mark completed' }));
    await waitFor(() => expect(rows().at(-1)).toEqual(['Submitted → Completed', 'Ada Admin']), long);
    expect(backend.db.instanceStatusChanges.filter((c) => c.formInstanceId === ids.contactSubmitted)).toHaveLength(4);
  });

  it('says when the status history cannot be read, and the rest of the page shows', async () => {
    server.use(errorHandlers.failing('/api/Forms/StatusHistory', 500));
    renderInApi(<FormInstanceDetail formInstanceId={ids.contactSubmitted} />);
    expect(await within(await screen.findByRole('region', { name: 'Status history' }, long)).findByText('Failed to load the status history. Please try again.', undefined, long)).toBeInTheDocument();
    expect(section('Answers')).toBeInTheDocument();
  });

  it("shows an open envelope's reminder schedule", async () => {
    const envelope = backend.db.envelopes.find((e) => e.formInstanceId === ids.loanSubmitted);
    expect(envelope).toBeDefined();
    // The fake keeps an envelope's state in its lifecycle (as the server's envelope row): the schedule is set there.
    lifecycleOf(envelope!).reminderEveryDays = 2;
    renderInApi(<FormInstanceDetail formInstanceId={ids.loanSubmitted} />);
    await heading('Loan Application 00000003');
    expect(await within(section('Signatures')).findByText('Reminders every 2 days until signed or expired', undefined, long)).toBeInTheDocument();
  });

  it("'Delete' soft-deletes after the confirmation and the page says so; 'Restore' brings it back", async () => {
    const { user } = renderInApi(<FormInstanceDetail formInstanceId={ids.loanInProgress} />);
    await heading('Loan Application 00000002');
    await user.click(screen.getByRole('button', { name: 'Delete Loan Application 00000002' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This form instance is deleted. Restore it to use it again.', undefined, long)).toBeInTheDocument();
    expect(backend.db.formInstances.find((i) => i.formInstanceId === ids.loanInProgress)?.isDeleted).toBe(true);
    expect(screen.queryByRole('button', { name: 'Duplicate' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Restore Loan Application 00000002' }));
    await waitFor(() => expect(screen.queryByText('This form instance is deleted. Restore it to use it again.')).not.toBeInTheDocument(), long);
    expect(backend.db.formInstances.find((i) => i.formInstanceId === ids.loanInProgress)?.isDeleted).toBe(false);
  });

  it('says when the instance does not exist, when the read failed (with Try again), and when the user may not read instances', async () => {
    const first = renderInApi(<FormInstanceDetail formInstanceId="70000000-0000-4000-8000-0000000000ff" />);
    expect(await screen.findByText('This form instance does not exist, or it was deleted permanently.', undefined, long)).toBeInTheDocument();
    first.unmount();

    server.use(errorHandlers.failing('/odata/FormInstanceOData', 500, { once: true }));
    const { user, unmount } = renderInApi(<FormInstanceDetail formInstanceId={ids.contactSubmitted} />);
    expect(await screen.findByText('Failed to load the form instance. Please try again.', undefined, long)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await heading('Contact Request 00000007');
    unmount();

    const reads = requestsTo('FormInstanceOData').length;
    backend.setCurrentUser('newcomer');
    renderInApi(<FormInstanceDetail formInstanceId={ids.contactSubmitted} />);
    expect(await screen.findByText('Your account may not read form instances. Ask an administrator for access.', undefined, long)).toBeInTheDocument();
    // Refused without asking the server.
    expect(requestsTo('FormInstanceOData')).toHaveLength(reads);
  });

  it("'Links' opens the view link in a new tab and copies the view and edit links; a Submitted instance's 'Copy edit link' is disabled and says why", async () => {
    const opened = vi.spyOn(window, 'open').mockImplementation(() => null);
    const { user, unmount } = renderInApi(<FormInstanceDetail formInstanceId={ids.loanInProgress} />);
    await heading('Loan Application 00000002');
    await user.click(screen.getByRole('button', { name: 'Links' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Open view link' }));
    await waitFor(() => expect(opened).toHaveBeenCalledWith(expect.stringContaining(`mode=view&formInstanceId=${ids.loanInProgress}`), '_blank', 'noopener'));
    await user.click(screen.getByRole('button', { name: 'Links' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Copy edit link' }));
    expect(await screen.findByText("The edit link of 'Loan Application 00000002' was copied.")).toBeInTheDocument();
    // user-event puts a clipboard of its own in place: read what was written there.
    expect(await navigator.clipboard.readText()).toMatch(new RegExp(`\\?mode=edit&formInstanceId=${ids.loanInProgress}&token=`));
    await user.click(screen.getByRole('button', { name: 'Links' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Copy view link' }));
    expect(await screen.findByText("The view link of 'Loan Application 00000002' was copied.")).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toContain('mode=view');
    unmount();

    renderInApi(<FormInstanceDetail formInstanceId={ids.loanSubmitted} />);
    await heading('Loan Application 00000003');
    await user.click(screen.getByRole('button', { name: 'Links' }));
    const edit = await screen.findByRole('menuitem', { name: /^Copy edit link/ });
    expect(edit).toHaveAttribute('aria-disabled', 'true');
    expect(edit).toHaveAccessibleDescription('A form link can no longer change this instance: it is Submitted.');
    await user.click(edit);
    expect(requestsTo('GetEditUrl')).toHaveLength(1);
  });

  it('a reader sees the instance and its answers, and may download the filled PDF (a read), but nothing that changes it', async () => {
    backend.setCurrentUser('reader');
    renderInApi(<FormInstanceDetail formInstanceId={ids.loanCompleted} />);
    await heading('Loan Application 00000004');
    expect(await within(section('Answers')).findByRole('group', { name: 'Email' }, long)).toHaveTextContent('k.johnson@example.com');
    expect(screen.getByRole('button', { name: 'Download filled PDF' })).toBeInTheDocument();
    for (const name of ['Request signature', 'Mark completed', 'Duplicate', /^Delete/, 'Download signed PDF', 'Links']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });
});

describe('FormInstanceList opens the instance page', () => {
  it("'Open' calls onOpenInstance with the id; 'Open view link' opens the visitor's view link in a new tab; 'Download filled PDF' only for a form made from a PDF", async () => {
    const click = catchDownloads();
    const opened = vi.spyOn(window, 'open').mockImplementation(() => null);
    const onOpenInstance = vi.fn();
    const { user } = renderInApi(<FormInstanceList onOpenInstance={onOpenInstance} />);
    const table = await screen.findByRole('table', { name: 'Form Instances' });
    const row = (await within(table).findByText(ids.loanSubmitted.slice(-8), undefined, long)).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Open Loan Application 00000003' }));
    expect(onOpenInstance).toHaveBeenCalledWith(ids.loanSubmitted);
    expect(opened).not.toHaveBeenCalled();
    await user.click(within(row).getByRole('button', { name: /^More actions for/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Open view link' }));
    await waitFor(() => expect(opened).toHaveBeenCalledWith(expect.stringContaining(`mode=view&formInstanceId=${ids.loanSubmitted}`), '_blank', 'noopener'));
    await user.click(within(row).getByRole('button', { name: /^More actions for/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Download filled PDF' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(requestsTo('DownloadPdf').map((r) => r.path)).toEqual([expect.stringContaining(`formInstanceId=${ids.loanSubmitted}`)]);
    const contact = within(table).getByText(ids.contactSubmitted.slice(-8)).closest('tr') as HTMLElement;
    await user.click(within(contact).getByRole('button', { name: /^More actions for/ }));
    expect(await screen.findByRole('menuitem', { name: 'Copy view link' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Download filled PDF' })).not.toBeInTheDocument();
  });
});

describe('editLinkBlock', () => {
  const { Created, InProgress, Submitted, Completed } = FormInstanceStatus;
  it.each([
    [Created, null, null],
    [InProgress, null, null],
    [InProgress, EnvelopeStatus.Voided, null],
    [InProgress, EnvelopeStatus.Declined, null],
    [InProgress, EnvelopeStatus.Sent, 'A form link cannot change this instance: its answers are out for signature or signed.'],
    [InProgress, EnvelopeStatus.Completed, 'A form link cannot change this instance: its answers are out for signature or signed.'],
    [Submitted, null, 'A form link can no longer change this instance: it is Submitted.'],
    [Completed, EnvelopeStatus.Completed, 'A form link can no longer change this instance: it is Completed.'],
  ])('status %s, envelope %s: %s', (status, envelopeStatus, reason) => {
    const instance = { status, envelopeId: envelopeStatus === null ? null : 'e1', envelopeStatus };
    expect(editLinkBlock(instance, englishLabels)).toBe(reason);
  });
});
