import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { SEED_IDS } from '../../example-host/server/db/seed';
import type { OutboxMessage, Paged } from '../../src/api/types';
import { INSTANCE_CSV_FIXED_COLUMNS } from '../../src/domain/forms/export-table';
import { defaultLabels as L, fillLabel } from '../../src/query/labels';
import { newPage, signInAtProvider, startStack, storedAccessToken } from './stack';
import type { Stack } from './stack';
import { stepsOfOneJourney } from './support/journey';
import { FIRST_LOAD, openSignerLink, signByTyping, WAIT } from './support/signing';

// The responses workspace on the real server, in Chromium, with mail that really goes out (over SMTP to the server's
// development sink, read back from the Outbox): a visitor sends the public Contact Details form with an e-mail address
// and gets a receipt with their view link; the administrator shows two answer columns of the form in Form Instances,
// filters by one, reloads (the view lives in the address), exports CSV and XLSX (read back: the fields' labels, "Zoë"
// intact, the created time a date cell), opens the instance page from the list (its status history says the visitor
// sent it) and requests a signature there; the signer's link arrives by e-mail, the signer signs from it, and the
// completion e-mail carries the signed PDF.

const FORM = 'Contact Details';
const VISITOR = { name: 'Zoë Quiñones', email: 'zoe.quinones@example.com', phone: '+34 600 000 123' };
const SIGNER = { name: 'Zoë Quiñones', email: 'zoe.quinones@example.com' };

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

describe('responses workspace, end to end', () => {
  let admin: Awaited<ReturnType<typeof newPage>>;
  let page: Page;
  let instanceId = '';
  let signLink = '';
  const journey = stepsOfOneJourney();
  beforeAll(async () => {
    admin = await newPage(stack.browser);
    page = admin.page;
  });
  afterAll(async () => {
    await admin?.context.close();
  });

  /** A call of the API with the signed-in administrator's token. */
  async function api<T>(path: string): Promise<T> {
    const token = await storedAccessToken(page);
    expect(token).toBeTruthy();
    const response = await fetch(`${stack.url}${path}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  }

  /** The Outbox's message `wanted` finds, once it has arrived: the server sends its mail after it answers. */
  async function mailArrives(wanted: (message: OutboxMessage) => boolean): Promise<OutboxMessage> {
    for (const deadline = Date.now() + WAIT.timeout; ; ) {
      const found = ((await api<Paged<OutboxMessage>>('/api/Mail/Outbox?count=100')).list ?? []).filter(wanted);
      if (found.length > 0) return found[0]!;
      if (Date.now() > deadline) throw new Error('The expected e-mail did not arrive in the Outbox.');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** Clicks an export button and answers the file it downloads. */
  async function exported(button: string): Promise<{ name: string; bytes: Buffer }> {
    const [download] = (await Promise.all([page.waitForEvent('download', WAIT), page.getByRole('button', { name: button, exact: true }).click()])) as [Download, void];
    // The browser runs in another process: the file is read through Playwright's stream.
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    return { name: download.suggestedFilename(), bytes: Buffer.concat(chunks) };
  }

  const table = () => page.getByRole('table', { name: L.formInstanceListTitle });

  it('a visitor sends the public form with an e-mail address', () =>
    journey('visitor', async () => {
      const visitor = await newPage(stack.browser);
      await visitor.page.goto(`${stack.url}/form-instance/${SEED_IDS.formSchemas.contactDetailsV1}?mode=edit`);
      await visitor.page.getByRole('textbox', { name: 'Full name' }).fill(VISITOR.name, FIRST_LOAD);
      await visitor.page.getByRole('textbox', { name: 'Email' }).fill(VISITOR.email);
      await visitor.page.getByRole('textbox', { name: 'Phone' }).fill(VISITOR.phone);
      await visitor.page.getByRole('radio', { name: 'Email' }).check();
      await visitor.page.getByRole('checkbox', { name: 'I agree to be contacted' }).check();
      await visitor.page.getByRole('button', { name: 'Submit' }).click();
      await visitor.page.getByText(L.formSubmittedTitle).first().waitFor(WAIT);
      expect(visitor.errors).toEqual([]);
      await visitor.context.close();
    }));

  it('the administrator shows two answer columns, filters by one, and a reload keeps the view; the visitor got a receipt', () =>
    journey('answer columns', async () => {
      await page.goto(`${stack.url}/admin/form-instances/`);
      await signInAtProvider(page, 'admin', 'admin-password');
      await page.getByRole('heading', { level: 1, name: L.formInstanceListTitle }).waitFor(FIRST_LOAD);
      const filters = page.getByRole('group', { name: L.instanceFilters });
      await filters.getByLabel(L.filterForm, { exact: true }).click();
      await page.getByRole('option', { name: FORM, exact: true }).click();
      const columns = filters.getByLabel(L.answerColumns, { exact: true });
      await expect.poll(() => columns.isEnabled(), WAIT).toBe(true);
      await columns.click();
      await page.getByRole('option', { name: 'Full name', exact: true }).click();
      await page.getByRole('option', { name: 'Preferred contact', exact: true }).click();
      await page.keyboard.press('Escape');
      await page.getByRole('group', { name: L.answerFilters }).getByLabel('Preferred contact', { exact: true }).click();
      await page.getByRole('option', { name: 'Email', exact: true }).click();
      await table().getByRole('cell', { name: VISITOR.name, exact: true }).waitFor(WAIT);
      await expect.poll(() => new URL(page.url()).searchParams.get('answers') ?? '', WAIT).toContain('preferredContact');

      await page.reload();
      await table().getByRole('cell', { name: VISITOR.name, exact: true }).waitFor(FIRST_LOAD);
      expect(await page.getByRole('group', { name: L.answerFilters }).getByLabel('Preferred contact', { exact: true }).inputValue()).toBe('Email');

      // The visitor's instance, and the receipt mailed to them with their view link.
      const filter = encodeURIComponent(`formSchemaId eq ${SEED_IDS.formSchemas.contactDetailsV1}`);
      const found = await api<{ value: { formInstanceId: string }[] }>(`/odata/FormInstanceOData?$filter=${filter}`);
      const filled = found.value.filter((i) => i.formInstanceId !== SEED_IDS.formInstances.contactDetailsSample);
      expect(filled).toHaveLength(1);
      instanceId = filled[0]!.formInstanceId;
      const receipt = await mailArrives((m) => m.subject === fillLabel(L.mlReceiptSubject, { form: FORM }) && m.toAddress.includes(VISITOR.email));
      expect(receipt.textBody).toContain(`${stack.url}/form-instance/${SEED_IDS.formSchemas.contactDetailsV1}?mode=view&formInstanceId=${instanceId}&token=`);
    }));

  it('exports CSV and XLSX of what the filters select: labels, "Zoë" intact, the created time a date cell', () =>
    journey('exports', async () => {
      const csv = await exported(L.exportCsv);
      expect(csv.name).toMatch(/\.csv$/);
      expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = csv.bytes.toString('utf8').slice(1).split(/\r?\n/);
      expect(lines[0]).toContain('Full name');
      expect(lines.some((line) => line.includes(VISITOR.name))).toBe(true);

      const xlsx = await exported(L.exportXlsx);
      expect(xlsx.name).toMatch(/\.xlsx$/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      expect(header).toContain('Full name');
      // The instance's fixed columns come first; 'created' is its creation time.
      const created = header.indexOf(INSTANCE_CSV_FIXED_COLUMNS[4]) + 1;
      expect(created).toBeGreaterThan(0);
      const rows: unknown[][] = [];
      sheet.eachRow((row, index) => {
        if (index > 1) rows.push(row.values as unknown[]);
      });
      const visitorRow = rows.find((values) => values.includes(VISITOR.name));
      expect(visitorRow).toBeDefined();
      expect(visitorRow![created]).toBeInstanceOf(Date);
    }));

  it('opens the instance page from the list: its status history says the visitor sent it', () =>
    journey('instance page', async () => {
      const name = `${FORM} ${instanceId.slice(-8)}`;
      await page.getByRole('button', { name: `${L.openInstance} ${name}`, exact: true }).click();
      await page.getByRole('heading', { level: 1, name }).waitFor(FIRST_LOAD);
      expect(new URL(page.url()).pathname.replace(/\/$/, '')).toBe(`/admin/form-instance/${instanceId}`);
      const history = page.getByRole('region', { name: L.fidHistory });
      // The last change: to Submitted, by the visitor (the public form may create the instance as Submitted at once).
      await history.getByRole('cell', { name: L.fidHistoryVisitor, exact: true }).first().waitFor(WAIT);
      const last = (await history.locator('tbody tr').last().locator('td').allInnerTexts()).slice(1);
      expect(last[0]).toMatch(new RegExp(`${L.statusSubmitted}$`));
      expect(last[1]).toBe(L.fidHistoryVisitor);
    }));

  it("requests a signature there; the signer's link arrives by e-mail, the signer signs, and the completion e-mail carries the signed PDF", () =>
    journey('signature', async () => {
      await page.getByRole('button', { name: L.requestSignatureAction, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: L.sgRequestTitle });
      await dialog.waitFor(WAIT);
      const row = dialog.getByRole('group', { name: fillLabel(L.sgSignerRow, { index: 1 }), exact: true });
      await row.getByRole('textbox', { name: L.sgSignerName }).fill(SIGNER.name, WAIT);
      await row.getByRole('textbox', { name: L.sgSignerEmail }).fill(SIGNER.email, WAIT);
      await dialog.getByRole('button', { name: L.sgSend, exact: true }).click();
      await page.getByText(L.sgRequestedOne, { exact: true }).first().waitFor(WAIT);

      const invitation = await mailArrives((m) => m.subject === fillLabel(L.mlInviteSubject, { form: FORM }) && m.toAddress.includes(SIGNER.email));
      signLink = new RegExp(`${stack.url}/sign\\?token=[A-Za-z0-9_-]{20,}`).exec(invitation.textBody)?.[0] ?? '';
      expect(signLink).not.toBe('');

      const signer = await newPage(stack.browser);
      expect((await openSignerLink(signer.page, signLink)).ok()).toBe(true);
      expect((await signByTyping(signer.page, SIGNER.name)).ok()).toBe(true);
      await signer.context.close();

      const completed = await mailArrives((m) => m.subject === fillLabel(L.mlCompletedSubject, { form: FORM }) && m.toAddress.includes(SIGNER.email));
      expect(completed.attachments.map((a) => [a.contentType, a.fileName.endsWith('.pdf'), a.size > 1000])).toEqual([['application/pdf', true, true]]);
      expect(admin.errors).toEqual([]);
    }));
});
