/**
 * The life of a signing envelope: one table of the allowed status changes, and the moves of its signers. The test fake
 * and the reference server both call these functions on every change and keep only storage and HTTP.
 *
 * An envelope is Created, then Sent to its first signers at once (the built-in provider sends on creation); the first
 * time a signer opens their link it is Delivered; when the last signer has signed it is Completed. A signer's decline
 * ends it as Declined, a sender's void (or its expiry) as Voided. Completed, Declined and Voided are final.
 *
 * Signers sign strictly in `routingOrder`: signers sharing an order are a group that signs in any order among
 * themselves, and the next group gets its turn when the whole group has signed. A signer whose turn has not come can
 * neither open nor sign.
 */
import { EnvelopeStatus } from '../../contract/enums';
import type { SignerStatus } from '../../contract/types';
import { DomainError } from '../errors';

const { Unknown, NotStarted, Created, Sent, Delivered, Completed, Declined, Voided } = EnvelopeStatus;

/** The spec's name of each envelope status. */
export const ENVELOPE_STATUS_NAMES: Readonly<Record<EnvelopeStatus, string>> = {
  [Unknown]: 'Unknown',
  [NotStarted]: 'NotStarted',
  [Created]: 'Created',
  [Sent]: 'Sent',
  [Delivered]: 'Delivered',
  [Completed]: 'Completed',
  [Declined]: 'Declined',
  [Voided]: 'Voided',
};

/**
 * The allowed envelope status changes: from (row) → the statuses it may become. Delivered → Delivered is the next
 * signer opening; a change the table lacks is refused.
 */
export const ENVELOPE_TRANSITIONS: Readonly<Record<EnvelopeStatus, readonly EnvelopeStatus[]>> = {
  [Unknown]: [],
  [NotStarted]: [Created],
  [Created]: [Sent, Voided],
  [Sent]: [Delivered, Declined, Voided],
  [Delivered]: [Delivered, Completed, Declined, Voided],
  [Completed]: [],
  [Declined]: [],
  [Voided]: [],
};

/** The statuses an envelope ends in. */
export const FINAL_ENVELOPE_STATUSES: readonly EnvelopeStatus[] = [Completed, Declined, Voided];

/** Whether an envelope in `status` is still open (its signers may act, its sender may void or remind). */
export function isEnvelopeOpen(status: EnvelopeStatus): boolean {
  return status === Created || status === Sent || status === Delivered;
}

/** What {@link checkNoOpenEnvelope} reads of a form instance: its latest envelope and that envelope's status. */
export interface InstanceEnvelopeState {
  envelopeId?: string | null;
  envelopeStatus?: EnvelopeStatus | null;
}

/** The refusal of a second signature request while the form instance's envelope is still out for signature. */
export const INSTANCE_OUT_FOR_SIGNATURE_MESSAGE = 'The form instance is already out for signature: void its envelope before requesting another.';

/**
 * 409 when a signature is requested for a form instance whose latest envelope is still open (Created, Sent or
 * Delivered): one instance has one envelope out at a time, so its signers are never asked to sign two copies. Once the
 * envelope is completed, declined or voided a new one may be requested. The problem names the open envelope.
 */
export function checkNoOpenEnvelope(instance: InstanceEnvelopeState): void {
  const status = instance.envelopeStatus;
  if (instance.envelopeId && status !== undefined && status !== null && isEnvelopeOpen(status)) {
    throw new DomainError(409, INSTANCE_OUT_FOR_SIGNATURE_MESSAGE, { envelopeId: instance.envelopeId });
  }
}

/** The problem code of a change to the answers of a form instance whose envelope is out for signature. */
export const INSTANCE_IN_SIGNING_CODE = 'instance-in-signing';
/** The problem code of a change to the answers of a form instance whose envelope is completed (signed). */
export const INSTANCE_SIGNED_CODE = 'instance-signed';

/** Whether an instance's answers are locked by its envelope: one out for signature (open) or completed. */
export function isLockedBySigning(instance: InstanceEnvelopeState): boolean {
  const status = instance.envelopeStatus;
  return Boolean(instance.envelopeId) && status !== undefined && status !== null && (isEnvelopeOpen(status) || status === Completed);
}

/**
 * The sentence of a refused change to a locked instance's answers, naming its envelope: while the envelope is open,
 * a correction means voiding it first; a completed envelope is final (the signed document stays as signed), so a
 * correction is a copy of the instance (Duplicate), sent for signature anew.
 */
export function signingLockMessage(envelopeId: string, status: EnvelopeStatus): string {
  return status === Completed
    ? `The answers of this form instance were signed in envelope ${envelopeId} and cannot change: duplicate the instance to correct them and send the copy for signature.`
    : `The answers of this form instance are out for signature in envelope ${envelopeId} and cannot change: void the envelope first to correct them.`;
}

/**
 * 409 when a write would change the answers (its `data`, or the schema version they belong to) of a form instance
 * whose envelope is out for signature or completed: what was signed is what the record holds. The problem carries
 * `code` ({@link INSTANCE_IN_SIGNING_CODE} or {@link INSTANCE_SIGNED_CODE}), `envelopeId` and `envelopeStatus`.
 * Other changes (status, soft delete and restore) pass; `changesAnswers` false passes too.
 */
export function checkAnswersUnlocked(instance: InstanceEnvelopeState, changesAnswers: boolean): void {
  if (!changesAnswers || !isLockedBySigning(instance)) return;
  const envelopeId = instance.envelopeId as string;
  const status = instance.envelopeStatus as EnvelopeStatus;
  throw new DomainError(409, signingLockMessage(envelopeId, status), {
    code: status === Completed ? INSTANCE_SIGNED_CODE : INSTANCE_IN_SIGNING_CODE,
    envelopeId,
    envelopeStatus: status,
  });
}

/** Whether two JSON values are equal (objects compared key by key, whatever the keys' order). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameJson(v, b[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  const rb = b as Record<string, unknown>;
  return ka.length === kb.length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && sameJson((a as Record<string, unknown>)[k], rb[k]));
}

/**
 * The lock of a form instance write: `next` is what the write would store; 409 (see {@link checkAnswersUnlocked})
 * when its data or schema differs from `existing`'s while `existing`'s envelope is open or completed.
 */
export function checkInstanceWriteAgainstSigning(
  existing: InstanceEnvelopeState & { data: unknown; formSchemaId: string },
  next: { data: unknown; formSchemaId: string },
): void {
  const changes = !sameJson(existing.data, next.data) || existing.formSchemaId.toLowerCase() !== next.formSchemaId.toLowerCase();
  checkAnswersUnlocked(existing, changes);
}

/** Whether an envelope may go from `from` to `to`. */
export function mayChangeEnvelopeStatus(from: EnvelopeStatus, to: EnvelopeStatus): boolean {
  return ENVELOPE_TRANSITIONS[from].includes(to);
}

/** 409 unless the table allows `from` → `to`; the message names both. */
export function checkEnvelopeTransition(from: EnvelopeStatus, to: EnvelopeStatus): void {
  if (mayChangeEnvelopeStatus(from, to)) return;
  const name = ENVELOPE_STATUS_NAMES;
  if (!isEnvelopeOpen(from)) {
    throw new DomainError(409, `The envelope is ${name[from]}: nothing can change it any more.`, { envelopeStatus: from });
  }
  throw new DomainError(409, `An envelope cannot go from ${name[from]} to ${name[to]}.`, { envelopeStatus: from });
}

/** One signer as the lifecycle sees them. */
export interface SignerState {
  signerId: string;
  routingOrder: number;
  status: SignerStatus;
}

/** An envelope as the lifecycle sees it. */
export interface EnvelopeState {
  status: EnvelopeStatus;
  signers: readonly SignerState[];
  expiresAt: Date | null;
}

/** The routing order whose turn it is: the lowest one with a signer who has not signed, or null when all have. */
export function activeRoutingOrder(signers: readonly Pick<SignerState, 'routingOrder' | 'status'>[]): number | null {
  let active: number | null = null;
  for (const s of signers) {
    if (s.status !== 'Signed' && (active === null || s.routingOrder < active)) active = s.routingOrder;
  }
  return active;
}

/** The signers' statuses when the envelope is sent: the first group's links are Sent, the others wait (Created). */
export function initialSignerStatuses(signers: readonly Pick<SignerState, 'routingOrder'>[]): SignerStatus[] {
  const first = Math.min(...signers.map((s) => s.routingOrder));
  return signers.map((s) => (s.routingOrder === first ? 'Sent' : 'Created'));
}

/** Whether the envelope is past its expiry at `now`. */
export function isEnvelopeExpired(envelope: Pick<EnvelopeState, 'status' | 'expiresAt'>, now: Date): boolean {
  return isEnvelopeOpen(envelope.status) && envelope.expiresAt !== null && envelope.expiresAt.getTime() <= now.getTime();
}

/** The reason recorded when the server voids an expired envelope. */
export const EXPIRED_VOID_REASON = 'The envelope expired before every signer had signed.';

function signerOf(envelope: EnvelopeState, signerId: string): SignerState {
  const signer = envelope.signers.find((s) => s.signerId === signerId);
  if (!signer) throw new DomainError(404, `The envelope has no signer '${signerId}'.`);
  return signer;
}

/** 409 when the envelope cannot take a signer's action any more (final, or expired at `now`). */
function checkOpenForSigners(envelope: EnvelopeState, now: Date): void {
  if (isEnvelopeExpired(envelope, now)) {
    throw new DomainError(409, 'The envelope has expired: it can no longer be signed.', { envelopeStatus: Voided });
  }
  if (!isEnvelopeOpen(envelope.status)) {
    throw new DomainError(409, `The envelope is ${ENVELOPE_STATUS_NAMES[envelope.status]}: it can no longer be signed.`, {
      envelopeStatus: envelope.status,
    });
  }
}

/** 409 unless it is the signer's turn and they have not acted yet. */
function checkSignerTurn(envelope: EnvelopeState, signer: SignerState): void {
  if (signer.status === 'Signed') throw new DomainError(409, 'You have already signed this envelope.');
  if (signer.status === 'Declined') throw new DomainError(409, 'You have declined this envelope.');
  const active = activeRoutingOrder(envelope.signers);
  if (active !== null && signer.routingOrder > active) {
    throw new DomainError(409, `It is not your turn to sign yet: the signers of order ${active} sign first.`, { activeRoutingOrder: active });
  }
}

/** What an action changes: the envelope's new status and the signers whose status changes. */
export interface EnvelopeChange {
  status: EnvelopeStatus;
  signers: { signerId: string; status: SignerStatus }[];
  /** The envelope's status changed (a status event is due). */
  statusChanged: boolean;
}

/**
 * A signer opens their link: their first opening marks them Delivered, and the envelope's first opening marks it
 * Delivered. Refused when it is not their turn, they have acted, or the envelope is final or expired.
 */
export function openBySigner(envelope: EnvelopeState, signerId: string, now: Date): EnvelopeChange & { firstOpen: boolean } {
  checkOpenForSigners(envelope, now);
  const signer = signerOf(envelope, signerId);
  checkSignerTurn(envelope, signer);
  const firstOpen = signer.status === 'Sent' || signer.status === 'Created';
  const status = envelope.status === Sent ? Delivered : envelope.status;
  if (status !== envelope.status) checkEnvelopeTransition(envelope.status, status);
  return { status, signers: firstOpen ? [{ signerId, status: 'Delivered' }] : [], statusChanged: status !== envelope.status, firstOpen };
}

/**
 * A signer signs: they become Signed; when their group is done the next group's links are Sent; when everybody has
 * signed the envelope is Completed. The signer must have opened the document first (Delivered).
 */
export function signBySigner(envelope: EnvelopeState, signerId: string, now: Date): EnvelopeChange & { completed: boolean; nextSignerIds: string[] } {
  checkOpenForSigners(envelope, now);
  const signer = signerOf(envelope, signerId);
  checkSignerTurn(envelope, signer);
  if (signer.status !== 'Delivered') throw new DomainError(409, 'Open the document before signing it.');
  const after = envelope.signers.map((s) => (s.signerId === signerId ? { ...s, status: 'Signed' as const } : s));
  const active = activeRoutingOrder(after);
  const changes: { signerId: string; status: SignerStatus }[] = [{ signerId, status: 'Signed' }];
  const nextSignerIds: string[] = [];
  if (active !== null && active !== signer.routingOrder) {
    for (const s of after) {
      if (s.routingOrder === active && s.status === 'Created') {
        changes.push({ signerId: s.signerId, status: 'Sent' });
        nextSignerIds.push(s.signerId);
      }
    }
  }
  const completed = active === null;
  const status = completed ? Completed : envelope.status;
  if (completed) checkEnvelopeTransition(envelope.status, Completed);
  return { status, signers: changes, statusChanged: status !== envelope.status, completed, nextSignerIds };
}

/**
 * A signer declines (a reason is required, see `readReason`): the envelope ends Declined. Who is told: the signers who
 * signed before, and the sender.
 */
export function declineBySigner(envelope: EnvelopeState, signerId: string, now: Date): EnvelopeChange & { notifySignerIds: string[] } {
  checkOpenForSigners(envelope, now);
  const signer = signerOf(envelope, signerId);
  checkSignerTurn(envelope, signer);
  checkEnvelopeTransition(envelope.status, Declined);
  return {
    status: Declined,
    signers: [{ signerId, status: 'Declined' }],
    statusChanged: true,
    notifySignerIds: envelope.signers.filter((s) => s.status === 'Signed').map((s) => s.signerId),
  };
}

/** The sender voids (a reason is required): the envelope ends Voided; final envelopes are refused (409). */
export function voidEnvelope(envelope: Pick<EnvelopeState, 'status'>): EnvelopeChange {
  checkEnvelopeTransition(envelope.status, Voided);
  return { status: Voided, signers: [], statusChanged: true };
}
