/**
 * What the signing calls accept, checked alike by the test fake and the reference server: the signature request
 * (signers, message, expiry), the reasons of a void or a decline, the signature image, and the bounds of reminders.
 * Every refusal is a 400 (413 for an image too large) whose message names the field.
 */
import { DomainError } from '../errors';
import { isUuid } from '../ids';
import { field, isJsonRecord, type JsonRecord } from '../json-body';
import { SIGNER_LINK_LIFETIME_MS } from './links';

/** The bounds of signature requests and signer input. */
export const SIGNING_LIMITS = Object.freeze({
  /** Signers in one envelope. */
  maxSigners: 20,
  /** The highest routing order. */
  maxRoutingOrder: 100,
  maxNameLength: 200,
  maxEmailLength: 254,
  maxSubjectLength: 200,
  maxMessageLength: 2000,
  maxReasonLength: 1000,
  /** An envelope's default lifetime. */
  defaultLifetimeMs: 30 * 24 * 60 * 60 * 1000,
  /** The shortest and longest lifetimes a request may ask for. */
  minLifetimeMs: 60 * 60 * 1000,
  maxLifetimeMs: 365 * 24 * 60 * 60 * 1000,
  /** A signature image (PNG): its size in bytes and its largest width and height in pixels. */
  maxSignatureImageBytes: 512 * 1024,
  maxSignatureImagePixels: 4000,
});

/**
 * Reminders: a sender reminds the signers whose turn it is at most `maxReminders` times per envelope (automatic ones
 * counted too) and not twice within `minIntervalMs`; the server sends an automatic reminder `automaticEveryMs` after
 * the envelope was sent or last reminded, only within `automaticWindowMs` of sending, so that nobody is reminded
 * forever.
 */
export const REMINDER_POLICY = Object.freeze({
  maxReminders: 3,
  minIntervalMs: 60 * 60 * 1000,
  automaticEveryMs: 3 * 24 * 60 * 60 * 1000,
  automaticWindowMs: 14 * 24 * 60 * 60 * 1000,
});

/** One signer of a checked request. */
export interface RequestedSigner {
  name: string;
  email: string;
  routingOrder: number;
}

/** A checked `Signing/RequestSignature` body. */
export interface CheckedSignatureRequest {
  formInstanceId: string;
  signers: RequestedSigner[];
  emailSubject: string | null;
  emailMessage: string | null;
  expiresAt: Date;
  /** The reminder schedule: every this many days until signed or expired; null: the automatic reminders of {@link REMINDER_POLICY}. */
  reminderEveryDays: number | null;
}

// One @, a dot in the domain, no spaces, brackets, quotes or separators: an address a mail can be sent to, without
// the RFC 5322 corner cases (quoted local parts, comments) that signers do not type.
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

/**
 * Whether a signer's email address is one a signature request accepts: at most {@link SIGNING_LIMITS.maxEmailLength}
 * characters and, trimmed, of the shape above. The request dialog checks it before sending, the server on receipt.
 */
export function isSignerEmail(value: string): boolean {
  return value.length <= SIGNING_LIMITS.maxEmailLength && EMAIL.test(value.trim());
}

function optionalText(body: JsonRecord, key: string, max: number): string | null {
  const value = field(body, key);
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw new DomainError(400, `'${key}' must be a string.`);
  const trimmed = value.trim();
  if (trimmed.length > max) throw new DomainError(400, `'${key}' is ${trimmed.length} characters long; at most ${max} are allowed.`);
  return trimmed === '' ? null : trimmed;
}

function readSigner(item: unknown, index: number): RequestedSigner {
  const at = `signers[${index}]`;
  if (!isJsonRecord(item)) throw new DomainError(400, `'${at}' must be an object.`);
  const name = field(item, 'name');
  const email = field(item, 'email');
  const order = field(item, 'routingOrder') ?? field(item, 'order');
  if (typeof name !== 'string' || name.trim() === '') throw new DomainError(400, `'${at}.name' is required.`);
  if (name.trim().length > SIGNING_LIMITS.maxNameLength) {
    throw new DomainError(400, `'${at}.name' is longer than ${SIGNING_LIMITS.maxNameLength} characters.`);
  }
  if (typeof email !== 'string' || !isSignerEmail(email)) {
    throw new DomainError(400, `'${at}.email' is not an email address.`);
  }
  let routingOrder = index + 1;
  if (order !== undefined && order !== null) {
    if (typeof order !== 'number' || !Number.isInteger(order) || order < 1 || order > SIGNING_LIMITS.maxRoutingOrder) {
      throw new DomainError(400, `'${at}.routingOrder' must be a whole number from 1 to ${SIGNING_LIMITS.maxRoutingOrder}.`);
    }
    routingOrder = order;
  }
  return { name: name.trim(), email: email.trim(), routingOrder };
}

/** The expiry a request asks for (ISO date-time), default {@link SIGNING_LIMITS.defaultLifetimeMs} from `now`. */
function readExpiry(body: JsonRecord, now: Date): Date {
  const value = field(body, 'expiresAt');
  if (value === undefined || value === null) return new Date(now.getTime() + SIGNING_LIMITS.defaultLifetimeMs);
  const date = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) throw new DomainError(400, "'expiresAt' must be an ISO date-time, e.g. 2030-01-31T12:00:00Z.");
  const lifetime = date.getTime() - now.getTime();
  if (lifetime < SIGNING_LIMITS.minLifetimeMs) throw new DomainError(400, "'expiresAt' must be at least one hour from now.");
  if (lifetime > SIGNING_LIMITS.maxLifetimeMs) throw new DomainError(400, "'expiresAt' must be within 365 days from now.");
  return date;
}

/**
 * Reads a `Signing/RequestSignature` body: the instance's id, 1 to {@link SIGNING_LIMITS.maxSigners} signers with a
 * name, an email address (each once) and a routing order (default: their position), an optional subject and message,
 * an optional expiry.
 */
export function readSignatureRequest(body: JsonRecord, now: Date): CheckedSignatureRequest {
  const id = field(body, 'formInstanceId');
  if (typeof id !== 'string' || id === '') throw new DomainError(400, "'formInstanceId' is required.");
  if (!isUuid(id)) throw new DomainError(400, "'formInstanceId' must be a GUID.");
  const list = field(body, 'signers');
  if (!Array.isArray(list) || list.length === 0) throw new DomainError(400, "'signers' must name at least one signer.");
  if (list.length > SIGNING_LIMITS.maxSigners) {
    throw new DomainError(400, `'signers' has ${list.length} signers; at most ${SIGNING_LIMITS.maxSigners} are allowed.`);
  }
  const signers = list.map(readSigner);
  const seen = new Set<string>();
  for (const s of signers) {
    const key = s.email.toLowerCase();
    if (seen.has(key)) throw new DomainError(400, `The signer ${s.email} is named twice: each signer signs once.`);
    seen.add(key);
  }
  return {
    formInstanceId: id.toLowerCase(),
    signers,
    emailSubject: optionalText(body, 'emailSubject', SIGNING_LIMITS.maxSubjectLength),
    emailMessage: optionalText(body, 'emailMessage', SIGNING_LIMITS.maxMessageLength) ?? optionalText(body, 'message', SIGNING_LIMITS.maxMessageLength),
    expiresAt: readExpiry(body, now),
    reminderEveryDays: readReminderSchedule(body),
  };
}

/** The longest reminder schedule a request may ask for, in days. */
export const MAX_REMINDER_EVERY_DAYS = 30;

/** The reminder schedule a request asks for: a whole number of days from 1 to {@link MAX_REMINDER_EVERY_DAYS}, or none. */
function readReminderSchedule(body: JsonRecord): number | null {
  const value = field(body, 'reminderEveryDays');
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_REMINDER_EVERY_DAYS) {
    throw new DomainError(400, `'reminderEveryDays' must be a whole number of days from 1 to ${MAX_REMINDER_EVERY_DAYS}.`);
  }
  return value;
}

/** The required reason of a void or a decline: text of 1 to {@link SIGNING_LIMITS.maxReasonLength} characters. */
export function readReason(body: JsonRecord, what: 'void' | 'decline'): string {
  const reason = field(body, 'reason');
  if (typeof reason !== 'string' || reason.trim() === '') {
    throw new DomainError(400, `A reason is required to ${what} an envelope ('reason').`);
  }
  if (reason.trim().length > SIGNING_LIMITS.maxReasonLength) {
    throw new DomainError(400, `'reason' is longer than ${SIGNING_LIMITS.maxReasonLength} characters.`);
  }
  return reason.trim();
}

/** A required GUID property of a body, lower-cased. */
export function readIdField(body: JsonRecord, key: string): string {
  const value = field(body, key);
  if (typeof value !== 'string' || value === '') throw new DomainError(400, `'${key}' is required.`);
  if (!isUuid(value)) throw new DomainError(400, `'${key}' must be a GUID.`);
  return value.toLowerCase();
}

/** The signer link token of a body: required, at most 200 characters (a longer one is no token of ours). */
export function readSignerToken(body: JsonRecord): string {
  const token = field(body, 'token');
  if (typeof token !== 'string' || token === '') throw new DomainError(400, "'token' is required: the token of the signing link.");
  if (token.length > 200) throw new DomainError(404, 'This signing link is not valid.');
  return token;
}

/** A checked signature: its PNG bytes and dimensions, how it was made. */
export interface CheckedSignature {
  kind: 'drawn' | 'typed';
  png: Uint8Array;
  width: number;
  height: number;
  typedName: string | null;
}

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function base64Bytes(text: string): Uint8Array {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) throw new DomainError(400, "'image' is not base64.");
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Reads a `Signing/Sign` body's signature: `kind` drawn or typed, `image` a PNG (data URL or base64) of at most
 * {@link SIGNING_LIMITS.maxSignatureImageBytes} bytes (413 beyond) and {@link SIGNING_LIMITS.maxSignatureImagePixels}
 * pixels a side, and for `typed` the typed name.
 */
export function readSignature(body: JsonRecord): CheckedSignature {
  const kind = field(body, 'kind');
  if (kind !== 'drawn' && kind !== 'typed') throw new DomainError(400, "'kind' must be 'drawn' or 'typed'.");
  const image = field(body, 'image');
  if (typeof image !== 'string' || image === '') throw new DomainError(400, "'image' is required: the signature as a PNG.");
  const data = image.startsWith('data:') ? /^data:image\/png;base64,(.*)$/s.exec(image)?.[1] : image;
  if (data === undefined) throw new DomainError(400, "'image' must be a PNG (data:image/png;base64,…).");
  // base64 holds 3 bytes in 4 characters: refuse before decoding.
  if (Math.floor((data.length * 3) / 4) > SIGNING_LIMITS.maxSignatureImageBytes + 2) {
    throw new DomainError(413, `The signature image is larger than ${SIGNING_LIMITS.maxSignatureImageBytes} bytes.`);
  }
  const png = base64Bytes(data);
  if (png.length > SIGNING_LIMITS.maxSignatureImageBytes) {
    throw new DomainError(413, `The signature image is larger than ${SIGNING_LIMITS.maxSignatureImageBytes} bytes.`);
  }
  if (png.length < 33 || PNG_MAGIC.some((b, i) => png[i] !== b) || String.fromCharCode(...png.slice(12, 16)) !== 'IHDR') {
    throw new DomainError(400, "'image' is not a PNG image.");
  }
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  const max = SIGNING_LIMITS.maxSignatureImagePixels;
  if (width === 0 || height === 0 || width > max || height > max) {
    throw new DomainError(400, `The signature image must be 1 to ${max} pixels wide and high; it is ${width} × ${height}.`);
  }
  let typedName: string | null = null;
  if (kind === 'typed') {
    const typed = field(body, 'typedName');
    if (typeof typed !== 'string' || typed.trim() === '') throw new DomainError(400, "'typedName' is required for a typed signature.");
    if (typed.trim().length > SIGNING_LIMITS.maxNameLength) throw new DomainError(400, `'typedName' is longer than ${SIGNING_LIMITS.maxNameLength} characters.`);
    typedName = typed.trim();
  }
  return { kind, png, width, height, typedName };
}

/** What the reminder rules look at. */
export interface ReminderState {
  remindersSent: number;
  sentAt: Date | null;
  lastReminderAt: Date | null;
  /** When the envelope expires (none: the link renewal of {@link automaticReminderDue} does not apply). */
  expiresAt?: Date | null;
}

/** 409 when a sender's reminder is over the cap or too soon after the last one. */
export function checkManualReminder(state: ReminderState, now: Date): void {
  if (state.remindersSent >= REMINDER_POLICY.maxReminders) {
    throw new DomainError(409, `The signers have been reminded ${state.remindersSent} times, the most an envelope allows.`);
  }
  const last = state.lastReminderAt?.getTime();
  if (last !== undefined && now.getTime() - last < REMINDER_POLICY.minIntervalMs) {
    throw new DomainError(409, 'The signers were reminded less than an hour ago: wait before reminding them again.');
  }
}

/** One day, the unit of a reminder schedule. */
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether an automatic reminder is due at `now`: with a schedule (`everyDays`), every that many days after the envelope
 * was sent or last reminded, until it is signed or expires (the expiry ends it); without one, as {@link REMINDER_POLICY} says.
 * Either way, a day before the link mailed last ends ({@link SIGNER_LINK_LIFETIME_MS} after it was sent) while the
 * envelope stays open past that end, a reminder goes out with a new link, beyond the cap and the window: a signer
 * whose mail holds only ended links could not sign an envelope still open (by default the last automatic reminder's
 * link ended on day 23 of 30).
 */
export function automaticReminderDue(state: ReminderState, now: Date, everyDays: number | null = null): boolean {
  if (!state.sentAt) return false;
  const t = now.getTime();
  const lastMailed = (state.lastReminderAt ?? state.sentAt).getTime();
  const linkEnds = lastMailed + SIGNER_LINK_LIFETIME_MS;
  if (state.expiresAt && state.expiresAt.getTime() > linkEnds && t >= linkEnds - DAY_MS) return true;
  if (everyDays !== null) return t - lastMailed >= everyDays * DAY_MS;
  if (state.remindersSent >= REMINDER_POLICY.maxReminders) return false;
  if (t - state.sentAt.getTime() > REMINDER_POLICY.automaticWindowMs) return false;
  return t - lastMailed >= REMINDER_POLICY.automaticEveryMs;
}
