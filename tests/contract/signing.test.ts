// @vitest-environment node
/**
 * Contract of signing on the fake and the reference server: the same envelope lifecycle (signers in order, open, sign,
 * decline, void, remind caps), the same refusals of links and inputs, the same FormSigner permissions, the same audit
 * trail kinds and verification, and a signed document only once completed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, isApiError, odata, type ApiClient } from '../../src/api';
import type { FormInstance, FormLayout, JsonObject, OutboxMessage, SigningEnvelope } from '../../src/api/types';
import { INSTANCE_IN_SIGNING_CODE, INSTANCE_OUT_FOR_SIGNATURE_MESSAGE, INSTANCE_SIGNED_CODE } from '../../src/domain/signing';
import { pdfText, pngDataUrl, signaturePng } from '../server/signing-helpers';
import { startFakeTarget, startServerTarget, type ContractTarget } from './targets';

const jsonSchema: JsonObject = { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties: { name: { type: 'string' } } };
const layout: FormLayout = {
  pages: [{ id: 'p', title: 'P', sections: [{ id: 's', title: 'S', fields: [{ id: 'name', path: '/name', widget: 'text', label: 'Name' }] }] }],
};
const SIGNERS = [
  { name: 'Ada', email: 'ada@example.com', routingOrder: 1 },
  { name: 'Bob', email: 'bob@example.com', routingOrder: 2 },
];

async function outcome(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
    return 'ok';
  } catch (error) {
    if (!isApiError(error)) throw error;
    return error.status;
  }
}

/** A refused call's status, problem detail and `signerStatus` extension ('ok' when it succeeded). */
async function problem(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
    return 'ok';
  } catch (error) {
    if (!isApiError(error)) throw error;
    const body = (error.result ?? {}) as { detail?: unknown; signerStatus?: unknown };
    return [error.status, body.detail ?? null, body.signerStatus ?? null];
  }
}

/** A refusal of a change to locked answers: status, code, and whether the sentence names the envelope. */
async function lock(envelopeId: string, call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
    return 'ok';
  } catch (error) {
    if (!isApiError(error)) throw error;
    const body = (error.result ?? {}) as { detail?: string; code?: unknown; envelopeId?: unknown };
    return [error.status, body.code ?? null, body.detail?.includes(envelopeId) ?? false, body.envelopeId === envelopeId];
  }
}

/**
 * The Outbox's messages that `wanted` finds, once there are `count` of them: the server sends its mail after it answers,
 * so the Outbox is read again until they have arrived (20 s at most).
 */
async function mailOf(client: ApiClient, wanted: (message: OutboxMessage) => boolean, count = 1): Promise<OutboxMessage[]> {
  for (const deadline = Date.now() + 20_000; ; ) {
    const found = ((await client.signing.listOutbox(1, 100)).list ?? []).filter(wanted);
    if (found.length >= count || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function runScenario(target: ContractTarget) {
  const facts = new Map<string, unknown>();
  const admin = target.client;
  const anonymous = target.clientAs(null);
  const form = await admin.crud.form.post({ name: 'Signing contract' });
  const schema = await admin.crud.formschema.post({ formId: form?.formId ?? '', jsonSchema, layout });
  const instance = async () => (await admin.crud.forminstance.post({ formSchemaId: schema?.formSchemaId ?? '', data: { name: 'Grace' } }))?.formInstanceId ?? '';
  /** Sends a new instance (the spec's client reads no body: the envelope is read back by its instance). */
  const request = async (client: ApiClient = admin): Promise<SigningEnvelope | null> => {
    const formInstanceId = await instance();
    await client.signing.requestSignature({ formInstanceId, signers: SIGNERS, emailMessage: 'Please sign.' });
    return (await admin.signing.listEnvelopes({ formInstanceId }))[0] ?? null;
  };
  const raw = async (path: string, body: unknown) => {
    const response = await fetch(`${target.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return response.status;
  };

  // The completed journey.
  await admin.signing.requestSignature({ formInstanceId: await instance(), signers: SIGNERS });
  const [created] = await admin.signing.listEnvelopes({ statuses: [3] });
  const envelope = created!;
  facts.set('sent', [envelope.status, envelope.signers.map((s) => [s.name, s.routingOrder, s.status])]);
  const read = await admin.odata.formInstances.list({ filter: odata.eq<FormInstance>('formInstanceId', odata.guid(envelope.formInstanceId)) });
  const instanceRow = read?.value[0];
  facts.set('instance.shows', [instanceRow?.envelopeId === envelope.envelopeId, instanceRow?.envelopeStatus]);
  const first = (await admin.signing.getSignerLink(envelope.envelopeId, envelope.signers[0]!.signerId))!;
  const second = (await admin.signing.getSignerLink(envelope.envelopeId, envelope.signers[1]!.signerId))!;
  facts.set('link.url', new URL(first.url).pathname);
  facts.set('second.first', await outcome(() => anonymous.signing.openSigning(second.token)));
  // A newer link of a signer who has not acted leaves the earlier one working: both answer alike (here: not their turn).
  const newer = (await admin.signing.getSignerLink(envelope.envelopeId, envelope.signers[1]!.signerId))!;
  facts.set('earlier.link', await problem(() => anonymous.signing.openSigning(second.token)));
  facts.set('newer.link', await problem(() => anonymous.signing.openSigning(newer.token)));
  second.token = newer.token;
  facts.set('unknown.token', await outcome(() => anonymous.signing.openSigning('x'.repeat(43))));
  facts.set('other.signer', await raw('/api/Signing/Open', { token: first.token, signerId: envelope.signers[1]!.signerId }));
  facts.set('sign.before.open', await outcome(() => anonymous.signing.sign({ token: first.token, kind: 'drawn', image: pngDataUrl() })));
  const session = (await anonymous.signing.openSigning(first.token))!;
  facts.set('open', [session.status, session.signerStatus, session.signerName, session.places.length, atob(session.documentBase64).startsWith('%PDF-')]);
  // The session says when its link ends (the link's own expiry, 14 days, before the envelope's default 30) besides the
  // envelope's expiry.
  facts.set('open.deadlines', [
    session.linkExpiresAt instanceof Date && session.linkExpiresAt.getTime() === new Date(first.expiresAt).getTime(),
    session.expiresAt !== null && Math.round((session.expiresAt.getTime() - session.linkExpiresAt.getTime()) / 86_400_000),
  ]);
  // The document as sent says the same on both backends: the form, the instance, the answer by its label, each signer.
  const said = (await pdfText(Uint8Array.from(atob(session.documentBase64), (c) => c.charCodeAt(0)))).replace(/\s+/g, ' ');
  facts.set('document.says', ['Signing contract', `Form instance ${envelope.formInstanceId}`, 'Name', 'Grace', 'Signatures', 'Ada <ada@example.com>', 'Bob <bob@example.com>'].filter((text) => !said.includes(text)));
  facts.set('not.png', await outcome(() => anonymous.signing.sign({ token: first.token, kind: 'drawn', image: 'data:image/png;base64,aGVsbG8=' })));
  facts.set('too.large', await outcome(() => anonymous.signing.sign({ token: first.token, kind: 'drawn', image: 'A'.repeat(800_000) })));
  facts.set('typed.without.name', await outcome(() => anonymous.signing.sign({ token: first.token, kind: 'typed', image: pngDataUrl() })));
  const one = (await anonymous.signing.sign({ token: first.token, kind: 'drawn', image: pngDataUrl() }))!;
  facts.set('signed.one', [one.status, one.signers.map((s) => s.status)]);
  facts.set('used.token', await problem(() => anonymous.signing.openSigning(first.token)));
  facts.set('used.token.sign', await problem(() => anonymous.signing.sign({ token: first.token, kind: 'drawn', image: pngDataUrl() })));
  facts.set('download.early', await outcome(() => admin.signing.downloadDocument(envelope.envelopeId)));
  await anonymous.signing.openSigning(second.token);
  const two = (await anonymous.signing.sign({ token: second.token, kind: 'typed', typedName: 'Bob', image: pngDataUrl(signaturePng(200, 60)) }))!;
  facts.set('completed', [two.status, two.signers.map((s) => s.status), two.completedDateTime !== null]);
  // The mail, as the Outbox lists it (the server's development sink, the fake's mailer): the first signer's invitation
  // with their link, and the completion to both signers and the sender with the signed PDF.
  const invitations = await mailOf(admin, (m) => m.subject === 'Please sign “Signing contract”' && m.toAddress.includes('<ada@example.com>'));
  facts.set('outbox.invitation', [invitations.length > 0, invitations.every((m) => /\/sign\?token=[A-Za-z0-9_-]{43}\n/.test(m.textBody))]);
  const completions = await mailOf(admin, (m) => m.subject === 'Signed by everyone: “Signing contract”', 3);
  facts.set('outbox.completed', [
    completions.map((m) => /<([^>]+)>$/.exec(m.toAddress)?.[1]).filter((e) => e?.endsWith('@example.com')).length,
    completions.filter((m) => m.toAddress.includes('<ada@example.com>') || m.toAddress.includes('<bob@example.com>')).length,
    completions.map((m) => m.attachments.map((a) => [a.fileName, a.contentType, a.size > 100])),
  ]);
  const outboxPage = await admin.signing.listOutbox(1, 2);
  facts.set('outbox.page', [outboxPage.list?.length, outboxPage.totalPageCount === Math.ceil(outboxPage.totalRecCount / 2), outboxPage.totalRecCount >= 4]);
  const file = await admin.signing.downloadDocument(envelope.envelopeId);
  facts.set('download', [file.status, file.headers.get('content-type'), /^attachment; filename="[^"]+"; filename\*=UTF-8''\S+\.pdf$/.test(file.headers.get('content-disposition') ?? ''), file.fileName?.includes('/')]);
  // Named by the form, by the domain's rule (signedDocumentFileName).
  facts.set('download.name', file.fileName);
  const events = (await admin.signing.getAuditEvents(envelope.envelopeId))!;
  facts.set('audit.kinds', events.map((e) => [e.kind, e.signerId === null ? null : envelope.signers.findIndex((s) => s.signerId === e.signerId)]));
  facts.set('audit.verified', await admin.signing.verifyAudit(envelope.envelopeId).then((v) => [v?.valid, v?.eventCount, v?.firstBrokenSequence]));
  facts.set('audit.intact', await admin.signing.verifyAudit(envelope.envelopeId));
  // A signed instance's answers are locked: staff and the visitor's edit link are refused, naming the envelope.
  facts.set('locked.completed.staff', await lock(envelope.envelopeId, () => admin.crud.forminstance.patch({ formInstanceId: envelope.formInstanceId, data: { name: 'Changed' } })));

  // Decline and void.
  const declining = (await request())!;
  const link = (await admin.signing.getSignerLink(declining.envelopeId, declining.signers[0]!.signerId))!;
  facts.set('decline.no.reason', await outcome(() => anonymous.signing.decline(link.token, ' ')));
  const declined = (await anonymous.signing.decline(link.token, 'Wrong amount.'))!;
  facts.set('declined', [declined.status, declined.declinedReason, declined.signers[0]?.status, declined.signers[0]?.declineReason]);
  facts.set('declined.link', await problem(() => anonymous.signing.openSigning(link.token)));
  const voiding = (await request())!;
  facts.set('busy', await outcome(() => admin.signing.requestSignature({ formInstanceId: voiding.formInstanceId, signers: SIGNERS })));
  // While the instance's envelope is out for signature (Sent, then Delivered once a signer opens it) a second request
  // is refused with the domain's message (checkNoOpenEnvelope); once voided, a new one may be sent.
  facts.set('busy.problem', await problem(() => admin.signing.requestSignature({ formInstanceId: voiding.formInstanceId, signers: SIGNERS })));
  const voidingLink = (await admin.signing.getSignerLink(voiding.envelopeId, voiding.signers[0]!.signerId))!;
  await anonymous.signing.openSigning(voidingLink.token);
  facts.set('busy.delivered', await problem(() => admin.signing.requestSignature({ formInstanceId: voiding.formInstanceId, signers: SIGNERS })));
  // While it is out for signature the answers are locked too; a status change alone, or a save of the same answers, passes.
  const editToken = new URL((await admin.forms.getEditUrl(voiding.formInstanceId)) ?? '').searchParams.get('token') ?? '';
  const visitor = createApiClient({ baseUrl: target.baseUrl, retry: { retries: 0 }, getAccessToken: () => editToken });
  const version2 = await admin.crud.formschema.post({ formId: form?.formId ?? '', jsonSchema, layout });
  const change = { formInstanceId: voiding.formInstanceId, data: { name: 'Changed' } };
  facts.set('locked.open.staff', await lock(voiding.envelopeId, () => admin.crud.forminstance.patch(change)));
  facts.set('locked.open.visitor', await lock(voiding.envelopeId, () => visitor.crud.forminstance.patch(change)));
  facts.set('locked.open.schema', await lock(voiding.envelopeId, () => admin.crud.forminstance.patch({ formInstanceId: voiding.formInstanceId, formSchemaId: version2?.formSchemaId ?? '' })));
  facts.set('locked.open.same', await outcome(() => admin.crud.forminstance.patch({ formInstanceId: voiding.formInstanceId, data: { name: 'Grace' }, status: 1 })));
  facts.set('void.no.reason', await outcome(() => admin.signing.voidEnvelope(voiding.envelopeId, '')));
  const voided = (await admin.signing.voidEnvelope(voiding.envelopeId, 'Not needed.'))!;
  facts.set('voided', [voided.status, voided.voidedReason]);
  facts.set('void.again', await outcome(() => admin.signing.voidEnvelope(voiding.envelopeId, 'Again.')));
  // Voided: a correction may be made (and the void is in the audit trail).
  facts.set('unlocked.after.void', [
    await outcome(() => admin.crud.forminstance.patch(change)),
    await outcome(() => visitor.crud.forminstance.patch({ ...change, data: { name: 'Grace Hopper' } })),
    (await admin.signing.getAuditEvents(voiding.envelopeId))?.map((e) => [e.kind, e.details.reason ?? null]).slice(-1),
  ]);
  facts.set('remind.voided', await outcome(() => admin.signing.remindSigners(voiding.envelopeId)));
  facts.set('request.after.void', await outcome(() => admin.signing.requestSignature({ formInstanceId: voiding.formInstanceId, signers: SIGNERS })));
  facts.set('request.after.decline', await outcome(() => admin.signing.requestSignature({ formInstanceId: declining.formInstanceId, signers: SIGNERS })));
  // $count=true: the page with the count of every matching envelope (the voided one and the one sent after it).
  const counted = await admin.signing.listEnvelopePage({ formInstanceId: voiding.formInstanceId, top: 1 });
  facts.set('list.count', [counted.value.length, counted['@odata.count'], (await admin.signing.listEnvelopes({ formInstanceId: voiding.formInstanceId })).length]);

  // Tampering with stored trails: a changed event, an event deleted from the middle, the last event deleted.
  const audited = async (action: 'change' | 'delete', at: (count: number) => number) => {
    const sent = (await request())!;
    await admin.signing.voidEnvelope(sent.envelopeId, 'Audit check.');
    const count = (await admin.signing.getAuditEvents(sent.envelopeId))?.length ?? 0;
    await target.tamperAudit(sent.envelopeId, action, at(count));
    const { envelopeId: _id, ...verdict } = (await admin.signing.verifyAudit(sent.envelopeId))!;
    return verdict;
  };
  facts.set('audit.changed', await audited('change', () => 2));
  facts.set('audit.deleted', await audited('delete', () => 2));
  facts.set('audit.truncated', await audited('delete', (count) => count));

  // Reminders.
  const reminding = (await request())!;
  facts.set('remind', (await admin.signing.remindSigners(reminding.envelopeId))?.remindersSent);
  facts.set('remind.soon', await outcome(() => admin.signing.remindSigners(reminding.envelopeId)));

  // A reminder schedule, chosen when requesting: kept and shown on the envelope; refused out of its bounds.
  const scheduledId = await instance();
  await admin.signing.requestSignature({ formInstanceId: scheduledId, signers: [SIGNERS[0]!], reminderEveryDays: 2 });
  const scheduled = (await admin.signing.listEnvelopes({ formInstanceId: scheduledId }))[0];
  facts.set('schedule', [scheduled?.reminderEveryDays, (await admin.signing.getEnvelope(scheduled?.envelopeId ?? ''))?.reminderEveryDays, reminding.reminderEveryDays]);
  facts.set('schedule.bad', [
    await outcome(() => admin.signing.requestSignature({ formInstanceId: scheduledId, signers: SIGNERS, reminderEveryDays: 0 })),
    await outcome(() => admin.signing.requestSignature({ formInstanceId: scheduledId, signers: SIGNERS, reminderEveryDays: 31 })),
    await outcome(() => admin.signing.requestSignature({ formInstanceId: scheduledId, signers: SIGNERS, reminderEveryDays: 1.5 })),
  ]);
  await admin.signing.voidEnvelope(scheduled?.envelopeId ?? '', 'Schedule seen.');

  // Mail that fails: a recipient the mail server refuses for good (a reserved .invalid domain) is not retried; the
  // failure is shown on the envelope (in the list and read alone) with the server's reason, and can be sent again.
  const failingId = await instance();
  await admin.signing.requestSignature({ formInstanceId: failingId, signers: [{ name: 'Nobody', email: 'nobody@mail.invalid' }] });
  let failing = (await admin.signing.listEnvelopes({ formInstanceId: failingId }))[0];
  for (const deadline = Date.now() + 20_000; (failing?.mailFailures ?? []).length === 0 && Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    failing = (await admin.signing.listEnvelopes({ formInstanceId: failingId }))[0];
  }
  const failure = failing?.mailFailures?.[0];
  const failureFacts = (f: typeof failure) => f && [f.kind, f.toName, f.toEmail, f.attempts, f.error.includes('550'), f.error.includes('nobody@mail.invalid'), f.lastAttemptDateTime !== null];
  facts.set('mail.failed', [failing?.mailFailures?.length, failureFacts(failure)]);
  facts.set('mail.failed.read', (await admin.signing.getEnvelope(failing?.envelopeId ?? ''))?.mailFailures?.map(failureFacts));
  facts.set('mail.others.clean', (await admin.signing.getEnvelope(reminding.envelopeId))?.mailFailures);
  // Only the envelopes with a failed message, counted: the failing one, not the one whose mail went out.
  const onlyFailed = await admin.signing.listEnvelopePage({ mailFailed: true });
  const failedIds = onlyFailed.value.map((e) => e.envelopeId);
  facts.set('mail.failed.list', [
    onlyFailed['@odata.count'] === onlyFailed.value.length,
    failedIds.includes(failing?.envelopeId ?? ''),
    failedIds.includes(reminding.envelopeId),
    onlyFailed.value.every((e) => (e.mailFailures ?? []).length > 0),
    (await admin.signing.listEnvelopePage({ mailFailed: true, formInstanceId: failingId })).value.map((e) => e.envelopeId === failing?.envelopeId),
    (await admin.signing.listEnvelopePage({ mailFailed: true, formInstanceId: scheduledId }))['@odata.count'],
  ]);
  const resent = await admin.signing.resendMail(failing?.envelopeId ?? '', failure?.mailId ?? '');
  let again = resent;
  for (const deadline = Date.now() + 20_000; (again?.mailFailures ?? []).length === 0 && Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    again = await admin.signing.getEnvelope(failing?.envelopeId ?? '');
  }
  // Sent again, refused again: still one failure (the same message), one attempt since it was sent again.
  facts.set('mail.resent', [again?.mailFailures?.length, again?.mailFailures?.[0]?.mailId === failure?.mailId, again?.mailFailures?.[0]?.attempts]);
  facts.set('mail.resend.unknown', [
    await outcome(() => admin.signing.resendMail(failing?.envelopeId ?? '', crypto.randomUUID())),
    await outcome(() => admin.signing.resendMail(reminding.envelopeId, failure?.mailId ?? '')),
    await outcome(() => target.clientAs('reader').signing.resendMail(failing?.envelopeId ?? '', failure?.mailId ?? '')),
  ]);

  // Inputs.
  const id = await instance();
  facts.set('bad.signers', await outcome(() => admin.signing.requestSignature({ formInstanceId: id, signers: [] })));
  facts.set('bad.email', await outcome(() => admin.signing.requestSignature({ formInstanceId: id, signers: [{ name: 'A', email: 'nope' }] })));
  facts.set('twice', await outcome(() => admin.signing.requestSignature({ formInstanceId: id, signers: [SIGNERS[0]!, { ...SIGNERS[0]!, name: 'Again' }] })));
  facts.set('bad.order', await outcome(() => admin.signing.requestSignature({ formInstanceId: id, signers: [{ ...SIGNERS[0]!, routingOrder: 0 }] })));
  facts.set('unknown.instance', await outcome(() => admin.signing.requestSignature({ formInstanceId: crypto.randomUUID(), signers: SIGNERS })));
  facts.set('unknown.envelope', await outcome(() => admin.signing.getEnvelope(crypto.randomUUID())));
  facts.set('bad.status', await outcome(() => admin.signing.listEnvelopes({ statuses: [9 as 1] })));
  facts.set('no.token', await raw('/api/Signing/Open', {}));

  // Permissions.
  const reader = target.clientAs('reader');
  const editor = target.clientAs('editor');
  facts.set('reader', [
    await outcome(() => reader.signing.listEnvelopes()),
    await outcome(() => reader.signing.getEnvelope(reminding.envelopeId)),
    await outcome(() => reader.signing.verifyAudit(reminding.envelopeId)),
    await outcome(() => request(reader)),
    await outcome(() => reader.signing.remindSigners(reminding.envelopeId)),
    await outcome(() => reader.signing.getSignerLink(reminding.envelopeId, reminding.signers[0]!.signerId)),
    await outcome(() => reader.signing.voidEnvelope(reminding.envelopeId, 'No.')),
    await outcome(() => reader.signing.downloadDocument(envelope.envelopeId)),
  ]);
  facts.set('editor', [await outcome(() => editor.signing.getSignerLink(reminding.envelopeId, reminding.signers[0]!.signerId)), await outcome(() => editor.signing.voidEnvelope(reminding.envelopeId, 'Done.'))]);
  const { client: nobody } = await target.newUser();
  facts.set('nobody', [await outcome(() => nobody.signing.listEnvelopes()), await outcome(() => nobody.signing.getEnvelope(envelope.envelopeId)), await outcome(() => request(nobody))]);
  facts.set('anonymous', [await outcome(() => anonymous.signing.listEnvelopes()), await outcome(() => anonymous.signing.voidEnvelope(envelope.envelopeId, 'x'))]);
  // The Outbox holds signing links: administrators only.
  facts.set('outbox.refused', [await outcome(() => reader.signing.listOutbox(1, 10)), await outcome(() => editor.signing.listOutbox(1, 10)), await outcome(() => anonymous.signing.listOutbox(1, 10))]);
  return facts;
}

let fake: Map<string, unknown>;
let server: Map<string, unknown>;
const targets: ContractTarget[] = [];

beforeAll(async () => {
  const fakeTarget = await startFakeTarget();
  targets.push(fakeTarget);
  fake = await runScenario(fakeTarget);
  const serverTarget = await startServerTarget({ signing: { smtpSink: true } });
  targets.push(serverTarget);
  server = await runScenario(serverTarget);
}, 180_000);

afterAll(async () => {
  for (const target of targets) await target.stop();
});

describe('signing — the fake and the server agree', () => {
  it('lists the mail sent in the Outbox: the invitation with the signer\'s link, the completion to every party with the signed PDF; administrators only', () => {
    expect(fake.get('outbox.invitation')).toEqual([true, true]);
    expect(fake.get('outbox.completed')).toEqual([3, 2, [0, 1, 2].map(() => [['Signing contract - signed.pdf', 'application/pdf', true]])]);
    expect(fake.get('outbox.page')).toEqual([2, true, true]);
    expect(fake.get('outbox.refused')).toEqual([403, 403, 401]);
    for (const key of ['outbox.invitation', 'outbox.completed', 'outbox.page', 'outbox.refused']) expect(server.get(key), key).toEqual(fake.get(key));
  });

  it('moves an envelope Sent → Delivered → Completed with the signers in order, and shows it on the instance', () => {
    expect(fake.get('sent')).toEqual([3, [['Ada', 1, 'Sent'], ['Bob', 2, 'Created']]]);
    expect(fake.get('instance.shows')).toEqual([true, 3]);
    expect(fake.get('link.url')).toBe('/sign');
    expect(fake.get('open')).toEqual([4, 'Delivered', 'Ada', 1, true]);
    expect(fake.get('open.deadlines')).toEqual([true, 16]);
    expect(fake.get('document.says')).toEqual([]);
    expect(fake.get('signed.one')).toEqual([4, ['Signed', 'Sent']]);
    expect(fake.get('completed')).toEqual([5, ['Signed', 'Signed'], true]);
    expect(fake.get('download')).toEqual([200, 'application/pdf', true, false]);
    expect(fake.get('download.name')).toBe('Signing contract - signed.pdf');
    for (const key of ['sent', 'instance.shows', 'link.url', 'open', 'open.deadlines', 'document.says', 'signed.one', 'completed', 'download', 'download.name']) expect(server.get(key), key).toEqual(fake.get(key));
  });

  it('refuses links out of turn, unknown, used, of another signer, and signing before opening', () => {
    expect(fake.get('second.first')).toBe(409);
    expect(fake.get('unknown.token')).toBe(404);
    expect(fake.get('other.signer')).toBe(403);
    expect(fake.get('sign.before.open')).toBe(409);
    // The signer who signed or declined is told so, not sent to the sender for a new link they do not need.
    expect(fake.get('used.token')).toEqual([409, 'You have already signed this document.', 'Signed']);
    expect(fake.get('used.token.sign')).toEqual([409, 'You have already signed this document.', 'Signed']);
    expect(fake.get('declined.link')).toEqual([409, 'You declined to sign this document.', 'Declined']);
    expect(fake.get('earlier.link')).toEqual([409, 'It is not your turn to sign yet: the signers of order 1 sign first.', null]);
    expect(fake.get('newer.link')).toEqual(fake.get('earlier.link'));
    for (const key of ['second.first', 'unknown.token', 'other.signer', 'sign.before.open', 'used.token', 'used.token.sign', 'declined.link', 'earlier.link', 'newer.link']) {
      expect(server.get(key), key).toEqual(fake.get(key));
    }
  });

  it('keeps the same audit trail, verified', () => {
    expect(fake.get('audit.kinds')).toEqual([
      ['created', null],
      ['sent', null],
      ['opened', 0],
      ['signed', 0],
      ['sent', 1],
      ['opened', 1],
      ['signed', 1],
      ['completed', null],
      ['downloaded', null],
    ]);
    expect(fake.get('audit.verified')).toEqual([true, 9, null]);
    expect(server.get('audit.kinds')).toEqual(fake.get('audit.kinds'));
    expect(server.get('audit.verified')).toEqual(fake.get('audit.verified'));
  });

  it('locks the answers of an instance out for signature or signed, until its envelope is voided', () => {
    expect(fake.get('locked.completed.staff')).toEqual([409, INSTANCE_SIGNED_CODE, true, true]);
    expect(fake.get('locked.open.staff')).toEqual([409, INSTANCE_IN_SIGNING_CODE, true, true]);
    expect(fake.get('locked.open.visitor')).toEqual([409, INSTANCE_IN_SIGNING_CODE, true, true]);
    expect(fake.get('locked.open.schema')).toEqual([409, INSTANCE_IN_SIGNING_CODE, true, true]);
    expect(fake.get('locked.open.same')).toBe('ok');
    expect(fake.get('unlocked.after.void')).toEqual(['ok', 'ok', [['voided', 'Not needed.']]]);
    for (const key of ['locked.completed.staff', 'locked.open.staff', 'locked.open.visitor', 'locked.open.schema', 'locked.open.same', 'unlocked.after.void']) {
      expect(server.get(key), key).toEqual(fake.get(key));
    }
  });

  it('keys the trail and keeps its head on the envelope: a changed, a deleted and a cut-off event are each reported', () => {
    expect(fake.get('audit.intact')).toEqual({
      envelopeId: expect.any(String),
      valid: true,
      eventCount: 9,
      expectedEventCount: 9,
      keyed: true,
      problem: null,
      firstBrokenSequence: null,
      reason: null,
    });
    expect(fake.get('audit.changed')).toEqual({
      valid: false,
      eventCount: 3,
      expectedEventCount: 3,
      keyed: true,
      problem: 'changed',
      firstBrokenSequence: 2,
      reason: 'Event 2 of 3 was changed after it was written.',
    });
    expect(fake.get('audit.deleted')).toMatchObject({ valid: false, eventCount: 2, expectedEventCount: 3, problem: 'missing', firstBrokenSequence: 2, reason: 'Event 2 of 3 is missing: it was deleted after it was written.' });
    expect(fake.get('audit.truncated')).toMatchObject({ valid: false, eventCount: 2, expectedEventCount: 3, problem: 'truncated', firstBrokenSequence: 3, reason: 'The last event of 3 is missing: deleted after it was written.' });
    for (const key of ['audit.changed', 'audit.deleted', 'audit.truncated']) expect(server.get(key), key).toEqual(fake.get(key));
    expect({ ...(server.get('audit.intact') as object), envelopeId: null }).toEqual({ ...(fake.get('audit.intact') as object), envelopeId: null });
  });

  it('declines and voids with a reason, and caps reminders', () => {
    expect(fake.get('decline.no.reason')).toBe(400);
    expect(fake.get('declined')).toEqual([6, 'Wrong amount.', 'Declined', 'Wrong amount.']);
    expect(fake.get('busy')).toBe(409);
    expect(fake.get('busy.problem')).toEqual([409, INSTANCE_OUT_FOR_SIGNATURE_MESSAGE, null]);
    expect(fake.get('busy.delivered')).toEqual([409, INSTANCE_OUT_FOR_SIGNATURE_MESSAGE, null]);
    expect(fake.get('request.after.void')).toBe('ok');
    expect(fake.get('request.after.decline')).toBe('ok');
    expect(fake.get('list.count')).toEqual([1, 2, 2]);
    expect(fake.get('void.no.reason')).toBe(400);
    expect(fake.get('voided')).toEqual([7, 'Not needed.']);
    expect(fake.get('void.again')).toBe(409);
    expect(fake.get('remind.voided')).toBe(409);
    expect(fake.get('remind')).toBe(1);
    expect(fake.get('remind.soon')).toBe(409);
    expect(fake.get('download.early')).toBe(409);
    for (const key of ['decline.no.reason', 'declined', 'busy', 'busy.problem', 'busy.delivered', 'request.after.void', 'request.after.decline', 'list.count', 'void.no.reason', 'voided', 'void.again', 'remind.voided', 'remind', 'remind.soon', 'download.early']) {
      expect(server.get(key), key).toEqual(fake.get(key));
    }
  });

  it('keeps a reminder schedule chosen when requesting, within its bounds', () => {
    expect(fake.get('schedule')).toEqual([2, 2, null]);
    expect(fake.get('schedule.bad')).toEqual([400, 400, 400]);
    for (const key of ['schedule', 'schedule.bad']) expect(server.get(key), key).toEqual(fake.get(key));
  });

  it('shows mail that failed on its envelope, with the reason, and sends it again on request', () => {
    expect(fake.get('mail.failed')).toEqual([1, ['signing-request', 'Nobody', 'nobody@mail.invalid', 1, true, true, true]]);
    expect(fake.get('mail.failed.read')).toEqual([['signing-request', 'Nobody', 'nobody@mail.invalid', 1, true, true, true]]);
    expect(fake.get('mail.others.clean')).toEqual([]);
    expect(fake.get('mail.failed.list')).toEqual([true, true, false, true, [true], 0]);
    expect(fake.get('mail.resent')).toEqual([1, true, 1]);
    expect(fake.get('mail.resend.unknown')).toEqual([404, 404, 403]);
    for (const key of ['mail.failed', 'mail.failed.read', 'mail.others.clean', 'mail.failed.list', 'mail.resent', 'mail.resend.unknown']) expect(server.get(key), key).toEqual(fake.get(key));
  });

  it('refuses bad input with 4xx', () => {
    expect(fake.get('not.png')).toBe(400);
    expect(fake.get('too.large')).toBe(413);
    expect(fake.get('typed.without.name')).toBe(400);
    expect(fake.get('bad.signers')).toBe(400);
    expect(fake.get('bad.email')).toBe(400);
    expect(fake.get('twice')).toBe(400);
    expect(fake.get('bad.order')).toBe(400);
    expect(fake.get('unknown.instance')).toBe(404);
    expect(fake.get('unknown.envelope')).toBe(404);
    expect(fake.get('bad.status')).toBe(400);
    expect(fake.get('no.token')).toBe(400);
    for (const key of ['not.png', 'too.large', 'typed.without.name', 'bad.signers', 'bad.email', 'twice', 'bad.order', 'unknown.instance', 'unknown.envelope', 'bad.status', 'no.token']) {
      expect(server.get(key), key).toEqual(fake.get(key));
    }
  });

  it('enforces the FormSigner permissions alike', () => {
    // The reader holds FormSigner_Select and _SelectList only (and no Signing_DownloadDocument).
    expect(fake.get('reader')).toEqual(['ok', 'ok', 'ok', 403, 403, 403, 403, 403]);
    expect(fake.get('editor')).toEqual(['ok', 'ok']);
    expect(fake.get('nobody')).toEqual([403, 403, 403]);
    expect(fake.get('anonymous')).toEqual([401, 401]);
    for (const key of ['reader', 'editor', 'nobody', 'anonymous']) expect(server.get(key), key).toEqual(fake.get(key));
  });
});
