import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EnvelopeStatus, FormInstanceStatus } from '../../src/api/enums';
import { AdminDashboard, DASHBOARD_DAYS } from '../../src/forms-admin/AdminHome';
import { createApiClient } from '../../src/api';
import { errorHandlers } from '../../src/testing';
import { seedDate, seedIds } from '../../src/testing/seed-ids';
import { base, renderInApi, setupFakeApi } from '../admin/support/screen';

const { backend, server } = setupFakeApi();

// The seeded instances were started in the first days after the seed's epoch.
const now = seedDate(20);
const region = (name: string | RegExp) => screen.findByRole('region', { name }, { timeout: 5000 });
const instanceReads = () => backend.requests.filter((r) => r.path.startsWith('/odata/FormInstanceOData'));

describe('AdminDashboard', () => {
  it('counts the instances started in the last 30 days by status, one $count read per status', async () => {
    renderInApi(<AdminDashboard now={now} />);
    const tile = await region('Form instances of the last 30 days');
    const table = await within(tile).findByRole('table', { name: 'Form instances started in the last 30 days, by status' });
    const since = now.getTime() - DASHBOARD_DAYS * 86_400_000;
    const expected = (status: number) =>
      backend.db.formInstances.filter((i) => !i.isDeleted && i.status === status && new Date(i.createdDateTime).getTime() >= since).length;
    const rows = within(table).getAllByRole('row').slice(1).map((row) => row.textContent);
    expect(rows).toEqual([
      `Created${expected(FormInstanceStatus.Created)}`,
      `In progress${expected(FormInstanceStatus.InProgress)}`,
      `Submitted${expected(FormInstanceStatus.Submitted)}`,
      `Completed${expected(FormInstanceStatus.Completed)}`,
    ]);
    expect(expected(FormInstanceStatus.Submitted)).toBeGreaterThan(0);
    const chart = within(tile).getByRole('img', { name: /by status\. Created: \d+, In progress: \d+, Submitted: \d+, Completed: \d+$/ });
    // The chart is drawn without a charts library: one bar per status in the theme's primary colour, the largest count
    // the tallest bar (150 px), the others in proportion.
    const statuses = [FormInstanceStatus.Created, FormInstanceStatus.InProgress, FormInstanceStatus.Submitted, FormInstanceStatus.Completed];
    const most = Math.max(...statuses.map(expected));
    for (const status of statuses) {
      const bar = chart.querySelector<HTMLElement>(`[data-bar="${status}"]`);
      const height = expected(status) > 0 ? Math.max(2, Math.round((expected(status) / most) * 150)) : 0;
      expect(bar?.style.height, `bar of status ${status}`).toBe(`${height}px`);
      expect(bar?.style.background).toContain('var(--mantine-primary-color-filled)');
    }
    expect(chart.querySelector('.recharts-surface')).toBeNull();
    const counts = instanceReads().filter((r) => decodeURIComponent(r.path).includes('$top=0') && decodeURIComponent(r.path).includes('createdDateTime ge'));
    expect(counts).toHaveLength(4);
    for (const r of counts) expect(decodeURIComponent(r.path)).toMatch(/createdDateTime ge .*status eq \d.*\$count=true/);
  });

  it('lists the latest submissions with their form, and the forms changed recently, and opens them', async () => {
    const onOpenForm = vi.fn();
    const onOpenInstance = vi.fn();
    const { user } = renderInApi(<AdminDashboard now={now} onOpenForm={onOpenForm} onOpenInstance={onOpenInstance} />);
    const latest = await region('Latest submissions');
    const items = await within(latest).findAllByRole('listitem');
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(5);
    expect(latest).toHaveTextContent(/Loan Application|Contact Request|Employee Onboarding|Expense Claim/);
    await user.click(within(items[0]!).getByRole('button'));
    expect(onOpenInstance).toHaveBeenCalledWith(expect.objectContaining({ formInstanceId: expect.any(String) }));
    // Each names its form and the instance's short id, as the other screens do: two of one form tell apart.
    const opened = onOpenInstance.mock.calls[0]![0] as { formInstanceId: string };
    expect(items[0]).toHaveTextContent(new RegExp(`^\\S.* ${opened.formInstanceId.slice(-8)}`));
    expect(onOpenInstance.mock.calls[0]![0].status).toBeGreaterThanOrEqual(FormInstanceStatus.Submitted);

    const forms = await region('Forms changed recently');
    const newest = [...backend.db.forms].filter((f) => !f.isDeleted).sort((a, b) => +new Date(b.lastUpdatedDateTime) - +new Date(a.lastUpdatedDateTime))[0]!;
    await user.click(await within(forms).findByRole('button', { name: new RegExp(`^${newest.name} Changed`) }));
    expect(onOpenForm).toHaveBeenCalledWith(newest.formId);
  });

  it('says what needs attention: the submitted instances to review and the envelopes waiting for signatures, each opening its list', async () => {
    const onOpenToReview = vi.fn();
    const onOpenWaiting = vi.fn();
    const { user } = renderInApi(<AdminDashboard now={now} onOpenToReview={onOpenToReview} onOpenWaiting={onOpenWaiting} />);
    const tile = await region('Needs attention');
    const toReview = backend.db.formInstances.filter((i) => !i.isDeleted && i.status === FormInstanceStatus.Submitted).length;
    const waiting = backend.db.envelopes.filter((e) => e.status === EnvelopeStatus.Sent || e.status === EnvelopeStatus.Delivered).length;
    expect(toReview).toBeGreaterThan(1);
    expect(waiting).toBeGreaterThan(1);
    await user.click(await within(tile).findByRole('button', { name: `${toReview} submitted form instances to review` }));
    expect(onOpenToReview).toHaveBeenCalledTimes(1);
    await user.click(within(tile).getByRole('button', { name: `${waiting} envelopes waiting for signatures` }));
    expect(onOpenWaiting).toHaveBeenCalledTimes(1);
    // Every instance handed in and not completed, whenever started: one $count read of status Submitted.
    expect(instanceReads().filter((r) => /status eq 2&.*\$top=0/.test(decodeURIComponent(r.path)) && !decodeURIComponent(r.path).includes('createdDateTime'))).toHaveLength(1);
  });

  it('says how many envelopes have e-mail that could not be sent, and opens them', async () => {
    // An invitation to an address no mail reaches (a reserved .invalid domain) fails for good, on the fake as on the server.
    const api = createApiClient({ baseUrl: base, retry: { retries: 0 } });
    await api.signing.requestSignature({ formInstanceId: seedIds.formInstances.loanCreated, signers: [{ name: 'Nobody', email: 'nobody@mail.invalid', routingOrder: 1 }] });
    const onOpenMailFailed = vi.fn();
    const { user } = renderInApi(<AdminDashboard now={now} onOpenMailFailed={onOpenMailFailed} />);
    const tile = await region('Needs attention');
    await user.click(await within(tile).findByRole('button', { name: '1 envelope with e-mail that could not be sent' }));
    expect(onOpenMailFailed).toHaveBeenCalledTimes(1);
    // One read of a single row with the count: the envelopes the mail queue names.
    const reads = backend.requests.filter((r) => r.path.startsWith('/api/Signing/ListEnvelopes') && r.path.includes('mailFailed=true'));
    expect(reads).toHaveLength(1);
    expect(reads[0]?.path).toMatch(/top=1\b/);
  });

  it('counts the form instances whose latest envelope was declined, one $count read, and opens them; one requested again no longer counts', async () => {
    const declined = () => backend.db.formInstances.filter((i) => !i.isDeleted && i.envelopeStatus === EnvelopeStatus.Declined);
    expect(declined()).toHaveLength(1);
    const onOpenDeclined = vi.fn();
    const first = renderInApi(<AdminDashboard now={now} onOpenDeclined={onOpenDeclined} />);
    await first.user.click(await within(await region('Needs attention')).findByRole('button', { name: '1 form instance whose signature was declined' }));
    expect(onOpenDeclined).toHaveBeenCalledTimes(1);
    expect(instanceReads().filter((r) => /envelopeStatus eq 6.*\$top=0.*\$count=true/.test(decodeURIComponent(r.path)))).toHaveLength(1);
    first.unmount();

    // A new request for the same instance: its row now carries the new envelope, and the declined one no longer needs attention.
    const api = createApiClient({ baseUrl: base, retry: { retries: 0 } });
    await api.signing.requestSignature({ formInstanceId: declined()[0]!.formInstanceId, signers: [{ name: 'Dennis Ritchie', email: 'd.ritchie@example.com', routingOrder: 1 }] });
    expect(declined()).toHaveLength(0);
    renderInApi(<AdminDashboard now={now} />);
    const tile = await region('Needs attention');
    await within(tile).findAllByRole('listitem');
    expect(tile).toHaveTextContent(/to review/);
    expect(tile).not.toHaveTextContent(/declined/);
  });

  it('says when nothing needs attention, in the singular for one, and when it cannot be checked', async () => {
    for (const i of backend.db.formInstances) if (i.status === FormInstanceStatus.Submitted) i.status = FormInstanceStatus.Completed;
    for (const i of backend.db.formInstances) if (i.envelopeStatus === EnvelopeStatus.Declined) i.envelopeStatus = EnvelopeStatus.Voided;
    for (const e of backend.db.envelopes) if (e.status === EnvelopeStatus.Sent || e.status === EnvelopeStatus.Delivered) e.status = EnvelopeStatus.Completed;
    const { unmount } = renderInApi(<AdminDashboard now={now} />);
    const tile = await region('Needs attention');
    expect(await within(tile).findByText('Nothing needs attention: no submitted form instance waits for review, and no envelope for signatures.')).toBeInTheDocument();
    unmount();

    backend.db.formInstances.find((i) => !i.isDeleted)!.status = FormInstanceStatus.Submitted;
    const second = renderInApi(<AdminDashboard now={now} />);
    // Without a host callback, the count is text, not a button.
    expect(await within(await region('Needs attention')).findByText('1 submitted form instance to review')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '1 submitted form instance to review' })).not.toBeInTheDocument();
    second.unmount();

    server.use(errorHandlers.failing('/api/Signing/ListEnvelopes', 500));
    renderInApi(<AdminDashboard now={now} />);
    const failed = await region('Needs attention');
    expect(await within(failed).findByText('Failed to check what needs attention. Please try again.')).toBeInTheDocument();
    expect(within(failed).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it("offers 'New form' and 'Preview a form' to those who may use them", async () => {
    const onNewForm = vi.fn();
    const onPreviewForm = vi.fn();
    const { user } = renderInApi(<AdminDashboard now={now} onNewForm={onNewForm} onPreviewForm={onPreviewForm} />);
    const actions = await region('Quick actions');
    await user.click(within(actions).getByRole('button', { name: 'New form' }));
    await user.click(within(actions).getByRole('button', { name: 'Preview a form' }));
    expect(onNewForm).toHaveBeenCalledTimes(1);
    expect(onPreviewForm).toHaveBeenCalledTimes(1);
  });

  it("offers 'Import a PDF form' with CreateForm and FormGenerator UploadPdf", async () => {
    const onImportPdf = vi.fn();
    const { user } = renderInApi(<AdminDashboard now={now} onNewForm={() => {}} onImportPdf={onImportPdf} />);
    const actions = await region('Quick actions');
    await user.click(within(actions).getByRole('button', { name: 'Import a PDF form' }));
    expect(onImportPdf).toHaveBeenCalledTimes(1);
  });

  it('hides the PDF import from a user without its claims (Aisha Auditor)', async () => {
    backend.setCurrentUser('auditor');
    renderInApi(<AdminDashboard now={now} onImportPdf={() => {}} />);
    await waitFor(() => expect(backend.requests.some((r) => r.path.includes('GetMyClaims'))).toBe(true));
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Import a PDF form' })).not.toBeInTheDocument();
  });

  it('hides the submissions tiles, and reads no instance, without ViewSubmissions (Aisha Auditor)', async () => {
    backend.setCurrentUser('auditor');
    renderInApi(<AdminDashboard now={now} onNewForm={() => {}} onPreviewForm={() => {}} />);
    await waitFor(() => expect(backend.requests.some((r) => r.path.includes('GetMyClaims'))).toBe(true));
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Form instances of the last 30 days' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Latest submissions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New form' })).not.toBeInTheDocument();
    expect(instanceReads()).toEqual([]);
  });

  it('says there is nothing for a user who holds no tile claim (Nora Newcomer), and reads nothing', async () => {
    backend.setCurrentUser('newcomer');
    renderInApi(<AdminDashboard now={now} onNewForm={() => {}} onPreviewForm={() => {}} />);
    expect(await screen.findByText('Your roles give you no tile here. Choose a screen from the menu.')).toBeInTheDocument();
    expect(screen.getAllByRole('region').map((r) => r.getAttribute('class'))).toEqual([expect.stringContaining('ccq-AdminDashboard-root')]);
    expect(backend.requests.filter((r) => r.path.startsWith('/odata/'))).toEqual([]);
  });

  it('says when nothing was started in the last 30 days', async () => {
    renderInApi(<AdminDashboard now={new Date(Date.UTC(2099, 0, 1))} />);
    const tile = await region('Form instances of the last 30 days');
    expect(await within(tile).findByText('No form instance was started in the last 30 days.')).toBeInTheDocument();
  });

  it('says when the counts cannot be read, with a retry', async () => {
    server.use(errorHandlers.failing('/odata/FormInstanceOData', 500));
    renderInApi(<AdminDashboard now={now} />);
    const tile = await region('Form instances of the last 30 days');
    expect(await within(tile).findByText('Failed to count the form instances. Please try again.')).toBeInTheDocument();
    expect(within(tile).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
