/**
 * The signing settings of the reference server (`ServerConfig.signing`; `SIGNING_P12_PATH` and
 * `SIGNING_P12_PASSPHRASE` from the environment).
 */
import type { SealConfig } from './certificates';
import type { MailSender } from './provider';

/** How the server signs. Every field is optional. */
export interface SigningOptions extends SealConfig {
  /** Sends signing links and notices; default none (the Signing screen shows the links). */
  mailSender?: MailSender;
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
