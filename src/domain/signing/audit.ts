/**
 * The audit trail of an envelope: append-only events, each carrying the SHA-256 of the one before (64 zeros for the
 * first) and its own SHA-256 over a canonical text of every other field, so that removing, reordering or editing an
 * event breaks the chain at that event. The test fake and the reference server build and verify events with these
 * functions (WebCrypto, so they run in Node and in browsers alike).
 */
import type { AuditVerification, SigningAuditEvent } from '../../api/types';

/** The previous hash of an envelope's first event. */
export const GENESIS_HASH = '0'.repeat(64);

/** An event before it is hashed. */
export type UnhashedAuditEvent = Omit<SigningAuditEvent, 'hash'>;

/** SHA-256 of a text (UTF-8), hex. */
export async function sha256Hex(data: string | Uint8Array): Promise<string> {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  const digest = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The text an event's hash covers: its fields in a fixed order, the details' keys sorted, as JSON. Any change to a
 * field changes the text.
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

/** The hash of an event (of its canonical text). */
export function auditEventHash(event: UnhashedAuditEvent): Promise<string> {
  return sha256Hex(canonicalAuditText(event));
}

/** What a new event says; the chain fields come from the event before it. */
export type AuditEventInput = Omit<SigningAuditEvent, 'hash' | 'previousHash' | 'sequence'>;

/** The next event of a chain whose last event is `previous` (undefined for the first). */
export async function nextAuditEvent(previous: Pick<SigningAuditEvent, 'sequence' | 'hash'> | undefined, input: AuditEventInput): Promise<SigningAuditEvent> {
  const unhashed: UnhashedAuditEvent = {
    ...input,
    sequence: (previous?.sequence ?? 0) + 1,
    previousHash: previous?.hash ?? GENESIS_HASH,
  };
  return { ...unhashed, hash: await auditEventHash(unhashed) };
}

/**
 * Recomputes an envelope's chain (events in sequence order): each event must follow the one before (sequence + 1), name
 * its hash as previous, and hash to what it stores. Reports the first broken link.
 */
export async function verifyAuditChain(envelopeId: string, events: readonly SigningAuditEvent[]): Promise<AuditVerification> {
  let previousHash = GENESIS_HASH;
  let expected = 1;
  for (const event of events) {
    const broken = (reason: string): AuditVerification => ({
      envelopeId,
      valid: false,
      eventCount: events.length,
      firstBrokenSequence: event.sequence,
      reason,
    });
    if (event.envelopeId !== envelopeId) return broken(`Event ${event.sequence} belongs to another envelope.`);
    if (event.sequence !== expected) return broken(`Event ${expected} is missing: the next stored event is ${event.sequence}.`);
    if (event.previousHash !== previousHash) return broken(`Event ${event.sequence} does not name the hash of the event before it.`);
    const { hash, ...unhashed } = event;
    if ((await auditEventHash(unhashed)) !== hash) return broken(`Event ${event.sequence} was changed after it was recorded: its hash does not match.`);
    previousHash = hash;
    expected += 1;
  }
  return { envelopeId, valid: true, eventCount: events.length, firstBrokenSequence: null, reason: null };
}
