/**
 * Mail outside the request: the use cases hand each message to a {@link MailQueue}, which stores it in the queue (the
 * server's `mail_queue` table, store.ts) and returns at once; its worker sends in the background, one message at a
 * time, retrying a failed one after 1 s, 5 s and 30 s (a message the mail server refuses for good, an SMTP 5xx, at
 * once) before it gives up: the message is kept with its error, shown on its envelope and sent again on request. A
 * request therefore never waits for an SMTP server, a slow or failing one never fails a request, and a restart loses
 * nothing: the worker starts with what was waiting, and looks again every `pollMs` (a message another instance left).
 */
import type { Mailer, MailMessage } from '../../../src/service/mail';
import { deliverDueMail, MAIL_RETRY_DELAYS_MS, memoryMailQueueStore, type MailLog, type MailQueueStore, type SigningMailQueue } from '../../../src/service/mail-queue';

export { MAIL_RETRY_DELAYS_MS };

/** How often the worker looks for due messages besides being woken (a retry, a restart, another instance). */
export const MAIL_POLL_MS = 30_000;

/** A message that could not be sent, after every retry. */
export interface FailedMail {
  message: MailMessage;
  error: string;
  attempts: number;
}

/** Options of a queue. */
export interface MailQueueOptions {
  /** Where messages wait (default: in memory, for tests of the queue alone). */
  store?: MailQueueStore;
  now?: () => Date;
  /** How often the worker looks for due messages (default {@link MAIL_POLL_MS}; null: only when woken). */
  pollMs?: number | null;
}

/** The mailer the use cases get: stores, sends in the background, retries. */
export class MailQueue implements Mailer {
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly poll: NodeJS.Timeout | null;
  /** Where the messages wait. */
  readonly store: MailQueueStore;
  private readonly now: () => Date;
  /** The messages given up on by this worker (newest last); the store keeps them too. */
  readonly failed: FailedMail[] = [];

  constructor(
    private readonly inner: Mailer,
    private readonly log: MailLog,
    private readonly retryDelaysMs: readonly number[] = MAIL_RETRY_DELAYS_MS,
    options: MailQueueOptions = {},
  ) {
    this.store = options.store ?? memoryMailQueueStore();
    this.now = options.now ?? (() => new Date());
    const pollMs = options.pollMs === undefined ? MAIL_POLL_MS : options.pollMs;
    this.poll = pollMs === null ? null : setInterval(() => this.wake(), pollMs);
    this.poll?.unref();
  }

  /** Stores a message and returns at once (the worker sends it). */
  async send(message: MailMessage): Promise<void> {
    if (this.stopped) return;
    await this.store.add(crypto.randomUUID(), message, this.now());
    this.wake();
  }

  /** Has the worker send what is due (at once, or right after the pass it is in). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      // Outside the request that queued it: the first send waits for the next turn of the event loop.
      await new Promise((resolve) => setImmediate(resolve));
      do {
        this.again = false;
        if (this.stopped) return;
        const report = await deliverDueMail({ store: this.store, transport: this.inner, now: this.now, retryDelaysMs: this.retryDelaysMs, log: this.log });
        this.failed.push(...report.given);
        const at = this.now().getTime();
        for (const delay of report.retryInMs) this.later(at + delay);
      } while (this.again && !this.stopped);
    })()
      .catch((error: unknown) => this.log({ level: 'error', msg: 'mail queue pass failed', error: String(error) }))
      .finally(() => {
        this.running = null;
        // Woken after the pass's last look: look again (a message added or a retry come due meanwhile).
        if (this.again) this.wake();
      });
  }

  /**
   * Wakes the worker when a retry is due (`dueAt`, on the queue's clock). A timer may fire a little before the clock
   * reaches its time (Node measures timers from the event loop's cached time, which lags under load); the worker would
   * then find nothing due and the message would wait for the next poll, so an early timer is armed again for the rest.
   */
  private later(dueAt: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (this.stopped) return;
      if (this.now().getTime() < dueAt) this.later(dueAt);
      else this.wake();
    }, Math.max(1, dueAt - this.now().getTime()));
    timer.unref();
    this.timers.add(timer);
  }

  /** The queue as the signing use cases reach it (its failures, and sending one again). */
  get signingQueue(): SigningMailQueue {
    return {
      store: this.store,
      wake: async () => {
        this.wake();
      },
    };
  }

  /** Resolves when nothing is being sent (a retry waiting on its timer is not counted). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Sends what is due now, then stops; what still waits stays in the store for the next start. */
  async stop(): Promise<void> {
    await this.idle();
    this.stopped = true;
    if (this.poll) clearInterval(this.poll);
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
