import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EnvelopeStatus, FormInstanceStatus } from '../../src/api/enums';
import * as odata from '../../src/api/odata';
import { FormInstanceList } from '../../src/forms-admin/FormInstanceList';
import { instanceQuery, isInvertedDayRange, markCompletedBlock, NO_INSTANCE_FILTERS } from '../../src/forms-admin/FormInstanceList/instance-filter';
import { defaultLabels } from '../../src/query/labels';
import { seedIds } from '../../src/testing/seed-ids';
import { seedFormSchemas } from '../../src/testing/seed-forms';
import type { FormLayout } from '../../src/contract/types';
import { answerColumnsStorageKey, answerFieldsOf, answerFilter, answerFilterOptions, answerText } from '../../src/forms-admin/FormInstanceList/answer-columns';
import { INITIAL_INSTANCE_LIST_STATE, type FormInstanceListState } from '../../src/forms-admin/FormInstanceList/useFormInstanceList';
import { renderInApi, setupFakeApi } from '../admin/support/screen';

const { backend, requestsTo } = setupFakeApi();
afterEach(() => {
  notifications.clean();
  vi.restoreAllMocks();
});

const ids = seedIds.formInstances;
const table = () => screen.getByRole('table', { name: 'Form Instances' });
const findRow = async (id: string) => (await screen.findByText(id.slice(-8), undefined, { timeout: 5000 })).closest('tr') as HTMLElement;
const row = (id: string) => {
  const cell = within(table()).getByText(id.slice(-8));
  return cell.closest('tr') as HTMLElement;
};
const lastQuery = (name: string) => {
  const all = requestsTo(name);
  return decodeURIComponent(all[all.length - 1]?.path ?? '');
};

describe('instanceQuery (the filters as OData)', () => {
  it('builds status as an in list, the group through the form, whole days (end day included) and $search', () => {
    const query = instanceQuery(
      { ...NO_INSTANCE_FILTERS, statuses: [FormInstanceStatus.Submitted, FormInstanceStatus.Completed], formGroupId: seedIds.formGroups.customerOnboarding, createdFrom: '2026-01-02', createdTo: '2026-01-03', text: 'Ada  Lovelace' },
      false,
    );
    const text = odata.buildQuery(query);
    expect(decodeURIComponent(text)).toContain('status in (2,3)');
    expect(decodeURIComponent(text)).toContain(`form/formGroupId eq ${seedIds.formGroups.customerOnboarding}`);
    expect(decodeURIComponent(text)).toContain(`createdDateTime ge ${new Date(2026, 0, 2).toISOString()}`);
    expect(decodeURIComponent(text)).toContain(`createdDateTime lt ${new Date(2026, 0, 4).toISOString()}`);
    expect(query.search).toBe('Ada AND Lovelace');
    expect(decodeURIComponent(odata.buildQuery(instanceQuery(NO_INSTANCE_FILTERS, true)))).toBe('$filter=isDeleted in (false,true)');
  });

  it("builds the signature filter: the latest envelope's statuses as an in list, 'Not requested' as no envelope, either one", () => {
    const text = (signatures: (EnvelopeStatus | null)[]) => decodeURIComponent(odata.buildQuery(instanceQuery({ ...NO_INSTANCE_FILTERS, signatures }, false)));
    expect(text([EnvelopeStatus.Declined])).toBe('$filter=isDeleted eq false and envelopeStatus in (6)');
    expect(text([null])).toBe('$filter=isDeleted eq false and envelopeId eq null');
    expect(text([null, EnvelopeStatus.Sent, EnvelopeStatus.Delivered])).toBe('$filter=isDeleted eq false and (envelopeStatus in (3,4) or envelopeId eq null)');
    expect(text([])).toBe('$filter=isDeleted eq false');
  });

  it("finds a day range the wrong way round only when both days are given and the last is before the first", () => {
    expect(isInvertedDayRange('2026-12-31', '2026-01-01')).toBe(true);
    expect(isInvertedDayRange('2026-03-01', '2026-02-28')).toBe(true);
    expect(isInvertedDayRange('2026-03-01', '2026-03-01')).toBe(false);
    expect(isInvertedDayRange('2026-01-01', '2026-12-31')).toBe(false);
    expect(isInvertedDayRange('', '2026-01-01')).toBe(false);
    expect(isInvertedDayRange('2026-12-31', '')).toBe(false);
    expect(isInvertedDayRange('2026-12-31', 'not a day')).toBe(false);
  });

  it('offers Mark completed only to staff and only on a Submitted instance, and says why otherwise', () => {
    expect(markCompletedBlock(FormInstanceStatus.Submitted, true, defaultLabels)).toBeNull();
    expect(markCompletedBlock(FormInstanceStatus.InProgress, true, defaultLabels)).toBe('Only a Submitted form instance can be completed; this one is In progress.');
    expect(markCompletedBlock(FormInstanceStatus.Completed, true, defaultLabels)).toBe('Only a Submitted form instance can be completed; this one is Completed.');
    expect(markCompletedBlock(FormInstanceStatus.Submitted, false, defaultLabels)).toBe('Only staff holding Forms_MarkCompleted complete a form instance.');
  });
});

describe('answer columns (fields, texts in the locale, OData on answers)', () => {
  const loanLayout = seedFormSchemas().find((f) => f.formSchemaId === seedIds.formSchemas.loanApplicationV1)?.layout as FormLayout;
  const fields = answerFieldsOf(loanLayout);
  const field = (path: string) => {
    const found = fields.find((f) => f.path === path);
    if (!found) throw new Error(`no field ${path}`);
    return found;
  };

  it('lists the fields in document order, a repeatable section as one column, and their OData paths', () => {
    expect(fields.slice(0, 3).map((f) => [f.path, f.label, f.odataPath])).toEqual([
      ['/applicant/name', 'Full name', 'data/applicant/name'],
      ['/applicant/email', 'Email', 'data/applicant/email'],
      ['/applicant/dateOfBirth', 'Date of birth', 'data/applicant/dateOfBirth'],
    ]);
    expect(field('/coApplicants')).toMatchObject({ kind: 'repeat', odataPath: null });
    expect(fields.map((f) => f.path)).not.toContain('/name');
  });

  it('writes answers as the form shows them, in the locale', () => {
    const data = {
      applicant: { name: 'Zoë', dateOfBirth: '1986-12-09' },
      employment: { status: 'selfEmployed', annualIncome: 98000.5 },
      consent: true,
      coApplicants: [{ name: 'A' }, { name: 'B' }],
    };
    expect(answerText(field('/applicant/name'), data, defaultLabels, 'de-DE')).toBe('Zoë');
    expect(answerText(field('/applicant/dateOfBirth'), data, defaultLabels, 'de-DE')).toBe('09.12.1986');
    expect(answerText(field('/employment/annualIncome'), data, defaultLabels, 'de-DE')).toBe('98.000,5');
    expect(answerText(field('/employment/status'), data, defaultLabels, 'de-DE')).toBe('Self-employed');
    expect(answerText(field('/consent'), data, defaultLabels, 'de-DE')).toBe('Yes');
    expect(answerText(field('/coApplicants'), data, defaultLabels, 'de-DE')).toBe('Items: 2');
    expect(answerText(field('/loan/amount'), data, defaultLabels, 'de-DE')).toBe('');
  });

  it('filters a choice by its value, a number by equality and a text by its words; only with a form chosen', () => {
    const text = (filter: ReturnType<typeof answerFilter>) => (filter ? odata.serializeFilter(filter) : null);
    expect(answerFilterOptions(field('/employment/status'), defaultLabels)?.[1]).toEqual({ value: '"selfEmployed"', label: 'Self-employed' });
    expect(text(answerFilter(field('/employment/status'), '"selfEmployed"'))).toBe("data/employment/status eq 'selfEmployed'");
    expect(text(answerFilter(field('/loan/amount'), '25000'))).toBe('data/loan/amount eq 25000');
    expect(text(answerFilter(field('/loan/amount'), 'many'))).toBeNull();
    expect(text(answerFilter(field('/consent'), 'true'))).toBe('data/consent eq true');
    expect(text(answerFilter(field('/applicant/name'), ' Grace '))).toBe("contains(tolower(data/applicant/name),'grace')");
    expect(text(answerFilter(field('/coApplicants'), 'x'))).toBeNull();
    const answers = { '/applicant/name': 'grace', '/nowhere': 'x' };
    const withForm = decodeURIComponent(odata.buildQuery(instanceQuery({ ...NO_INSTANCE_FILTERS, formId: seedIds.forms.loanApplication, answers }, false, fields)));
    expect(withForm).toContain("contains(tolower(data/applicant/name),'grace')");
    expect(withForm).not.toContain('nowhere');
    expect(decodeURIComponent(odata.buildQuery(instanceQuery({ ...NO_INSTANCE_FILTERS, answers }, false, fields)))).not.toContain('data/');
  });
});

describe('FormInstanceList', () => {
  it('shows one server page of the live instances with their form, version, status name and the total count', async () => {
    renderInApi(<FormInstanceList />);
    await findRow(ids.loanSubmitted);
    expect(within(row(ids.loanSubmitted)).getByText('Loan Application')).toBeInTheDocument();
    expect(within(row(ids.loanSubmitted)).getByText('Submitted')).toBeInTheDocument();
    expect(within(table()).queryByText(ids.expenseDeleted.slice(-8))).not.toBeInTheDocument();
    expect(screen.getByText('1–8 of 8')).toBeInTheDocument();
    const query = lastQuery('FormInstanceOData');
    expect(query).toContain('$count=true');
    expect(query).toContain('$top=20');
    expect(query).toContain('$orderby=lastUpdatedDateTime desc');
  });

  it('filters by status on the server (in list) and shows only those rows', async () => {
    const { user } = renderInApi(<FormInstanceList />);
    await findRow(ids.loanSubmitted);
    await user.click(screen.getByLabelText('Status', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Completed' }));
    await waitFor(() => expect(within(table()).queryByText(ids.loanSubmitted.slice(-8))).not.toBeInTheDocument());
    expect(row(ids.loanCompleted)).toBeTruthy();
    expect(lastQuery('FormInstanceOData')).toContain('status in (3)');
  });

  it("filters that leave nothing say so with 'Clear filters' in the table, which brings every row back; a list with no instance at all says none yet", async () => {
    const { user } = renderInApi(<FormInstanceList />);
    await findRow(ids.loanSubmitted);
    // Nothing to clear while nothing is filtered: only the filters' own button is there.
    expect(screen.getAllByRole('button', { name: 'Clear filters' })).toHaveLength(1);
    await user.type(screen.getByLabelText('Text in the answers'), 'nosuchwordanywhere');
    const nothing = await screen.findByText('No form instances match.', undefined, { timeout: 5000 });
    await waitFor(() => expect(nothing).toBeVisible());
    await user.click(within(nothing.parentElement as HTMLElement).getByRole('button', { name: 'Clear filters' }));
    await findRow(ids.loanSubmitted);
    expect(screen.getByLabelText('Text in the answers')).toHaveValue('');
    expect(lastQuery('FormInstanceOData')).not.toContain('$search');

    backend.db.formInstances = [];
    await user.click(screen.getByRole('switch', { name: 'Show deleted' }));
    await user.click(screen.getByRole('switch', { name: 'Show deleted' }));
    const none = await screen.findByText('No form instances yet.', undefined, { timeout: 5000 });
    await waitFor(() => expect(none).toBeVisible());
    expect(screen.getByText('One is made each time someone starts filling in a form.')).toBeVisible();
    expect(screen.getAllByRole('button', { name: 'Clear filters' })).toHaveLength(1);
  });

  it("folds the filters away on a phone under 'Filters', which says how many are set and opens them; from xs up they always show", async () => {
    const { user } = renderInApi(<FormInstanceList />);
    await findRow(ids.loanSubmitted);
    const toggle = screen.getByRole('button', { name: 'Filters' });
    const filters = screen.getByRole('group', { name: 'Filters' });
    // Mantine's classes: hidden below the xs breakpoint (the filters) and from it up (the button).
    expect(toggle).toHaveClass('mantine-hidden-from-xs');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', filters.id);
    expect(filters).toHaveClass('mantine-visible-from-xs');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(filters).not.toHaveClass('mantine-visible-from-xs');
    await user.type(screen.getByLabelText('Text in the answers'), 'Ada');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Filters (1)' })).toBe(toggle));
    await user.click(toggle);
    expect(filters).toHaveClass('mantine-visible-from-xs');
  });

  it("filters by signature on the server: the latest envelope's status, or 'Not requested'", async () => {
    const { user } = renderInApi(<FormInstanceList />);
    await findRow(ids.loanSubmitted);
    const signature = await screen.findByLabelText('Signature', { selector: 'input' });
    await user.click(signature);
    await user.click(await screen.findByRole('option', { name: 'Declined' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(within(table()).queryByText(ids.loanSubmitted.slice(-8))).not.toBeInTheDocument());
    expect(within(row(ids.onboardingInProgress)).getByText('Declined')).toBeInTheDocument();
    expect(within(table()).getAllByRole('row')).toHaveLength(2);
    expect(lastQuery('FormInstanceOData')).toContain('envelopeStatus in (6)');

    await user.click(signature);
    await user.click(await screen.findByRole('option', { name: 'Not requested' }));
    expect(await findRow(ids.loanCreated)).toHaveTextContent('Not requested');
    expect(row(ids.onboardingInProgress)).toBeTruthy();
    expect(within(table()).queryByText(ids.loanSubmitted.slice(-8))).not.toBeInTheDocument();
    expect(lastQuery('FormInstanceOData')).toContain('(envelopeStatus in (6) or envelopeId eq null)');
  });

  it("says under an 'until' day before its 'from' day that no instance can match, keeps both days, and bounds each picker by the other", async () => {
    renderInApi(<FormInstanceList />);
    await findRow(ids.loanSubmitted);
    const from = screen.getByLabelText('Created from');
    const until = screen.getByLabelText('Created until');
    fireEvent.change(from, { target: { value: '2026-12-31' } });
    fireEvent.change(until, { target: { value: '2026-01-01' } });
    await waitFor(() => expect(until).toHaveAccessibleDescription("Before the day in 'Created from': no instance can match."));
    expect(until).toHaveAttribute('aria-invalid', 'true');
    expect(until).toHaveValue('2026-01-01');
    expect(from).toHaveValue('2026-12-31');
    expect(until).toHaveAttribute('min', '2026-12-31');
    expect(from).toHaveAttribute('max', '2026-01-01');
    // The other range is its own: its 'until' stays as it was.
    expect(screen.getByLabelText('Updated until')).not.toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(until, { target: { value: '2027-01-01' } });
    await waitFor(() => expect(until).not.toHaveAttribute('aria-invalid', 'true'));
    expect(screen.queryByText(/no instance can match/)).not.toBeInTheDocument();
  });

  it('mounts no filter dropdown until it is opened (a closed one would place itself with floating-ui as the screen first renders)', async () => {
    const { user } = renderInApi(<FormInstanceList />);
    await findRow(ids.loanSubmitted);
    // Hidden options count too: a dropdown kept mounted while closed holds its options, hidden.
    expect(screen.queryAllByRole('option', { hidden: true })).toHaveLength(0);
    await user.click(screen.getByLabelText('Status', { selector: 'input' }));
    expect(await screen.findByRole('option', { name: 'Completed' })).toBeInTheDocument();
  });

  it("'Mark completed' is disabled with the reason on a draft, and completes a Submitted one with a toast", async () => {
    const { user } = renderInApi(<FormInstanceList />);
    await findRow(ids.loanInProgress);
    await user.click(within(row(ids.loanInProgress)).getByRole('button', { name: /^More actions for/ }));
    const blocked = await screen.findByRole('menuitem', { name: /Mark completed/ });
    expect(blocked).toHaveAttribute('aria-disabled', 'true');
    expect(blocked).toHaveTextContent('Only a Submitted form instance can be completed; this one is In progress.');
    // A click does nothing: the menu stays open, and nothing is sent.
    await user.click(blocked);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    expect(requestsTo('MarkCompleted')).toHaveLength(0);
    await user.keyboard('{Escape}');
    await user.click(within(row(ids.loanSubmitted)).getByRole('button', { name: /^More actions for/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Mark completed' }));
    expect(await screen.findByText("'Loan Application 00000003' was marked completed.")).toBeInTheDocument();
    expect(backend.db.formInstances.find((i) => i.formInstanceId === ids.loanSubmitted)?.status).toBe(FormInstanceStatus.Completed);
    await waitFor(() => expect(within(row(ids.loanSubmitted)).getByText('Completed')).toBeInTheDocument());
  });

  it("a row's '…' is a plain menu button until used: Enter opens its menu, Escape closes it and gives the focus back", async () => {
    const { user } = renderInApi(<FormInstanceList />);
    await findRow(ids.loanSubmitted);
    const more = () => within(row(ids.loanSubmitted)).getByRole('button', { name: /^More actions for/ });
    expect(more()).toHaveAttribute('aria-haspopup', 'menu');
    expect(more()).toHaveAttribute('aria-expanded', 'false');
    // No row renders a menu before one is used: a Mantine menu's target gets an id (its dropdown is labelled by it).
    const everyMore = within(table()).getAllByRole('button', { name: /^More actions for/ });
    expect(everyMore.length).toBeGreaterThan(1);
    for (const button of everyMore) expect(button).not.toHaveAttribute('id');
    more().focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(
      // (A Submitted row's 'Copy edit link' carries the reason it is disabled.)
      expect.arrayContaining([expect.stringMatching(/^Copy edit link/), 'Copy view link', 'Mark completed', 'Duplicate']),
    );
    expect(more()).toHaveAttribute('aria-expanded', 'true');
    expect(more()).toHaveAttribute('id');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument(), { timeout: 5000 });
    expect(more()).toHaveFocus();
    // Once used, the menu stays: Enter opens it again.
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Duplicate' })).toBeInTheDocument();
  });

  it("'Duplicate' asks the server for a copy and the list shows it", async () => {
    const { user } = renderInApi(<FormInstanceList />);
    await findRow(ids.loanSubmitted);
    await user.click(within(row(ids.loanSubmitted)).getByRole('button', { name: /^More actions for/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Duplicate' }));
    expect(await screen.findByText("'Loan Application 00000003' was duplicated: the copy is Created.")).toBeInTheDocument();
    expect(requestsTo('Duplicate')).toHaveLength(1);
    await screen.findByText('1–9 of 9');
  });

  it("bulk 'Delete selected' asks, soft-deletes the rows and toasts; 'Show deleted' then 'Restore selected' brings them back", async () => {
    const { user } = renderInApi(<FormInstanceList />);
    await findRow(ids.loanSubmitted);
    await user.click(within(row(ids.loanSubmitted)).getByRole('checkbox'));
    await user.click(within(row(ids.loanCreated)).getByRole('checkbox'));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 2 form instances?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('2 form instances were deleted.')).toBeInTheDocument();
    expect(requestsTo('softdelete')).toHaveLength(2);
    await screen.findByText('1–6 of 6');

    await user.click(screen.getByRole('switch', { name: 'Show deleted' }));
    await findRow(ids.loanSubmitted);
    await user.click(within(row(ids.loanSubmitted)).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Restore selected' }));
    expect(await screen.findByText('1 form instance was restored.')).toBeInTheDocument();
    expect(backend.db.formInstances.find((i) => i.formInstanceId === ids.loanSubmitted)?.isDeleted).toBe(false);
    // 'Delete permanently' only in this view, per row.
    expect(within(row(ids.loanCreated)).getByRole('button', { name: 'Delete permanently Loan Application 00000001' })).toBeInTheDocument();
  });

  it("'Export CSV' downloads every filtered row through the server with the list's filter and order", async () => {
    const created = vi.fn(() => 'blob:csv');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderInApi(<FormInstanceList />);
    await findRow(ids.loanSubmitted);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText("The form instances were exported to 'form-instances.csv'.")).toBeInTheDocument();
    const query = lastQuery('ExportInstancesCsv');
    expect(query).toContain('$filter=isDeleted eq false');
    expect(query).toContain('$orderby=lastUpdatedDateTime desc');
    expect(query).not.toContain('$top');
    const blob = (created.mock.calls[0] as unknown as [Blob])[0];
    expect((await blob.text()).split('\r\n').filter(Boolean)).toHaveLength(9);
    expect(click).toHaveBeenCalled();
  });

  it("'Open' calls the host's onOpen with the row", async () => {
    const onOpen = vi.fn();
    const { user } = renderInApi(<FormInstanceList onOpen={onOpen} />);
    await findRow(ids.loanSubmitted);
    await user.click(within(row(ids.loanSubmitted)).getByRole('button', { name: 'Open Loan Application 00000003' }));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ formInstanceId: ids.loanSubmitted, formSchemaId: seedIds.formSchemas.loanApplicationV1 }));
  });

  it("'Copy edit link' and 'Copy view link' copy the server's links and say so; a Submitted row's edit link is disabled and says why; 'Open' without onOpen opens the view link", async () => {
    const opened = vi.spyOn(window, 'open').mockImplementation(() => null);
    const { user } = renderInApi(<FormInstanceList />);
    await findRow(ids.loanSubmitted);
    await user.click(within(row(ids.loanInProgress)).getByRole('button', { name: /^More actions for/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Copy edit link' }));
    expect(await screen.findByText("The edit link of 'Loan Application 00000002' was copied.")).toBeInTheDocument();
    // user-event puts a clipboard of its own in place: read what was written there.
    expect(await navigator.clipboard.readText()).toMatch(new RegExp(`/form-instance/${seedIds.formSchemas.loanApplicationV1}\\?mode=edit&formInstanceId=${ids.loanInProgress}&token=`));
    // A visitor holding a Submitted instance's edit link could not save: the item says so instead of copying it.
    await user.click(within(row(ids.loanSubmitted)).getByRole('button', { name: /^More actions for/ }));
    const edit = await screen.findByRole('menuitem', { name: /^Copy edit link/ });
    expect(edit).toHaveAttribute('aria-disabled', 'true');
    expect(edit).toHaveAccessibleDescription('A form link can no longer change this instance: it is Submitted.');
    await user.keyboard('{Escape}');
    await user.click(within(row(ids.loanSubmitted)).getByRole('button', { name: /^More actions for/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Copy view link' }));
    expect(await screen.findByText("The view link of 'Loan Application 00000003' was copied.")).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toContain('mode=view');
    await user.click(within(row(ids.loanSubmitted)).getByRole('button', { name: 'Open Loan Application 00000003' }));
    await waitFor(() => expect(opened).toHaveBeenCalledWith(expect.stringContaining(`mode=view&formInstanceId=${ids.loanSubmitted}`), '_blank', 'noopener'));
  });

  it('a reader sees the list, and may export what it reads, but no delete, selection or link actions', async () => {
    backend.setCurrentUser('reader');
    renderInApi(<FormInstanceList />);
    await findRow(ids.loanSubmitted);
    expect(within(table()).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
    // The export needs only the claim of the read (FormInstance_SelectList).
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Open / })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Show deleted' })).not.toBeInTheDocument();
  });

  it('shows chosen answer columns of one form in the locale, sorts and filters on an answer on the server, and keeps the columns per user and form', async () => {
    const { user } = renderInApi(<FormInstanceList userKey="ada" />);
    await findRow(ids.loanSubmitted);
    const columnsInput = screen.getByLabelText('Answer columns', { selector: 'input' });
    expect(columnsInput).toBeDisabled();
    expect(screen.getByText('Choose a form to show its answers as columns.')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Form', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Loan Application' }));
    await waitFor(() => expect(columnsInput).toBeEnabled(), { timeout: 5000 });
    await user.click(columnsInput);
    await user.click(await screen.findByRole('option', { name: 'Full name' }));
    await user.click(await screen.findByRole('option', { name: 'Amount' }));
    // A column whose answer sorts on the server is a sortable header.
    expect(await within(table()).findByRole('button', { name: /Full name/ })).toBeInTheDocument();
    await waitFor(() => expect(within(row(ids.loanSubmitted)).getByText('Grace Hopper')).toBeInTheDocument(), { timeout: 5000 });
    expect(within(row(ids.loanSubmitted)).getByText('25,000')).toBeInTheDocument();
    expect(lastQuery('FormInstanceOData')).toMatch(/\$select=[^&]*\bdata\b/);
    expect(JSON.parse(window.localStorage.getItem(answerColumnsStorageKey('ada', seedIds.forms.loanApplication)) ?? '[]')).toEqual(['/applicant/name', '/loan/amount']);

    await user.click(within(table()).getByRole('button', { name: /Amount/ }));
    // The table keeps the direction it had (the latest changed first); a second click turns it: the smallest amount
    // first, Grace's 25,000 before Katherine's 40,000 (whose row was changed later, so first in the default order).
    await waitFor(() => expect(lastQuery('FormInstanceOData')).toContain('$orderby=data/loan/amount desc'), { timeout: 5000 });
    await user.click(within(table()).getByRole('button', { name: /Amount/ }));
    await waitFor(() => expect(lastQuery('FormInstanceOData')).toContain('$orderby=data/loan/amount asc'), { timeout: 5000 });
    const position = (id: string) => within(table()).getAllByRole('row').indexOf(row(id));
    await waitFor(() => expect(position(ids.loanSubmitted)).toBeLessThan(position(ids.loanCompleted)), { timeout: 5000 });

    const filters = screen.getByRole('group', { name: 'Answer filters' });
    await user.type(within(filters).getByRole('searchbox', { name: 'Full name' }), 'KATH');
    await waitFor(() => expect(within(table()).queryByText(ids.loanSubmitted.slice(-8))).not.toBeInTheDocument(), { timeout: 5000 });
    expect(within(row(ids.loanCompleted)).getByText('Katherine Johnson')).toBeInTheDocument();
    expect(lastQuery('FormInstanceOData')).toContain("contains(tolower(data/applicant/name),'kath')");
  });

  it("'Summary' sums up the chosen form's answers on the server, over the list's filters", async () => {
    const { user } = renderInApi(<FormInstanceList />);
    await findRow(ids.loanSubmitted);
    // Only once one form is chosen.
    expect(screen.queryByRole('tab', { name: 'Summary' })).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Form', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Loan Application' }));
    await user.click(await screen.findByRole('tab', { name: 'Summary' }));
    const countsOf = async (question: string) =>
      within(await screen.findByRole('table', { name: `Answers to ${question}` }, { timeout: 5000 }))
        .getAllByRole('row')
        .slice(1)
        .map((r) => [...r.querySelectorAll('td')].map((cell) => cell.textContent));
    expect(await screen.findByText('Form instances summed up: 4', undefined, { timeout: 5000 })).toBeInTheDocument();
    // A choice's options in their order, zero counts too; a number's bins; a text's latest answers.
    expect(await countsOf('Employment status')).toEqual([
      ['Employed', '2'],
      ['Self-employed', '1'],
      ['Unemployed', '0'],
      ['Retired', '0'],
    ]);
    expect(within(screen.getByRole('region', { name: 'Amount' })).getByText('Smallest 25,000, largest 40,000')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Purpose' })).getByText('Answered in 2 of 4')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Purpose' })).getByText(/^Car/)).toBeInTheDocument();
    expect(lastQuery('InstanceSummary')).toContain(`formId eq ${seedIds.forms.loanApplication}`);
    expect(screen.queryByRole('table', { name: 'Form Instances' })).not.toBeInTheDocument();

    await user.click(screen.getByLabelText('Status', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Completed' }));
    expect(await screen.findByText('Form instances summed up: 1', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(await countsOf('Employment status')).toEqual([
      ['Employed', '1'],
      ['Self-employed', '0'],
      ['Unemployed', '0'],
      ['Retired', '0'],
    ]);
    expect(lastQuery('InstanceSummary')).toContain('status in (3)');
    await user.click(screen.getByRole('tab', { name: 'Instances' }));
    expect(await findRow(ids.loanCompleted)).toBeTruthy();
  });

  it("opens on the Summary tab when the host's state says so, counts a repeatable section's questions per item, and reports the tab's change", async () => {
    const state: FormInstanceListState = { ...INITIAL_INSTANCE_LIST_STATE, filters: { ...NO_INSTANCE_FILTERS, formId: seedIds.forms.loanApplication }, view: 'summary' };
    const onStateChange = vi.fn();
    const { user } = renderInApi(<FormInstanceList state={state} onStateChange={onStateChange} />);
    expect(await screen.findByRole('tab', { name: 'Summary', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('Form instances summed up: 4', undefined, { timeout: 5000 })).toBeInTheDocument();
    // The co-applicants' relationship: one item among the four instances' co-applicants, counted per item.
    const relationship = screen.getByRole('region', { name: 'Co-applicant: Relationship' });
    expect(within(relationship).getByText('In the repeatable section Co-applicant, counted per item')).toBeInTheDocument();
    expect(within(relationship).getByText('Answered in 1 of 1 items')).toBeInTheDocument();
    expect(
      within(within(relationship).getByRole('table', { name: 'Answers to Co-applicant: Relationship' }))
        .getAllByRole('row')
        .slice(1)
        .map((r) => [...r.querySelectorAll('td')].map((cell) => cell.textContent)),
    ).toEqual([
      ['Spouse', '1'],
      ['Partner', '0'],
      ['Parent', '0'],
      ['Other', '0'],
    ]);
    expect(screen.queryByRole('table', { name: 'Form Instances' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Instances' }));
    expect(onStateChange).toHaveBeenLastCalledWith({ ...state, view: 'instances' });
  });

  it('takes its state and answer columns from the host, asks once in that order, and reports each change', async () => {
    const state: FormInstanceListState = {
      ...INITIAL_INSTANCE_LIST_STATE,
      filters: { ...NO_INSTANCE_FILTERS, formId: seedIds.forms.loanApplication },
      sort: { column: 'data/loan/amount', direction: 'desc' },
    };
    const onStateChange = vi.fn();
    const onAnswerColumnsChange = vi.fn();
    const { user } = renderInApi(
      <FormInstanceList state={state} onStateChange={onStateChange} answerColumns={['/loan/amount', '/employment/status']} onAnswerColumnsChange={onAnswerColumnsChange} />,
    );
    await findRow(ids.loanCompleted);
    const reads = requestsTo('FormInstanceOData').map((r) => decodeURIComponent(r.path));
    expect(reads).toHaveLength(1);
    expect(reads[0]).toContain('$orderby=data/loan/amount desc');
    expect(within(row(ids.loanInProgress)).getByText('Self-employed')).toBeInTheDocument();
    // The order by an answer shows on its column, and the column's choice filter offers the options' labels.
    await user.click(screen.getByLabelText('Employment status', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Employed' }));
    expect(onStateChange).toHaveBeenLastCalledWith({ ...state, filters: { ...state.filters, answers: { '/employment/status': '"employed"' } } });
    await user.click(screen.getByLabelText('Form', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Employee Onboarding' }));
    // Another form: its answer filters and the order by an answer go, and its own kept columns (none) come.
    expect(onStateChange).toHaveBeenLastCalledWith({ ...state, filters: { ...state.filters, formId: seedIds.forms.employeeOnboarding, answers: {} }, sort: INITIAL_INSTANCE_LIST_STATE.sort });
    expect(onAnswerColumnsChange).toHaveBeenLastCalledWith([]);
  });
});
