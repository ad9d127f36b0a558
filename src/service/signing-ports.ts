/**
 * The ports of the signing use cases (src/service/signing.ts): the store of envelopes, their signers, audit events,
 * documents and signer link tokens; the document a request sends; the sealer of a completed document; the mailer.
 * The test fake implements them in memory (src/testing/signing-model.ts), the reference server over drizzle and its
 * PDF worker (example-host/server/signing/provider.ts).
 */
import type { EnvelopeStatus } from '../contract/enums';
import type { EnvelopeSigner, OutboxMessage, SignaturePlace, SignerStatus, SigningAuditEvent, SigningEnvelope } from '../contract/types';
import type { RequestedSigner } from '../domain/signing';
import type { EnvelopeListQuery } from '../domain/signing/list-query';
import type { Mailer, MailMessage } from './mail';

/** Who acts, as the audit records it. */
export interface SigningActor {
  userId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
}

/** A signer as the use cases read it, in the envelope's signer order: the contract's fields and the signature. */
export interface SignerRecord extends EnvelopeSigner {
  signatureKind: 'drawn' | 'typed' | null;
  signaturePng: Uint8Array | null;
}

/** An envelope as the use cases read it: the contract's fields, who requested it and the hash of what was sent. */
export interface EnvelopeRecord extends Omit<SigningEnvelope, 'signers' | 'reminderEveryDays' | 'mailFailures'> {
  /** The reminder schedule in days (null: the automatic reminders of the domain's policy). */
  reminderEveryDays: number | null;
  /** The user who requested the signature (null: unknown). */
  createdBy: string | null;
  /** SHA-256 (hex) of the document as sent; null when none was kept. */
  sentDocumentSha256: string | null;
  signers: SignerRecord[];
}

/** A new envelope, stored with status Created and its signers Created. */
export interface NewEnvelope {
  envelopeId: string;
  formInstanceId: string;
  signers: (RequestedSigner & { signerId: string })[];
  emailSubject: string | null;
  emailMessage: string | null;
  expiresAt: Date | null;
  reminderEveryDays: number | null;
  createdBy: string | null;
  createdDateTime: Date;
}

/** What an envelope's change sets besides its status. */
export interface EnvelopeValues {
  sentDateTime?: Date;
  completedDateTime?: Date;
  voidedReason?: string;
  declinedReason?: string;
  remindersSent?: number;
  lastReminderDateTime?: Date;
}

/** What a signer's change sets. */
export interface SignerValues {
  status?: SignerStatus;
  deliveredDateTime?: Date;
  signedDateTime?: Date;
  declinedDateTime?: Date;
  declineReason?: string;
  signatureKind?: 'drawn' | 'typed';
  signaturePng?: Uint8Array;
  typedName?: string | null;
}

/** A stored signer link token (its SHA-256 only). */
export interface SignerTokenRecord {
  envelopeId: string;
  signerId: string;
  expiresAt: Date;
  usedAt: Date | null;
  revokedAt: Date | null;
}

/** An envelope's documents: the one sent to the signers, and the sealed PDF. */
export type EnvelopeDocumentKind = 'sent' | 'sealed';

/**
 * The reads and writes of envelopes. Every method works inside the caller's transaction when it is given one
 * ({@link SigningStorage.transaction}); a change of an envelope runs with its row locked (`findEnvelope(id, true)`).
 */
/** What a store lists: the checked query, narrowed to some envelopes when the mail queue chose them. */
export type EnvelopeListSelection = Omit<EnvelopeListQuery, 'mailFailed'> & { envelopeIds?: readonly string[] };

export interface SigningStore {
  /** The envelope of `envelopeId` (any case) with its signers, or undefined; `lock` holds it until the transaction ends. */
  findEnvelope(envelopeId: string, lock?: boolean): Promise<EnvelopeRecord | undefined>;
  /**
   * A page of envelopes, newest first, and how many match when the query counts them. `envelopeIds` (lower case, never
   * empty): only among these envelopes (the mail queue's answer to `mailFailed`).
   */
  listEnvelopes(query: EnvelopeListSelection): Promise<{ envelopes: EnvelopeRecord[]; total: number }>;
  /** The open envelopes (Created, Sent, Delivered) with their expiry; with `expiredBy`, only those expired by then. */
  openEnvelopes(expiredBy?: Date): Promise<{ envelopeId: string; expiresAt: Date | null }[]>;
  /** A form instance's envelope pointer, or undefined when it does not exist or is deleted; `lock` holds its row. */
  findInstance(formInstanceId: string, lock?: boolean): Promise<{ envelopeId: string | null; envelopeStatus: EnvelopeStatus | null } | undefined>;
  /** The name of the form of an instance, or undefined. */
  formNameOf(formInstanceId: string): Promise<string | undefined>;
  /** The name and email of a user, or undefined. */
  userContact(userId: string): Promise<{ name: string; email: string | null } | undefined>;
  /** Stores a new envelope (status Created, its signers Created, a keyed audit trail). */
  insertEnvelope(envelope: NewEnvelope): Promise<void>;
  /** Points a form instance at an envelope (its `envelopeStatus` follows with {@link SigningStore.setStatus}). */
  pointInstanceAt(formInstanceId: string, envelopeId: string): Promise<void>;
  /** Sets an envelope's status (and its instance's `envelopeStatus` when the instance points at it) and `values`. */
  setStatus(envelopeId: string, status: EnvelopeStatus, values: EnvelopeValues, now: Date): Promise<void>;
  /** Sets an envelope's values other than its status. */
  updateEnvelope(envelopeId: string, values: EnvelopeValues): Promise<void>;
  /** Changes a signer. */
  updateSigner(signerId: string, values: SignerValues): Promise<void>;
  /** Stores the document as sent of a new envelope, with its SHA-256 (hex) and where each signer signs. */
  writeSent(envelopeId: string, document: PreparedDocument & { sha256: string }): Promise<void>;
  /** Stores (or replaces) the sealed document, with its SHA-256 (hex). */
  writeSealed(envelopeId: string, bytes: Uint8Array, sha256: string): Promise<void>;
  /** One of an envelope's documents, or undefined. */
  readDocument(envelopeId: string, kind: EnvelopeDocumentKind): Promise<Uint8Array | undefined>;
  /** Where each signer signs (by signer position), as recorded when the document was sent. */
  sentPlaces(envelopeId: string): Promise<SignaturePlace[][]>;
  /** Whether the envelope's audit chain is keyed, and its last event. */
  auditHead(envelopeId: string): Promise<{ keyed: boolean; last: Pick<SigningAuditEvent, 'sequence' | 'hash'> | undefined }>;
  /** Appends an event and moves the trail's head to it. */
  addEvent(event: SigningAuditEvent): Promise<void>;
  /** The envelope's audit events, in sequence order. */
  events(envelopeId: string): Promise<SigningAuditEvent[]>;
  /** The audit head kept with the envelope (for verification; null count: a trail written before heads were kept). */
  storedAuditHead(envelopeId: string): Promise<{ keyed: boolean; eventCount: number | null; headHash: string | null }>;
  /** The token of a SHA-256 (hex), live or not, or undefined. */
  findToken(tokenHash: string): Promise<SignerTokenRecord | undefined>;
  /** Stores a new token of a signer; their earlier ones stay live (a link already sent or copied keeps working). */
  addSignerToken(tokenHash: string, token: Omit<SignerTokenRecord, 'usedAt' | 'revokedAt'>): Promise<void>;
  /** Marks a token used. */
  useToken(tokenHash: string, now: Date): Promise<void>;
  /** Revokes every live token of an envelope. */
  revokeEnvelopeTokens(envelopeId: string, now: Date): Promise<void>;
}

/** A {@link SigningStore} outside any transaction, that can open one. */
export interface SigningStorage extends SigningStore {
  /** Runs `work` in one transaction (the test fake: at once, over the same store); its rows' locks end with it. */
  transaction<T>(work: (store: SigningStore) => Promise<T>): Promise<T>;
}

/** The document sent with a request and where each signer signs (by signer position). */
export interface PreparedDocument {
  bytes: Uint8Array;
  places: SignaturePlace[][];
  source: string;
}

/** Makes the document a signature request sends. */
export interface SentDocuments {
  /** The document for a live form instance and its signers; 404 when the instance, its schema or form is not live. */
  prepare(formInstanceId: string, envelopeId: string, signers: readonly RequestedSigner[]): Promise<PreparedDocument>;
}

/** What a seal puts on the completed document. */
export interface SealInput {
  envelopeId: string;
  formName: string;
  sent: Uint8Array;
  sentSha256: string;
  signers: (Omit<SignerRecord, 'status'> & { places: SignaturePlace[] })[];
  events: SigningAuditEvent[];
  now: Date;
}

/** Seals a completed envelope's document (the server: its seal certificate; the fake: a PDF of its own). */
export interface Sealer {
  seal(input: SealInput): Promise<{ bytes: Uint8Array; signedSha256: string }>;
}

/** One message to a signer or the sender (src/service/mail.ts). */
export type SigningMail = MailMessage;

/** Sends the signing mail (src/service/mail.ts). */
export type { Mailer };

/** What the backend's Outbox holds: the messages sent (the server: what its development SMTP sink received). */
export interface MailOutbox {
  /** A window of the messages, newest first, and how many there are. */
  list(window: { offset: number; limit: number }): Promise<{ messages: OutboxMessage[]; total: number }>;
}

/** New signer link tokens: 256 random bits, base64url. */
export interface TokenSource {
  newToken(): string;
}
