import { notifications } from '@mantine/notifications';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClaimTypeFlags, MenuClaim } from '../../src/api/enums';
import { FormManager, type FormManagerProps } from '../../src/forms-admin/FormManager';
import { errorHandlers } from '../../src/testing';
import { seedIds } from '../../src/testing/seed-ids';
import { answerColumnsStorageKey } from '../../src/forms-admin/FormInstanceList/answer-columns';
import { renderInApi, setupFakeApi } from '../admin/support/screen';

const { backend, server, requestsTo } = setupFakeApi();
afterEach(() => notifications.clean());

const expense = seedIds.forms.expenseClaim;
const v1 = seedIds.formSchemas.expenseClaimV1;
const v2 = seedIds.formSchemas.expenseClaimV2;

function renderScreen(props: Partial<FormManagerProps> = {}) {
  return renderInApi(<FormManager formId={expense} publicOrigin="https://host.example" {...props} />);
}
const region = (name: string | RegExp) => screen.findByRole('region', { name });
const reads = (set: string) => requestsTo(set).filter((r) => r.method === 'GET').length;

describe('FormManager', () => {
  it("shows the form's details, its versions (the current one marked) and its instances", async () => {
    renderScreen();
    expect(await screen.findByRole('heading', { level: 1, name: 'Form: Expense Claim' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveValue('Expense Claim');
    const versions = await region('Versions');
    const rows = await within(versions).findAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('Current')).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button', { name: /Make current/ })).not.toBeInTheDocument();
    expect(within(rows[2]!).getByRole('button', { name: 'Make current: Version 1' })).toBeInTheDocument();
    // A version's last change carries the reader's zone, like the instances below it (it had none).
    const zone = new Intl.DateTimeFormat(undefined, { timeZoneName: 'short' }).formatToParts(new Date()).find((p) => p.type === 'timeZoneName')?.value;
    expect(zone).toBeTruthy();
    for (const row of rows.slice(1)) expect(row.textContent).toContain(zone);
    const instances = await region('Instances');
    expect(await within(instances).findByText('Completed')).toBeInTheDocument();
  });

  it("shows the form's stable public link on the host origin with its QR code, the current version's own link second, and what public means", async () => {
    renderScreen();
    const part = await region('Public link');
    const url = `https://host.example/form/${expense}?mode=edit`;
    expect(within(part).getByRole('link', { name: url })).toHaveAttribute('href', url);
    expect(within(part).getByRole('img', { name: 'QR code of the public link' })).toBeInTheDocument();
    expect(within(part).getByText(/always open the current version, so they keep working after you save a new version/)).toBeInTheDocument();
    expect(await within(part).findByText('Link to version 2 only')).toBeInTheDocument();
    const versionUrl = `https://host.example/form-instance/${v2}?mode=edit`;
    expect(await within(part).findByRole('link', { name: versionUrl })).toHaveAttribute('href', versionUrl);
    expect(within(part).getByRole('button', { name: 'Copy version link' })).toBeInTheDocument();
    expect(within(part).getByText('The current version is not public, so this link opens nothing until it is, not even for you. Signed in, anyone with access can open the version link below.')).toBeInTheDocument();
    expect(within(part).getByText(/anyone who has the link can fill in this form without signing in/)).toBeInTheDocument();
    expect(await within(part).findByRole('switch', { name: 'Public' })).not.toBeChecked();
  });

  it('keeps the copy buttons as wide as their words beside a long link (at 390 px they were cut to "Cop")', async () => {
    renderScreen();
    const part = await region('Public link');
    expect(within(part).getByRole('button', { name: 'Copy link' }).style.flexShrink).toBe('0');
    expect((await within(part).findByRole('button', { name: 'Copy version link' })).style.flexShrink).toBe('0');
  });

  it("points the public link at the form's own publicBaseUrl when it has one", async () => {
    const form = backend.db.forms.find((f) => f.formId === expense)!;
    form.publicBaseUrl = 'https://www.example.org/apply';
    renderScreen();
    const part = await region('Public link');
    expect(within(part).getByRole('link', { name: `https://www.example.org/apply/form/${expense}?mode=edit` })).toBeInTheDocument();
    expect(await within(part).findByRole('link', { name: `https://www.example.org/apply/form-instance/${v2}?mode=edit` })).toBeInTheDocument();
  });

  it('renames the form: one patch, a toast, and only the forms are read again', async () => {
    const { user } = renderScreen();
    const name = await screen.findByRole('textbox', { name: /Name/ });
    await region('Versions');
    await waitFor(() => expect(reads('FormSchemaOData')).toBeGreaterThan(0));
    const schemaReads = reads('FormSchemaOData');
    const save = screen.getByRole('button', { name: 'Save details' });
    expect(save).toBeDisabled();
    await user.clear(name);
    expect(save).toBeDisabled();
    await user.type(name, 'Travel Expenses');
    // 'Save details' waits for the check that no other live form has the new name.
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await screen.findByText("'Travel Expenses' was saved.")).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Form: Travel Expenses' })).toBeInTheDocument();
    expect(backend.db.forms.find((f) => f.formId === expense)?.name).toBe('Travel Expenses');
    expect(requestsTo('patch').map((r) => r.path)).toEqual(['/api/crud/form/patch']);
    expect(reads('FormSchemaOData')).toBe(schemaReads);
  });

  it('moves the form to another group', async () => {
    const { user } = renderScreen();
    await user.click(await screen.findByRole('combobox', { name: 'Form group' }));
    await user.click(await screen.findByRole('option', { name: 'Public Enquiries' }));
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    await screen.findByText("'Expense Claim' was saved.");
    expect(backend.db.forms.find((f) => f.formId === expense)?.formGroupId).toBe(seedIds.formGroups.publicEnquiries);
  });

  it('makes the current version public by patching that schema, with a toast', async () => {
    const { user } = renderScreen();
    await user.click(await screen.findByRole('switch', { name: 'Public' }));
    expect(await screen.findByText("'Expense Claim' is now public.")).toBeInTheDocument();
    expect(backend.db.formSchemas.find((s) => s.formSchemaId === v2)?.isPublic).toBe(true);
    expect(requestsTo('patch').map((r) => r.path)).toEqual(['/api/crud/formschema/patch']);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Public' })).toBeChecked());
  });

  it("makes another version current by patching the form's currentFormSchemaId; the stable link stays, the version link follows", async () => {
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Make current: Version 1' }));
    expect(await screen.findByText("Version 1 of 'Expense Claim' is now current.")).toBeInTheDocument();
    expect(backend.db.forms.find((f) => f.formId === expense)?.currentFormSchemaId).toBe(v1);
    expect(requestsTo('patch').map((r) => r.path)).toEqual(['/api/crud/form/patch']);
    const part = await region('Public link');
    await waitFor(() => expect(within(part).getByRole('link', { name: `https://host.example/form-instance/${v1}?mode=edit` })).toBeInTheDocument());
    expect(within(part).getByRole('link', { name: `https://host.example/form/${expense}?mode=edit` })).toBeInTheDocument();
  });

  it('compares two versions side by side: the fields added, removed and changed', async () => {
    const { user } = renderScreen();
    const compare = await region('Compare versions');
    const table = await within(compare).findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Version 1' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Version 2' })).toBeInTheDocument();
    for (const path of ['/costCentre', '/receiptsAttached', '/items/*/category'])
      expect(within(within(table).getByText(path).closest('tr')!).getByText('Added')).toBeInTheDocument();
    // Swapped, the same fields are removed.
    await user.click(within(compare).getByRole('combobox', { name: 'From version' }));
    await user.click(await screen.findByRole('option', { name: 'Version 2' }));
    await user.click(within(compare).getByRole('combobox', { name: 'To version' }));
    await user.click(await screen.findByRole('option', { name: 'Version 1' }));
    await waitFor(() =>
      expect(within(within(within(compare).getByRole('table')).getByText('/costCentre').closest('tr')!).getByText('Removed')).toBeInTheDocument(),
    );
    // One version against itself: nothing differs.
    await user.click(within(compare).getByRole('combobox', { name: 'To version' }));
    await user.click(await screen.findByRole('option', { name: 'Version 2' }));
    expect(await within(compare).findByText('The fields of these two versions are the same.')).toBeInTheDocument();
  });

  it("calls back 'Open in builder' with the form's id, and 'Open' with a version's or an instance's", async () => {
    const onOpenInBuilder = vi.fn();
    const onOpenSchema = vi.fn();
    const onOpenInstance = vi.fn();
    const { user } = renderScreen({ onOpenInBuilder, onOpenSchema, onOpenInstance });
    await user.click(await screen.findByRole('button', { name: 'Open in builder' }));
    expect(onOpenInBuilder).toHaveBeenCalledWith(expense);
    await user.click(await screen.findByRole('button', { name: 'Open: Version 1' }));
    expect(onOpenSchema).toHaveBeenCalledWith(v1);
    const instances = await region('Instances');
    const open = (await within(instances).findAllByRole('button', { name: /^Open: [0-9a-f]{8}, / }))[0]!;
    // A form of two versions says which one each instance was started on.
    expect(within(instances).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(expect.arrayContaining(['Instance', 'Version']));
    await user.click(open);
    expect(onOpenInstance.mock.calls[0]?.[0]).toMatchObject({ formId: expense });
  });

  it('a reader sees the form, its group and whether it is public, but no button that changes it', async () => {
    backend.setCurrentUser('reader');
    renderScreen({ onOpenInBuilder: () => {} });
    await screen.findByRole('heading', { level: 1, name: 'Form: Expense Claim' });
    await region('Versions');
    await waitFor(() => expect(screen.getByText('Form group: Human Resources')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Save details' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Make current/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open in builder' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Public' })).not.toBeInTheDocument();
    expect(screen.getByText('Public: No')).toBeInTheDocument();
  });

  it('without ViewSubmissions the instances are neither shown nor read', async () => {
    backend.setCurrentUser('auditor');
    renderScreen();
    await region('Versions');
    await waitFor(() => expect(requestsTo('GetMyClaims').length).toBeGreaterThan(0));
    expect(screen.queryByRole('region', { name: 'Instances' })).not.toBeInTheDocument();
    expect(reads('FormInstanceOData')).toBe(0);
  });

  it("'Delete' asks first, soft-deletes the form with a toast, and calls back onDeleted", async () => {
    const onDeleted = vi.fn();
    const { user } = renderScreen({ onDeleted });
    await user.click(await screen.findByRole('button', { name: 'Delete Expense Claim' }));
    const dialog = await screen.findByRole('dialog', { name: "Delete form 'Expense Claim'?" });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText("'Expense Claim' was deleted. 'Show deleted' lists it, to restore it.")).toBeInTheDocument();
    expect(requestsTo('softdelete').map((r) => r.method)).toEqual(['PATCH']);
    expect(backend.db.forms.find((f) => f.formId === expense)?.isDeleted).toBe(true);
    expect(onDeleted).toHaveBeenCalledWith(expense);
    // Never the hard delete here: 'Delete permanently' lives in the lists' 'Show deleted' view.
    expect(screen.queryByRole('button', { name: /Delete permanently/ })).not.toBeInTheDocument();
  });

  it('says so when the form does not exist', async () => {
    renderScreen({ formId: '50000000-0000-4000-8000-0000000000ff' });
    expect(await screen.findByText('This form does not exist or was deleted.')).toBeInTheDocument();
  });

  it("'Back to Forms' hands back to the host, on the form's page and on the page of a form not found", async () => {
    const onBack = vi.fn();
    const { user } = renderScreen({ onBack });
    await screen.findByRole('heading', { level: 1, name: /Expense Claim/ });
    await user.click(screen.getByRole('button', { name: 'Back to Forms' }));
    expect(onBack).toHaveBeenCalledTimes(1);
    cleanup();
    const again = renderScreen({ formId: '50000000-0000-4000-8000-0000000000ff', onBack });
    await screen.findByText('This form does not exist or was deleted.');
    await again.user.click(screen.getByRole('button', { name: 'Back to Forms' }));
    expect(onBack).toHaveBeenCalledTimes(2);
  });

  it('says the form failed to load, with a retry that loads it', async () => {
    server.use(errorHandlers.failing('/odata/FormOData', 500, { once: true }));
    const { user } = renderScreen();
    expect(await screen.findByText('Failed to load the form. Please try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Form: Expense Claim' })).toBeInTheDocument();
  });

  it('a refused change says why in a toast', async () => {
    server.use(errorHandlers.failing('/api/crud/form/patch', 409, { body: { type: 'about:blank', title: 'Conflict', status: 409, detail: 'Someone changed it.' } }));
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Make current: Version 1' }));
    expect(await screen.findByText('Could not make version 1 current')).toBeInTheDocument();
    expect(screen.getByText('Someone changed it.')).toBeInTheDocument();
  });
});


describe('FormManager: the instances show their signing envelope', () => {
  it("with Signing_AllowRead a 'Signature' column names each instance's envelope status, read with the instances", async () => {
    renderScreen({ formId: seedIds.forms.loanApplication });
    const instances = await region('Instances');
    expect(await within(instances).findByRole('columnheader', { name: 'Signature' })).toBeInTheDocument();
    // The seeded loan application has an instance out for signature, a completed one, and one never sent.
    expect(await within(instances).findByText('Sent')).toBeInTheDocument();
    expect(within(instances).getAllByText('Not requested').length).toBeGreaterThan(0);
    expect(requestsTo('ListEnvelopes')).toHaveLength(0);
  });

  it('without Signing_AllowRead shows no signature column', async () => {
    // The editor views submissions; a deny of his own takes the Signing screen's read claim away.
    const now = new Date();
    backend.db.claimGrants.push({
      id: backend.newId(),
      holderKind: 'user',
      recordId: seedIds.users.editor,
      claimValue: MenuClaim.Signing_AllowRead,
      claimType: ClaimTypeFlags.UXClaim,
      allow: false,
      priorityOfPermission: 100,
      isDeleted: false,
      createdDateTime: now,
      lastUpdatedDateTime: now,
    });
    backend.setCurrentUser('editor');
    renderScreen({ formId: seedIds.forms.loanApplication });
    const instances = await region('Instances');
    expect((await within(instances).findAllByText('Completed')).length).toBeGreaterThan(0);
    expect(within(instances).queryByRole('columnheader', { name: 'Signature' })).not.toBeInTheDocument();
    expect(within(instances).queryByText('Not requested')).not.toBeInTheDocument();
  });
});

describe('FormManager: New pre-filled instance', () => {
  /** Links fields of the current version (Expense Claim v2) to the example application's paths. */
  function linkCurrentVersion(links: Record<string, string>) {
    const schema = backend.db.formSchemas.find((s) => s.formSchemaId === v2)!;
    for (const section of schema.layout.pages.flatMap((p) => p.sections)) {
      for (const field of section.fields) if (links[field.path]) field.linkedPath = links[field.path];
    }
  }
  const dialog = () => screen.findByRole('dialog', { name: 'New instance pre-filled from application data' });

  it('shows the values the example application gives the linked fields (a refused one left empty, said why), then creates the instance and opens it', async () => {
    linkCurrentVersion({ '/applicant/name': '/applicant/name', '/applicant/email': '/applicant/email', '/notes': '/loan/amount' });
    const onOpenInstance = vi.fn();
    const { user } = renderScreen({ onOpenInstance });
    await user.click(await screen.findByRole('button', { name: 'New pre-filled instance' }));
    const modal = await dialog();
    // The only record there is, picked for the person.
    expect(await within(modal).findByRole('combobox', { name: 'Application record' })).toHaveValue('Example application');
    const table = await within(modal).findByRole('table', { name: 'Values the new instance takes' });
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows[0]).toEqual(['Claimant', '/applicant/name', 'Grace Hopper']);
    expect(rows[1]).toEqual(['Email', '/applicant/email', 'grace.hopper@example.com']);
    expect(rows[2]?.slice(0, 2)).toEqual(['Notes', '/loan/amount']);
    expect(rows[2]?.[2]).toMatch(/^Left empty: /);
    expect(requestsTo('GetExampleApplication')).toHaveLength(1);
    const before = backend.db.formInstances.length;
    await user.click(within(modal).getByRole('button', { name: 'Create instance' }));
    await waitFor(() => expect(onOpenInstance).toHaveBeenCalledTimes(1));
    expect(requestsTo('Create').map((r) => r.path)).toEqual([`/api/DynamicFormLinking/Create?schemaId=${v2}`]);
    expect(backend.db.formInstances).toHaveLength(before + 1);
    const created = onOpenInstance.mock.calls[0]![0] as { formInstanceId: string; formSchemaId: string };
    expect(created.formSchemaId).toBe(v2);
    const stored = backend.db.formInstances.find((i) => i.formInstanceId === created.formInstanceId)!;
    expect(stored.data).toMatchObject({ applicant: { name: 'Grace Hopper', email: 'grace.hopper@example.com' } });
    expect(stored.data).not.toHaveProperty('notes');
    expect(await screen.findByText('Instance created from Example application.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says so when no field of the current version is linked', async () => {
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'New pre-filled instance' }));
    const modal = await dialog();
    expect(await within(modal).findByText('No field of the current version is linked to application data.')).toBeInTheDocument();
    expect(within(modal).queryByRole('table')).not.toBeInTheDocument();
  });

  it("offers the host's records: nothing is created before one is picked, and the picked one is posted", async () => {
    linkCurrentVersion({ '/applicant/name': '/applicant/name' });
    const records = [
      { id: 'a-1', label: 'Application 1 (Ada)', application: { applicant: { name: 'Ada Lovelace' } } },
      { id: 'a-2', label: 'Application 2 (Alan)', application: { applicant: { name: 'Alan Turing' } } },
    ];
    const onOpenInstance = vi.fn();
    const { user } = renderScreen({ prefillRecords: records, onOpenInstance });
    await user.click(await screen.findByRole('button', { name: 'New pre-filled instance' }));
    const modal = await dialog();
    expect(within(modal).getByRole('button', { name: 'Create instance' })).toBeDisabled();
    await user.click(within(modal).getByRole('combobox', { name: 'Application record' }));
    await user.click(await screen.findByRole('option', { name: 'Application 2 (Alan)' }));
    expect(await within(modal).findByRole('cell', { name: 'Alan Turing' })).toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Create instance' }));
    await waitFor(() => expect(onOpenInstance).toHaveBeenCalledTimes(1));
    const created = onOpenInstance.mock.calls[0]![0] as { formInstanceId: string };
    expect(backend.db.formInstances.find((i) => i.formInstanceId === created.formInstanceId)?.data).toMatchObject({ applicant: { name: 'Alan Turing' } });
    // The host gave the records: the example application is not read.
    expect(requestsTo('GetExampleApplication')).toHaveLength(0);
  });

  it('shows a failed read of the example application with Try again, and offers no Create', async () => {
    server.use(errorHandlers.failing('/api/DynamicFormLinking/GetExampleApplication', 500, { once: true }));
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'New pre-filled instance' }));
    const modal = await dialog();
    expect(await within(modal).findByText('Failed to load the application records. Please try again.')).toBeInTheDocument();
    expect(within(modal).getByRole('button', { name: 'Create instance' })).toBeDisabled();
    await user.click(within(modal).getByRole('button', { name: 'Try again' }));
    expect(await within(modal).findByRole('combobox', { name: 'Application record' })).toHaveValue('Example application');
  });

  it('is not offered without DynamicFormLinking_Create', async () => {
    backend.setCurrentUser('reader');
    renderScreen();
    expect(await screen.findByRole('heading', { level: 1, name: 'Form: Expense Claim' })).toBeInTheDocument();
    await waitFor(() => expect(requestsTo('GetMyClaims').length).toBeGreaterThan(0));
    expect(screen.queryByRole('button', { name: 'New pre-filled instance' })).not.toBeInTheDocument();
  });
});

describe('FormManager: answer columns of its instances', () => {
  it("shows the answers the person chose among the current version's fields, kept per user and form as Form Instances keeps them", async () => {
    const loan = seedIds.forms.loanApplication;
    localStorage.removeItem(answerColumnsStorageKey('ada', loan));
    const { user, unmount } = renderScreen({ formId: loan, userKey: 'ada' });
    const instances = await region('Instances');
    const columns = await within(instances).findByLabelText('Answer columns', { selector: 'input' });
    expect(within(instances).queryByRole('columnheader', { name: 'Amount' })).not.toBeInTheDocument();
    await user.click(columns);
    await user.click(await screen.findByRole('option', { name: 'Amount' }));
    expect(await within(instances).findByRole('columnheader', { name: 'Amount' })).toBeInTheDocument();
    expect(within(instances).getAllByRole('cell', { name: '25,000' }).length).toBeGreaterThan(0);
    expect(JSON.parse(localStorage.getItem(answerColumnsStorageKey('ada', loan)) ?? '[]')).toEqual(['/loan/amount']);
    unmount();
    // Back on the form: the same column, read from the browser's storage.
    renderScreen({ formId: loan, userKey: 'ada' });
    expect(await within(await region('Instances')).findByRole('columnheader', { name: 'Amount' })).toBeInTheDocument();
    localStorage.removeItem(answerColumnsStorageKey('ada', loan));
  });
});
