/**
 * Storage of envelopes on the reference server: rows in the contract's shapes, the audit events appended in the
 * envelope's own transaction (its row locked, so two events of one envelope never race for a sequence number), and
 * the signers' link tokens, of which only the SHA-256 is stored.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import type { EnvelopeStatus } from '../../../src/api/enums';
import type { AuditVerification, EnvelopeSigner, SignerStatus, SigningAuditEvent, SigningEnvelope } from '../../../src/api/types';
import { isUuid } from '../../../src/domain';
import { nextAuditEvent, verifyAuditChain, type AuditEventInput, type AuditKey } from '../../../src/domain/signing';
import { plainBytes, readByteParts, writeByteParts } from '../db/byte-parts';
import type { Db, DbExecutor } from '../db/index';
import { envelopeDocumentParts, envelopeEvents, envelopes, envelopeSigners, envelopeSignerTokens } from '../db/schema';

/** Who did something, as the audit records it. */
export interface Actor {
  userId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
}

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

/** The contract's shape of a signer. */
export function signerDto(s: SignerRow): EnvelopeSigner {
  return {
    signerId: s.signerId,
    name: s.name,
    email: s.email,
    routingOrder: s.routingOrder,
    status: s.status as SignerStatus,
    deliveredDateTime: s.deliveredDateTime,
    signedDateTime: s.signedDateTime,
    declinedDateTime: s.declinedDateTime,
    declineReason: s.declineReason,
  };
}

/** The contract's shape of an envelope. */
export function envelopeDto({ row, signers }: StoredEnvelope): SigningEnvelope {
  return {
    envelopeId: row.envelopeId,
    formInstanceId: row.formInstanceId,
    status: row.status as EnvelopeStatus,
    signers: signers.map(signerDto),
    emailSubject: row.emailSubject,
    emailMessage: row.emailMessage,
    expiresAt: row.expiresAt,
    sentDateTime: row.sentDateTime,
    completedDateTime: row.completedDateTime,
    voidedReason: row.voidedReason,
    declinedReason: row.declinedReason,
    remindersSent: row.remindersSent,
    lastReminderDateTime: row.lastReminderDateTime,
    createdDateTime: row.createdDateTime,
    lastUpdatedDateTime: row.lastUpdatedDateTime,
  };
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
 * Envelopes, newest first, optionally of one instance and of some statuses; with `count`, also how many match in all
 * (one `count(*)` under the same conditions).
 */
export async function listEnvelopes(
  db: Db,
  filter: { formInstanceId?: string; statuses?: number[]; top: number; skip: number; count?: boolean },
): Promise<{ envelopes: StoredEnvelope[]; total?: number }> {
  const conditions = [];
  if (filter.formInstanceId) conditions.push(eq(envelopes.formInstanceId, filter.formInstanceId));
  if (filter.statuses?.length) conditions.push(inArray(envelopes.status, filter.statuses));
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

/** The audit events of an envelope, in sequence order. */
export async function auditEvents(db: DbExecutor, envelopeId: string): Promise<SigningAuditEvent[]> {
  const rows = await db.select().from(envelopeEvents).where(eq(envelopeEvents.envelopeId, envelopeId)).orderBy(asc(envelopeEvents.sequence));
  return rows.map((r) => ({
    sequence: r.sequence,
    envelopeId: r.envelopeId,
    kind: r.kind as SigningAuditEvent['kind'],
    at: r.at,
    signerId: r.signerId,
    actorUserId: r.actorUserId,
    ipAddress: r.ipAddress,
    userAgent: r.userAgent,
    details: r.details,
    previousHash: r.previousHash,
    hash: r.hash,
  }));
}

/**
 * Appends an event to an envelope's chain. Call it in a transaction holding the envelope's row lock (as every change
 * of an envelope does), so that the last event read is the last one stored.
 */
export async function appendEvent(
  tx: DbExecutor,
  envelopeId: string,
  kind: SigningAuditEvent['kind'],
  actor: Actor,
  at: Date,
  extra: { signerId?: string | null; details?: SigningAuditEvent['details'] } = {},
  key: AuditKey | null = null,
): Promise<SigningAuditEvent> {
  // The envelope's chain keeps its kind: keyed (HMAC under `key`), or unkeyed for one written before trails were keyed.
  const [head] = await tx.select({ keyed: envelopes.auditKeyed }).from(envelopes).where(eq(envelopes.envelopeId, envelopeId));
  if (head?.keyed && !key) throw new Error('The audit key is needed to append to a keyed audit trail.');
  const [last] = await tx
    .select({ sequence: envelopeEvents.sequence, hash: envelopeEvents.hash })
    .from(envelopeEvents)
    .where(eq(envelopeEvents.envelopeId, envelopeId))
    .orderBy(desc(envelopeEvents.sequence))
    .limit(1);
  const input: AuditEventInput = {
    envelopeId,
    kind,
    at: at.toISOString(),
    signerId: extra.signerId ?? null,
    actorUserId: actor.userId,
    ipAddress: actor.ipAddress,
    userAgent: actor.userAgent === null ? null : actor.userAgent.slice(0, 500),
    details: extra.details ?? {},
  };
  const event = await nextAuditEvent(last, input, head?.keyed ? key : null);
  await tx.insert(envelopeEvents).values(event);
  await tx.update(envelopes).set({ auditEventCount: event.sequence, auditHeadHash: event.hash }).where(eq(envelopes.envelopeId, envelopeId));
  return event;
}

/** The audit trail of an envelope verified against the head on its row, keyed by `key` unless written before trails were keyed. */
export async function verifyEnvelopeAudit(db: DbExecutor, row: Pick<EnvelopeRow, 'envelopeId' | 'auditKeyed' | 'auditEventCount' | 'auditHeadHash'>, key: AuditKey): Promise<AuditVerification> {
  return verifyAuditChain(row.envelopeId, await auditEvents(db, row.envelopeId), {
    key: row.auditKeyed ? key : null,
    head: { eventCount: row.auditEventCount, headHash: row.auditHeadHash },
  });
}

/** The stored form of a signer token: its SHA-256, hex. */
export const hashSignerToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * A new link token for a signer: 256 random bits (base64url), stored hashed with its expiry. The signer's earlier
 * tokens are revoked: a signer has one live link at a time.
 */
export async function issueSignerToken(tx: DbExecutor, envelopeId: string, signerId: string, expiresAt: Date, now: Date): Promise<string> {
  await tx
    .update(envelopeSignerTokens)
    .set({ revokedAt: now })
    .where(and(eq(envelopeSignerTokens.signerId, signerId), isNull(envelopeSignerTokens.revokedAt)));
  const token = randomBytes(32).toString('base64url');
  await tx.insert(envelopeSignerTokens).values({ tokenHash: hashSignerToken(token), envelopeId, signerId, expiresAt });
  return token;
}

/** What a presented token names, when it is live at `now` (known, not revoked, not used, not expired). */
export async function resolveSignerToken(db: DbExecutor, token: string, now: Date): Promise<{ envelopeId: string; signerId: string } | null> {
  const [found] = await db.select().from(envelopeSignerTokens).where(eq(envelopeSignerTokens.tokenHash, hashSignerToken(token)));
  if (!found || found.revokedAt || found.usedAt || found.expiresAt.getTime() <= now.getTime()) return null;
  return { envelopeId: found.envelopeId, signerId: found.signerId };
}

/** The status of the signer a known token (live or not) belongs to; null for a token that was never issued. */
export async function signerStatusOfToken(db: DbExecutor, token: string): Promise<SignerStatus | null> {
  const [found] = await db
    .select({ status: envelopeSigners.status })
    .from(envelopeSignerTokens)
    .innerJoin(envelopeSigners, eq(envelopeSigners.signerId, envelopeSignerTokens.signerId))
    .where(eq(envelopeSignerTokens.tokenHash, hashSignerToken(token)));
  return found ? (found.status as SignerStatus) : null;
}

/** Marks a token used (after the signer signed or declined with it): it opens nothing any more. */
export async function useSignerToken(tx: DbExecutor, token: string, now: Date): Promise<void> {
  await tx.update(envelopeSignerTokens).set({ usedAt: now }).where(eq(envelopeSignerTokens.tokenHash, hashSignerToken(token)));
}

/** Revokes every live token of an envelope (it ended). */
export async function revokeEnvelopeTokens(tx: DbExecutor, envelopeId: string, now: Date): Promise<void> {
  await tx
    .update(envelopeSignerTokens)
    .set({ revokedAt: now })
    .where(and(eq(envelopeSignerTokens.envelopeId, envelopeId), isNull(envelopeSignerTokens.revokedAt), isNull(envelopeSignerTokens.usedAt)));
}

/** Sets the envelope's status (and its instance's `envelopeStatus` when the instance points at it). */
export async function setEnvelopeStatus(tx: DbExecutor, envelopeId: string, status: number, extra: Partial<EnvelopeRow> = {}): Promise<void> {
  await tx
    .update(envelopes)
    .set({ ...extra, status, lastUpdatedDateTime: sql`now()` })
    .where(eq(envelopes.envelopeId, envelopeId));
  await tx.execute(sql`UPDATE form_instances SET envelope_status = ${status} WHERE envelope_id = ${envelopeId}`);
}
