/**
 * The secret that keys envelopes' audit trails (HMAC-SHA-256, src/domain/signing/audit.ts). It is kept apart from the
 * data on purpose: someone who can change the database must not be able to recompute a changed chain. So, unlike the
 * identity provider's secrets (secrets.ts, in the `server_secrets` table), it is never stored in the database:
 *
 * - `signing.auditKey` in the configuration, else `SIGNING_AUDIT_KEY` (base64 or hex, at least 32 bytes) — what
 *   several servers over one database must share;
 * - else, with a data folder on disk, the file `signing-audit.key` beside it (`.data/signing-audit.key` by default),
 *   made on first start with 32 random bytes and readable by its owner only;
 * - else (an in-memory database: tests) a random key for the life of the process.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { AuditKey } from '../../../src/domain/signing';

/** The shortest audit key accepted, in bytes. */
export const MIN_AUDIT_KEY_BYTES = 32;

/** The name of the key file beside the data folder. */
export const AUDIT_KEY_FILE = 'signing-audit.key';

/** An audit key written as base64 (or base64url) or hex; throws for one shorter than {@link MIN_AUDIT_KEY_BYTES}. */
export function parseAuditKey(text: string, source: string): AuditKey {
  const trimmed = text.trim();
  const bytes = /^[0-9a-f]+$/i.test(trimmed) && trimmed.length % 2 === 0 ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (bytes.byteLength < MIN_AUDIT_KEY_BYTES) {
    throw new Error(`${source} must hold at least ${MIN_AUDIT_KEY_BYTES} bytes (base64 or hex): make one with \`openssl rand -base64 32\`.`);
  }
  return new Uint8Array(bytes);
}

/** Whether a data folder is on disk (not PGlite's memory). */
const onDisk = (dataDir: string | null): dataDir is string => dataDir !== null && dataDir !== '' && !dataDir.startsWith('memory://');

function keyFile(path: string): AuditKey {
  try {
    return parseAuditKey(readFileSync(path, 'utf8'), path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dirname(path), { recursive: true });
  try {
    writeFileSync(path, `${randomBytes(MIN_AUDIT_KEY_BYTES).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another server made it first: read theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return parseAuditKey(readFileSync(path, 'utf8'), path);
}

const keys = new WeakMap<object, AuditKey>();

/** What {@link auditKeyOf} reads of the server's configuration. */
export interface AuditKeyConfig {
  dataDir: string | null;
  signing: { auditKey?: AuditKey | string };
}

/** The audit key of a server (one per configuration; see the module comment for where it comes from). */
export function auditKeyOf(config: AuditKeyConfig): AuditKey {
  let key = keys.get(config);
  if (!key) {
    const configured = config.signing.auditKey;
    key =
      typeof configured === 'string'
        ? parseAuditKey(configured, 'SIGNING_AUDIT_KEY')
        : (configured ?? (onDisk(config.dataDir) ? keyFile(join(dirname(config.dataDir), AUDIT_KEY_FILE)) : new Uint8Array(randomBytes(MIN_AUDIT_KEY_BYTES))));
    keys.set(config, key);
  }
  return key;
}
