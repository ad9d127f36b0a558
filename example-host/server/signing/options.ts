/**
 * The signing settings of the reference server (`ServerConfig.signing`; `SIGNING_P12_PATH`,
 * `SIGNING_P12_PASSPHRASE`, `SMTP_URL`, `MAIL_FROM` and `SMTP_SINK_PORT` from the environment).
 */
import type { SigningMailTexts } from '../../../src/service/mail';
import type { SealConfig } from './certificates';
import type { MailSender } from './provider';

/** How the server signs. Every field is optional. */
export interface SigningOptions extends SealConfig {
  /**
   * Sends signing links and notices in place of SMTP (a host's mail API); queued and retried like SMTP mail. Default:
   * SMTP at `smtpUrl`, else the development sink when `smtpSink`, else none (the Signing screen shows the links).
   */
  mailSender?: MailSender;
  /** The SMTP server mail goes through (`SMTP_URL`: `smtp://user:pass@host:587`, `smtps://…`). */
  smtpUrl?: string | null;
  /** The sender address of the mail (`MAIL_FROM`); default `Forms <forms@localhost>`. */
  mailFrom?: string;
  /**
   * Without `smtpUrl` or `mailSender`: start the development SMTP sink and send there (the Outbox page lists what it
   * received). Started from the environment (no `SMTP_URL`); off by default for servers configured in code (tests).
   */
  smtpSink?: boolean;
  /** The sink's port (`SMTP_SINK_PORT`); default any free port. */
  smtpSinkPort?: number;
  /** The texts the mail is written with (default the English labels' `ml…` texts; the German and French packs hold them too). */
  mailTexts?: SigningMailTexts;
  /** The waits before each retry of a message that failed (default 1 s, 5 s, 30 s). */
  mailRetryDelaysMs?: readonly number[];
  /** How often the mail worker looks for due messages besides being woken (default 30 s; null: only when woken). */
  mailPollMs?: number | null;
  /** The locale the mail writes dates in, the language of `mailTexts` (default 'en'). */
  mailLocale?: string;
  /** Where signer links point (`{base}/sign?token=…`); default the first host origin. */
  signingBaseUrl?: string | null;
  /** How often the server voids expired envelopes and sends due automatic reminders; null: never (tests). Default 60 s. */
  sweepIntervalMs?: number | null;
  /** The signing clock (tests move it); default the system clock. */
  now?: () => Date;
  /**
   * The secret keying the audit trails (raw bytes, or base64 / hex text of at least 32 bytes; `SIGNING_AUDIT_KEY`).
   * Never stored in the database; default a key file beside the data folder (see audit-key.ts).
   */
  auditKey?: Uint8Array | string;
}

/** The default interval of the expiry and reminder pass. */
export const DEFAULT_SWEEP_INTERVAL_MS = 60_000;
