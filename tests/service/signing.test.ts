// @vitest-environment node
/**
 * The signing use cases on their own ports: the fake's in-memory store over an empty database, a clock the test moves,
 * counted ids and tokens, a mailer that records (or fails), a sealer that counts its seals. Both backends run them
 * (tests/contract holds the fake and the server to the same answers); here, what the contract suite does not reach:
 * mail (its texts, text and HTML parts, the links it carries, the signed document attached), a failing mailer, the seal made once, the sweep, the audit's user agent bound.
 */
import { describe, expect, it } from 'vitest';
import { EnvelopeStatus, FormInstanceStatus } from '../../src/contract/enums';
import type { Form, FormInstance } from '../../src/contract/types';
import { REMINDER_POLICY, type CheckedSignatureRequest } from '../../src/domain/signing';
import {
  auditTrail,
  declineEnvelope,
  downloadSignedDocument,
  openSigning,
  remindSigners,
  requestSignature,
  signEnvelope,
  signerLink,
  sweepEnvelopes,
  type SigningPorts,
} from '../../src/service/signing';
import type { SigningMail } from '../../src/service/signing-ports';
import { germanLabels } from '../../src/locales/de';
import { signingMailTextsOf } from '../../src/service/mail';
import { createEmptyDb } from '../../src/testing/db';
import { fakeSigningPorts } from '../../src/testing/signing-model';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const SENDER = uuid(900);
const actor = { userId: SENDER, ipAddress: '192.0.2.1', userAgent: 'agent' };
const signature = { kind: 'drawn' as const, png, width: 10, height: 10, typedName: null };

/** Ports over an empty database holding one form, schema and instance; `mail` records what the mailer is given. */
function setup(options: { mailer?: 'records' | 'fails' | 'none' } = {}) {
  const db = createEmptyDb();
  let clock = new Date('2026-03-01T09:00:00Z');
  let ids = 0;
  let tokens = 0;
  const mail: SigningMail[] = [];
  const seals: string[] = [];
  const row = { isDeleted: false, createdDateTime: clock, lastUpdatedDateTime: clock };
  db.forms.push({ ...row, formId: uuid(1), name: 'Loan' } as Form);
  db.formSchemas.push({
    ...row,
    formSchemaId: uuid(2),
    formId: uuid(1),
    name: 'Loan',
    version: 1,
    jsonSchema: { type: 'object', properties: { name: { type: 'string', title: 'Name' } } },
    layout: { pages: [] },
    isPublic: false,
  });
  db.formInstances.push({ ...row, formInstanceId: uuid(3), formId: uuid(1), formSchemaId: uuid(2), status: FormInstanceStatus.Submitted, envelopeId: null, envelopeStatus: null } as FormInstance);
  db.applicationUsers.push({ id: SENDER, name: 'Sam Sender', email: 'sam@example.com' } as (typeof db.applicationUsers)[number]);
  const base = fakeSigningPorts({ db, now: () => clock, newId: () => uuid(100 + ++ids) }, 'https://host.example/');
  const ports: SigningPorts = {
    ...base,
    tokens: { newToken: () => `token-${++tokens}` },
    mailer:
      options.mailer === 'none'
        ? null
        : {
            async send(message) {
              mail.push(message);
              if (options.mailer === 'fails') throw new Error('SMTP down');
            },
          },
    sealer: {
      async seal(input) {
        seals.push(input.envelopeId);
        return base.sealer.seal(input);
      },
    },
  };
  const request = (signers = [{ name: 'Ada', email: 'ada@example.com', routingOrder: 1 }, { name: 'Bob', email: 'bob@example.com', routingOrder: 2 }]): CheckedSignatureRequest => ({
    formInstanceId: uuid(3),
    signers,
    emailSubject: 'Sign the loan',
    emailMessage: 'Please.',
    expiresAt: new Date(clock.getTime() + 30 * 24 * 3600_000),
    reminderEveryDays: null,
  });
  const tokenOf = (m: SigningMail | undefined) => new URL(m?.link ?? 'https://x/').searchParams.get('token') ?? '';
  return { db, ports, mail, seals, request, tokenOf, move: (ms: number) => (clock = new Date(clock.getTime() + ms)) };
}

describe('signing mail', () => {
  it("mails the first routing group their own links, the next group when its turn comes; a reminder's link and the first both work", async () => {
    const { ports, mail, request, tokenOf, move } = setup();
    const envelope = await requestSignature(ports, actor, request());
    expect(mail.map((m) => [m.kind, m.to.email, m.subject])).toEqual([['signing-request', 'ada@example.com', 'Sign the loan']]);
    const first = mail[0]!;
    expect(first.link).toBe(`https://host.example/sign?token=token-1`);
    // Text and HTML parts, each with the greeting, the sender's message and the signer's own link.
    expect(first.text).toContain('Hello Ada,');
    expect(first.text).toContain('You are asked to sign “Loan”.');
    expect(first.text).toContain('> Please.');
    expect(first.text).toContain('https://host.example/sign?token=token-1');
    // The link's expiry in the recipient's locale (the mail's), in UTC and saying so: not an ISO date.
    expect(first.text).toContain('The link works until March 15, 2026 at 9:00 AM UTC.');
    expect(first.html).toContain('<a href="https://host.example/sign?token=token-1"');
    expect(first.html).toContain('<p>Hello Ada,</p>');
    expect(first.attachments).toEqual([]);
    move(2 * 3600_000);
    await remindSigners(ports, actor, envelope.envelopeId);
    expect(mail.map((m) => [m.kind, m.to.email])).toEqual([['signing-request', 'ada@example.com'], ['reminder', 'ada@example.com']]);
    expect(mail[1]?.subject).toBe('Reminder: Sign the loan');
    expect(mail[1]?.text).toContain('“Loan” is still waiting for your signature.');
    // The reminder's link is new, and the link sent first keeps working.
    expect(tokenOf(mail[1])).toBe('token-2');
    expect((await openSigning(ports, actor, tokenOf(mail[0]))).signerStatus).toBe('Delivered');
    await signEnvelope(ports, actor, tokenOf(mail[1]), signature);
    expect(mail.slice(2).map((m) => [m.kind, m.to.email])).toEqual([['signing-request', 'bob@example.com']]);
    // Once Ada has signed, none of her links acts again.
    await expect(openSigning(ports, actor, tokenOf(mail[0]))).rejects.toMatchObject({ status: 409 });
  });

  it('copying a link never revokes the one mailed', async () => {
    const { ports, mail, request, tokenOf } = setup();
    const envelope = await requestSignature(ports, actor, request());
    const copied = await signerLink(ports, envelope.envelopeId, envelope.signers[0]!.signerId);
    expect(copied.token).not.toBe(tokenOf(mail[0]));
    expect((await openSigning(ports, actor, tokenOf(mail[0]))).signerStatus).toBe('Delivered');
    expect((await openSigning(ports, actor, copied.token)).signerId).toBe(envelope.signers[0]!.signerId);
    expect(mail).toHaveLength(1);
  });

  it('issues no link without a mailer: a link the sender copied stays valid after a reminder', async () => {
    const { ports, request, move } = setup({ mailer: 'none' });
    const envelope = await requestSignature(ports, actor, request());
    const copied = await signerLink(ports, envelope.envelopeId, envelope.signers[0]!.signerId);
    move(2 * 3600_000);
    expect((await remindSigners(ports, actor, envelope.envelopeId)).remindersSent).toBe(1);
    expect((await openSigning(ports, actor, copied.token)).signerStatus).toBe('Delivered');
  });

  it('keeps the change when the mailer fails', async () => {
    const { ports, mail, request, db } = setup({ mailer: 'fails' });
    const envelope = await requestSignature(ports, actor, request());
    expect(mail).toHaveLength(1);
    expect(envelope.status).toBe(EnvelopeStatus.Sent);
    expect(db.formInstances[0]?.envelopeStatus).toBe(EnvelopeStatus.Sent);
  });

  it('tells the signers who signed before and the sender when a signer declines, with the reason', async () => {
    const { ports, mail, request, tokenOf } = setup();
    await requestSignature(ports, actor, request());
    await openSigning(ports, actor, tokenOf(mail[0]));
    await signEnvelope(ports, actor, tokenOf(mail[0]), signature);
    const declined = await declineEnvelope(ports, actor, tokenOf(mail[1]), 'Wrong <amount>');
    expect(declined.status).toBe(EnvelopeStatus.Declined);
    const notices = mail.filter((m) => m.kind === 'declined');
    expect(notices.map((m) => [m.to.email, m.subject])).toEqual([
      ['ada@example.com', 'Bob declined to sign “Loan”'],
      ['sam@example.com', 'Bob declined to sign “Loan”'],
    ]);
    expect(notices[1]?.text).toContain('Hello Sam Sender,');
    expect(notices[1]?.text).toContain('Bob declined to sign “Loan”. The signing has stopped. The reason given:\n\n> Wrong <amount>');
    // The HTML part escapes what a signer typed.
    expect(notices[1]?.html).toContain('Wrong &lt;amount&gt;');
    expect(notices[1]?.html).not.toContain('<amount>');
  });

  it('sends the completion to every signer and the sender with the stored signed document attached', async () => {
    const { ports, mail, seals, request, tokenOf } = setup();
    const envelope = await requestSignature(ports, actor, request());
    await openSigning(ports, actor, tokenOf(mail[0]));
    await signEnvelope(ports, actor, tokenOf(mail[0]), signature);
    expect(mail.filter((m) => m.kind === 'completed')).toEqual([]);
    await openSigning(ports, actor, tokenOf(mail[1]));
    await signEnvelope(ports, actor, tokenOf(mail[1]), signature);
    const completed = mail.filter((m) => m.kind === 'completed');
    expect(completed.map((m) => [m.to.email, m.subject])).toEqual([
      ['ada@example.com', 'Signed by everyone: “Loan”'],
      ['bob@example.com', 'Signed by everyone: “Loan”'],
      ['sam@example.com', 'Signed by everyone: “Loan”'],
    ]);
    expect(completed[0]?.text).toContain('Every signer has signed “Loan”. The signed document is attached.');
    const download = await downloadSignedDocument(ports, actor, envelope.envelopeId);
    for (const m of completed) {
      expect(m.attachments.map((a) => [a.fileName, a.contentType])).toEqual([['Loan - signed.pdf', 'application/pdf']]);
      expect(m.attachments[0]?.bytes).toEqual(download.bytes);
    }
    // Sealed once: the mail and the download share the stored document.
    expect(seals).toEqual([envelope.envelopeId]);
  });

  it('writes the mail in the texts it is given (a German pack)', async () => {
    const { ports, mail, request } = setup();
    const german = signingMailTextsOf(germanLabels);
    await requestSignature({ ...ports, mailTexts: german, mailLocale: 'de' }, actor, { ...request(), emailSubject: null, emailMessage: null });
    expect(mail[0]?.subject).toBe('Bitte unterschreiben Sie „Loan“');
    expect(mail[0]?.text).toContain('Guten Tag Ada,');
    expect(mail[0]?.text).not.toContain('>');
    expect(mail[0]?.text).toContain('Der Link gilt bis 15. März 2026 um 09:00 UTC.');
    expect(mail[0]?.html).toContain('<p>Der Link gilt bis 15. März 2026 um 09:00 UTC.</p>');
  });
});

describe('the seal, the sweep and the audit', () => {
  it('seals a completed envelope once, however often it is downloaded; each download is audited', async () => {
    const { ports, mail, seals, request, tokenOf } = setup();
    const envelope = await requestSignature(ports, actor, request([{ name: 'Ada', email: 'ada@example.com', routingOrder: 1 }]));
    await expect(downloadSignedDocument(ports, actor, envelope.envelopeId)).rejects.toMatchObject({ status: 409 });
    await openSigning(ports, actor, tokenOf(mail[0]));
    expect((await signEnvelope(ports, actor, tokenOf(mail[0]), signature)).status).toBe(EnvelopeStatus.Completed);
    expect(seals).toEqual([envelope.envelopeId]);
    const first = await downloadSignedDocument(ports, actor, envelope.envelopeId);
    const second = await downloadSignedDocument(ports, actor, envelope.envelopeId);
    expect(seals).toHaveLength(1);
    expect(second.bytes).toEqual(first.bytes);
    expect(first.fileName).toBe('Loan - signed.pdf');
    expect((await auditTrail(ports, envelope.envelopeId)).filter((e) => e.kind === 'downloaded')).toHaveLength(2);
  });

  it('sweeps: an automatic reminder once due, then expiry voids the envelope and its links', async () => {
    const { ports, mail, request, tokenOf, move } = setup();
    const envelope = await requestSignature(ports, actor, request());
    expect(await sweepEnvelopes(ports)).toEqual({ expired: 0, reminded: 0 });
    move(REMINDER_POLICY.automaticEveryMs + 1000);
    expect(await sweepEnvelopes(ports)).toEqual({ expired: 0, reminded: 1 });
    expect(mail.at(-1)?.kind).toBe('reminder');
    move(31 * 24 * 3600_000);
    expect(await sweepEnvelopes(ports)).toEqual({ expired: 1, reminded: 0 });
    const events = await auditTrail(ports, envelope.envelopeId);
    expect(events.at(-1)).toMatchObject({ kind: 'voided', actorUserId: null, details: { expired: true } });
    await expect(openSigning(ports, actor, tokenOf(mail.at(-1)))).rejects.toMatchObject({ status: 404 });
  });

  it("keeps at most 500 characters of a caller's user agent in the audit", async () => {
    const { ports, request } = setup({ mailer: 'none' });
    const envelope = await requestSignature(ports, { ...actor, userAgent: 'x'.repeat(2000) }, request());
    const events = await auditTrail(ports, envelope.envelopeId);
    expect(events.map((e) => e.userAgent?.length)).toEqual([500, 500]);
    expect(events[0]).toMatchObject({ kind: 'created', actorUserId: SENDER, details: { signers: 2, documentSource: 'answers' } });
  });
});
