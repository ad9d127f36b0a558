/**
 * Storage of envelopes on the reference server, as the signing use cases' table port (src/service/signing-tables.ts):
 * rows in the contract's shapes, the audit events appended in the envelope's own transaction (its row locked, so two
 * events of one envelope never race for a sequence number), the documents in parts, and the signers' link tokens, of
 * which only the SHA-256 is stored.
 */
import { and, asc, desc, eq, getTableColumns, inArray, lte, sql } from 'drizzle-orm';
import { EnvelopeStatus } from '../../../src/api/enums';
import type { SigningAuditEvent } from '../../../src/api/types';
import { isUuid } from '../../../src/domain';
import type { EnvelopeRecord, SigningActor, SigningStorage } from '../../../src/service/signing-ports';
import { envelopeRecordOf, signingStorageOf, type SigningTables } from '../../../src/service/signing-tables';
import { plainBytes, readByteParts, writeByteParts } from '../db/byte-parts';
import type { Db, DbExecutor } from '../db/index';
import { applicationUsers, envelopeDocumentParts, envelopeEvents, envelopes, envelopeSigners, envelopeSignerTokens, formInstances } from '../db/schema';
import { findForm, findFormInstance } from '../forms/store';

/** Who did something, as the audit records it. */
export type Actor = SigningActor;

/**
 * An envelope's columns without its documents' bytes: the documents are read on their own, part by part
 * ({@link readEnvelopeDocument}), never with the row.
 */
const { sentDocument: oldSentDocument, signedPdf: oldSealedDocument, ...envelopeColumns } = getTableColumns(envelopes);

type EnvelopeRow = Omit<typeof envelopes.$inferSelect, 'sentDocument' | 'signedPdf'>;
type SignerRow = typeof envelopeSigners.$inferSelect;

/** An envelope row with its signers (in position order). */
export interface StoredEnvelope {
  row: EnvelopeRow;
  signers: SignerRow[];
}

/** An envelope with its signers; `lock` reads its row `FOR UPDATE` (inside a transaction). */
export async function findEnvelope(db: DbExecutor, envelopeId: string, lock = false): Promise<StoredEnvelope | undefined> {
  if (!isUuid(envelopeId)) return undefined;
  const query = db.select(envelopeColumns).from(envelopes).where(eq(envelopes.envelopeId, envelopeId.toLowerCase())).$dynamic();
  const [row] = await (lock ? query.for('update') : query);
  if (!row) return undefined;
  const signers = await db.select().from(envelopeSigners).where(eq(envelopeSigners.envelopeId, row.envelopeId)).orderBy(asc(envelopeSigners.position));
  return { row, signers };
}

/** An envelope's documents: the one sent to the signers, and the sealed PDF. */
export type EnvelopeDocument = 'sent' | 'sealed';

/**
 * Stores (or replaces) one of an envelope's documents in parts (db/byte-parts.ts), one statement each with a turn of
 * the event loop between; run it in the transaction that writes the envelope's row.
 */
export async function writeEnvelopeDocument(tx: DbExecutor, envelopeId: string, document: EnvelopeDocument, bytes: Uint8Array): Promise<void> {
  const id = envelopeId.toLowerCase();
  await tx.delete(envelopeDocumentParts).where(and(eq(envelopeDocumentParts.envelopeId, id), eq(envelopeDocumentParts.document, document)));
  await writeByteParts(bytes, (part, piece) => tx.insert(envelopeDocumentParts).values({ envelopeId: id, document, part, bytes: piece }));
}

/**
 * One of an envelope's documents, read part by part; an envelope stored before the parts has it in its row
 * (envelopes.sent_document, envelopes.signed_pdf). Undefined when there is none.
 */
export async function readEnvelopeDocument(db: DbExecutor, envelopeId: string, document: EnvelopeDocument): Promise<Uint8Array | undefined> {
  if (!isUuid(envelopeId)) return undefined;
  const id = envelopeId.toLowerCase();
  const whose = and(eq(envelopeDocumentParts.envelopeId, id), eq(envelopeDocumentParts.document, document));
  const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(envelopeDocumentParts).where(whose);
  const parts = counted?.n ?? 0;
  if (parts === 0) {
    const [old] = await db
      .select({ bytes: document === 'sent' ? oldSentDocument : oldSealedDocument })
      .from(envelopes)
      .where(eq(envelopes.envelopeId, id));
    return old?.bytes ? plainBytes(old.bytes) : undefined;
  }
  return readByteParts(
    parts,
    async (part) => {
      const [piece] = await db.select({ bytes: envelopeDocumentParts.bytes }).from(envelopeDocumentParts).where(and(whose, eq(envelopeDocumentParts.part, part)));
      return piece?.bytes;
    },
    `The ${document} document of envelope ${id}`,
  );
}

/**
 * Envelopes, newest first, optionally of one instance, of some statuses and among some envelopes; with `count`, also
 * how many match in all (one `count(*)` under the same conditions).
 */
export async function listEnvelopes(
  db: DbExecutor,
  filter: { formInstanceId?: string; statuses?: number[]; envelopeIds?: readonly string[]; top: number; skip: number; count?: boolean },
): Promise<{ envelopes: StoredEnvelope[]; total?: number }> {
  const conditions = [];
  if (filter.formInstanceId) conditions.push(eq(envelopes.formInstanceId, filter.formInstanceId));
  if (filter.statuses?.length) conditions.push(inArray(envelopes.status, filter.statuses));
  if (filter.envelopeIds?.length) conditions.push(inArray(envelopes.envelopeId, [...filter.envelopeIds]));
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await db
    .select(envelopeColumns)
    .from(envelopes)
    .where(where)
    .orderBy(desc(envelopes.createdDateTime), asc(envelopes.envelopeId))
    .limit(filter.top)
    .offset(filter.skip);
  let total: number | undefined;
  if (filter.count) {
    const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(envelopes).where(where);
    total = Number(counted?.n ?? 0);
  }
  if (rows.length === 0) return { envelopes: [], total };
  const signers = await db
    .select()
    .from(envelopeSigners)
    .where(inArray(envelopeSigners.envelopeId, rows.map((r) => r.envelopeId)))
    .orderBy(asc(envelopeSigners.position));
  return { envelopes: rows.map((row) => ({ row, signers: signers.filter((s) => s.envelopeId === row.envelopeId) })), total };
}

/** An audit event as its row holds it. */
function eventOf(r: typeof envelopeEvents.$inferSelect): SigningAuditEvent {
  const { sequence, envelopeId, kind, at, signerId, actorUserId, ipAddress, userAgent, details, previousHash, hash } = r;
  return { sequence, envelopeId, kind: kind as SigningAuditEvent['kind'], at, signerId, actorUserId, ipAddress, userAgent, details, previousHash, hash };
}

/** The audit events of an envelope, in sequence order. */
async function auditEvents(db: DbExecutor, envelopeId: string): Promise<SigningAuditEvent[]> {
  return (await db.select().from(envelopeEvents).where(eq(envelopeEvents.envelopeId, envelopeId)).orderBy(asc(envelopeEvents.sequence))).map(eventOf);
}

/** An envelope as the use cases read it. */
const recordOf = ({ row, signers }: StoredEnvelope): EnvelopeRecord => envelopeRecordOf(row, signers);

const OPEN = [EnvelopeStatus.Created, EnvelopeStatus.Sent, EnvelopeStatus.Delivered];

/** The signing use cases' tables over `db` (the database, or a transaction). */
function signingTablesOver(db: DbExecutor): SigningTables {
  return {
    async findEnvelope(envelopeId, lock) {
      const found = await findEnvelope(db, envelopeId, lock);
      return found && recordOf(found);
    },
    async listEnvelopes(query) {
      const { envelopes: found, total } = await listEnvelopes(db, query);
      return { envelopes: found.map(recordOf), total: total ?? 0 };
    },
    async openEnvelopes(expiredBy) {
      const open = and(inArray(envelopes.status, OPEN), eq(envelopes.provider, 'local'));
      return db
        .select({ envelopeId: envelopes.envelopeId, expiresAt: envelopes.expiresAt })
        .from(envelopes)
        .where(expiredBy ? and(open, lte(envelopes.expiresAt, expiredBy)) : open);
    },
    async findInstance(formInstanceId, lock) {
      const found = await findFormInstance(db, formInstanceId, lock);
      if (!found || found.row.isDeleted) return undefined;
      return { envelopeId: found.row.envelopeId ?? null, envelopeStatus: found.row.envelopeStatus ?? null };
    },
    async formNameOf(formInstanceId) {
      const instance = await findFormInstance(db, formInstanceId);
      return instance ? (await findForm(db, instance.row.formId))?.row.name : undefined;
    },
    async userContact(userId) {
      const [user] = await db.select({ name: applicationUsers.name, email: applicationUsers.email }).from(applicationUsers).where(eq(applicationUsers.id, userId));
      return user;
    },
    async insertEnvelope(n) {
      await db.insert(envelopes).values({
        envelopeId: n.envelopeId,
        formInstanceId: n.formInstanceId,
        status: EnvelopeStatus.Created,
        provider: 'local',
        signers: n.signers.map(({ name, email, routingOrder }) => ({ name, email, routingOrder })),
        emailSubject: n.emailSubject,
        emailMessage: n.emailMessage,
        expiresAt: n.expiresAt,
        reminderEveryDays: n.reminderEveryDays,
        createdBy: n.createdBy,
      });
      await db
        .insert(envelopeSigners)
        .values(n.signers.map((s, position) => ({ signerId: s.signerId, envelopeId: n.envelopeId, position, name: s.name, email: s.email, routingOrder: s.routingOrder, status: 'Created' })));
    },
    async pointInstanceAt(formInstanceId, envelopeId) {
      await db.update(formInstances).set({ envelopeId }).where(eq(formInstances.formInstanceId, formInstanceId));
    },
    async updateEnvelope(envelopeId, columns) {
      await db.update(envelopes).set(columns).where(eq(envelopes.envelopeId, envelopeId));
    },
    async setInstanceEnvelopeStatus(envelopeId, status) {
      await db.update(formInstances).set({ envelopeStatus: status }).where(eq(formInstances.envelopeId, envelopeId));
    },
    async updateSigner(signerId, values) {
      await db.update(envelopeSigners).set(values).where(eq(envelopeSigners.signerId, signerId));
    },
    async writeDocument(envelopeId, kind, bytes, sha256) {
      await writeEnvelopeDocument(db, envelopeId, kind, bytes);
      const hash = kind === 'sent' ? { sentDocumentSha256: sha256 } : { signedPdfSize: bytes.byteLength, signedDocumentSha256: sha256 };
      await db.update(envelopes).set(hash).where(eq(envelopes.envelopeId, envelopeId));
    },
    readDocument: (envelopeId, kind) => readEnvelopeDocument(db, envelopeId, kind),
    unrecordedPlaces: async () => [],
    async lastEvent(envelopeId) {
      const [last] = await db.select().from(envelopeEvents).where(eq(envelopeEvents.envelopeId, envelopeId)).orderBy(desc(envelopeEvents.sequence)).limit(1);
      return last && eventOf(last);
    },
    insertEvent: async (event) => void (await db.insert(envelopeEvents).values(event)),
    events: (envelopeId) => auditEvents(db, envelopeId),
    async storedAuditHead(envelopeId) {
      const [found] = await db.select({ keyed: envelopes.auditKeyed, eventCount: envelopes.auditEventCount, headHash: envelopes.auditHeadHash }).from(envelopes).where(eq(envelopes.envelopeId, envelopeId));
      return { keyed: found?.keyed ?? false, eventCount: found?.eventCount ?? null, headHash: found?.headHash ?? null };
    },
    findToken: async (tokenHash) => (await db.select().from(envelopeSignerTokens).where(eq(envelopeSignerTokens.tokenHash, tokenHash)))[0],
    tokensOf: (envelopeId) => db.select().from(envelopeSignerTokens).where(eq(envelopeSignerTokens.envelopeId, envelopeId)),
    insertToken: async (token) => void (await db.insert(envelopeSignerTokens).values(token)),
    updateToken: async (tokenHash, values) => void (await db.update(envelopeSignerTokens).set(values).where(eq(envelopeSignerTokens.tokenHash, tokenHash))),
  };
}

/** The server's envelopes as the signing use cases' storage: a transaction is the database's. */
export function drizzleSigningStorage(db: Db): SigningStorage {
  return signingStorageOf(signingTablesOver(db), (work) => db.transaction((tx) => work(signingTablesOver(tx))));
}
