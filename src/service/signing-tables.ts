/**
 * The one storage port of the signing use cases: the tables of envelopes with their signers, audit events, documents
 * and signer link tokens, read by keys, updated by columns, appended to. Each backend implements these table
 * operations once (the test fake over its arrays, src/testing/signing-model.ts; the reference server over drizzle,
 * example-host/server/signing/store.ts); the store the use cases read and write through ({@link SigningStorage}) is made
 * from them here, once for both: what a status change touches, where an appended event moves the trail's head, which
 * tokens a revocation reaches, where the places to sign were recorded.
 */
import type { EnvelopeStatus } from '../contract/enums';
import type { SignaturePlace, SignerStatus, SigningAuditEvent } from '../contract/types';
import type {
  EnvelopeDocumentKind,
  EnvelopeRecord,
  SignerRecord,
  EnvelopeValues,
  SignerTokenRecord,
  SigningStorage,
  SigningStore,
} from './signing-ports';

/** The columns of an envelope row a write sets. */
export interface EnvelopeColumns extends EnvelopeValues {
  status?: EnvelopeStatus;
  lastUpdatedDateTime?: Date;
  /** The audit trail's head kept with the envelope: how many events it has and the last one's hash. */
  auditEventCount?: number;
  auditHeadHash?: string;
}

/** A stored signer link token with its SHA-256 (hex), the key it is found by. */
export interface SignerTokenRow extends SignerTokenRecord {
  tokenHash: string;
}

/**
 * The table operations the signing store is made of; every method works inside the caller's transaction. The reads of
 * envelopes (by id, a page, the open ones), of instances, forms and users, and the insert of a new envelope with its
 * signers are queries each backend writes for its own storage.
 */
export interface SigningTables
  extends Pick<SigningStore, 'findEnvelope' | 'listEnvelopes' | 'openEnvelopes' | 'findInstance' | 'formNameOf' | 'userContact' | 'insertEnvelope' | 'pointInstanceAt' | 'updateSigner' | 'readDocument' | 'events' | 'storedAuditHead' | 'findToken'> {
  /** Sets columns of an envelope row. */
  updateEnvelope(envelopeId: string, columns: EnvelopeColumns): Promise<void>;
  /** The instances pointing at the envelope take its status (changed at `now`). */
  setInstanceEnvelopeStatus(envelopeId: string, status: EnvelopeStatus, now: Date): Promise<void>;
  /** Stores (or replaces) one of an envelope's documents with its SHA-256 (hex). */
  writeDocument(envelopeId: string, kind: EnvelopeDocumentKind, bytes: Uint8Array, sha256: string): Promise<void>;
  /** The places to sign of an envelope whose request recorded none (one made by hand): none, or the backend's own. */
  unrecordedPlaces(envelopeId: string): Promise<SignaturePlace[][]>;
  /** The envelope's last audit event, or undefined. */
  lastEvent(envelopeId: string): Promise<SigningAuditEvent | undefined>;
  /** Appends an audit event. */
  insertEvent(event: SigningAuditEvent): Promise<void>;
  /** The tokens of an envelope, live or not. */
  tokensOf(envelopeId: string): Promise<SignerTokenRow[]>;
  /** Stores a new token. */
  insertToken(token: SignerTokenRow): Promise<void>;
  /** Marks a token used or revoked. */
  updateToken(tokenHash: string, values: Partial<Pick<SignerTokenRecord, 'usedAt' | 'revokedAt'>>): Promise<void>;
}

/** The columns of an envelope's row that its record reads, with its status as stored. */
export type EnvelopeRecordColumns = Omit<EnvelopeRecord, 'signers' | 'status'> & { status: number };
/** The columns of a signer's row that its record reads, with its status and signature kind as stored. */
export type SignerRecordColumns = Omit<SignerRecord, 'status' | 'signatureKind'> & { status: string; signatureKind: string | null };

/** An envelope as the use cases read it, from its row's columns and its signers' (in position order), on either backend. */
export function envelopeRecordOf(row: EnvelopeRecordColumns, signers: readonly SignerRecordColumns[]): EnvelopeRecord {
  const { envelopeId, formInstanceId, emailSubject, emailMessage, expiresAt, sentDateTime, completedDateTime, voidedReason, declinedReason } = row;
  const { remindersSent, lastReminderDateTime, reminderEveryDays, createdBy, sentDocumentSha256, createdDateTime, lastUpdatedDateTime } = row;
  return {
    envelopeId, formInstanceId, status: row.status as EnvelopeStatus, emailSubject, emailMessage, expiresAt, sentDateTime, completedDateTime, voidedReason,
    declinedReason, remindersSent, lastReminderDateTime, reminderEveryDays, createdBy, sentDocumentSha256, createdDateTime, lastUpdatedDateTime,
    signers: signers.map((s) => ({
      signerId: s.signerId, name: s.name, email: s.email, routingOrder: s.routingOrder, status: s.status as SignerStatus, deliveredDateTime: s.deliveredDateTime,
      signedDateTime: s.signedDateTime, declinedDateTime: s.declinedDateTime, declineReason: s.declineReason,
      signatureKind: s.signatureKind as 'drawn' | 'typed' | null, signaturePng: s.signaturePng,
    })),
  };
}

/** The places to sign as the request recorded them, in its `created` event (by signer position); undefined when none. */
export function recordedPlaces(events: readonly SigningAuditEvent[]): SignaturePlace[][] | undefined {
  const places = events.find((e) => e.kind === 'created')?.details.places;
  return typeof places === 'string' ? (JSON.parse(places) as SignaturePlace[][]) : undefined;
}

/** The signing store over a backend's tables. */
export function signingStoreOf(tables: SigningTables): SigningStore {
  return {
    ...tables,
    async setStatus(envelopeId, status, values, now) {
      await tables.updateEnvelope(envelopeId, { ...values, status, lastUpdatedDateTime: now });
      await tables.setInstanceEnvelopeStatus(envelopeId, status, now);
    },
    updateEnvelope: (envelopeId, values) => tables.updateEnvelope(envelopeId, values),
    writeSent: (envelopeId, { bytes, sha256 }) => tables.writeDocument(envelopeId, 'sent', bytes, sha256),
    writeSealed: (envelopeId, bytes, sha256) => tables.writeDocument(envelopeId, 'sealed', bytes, sha256),
    async sentPlaces(envelopeId) {
      return recordedPlaces(await tables.events(envelopeId)) ?? tables.unrecordedPlaces(envelopeId);
    },
    async auditHead(envelopeId) {
      const stored = await tables.storedAuditHead(envelopeId);
      const last =
        (await tables.lastEvent(envelopeId)) ??
        (stored.headHash !== null && stored.eventCount !== null ? { sequence: stored.eventCount, hash: stored.headHash } : undefined);
      return { keyed: stored.keyed, last };
    },
    async addEvent(event) {
      await tables.insertEvent(event);
      await tables.updateEnvelope(event.envelopeId, { auditEventCount: event.sequence, auditHeadHash: event.hash });
    },
    addSignerToken: (tokenHash, token) => tables.insertToken({ ...token, tokenHash, usedAt: null, revokedAt: null }),
    useToken: (tokenHash, now) => tables.updateToken(tokenHash, { usedAt: now }),
    async revokeEnvelopeTokens(envelopeId, now) {
      for (const token of await tables.tokensOf(envelopeId)) {
        if (!token.revokedAt && !token.usedAt) await tables.updateToken(token.tokenHash, { revokedAt: now });
      }
    },
  };
}

/**
 * The signing storage of a backend: its tables outside any transaction, and `transaction`, which runs work over the
 * tables of one transaction (the server: the database's; the fake: the same tables, at once).
 */
export function signingStorageOf(tables: SigningTables, transaction: <T>(work: (tables: SigningTables) => Promise<T>) => Promise<T>): SigningStorage {
  return { ...signingStoreOf(tables), transaction: (work) => transaction((inner) => work(signingStoreOf(inner))) };
}
