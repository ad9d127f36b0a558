/**
 * The fake's signing provider: envelopes kept in memory, moved by the same domain rules as the reference server's
 * local provider (src/domain/signing: status table, routing order, expiry, reminder caps, audit chain). Only storage
 * lives here; the handlers in handlers/signing.ts are the HTTP.
 */
import { EnvelopeStatus } from '../api/enums';
import type { AuditVerification, SignaturePlace, SignerLink, SigningAuditEvent, SigningEnvelope, SigningSession } from '../api/types';
import { DomainError } from '../domain';
import {
  automaticReminderDue,
  checkManualReminder,
  checkNoOpenEnvelope,
  declineBySigner,
  EXPIRED_VOID_REASON,
  initialSignerStatuses,
  unusableSignerLinkError,
  isEnvelopeExpired,
  isEnvelopeOpen,
  nextAuditEvent,
  openBySigner,
  sha256Hex,
  signBySigner,
  SIGNER_LINK_LIFETIME_MS,
  verifyAuditChain,
  SIGNING_PAGE_PATH,
  voidEnvelope,
  type CheckedSignature,
  type CheckedSignatureRequest,
  type EnvelopeChange,
  type EnvelopeState,
} from '../domain/signing';
import type { FakeDb, FakeEnvelope, FakeEnvelopeLifecycle } from './db';
import { minimalPdf } from './pdf';

/** Who acts, as the audit records it. */
export interface FakeActor {
  userId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
}

/** The clock and ids of the fake. */
export interface SigningContext {
  now(): Date;
  newId(): string;
}

/** The envelope's lifecycle, made from `signers` and `status` for an envelope that has none yet. */
export function lifecycleOf(envelope: FakeEnvelope): FakeEnvelopeLifecycle {
  if (envelope.lifecycle) return envelope.lifecycle;
  const statuses = initialSignerStatuses(envelope.signers.map((s, i) => ({ routingOrder: s.routingOrder ?? i + 1 })));
  const final = envelope.status === EnvelopeStatus.Completed;
  envelope.lifecycle = {
    signers: envelope.signers.map((s, i) => ({
      signerId: `${envelope.envelopeId.slice(0, 24)}${String(i + 1).padStart(12, '0')}`,
      name: s.name,
      email: s.email,
      routingOrder: s.routingOrder ?? i + 1,
      status: final ? 'Signed' : envelope.status === EnvelopeStatus.Declined && i === 0 ? 'Declined' : (statuses[i] ?? 'Created'),
      deliveredDateTime: null,
      signedDateTime: final ? envelope.lastUpdatedDateTime : null,
      declinedDateTime: null,
      declineReason: null,
      signatureKind: null,
      signaturePng: null,
    })),
    expiresAt: null,
    sentDateTime: envelope.createdDateTime,
    completedDateTime: final ? envelope.lastUpdatedDateTime : null,
    voidedReason: envelope.status === EnvelopeStatus.Voided ? 'Voided before the fake kept reasons.' : null,
    declinedReason: null,
    remindersSent: 0,
    lastReminderDateTime: null,
    events: [],
    audit: { keyed: true, eventCount: 0, headHash: null },
    tokens: [],
  };
  return envelope.lifecycle;
}

/** The contract's shape of an envelope. */
export function envelopeDto(envelope: FakeEnvelope): SigningEnvelope {
  const life = lifecycleOf(envelope);
  return {
    envelopeId: envelope.envelopeId,
    formInstanceId: envelope.formInstanceId,
    status: envelope.status,
    signers: life.signers.map(({ signatureKind: _kind, signaturePng: _png, ...s }) => ({ ...s })),
    emailSubject: envelope.emailSubject,
    emailMessage: envelope.emailMessage,
    expiresAt: life.expiresAt,
    sentDateTime: life.sentDateTime,
    completedDateTime: life.completedDateTime,
    voidedReason: life.voidedReason,
    declinedReason: life.declinedReason,
    remindersSent: life.remindersSent,
    lastReminderDateTime: life.lastReminderDateTime,
    createdDateTime: envelope.createdDateTime,
    lastUpdatedDateTime: envelope.lastUpdatedDateTime,
  };
}

function stateOf(envelope: FakeEnvelope): EnvelopeState {
  const life = lifecycleOf(envelope);
  return { status: envelope.status, expiresAt: life.expiresAt, signers: life.signers };
}

/** The envelope of an id; 404 otherwise. */
export function findEnvelope(db: FakeDb, envelopeId: string): FakeEnvelope {
  const envelope = db.envelopes.find((e) => e.envelopeId === envelopeId.toLowerCase() || e.envelopeId === envelopeId);
  if (!envelope) throw new DomainError(404, `No envelope '${envelopeId}'.`);
  return envelope;
}

async function appendEvent(
  envelope: FakeEnvelope,
  kind: SigningAuditEvent['kind'],
  actor: FakeActor,
  at: Date,
  extra: { signerId?: string | null; details?: SigningAuditEvent['details'] } = {},
): Promise<void> {
  const life = lifecycleOf(envelope);
  const previous = life.events[life.events.length - 1] ?? (life.audit.headHash ? { sequence: life.audit.eventCount, hash: life.audit.headHash } : undefined);
  const event = await nextAuditEvent(previous, {
    envelopeId: envelope.envelopeId,
    kind,
    at: at.toISOString(),
    signerId: extra.signerId ?? null,
    actorUserId: actor.userId,
    ipAddress: actor.ipAddress,
    userAgent: actor.userAgent,
    details: extra.details ?? {},
  }, life.audit.keyed ? FAKE_AUDIT_KEY : null);
  life.events.push(event);
  life.audit.eventCount = event.sequence;
  life.audit.headHash = event.hash;
}

/**
 * The fake's audit key (the server's comes from its configuration, kept apart from the data): fixed, since the fake is
 * for tests and stories.
 */
export const FAKE_AUDIT_KEY: Uint8Array = new TextEncoder().encode('ccq-forms-admin fake audit key: tests and stories only');

/** Verifies an envelope's audit trail against the head kept with it (the server's `VerifyAudit`). */
export function verifyFakeAudit(envelope: FakeEnvelope): Promise<AuditVerification> {
  const life = lifecycleOf(envelope);
  return verifyAuditChain(envelope.envelopeId, life.events, {
    key: life.audit.keyed ? FAKE_AUDIT_KEY : null,
    head: { eventCount: life.audit.eventCount, headHash: life.audit.headHash },
  });
}

function setStatus(db: FakeDb, envelope: FakeEnvelope, status: EnvelopeStatus, now: Date): void {
  envelope.status = status;
  envelope.lastUpdatedDateTime = now;
  const instance = db.formInstances.find((i) => i.formInstanceId === envelope.formInstanceId);
  if (instance && instance.envelopeId === envelope.envelopeId) {
    instance.envelopeStatus = status;
    instance.lastUpdatedDateTime = now;
  }
}

function applySigners(envelope: FakeEnvelope, change: EnvelopeChange, now: Date): void {
  for (const c of change.signers) {
    const signer = lifecycleOf(envelope).signers.find((s) => s.signerId === c.signerId);
    if (!signer) continue;
    signer.status = c.status;
    if (c.status === 'Delivered') signer.deliveredDateTime = now;
    if (c.status === 'Signed') signer.signedDateTime = now;
    if (c.status === 'Declined') signer.declinedDateTime = now;
  }
}

function revokeTokens(envelope: FakeEnvelope, now: Date): void {
  for (const t of lifecycleOf(envelope).tokens) if (!t.revokedAt && !t.usedAt) t.revokedAt = now;
}

/** Voids an envelope past its expiry (the server's pass does the same). */
export async function expireIfDue(db: FakeDb, envelope: FakeEnvelope, now: Date): Promise<boolean> {
  const life = lifecycleOf(envelope);
  if (!isEnvelopeExpired({ status: envelope.status, expiresAt: life.expiresAt }, now)) return false;
  setStatus(db, envelope, EnvelopeStatus.Voided, now);
  life.voidedReason = EXPIRED_VOID_REASON;
  revokeTokens(envelope, now);
  await appendEvent(envelope, 'voided', { userId: null, ipAddress: null, userAgent: null }, now, { details: { reason: EXPIRED_VOID_REASON, expired: true } });
  return true;
}

/** Creates and sends an envelope (the local provider's request). */
export async function requestSignature(db: FakeDb, ctx: SigningContext, actor: FakeActor, request: CheckedSignatureRequest): Promise<SigningEnvelope> {
  const instance = db.formInstances.find((i) => i.formInstanceId === request.formInstanceId && !i.isDeleted);
  if (!instance) throw new DomainError(404, `No form instance '${request.formInstanceId}'.`);
  checkNoOpenEnvelope(instance);
  const now = ctx.now();
  const envelopeId = ctx.newId();
  const statuses = initialSignerStatuses(request.signers);
  const envelope: FakeEnvelope = {
    envelopeId,
    formInstanceId: instance.formInstanceId,
    status: EnvelopeStatus.Created,
    signers: request.signers.map((s) => ({ ...s })),
    emailSubject: request.emailSubject,
    emailMessage: request.emailMessage,
    createdDateTime: now,
    lastUpdatedDateTime: now,
    lifecycle: {
      signers: request.signers.map((s, i) => ({
        signerId: ctx.newId(),
        name: s.name,
        email: s.email,
        routingOrder: s.routingOrder,
        status: statuses[i] ?? 'Created',
        deliveredDateTime: null,
        signedDateTime: null,
        declinedDateTime: null,
        declineReason: null,
        signatureKind: null,
        signaturePng: null,
      })),
      expiresAt: request.expiresAt,
      sentDateTime: now,
      completedDateTime: null,
      voidedReason: null,
      declinedReason: null,
      remindersSent: 0,
      lastReminderDateTime: null,
      events: [],
      audit: { keyed: true, eventCount: 0, headHash: null },
      tokens: [],
    },
  };
  db.envelopes.push(envelope);
  await appendEvent(envelope, 'created', actor, now, { details: { signers: request.signers.length } });
  instance.envelopeId = envelopeId;
  setStatus(db, envelope, EnvelopeStatus.Sent, now);
  await appendEvent(envelope, 'sent', actor, now, { details: { signers: statuses.filter((s) => s === 'Sent').length } });
  return envelopeDto(envelope);
}

/** Voids an open envelope with a reason. */
export async function voidFakeEnvelope(db: FakeDb, ctx: SigningContext, actor: FakeActor, envelopeId: string, reason: string): Promise<SigningEnvelope> {
  const envelope = findEnvelope(db, envelopeId);
  const now = ctx.now();
  await expireIfDue(db, envelope, now);
  voidEnvelope(stateOf(envelope));
  setStatus(db, envelope, EnvelopeStatus.Voided, now);
  lifecycleOf(envelope).voidedReason = reason;
  revokeTokens(envelope, now);
  await appendEvent(envelope, 'voided', actor, now, { details: { reason } });
  return envelopeDto(envelope);
}

/** A sender's reminder (capped). */
export async function remindSigners(db: FakeDb, ctx: SigningContext, actor: FakeActor, envelopeId: string, automatic = false): Promise<SigningEnvelope> {
  const envelope = findEnvelope(db, envelopeId);
  const now = ctx.now();
  await expireIfDue(db, envelope, now);
  if (!isEnvelopeOpen(envelope.status)) {
    throw new DomainError(409, 'Only an envelope out for signature can be reminded.', { envelopeStatus: envelope.status });
  }
  const life = lifecycleOf(envelope);
  const state = { remindersSent: life.remindersSent, sentAt: life.sentDateTime, lastReminderAt: life.lastReminderDateTime };
  if (automatic ? !automaticReminderDue(state, now) : (checkManualReminder(state, now), false)) return envelopeDto(envelope);
  life.remindersSent += 1;
  life.lastReminderDateTime = now;
  for (const s of life.signers.filter((x) => x.status === 'Sent' || x.status === 'Delivered')) {
    await appendEvent(envelope, 'reminded', actor, now, { signerId: s.signerId, details: { automatic } });
  }
  return envelopeDto(envelope);
}

/** A new link for a signer (the earlier one stops working). */
export async function signerLink(db: FakeDb, ctx: SigningContext, envelopeId: string, signerId: string, origin: string): Promise<SignerLink> {
  const envelope = findEnvelope(db, envelopeId);
  const now = ctx.now();
  await expireIfDue(db, envelope, now);
  const life = lifecycleOf(envelope);
  const signer = life.signers.find((s) => s.signerId === signerId);
  if (!signer) throw new DomainError(404, `The envelope has no signer '${signerId}'.`);
  if (!isEnvelopeOpen(envelope.status)) {
    throw new DomainError(409, 'The envelope is no longer out for signature: it has no links.', { envelopeStatus: envelope.status });
  }
  if (signer.status === 'Signed' || signer.status === 'Declined') throw new DomainError(409, `${signer.name} has already acted on this envelope.`);
  for (const t of life.tokens) if (t.signerId === signerId && !t.revokedAt) t.revokedAt = now;
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const token = btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const longest = now.getTime() + SIGNER_LINK_LIFETIME_MS;
  const expiresAt = new Date(Math.min(longest, life.expiresAt?.getTime() ?? longest));
  life.tokens.push({ tokenHash: await sha256Hex(token), signerId, expiresAt, usedAt: null, revokedAt: null });
  return { envelopeId: envelope.envelopeId, signerId, url: `${origin.replace(/\/+$/, '')}${SIGNING_PAGE_PATH}?token=${encodeURIComponent(token)}`, token, expiresAt };
}

/**
 * The envelope and signer of a live token; otherwise 409 when the token's signer has signed or declined, else 404; 403
 * for a page naming another envelope or signer.
 */
async function grantOf(db: FakeDb, token: string, now: Date, expected: { envelopeId?: string; signerId?: string }) {
  const hash = await sha256Hex(token);
  for (const envelope of db.envelopes) {
    const found = envelope.lifecycle?.tokens.find((t) => t.tokenHash === hash);
    if (!found) continue;
    if (found.revokedAt || found.usedAt || found.expiresAt.getTime() <= now.getTime()) {
      throw unusableSignerLinkError(lifecycleOf(envelope).signers.find((s) => s.signerId === found.signerId)?.status ?? null);
    }
    if ((expected.envelopeId && expected.envelopeId !== envelope.envelopeId) || (expected.signerId && expected.signerId !== found.signerId)) {
      throw new DomainError(403, 'This signing link belongs to another envelope or signer.');
    }
    if (await expireIfDue(db, envelope, now)) break;
    return { envelope, signerId: found.signerId, token: found };
  }
  throw unusableSignerLinkError(null);
}

/** The places to sign of the fake's document: a line per signer on its one page. */
function placesOf(envelope: FakeEnvelope, signerId: string): SignaturePlace[] {
  const index = lifecycleOf(envelope).signers.findIndex((s) => s.signerId === signerId);
  return index < 0 ? [] : [{ page: 0, x: 56, y: 120 + index * 80, width: 220, height: 60 }];
}

/** A signer opens their link. */
export async function openSigning(db: FakeDb, ctx: SigningContext, actor: FakeActor, token: string, expected: { envelopeId?: string; signerId?: string }): Promise<SigningSession> {
  const now = ctx.now();
  const { envelope, signerId } = await grantOf(db, token, now, expected);
  const change = openBySigner(stateOf(envelope), signerId, now);
  applySigners(envelope, change, now);
  if (change.statusChanged) setStatus(db, envelope, change.status, now);
  if (change.firstOpen) await appendEvent(envelope, 'opened', { ...actor, userId: null }, now, { signerId });
  const signer = lifecycleOf(envelope).signers.find((s) => s.signerId === signerId);
  const instance = db.formInstances.find((i) => i.formInstanceId === envelope.formInstanceId);
  const form = db.forms.find((f) => f.formId === instance?.formId);
  const pdf = minimalPdf([form?.name ?? 'Form', `Envelope ${envelope.envelopeId}`]);
  return {
    envelopeId: envelope.envelopeId,
    signerId,
    signerName: signer?.name ?? '',
    signerEmail: signer?.email ?? '',
    status: envelope.status,
    signerStatus: signer?.status ?? 'Delivered',
    formName: form?.name ?? '',
    emailMessage: envelope.emailMessage,
    expiresAt: lifecycleOf(envelope).expiresAt,
    documentBase64: btoa(String.fromCharCode(...pdf)),
    places: placesOf(envelope, signerId),
  };
}

/** A signer signs; the last signature completes the envelope. */
export async function signEnvelope(
  db: FakeDb,
  ctx: SigningContext,
  actor: FakeActor,
  token: string,
  signature: CheckedSignature,
  expected: { envelopeId?: string; signerId?: string },
): Promise<SigningEnvelope> {
  const now = ctx.now();
  const { envelope, signerId, token: stored } = await grantOf(db, token, now, expected);
  const change = signBySigner(stateOf(envelope), signerId, now);
  applySigners(envelope, change, now);
  const signer = lifecycleOf(envelope).signers.find((s) => s.signerId === signerId);
  if (signer) {
    signer.signatureKind = signature.kind;
    signer.signaturePng = signature.png;
  }
  stored.usedAt = now;
  await appendEvent(envelope, 'signed', { ...actor, userId: null }, now, { signerId, details: { signatureKind: signature.kind, signatureSha256: await sha256Hex(signature.png) } });
  if (change.completed) {
    setStatus(db, envelope, EnvelopeStatus.Completed, now);
    lifecycleOf(envelope).completedDateTime = now;
    await appendEvent(envelope, 'completed', { ...actor, userId: null }, now);
  } else {
    for (const next of change.nextSignerIds) await appendEvent(envelope, 'sent', { ...actor, userId: null }, now, { signerId: next });
  }
  return envelopeDto(envelope);
}

/** A signer declines with a reason. */
export async function declineEnvelope(
  db: FakeDb,
  ctx: SigningContext,
  actor: FakeActor,
  token: string,
  reason: string,
  expected: { envelopeId?: string; signerId?: string },
): Promise<SigningEnvelope> {
  const now = ctx.now();
  const { envelope, signerId } = await grantOf(db, token, now, expected);
  const change = declineBySigner(stateOf(envelope), signerId, now);
  applySigners(envelope, change, now);
  const signer = lifecycleOf(envelope).signers.find((s) => s.signerId === signerId);
  if (signer) signer.declineReason = reason;
  setStatus(db, envelope, EnvelopeStatus.Declined, now);
  lifecycleOf(envelope).declinedReason = reason;
  revokeTokens(envelope, now);
  await appendEvent(envelope, 'declined', { ...actor, userId: null }, now, { signerId, details: { reason } });
  return envelopeDto(envelope);
}

/** Records a download of the signed document. */
export async function recordDownload(envelope: FakeEnvelope, actor: FakeActor, now: Date): Promise<void> {
  await appendEvent(envelope, 'downloaded', actor, now);
}
