/**
 * Signing (`/api/Signing/*` of docs/spec.md), written once for both backends against the ports of
 * src/service/signing-ports.ts: request, list and read, remind, a signer's link, void, the signing page's open, sign
 * and decline, expiry, the seal of the completed document, its download, the audit trail and its verification. Every
 * move is the domain's (src/domain/signing: the status table, the routing order, expiry, reminder caps, the audit
 * chain); reading the request and who may call a route are the caller's.
 *
 * Each change of an envelope runs in one transaction holding the envelope's row lock, after an envelope past its
 * expiry has been voided. Mail (src/service/mail.ts: the signer's own link, the completion with the signed document, a
 * decline's notice) is handed to the mailer after the change is stored, and only when the backend has a mailer:
 * without one nobody would receive a new link, so none is issued (the sender copies the links from the Signing
 * screen). A new link never revokes an earlier one: a link mailed or copied before keeps working until it is used,
 * expires or the envelope ends.
 */
import { EnvelopeStatus } from '../contract/enums';
import type { AuditVerification, SignerLink, SigningAuditEvent, SigningEnvelope, SigningSession } from '../contract/types';
import { DomainError } from '../domain';
import { rowNotFound } from '../domain/forms';
import {
  automaticReminderDue,
  checkManualReminder,
  checkNoOpenEnvelope,
  declineBySigner,
  EXPIRED_VOID_REASON,
  initialSignerStatuses,
  isEnvelopeExpired,
  isEnvelopeOpen,
  nextAuditEvent,
  openBySigner,
  sha256Hex,
  signBySigner,
  signedDocumentFileName,
  SIGNER_LINK_LIFETIME_MS,
  SIGNING_PAGE_PATH,
  INSTANCE_PAGE_PATH,
  unusableSignerLinkError,
  verifyAuditChain,
  voidEnvelope,
  type AuditKey,
  type CheckedSignature,
  type CheckedSignatureRequest,
  type EnvelopeChange,
  type EnvelopeState,
} from '../domain/signing';
import { envelopeListAnswer, type EnvelopeListQuery } from '../domain/signing/list-query';
import { completedMail, declinedMail, signingLinkMail, type Mailer, type MailMessage, type SigningMailTexts } from './mail';
import { envelopeMailFailures, resendMail, type SigningMailQueue } from './mail-queue';
import type { Clock, Ids } from './ports';
import type { EnvelopeRecord, MailOutbox, SealInput, Sealer, SentDocuments, SigningActor, SigningStorage, SigningStore, TokenSource } from './signing-ports';

/** What the signing use cases work with. */
export interface SigningPorts {
  storage: SigningStorage;
  clock: Clock;
  ids: Ids;
  tokens: TokenSource;
  documents: SentDocuments;
  sealer: Sealer;
  /** Null: no mail is sent (the links are shown and copied on the Signing screen). */
  mailer: Mailer | null;
  /** The texts the mail is written with (the labels' `ml…` texts, in the backend's language). */
  mailTexts: SigningMailTexts;
  /** The locale the mail writes dates in (the language of `mailTexts`, e.g. 'en', 'de', 'fr'). */
  mailLocale: string;
  /**
   * The queue `mailer` keeps its messages in until they are sent: its failures are shown on their envelopes and can be
   * sent again. Null: no mail, or a mailer that keeps none.
   */
  mailQueue: SigningMailQueue | null;
  /** What was sent, for the Outbox page. */
  outbox: MailOutbox;
  /** The audit trails' key; null when none is configured (a keyed trail then cannot be appended to). */
  auditKey: AuditKey | null;
  /** Where signing links point: `{signingBaseUrl}/sign?token=…`. */
  signingBaseUrl: string;
}

/** The envelope and signer a signing page says it acts for (optional; checked against the token's). */
export interface SignerLinkTarget {
  envelopeId?: string;
  signerId?: string;
}

/** The actor of the server's own moves (expiry, automatic reminders). */
const SYSTEM: SigningActor = { userId: null, ipAddress: null, userAgent: null };

/** The longest user agent an audit event keeps. */
const USER_AGENT_CHARS = 500;

type Details = SigningAuditEvent['details'];
type Mails = MailMessage[];

function envelopeNotFound(id: string): DomainError {
  return new DomainError(404, `No envelope '${id}'.`);
}

function notCompleted(status: EnvelopeStatus): DomainError {
  return new DomainError(409, 'The envelope is not completed: there is no signed document yet.', { envelopeStatus: status });
}

function stateOf(found: EnvelopeRecord): EnvelopeState {
  return { status: found.status, expiresAt: found.expiresAt, signers: found.signers.map((s) => ({ signerId: s.signerId, routingOrder: s.routingOrder, status: s.status })) };
}

/** Base64 of bytes, a slice at a time (a large document would overflow one `String.fromCharCode` call). */
function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Appends an event to an envelope's chain (in the transaction holding the envelope's lock). */
async function record(
  ports: SigningPorts,
  store: SigningStore,
  envelopeId: string,
  kind: SigningAuditEvent['kind'],
  actor: SigningActor,
  at: Date,
  extra: { signerId?: string | null; details?: Details } = {},
): Promise<void> {
  // The envelope's chain keeps its kind: keyed (HMAC under the key), or unkeyed for one written before trails were keyed.
  const head = await store.auditHead(envelopeId);
  if (head.keyed && !ports.auditKey) throw new Error('The audit key is needed to append to a keyed audit trail.');
  const event = await nextAuditEvent(
    head.last,
    {
      envelopeId,
      kind,
      at: at.toISOString(),
      signerId: extra.signerId ?? null,
      actorUserId: actor.userId,
      ipAddress: actor.ipAddress,
      userAgent: actor.userAgent === null ? null : actor.userAgent.slice(0, USER_AGENT_CHARS),
      details: extra.details ?? {},
    },
    head.keyed ? ports.auditKey : null,
  );
  await store.addEvent(event);
}

async function applySigners(store: SigningStore, change: EnvelopeChange, now: Date): Promise<void> {
  for (const s of change.signers) {
    const at = s.status === 'Delivered' ? { deliveredDateTime: now } : s.status === 'Signed' ? { signedDateTime: now } : s.status === 'Declined' ? { declinedDateTime: now } : {};
    await store.updateSigner(s.signerId, { status: s.status, ...at });
  }
}

function linkOf(ports: SigningPorts, token: string): string {
  return `${ports.signingBaseUrl.replace(/\/+$/, '')}${SIGNING_PAGE_PATH}?token=${encodeURIComponent(token)}`;
}

/** The host's page of a form instance, for staff (the sender). */
function instanceLinkOf(ports: SigningPorts, formInstanceId: string): string {
  return `${ports.signingBaseUrl.replace(/\/+$/, '')}${INSTANCE_PAGE_PATH}${encodeURIComponent(formInstanceId)}`;
}

/** A signer's link lives at most {@link SIGNER_LINK_LIFETIME_MS}, and never past the envelope's expiry. */
function linkExpiry(found: EnvelopeRecord, now: Date): Date {
  const longest = now.getTime() + SIGNER_LINK_LIFETIME_MS;
  return new Date(Math.min(longest, found.expiresAt?.getTime() ?? longest));
}

/** A new link token for a signer (their earlier ones stay live: a link mailed or copied before keeps working). */
async function issueToken(ports: SigningPorts, store: SigningStore, found: EnvelopeRecord, signerId: string, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = ports.tokens.newToken();
  const expiresAt = linkExpiry(found, now);
  await store.addSignerToken(await sha256Hex(token), { envelopeId: found.envelopeId, signerId, expiresAt });
  return { token, expiresAt };
}

/** Issues links for signers and prepares their mail (a request or a reminder); none without a mailer. */
async function sendLinks(ports: SigningPorts, store: SigningStore, found: EnvelopeRecord, signerIds: readonly string[], kind: 'signing-request' | 'reminder', now: Date): Promise<Mails> {
  if (!ports.mailer) return [];
  const mails: Mails = [];
  const formName = (await store.formNameOf(found.formInstanceId)) ?? '';
  for (const signer of found.signers.filter((s) => signerIds.includes(s.signerId))) {
    const issued = await issueToken(ports, store, found, signer.signerId, now);
    mails.push(
      signingLinkMail({
        kind,
        texts: ports.mailTexts,
        formName,
        envelopeId: found.envelopeId,
        to: { name: signer.name, email: signer.email },
        link: linkOf(ports, issued.token),
        linkExpiresAt: issued.expiresAt,
        locale: ports.mailLocale,
        emailSubject: found.emailSubject,
        emailMessage: found.emailMessage,
      }),
    );
  }
  return mails;
}

/**
 * Hands prepared mail to the mailer once the change is stored; a failing mailer does not undo the change (the links
 * can be copied again). The server's mailer queues each message and sends it, with retries, outside the request.
 */
async function flush(ports: SigningPorts, mails: Mails): Promise<void> {
  const mailer = ports.mailer;
  if (!mailer) return;
  await Promise.allSettled(mails.map((mail) => mailer.send(mail)));
}

/** The completion to every party (the signers and the sender), with the stored signed document attached. */
async function completionMails(ports: SigningPorts, envelopeId: string, signed: Uint8Array): Promise<Mails> {
  if (!ports.mailer) return [];
  const found = await ports.storage.findEnvelope(envelopeId);
  if (!found) return [];
  const formName = (await ports.storage.formNameOf(found.formInstanceId)) ?? '';
  const parties = found.signers.map((s) => ({ name: s.name, email: s.email }));
  const sender = found.createdBy ? await ports.storage.userContact(found.createdBy) : undefined;
  if (sender?.email && !parties.some((p) => p.email.toLowerCase() === sender.email?.toLowerCase())) parties.push({ name: sender.name, email: sender.email });
  const attachment = { fileName: signedDocumentFileName(formName || 'Form'), contentType: 'application/pdf', bytes: signed };
  return parties.map((to) => completedMail({ texts: ports.mailTexts, formName, envelopeId: found.envelopeId, to, signed: attachment }));
}

/** Envelopes with their failed mail (an empty list when the backend keeps no mail queue). */
async function withMailFailures(ports: SigningPorts, envelopes: SigningEnvelope[]): Promise<SigningEnvelope[]> {
  const failures = ports.mailQueue ? await envelopeMailFailures(ports.mailQueue.store, envelopes.map((e) => e.envelopeId)) : new Map<string, never[]>();
  return envelopes.map((e) => ({ ...e, mailFailures: failures.get(e.envelopeId) ?? [] }));
}

/** The contract's shape of an envelope: what a record holds but the requester, the sent document's hash and the signatures. */
function envelopeOut(e: EnvelopeRecord): SigningEnvelope {
  const { envelopeId, formInstanceId, status, emailSubject, emailMessage, expiresAt, sentDateTime, completedDateTime, voidedReason, declinedReason } = e;
  const { remindersSent, lastReminderDateTime, reminderEveryDays, createdDateTime, lastUpdatedDateTime } = e;
  return {
    envelopeId, formInstanceId, status, emailSubject, emailMessage, expiresAt, sentDateTime, completedDateTime, voidedReason, declinedReason,
    remindersSent, lastReminderDateTime, reminderEveryDays, createdDateTime, lastUpdatedDateTime,
    signers: e.signers.map(({ signerId, name, email, routingOrder, status, deliveredDateTime, signedDateTime, declinedDateTime, declineReason }) => (
      { signerId, name, email, routingOrder, status, deliveredDateTime, signedDateTime, declinedDateTime, declineReason }
    )),
  };
}

async function reload(ports: SigningPorts, envelopeId: string): Promise<SigningEnvelope> {
  const found = await ports.storage.findEnvelope(envelopeId);
  if (!found) throw envelopeNotFound(envelopeId);
  const envelope = envelopeOut(found);
  const [withFailures] = await withMailFailures(ports, [envelope]);
  return withFailures ?? envelope;
}

/** Runs `work` on an envelope whose row is locked, after voiding it when it has expired; 404 for an unknown one. */
async function withEnvelope<T>(ports: SigningPorts, envelopeId: string, work: (store: SigningStore, found: EnvelopeRecord) => Promise<T>): Promise<T> {
  await expireIfDue(ports, envelopeId);
  return ports.storage.transaction(async (store) => {
    const found = await store.findEnvelope(envelopeId, true);
    if (!found) throw envelopeNotFound(envelopeId);
    return work(store, found);
  });
}

/** Voids an open envelope past its expiry, recorded as a void by the system with the expiry reason. */
export async function expireIfDue(ports: SigningPorts, envelopeId: string): Promise<boolean> {
  const now = ports.clock.now();
  return ports.storage.transaction(async (store) => {
    const found = await store.findEnvelope(envelopeId, true);
    if (!found || !isEnvelopeExpired(found, now)) return false;
    await store.setStatus(found.envelopeId, EnvelopeStatus.Voided, { voidedReason: EXPIRED_VOID_REASON }, now);
    await store.revokeEnvelopeTokens(found.envelopeId, now);
    await record(ports, store, found.envelopeId, 'voided', SYSTEM, now, { details: { reason: EXPIRED_VOID_REASON, expired: true } });
    return true;
  });
}

/**
 * Creates an envelope for a live form instance that has no open one, with the document as sent, and sends it at once:
 * the first routing group is Sent (and mailed their links), the instance points at the envelope.
 */
export async function requestSignature(ports: SigningPorts, actor: SigningActor, request: CheckedSignatureRequest): Promise<SigningEnvelope> {
  const now = ports.clock.now();
  const envelopeId = ports.ids.newId();
  const sent = await ports.documents.prepare(request.formInstanceId, envelopeId, request.signers);
  const sentSha256 = await sha256Hex(sent.bytes);
  const statuses = initialSignerStatuses(request.signers);
  const mails = await ports.storage.transaction(async (store) => {
    const instance = await store.findInstance(request.formInstanceId, true);
    if (!instance) throw rowNotFound('form instance', request.formInstanceId);
    checkNoOpenEnvelope(instance);
    await store.insertEnvelope({
      envelopeId,
      formInstanceId: request.formInstanceId,
      signers: request.signers.map((s) => ({ ...s, signerId: ports.ids.newId() })),
      emailSubject: request.emailSubject,
      emailMessage: request.emailMessage,
      expiresAt: request.expiresAt,
      reminderEveryDays: request.reminderEveryDays,
      createdBy: actor.userId,
      createdDateTime: now,
    });
    await store.writeSent(envelopeId, { ...sent, sha256: sentSha256 });
    await record(ports, store, envelopeId, 'created', actor, now, {
      details: { signers: request.signers.length, documentSha256: sentSha256, documentSource: sent.source, places: JSON.stringify(sent.places) },
    });
    const stored = await store.findEnvelope(envelopeId, true);
    if (!stored) throw envelopeNotFound(envelopeId);
    const first = stored.signers.filter((_, i) => statuses[i] === 'Sent').map((s) => s.signerId);
    for (const signerId of first) await store.updateSigner(signerId, { status: 'Sent' });
    await store.pointInstanceAt(request.formInstanceId, envelopeId);
    await store.setStatus(envelopeId, EnvelopeStatus.Sent, { sentDateTime: now }, now);
    await record(ports, store, envelopeId, 'sent', actor, now, { details: { signers: first.length } });
    return sendLinks(ports, store, stored, first, 'signing-request', now);
  });
  await flush(ports, mails);
  return reload(ports, envelopeId);
}

/** Voids an open envelope with a reason; its links stop working. */
export async function voidSigningEnvelope(ports: SigningPorts, actor: SigningActor, envelopeId: string, reason: string): Promise<SigningEnvelope> {
  const now = ports.clock.now();
  const id = await withEnvelope(ports, envelopeId, async (store, found) => {
    voidEnvelope(stateOf(found));
    await store.setStatus(found.envelopeId, EnvelopeStatus.Voided, { voidedReason: reason }, now);
    await store.revokeEnvelopeTokens(found.envelopeId, now);
    await record(ports, store, found.envelopeId, 'voided', actor, now, { details: { reason } });
    return found.envelopeId;
  });
  return reload(ports, id);
}

/** Reminds the signers whose turn it is: a sender's reminder (capped, refused when too soon) or an automatic one when due. */
export async function remindSigners(ports: SigningPorts, actor: SigningActor, envelopeId: string, automatic = false): Promise<SigningEnvelope> {
  const now = ports.clock.now();
  let id = envelopeId;
  const mails = await withEnvelope(ports, envelopeId, async (store, found) => {
    id = found.envelopeId;
    if (!isEnvelopeOpen(found.status)) {
      throw new DomainError(409, 'Only an envelope out for signature can be reminded.', { envelopeStatus: found.status });
    }
    const state = { remindersSent: found.remindersSent, sentAt: found.sentDateTime, lastReminderAt: found.lastReminderDateTime, expiresAt: found.expiresAt };
    if (automatic ? !automaticReminderDue(state, now, found.reminderEveryDays) : (checkManualReminder(state, now), false)) return [];
    const waiting = found.signers.filter((s) => s.status === 'Sent' || s.status === 'Delivered').map((s) => s.signerId);
    await store.updateEnvelope(found.envelopeId, { remindersSent: found.remindersSent + 1, lastReminderDateTime: now });
    for (const signerId of waiting) await record(ports, store, found.envelopeId, 'reminded', actor, now, { signerId, details: { automatic } });
    return sendLinks(ports, store, found, waiting, 'reminder', now);
  });
  await flush(ports, mails);
  return reload(ports, id);
}

/** A new link for one signer who has not acted on an open envelope (the links sent or copied before keep working). */
export async function signerLink(ports: SigningPorts, envelopeId: string, signerId: string): Promise<SignerLink> {
  const now = ports.clock.now();
  return withEnvelope(ports, envelopeId, async (store, found) => {
    const signer = found.signers.find((s) => s.signerId === signerId);
    if (!signer) throw new DomainError(404, `The envelope has no signer '${signerId}'.`);
    if (!isEnvelopeOpen(found.status)) {
      throw new DomainError(409, 'The envelope is no longer out for signature: it has no links.', { envelopeStatus: found.status });
    }
    if (signer.status === 'Signed' || signer.status === 'Declined') throw new DomainError(409, `${signer.name} has already acted on this envelope.`);
    const { token, expiresAt } = await issueToken(ports, store, found, signerId, now);
    return { envelopeId: found.envelopeId, signerId, url: linkOf(ports, token), token, expiresAt };
  });
}

/**
 * The envelope and signer a token names; for a token that is not live, 409 when its signer has already signed or
 * declined, else 404; 403 when the page names another envelope or signer than the token's (a link of one signer
 * never acts for another).
 */
async function tokenGrant(ports: SigningPorts, token: string, expected: SignerLinkTarget): Promise<{ envelopeId: string; signerId: string; tokenHash: string; expiresAt: Date }> {
  const tokenHash = await sha256Hex(token);
  const found = await ports.storage.findToken(tokenHash);
  if (!found || found.revokedAt || found.usedAt || found.expiresAt.getTime() <= ports.clock.now().getTime()) {
    const signer = found ? (await ports.storage.findEnvelope(found.envelopeId))?.signers.find((s) => s.signerId === found.signerId) : undefined;
    throw unusableSignerLinkError(signer?.status ?? null);
  }
  if ((expected.envelopeId && expected.envelopeId !== found.envelopeId) || (expected.signerId && expected.signerId !== found.signerId)) {
    throw new DomainError(403, 'This signing link belongs to another envelope or signer.');
  }
  return { envelopeId: found.envelopeId, signerId: found.signerId, tokenHash, expiresAt: found.expiresAt };
}

/** A signer opens their link: Delivered on the first opening; the document and the places to sign. */
export async function openSigning(ports: SigningPorts, actor: SigningActor, token: string, expected: SignerLinkTarget = {}): Promise<SigningSession> {
  const grant = await tokenGrant(ports, token, expected);
  const now = ports.clock.now();
  return withEnvelope(ports, grant.envelopeId, async (store, found) => {
    const change = openBySigner(stateOf(found), grant.signerId, now);
    await applySigners(store, change, now);
    if (change.statusChanged) await store.setStatus(found.envelopeId, change.status, {}, now);
    if (change.firstOpen) await record(ports, store, found.envelopeId, 'opened', { ...actor, userId: null }, now, { signerId: grant.signerId });
    const position = found.signers.findIndex((s) => s.signerId === grant.signerId);
    const signer = found.signers[position];
    return {
      envelopeId: found.envelopeId,
      signerId: grant.signerId,
      signerName: signer?.name ?? '',
      signerEmail: signer?.email ?? '',
      status: change.status,
      signerStatus: change.firstOpen ? 'Delivered' : (signer?.status ?? 'Delivered'),
      formName: (await store.formNameOf(found.formInstanceId)) ?? '',
      emailMessage: found.emailMessage,
      expiresAt: found.expiresAt,
      linkExpiresAt: grant.expiresAt,
      documentBase64: base64Of((await store.readDocument(found.envelopeId, 'sent')) ?? new Uint8Array()),
      places: (await store.sentPlaces(found.envelopeId))[position] ?? [],
    };
  });
}

/** A signer signs; the next routing group is sent their links, or the last signature completes and seals the envelope. */
export async function signEnvelope(ports: SigningPorts, actor: SigningActor, token: string, signature: CheckedSignature, expected: SignerLinkTarget = {}): Promise<SigningEnvelope> {
  const grant = await tokenGrant(ports, token, expected);
  const now = ports.clock.now();
  const signer = { ...actor, userId: null };
  const { completed, mails } = await withEnvelope(ports, grant.envelopeId, async (store, found) => {
    const change = signBySigner(stateOf(found), grant.signerId, now);
    await applySigners(store, change, now);
    await store.updateSigner(grant.signerId, { signatureKind: signature.kind, signaturePng: signature.png, typedName: signature.typedName });
    await store.useToken(grant.tokenHash, now);
    await record(ports, store, found.envelopeId, 'signed', signer, now, {
      signerId: grant.signerId,
      details: { signatureKind: signature.kind, signatureSha256: await sha256Hex(signature.png) },
    });
    if (change.completed) {
      await store.setStatus(found.envelopeId, EnvelopeStatus.Completed, { completedDateTime: now }, now);
      await record(ports, store, found.envelopeId, 'completed', signer, now);
      return { completed: true, mails: [] };
    }
    for (const signerId of change.nextSignerIds) await record(ports, store, found.envelopeId, 'sent', signer, now, { signerId });
    return { completed: false, mails: await sendLinks(ports, store, found, change.nextSignerIds, 'signing-request', now) };
  });
  await flush(ports, mails);
  if (completed) {
    // The completion carries the stored signed document: sealed once, never made again for the mail.
    const signed = await sealEnvelope(ports, grant.envelopeId);
    await flush(ports, await completionMails(ports, grant.envelopeId, signed));
  }
  return reload(ports, grant.envelopeId);
}

/** A signer declines with a reason: the envelope ends Declined; the earlier signers and the sender are told. */
export async function declineEnvelope(ports: SigningPorts, actor: SigningActor, token: string, reason: string, expected: SignerLinkTarget = {}): Promise<SigningEnvelope> {
  const grant = await tokenGrant(ports, token, expected);
  const now = ports.clock.now();
  const mails = await withEnvelope(ports, grant.envelopeId, async (store, found) => {
    const change = declineBySigner(stateOf(found), grant.signerId, now);
    await applySigners(store, change, now);
    await store.updateSigner(grant.signerId, { declineReason: reason });
    await store.setStatus(found.envelopeId, EnvelopeStatus.Declined, { declinedReason: reason }, now);
    await store.revokeEnvelopeTokens(found.envelopeId, now);
    await record(ports, store, found.envelopeId, 'declined', { ...actor, userId: null }, now, { signerId: grant.signerId, details: { reason } });
    if (!ports.mailer) return [];
    const decliner = found.signers.find((s) => s.signerId === grant.signerId);
    const formName = (await store.formNameOf(found.formInstanceId)) ?? '';
    // Told: the signers who signed before, and the sender (the user who requested the signature).
    const told = found.signers.filter((s) => change.notifySignerIds.includes(s.signerId)).map((s) => ({ name: s.name, email: s.email }));
    const facts = { texts: ports.mailTexts, formName, envelopeId: found.envelopeId, signerName: decliner?.name ?? null, reason };
    const mails = told.map((to) => declinedMail({ ...facts, to }));
    // The sender's message links to the instance's page, where they can request the signature again.
    const sender = found.createdBy ? await store.userContact(found.createdBy) : undefined;
    if (sender?.email) mails.push(declinedMail({ ...facts, to: { name: sender.name, email: sender.email }, instanceLink: instanceLinkOf(ports, found.formInstanceId) }));
    return mails;
  });
  await flush(ports, mails);
  return reload(ports, grant.envelopeId);
}

/** Seals a Completed envelope's document once (again only if a previous seal did not get stored); 409 before. */
export async function sealEnvelope(ports: SigningPorts, envelopeId: string): Promise<Uint8Array> {
  const { storage } = ports;
  const found = await storage.findEnvelope(envelopeId);
  if (!found) throw envelopeNotFound(envelopeId);
  const stored = await storage.readDocument(found.envelopeId, 'sealed');
  if (stored) return stored;
  if (found.status !== EnvelopeStatus.Completed) throw notCompleted(found.status);
  const places = await storage.sentPlaces(found.envelopeId);
  const input: SealInput = {
    envelopeId: found.envelopeId,
    formName: (await storage.formNameOf(found.formInstanceId)) ?? 'Form',
    sent: (await storage.readDocument(found.envelopeId, 'sent')) ?? new Uint8Array(),
    sentSha256: found.sentDocumentSha256 ?? '',
    signers: found.signers.map(({ status: _status, ...s }, i) => ({ ...s, places: places[i] ?? [] })),
    events: await storage.events(found.envelopeId),
    now: ports.clock.now(),
  };
  const sealed = await ports.sealer.seal(input);
  // The row is locked while the sealed document is written, so two seals of one envelope store one of them.
  return storage.transaction(async (store) => {
    await store.findEnvelope(found.envelopeId, true);
    const other = await store.readDocument(found.envelopeId, 'sealed');
    if (other) return other;
    await store.writeSealed(found.envelopeId, sealed.bytes, sealed.signedSha256);
    return sealed.bytes;
  });
}

/** The completed envelope's signed document, named by its form; the download is recorded in the audit trail. */
export async function downloadSignedDocument(ports: SigningPorts, actor: SigningActor, envelopeId: string): Promise<{ bytes: Uint8Array; fileName: string }> {
  await expireIfDue(ports, envelopeId);
  const found = await ports.storage.findEnvelope(envelopeId);
  if (!found) throw envelopeNotFound(envelopeId);
  if (found.status !== EnvelopeStatus.Completed) throw notCompleted(found.status);
  const bytes = await sealEnvelope(ports, found.envelopeId);
  await ports.storage.transaction(async (store) => {
    await store.findEnvelope(found.envelopeId, true);
    await record(ports, store, found.envelopeId, 'downloaded', actor, ports.clock.now());
  });
  return { bytes, fileName: signedDocumentFileName((await ports.storage.formNameOf(found.formInstanceId)) ?? 'Form') };
}

/** One envelope (voided first when it has expired); 404 for an unknown one. */
export async function getEnvelope(ports: SigningPorts, envelopeId: string): Promise<SigningEnvelope> {
  await expireIfDue(ports, envelopeId);
  return reload(ports, envelopeId);
}

/** Envelopes, newest first (those past their expiry voided first), as the list query asks. */
export async function listEnvelopes(ports: SigningPorts, query: EnvelopeListQuery): Promise<ReturnType<typeof envelopeListAnswer<SigningEnvelope>>> {
  for (const due of await ports.storage.openEnvelopes(ports.clock.now())) await expireIfDue(ports, due.envelopeId);
  const { mailFailed, ...selection } = query;
  // Only the envelopes with a failed message: the mail queue names them (none without a queue).
  const envelopeIds = mailFailed ? (ports.mailQueue ? await ports.mailQueue.store.failedEnvelopeIds() : []) : undefined;
  if (envelopeIds?.length === 0) return envelopeListAnswer(query, [], () => 0);
  const { envelopes, total } = await ports.storage.listEnvelopes(envelopeIds ? { ...selection, envelopeIds } : selection);
  return envelopeListAnswer(query, await withMailFailures(ports, envelopes.map(envelopeOut)), () => total);
}

/**
 * Sends again an envelope's message that failed after its last retry (`Signing/ResendMail`): it waits in the queue
 * again with no attempts counted, and goes out as any new message. 404 for an unknown envelope or message, or one
 * that has not failed.
 */
export async function resendEnvelopeMail(ports: SigningPorts, envelopeId: string, mailId: string): Promise<SigningEnvelope> {
  const found = await knownEnvelope(ports, envelopeId);
  const queue = ports.mailQueue;
  if (!queue || !(await resendMail(queue.store, found.envelopeId, mailId, ports.clock.now()))) {
    throw new DomainError(404, `The envelope has no failed e-mail '${mailId}'.`);
  }
  await queue.wake();
  return reload(ports, found.envelopeId);
}

async function knownEnvelope(ports: SigningPorts, envelopeId: string): Promise<EnvelopeRecord> {
  await expireIfDue(ports, envelopeId);
  const found = await ports.storage.findEnvelope(envelopeId);
  if (!found) throw envelopeNotFound(envelopeId);
  return found;
}

/** An envelope's audit trail, in sequence order. */
export async function auditTrail(ports: SigningPorts, envelopeId: string): Promise<SigningAuditEvent[]> {
  return ports.storage.events((await knownEnvelope(ports, envelopeId)).envelopeId);
}

/** Recomputes an envelope's audit chain against the head kept with it, and reports the first broken link. */
export async function verifyAudit(ports: SigningPorts, envelopeId: string): Promise<AuditVerification> {
  const { envelopeId: id } = await knownEnvelope(ports, envelopeId);
  const head = await ports.storage.storedAuditHead(id);
  return verifyAuditChain(id, await ports.storage.events(id), {
    key: head.keyed ? ports.auditKey : null,
    head: { eventCount: head.eventCount, headHash: head.headHash },
  });
}

/**
 * The periodic pass: voids every expired open envelope and sends the automatic reminders that are due. Returns how
 * many of each.
 */
export async function sweepEnvelopes(ports: SigningPorts): Promise<{ expired: number; reminded: number }> {
  const now = ports.clock.now();
  let expired = 0;
  let reminded = 0;
  for (const e of await ports.storage.openEnvelopes()) {
    if (e.expiresAt && e.expiresAt.getTime() <= now.getTime()) {
      if (await expireIfDue(ports, e.envelopeId)) expired += 1;
      continue;
    }
    const before = await ports.storage.findEnvelope(e.envelopeId);
    const after = await remindSigners(ports, SYSTEM, e.envelopeId, true).catch(() => null);
    if (before && after && after.remindersSent > before.remindersSent) reminded += 1;
  }
  return { expired, reminded };
}
