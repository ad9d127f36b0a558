/**
 * Signing providers. The routes reach envelopes through a {@link SigningProvider}, so that a host can plug in another
 * signing service; the built-in {@link LocalSigningProvider} keeps envelopes in the server's database, gives each
 * signer a link to the host's signing page, and seals the completed document itself. Every move is the domain's
 * (src/domain/signing): the status table, the routing order, expiry and reminder caps.
 *
 * Mail: the provider hands each link and notice to a {@link MailSender}. None is sent by default (`NO_MAIL`): the
 * Signing screen shows and copies the links instead; a host passes its own sender in the configuration.
 */
import { and, eq, inArray, lte } from 'drizzle-orm';
import { EnvelopeStatus } from '../../../src/api/enums';
import type { SignaturePlace, SignerLink, SigningEnvelope, SigningSession } from '../../../src/api/types';
import { allLive, rowNotFound } from '../../../src/domain/forms';
import { DomainError } from '../../../src/domain';
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
  openBySigner,
  signBySigner,
  signedDocumentFileName,
  SIGNER_LINK_LIFETIME_MS,
  SIGNING_PAGE_PATH,
  voidEnvelope,
  type CheckedSignature,
  type CheckedSignatureRequest,
  type EnvelopeChange,
  type EnvelopeState,
  type AuditKey,
} from '../../../src/domain/signing';
import type { Db, DbExecutor } from '../db/index';
import { applicationUsers, envelopes, envelopeSigners, formInstances } from '../db/schema';
import { findForm, findFormInstance, findFormSchema } from '../forms/store';
import { sealSigner, type SealConfig } from './certificates';
import { buildSentDocument, sealInWorker, sha256Of } from './document';
import {
  appendEvent,
  auditEvents,
  envelopeDto,
  findEnvelope,
  issueSignerToken,
  readEnvelopeDocument,
  resolveSignerToken,
  signerStatusOfToken,
  revokeEnvelopeTokens,
  setEnvelopeStatus,
  useSignerToken,
  writeEnvelopeDocument,
  type Actor,
  type StoredEnvelope,
} from './store';

/** One message to a signer or the sender. */
export interface SigningMail {
  kind: 'signing-request' | 'reminder' | 'declined' | 'voided' | 'completed';
  to: { name: string; email: string };
  envelopeId: string;
  subject: string;
  text: string;
  /** The signer's link, for requests and reminders. */
  link?: string;
}

/** Sends the provider's mail; hosts implement it (SMTP, a mail API…). */
export interface MailSender {
  send(mail: SigningMail): Promise<void>;
}

/** The default: no mail is sent (links are shown and copied on the Signing screen). */
export const NO_MAIL: MailSender = { send: async () => undefined };

/** A signing service behind the routes. */
export interface SigningProvider {
  /** The provider's name, stored with each envelope. */
  readonly name: string;
  /** Creates and sends an envelope for an instance. */
  requestSignature(actor: Actor, request: CheckedSignatureRequest): Promise<SigningEnvelope>;
  /** Voids an open envelope with a reason. */
  voidEnvelope(actor: Actor, envelopeId: string, reason: string): Promise<SigningEnvelope>;
  /** Reminds the signers whose turn it is. */
  remind(actor: Actor, envelopeId: string): Promise<SigningEnvelope>;
  /** The completed envelope's signed document. */
  signedDocument(actor: Actor, envelopeId: string): Promise<{ bytes: Uint8Array; fileName: string }>;
}

/** Options of the local provider. */
export interface LocalProviderOptions extends SealConfig {
  /** Where signing links point: `{signingBaseUrl}/sign?token=…`. */
  signingBaseUrl: string;
  mail?: MailSender;
  /** The clock (tests move it). */
  now?: () => Date;
  /** The audit trails' key (audit-key.ts); without it no keyed trail can be written. */
  auditKey?: AuditKey;
}

const { Created, Sent, Completed, Declined, Voided } = EnvelopeStatus;

/** The envelope and signer a signing page says it acts for (optional; checked against the token's). */
export interface SignerLinkTarget {
  envelopeId?: string;
  signerId?: string;
}

function stateOf(found: StoredEnvelope): EnvelopeState {
  return {
    status: found.row.status as EnvelopeStatus,
    expiresAt: found.row.expiresAt,
    signers: found.signers.map((s) => ({ signerId: s.signerId, routingOrder: s.routingOrder, status: s.status as EnvelopeState['signers'][number]['status'] })),
  };
}

function envelopeNotFound(id: string): DomainError {
  return new DomainError(404, `No envelope '${id}'.`);
}

/** The built-in provider (see the module comment). */
export class LocalSigningProvider implements SigningProvider {
  readonly name = 'local';
  private readonly mail: MailSender;
  private readonly now: () => Date;

  constructor(
    private readonly db: Db,
    private readonly options: LocalProviderOptions,
  ) {
    this.mail = options.mail ?? NO_MAIL;
    this.now = options.now ?? (() => new Date());
  }

  /** Appends an audit event, keyed by the server's audit key (store's `appendEvent`). */
  private appendEvent(...[tx, envelopeId, kind, actor, at, extra]: Parameters<typeof appendEvent>): ReturnType<typeof appendEvent> {
    return appendEvent(tx, envelopeId, kind, actor, at, extra, this.options.auditKey ?? null);
  }

  /** The provider's clock. */
  currentTime(): Date {
    return this.now();
  }

  /** The signing page's link of a token. */
  linkOf(token: string): string {
    return `${this.options.signingBaseUrl.replace(/\/+$/, '')}${SIGNING_PAGE_PATH}?token=${encodeURIComponent(token)}`;
  }

  /** Runs `fn` on an envelope whose row is locked, after voiding it when it has expired. */
  private async withEnvelope<T>(envelopeId: string, fn: (tx: DbExecutor, found: StoredEnvelope) => Promise<T>): Promise<T> {
    await this.expireIfDue(envelopeId);
    return this.db.transaction(async (tx) => {
      const found = await findEnvelope(tx, envelopeId, true);
      if (!found) throw envelopeNotFound(envelopeId);
      return fn(tx, found);
    });
  }

  private async reload(envelopeId: string): Promise<SigningEnvelope> {
    const found = await findEnvelope(this.db, envelopeId);
    if (!found) throw envelopeNotFound(envelopeId);
    return envelopeDto(found);
  }

  private async applySignerChanges(tx: DbExecutor, change: EnvelopeChange, now: Date): Promise<void> {
    for (const s of change.signers) {
      const at: Partial<typeof envelopeSigners.$inferInsert> =
        s.status === 'Delivered' ? { deliveredDateTime: now } : s.status === 'Signed' ? { signedDateTime: now } : s.status === 'Declined' ? { declinedDateTime: now } : {};
      await tx.update(envelopeSigners).set({ status: s.status, ...at }).where(eq(envelopeSigners.signerId, s.signerId));
    }
  }

  /** Issues links for signers and mails them (a request or a reminder). */
  private async sendLinks(tx: DbExecutor, found: StoredEnvelope, signerIds: readonly string[], kind: 'signing-request' | 'reminder', now: Date): Promise<(() => Promise<void>)[]> {
    const mails: (() => Promise<void>)[] = [];
    // Without a mail sender nobody would receive a new link, and issuing one would stop the link the sender copied.
    if (this.mail === NO_MAIL) return mails;
    for (const signer of found.signers.filter((s) => signerIds.includes(s.signerId))) {
      const token = await issueSignerToken(tx, found.row.envelopeId, signer.signerId, this.linkExpiry(found, now), now);
      const link = this.linkOf(token);
      const subject = found.row.emailSubject ?? 'Please sign this document';
      mails.push(() =>
        this.mail.send({ kind, to: { name: signer.name, email: signer.email }, envelopeId: found.row.envelopeId, subject, text: found.row.emailMessage ?? subject, link }),
      );
    }
    return mails;
  }

  private linkExpiry(found: StoredEnvelope, now: Date): Date {
    const longest = now.getTime() + SIGNER_LINK_LIFETIME_MS;
    return new Date(Math.min(longest, found.row.expiresAt?.getTime() ?? longest));
  }

  private static async flush(mails: readonly (() => Promise<void>)[]): Promise<void> {
    // Mail is sent after the change is stored; a failing sender does not undo it (the links can be copied again).
    await Promise.allSettled(mails.map((send) => send()));
  }

  async requestSignature(actor: Actor, request: CheckedSignatureRequest): Promise<SigningEnvelope> {
    const now = this.now();
    const instance = await findFormInstance(this.db, request.formInstanceId);
    const schema = instance ? await findFormSchema(this.db, instance.row.formSchemaId) : undefined;
    const form = instance ? await findForm(this.db, instance.row.formId) : undefined;
    if (!instance || !schema || !form || !allLive(instance.row, schema.row, form.row)) throw rowNotFound('form instance', request.formInstanceId);
    const sent = await buildSentDocument(this.db, { form: form.row, schema: schema.row, instance: instance.row, signers: request.signers });
    const envelopeId = crypto.randomUUID();
    const statuses = initialSignerStatuses(request.signers);
    const mails = await this.db.transaction(async (tx) => {
      const locked = await findFormInstance(tx, request.formInstanceId, true);
      if (!locked || locked.row.isDeleted) throw rowNotFound('form instance', request.formInstanceId);
      checkNoOpenEnvelope(locked.row);
      await tx.insert(envelopes).values({
        envelopeId,
        formInstanceId: request.formInstanceId,
        status: Created,
        provider: this.name,
        signers: request.signers,
        emailSubject: request.emailSubject,
        emailMessage: request.emailMessage,
        expiresAt: request.expiresAt,
        createdBy: actor.userId,
        sentDocumentSha256: sha256Of(sent.bytes),
      });
      await writeEnvelopeDocument(tx, envelopeId, 'sent', sent.bytes);
      await tx.insert(envelopeSigners).values(
        request.signers.map((s, position) => ({
          signerId: crypto.randomUUID(),
          envelopeId,
          position,
          name: s.name,
          email: s.email,
          routingOrder: s.routingOrder,
          status: 'Created',
        })),
      );
      await this.appendEvent(tx, envelopeId, 'created', actor, now, {
        details: { signers: request.signers.length, documentSha256: sha256Of(sent.bytes), documentSource: sent.source, places: JSON.stringify(sent.places) },
      });
      // The local provider sends at once: the first group's links are issued.
      const stored = await findEnvelope(tx, envelopeId, true);
      if (!stored) throw envelopeNotFound(envelopeId);
      const first = stored.signers.filter((_, i) => statuses[i] === 'Sent').map((s) => s.signerId);
      await tx.update(envelopeSigners).set({ status: 'Sent' }).where(and(eq(envelopeSigners.envelopeId, envelopeId), inArray(envelopeSigners.signerId, first)));
      await setEnvelopeStatus(tx, envelopeId, Sent, { sentDateTime: now });
      await tx
        .update(formInstances)
        .set({ envelopeId, envelopeStatus: Sent })
        .where(eq(formInstances.formInstanceId, request.formInstanceId));
      await this.appendEvent(tx, envelopeId, 'sent', actor, now, { details: { signers: first.length } });
      return this.sendLinks(tx, stored, first, 'signing-request', now);
    });
    await LocalSigningProvider.flush(mails);
    return this.reload(envelopeId);
  }

  async voidEnvelope(actor: Actor, envelopeId: string, reason: string): Promise<SigningEnvelope> {
    const now = this.now();
    await this.withEnvelope(envelopeId, async (tx, found) => {
      voidEnvelope(stateOf(found));
      await setEnvelopeStatus(tx, found.row.envelopeId, Voided, { voidedReason: reason });
      await revokeEnvelopeTokens(tx, found.row.envelopeId, now);
      await this.appendEvent(tx, found.row.envelopeId, 'voided', actor, now, { details: { reason } });
    });
    return this.reload(envelopeId);
  }

  async remind(actor: Actor, envelopeId: string, automatic = false): Promise<SigningEnvelope> {
    const now = this.now();
    const mails = await this.withEnvelope(envelopeId, async (tx, found) => {
      if (!isEnvelopeOpen(found.row.status as EnvelopeStatus)) {
        throw new DomainError(409, 'Only an envelope out for signature can be reminded.', { envelopeStatus: found.row.status });
      }
      const state = { remindersSent: found.row.remindersSent, sentAt: found.row.sentDateTime, lastReminderAt: found.row.lastReminderDateTime };
      if (automatic ? !automaticReminderDue(state, now) : (checkManualReminder(state, now), false)) return [];
      const waiting = found.signers.filter((s) => s.status === 'Sent' || s.status === 'Delivered').map((s) => s.signerId);
      await tx
        .update(envelopes)
        .set({ remindersSent: found.row.remindersSent + 1, lastReminderDateTime: now })
        .where(eq(envelopes.envelopeId, found.row.envelopeId));
      for (const signerId of waiting) await this.appendEvent(tx, found.row.envelopeId, 'reminded', actor, now, { signerId, details: { automatic } });
      return this.sendLinks(tx, found, waiting, 'reminder', now);
    });
    await LocalSigningProvider.flush(mails);
    return this.reload(envelopeId);
  }

  /** A new link for one signer (the earlier one stops working). */
  async signerLink(actor: Actor, envelopeId: string, signerId: string): Promise<SignerLink> {
    const now = this.now();
    return this.withEnvelope(envelopeId, async (tx, found) => {
      const signer = found.signers.find((s) => s.signerId === signerId);
      if (!signer) throw new DomainError(404, `The envelope has no signer '${signerId}'.`);
      if (!isEnvelopeOpen(found.row.status as EnvelopeStatus)) {
        throw new DomainError(409, 'The envelope is no longer out for signature: it has no links.', { envelopeStatus: found.row.status });
      }
      if (signer.status === 'Signed' || signer.status === 'Declined') throw new DomainError(409, `${signer.name} has already acted on this envelope.`);
      const expiresAt = this.linkExpiry(found, now);
      const token = await issueSignerToken(tx, found.row.envelopeId, signerId, expiresAt, now);
      return { envelopeId: found.row.envelopeId, signerId, url: this.linkOf(token), token, expiresAt };
    });
  }

  /**
   * The envelope and signer a token names; for a token that is not live, 409 when its signer has already signed or
   * declined, else 404; 403 when the page names another envelope or signer than the token's (a link of one signer
   * never acts for another).
   */
  private async tokenGrant(token: string, expected: SignerLinkTarget = {}): Promise<{ envelopeId: string; signerId: string }> {
    const grant = await resolveSignerToken(this.db, token, this.now());
    if (!grant) throw unusableSignerLinkError(await signerStatusOfToken(this.db, token));
    if ((expected.envelopeId && expected.envelopeId !== grant.envelopeId) || (expected.signerId && expected.signerId !== grant.signerId)) {
      throw new DomainError(403, 'This signing link belongs to another envelope or signer.');
    }
    return grant;
  }

  /** A signer opens their link: Delivered on the first opening; the document and the places to sign. */
  async open(actor: Actor, token: string, expected: SignerLinkTarget = {}): Promise<SigningSession> {
    const grant = await this.tokenGrant(token, expected);
    const now = this.now();
    return this.withEnvelope(grant.envelopeId, async (tx, found) => {
      const change = openBySigner(stateOf(found), grant.signerId, now);
      await this.applySignerChanges(tx, change, now);
      if (change.statusChanged) await setEnvelopeStatus(tx, found.row.envelopeId, change.status);
      if (change.firstOpen) await this.appendEvent(tx, found.row.envelopeId, 'opened', { ...actor, userId: null }, now, { signerId: grant.signerId });
      const signer = found.signers.find((s) => s.signerId === grant.signerId);
      const instance = await findFormInstance(tx, found.row.formInstanceId);
      const form = instance ? await findForm(tx, instance.row.formId) : undefined;
      const places = await this.placesOf(tx, found, grant.signerId);
      return {
        envelopeId: found.row.envelopeId,
        signerId: grant.signerId,
        signerName: signer?.name ?? '',
        signerEmail: signer?.email ?? '',
        status: change.status,
        signerStatus: change.firstOpen ? 'Delivered' : ((signer?.status ?? 'Delivered') as SigningSession['signerStatus']),
        formName: form?.row.name ?? '',
        emailMessage: found.row.emailMessage,
        expiresAt: found.row.expiresAt,
        documentBase64: Buffer.from((await readEnvelopeDocument(tx, found.row.envelopeId, 'sent')) ?? new Uint8Array()).toString('base64'),
        places,
      };
    });
  }

  /** Where each signer signs, as recorded when the document was made (the `created` event). */
  private async placesOf(tx: DbExecutor, found: StoredEnvelope, signerId: string): Promise<SignaturePlace[]> {
    const [created] = await auditEvents(tx, found.row.envelopeId);
    const all = typeof created?.details.places === 'string' ? (JSON.parse(created.details.places) as SignaturePlace[][]) : [];
    const position = found.signers.findIndex((s) => s.signerId === signerId);
    return all[position] ?? [];
  }

  /** A signer signs; the last signature completes the envelope and seals the document. */
  async sign(actor: Actor, token: string, signature: CheckedSignature, expected: SignerLinkTarget = {}): Promise<SigningEnvelope> {
    const grant = await this.tokenGrant(token, expected);
    const now = this.now();
    const { completed, mails } = await this.withEnvelope(grant.envelopeId, async (tx, found) => {
      const change = signBySigner(stateOf(found), grant.signerId, now);
      await this.applySignerChanges(tx, change, now);
      await tx
        .update(envelopeSigners)
        .set({ signatureKind: signature.kind, signaturePng: signature.png, typedName: signature.typedName })
        .where(eq(envelopeSigners.signerId, grant.signerId));
      await useSignerToken(tx, token, now);
      await this.appendEvent(tx, found.row.envelopeId, 'signed', { ...actor, userId: null }, now, {
        signerId: grant.signerId,
        details: { signatureKind: signature.kind, signatureSha256: sha256Of(signature.png) },
      });
      if (change.completed) {
        await setEnvelopeStatus(tx, found.row.envelopeId, Completed, { completedDateTime: now });
        await this.appendEvent(tx, found.row.envelopeId, 'completed', { ...actor, userId: null }, now);
        return { completed: true, mails: [] };
      }
      const next = change.nextSignerIds;
      if (next.length) {
        for (const signerId of next) await this.appendEvent(tx, found.row.envelopeId, 'sent', { ...actor, userId: null }, now, { signerId });
      }
      return { completed: false, mails: await this.sendLinks(tx, found, next, 'signing-request', now) };
    });
    await LocalSigningProvider.flush(mails);
    if (completed) await this.seal(grant.envelopeId);
    return this.reload(grant.envelopeId);
  }

  /** A signer declines with a reason: the envelope ends Declined; the earlier signers and the sender are told. */
  async decline(actor: Actor, token: string, reason: string, expected: SignerLinkTarget = {}): Promise<SigningEnvelope> {
    const grant = await this.tokenGrant(token, expected);
    const now = this.now();
    const mails = await this.withEnvelope(grant.envelopeId, async (tx, found) => {
      const change = declineBySigner(stateOf(found), grant.signerId, now);
      await this.applySignerChanges(tx, change, now);
      await tx.update(envelopeSigners).set({ declineReason: reason }).where(eq(envelopeSigners.signerId, grant.signerId));
      await setEnvelopeStatus(tx, found.row.envelopeId, Declined, { declinedReason: reason });
      await revokeEnvelopeTokens(tx, found.row.envelopeId, now);
      await this.appendEvent(tx, found.row.envelopeId, 'declined', { ...actor, userId: null }, now, { signerId: grant.signerId, details: { reason } });
      const decliner = found.signers.find((s) => s.signerId === grant.signerId);
      const text = `${decliner?.name ?? 'A signer'} declined to sign: ${reason}`;
      // Told: the signers who signed before, and the sender (the user who requested the signature).
      const told = found.signers.filter((s) => change.notifySignerIds.includes(s.signerId)).map((s) => ({ name: s.name, email: s.email }));
      if (found.row.createdBy) {
        const [sender] = await tx.select({ name: applicationUsers.name, email: applicationUsers.email }).from(applicationUsers).where(eq(applicationUsers.id, found.row.createdBy));
        if (sender?.email) told.push({ name: sender.name, email: sender.email });
      }
      return told.map((to) => () => this.mail.send({ kind: 'declined', to, envelopeId: found.row.envelopeId, subject: 'A signer declined', text }));
    });
    await LocalSigningProvider.flush(mails);
    return this.reload(grant.envelopeId);
  }

  /** Seals a Completed envelope's document once (again only if a previous seal did not get stored). */
  async seal(envelopeId: string): Promise<Uint8Array> {
    const found = await findEnvelope(this.db, envelopeId);
    if (!found) throw envelopeNotFound(envelopeId);
    const stored = await readEnvelopeDocument(this.db, envelopeId, 'sealed');
    if (stored) return stored;
    if (found.row.status !== Completed) throw new DomainError(409, 'The envelope is not completed: there is no signed document yet.', { envelopeStatus: found.row.status });
    const events = await auditEvents(this.db, envelopeId);
    const created = events[0];
    const places = typeof created?.details.places === 'string' ? (JSON.parse(created.details.places) as SignaturePlace[][]) : [];
    const instance = await findFormInstance(this.db, found.row.formInstanceId);
    const form = instance ? await findForm(this.db, instance.row.formId) : undefined;
    const seal = await sealSigner(this.db, this.options);
    const sealed = await sealInWorker({
      envelopeId,
      formName: form?.row.name ?? 'Form',
      sent: (await readEnvelopeDocument(this.db, envelopeId, 'sent')) ?? new Uint8Array(),
      sentSha256: found.row.sentDocumentSha256 ?? '',
      signers: found.signers.map((s, i) => ({
        signerId: s.signerId,
        name: s.name,
        email: s.email,
        routingOrder: s.routingOrder,
        places: places[i] ?? [],
        signaturePng: s.signaturePng,
        signatureKind: s.signatureKind,
      })),
      events,
      seal,
      now: this.now(),
    });
    // The row is locked while the sealed PDF's parts are written, so two seals of one envelope store one of them.
    return this.db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ size: envelopes.signedPdfSize })
        .from(envelopes)
        .where(eq(envelopes.envelopeId, found.row.envelopeId))
        .for('update');
      if (locked?.size != null) {
        const other = await readEnvelopeDocument(tx, envelopeId, 'sealed');
        if (other) return other;
      }
      await writeEnvelopeDocument(tx, found.row.envelopeId, 'sealed', sealed.bytes);
      await tx
        .update(envelopes)
        .set({ signedPdfSize: sealed.bytes.byteLength, signedDocumentSha256: sealed.signedSha256 })
        .where(eq(envelopes.envelopeId, found.row.envelopeId));
      return sealed.bytes;
    });
  }

  async signedDocument(actor: Actor, envelopeId: string): Promise<{ bytes: Uint8Array; fileName: string }> {
    await this.expireIfDue(envelopeId);
    const found = await findEnvelope(this.db, envelopeId);
    if (!found) throw envelopeNotFound(envelopeId);
    if (found.row.status !== Completed) {
      throw new DomainError(409, 'The envelope is not completed: there is no signed document yet.', { envelopeStatus: found.row.status });
    }
    const bytes = await this.seal(envelopeId);
    await this.db.transaction(async (tx) => {
      await findEnvelope(tx, envelopeId, true);
      await this.appendEvent(tx, envelopeId, 'downloaded', actor, this.now());
    });
    const instance = await findFormInstance(this.db, found.row.formInstanceId);
    const form = instance ? await findForm(this.db, instance.row.formId) : undefined;
    return { bytes, fileName: signedDocumentFileName(form?.row.name ?? 'Form') };
  }

  /** Voids an envelope past its expiry (recorded as a void by the server with the expiry reason). */
  async expireIfDue(envelopeId: string): Promise<boolean> {
    const now = this.now();
    return this.db.transaction(async (tx) => {
      const found = await findEnvelope(tx, envelopeId, true);
      if (!found || !isEnvelopeExpired({ status: found.row.status as EnvelopeStatus, expiresAt: found.row.expiresAt }, now)) return false;
      await setEnvelopeStatus(tx, envelopeId, Voided, { voidedReason: EXPIRED_VOID_REASON });
      await revokeEnvelopeTokens(tx, envelopeId, now);
      await this.appendEvent(tx, envelopeId, 'voided', { userId: null, ipAddress: null, userAgent: null }, now, { details: { reason: EXPIRED_VOID_REASON, expired: true } });
      return true;
    });
  }

  /**
   * The server's periodic pass: voids every expired open envelope and sends the automatic reminders that are due.
   * Returns how many of each.
   */
  async sweep(): Promise<{ expired: number; reminded: number }> {
    const now = this.now();
    const open = await this.db
      .select({ id: envelopes.envelopeId, expiresAt: envelopes.expiresAt })
      .from(envelopes)
      .where(and(inArray(envelopes.status, [Created, Sent, EnvelopeStatus.Delivered]), eq(envelopes.provider, this.name)));
    let expired = 0;
    let reminded = 0;
    const server: Actor = { userId: null, ipAddress: null, userAgent: null };
    for (const e of open) {
      if (e.expiresAt && e.expiresAt.getTime() <= now.getTime()) {
        if (await this.expireIfDue(e.id)) expired += 1;
        continue;
      }
      const before = await findEnvelope(this.db, e.id);
      const after = await this.remind(server, e.id, true).catch(() => null);
      if (before && after && after.remindersSent > before.row.remindersSent) reminded += 1;
    }
    return { expired, reminded };
  }
}

/** Envelopes past their expiry at `now` (for tests and tools). */
export async function expiredEnvelopeIds(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: envelopes.envelopeId })
    .from(envelopes)
    .where(and(inArray(envelopes.status, [Created, Sent, EnvelopeStatus.Delivered]), lte(envelopes.expiresAt, now)));
  return rows.map((r) => r.id);
}
