/**
 * The audit trail of an envelope: append-only events numbered 1, 2, 3…, each carrying the hash of the one before (64
 * zeros for the first) and its own hash over a canonical text of every other field, so that editing, reordering or
 * removing an event breaks the chain at that event. The hash is keyed: HMAC-SHA-256 with a secret the server keeps
 * apart from the database, so that someone who can write to the database cannot recompute a changed chain. The
 * envelope row keeps the chain's head (its last hash and how many events it has), so that cutting off the last events
 * is noticed too. Envelopes written before the chain was keyed keep plain SHA-256 (`keyed: false`) and are verified
 * as such. The test fake and the reference server build and verify events with these functions (WebCrypto, so they
 * run in Node and in browsers alike; each event's hash is a small, asynchronous digest).
 */
import type { AuditProblem, AuditVerification, SigningAuditEvent } from '../../contract/types';

/** The previous hash of an envelope's first event. */
export const GENESIS_HASH = '0'.repeat(64);

/** An event before it is hashed. */
export type UnhashedAuditEvent = Omit<SigningAuditEvent, 'hash'>;

/** The secret of a keyed chain: raw bytes (at least 32). */
export type AuditKey = Uint8Array;

const toHex = (buffer: ArrayBuffer): string => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** SHA-256 of a text (UTF-8), hex. */
export async function sha256Hex(data: string | Uint8Array): Promise<string> {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  return toHex(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
}

const importedKeys = new WeakMap<AuditKey, Promise<CryptoKey>>();

/** HMAC-SHA-256 of a text (UTF-8) under `key`, hex. */
export async function hmacSha256Hex(key: AuditKey, text: string): Promise<string> {
  let imported = importedKeys.get(key);
  if (!imported) {
    imported = crypto.subtle.importKey('raw', key as Uint8Array<ArrayBuffer>, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    importedKeys.set(key, imported);
  }
  return toHex(await crypto.subtle.sign('HMAC', await imported, new TextEncoder().encode(text)));
}

/**
 * The text an event's hash covers: its fields in a fixed order, the details' keys sorted, as JSON. Any change to a
 * field (its sequence number included) changes the text.
 */
export function canonicalAuditText(event: UnhashedAuditEvent): string {
  const details = Object.fromEntries(Object.keys(event.details).sort().map((k) => [k, event.details[k] ?? null]));
  return JSON.stringify([
    event.sequence,
    event.envelopeId,
    event.kind,
    event.at,
    event.signerId,
    event.actorUserId,
    event.ipAddress,
    event.userAgent,
    details,
    event.previousHash,
  ]);
}

/** The hash of an event: HMAC-SHA-256 of its canonical text under `key`, or plain SHA-256 for an unkeyed chain (null). */
export function auditEventHash(event: UnhashedAuditEvent, key: AuditKey | null = null): Promise<string> {
  const text = canonicalAuditText(event);
  return key ? hmacSha256Hex(key, text) : sha256Hex(text);
}

/** What a new event says; the chain fields come from the event before it. */
export type AuditEventInput = Omit<SigningAuditEvent, 'hash' | 'previousHash' | 'sequence'>;

/** The next event of a chain whose last event is `previous` (undefined for the first), keyed by `key` (null: unkeyed). */
export async function nextAuditEvent(
  previous: Pick<SigningAuditEvent, 'sequence' | 'hash'> | undefined,
  input: AuditEventInput,
  key: AuditKey | null = null,
): Promise<SigningAuditEvent> {
  const unhashed: UnhashedAuditEvent = {
    ...input,
    sequence: (previous?.sequence ?? 0) + 1,
    previousHash: previous?.hash ?? GENESIS_HASH,
  };
  return { ...unhashed, hash: await auditEventHash(unhashed, key) };
}

/** The head of a chain as the envelope row keeps it: how many events it has and the last one's hash (null: unknown). */
export interface AuditHead {
  eventCount: number | null;
  headHash: string | null;
}

/** How to verify a chain: its key (null: an unkeyed chain, written before chains were keyed) and the head kept with the envelope. */
export interface VerifyAuditOptions {
  key?: AuditKey | null;
  head?: AuditHead | null;
}

/**
 * Recomputes an envelope's chain (events in sequence order) and compares it with the head kept on the envelope: each
 * event must follow the one before (sequence + 1; a gap is a deleted event), name its hash as previous, and hash to
 * what it stores (else it was changed after it was written); the chain must end where the head says (else its last
 * events were deleted). Reports the first problem: its kind, the event's number and a sentence.
 */
export async function verifyAuditChain(envelopeId: string, events: readonly SigningAuditEvent[], options: VerifyAuditOptions = {}): Promise<AuditVerification> {
  const key = options.key ?? null;
  const expectedCount = options.head?.eventCount ?? null;
  const total = Math.max(expectedCount ?? 0, events.length, events[events.length - 1]?.sequence ?? 0);
  const result = (problem: AuditProblem | null, sequence: number | null, reason: string | null): AuditVerification => ({
    envelopeId,
    valid: problem === null,
    eventCount: events.length,
    expectedEventCount: expectedCount,
    keyed: key !== null,
    problem,
    firstBrokenSequence: sequence,
    reason,
  });
  let previousHash = GENESIS_HASH;
  let expected = 1;
  for (const event of events) {
    if (event.envelopeId !== envelopeId) return result('foreign', event.sequence, `Event ${event.sequence} of ${total} belongs to another envelope.`);
    if (event.sequence > expected) {
      if (events.some((e) => e.sequence === expected)) return result('order', event.sequence, `Event ${event.sequence} of ${total} is stored twice or out of order.`);
      return result('missing', expected, `Event ${expected} of ${total} is missing: it was deleted after it was written.`);
    }
    if (event.sequence < expected) return result('order', event.sequence, `Event ${event.sequence} of ${total} is stored twice or out of order.`);
    const { hash, ...unhashed } = event;
    if (event.previousHash !== previousHash || (await auditEventHash(unhashed, key)) !== hash) {
      return result('changed', event.sequence, `Event ${event.sequence} of ${total} was changed after it was written.`);
    }
    previousHash = hash;
    expected += 1;
  }
  if (expectedCount !== null && events.length < expectedCount) {
    const missing = expectedCount - events.length;
    return result('truncated', events.length + 1, `The last ${missing === 1 ? 'event' : `${missing} events`} of ${expectedCount} ${missing === 1 ? 'is' : 'are'} missing: deleted after ${missing === 1 ? 'it was' : 'they were'} written.`);
  }
  const headHash = options.head?.headHash ?? null;
  if ((expectedCount !== null && events.length > expectedCount) || (headHash !== null && events.length > 0 && previousHash !== headHash)) {
    return result('head', events.length, `The trail does not end where the envelope says it does: its last events were replaced.`);
  }
  return result(null, null, null);
}
