// @vitest-environment node
/**
 * Signing on the reference server: envelopes through the local provider (signers in order, open / sign / decline
 * with single-signer link tokens, void, expiry, reminders), the hash-chained audit and its verification, and the
 * sealed document checked by a standard validator (poppler's pdfsig, the development CA trusted through NSS).
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvelopeStatus } from '../../src/api/enums';
import type { AuditVerification, SigningAuditEvent, SigningEnvelope, SigningSession } from '../../src/api/types';
import {
  EXPIRED_VOID_REASON,
  INVALID_SIGNER_LINK_MESSAGE,
  REMINDER_POLICY,
  SIGNER_ALREADY_DECLINED_MESSAGE,
  SIGNER_ALREADY_SIGNED_MESSAGE,
  SIGNER_LINK_LIFETIME_MS,
  nextAuditEvent,
} from '../../src/domain/signing';
import { loadOrCreateDevelopmentCertificate } from '../../example-host/server/signing/certificates';
import { readSignatureRequest } from '../../src/domain/signing';
import { getEnvelope as getSigningEnvelope, requestSignature as requestSignatureUseCase, sweepEnvelopes } from '../../src/service/signing';
import { createFakeBackend, seedIds } from '../../src/testing';
import { fakeOutbox, fakeSigningPorts } from '../../src/testing/signing-model';
import { call, callJson, START_TIMEOUT_MS, startTestServer, type TestServer } from './helpers';
import { freshInstance, pdfInfo, pdfsig, pdfText, pngDataUrl, requestSignature, signaturePng, signerLink, signingPage } from './signing-helpers';

let server: TestServer;
let editor: string;
let caPem: string;
/** The signing clock: tests move it forward. */
let clock = new Date();

beforeAll(async () => {
  server = await startTestServer({ signing: { sweepIntervalMs: null, now: () => clock } });
  editor = await server.mintAccessToken({ sub: 'editor' });
  caPem = (await loadOrCreateDevelopmentCertificate(server.db)).caPem;
}, START_TIMEOUT_MS);

afterAll(async () => {
  await server?.stop();
});

const SIGNERS = [
  { name: 'Ada Lovelace', email: 'ada@example.com', routingOrder: 1 },
  { name: 'Émile Brontë', email: 'emile@example.com', routingOrder: 2 },
];

async function envelopeFor(signers = SIGNERS, extra: Record<string, unknown> = {}): Promise<SigningEnvelope> {
  const instance = await freshInstance(server, editor);
  const { status, body } = await requestSignature(server, editor, { formInstanceId: instance.formInstanceId, signers, emailMessage: 'Please sign.', ...extra });
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

async function getEnvelope(id: string): Promise<SigningEnvelope> {
  const { status, body } = await callJson<SigningEnvelope>(server, '/api/Signing/GetEnvelope', { token: editor, query: { envelopeId: id } });
  expect(status).toBe(200);
  return body;
}

describe('an envelope signed by two signers in order', () => {
  let envelope: SigningEnvelope;
  let first: string;
  let second: string;
  let sentDocument: Buffer;
  let signed: Uint8Array;

  it('is Sent with the first signer Sent and the second waiting, and the instance shows it', async () => {
    envelope = await envelopeFor();
    expect(envelope.status).toBe(EnvelopeStatus.Sent);
    expect(envelope.signers.map((s) => s.status)).toEqual(['Sent', 'Created']);
    const odata = await callJson<{ value: { envelopeId: string; envelopeStatus: number }[] }>(server, '/odata/FormInstanceOData', {
      token: editor,
      query: { $filter: `formInstanceId eq ${envelope.formInstanceId}`, $select: 'envelopeId,envelopeStatus' },
    });
    expect(odata.body.value[0]).toMatchObject({ envelopeId: envelope.envelopeId, envelopeStatus: EnvelopeStatus.Sent });
    first = (await signerLink(server, editor, envelope.envelopeId, envelope.signers[0]!.signerId)).token;
    second = (await signerLink(server, editor, envelope.envelopeId, envelope.signers[1]!.signerId)).token;
  });

  it('refuses the second signer before the first has signed', async () => {
    const open = await signingPage(server, 'Open', { token: second });
    expect(open.status).toBe(409);
    expect(open.body.detail).toMatch(/not your turn/);
    const sign = await signingPage(server, 'Sign', { token: second, kind: 'drawn', image: pngDataUrl() });
    expect(sign.status).toBe(409);
  });

  it('refuses a link presented for another envelope or signer', async () => {
    const other = await signingPage(server, 'Open', { token: first, signerId: envelope.signers[1]!.signerId });
    expect(other.status).toBe(403);
    const otherEnvelope = await signingPage(server, 'Open', { token: first, envelopeId: crypto.randomUUID() });
    expect(otherEnvelope.status).toBe(403);
    const unknown = await signingPage(server, 'Open', { token: 'x'.repeat(43) });
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe(INVALID_SIGNER_LINK_MESSAGE);
  });

  it('opens for the first signer: Delivered, the document and the places to sign', async () => {
    const { status, body } = await signingPage<SigningSession>(server, 'Open', { token: first });
    expect(status).toBe(200);
    expect(body.status).toBe(EnvelopeStatus.Delivered);
    expect(body.signerStatus).toBe('Delivered');
    expect(body.places.length).toBeGreaterThan(0);
    sentDocument = Buffer.from(body.documentBase64, 'base64');
    expect(sentDocument.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await getEnvelope(envelope.envelopeId)).status).toBe(EnvelopeStatus.Delivered);
  });

  it('signs as the first (drawn) and the second (typed); the last signature completes the envelope', async () => {
    const one = await signingPage<SigningEnvelope>(server, 'Sign', { token: first, kind: 'drawn', image: pngDataUrl() });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body.signers.map((s) => s.status)).toEqual(['Signed', 'Sent']);
    // A used link opens nothing any more: its signer is told they signed (409), not to ask for a new link.
    const reopened = await signingPage<{ detail?: string; signerStatus?: string }>(server, 'Open', { token: first });
    expect([reopened.status, reopened.body.detail, reopened.body.signerStatus]).toEqual([409, SIGNER_ALREADY_SIGNED_MESSAGE, 'Signed']);
    expect((await signingPage(server, 'Open', { token: second })).status).toBe(200);
    const two = await signingPage<SigningEnvelope>(server, 'Sign', {
      token: second,
      kind: 'typed',
      typedName: 'Émile Brontë',
      image: pngDataUrl(signaturePng(400, 80)),
    });
    expect(two.status, JSON.stringify(two.body)).toBe(200);
    expect(two.body.status).toBe(EnvelopeStatus.Completed);
  }, 30_000);

  it('downloads the sealed PDF with a leaf file name (RFC 5987), and pdfsig reports it valid, trusted, PAdES, whole', async () => {
    const response = await call(server, '/api/Signing/DownloadDocument', { token: editor, query: { envelopeId: envelope.envelopeId } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="[^"/\\]+"; filename\*=UTF-8''[^/]+\.pdf$/);
    signed = new Uint8Array(await response.arrayBuffer());
    const report = await pdfsig(signed, caPem);
    expect(report.valid, report.output).toBe(true);
    expect(report.trusted, report.output).toBe(true);
    expect(report.cades, report.output).toBe(true);
    expect(report.wholeDocument, report.output).toBe(true);
    // The signed document keeps the title of the document as sent: the form's name, not "Untitled".
    const info = await pdfInfo(signed);
    expect(info).toMatch(/^Title:\s+\S/m);
    expect(info).not.toMatch(/^Title:\s+Untitled$/m);
  }, 30_000);

  it('has an audit page with the signers, their actions, IP and browser, and the SHA-256 as sent and as signed', async () => {
    const text = await pdfText(signed);
    expect(text).toContain('Signing certificate');
    for (const s of SIGNERS) {
      expect(text).toContain(s.name);
      expect(text).toContain(s.email);
    }
    expect(text).toContain(createHash('sha256').update(sentDocument).digest('hex'));
    const stored = await server.db.execute(sql`SELECT signed_document_sha256 FROM envelopes WHERE envelope_id = ${envelope.envelopeId}`);
    const row = (stored as unknown as { rows: { signed_document_sha256: string }[] }).rows[0];
    expect(row?.signed_document_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(text).toContain(row?.signed_document_sha256);
    expect(text).toMatch(/Signed: \d{4}-\d\d-\d\dT/);
    // Each signer's part lists when it was sent to them: the first signer with the envelope, the second after the first signed.
    const audit = text.slice(text.indexOf('Signing certificate'));
    const parts = [audit.slice(audit.indexOf(`${SIGNERS[0]!.name} <`), audit.indexOf(`${SIGNERS[1]!.name} <`)), audit.slice(audit.indexOf(`${SIGNERS[1]!.name} <`), audit.indexOf('Audit trail'))];
    // Sent is the sender's act (or the first signer's, for the second): its time only, no IP or browser under the
    // signer; what the signer did themselves says where from.
    for (const part of parts) {
      expect(part).toMatch(/^ *Sent: \d{4}-\d\d-\d\dT\S+$/m);
      expect(part).not.toMatch(/Sent: \S+ from IP/);
      expect(part).toMatch(/^ *Opened the document: \d{4}-\d\d-\d\dT\S+ from IP 127\.0\.0\.1, Chrome 131$/m);
      expect(part).toMatch(/^ *Signed: \d{4}-\d\d-\d\dT\S+ from IP 127\.0\.0\.1, Chrome 131$/m);
    }
    expect(text).toContain('127.0.0.1');
    expect(text).toContain('Chrome 131');
    // The trail's head when sealed: its 'completed' event, as the envelope row kept it then.
    const events = (await callJson<SigningAuditEvent[]>(server, '/api/Signing/GetAuditEvents', { token: editor, query: { envelopeId: envelope.envelopeId } })).body;
    const completed = events.find((e) => e.kind === 'completed')!;
    expect(text.replace(/\s+/g, ' ')).toContain(`Head of the audit trail when sealed: event ${completed.sequence} of ${completed.sequence}, hash ${completed.hash}`);
    expect(await pdfInfo(signed)).toMatch(new RegExp(`^Keywords:\\s+audit-events:${completed.sequence},? audit-head:${completed.hash}$`, 'm'));
  });

  it('makes pdfsig report the signature invalid when any byte changes after signing', async () => {
    // A byte inside the signed ranges (the first page's content), and one at the very start of the file.
    for (const at of [Math.floor(signed.length / 3), 20]) {
      const tampered = signed.slice();
      tampered[at] = (tampered[at] ?? 0) ^ 0x01;
      const report = await pdfsig(tampered, caPem);
      expect(report.valid, report.output).toBe(false);
    }
  }, 30_000);

  it('runs the validators beside the server without stopping its event loop (a stopped loop leaves kept-alive connections stale)', async () => {
    // The server shares this process: while a validator runs, its timers and this client's must go on (see runTool).
    for (const check of [() => pdfsig(signed, caPem), () => pdfText(signed), () => pdfInfo(signed)]) {
      let turned = false;
      setImmediate(() => {
        turned = true;
      });
      await check();
      expect(turned).toBe(true);
    }
  }, 30_000);

  it('keeps an audit chain that verifies, and reports the first broken link when an event is changed', async () => {
    const events = await callJson<SigningAuditEvent[]>(server, '/api/Signing/GetAuditEvents', { token: editor, query: { envelopeId: envelope.envelopeId } });
    expect(events.body.map((e) => e.kind)).toEqual(['created', 'sent', 'opened', 'signed', 'sent', 'opened', 'signed', 'completed', 'downloaded']);
    for (const [i, e] of events.body.entries()) {
      expect(e.previousHash).toBe(i === 0 ? '0'.repeat(64) : events.body[i - 1]!.hash);
    }
    const signedEvent = events.body.find((e) => e.kind === 'signed')!;
    expect(signedEvent).toMatchObject({ ipAddress: '127.0.0.1', signerId: envelope.signers[0]!.signerId });
    expect(signedEvent.userAgent).toContain('Chrome/131');
    const ok = await callJson<AuditVerification>(server, '/api/Signing/VerifyAudit', { token: editor, query: { envelopeId: envelope.envelopeId } });
    expect(ok.body).toMatchObject({ valid: true, eventCount: 9, firstBrokenSequence: null });
    // Append-only: the database refuses an update …
    await expect(server.db.execute(sql`UPDATE envelope_events SET ip_address = '10.0.0.1' WHERE envelope_id = ${envelope.envelopeId} AND sequence = 4`)).rejects.toThrow();
    // … so a forger has to switch the guard off; the chain still tells.
    await server.db.execute(sql`ALTER TABLE envelope_events DISABLE TRIGGER envelope_events_no_update`);
    await server.db.execute(sql`UPDATE envelope_events SET ip_address = '10.0.0.1' WHERE envelope_id = ${envelope.envelopeId} AND sequence = 4`);
    await server.db.execute(sql`ALTER TABLE envelope_events ENABLE TRIGGER envelope_events_no_update`);
    const broken = await callJson<AuditVerification>(server, '/api/Signing/VerifyAudit', { token: editor, query: { envelopeId: envelope.envelopeId } });
    expect(broken.body).toMatchObject({ valid: false, firstBrokenSequence: 4 });
    await server.db.execute(sql`DELETE FROM envelope_events WHERE envelope_id = ${envelope.envelopeId} AND sequence = 2`);
    const gap = await callJson<AuditVerification>(server, '/api/Signing/VerifyAudit', { token: editor, query: { envelopeId: envelope.envelopeId } });
    expect(gap.body).toMatchObject({ valid: false, problem: 'missing', firstBrokenSequence: 2 });
  });
});

describe('audit trails written before trails were keyed', () => {
  it('verify as unkeyed SHA-256 chains (said so), take new events unkeyed, and notice a deleted last event once the head is kept', async () => {
    const envelope = await envelopeFor();
    // An envelope as the migration leaves an older one: an unkeyed chain, no head until the migration records it.
    const old = (await callJson<SigningAuditEvent[]>(server, '/api/Signing/GetAuditEvents', { token: editor, query: { envelopeId: envelope.envelopeId } })).body;
    const unkeyed: SigningAuditEvent[] = [];
    for (const { hash: _hash, previousHash: _previous, sequence: _sequence, ...input } of old) unkeyed.push(await nextAuditEvent(unkeyed[unkeyed.length - 1], input));
    await server.db.execute(sql`DELETE FROM envelope_events WHERE envelope_id = ${envelope.envelopeId}`);
    for (const e of unkeyed) {
      await server.db.execute(
        sql`INSERT INTO envelope_events (envelope_id, sequence, kind, at, signer_id, actor_user_id, ip_address, user_agent, details, previous_hash, hash) VALUES (${e.envelopeId}, ${e.sequence}, ${e.kind}, ${e.at}, ${e.signerId}, ${e.actorUserId}, ${e.ipAddress}, ${e.userAgent}, ${JSON.stringify(e.details)}::jsonb, ${e.previousHash}, ${e.hash})`,
      );
    }
    await server.db.execute(sql`UPDATE envelopes SET audit_keyed = false, audit_event_count = NULL, audit_head_hash = NULL WHERE envelope_id = ${envelope.envelopeId}`);
    const verify = async () => (await callJson<AuditVerification>(server, '/api/Signing/VerifyAudit', { token: editor, query: { envelopeId: envelope.envelopeId } })).body;
    expect(await verify()).toMatchObject({ valid: true, keyed: false, eventCount: unkeyed.length, expectedEventCount: null });
    // A new event continues the unkeyed chain and records the head.
    await callJson(server, '/api/Signing/VoidEnvelope', { token: editor, method: 'POST', body: { envelopeId: envelope.envelopeId, reason: 'Old envelope.' } });
    expect(await verify()).toMatchObject({ valid: true, keyed: false, eventCount: unkeyed.length + 1, expectedEventCount: unkeyed.length + 1 });
    await server.db.execute(sql`DELETE FROM envelope_events WHERE envelope_id = ${envelope.envelopeId} AND sequence = ${unkeyed.length + 1}`);
    expect(await verify()).toMatchObject({ valid: false, keyed: false, problem: 'truncated', firstBrokenSequence: unkeyed.length + 1 });
  });
});

describe('parallel groups, decline and void', () => {
  it('lets signers of one order sign in any order; the next order waits for the whole group', async () => {
    const envelope = await envelopeFor([
      { name: 'A', email: 'a@example.com', routingOrder: 1 },
      { name: 'B', email: 'b@example.com', routingOrder: 1 },
      { name: 'C', email: 'c@example.com', routingOrder: 2 },
    ]);
    expect(envelope.signers.map((s) => s.status)).toEqual(['Sent', 'Sent', 'Created']);
    const [a, b, c] = await Promise.all(envelope.signers.map((s) => signerLink(server, editor, envelope.envelopeId, s.signerId)));
    expect((await signingPage(server, 'Open', { token: b!.token })).status).toBe(200);
    expect((await signingPage(server, 'Sign', { token: b!.token, kind: 'drawn', image: pngDataUrl() })).status).toBe(200);
    expect((await signingPage(server, 'Open', { token: c!.token })).status).toBe(409);
    expect((await signingPage(server, 'Open', { token: a!.token })).status).toBe(200);
    const done = await signingPage<SigningEnvelope>(server, 'Sign', { token: a!.token, kind: 'drawn', image: pngDataUrl() });
    expect(done.body.signers.map((s) => s.status)).toEqual(['Signed', 'Signed', 'Sent']);
    expect((await signingPage(server, 'Open', { token: c!.token })).status).toBe(200);
  });

  it('declines with a reason: Declined, the reason kept, every link refused', async () => {
    const envelope = await envelopeFor();
    const link = await signerLink(server, editor, envelope.envelopeId, envelope.signers[0]!.signerId);
    const later = await signerLink(server, editor, envelope.envelopeId, envelope.signers[1]!.signerId);
    expect((await signingPage(server, 'Decline', { token: link.token })).status).toBe(400);
    expect((await signingPage(server, 'Decline', { token: link.token, reason: '   ' })).status).toBe(400);
    const declined = await signingPage<SigningEnvelope>(server, 'Decline', { token: link.token, reason: 'The address is wrong.' });
    expect(declined.status).toBe(200);
    expect(declined.body.status).toBe(EnvelopeStatus.Declined);
    expect(declined.body.signers[0]).toMatchObject({ status: 'Declined', declineReason: 'The address is wrong.' });
    expect((await signingPage(server, 'Open', { token: later.token })).status).toBe(404);
    const own = await signingPage<{ detail?: string; signerStatus?: string }>(server, 'Open', { token: link.token });
    expect([own.status, own.body.detail, own.body.signerStatus]).toEqual([409, SIGNER_ALREADY_DECLINED_MESSAGE, 'Declined']);
    expect((await callJson(server, '/api/Signing/DownloadDocument', { token: editor, query: { envelopeId: envelope.envelopeId } })).status).toBe(409);
    // The instance can be sent again once its envelope has ended.
    const again = await requestSignature(server, editor, { formInstanceId: envelope.formInstanceId, signers: SIGNERS });
    expect(again.status).toBe(200);
  });

  it('voids with a reason (needed), refuses a second void and a second request while out for signature', async () => {
    const envelope = await envelopeFor();
    const busy = await requestSignature(server, editor, { formInstanceId: envelope.formInstanceId, signers: SIGNERS });
    expect(busy.status).toBe(409);
    const link = await signerLink(server, editor, envelope.envelopeId, envelope.signers[0]!.signerId);
    const noReason = await callJson(server, '/api/Signing/VoidEnvelope', { token: editor, method: 'POST', body: { envelopeId: envelope.envelopeId } });
    expect(noReason.status).toBe(400);
    const voided = await callJson<SigningEnvelope>(server, '/api/Signing/VoidEnvelope', {
      token: editor,
      method: 'POST',
      body: { envelopeId: envelope.envelopeId, reason: 'Sent to the wrong people.' },
    });
    expect(voided.body).toMatchObject({ status: EnvelopeStatus.Voided, voidedReason: 'Sent to the wrong people.' });
    expect((await signingPage(server, 'Open', { token: link.token })).status).toBe(404);
    const twice = await callJson(server, '/api/Signing/VoidEnvelope', { token: editor, method: 'POST', body: { envelopeId: envelope.envelopeId, reason: 'Again.' } });
    expect(twice.status).toBe(409);
  });
});

describe('expiry and reminders', () => {
  it('voids an expired envelope (the server’s reason) and refuses its links', async () => {
    clock = new Date();
    const envelope = await envelopeFor(SIGNERS, { expiresAt: new Date(clock.getTime() + 2 * 3600_000).toISOString() });
    const link = await signerLink(server, editor, envelope.envelopeId, envelope.signers[0]!.signerId);
    clock = new Date(clock.getTime() + 3 * 3600_000);
    expect((await signingPage(server, 'Open', { token: link.token })).status).toBe(404);
    const after = await getEnvelope(envelope.envelopeId);
    expect(after).toMatchObject({ status: EnvelopeStatus.Voided, voidedReason: EXPIRED_VOID_REASON });
    clock = new Date();
  });

  it('refuses a signer link past its own lifetime while the envelope is still open; a new link works', async () => {
    clock = new Date();
    const envelope = await envelopeFor();
    const link = await signerLink(server, editor, envelope.envelopeId, envelope.signers[0]!.signerId);
    expect(new Date(link.expiresAt).getTime() - clock.getTime()).toBe(SIGNER_LINK_LIFETIME_MS);
    clock = new Date(clock.getTime() + SIGNER_LINK_LIFETIME_MS + 1000);
    expect((await signingPage(server, 'Open', { token: link.token })).status).toBe(404);
    expect((await getEnvelope(envelope.envelopeId)).status).toBe(EnvelopeStatus.Sent);
    const fresh = await signerLink(server, editor, envelope.envelopeId, envelope.signers[0]!.signerId);
    expect((await signingPage(server, 'Open', { token: fresh.token })).status).toBe(200);
    // A newer link does not revoke the earlier one: back within its lifetime, it opens again.
    clock = new Date();
    expect((await signingPage(server, 'Open', { token: link.token })).status).toBe(200);
  });

  it('refuses an expiry in the past or too far ahead', async () => {
    const instance = await freshInstance(server, editor);
    for (const expiresAt of [new Date(Date.now() - 1000).toISOString(), new Date(Date.now() + 400 * 86400_000).toISOString(), 'tomorrow']) {
      const { status } = await requestSignature(server, editor, { formInstanceId: instance.formInstanceId, signers: SIGNERS, expiresAt });
      expect(status).toBe(400);
    }
  });

  it('caps reminders in number and spacing; automatic reminders come only within their window, and a new link before the one mailed last ends', async () => {
    clock = new Date();
    const envelope = await envelopeFor();
    const remind = () => callJson<SigningEnvelope & { detail?: string }>(server, '/api/Signing/RemindSigners', { token: editor, method: 'POST', body: { envelopeId: envelope.envelopeId } });
    expect((await remind()).body.remindersSent).toBe(1);
    const soon = await remind();
    expect(soon.status).toBe(409);
    expect(soon.body.detail).toMatch(/less than an hour ago/);
    for (let i = 2; i <= REMINDER_POLICY.maxReminders; i += 1) {
      clock = new Date(clock.getTime() + 2 * 3600_000);
      expect((await remind()).body.remindersSent).toBe(i);
    }
    clock = new Date(clock.getTime() + 2 * 3600_000);
    expect((await remind()).status).toBe(409);

    clock = new Date();
    const auto = await envelopeFor();
    const { signingProvider } = await import('../../example-host/server/signing/routes');
    const provider = signingProvider(server);
    await provider.sweep();
    expect((await getEnvelope(auto.envelopeId)).remindersSent).toBe(0);
    clock = new Date(clock.getTime() + REMINDER_POLICY.automaticEveryMs + 1000);
    await provider.sweep();
    expect((await getEnvelope(auto.envelopeId)).remindersSent).toBe(1);
    // Past the window no reminder of the policy comes (day 15)…
    const firstReminder = clock;
    clock = new Date(firstReminder.getTime() + 12 * 86400_000);
    await provider.sweep();
    expect((await getEnvelope(auto.envelopeId)).remindersSent).toBe(1);
    // …but a day before the link it mailed ends (day 16 of an envelope open for 30), a new link goes out.
    clock = new Date(firstReminder.getTime() + SIGNER_LINK_LIFETIME_MS - 86400_000 + 1000);
    await provider.sweep();
    expect((await getEnvelope(auto.envelopeId)).remindersSent).toBe(2);
    clock = new Date(clock.getTime() + 4 * 86400_000);
    await provider.sweep();
    expect((await getEnvelope(auto.envelopeId)).remindersSent).toBe(2);
    clock = new Date();
  });

  it("reminds on the envelope's schedule every N days past the default window and cap, until it expires: the server's sweep and the fake's, through one service", async () => {
    const DAY = 24 * 3600_000;
    const start = new Date();
    let fakeClock = start;
    /** The reminders counted after each sweep of a schedule of 2 days over 21 days, then the envelope's status. */
    const run = async (sweep: () => Promise<unknown>, read: () => Promise<SigningEnvelope>) => {
      const seen: number[] = [];
      for (const days of [1, 2, 3, 4, 6, 8, 10, 12, 14, 16, 18]) {
        fakeClock = clock = new Date(start.getTime() + days * DAY + 1000);
        await sweep();
        seen.push((await read()).remindersSent);
      }
      fakeClock = clock = new Date(start.getTime() + 21 * DAY);
      await sweep();
      const last = await read();
      return { seen, status: last.status, remindersSent: last.remindersSent, reminderEveryDays: last.reminderEveryDays };
    };
    const request = { signers: [SIGNERS[0]!], reminderEveryDays: 2, expiresAt: new Date(start.getTime() + 20 * DAY).toISOString() };

    clock = start;
    const onServer = await envelopeFor(request.signers, { reminderEveryDays: 2, expiresAt: request.expiresAt });
    const { signingProvider } = await import('../../example-host/server/signing/routes');
    const provider = signingProvider(server);
    const serverRun = await run(() => provider.sweep(), () => getEnvelope(onServer.envelopeId));

    // The fake: its own signing ports over its tables, with a clock the test moves.
    fakeClock = start;
    const backend = createFakeBackend({ now: () => fakeClock });
    const ports = fakeSigningPorts(backend, 'http://fake.test');
    const free = backend.db.formInstances.find((i) => !i.isDeleted && !i.envelopeId && i.formInstanceId === seedIds.formInstances.loanInProgress);
    const fakeEnvelope = await requestSignatureUseCase(ports, { userId: null, ipAddress: null, userAgent: null }, readSignatureRequest({ formInstanceId: free?.formInstanceId ?? '', ...request }, start));
    const fakeRun = await run(() => sweepEnvelopes(ports), () => getSigningEnvelope(ports, fakeEnvelope.envelopeId));

    expect(serverRun).toEqual({ seen: [0, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9], status: EnvelopeStatus.Voided, remindersSent: 9, reminderEveryDays: 2 });
    expect(fakeRun).toEqual(serverRun);
    // The fake's reminders went out by mail, each with the signer's own link.
    const reminders = fakeOutbox(backend.db).filter((m) => m.subject.startsWith('Reminder'));
    expect(reminders).toHaveLength(9);
    expect(reminders.every((m) => /\/sign\?token=[A-Za-z0-9_-]{43}\n/.test(m.textBody))).toBe(true);
    clock = new Date();
  });
});

describe("an envelope's documents, stored in parts", () => {
  const countParts = async (envelopeId: string, document: string) => {
    const result = await server.db.execute(sql`SELECT count(*)::int AS n FROM envelope_document_parts WHERE envelope_id = ${envelopeId} AND document = ${document}`);
    return (result as unknown as { rows: { n: number }[] }).rows[0]?.n;
  };

  it('reads back byte-identical: the document sent (as the signer opens it) and a stored value of several parts', async () => {
    const { readEnvelopeDocument, writeEnvelopeDocument } = await import('../../example-host/server/signing/store');
    const { BYTE_PART_SIZE } = await import('../../example-host/server/db/byte-parts');
    const envelope = await envelopeFor([SIGNERS[0]!]);
    const sent = await readEnvelopeDocument(server.db, envelope.envelopeId, 'sent');
    expect(sent).toBeDefined();
    expect(await countParts(envelope.envelopeId, 'sent')).toBe(Math.ceil(sent!.byteLength / BYTE_PART_SIZE));
    const token = (await signerLink(server, editor, envelope.envelopeId, envelope.signers[0]!.signerId)).token;
    const opened = await signingPage<SigningSession>(server, 'Open', { token });
    expect(Buffer.from(opened.body.documentBase64, 'base64').equals(Buffer.from(sent!))).toBe(true);
    const stored = await server.db.execute(sql`SELECT sent_document, sent_document_sha256 FROM envelopes WHERE envelope_id = ${envelope.envelopeId}`);
    const row = (stored as unknown as { rows: { sent_document: Uint8Array | null; sent_document_sha256: string }[] }).rows[0]!;
    expect(row.sent_document).toBeNull();
    expect(createHash('sha256').update(sent!).digest('hex')).toBe(row.sent_document_sha256);

    // Three whole parts and a short one, every byte value.
    const bytes = new Uint8Array(3 * BYTE_PART_SIZE + 12_345).map((_, i) => (i * 31 + (i >> 8)) & 0xff);
    await server.db.transaction((tx) => writeEnvelopeDocument(tx, envelope.envelopeId, 'sealed', bytes));
    expect(await countParts(envelope.envelopeId, 'sealed')).toBe(4);
    const back = await readEnvelopeDocument(server.db, envelope.envelopeId, 'sealed');
    expect(back?.byteLength).toBe(bytes.byteLength);
    expect(Buffer.from(back!).equals(Buffer.from(bytes))).toBe(true);
    // Stored again, it replaces the parts.
    await server.db.transaction((tx) => writeEnvelopeDocument(tx, envelope.envelopeId, 'sealed', bytes.subarray(0, 100)));
    expect(await countParts(envelope.envelopeId, 'sealed')).toBe(1);
    expect(Buffer.from((await readEnvelopeDocument(server.db, envelope.envelopeId, 'sealed'))!).equals(Buffer.from(bytes.subarray(0, 100)))).toBe(true);
  });

  it('reads an envelope stored before the parts from its row (sent_document, signed_pdf)', async () => {
    const { readEnvelopeDocument } = await import('../../example-host/server/signing/store');
    const envelope = await envelopeFor([SIGNERS[0]!]);
    const sent = (await readEnvelopeDocument(server.db, envelope.envelopeId, 'sent'))!;
    const sealed = Buffer.from('%PDF-1.7 sealed before the parts');
    await server.db.execute(sql`DELETE FROM envelope_document_parts WHERE envelope_id = ${envelope.envelopeId}`);
    await server.db.execute(
      sql`UPDATE envelopes SET sent_document = ${Buffer.from(sent)}, signed_pdf = ${sealed}, signed_pdf_size = ${sealed.byteLength} WHERE envelope_id = ${envelope.envelopeId}`,
    );
    expect(Buffer.from((await readEnvelopeDocument(server.db, envelope.envelopeId, 'sent'))!).equals(Buffer.from(sent))).toBe(true);
    expect(Buffer.from((await readEnvelopeDocument(server.db, envelope.envelopeId, 'sealed'))!).equals(sealed)).toBe(true);
    const token = (await signerLink(server, editor, envelope.envelopeId, envelope.signers[0]!.signerId)).token;
    const opened = await signingPage<SigningSession>(server, 'Open', { token });
    expect(Buffer.from(opened.body.documentBase64, 'base64').equals(Buffer.from(sent))).toBe(true);
  });
});
