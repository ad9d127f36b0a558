/**
 * Mail outside the request: the use cases hand each message to a {@link MailQueue}, which returns at once and sends in
 * the background, one message at a time, retrying a failed one after 1 s, 5 s and 30 s before it gives up (and logs
 * it). A request therefore never waits for an SMTP server, and a slow or failing one never fails a request.
 */
import type { Mailer, MailMessage } from '../../../src/service/mail';

/** The waits before each retry of a message that failed. */
export const MAIL_RETRY_DELAYS_MS: readonly number[] = [1_000, 5_000, 30_000];

/** A message that could not be sent, after every retry. */
export interface FailedMail {
  message: MailMessage;
  error: string;
  attempts: number;
}

/** A log line of the queue. */
type Log = (entry: { level: 'info' | 'warn' | 'error'; msg: string; [key: string]: unknown }) => void;

/** The mailer the use cases get: queues, sends in the background, retries. */
export class MailQueue implements Mailer {
  private readonly waiting: { message: MailMessage; attempts: number }[] = [];
  private running: Promise<void> | null = null;
  private stopped = false;
  private readonly timers = new Set<NodeJS.Timeout>();
  /** The messages given up on (newest last). */
  readonly failed: FailedMail[] = [];

  constructor(
    private readonly inner: Mailer,
    private readonly log: Log,
    private readonly retryDelaysMs: readonly number[] = MAIL_RETRY_DELAYS_MS,
  ) {}

  /** Queues a message and returns at once. */
  async send(message: MailMessage): Promise<void> {
    if (this.stopped) return;
    this.waiting.push({ message, attempts: 0 });
    this.run();
  }

  private run(): void {
    this.running ??= (async () => {
      // Outside the request that queued it: the first send waits for the next turn of the event loop.
      await new Promise((resolve) => setImmediate(resolve));
      for (let next = this.waiting.shift(); next && !this.stopped; next = this.waiting.shift()) await this.attempt(next);
    })().finally(() => {
      this.running = null;
      if (this.waiting.length && !this.stopped) this.run();
    });
  }

  private async attempt(item: { message: MailMessage; attempts: number }): Promise<void> {
    item.attempts += 1;
    try {
      await this.inner.send(item.message);
    } catch (error) {
      const delay = this.retryDelaysMs[item.attempts - 1];
      const fields = { kind: item.message.kind, envelopeId: item.message.envelopeId, attempts: item.attempts, error: String(error) };
      if (delay === undefined) {
        this.failed.push({ message: item.message, error: String(error), attempts: item.attempts });
        this.log({ level: 'error', msg: 'mail not sent', ...fields });
        return;
      }
      this.log({ level: 'warn', msg: 'mail failed, retrying', retryInMs: delay, ...fields });
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        if (this.stopped) return;
        this.waiting.push(item);
        this.run();
      }, delay);
      timer.unref();
      this.timers.add(timer);
    }
  }

  /** Resolves when nothing is queued or being sent (a retry waiting on its timer is not counted). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Sends what is queued now, then stops taking messages and drops the retries still waiting. */
  async stop(): Promise<void> {
    await this.idle();
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
