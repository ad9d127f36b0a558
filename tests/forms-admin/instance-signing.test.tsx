import { screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClaimTypeFlags, EnvelopeStatus, MenuClaim } from '../../src/api/enums';
import { FormInstanceList } from '../../src/forms-admin/FormInstanceList';
import { requestSignatureBlock } from '../../src/forms-admin/FormInstanceList/useFormInstanceList';
import { SigningList } from '../../src/forms-admin/SigningList';
import { checkNoOpenEnvelope } from '../../src/domain/signing';
import { defaultLabels } from '../../src/query/labels';
import { seedIds } from '../../src/testing/seed-ids';
import { renderInApi, setupFakeApi } from '../admin/support/screen';

const { backend, requestsTo } = setupFakeApi();
afterEach(() => {
  notifications.clean();
  vi.restoreAllMocks();
});

const ids = seedIds.formInstances;
const table = () => screen.getByRole('table', { name: 'Form Instances' });
const findRow = async (id: string) => (await within(await screen.findByRole('table', { name: 'Form Instances' })).findByText(id.slice(-8), undefined, { timeout: 5000 })).closest('tr') as HTMLElement;
/** A row's Signature cell: the cell under the 'Signature' header (the selection column counts on both sides). */
const signatureCell = (row: HTMLElement) => {
  const headers = [...table().querySelectorAll('thead tr > th')].map((h) => h.textContent?.trim());
  const index = headers.indexOf('Signature');
  expect(index).toBeGreaterThanOrEqual(0);
  return row.children[index] as HTMLElement;
};

/** Grants a user the Signing screen's read claim (a menu claim, of the UX type). */
function grantSigningRead(userId: string) {
  const now = new Date();
  backend.db.claimGrants.push({
    id: backend.newId(),
    holderKind: 'user',
    recordId: userId,
    claimValue: MenuClaim.Signing_AllowRead,
    claimType: ClaimTypeFlags.UXClaim,
    allow: true,
    priorityOfPermission: 1,
    isDeleted: false,
    createdDateTime: now,
    lastUpdatedDateTime: now,
  });
}

describe('requestSignatureBlock', () => {
  it('blocks an instance whose latest envelope is still out, and no other', () => {
    const id = seedIds.envelopes.loanSubmittedSent;
    expect(requestSignatureBlock({ envelopeId: id, envelopeStatus: EnvelopeStatus.Sent }, defaultLabels)).toBe(
      'Already out for signature (Sent): void its envelope on the Signing screen first.',
    );
    expect(requestSignatureBlock({ envelopeId: id, envelopeStatus: EnvelopeStatus.Delivered }, defaultLabels)).toMatch(/\(Delivered\)/);
    for (const status of [EnvelopeStatus.Completed, EnvelopeStatus.Declined, EnvelopeStatus.Voided]) {
      expect(requestSignatureBlock({ envelopeId: id, envelopeStatus: status }, defaultLabels)).toBeNull();
    }
    expect(requestSignatureBlock({ envelopeId: null, envelopeStatus: null }, defaultLabels)).toBeNull();
  });

  it('blocks exactly the requests the backends refuse (the domain rule checkNoOpenEnvelope)', () => {
    const id = seedIds.envelopes.loanSubmittedSent;
    const rows = [...Object.values(EnvelopeStatus).map((envelopeStatus) => ({ envelopeId: id, envelopeStatus })), { envelopeId: null, envelopeStatus: EnvelopeStatus.Sent }];
    for (const row of rows) {
      const refused = (() => {
        try {
          checkNoOpenEnvelope(row);
          return false;
        } catch {
          return true;
        }
      })();
      expect(requestSignatureBlock(row, defaultLabels) !== null, JSON.stringify(row)).toBe(refused);
    }
  });
});

describe('FormInstanceList: the instance shows its envelope', () => {
  it('shows the status of each instance’s latest envelope by its spec name, read with the instances (no envelope request)', async () => {
    renderInApi(<FormInstanceList />);
    const expected: [string, string][] = [
      [ids.loanSubmitted, 'Sent'],
      [ids.loanCompleted, 'Completed'],
      [ids.onboardingSubmitted, 'Delivered'],
      [ids.onboardingInProgress, 'Declined'],
      [ids.expenseCompleted, 'Voided'],
      [ids.loanCreated, 'Not requested'],
    ];
    for (const [id, status] of expected) expect(signatureCell(await findRow(id))).toHaveTextContent(status);
    const query = decodeURIComponent(requestsTo('FormInstanceOData').at(-1)?.path ?? '');
    expect(query).toContain('envelopeId');
    expect(query).toContain('envelopeStatus');
    expect(requestsTo('ListEnvelopes')).toHaveLength(0);
  });

  it('without the Signing read claim shows nothing about signing and asks nothing of it', async () => {
    backend.setCurrentUser('reader');
    const { user } = renderInApi(<FormInstanceList onOpenSigning={() => undefined} />);
    await findRow(ids.loanSubmitted);
    expect(within(table()).queryByRole('columnheader', { name: 'Signature' })).not.toBeInTheDocument();
    expect(within(table()).queryByText('Sent')).not.toBeInTheDocument();
    await user.click(within(await findRow(ids.loanCreated)).getByRole('button', { name: /^More actions for/ }));
    await screen.findByRole('menu');
    expect(screen.queryByRole('menuitem', { name: /Request signature/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Show its envelopes' })).not.toBeInTheDocument();
    expect(requestsTo('ListEnvelopes')).toHaveLength(0);
  });

  it('an editor (Form Editors: Signing_AllowRead, Signing_RequestSignature, the FormSigner claims) sees the status, may request and may open the list', async () => {
    backend.setCurrentUser('editor');
    const { user } = renderInApi(<FormInstanceList onOpenSigning={() => undefined} />);
    expect(signatureCell(await findRow(ids.loanSubmitted))).toHaveTextContent('Sent');
    await user.click(within(await findRow(ids.loanCompleted)).getByRole('button', { name: /^More actions for/ }));
    expect(await screen.findByRole('menuitem', { name: /Request signature/ })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Show its envelopes' })).toBeInTheDocument();
  });

  it('with Signing_AllowRead but no claim that requests, the status shows and the request is not offered', async () => {
    backend.setCurrentUser('reader');
    grantSigningRead(seedIds.users.reader);
    const { user } = renderInApi(<FormInstanceList />);
    expect(signatureCell(await findRow(ids.loanCompleted))).toHaveTextContent('Completed');
    await user.click(within(await findRow(ids.loanCreated)).getByRole('button', { name: /^More actions for/ }));
    await screen.findByRole('menu');
    expect(screen.queryByRole('menuitem', { name: /Request signature/ })).not.toBeInTheDocument();
  });

  it("'Request signature' on a row opens the request dialog for that instance, sends it and shows the new status", async () => {
    const { user } = renderInApi(<FormInstanceList />);
    expect(signatureCell(await findRow(ids.loanCreated))).toHaveTextContent('Not requested');
    await user.click(within(await findRow(ids.loanCreated)).getByRole('button', { name: /^More actions for/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Request signature' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a signature' });
    // The instance is the row's, chosen and fixed.
    const picker = within(dialog).getByRole('combobox', { name: 'Form instance' });
    expect(picker).toHaveValue(`Loan Application ${ids.loanCreated.slice(-8)}`);
    expect(picker).toHaveAttribute('readonly');
    // The instance is only created, not submitted: the dialog says that sending it locks its answers.
    expect(within(dialog).getByText(/^This form instance has not been submitted yet\./)).toBeVisible();
    // It opens on the first thing to fill, the first signer's name, not on its Close button.
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveFocus());
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Grace');
    await user.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'g@x.io');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('A signature was requested from 1 signer.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Request a signature' })).not.toBeInTheDocument());
    const made = backend.db.envelopes.filter((e) => e.formInstanceId === ids.loanCreated);
    expect(made).toHaveLength(1);
    expect(made[0]?.signers.map((s) => [s.name, s.email])).toEqual([['Grace', 'g@x.io']]);
    // The list is read again: the row now points at its envelope, out for signature.
    await waitFor(() => expect(signatureCell(within(table()).getByText(ids.loanCreated.slice(-8)).closest('tr') as HTMLElement)).toHaveTextContent('Sent'));
  });

  it("'Request signature' on a row whose latest envelope was declined starts from that request's signers and message", async () => {
    const declined = backend.db.envelopes.find((e) => e.envelopeId === seedIds.envelopes.onboardingDeclined)!;
    declined.emailMessage = 'Please sign the onboarding form.';
    const { user } = renderInApi(<FormInstanceList />);
    const row = await findRow(ids.onboardingInProgress);
    expect(signatureCell(row)).toHaveTextContent('Declined');
    await user.click(within(row).getByRole('button', { name: /^More actions for/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Request signature' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a signature' });
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveValue('Dennis Ritchie'));
    expect(within(dialog).getByRole('textbox', { name: /Email/ })).toHaveValue('d.ritchie@example.com');
    expect(within(dialog).getByRole('textbox', { name: 'Message to the signers' })).toHaveValue('Please sign the onboarding form.');
    expect(within(dialog).getByText('The signers and message of the earlier request: check them before sending.')).toBeInTheDocument();
    expect(within(dialog).queryByText('The first signer is filled in from the form’s answers: check the name and email before sending.')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('A signature was requested from 1 signer.')).toBeInTheDocument();
    const made = backend.db.envelopes.filter((e) => e.formInstanceId === ids.onboardingInProgress && e.envelopeId !== seedIds.envelopes.onboardingDeclined);
    expect(made.map((e) => [e.signers.map((s) => s.email), e.emailMessage])).toEqual([[['d.ritchie@example.com'], 'Please sign the onboarding form.']]);
  });

  it("'Request signature' starts the first signer from the row's answers (the list reads them for that row only), to be checked", async () => {
    const { user } = renderInApi(<FormInstanceList />);
    const row = await findRow(ids.loanInProgress);
    await user.click(within(row).getByRole('button', { name: /^More actions for/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Request signature' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a signature' });
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /Email/ })).toHaveValue('alan.turing@example.com'));
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveValue('Alan Turing');
    expect(within(dialog).getByText('The first signer is filled in from the form’s answers: check the name and email before sending.')).toBeInTheDocument();
    // The row's answers are read for the request alone: the list itself shows no answer column.
    const reads = requestsTo('FormInstanceOData').map((r) => decodeURIComponent(r.path));
    expect(reads.filter((path) => path.includes(ids.loanInProgress) && path.includes('$expand=formSchema'))).toHaveLength(1);
    expect(reads.filter((path) => /\$select=[^&]*\bdata\b/.test(path))).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('A signature was requested from 1 signer.')).toBeInTheDocument();
    const made = backend.db.envelopes.filter((e) => e.formInstanceId === ids.loanInProgress);
    expect(made.map((e) => e.signers.map((s) => [s.name, s.email]))).toEqual([[['Alan Turing', 'alan.turing@example.com']]]);
  });

  it("'Request signature' is disabled, with the reason, while the instance's envelope is out", async () => {
    const { user } = renderInApi(<FormInstanceList />);
    await user.click(within(await findRow(ids.onboardingSubmitted)).getByRole('button', { name: /^More actions for/ }));
    const item = await screen.findByRole('menuitem', { name: /^Request signature/ });
    expect(item).toHaveAttribute('aria-disabled', 'true');
    expect(item).toHaveAccessibleDescription('Already out for signature (Delivered): void its envelope on the Signing screen first.');
    // Only items inside the menu: a focusable presentational child (Mantine's initial-focus placeholder) fails axe's
    // aria-required-children in Chromium.
    expect(screen.getByRole('menu').querySelector('[role="presentation"][tabindex]')).toBeNull();
  });

  it("'Show its envelopes' hands the row to the host, only on an instance with an envelope", async () => {
    const onOpenSigning = vi.fn();
    const { user } = renderInApi(<FormInstanceList onOpenSigning={onOpenSigning} />);
    await user.click(within(await findRow(ids.loanCompleted)).getByRole('button', { name: /^More actions for/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Show its envelopes' }));
    expect(onOpenSigning).toHaveBeenCalledWith(expect.objectContaining({ formInstanceId: ids.loanCompleted }));
    await user.click(within(await findRow(ids.loanCreated)).getByRole('button', { name: /^More actions for/ }));
    await waitFor(() => expect(screen.getAllByRole('menu')).toHaveLength(1));
    expect(screen.queryByRole('menuitem', { name: 'Show its envelopes' })).not.toBeInTheDocument();
  });
});

describe('SigningList narrowed to one form instance', () => {
  it("lists only that instance's envelopes, names it, and 'Show every envelope' asks the host to drop the filter", async () => {
    const onShowAll = vi.fn();
    const { user } = renderInApi(<SigningList formInstanceId={ids.loanCompleted.toUpperCase()} onShowAll={onShowAll} />);
    const signing = await screen.findByRole('table', { name: 'Signing' });
    await within(signing).findByText(new RegExp(`${ids.loanCompleted.slice(-8)}$`), undefined, { timeout: 5000 });
    expect(within(signing).getAllByRole('row')).toHaveLength(2);
    expect(decodeURIComponent(requestsTo('ListEnvelopes').at(-1)?.path ?? '')).toContain(`formInstanceId=${ids.loanCompleted}`);
    expect(await screen.findByText(`Envelopes of Loan Application ${ids.loanCompleted.slice(-8)}`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show every envelope' }));
    expect(onShowAll).toHaveBeenCalledTimes(1);
  });
});
