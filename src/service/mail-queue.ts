/**
 * Mail that is never lost: the use cases hand each message to a queue kept in the backend's storage (the reference
 * server: its `mail_queue` table, example-host/server/mail/store.ts; the test fake: {@link memoryMailQueueStore}),
 * and a worker sends what is due ({@link deliverDueMail}). A message waits until it is sent (then it is dropped) or
 * has failed: at once when the mail server refuses it for good (an SMTP 5xx answer), else after the last of its
 * retries. A failed message stays with its error, is shown on its envelope ({@link envelopeMailFailures}) and can be
 * sent again ({@link resendMail}). React-, HTTP- and storage-free.
 */
import type { EnvelopeMailFailure } from '../contract/types';
import type { Mailer, MailMessage } from './mail';

/** The waits before each retry of a message that failed (then it has failed). */
export const MAIL_RETRY_DELAYS_MS: readonly number[] = [1_000, 5_000, 30_000];

/** How long a worker holds the messages it took before another worker may take them (a worker that died). */
export const MAIL_LEASE_MS = 5 * 60_000;

/** A message in the queue. */
export interface QueuedMail {
  mailId: string;
  message: MailMessage;
  /** `pending`: waiting for its next try; `failed`: given up on, until it is sent again. */
  status: 'pending' | 'failed';
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
  lastAttemptAt: Date | null;
}

/** Where the queue is kept. */
export interface MailQueueStore {
  /** Adds a message, due at `now`. */
  add(mailId: string, message: MailMessage, now: Date): Promise<void>;
  /**
   * Takes up to `limit` pending messages due by `now`, oldest first, and moves their next try to `leaseUntil` so that
   * no other worker takes them meanwhile.
   */
  claimDue(now: Date, limit: number, leaseUntil: Date): Promise<QueuedMail[]>;
  /** Drops a message that was sent. */
  remove(mailId: string): Promise<void>;
  /** Records a failed try: `status` pending with its next try, or failed. */
  recordFailure(mailId: string, values: { status: 'pending' | 'failed'; attempts: number; nextAttemptAt: Date; lastError: string; lastAttemptAt: Date }): Promise<void>;
  /** The failed messages about these envelopes, oldest first. */
  failures(envelopeIds: readonly string[]): Promise<QueuedMail[]>;
  /** The envelopes (their ids, lower case) that have a failed message. */
  failedEnvelopeIds(): Promise<string[]>;
  /** One message, or undefined. */
  find(mailId: string): Promise<QueuedMail | undefined>;
  /** Makes a failed message pending again, due at `now`, with no attempts counted. */
  requeue(mailId: string, now: Date): Promise<void>;
}

/** A log line of the queue. */
export type MailLog = (entry: { level: 'info' | 'warn' | 'error'; msg: string; [key: string]: unknown }) => void;

/** What delivers the queue. */
export interface MailDelivery {
  store: MailQueueStore;
  /** What really sends (SMTP, a mail API, the fake's recorder). */
  transport: Mailer;
  now(): Date;
  retryDelaysMs?: readonly number[];
  log?: MailLog;
}

/** What one pass of the worker did; `retryInMs`: when the messages it will try again are due. */
export interface DeliveryReport {
  sent: number;
  failed: number;
  retryInMs: number[];
  /** The messages given up on in this pass, with the error as thrown. */
  given: { message: MailMessage; error: string; attempts: number }[];
}

/** Whether the mail server refused a message for good (an SMTP 5xx answer): trying again would not help. */
export function isPermanentMailError(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'responseCode' in error ? (error as { responseCode: unknown }).responseCode : undefined;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** The reason of a failure as a person reads it (the mail server's answer). */
export function mailErrorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > 500 ? `${text.slice(0, 499)}…` : text;
}

/** Sends every message due now, one at a time, and records what became of each. */
export async function deliverDueMail(delivery: MailDelivery, limit = 20): Promise<DeliveryReport> {
  const delays = delivery.retryDelaysMs ?? MAIL_RETRY_DELAYS_MS;
  const report: DeliveryReport = { sent: 0, failed: 0, retryInMs: [], given: [] };
  for (;;) {
    const now = delivery.now();
    const due = await delivery.store.claimDue(now, limit, new Date(now.getTime() + MAIL_LEASE_MS));
    if (due.length === 0) return report;
    for (const item of due) {
      const attempts = item.attempts + 1;
      try {
        await delivery.transport.send(item.message);
        await delivery.store.remove(item.mailId);
        report.sent += 1;
      } catch (error) {
        const at = delivery.now();
        const delay = isPermanentMailError(error) ? undefined : delays[attempts - 1];
        const fields = { kind: item.message.kind, envelopeId: item.message.envelopeId, to: item.message.to.email, attempts, error: String(error) };
        if (delay === undefined) {
          await delivery.store.recordFailure(item.mailId, { status: 'failed', attempts, nextAttemptAt: at, lastError: mailErrorText(error), lastAttemptAt: at });
          delivery.log?.({ level: 'error', msg: 'mail not sent', ...fields });
          report.failed += 1;
          report.given.push({ message: item.message, error: String(error), attempts });
        } else {
          await delivery.store.recordFailure(item.mailId, { status: 'pending', attempts, nextAttemptAt: new Date(at.getTime() + delay), lastError: mailErrorText(error), lastAttemptAt: at });
          delivery.log?.({ level: 'warn', msg: 'mail failed, retrying', retryInMs: delay, ...fields });
          report.retryInMs.push(delay);
        }
      }
    }
  }
}

/** An envelope's failed message as the contract shows it. */
function failureOf(item: QueuedMail): EnvelopeMailFailure {
  return {
    mailId: item.mailId,
    kind: item.message.kind,
    toName: item.message.to.name,
    toEmail: item.message.to.email,
    error: item.lastError ?? '',
    attempts: item.attempts,
    lastAttemptDateTime: item.lastAttemptAt,
  };
}

/** The failed messages of each envelope (by id; an envelope without any has an empty list). */
export async function envelopeMailFailures(store: MailQueueStore, envelopeIds: readonly string[]): Promise<Map<string, EnvelopeMailFailure[]>> {
  const byEnvelope = new Map<string, EnvelopeMailFailure[]>(envelopeIds.map((id) => [id, []]));
  if (envelopeIds.length === 0) return byEnvelope;
  for (const item of await store.failures(envelopeIds)) byEnvelope.get(item.message.envelopeId)?.push(failureOf(item));
  return byEnvelope;
}

/** Makes a failed message of an envelope pending again; false when the envelope has no such failed message. */
export async function resendMail(store: MailQueueStore, envelopeId: string, mailId: string, now: Date): Promise<boolean> {
  const item = await store.find(mailId);
  if (!item || item.status !== 'failed' || item.message.envelopeId.toLowerCase() !== envelopeId.toLowerCase()) return false;
  await store.requeue(item.mailId, now);
  return true;
}

/** The queue as the signing use cases reach it: where it is kept, and how to have what is due sent. */
export interface SigningMailQueue {
  store: MailQueueStore;
  /** Has the due messages sent (the server: wakes its worker; the fake: sends them before it answers). */
  wake(): Promise<void>;
}

/** The queue kept in memory: the test fake's, and the server's when it is given no database (unit tests). */
export function memoryMailQueueStore(): MailQueueStore & { readonly items: ReadonlyMap<string, QueuedMail> } {
  const items = new Map<string, QueuedMail>();
  const copy = (item: QueuedMail): QueuedMail => ({ ...item });
  return {
    items,
    async add(mailId, message, now) {
      items.set(mailId, { mailId, message, status: 'pending', attempts: 0, nextAttemptAt: now, lastError: null, lastAttemptAt: null });
    },
    async claimDue(now, limit, leaseUntil) {
      const due = [...items.values()].filter((i) => i.status === 'pending' && i.nextAttemptAt.getTime() <= now.getTime()).slice(0, limit);
      const taken = due.map(copy);
      for (const item of due) item.nextAttemptAt = leaseUntil;
      return taken;
    },
    async remove(mailId) {
      items.delete(mailId);
    },
    async recordFailure(mailId, values) {
      const item = items.get(mailId);
      if (item) Object.assign(item, values);
    },
    async failures(envelopeIds) {
      const wanted = new Set(envelopeIds.map((id) => id.toLowerCase()));
      return [...items.values()].filter((i) => i.status === 'failed' && wanted.has(i.message.envelopeId.toLowerCase())).map(copy);
    },
    async failedEnvelopeIds() {
      return [...new Set([...items.values()].filter((i) => i.status === 'failed' && i.message.envelopeId).map((i) => i.message.envelopeId.toLowerCase()))];
    },
    async find(mailId) {
      const item = items.get(mailId);
      return item && copy(item);
    },
    async requeue(mailId, now) {
      const item = items.get(mailId);
      if (item) Object.assign(item, { status: 'pending', attempts: 0, nextAttemptAt: now });
    },
  };
}
