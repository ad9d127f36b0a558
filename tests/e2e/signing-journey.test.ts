import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { EnvelopeStatus } from '../../src/api/enums';
import type { SigningAuditEvent, SigningEnvelope, SigningSession } from '../../src/api/types';
import { ENVELOPE_STATUS_NAMES, INSTANCE_IN_SIGNING_CODE } from '../../src/domain/signing';
import { defaultLabels as L, fillLabel } from '../../src/query/labels';
import { SEED_IDS } from '../../example-host/server/db/seed';
import { loadOrCreateDevelopmentCertificate } from '../../example-host/server/signing/certificates';
import { simpleParser } from 'mailparser';
import { mailOutbox } from '../../example-host/server/db/schema';
import type { OutboxMessage, Paged } from '../../src/api/types';
import { pdfsig, pdfText, pngDataUrl } from '../server/signing-helpers';
import { newPage, signInAtProvider, startStack, storedAccessToken } from './stack';
import type { Stack } from './stack';
import {
  copySignerLink,
  declineToSign,
  envelopeName,
  envelopeRow,
  FIRST_LOAD,
  imagesPerPage,
  openSignerLink,
  requestSignatureThroughDialog,
  SIGN_PAGE,
  signByDrawing,
  signByTyping,
  signedByteRanges,
  WAIT,
} from './support/signing';

// The electronic-signature journey on the real server, in Chromium, with mail that really goes out (over SMTP to the
// server's development sink, read back on the Outbox page and as received). A visitor fills in the public Contact
// Details form; the administrator sends that instance for signature to two signers in order from the Signing screen and
// copies both links there. The first signer's link arrives by e-mail (copying a link did not revoke it); the second
// signer's copied link says it is not their turn yet; the first signs by drawing from the mailed link, the second by
// typing, on the signing page; the completion e-mail carries the signed PDF to every party. The Signing screen shows the envelope Completed and downloads the sealed PDF, which
// poppler's pdfsig reports valid, trusted, PAdES and covering the whole file (and invalid once a signed byte changes);
// its audit page names both signers, their actions and the document's SHA-256 as sent and as signed, as the audit
// trail does. Another envelope (the seeded instance) is declined by its signer, from the link mailed to them, with a
// reason, which the screen shows and the e-mail to the sender carries.

const FORM = 'Contact Details';
const VISITOR = { name: 'Mary Jackson', email: 'mary.jackson@example.com', phone: '+1 555 0199' };
const SIGNERS = [
  { name: 'Ada Lovelace', email: 'ada.lovelace@example.com', routingOrder: 1 },
  { name: 'Émile Brontë', email: 'emile.bronte@example.com', routingOrder: 2 },
] as const;
const DECLINER = { name: 'Dorothy Vaughan', email: 'dorothy.vaughan@example.com', routingOrder: 1 };
const DECLINE_REASON = 'The phone number on the form is not mine.';
const ENVELOPE_SENT = ENVELOPE_STATUS_NAMES[EnvelopeStatus.Sent];
const ENVELOPE_COMPLETED = ENVELOPE_STATUS_NAMES[EnvelopeStatus.Completed];
const ENVELOPE_DECLINED = ENVELOPE_STATUS_NAMES[EnvelopeStatus.Declined];

let stack: Stack;
let caPem: string;
/** The administrator's Signing screen, signed in once for the whole journey. */
let admin: { context: BrowserContext; page: Page; errors: string[] };

/** What the steps hand on to each other. */
const journey = {
  instanceId: '',
  links: [] as string[],
  /** The first signer's link, from their invitation e-mail. */
  mailedLink: '',
  sentDocument: new Uint8Array(),
  sentDocumentSha256: '',
  /** The pages each signer signs on, as their signing page was told. */
  placePages: [] as number[][],
  signed: new Uint8Array(),
};

beforeAll(async () => {
  // Its own backend: it declines the seeded instance's envelope, which another file filters by status.
  stack = await startStack({ ownServer: true });
  caPem = (await loadOrCreateDevelopmentCertificate(stack.server.db)).caPem;
});
afterAll(async () => {
  await admin?.context.close();
  await stack?.stop();
});

/** A call of the API with the signed-in administrator's token. */
async function api<T>(path: string): Promise<{ status: number; body: T }> {
  const token = await storedAccessToken(admin.page);
  expect(token).toBeTruthy();
  const response = await fetch(`${stack.url}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  return { status: response.status, body: (await response.json()) as T };
}

/** The envelopes of an instance, newest first, as the API lists them. */
async function envelopesOf(formInstanceId: string): Promise<SigningEnvelope[]> {
  const { status, body } = await api<SigningEnvelope[]>(`/api/Signing/ListEnvelopes?formInstanceId=${formInstanceId}`);
  expect(status).toBe(200);
  return body;
}

/** Reloads the Signing screen (the administrator coming back to it) and waits for the instance's envelope row. */
async function reloadSigningScreen(formInstanceId: string) {
  await admin.page.reload();
  await admin.page.getByRole('heading', { level: 1, name: L.sgTitle }).waitFor(WAIT);
  const row = envelopeRow(admin.page, formInstanceId);
  await row.first().waitFor(WAIT);
  return row;
}

/** The Outbox (`GET /api/Mail/Outbox`) once it holds a message `wanted` finds: the server sends mail after it answers. */
async function mailArrives(wanted: (message: OutboxMessage) => boolean): Promise<OutboxMessage[]> {
  for (const deadline = Date.now() + WAIT.timeout; ; ) {
    const { status, body } = await api<Paged<OutboxMessage>>('/api/Mail/Outbox?count=100');
    expect(status).toBe(200);
    const found = (body.list ?? []).filter(wanted);
    if (found.length || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Waits for `text` in an envelope's row of the Signing screen. A timeout says what the row showed instead: the
 * failure is then read from the report, not guessed.
 */
async function rowShows(row: Locator, text: string): Promise<void> {
  try {
    await row.getByText(text, { exact: true }).waitFor(WAIT);
  } catch (error) {
    const shown = await row.allInnerTexts().catch(() => ['(the row could not be read)']);
    throw new Error(`The envelope's row did not show ${JSON.stringify(text)} within ${WAIT.timeout} ms; it showed ${JSON.stringify(shown)}`, { cause: error });
  }
}

/** The signer lines of a row, as the Signing screen writes them. */
const signerLine = (s: { name: string; email: string; routingOrder: number }, status: string) =>
  fillLabel(L.sgSignerState, { order: s.routingOrder, name: s.name, email: s.email, status });

describe('electronic signature, end to end', () => {
  it('a visitor fills in the public Contact Details form', async () => {
    const visitor = await newPage(stack.browser);
    const page = visitor.page;
    await page.goto(`${stack.url}/form-instance/${SEED_IDS.formSchemas.contactDetailsV1}?mode=edit`);
    await page.getByRole('textbox', { name: 'Full name' }).fill(VISITOR.name, FIRST_LOAD);
    await page.getByRole('textbox', { name: 'Email' }).fill(VISITOR.email);
    await page.getByRole('textbox', { name: 'Phone' }).fill(VISITOR.phone);
    await page.getByRole('radio', { name: 'Email' }).check();
    await page.getByRole('checkbox', { name: 'I agree to be contacted' }).check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText(L.formSubmittedTitle).first().waitFor(WAIT);
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();

    // The administrator signs in on the Signing screen; the visitor's instance is the one that is not seeded.
    admin = await newPage(stack.browser);
    await admin.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.url });
    await admin.page.goto(`${stack.url}/admin/signing/`);
    await signInAtProvider(admin.page, 'admin', 'admin-password');
    await admin.page.getByRole('heading', { level: 1, name: L.sgTitle }).waitFor(FIRST_LOAD);
    const filter = encodeURIComponent(`formSchemaId eq ${SEED_IDS.formSchemas.contactDetailsV1}`);
    const found = await api<{ value: { formInstanceId: string; data: { applicant?: { name?: string } } }[] }>(`/odata/FormInstanceOData?$filter=${filter}`);
    const filled = found.body.value.filter((i) => i.formInstanceId !== SEED_IDS.formInstances.contactDetailsSample);
    expect(filled).toHaveLength(1);
    expect(filled[0]?.data.applicant?.name).toBe(VISITOR.name);
    journey.instanceId = filled[0]!.formInstanceId;
  });

  it('requests a signature from two signers in order on the Signing screen and copies both links', async () => {
    const page = admin.page;
    const name = envelopeName(FORM, journey.instanceId);
    await requestSignatureThroughDialog(page, { instanceName: name, suggested: { name: VISITOR.name, email: VISITOR.email }, signers: SIGNERS, message: 'Please sign your contact details.' });

    // The new envelope: Sent, the first signer Sent, the second waiting for their turn. The server's record first (the
    // dialog has closed: the request is done), then the screen's row.
    const [envelope] = await envelopesOf(journey.instanceId);
    expect(envelope?.signers.map((s) => [s.name, s.email, s.routingOrder, s.status])).toEqual([
      [SIGNERS[0].name, SIGNERS[0].email, 1, 'Sent'],
      [SIGNERS[1].name, SIGNERS[1].email, 2, 'Created'],
    ]);
    expect(envelope?.emailMessage).toBe('Please sign your contact details.');
    const row = envelopeRow(page, journey.instanceId);
    await rowShows(row, ENVELOPE_SENT);
    await rowShows(row, signerLine(SIGNERS[0], L.sgSignerStatusSent));
    await rowShows(row, signerLine(SIGNERS[1], L.sgSignerStatusCreated));

    // Both links copied from the screen: each the host's signing page with its own token.
    for (const signer of SIGNERS) journey.links.push(await copySignerLink(page, name, signer.name));
    for (const link of journey.links) expect(link).toMatch(new RegExp(`^${stack.url}/sign\\?token=[A-Za-z0-9_-]{20,}$`));
    expect(new Set(journey.links).size).toBe(2);

    // The first signer's invitation is in the Outbox, with their own link (another than the copied one); the second
    // signer's comes when it is their turn.
    const subject = fillLabel(L.mlInviteSubject, { form: FORM });
    expect(await mailArrives((m) => m.subject === subject && m.toAddress.includes(SIGNERS[0].email))).toHaveLength(1);
    await page.goto(`${stack.url}/admin/outbox/`);
    await page.getByRole('heading', { level: 1, name: L.obTitle }).waitFor(FIRST_LOAD);
    const invitation = page.getByRole('article', { name: subject }).filter({ hasText: SIGNERS[0].email });
    const text = (await invitation.locator('[data-outbox-text]').textContent(WAIT)) ?? '';
    expect(text).toContain(fillLabel(L.mlGreeting, { name: SIGNERS[0].name }));
    expect(text).toContain('> Please sign your contact details.');
    journey.mailedLink = new RegExp(`${stack.url}/sign\\?token=[A-Za-z0-9_-]{20,}`).exec(text)?.[0] ?? '';
    expect(journey.mailedLink).not.toBe('');
    expect(journey.mailedLink).not.toBe(journey.links[0]);
    expect(await page.getByRole('article').filter({ hasText: SIGNERS[1].email }).count()).toBe(0);
    await page.goto(`${stack.url}/admin/signing/`);
    await page.getByRole('heading', { level: 1, name: L.sgTitle }).waitFor(WAIT);
  });

  it('locks the answers while out for signature: the edit link shows them read-only, and a change is refused naming the envelope', async () => {
    const [envelope] = await envelopesOf(journey.instanceId);
    const { body: editUrl } = await api<string>(`/api/Forms/GetEditUrl?formInstanceId=${journey.instanceId}`);
    const visitor = await newPage(stack.browser);
    await visitor.page.goto(editUrl);
    await visitor.page.getByText(L.formSigningLocked).first().waitFor(FIRST_LOAD);
    await visitor.page.getByText(VISITOR.name).first().waitFor(WAIT);
    expect(await visitor.page.getByRole('textbox').count()).toBe(0);
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
    const refused = await fetch(`${stack.url}/api/crud/forminstance/patch`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await storedAccessToken(admin.page)}` },
      body: JSON.stringify({ formInstanceId: journey.instanceId, data: { applicant: { name: 'Someone Else' } } }),
    });
    expect(refused.status).toBe(409);
    const problem = (await refused.json()) as { code?: string; detail?: string };
    expect(problem.code).toBe(INSTANCE_IN_SIGNING_CODE);
    expect(problem.detail).toContain(envelope!.envelopeId);
  });

  it("tells the second signer it is not their turn before the first has signed", async () => {
    const second = await newPage(stack.browser);
    const opened = await openSignerLink(second.page, journey.links[1]!);
    expect(opened.status()).toBe(409);
    expect(((await opened.json()) as { detail?: string }).detail).toMatch(/^It is not your turn to sign yet: /);
    await second.page.getByText(SIGN_PAGE.notYourTurn).first().waitFor(WAIT);
    expect(await second.page.getByRole('button', { name: SIGN_PAGE.sign, exact: true }).count()).toBe(0);
    // Nor does the server take a signature sent past the page.
    const token = new URL(journey.links[1]!).searchParams.get('token');
    const early = await fetch(`${stack.url}/api/Signing/Sign`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, kind: 'drawn', image: pngDataUrl() }),
    });
    expect(early.status).toBe(409);
    expect(second.errors).toEqual([]);
    await second.context.close();
    const [envelope] = await envelopesOf(journey.instanceId);
    expect(envelope?.signers.map((s) => s.status)).toEqual(['Sent', 'Created']);
  });

  // Each signing page draws the document with pdf.js, and the last signature seals it: one signer per test.
  let firstSessionDocument = '';
  it('the first signer signs by drawing from the link mailed to them; the Signing screen shows them Signed and the second signer Sent', async () => {
    expect(journey.mailedLink, 'the invitation arrived').not.toBe('');
    const first = await newPage(stack.browser);
    // The link the e-mail carried, though a link of the same signer was copied after it was sent.
    const opened = await openSignerLink(first.page, journey.mailedLink);
    expect(opened.status()).toBe(200);
    const session = (await opened.json()) as SigningSession;
    expect(session).toMatchObject({ signerName: SIGNERS[0].name, signerEmail: SIGNERS[0].email, formName: FORM });
    const sent = Buffer.from(session.documentBase64, 'base64');
    expect(sent.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    journey.sentDocument = new Uint8Array(sent);
    journey.sentDocumentSha256 = createHash('sha256').update(sent).digest('hex');
    journey.placePages.push(session.places.map((p) => p.page));
    expect(session.places.length).toBeGreaterThan(0);
    const signedFirst = await signByDrawing(first.page);
    expect(signedFirst.status()).toBe(200);
    expect(signedFirst.request().postDataJSON()).toMatchObject({ kind: 'drawn', image: expect.stringMatching(/^data:image\/png;base64,/) });
    await first.page.getByText(SIGN_PAGE.done).first().waitFor(WAIT);
    expect(first.errors).toEqual([]);
    await first.context.close();

    // The screen follows: the first Signed, the second Sent.
    const row = await reloadSigningScreen(journey.instanceId);
    await rowShows(row, signerLine(SIGNERS[0], L.sgSignerStatusSigned));
    await rowShows(row, signerLine(SIGNERS[1], L.sgSignerStatusSent));
    // Now the second signer's invitation goes out.
    expect(await mailArrives((m) => m.subject === fillLabel(L.mlInviteSubject, { form: FORM }) && m.toAddress.includes(SIGNERS[1].email))).toHaveLength(1);
    firstSessionDocument = session.documentBase64;
  });

  it('the second signer, whose link was copied before, signs by typing; the envelope is Completed', async () => {
    expect(firstSessionDocument, 'the first signer has signed').not.toBe('');
    // The second signer's link, copied before, opens now.
    const second = await newPage(stack.browser);
    const openedSecond = await openSignerLink(second.page, journey.links[1]!);
    expect(openedSecond.status()).toBe(200);
    const secondSession = (await openedSecond.json()) as SigningSession;
    expect(secondSession.documentBase64).toBe(firstSessionDocument);
    journey.placePages.push(secondSession.places.map((p) => p.page));
    expect(secondSession.places.length).toBeGreaterThan(0);
    const signedSecond = await signByTyping(second.page, SIGNERS[1].name);
    expect(signedSecond.status()).toBe(200);
    expect(signedSecond.request().postDataJSON()).toMatchObject({ kind: 'typed', typedName: SIGNERS[1].name, image: expect.stringMatching(/^data:image\/png;base64,/) });
    await second.page.getByText(SIGN_PAGE.done).first().waitFor(WAIT);
    expect(second.errors).toEqual([]);
    await second.context.close();

    const row = await reloadSigningScreen(journey.instanceId);
    await rowShows(row, ENVELOPE_COMPLETED);
    for (const s of SIGNERS) await rowShows(row, signerLine(s, L.sgSignerStatusSigned));
  });

  it('downloads the signed PDF from the Signing screen; pdfsig reports it valid, trusted, PAdES and whole', async () => {
    const page = admin.page;
    const name = envelopeName(FORM, journey.instanceId);
    const [download] = await Promise.all([
      page.waitForEvent('download', WAIT),
      page.getByRole('button', { name: fillLabel(L.sgDownloadNamed, { name }), exact: true }).click(WAIT),
    ]);
    expect(download.suggestedFilename()).toBe(`${FORM} - signed.pdf`);
    await page.getByText(fillLabel(L.sgDownloaded, { file: `${FORM} - signed.pdf` }), { exact: true }).first().waitFor(WAIT);
    // Saved where this process can read it (a browser connected remotely keeps its own download folder).
    const saved = join(await mkdtemp(join(tmpdir(), 'signed-')), 'signed.pdf');
    await download.saveAs(saved);
    journey.signed = new Uint8Array(await readFile(saved));
    await rm(dirname(saved), { recursive: true, force: true });
    expect(Buffer.from(journey.signed.subarray(0, 5)).toString('latin1')).toBe('%PDF-');

    const report = await pdfsig(journey.signed, caPem);
    expect(report.output).toContain('Signature is Valid.');
    expect(report.output).toContain('Certificate is Trusted.');
    expect(report.output).toContain('ETSI.CAdES.detached');
    expect(report.output).toContain('Total document signed');
    // Both signatures drawn in their places: each page with places shows one image more per signer signing there
    // than the document as sent.
    const before = imagesPerPage(journey.sentDocument);
    const after = imagesPerPage(journey.signed);
    const pages = new Set(journey.placePages.flat());
    expect(pages.size).toBeGreaterThan(0);
    for (const page of pages) {
      const signingHere = journey.placePages.filter((placed) => placed.includes(page)).length;
      expect((after.get(page) ?? 0) - (before.get(page) ?? 0), `page ${page + 1}`).toBe(signingHere);
    }
    expect(admin.errors).toEqual([]);
  }, 60_000);

  it('sends the completion e-mail to both signers and the sender, each carrying the signed PDF as downloaded', async () => {
    const subject = fillLabel(L.mlCompletedSubject, { form: FORM });
    const completed = await mailArrives((m) => m.subject === subject);
    expect(completed.map((m) => /<([^>]+)>/.exec(m.toAddress)?.[1]).sort()).toEqual([SIGNERS[0].email, 'admin@example.com', SIGNERS[1].email].sort());
    for (const m of completed) expect(m.attachments).toEqual([{ fileName: `${FORM} - signed.pdf`, contentType: 'application/pdf', size: journey.signed.length }]);
    // As received by the sink: the attachment is the very file the Signing screen downloads.
    const rows = await stack.server.db.select({ subject: mailOutbox.subject, raw: mailOutbox.raw }).from(mailOutbox);
    const received = rows.filter((r) => r.subject === subject);
    expect(received).toHaveLength(3);
    for (const row of received) {
      const parsed = await simpleParser(Buffer.from(row.raw));
      expect(parsed.attachments).toHaveLength(1);
      expect(Buffer.compare(parsed.attachments[0]!.content, Buffer.from(journey.signed))).toBe(0);
    }
  });

  it("has an audit page with both signers, their actions and the document's SHA-256 as sent and as signed, as the audit trail says", async () => {
    const text = await pdfText(journey.signed);
    expect(text).toContain('Signing certificate');
    expect(text).toContain(`Form: ${FORM}`);
    expect(text).toContain(VISITOR.name);
    expect(text).toContain(`${SIGNERS[0].name} <${SIGNERS[0].email}> (order 1, drawn signature)`);
    expect(text).toContain(`${SIGNERS[1].name} <${SIGNERS[1].email}> (order 2, typed signature)`);
    // Each signer's own actions, from the browser that took them; when it was sent to them (the sender's act, or the
    // first signer's for the second), its time only.
    // (The document as sent names the signers too, on its signatures page: the audit page is the part from its title.)
    const audit = text.slice(text.indexOf('Signing certificate'));
    const signerPart = (i: number) => audit.slice(audit.indexOf(`${SIGNERS[i]!.name} <`), i === 0 ? audit.indexOf(`${SIGNERS[1].name} <`) : audit.indexOf('Audit trail'));
    // (Sent: the first with the envelope, the second when the first had signed.)
    for (const i of [0, 1]) {
      for (const action of ['Opened the document', 'Signed']) {
        expect(signerPart(i)).toMatch(new RegExp(`${action}: \\d{4}-\\d\\d-\\d\\dT\\S+ from IP 127\\.0\\.0\\.1, Chrome \\d+`));
      }
      expect(signerPart(i)).toMatch(/Sent: \d{4}-\d\d-\d\dT\S+\n/);
      expect(signerPart(i)).not.toMatch(/Sent: \S+ from IP/);
    }

    // The audit trail: the events in order, the document as sent the one the first signer's page showed.
    const { body: events } = await api<SigningAuditEvent[]>(`/api/Signing/GetAuditEvents?envelopeId=${(await envelopesOf(journey.instanceId))[0]!.envelopeId}`);
    expect(events.map((e) => e.kind)).toEqual(['created', 'sent', 'opened', 'signed', 'sent', 'opened', 'signed', 'completed', 'downloaded']);
    const created = events[0]!;
    expect(created.details.documentSha256).toBe(journey.sentDocumentSha256);
    const sentLine = text.match(/SHA-256 of the document as sent:\s+([0-9a-f]{64})/);
    expect(sentLine?.[1]).toBe(journey.sentDocumentSha256);
    // As signed: the signatures in place, before the audit page — another document than the one sent, and than the
    // sealed file; the value the server stored with the envelope.
    const signedLine = text.match(/SHA-256 of the document as signed[^\n]*\n\s*([0-9a-f]{64})/);
    const signedSha256 = signedLine?.[1] ?? '';
    expect(signedSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(signedSha256).not.toBe(journey.sentDocumentSha256);
    expect(signedSha256).not.toBe(createHash('sha256').update(journey.signed).digest('hex'));
    const stored = await stack.server.db.execute(sql`SELECT signed_document_sha256 FROM envelopes WHERE form_instance_id = ${journey.instanceId}`);
    expect((stored as unknown as { rows: { signed_document_sha256: string }[] }).rows[0]?.signed_document_sha256).toBe(signedSha256);
    // Every event sealed with the document is listed with its hash, in the chain's order.
    for (const e of events.filter((e) => e.kind !== 'downloaded')) expect(text).toContain(`hash ${e.hash}`);
    for (const e of events.filter((e) => e.kind === 'signed' || e.kind === 'opened')) {
      expect(e.ipAddress).toBe('127.0.0.1');
      expect(e.userAgent).toMatch(/Chrome\//);
    }
  });

  it('makes pdfsig report the signature invalid once one byte inside the signed range changes', async () => {
    const [[start, length]] = signedByteRanges(journey.signed) as [[number, number]];
    const tampered = journey.signed.slice();
    const at = start + Math.floor(length / 2);
    tampered[at] = (tampered[at] ?? 0) ^ 0x01;
    const report = await pdfsig(tampered, caPem);
    expect(report.output).not.toContain('Signature is Valid.');
    expect(report.output).toMatch(/Signature is Invalid|Digest Mismatch/i);
  }, 60_000);

  it('another envelope is declined by its signer with a reason; the Signing screen shows Declined and why', async () => {
    const seeded = SEED_IDS.formInstances.contactDetailsSample;
    const name = envelopeName(FORM, seeded);
    await requestSignatureThroughDialog(admin.page, { instanceName: name, suggested: { name: 'Grace Hopper', email: 'grace@example.com' }, signers: [DECLINER], message: 'Please sign.' });
    const [invitation] = await mailArrives((m) => m.toAddress.includes(DECLINER.email));
    const link = new RegExp(`${stack.url}/sign\\?token=[A-Za-z0-9_-]{20,}`).exec(invitation?.textBody ?? '')?.[0] ?? '';
    expect(link).not.toBe('');

    const signer = await newPage(stack.browser);
    const opened = await openSignerLink(signer.page, link);
    expect(opened.status()).toBe(200);
    const declined = await declineToSign(signer.page, DECLINE_REASON);
    expect(declined.status()).toBe(200);
    await signer.page.getByText(SIGN_PAGE.declined).first().waitFor(WAIT);
    expect(signer.errors).toEqual([]);
    await signer.context.close();

    const row = await reloadSigningScreen(seeded);
    await rowShows(row, ENVELOPE_DECLINED);
    await rowShows(row, signerLine(DECLINER, L.sgSignerStatusDeclined));
    await rowShows(row, fillLabel(L.sgDeclinedBecause, { reason: DECLINE_REASON }));
    // Nothing left to do on it: no link to copy, no download.
    expect(await admin.page.getByRole('button', { name: fillLabel(L.sgMoreActions, { name }), exact: true }).count()).toBe(0);
    expect(await admin.page.getByRole('button', { name: fillLabel(L.sgDownloadNamed, { name }), exact: true }).count()).toBe(0);
    const [envelope] = await envelopesOf(seeded);
    expect(envelope).toMatchObject({ declinedReason: DECLINE_REASON, signers: [{ status: 'Declined', declineReason: DECLINE_REASON }] });
    // What the decline page says is true: the sender was told, with the reason.
    const notice = await mailArrives((m) => m.subject === fillLabel(L.mlDeclinedSubject, { signer: DECLINER.name, form: FORM }));
    expect(notice.map((m) => m.toAddress)).toEqual([expect.stringContaining('<admin@example.com>')]);
    expect(notice[0]?.textBody).toContain(`> ${DECLINE_REASON}`);
    expect(admin.errors).toEqual([]);
  });
});
