/**
 * The server's signing adapters: the ports the signing use cases of src/service/signing.ts run with (the test fake runs
 * the same use cases over its own): envelopes in the database (store.ts), the document as sent built and sealed in the
 * PDF worker with the seal certificate (document.ts, seal.ts, certificates.ts; development CA or PKCS#12 by
 * configuration), links to the host's signing page.
 *
 * Mail: the use cases hand each link and notice to a {@link MailSender}: the server's mail queue (../mail/queue.ts)
 * over SMTP, the development sink or a host's own sender (signing/routes.ts). Without one (`NO_MAIL`) none is sent:
 * the Signing screen shows and copies the links instead.
 */
import { randomBytes } from 'node:crypto';
import { allLive, rowNotFound } from '../../../src/domain/forms';
import type { AuditKey } from '../../../src/domain/signing';
import { answersDocumentWords, type AnswersDocumentWords } from '../../../src/domain/signing/answers-document';
import type { SigningPorts } from '../../../src/service/signing';
import { englishLabels } from '../../../src/labels/english';
import { signingMailTextsOf, type SigningMailTexts } from '../../../src/service/mail';
import type { SigningMailQueue } from '../../../src/service/mail-queue';
import type { Mailer, SentDocuments, SigningMail } from '../../../src/service/signing-ports';
import type { Db } from '../db/index';
import { listOutbox } from '../mail/outbox';
import { findForm, findFormInstance, findFormSchema } from '../forms/store';
import { sealSigner, type SealConfig } from './certificates';
import { buildSentDocument, sealInWorker } from './document';
import { drizzleSigningStorage } from './store';

export type { SigningMail };

/** Sends the provider's mail; hosts implement it (SMTP, a mail API…). */
export type MailSender = Mailer;

/** The default: no mail is sent (links are shown and copied on the Signing screen). */
export const NO_MAIL: MailSender = { send: async () => undefined };

/** Options of the server's signing ports. */
export interface SigningOptions extends SealConfig {
  /** Where signing links point: `{signingBaseUrl}/sign?token=…`. */
  signingBaseUrl: string;
  mail?: MailSender;
  /** The texts of the mail and of the document of answers (default the English labels'). */
  mailTexts?: SigningMailTexts;
  /** The locale the mail writes dates in, and the document of answers file sizes (default 'en'). */
  mailLocale?: string;
  /** The queue `mail` keeps its messages in (its failures are shown on the envelopes and can be sent again). */
  mailQueue?: SigningMailQueue;
  /** The clock (tests move it). */
  now?: () => Date;
  /** The audit trails' key (audit-key.ts); without it no keyed trail can be written. */
  auditKey?: AuditKey;
}

/** The document as sent of a live instance: its PDF template filled, or its answers rendered (document.ts), in `words`. */
function serverSentDocuments(db: Db, words: AnswersDocumentWords): SentDocuments {
  return {
    async prepare(formInstanceId, _envelopeId, signers) {
      const instance = await findFormInstance(db, formInstanceId);
      const schema = instance ? await findFormSchema(db, instance.row.formSchemaId) : undefined;
      const form = instance ? await findForm(db, instance.row.formId) : undefined;
      if (!instance || !schema || !form || !allLive(instance.row, schema.row, form.row)) throw rowNotFound('form instance', formInstanceId);
      return buildSentDocument(db, { form: form.row, schema: schema.row, instance: instance.row, signers }, words);
    },
  };
}

/** The signing use cases' ports on the server. */
export function serverSigningPorts(db: Db, options: SigningOptions): SigningPorts {
  const mail = options.mail ?? NO_MAIL;
  // A host's own texts over the English ones: a set written before a text was added still has every text.
  const mailTexts = { ...signingMailTextsOf(englishLabels), ...options.mailTexts };
  const mailLocale = options.mailLocale ?? 'en';
  return {
    storage: drizzleSigningStorage(db),
    clock: { now: options.now ?? (() => new Date()) },
    ids: { newId: () => crypto.randomUUID() },
    tokens: { newToken: () => randomBytes(32).toString('base64url') },
    documents: serverSentDocuments(db, answersDocumentWords(mailTexts, mailLocale)),
    sealer: { seal: async (input) => sealInWorker({ ...input, texts: mailTexts, seal: await sealSigner(db, options) }) },
    mailer: mail === NO_MAIL ? null : mail,
    mailQueue: mail === NO_MAIL ? null : (options.mailQueue ?? null),
    mailTexts,
    mailLocale,
    outbox: { list: async ({ offset, limit }) => listOutbox(db, { top: limit, skip: offset }) },
    auditKey: options.auditKey ?? null,
    signingBaseUrl: options.signingBaseUrl,
  };
}
