/**
 * The fake's signing storage: envelopes kept in memory, as the table port of src/service/signing-tables.ts, for the signing
 * use cases of src/service/signing.ts (the ones the reference server runs). The fake's own parts: its document as
 * sent (the domain's document of answers on one page of its own PDF, a place to sign per signer), its seal (a PDF of its own, no
 * certificate), its fixed audit key and its mail, recorded in memory (its Outbox). The handlers in handlers/signing.ts are the HTTP.
 */
import { EnvelopeStatus } from '../api/enums';
import type { OutboxMessage, SignaturePlace } from '../api/types';
import { allLive, rowNotFound } from '../domain/forms';
import { initialSignerStatuses, isEnvelopeOpen, sha256Hex, signedDocumentFileName } from '../domain/signing';
import { answersDocumentLines, answersDocumentWords, type AnswersDocumentWords } from '../domain/signing/answers-document';
import { englishLabels } from '../labels/english';
import { isRefusedRecipient, refusedRecipientError, signingMailTextsOf, type Mailer } from '../service/mail';
import { deliverDueMail, memoryMailQueueStore, type MailQueueStore, type SigningMailQueue } from '../service/mail-queue';
import type { SigningPorts } from '../service/signing';
import type { EnvelopeRecord, SentDocuments, Sealer, SigningStorage } from '../service/signing-ports';
import { envelopeRecordOf, signingStorageOf, type SigningTables } from '../service/signing-tables';
import type { FakeDb, FakeEnvelope, FakeEnvelopeLifecycle, FakeEnvelopeSigner } from './db';
import { minimalPdf } from './pdf';

/** The clock and ids of the fake. */
export interface SigningContext {
  db: FakeDb;
  now(): Date;
  newId(): string;
}

/** A signer of a new lifecycle: who they are and their status; the rest starts empty. */
type NewSigner = Pick<FakeEnvelopeSigner, 'signerId' | 'name' | 'email' | 'routingOrder' | 'status'> & Partial<FakeEnvelopeSigner>;

/** A lifecycle of `signers` with `values`; everything else starts empty (no events, no tokens, a keyed trail). */
function newLifecycle(signers: readonly NewSigner[], values: Partial<FakeEnvelopeLifecycle>): FakeEnvelopeLifecycle {
  return {
    signers: signers.map((s) => ({ deliveredDateTime: null, signedDateTime: null, declinedDateTime: null, declineReason: null, signatureKind: null, signaturePng: null, ...s })),
    expiresAt: null,
    sentDateTime: null,
    completedDateTime: null,
    voidedReason: null,
    declinedReason: null,
    remindersSent: 0,
    lastReminderDateTime: null,
    events: [],
    audit: { keyed: true, eventCount: 0, headHash: null },
    tokens: [],
    ...values,
  };
}

/** The envelope's lifecycle, made from `signers` and `status` for an envelope that has none yet. */
export function lifecycleOf(envelope: FakeEnvelope): FakeEnvelopeLifecycle {
  if (envelope.lifecycle) return envelope.lifecycle;
  const statuses = initialSignerStatuses(envelope.signers.map((s, i) => ({ routingOrder: s.routingOrder ?? i + 1 })));
  const final = envelope.status === EnvelopeStatus.Completed;
  const signers = envelope.signers.map((s, i): NewSigner => ({
    signerId: `${envelope.envelopeId.slice(0, 24)}${String(i + 1).padStart(12, '0')}`,
    name: s.name,
    email: s.email,
    routingOrder: s.routingOrder ?? i + 1,
    status: final ? 'Signed' : envelope.status === EnvelopeStatus.Declined && i === 0 ? 'Declined' : (statuses[i] ?? 'Created'),
    signedDateTime: final ? envelope.lastUpdatedDateTime : null,
  }));
  envelope.lifecycle = newLifecycle(signers, {
    sentDateTime: envelope.createdDateTime,
    completedDateTime: final ? envelope.lastUpdatedDateTime : null,
    voidedReason: envelope.status === EnvelopeStatus.Voided ? 'Voided before the fake kept reasons.' : null,
  });
  return envelope.lifecycle;
}

/**
 * The fake's audit key (the server's comes from its configuration, kept apart from the data): fixed, since the fake is
 * for tests and stories.
 */
export const FAKE_AUDIT_KEY: Uint8Array = new TextEncoder().encode('ccq-forms-admin fake audit key: tests and stories only');

/** The place to sign of the fake's document: a line per signer on its one page. */
const placeOf = (position: number): SignaturePlace => ({ page: 0, x: 56, y: 120 + position * 80, width: 220, height: 60 });

function formOf(db: FakeDb, formInstanceId: string) {
  const instance = db.formInstances.find((i) => i.formInstanceId === formInstanceId);
  return instance ? db.forms.find((f) => f.formId === instance.formId) : undefined;
}

function recordOf(envelope: FakeEnvelope): EnvelopeRecord {
  const { signers, reminderEveryDays, createdBy, sent, ...life } = lifecycleOf(envelope);
  const columns = { ...envelope, ...life, reminderEveryDays: reminderEveryDays ?? null, createdBy: createdBy ?? null, sentDocumentSha256: sent?.sha256 ?? null };
  return envelopeRecordOf(columns, signers);
}

/** The fake's envelopes as the signing use cases' tables; a transaction runs its work at once over the same tables. */
export function fakeSigningStorage(ctx: SigningContext): SigningStorage {
  const { db } = ctx;
  const find = (envelopeId: string) => db.envelopes.find((e) => e.envelopeId === envelopeId.toLowerCase() || e.envelopeId === envelopeId);
  const life = (envelopeId: string) => {
    const envelope = find(envelopeId);
    if (!envelope) throw new Error(`No envelope '${envelopeId}'.`);
    return lifecycleOf(envelope);
  };
  const tokens = () => db.envelopes.flatMap((e) => (e.lifecycle?.tokens ?? []).map((t) => ({ ...t, envelopeId: e.envelopeId })));
  const tables: SigningTables = {
    async findEnvelope(envelopeId) {
      const envelope = find(envelopeId);
      return envelope && recordOf(envelope);
    },
    async listEnvelopes({ formInstanceId, statuses, envelopeIds, top, skip }) {
      const among = envelopeIds && new Set(envelopeIds);
      const found = db.envelopes
        .filter((e) => (formInstanceId === undefined || e.formInstanceId === formInstanceId) && (!statuses || statuses.includes(e.status)))
        .filter((e) => !among || among.has(e.envelopeId.toLowerCase()))
        .sort((a, b) => b.createdDateTime.getTime() - a.createdDateTime.getTime() || a.envelopeId.localeCompare(b.envelopeId));
      return { envelopes: found.slice(skip, skip + top).map(recordOf), total: found.length };
    },
    async openEnvelopes(expiredBy) {
      return db.envelopes
        .filter((e) => isEnvelopeOpen(e.status))
        .map((e) => ({ envelopeId: e.envelopeId, expiresAt: lifecycleOf(e).expiresAt }))
        .filter((e) => !expiredBy || (e.expiresAt !== null && e.expiresAt.getTime() <= expiredBy.getTime()));
    },
    async findInstance(formInstanceId) {
      const instance = db.formInstances.find((i) => i.formInstanceId === formInstanceId && !i.isDeleted);
      return instance && { envelopeId: instance.envelopeId ?? null, envelopeStatus: instance.envelopeStatus ?? null };
    },
    async formNameOf(formInstanceId) {
      return formOf(db, formInstanceId)?.name;
    },
    async userContact(userId) {
      const user = db.applicationUsers.find((u) => u.id === userId);
      return user && { name: user.name, email: user.email };
    },
    async insertEnvelope(n) {
      db.envelopes.push({
        envelopeId: n.envelopeId,
        formInstanceId: n.formInstanceId,
        status: EnvelopeStatus.Created,
        signers: n.signers.map(({ signerId: _id, ...s }) => s),
        emailSubject: n.emailSubject,
        emailMessage: n.emailMessage,
        createdDateTime: n.createdDateTime,
        lastUpdatedDateTime: n.createdDateTime,
        lifecycle: newLifecycle(
          n.signers.map(({ signerId, name, email, routingOrder }) => ({ signerId, name, email, routingOrder, status: 'Created' })),
          { expiresAt: n.expiresAt, createdBy: n.createdBy, reminderEveryDays: n.reminderEveryDays },
        ),
      });
    },
    async pointInstanceAt(formInstanceId, envelopeId) {
      const instance = db.formInstances.find((i) => i.formInstanceId === formInstanceId);
      if (instance) instance.envelopeId = envelopeId;
    },
    async updateEnvelope(envelopeId, { status, lastUpdatedDateTime, auditEventCount, auditHeadHash, ...values }) {
      const envelope = find(envelopeId);
      if (!envelope) return;
      const l = lifecycleOf(envelope);
      Object.assign(envelope, status === undefined ? {} : { status }, lastUpdatedDateTime ? { lastUpdatedDateTime } : {});
      Object.assign(l, values);
      if (auditEventCount !== undefined && auditHeadHash !== undefined) Object.assign(l.audit, { eventCount: auditEventCount, headHash: auditHeadHash });
    },
    async setInstanceEnvelopeStatus(envelopeId, status, now) {
      for (const instance of db.formInstances.filter((i) => i.envelopeId === envelopeId)) Object.assign(instance, { envelopeStatus: status, lastUpdatedDateTime: now });
    },
    async updateSigner(signerId, values) {
      for (const envelope of db.envelopes) {
        const signer = envelope.lifecycle?.signers.find((s) => s.signerId === signerId);
        if (signer) Object.assign(signer, values);
      }
    },
    async writeDocument(envelopeId, kind, bytes, sha256) {
      if (kind === 'sent') life(envelopeId).sent = { bytes, sha256 };
      else keepSealed(ctx, envelopeId, bytes);
    },
    async readDocument(envelopeId, kind) {
      const envelope = find(envelopeId);
      if (!envelope) return undefined;
      if (kind === 'sealed') return db.pdfs.find((p) => p.envelopeId === envelope.envelopeId && p.kind === 'signed')?.bytes;
      // An envelope made by hand (seeds, setEnvelopeStatus) has the fake's document made now.
      return lifecycleOf(envelope).sent?.bytes ?? fakeDocument(formOf(db, envelope.formInstanceId)?.name, envelope.envelopeId);
    },
    async unrecordedPlaces(envelopeId) {
      const l = life(envelopeId);
      return l.places ?? l.signers.map((_, i) => [placeOf(i)]);
    },
    lastEvent: async (envelopeId) => life(envelopeId).events.at(-1),
    insertEvent: async (event) => void life(event.envelopeId).events.push(event),
    events: async (envelopeId) => [...life(envelopeId).events],
    storedAuditHead: async (envelopeId) => ({ ...life(envelopeId).audit }),
    async findToken(tokenHash) {
      return tokens().find((t) => t.tokenHash === tokenHash);
    },
    async tokensOf(envelopeId) {
      const id = find(envelopeId)?.envelopeId;
      return tokens().filter((t) => t.envelopeId === id);
    },
    insertToken: async ({ envelopeId, ...token }) => void life(envelopeId).tokens.push(token),
    async updateToken(tokenHash, values) {
      for (const e of db.envelopes) Object.assign(e.lifecycle?.tokens.find((t) => t.tokenHash === tokenHash) ?? {}, values);
    },
  };
  return signingStorageOf(tables, (work) => work(tables));
}

/** The fake's document of an envelope made by hand: one page naming the form and the envelope. */
function fakeDocument(formName: string | undefined, envelopeId: string): Uint8Array {
  return minimalPdf([formName ?? 'Form', `Envelope ${envelopeId}`]);
}

/** The fake's document as sent for a live instance: the answers' document (the server's lines, on one page), with a place to sign per signer. */
function fakeSentDocuments(db: FakeDb, words: AnswersDocumentWords): SentDocuments {
  return {
    async prepare(formInstanceId, _envelopeId, signers) {
      const instance = db.formInstances.find((i) => i.formInstanceId === formInstanceId);
      const schema = instance && db.formSchemas.find((s) => s.formSchemaId === instance.formSchemaId);
      const form = instance && db.forms.find((f) => f.formId === instance.formId);
      if (!instance || !allLive(instance, schema, form) || !schema) throw rowNotFound('form instance', formInstanceId);
      const lines = answersDocumentLines({ formName: form?.name ?? 'Form', formInstanceId, schema, data: instance.data, signers, words });
      return { bytes: minimalPdf(lines), places: signers.map((_, i) => [placeOf(i)]), source: 'answers' };
    },
  };
}

/** The fake's sealed document: a PDF naming the form, the envelope and its first signer (no certificate). */
const fakeSealedPdf = (formName: string, envelopeId: string, signerName = 'Signer') => minimalPdf([formName, `Envelope ${envelopeId}`, `Signer: ${signerName}`]);

/** The fake's seal. */
const fakeSealer: Sealer = {
  async seal({ formName, envelopeId, signers }) {
    const bytes = fakeSealedPdf(formName, envelopeId, signers[0]?.name);
    return { bytes, signedSha256: await sha256Hex(bytes) };
  },
};

/** Keeps `bytes` as the envelope's signed document among the db's PDFs, in place of one kept before. */
function keepSealed({ db, now, newId }: SigningContext, envelopeId: string, bytes: Uint8Array): void {
  const form = formOf(db, db.envelopes.find((e) => e.envelopeId === envelopeId)?.formInstanceId ?? '');
  db.pdfs = db.pdfs.filter((p) => p.envelopeId !== envelopeId || p.kind !== 'signed');
  const fileName = signedDocumentFileName(form?.name ?? 'Form');
  db.pdfs.push({ id: newId(), kind: 'signed', fileName, contentType: 'application/pdf', bytes, formId: form?.formId ?? null, envelopeId, createdDateTime: now() });
}

/** Gives an envelope completed by hand (the backend's `setEnvelopeStatus`) the fake's sealed document, unless it has one. */
export function sealCompletedByHand(ctx: SigningContext, envelope: FakeEnvelope): void {
  if (ctx.db.pdfs.some((p) => p.envelopeId === envelope.envelopeId && p.kind === 'signed')) return;
  const formName = formOf(ctx.db, envelope.formInstanceId)?.name ?? 'Document';
  keepSealed(ctx, envelope.envelopeId, fakeSealedPdf(formName, envelope.envelopeId, envelope.signers[0]?.name));
}

/** A signer link token: 256 random bits, base64url. */
function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The messages the fake's mailer was given, newest first: its Outbox. Kept beside the database's envelope table, so
 * the backend's `reset()` (which replaces every table) forgets them with the envelopes.
 */
const outboxes = new WeakMap<FakeDb['envelopes'], OutboxMessage[]>();

/** The fake's Outbox of a database (what its mailer recorded, newest first). */
export function fakeOutbox(db: FakeDb): OutboxMessage[] {
  let outbox = outboxes.get(db.envelopes);
  if (!outbox) outboxes.set(db.envelopes, (outbox = []));
  return outbox;
}

/**
 * The fake's mail transport: records each message in memory, as the server's sink would list it. Like the server's
 * development sink it refuses for good a recipient in a reserved `.invalid` domain (RFC 2606), so that a failed
 * message can be tried and shown alike on both.
 */
function fakeTransport(ctx: SigningContext): Mailer {
  return {
    async send(message) {
      if (isRefusedRecipient(message.to.email)) throw refusedRecipientError(message.to.email);
      fakeOutbox(ctx.db).unshift({
        id: ctx.newId(),
        receivedDateTime: ctx.now(),
        fromAddress: '"Forms" <forms@localhost>',
        toAddress: `"${message.to.name.replace(/["\\]/g, '')}" <${message.to.email}>`,
        subject: message.subject,
        textBody: message.text,
        attachments: message.attachments.map((a) => ({ fileName: a.fileName, contentType: a.contentType, size: a.bytes.length })),
      });
    },
  };
}

/** The fake's mail queue of a database, kept in memory beside its envelopes (`reset()` forgets it with them). */
const mailQueues = new WeakMap<FakeDb['envelopes'], MailQueueStore>();

function fakeMailQueueStore(db: FakeDb): MailQueueStore {
  let store = mailQueues.get(db.envelopes);
  if (!store) mailQueues.set(db.envelopes, (store = memoryMailQueueStore()));
  return store;
}

/**
 * The fake's mail: each message waits in the queue (in memory) and the due ones are sent before the call answers,
 * through the same queue use cases as the server's worker.
 */
function fakeMail(ctx: SigningContext): { mailer: Mailer; queue: SigningMailQueue } {
  const store = fakeMailQueueStore(ctx.db);
  const wake = async () => {
    await deliverDueMail({ store, transport: fakeTransport(ctx), now: () => ctx.now() });
  };
  return {
    queue: { store, wake },
    mailer: {
      async send(message) {
        await store.add(ctx.newId(), message, ctx.now());
        await wake();
      },
    },
  };
}

/**
 * The signing use cases' ports over the fake: its storage, clock and ids; links point at `origin`; mail is recorded in
 * memory (the fake's Outbox).
 */
export function fakeSigningPorts(ctx: SigningContext, origin: string): SigningPorts {
  const mail = fakeMail(ctx);
  const mailTexts = signingMailTextsOf(englishLabels);
  return {
    storage: fakeSigningStorage(ctx),
    clock: { now: () => ctx.now() },
    ids: { newId: () => ctx.newId() },
    tokens: { newToken },
    documents: fakeSentDocuments(ctx.db, answersDocumentWords(mailTexts, 'en')),
    sealer: fakeSealer,
    mailer: mail.mailer,
    mailQueue: mail.queue,
    mailTexts,
    mailLocale: 'en',
    outbox: { list: async ({ offset, limit }) => ({ messages: fakeOutbox(ctx.db).slice(offset, offset + limit), total: fakeOutbox(ctx.db).length }) },
    auditKey: FAKE_AUDIT_KEY,
    signingBaseUrl: origin,
  };
}
