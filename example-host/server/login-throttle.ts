/**
 * Failed sign-in throttling of the development identity provider, per account and per client address.
 *
 * The first few failures of a key cost nothing (a mistyped password must not slow anybody down); each
 * further failure makes the key wait before its next attempt, doubling from `baseDelaySeconds` up to
 * `maxDelaySeconds`, and reaching `lockoutFailures` locks the key for `lockoutSeconds`. Attempts while a
 * key waits are refused without checking the password, and do not count. A success clears the account's
 * failures; failures are forgotten after `forgetAfterSeconds` without a new one.
 *
 * The wait is a window the caller must let pass, not a sleep: a guessing client holds no connection open.
 *
 * The server keeps the state in its database (`SharedLoginThrottle`), shared by its instances; `LoginThrottle` keeps
 * the same policy in memory.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './db/index';

/** How one kind of key (account or address) is throttled. */
export interface ThrottleLimits {
  /** Failures without any wait. */
  freeFailures: number;
  /** The failure count that locks the key for `lockoutSeconds`. */
  lockoutFailures: number;
}

/** The throttle policy. Every field has a default (see `DEFAULT_LOGIN_THROTTLE`). */
export interface LoginThrottlePolicy {
  /** Per account (the username as typed, ignoring case; unknown usernames too). Default 3 free, lockout at 10. */
  account: ThrottleLimits;
  /** Per client address, over every account. Default 20 free, lockout at 50. */
  address: ThrottleLimits;
  /** The wait after the first failure beyond the free ones; it doubles with each further failure. Default 1. */
  baseDelaySeconds: number;
  /** The longest growing wait. Default 60. */
  maxDelaySeconds: number;
  /** How long a lockout lasts. Default 300 (5 minutes). */
  lockoutSeconds: number;
  /** Failures are forgotten after this long without a new one. Default 900 (15 minutes). */
  forgetAfterSeconds: number;
  /** Most keys remembered at once (bounds the memory a flood of usernames can take). Default 10 000. */
  maxEntries: number;
}

/** The configuration of the throttle: any policy field, and the clock (ms; for tests). */
export type LoginThrottleOptions = Partial<Omit<LoginThrottlePolicy, 'account' | 'address'>> & {
  account?: Partial<ThrottleLimits>;
  address?: Partial<ThrottleLimits>;
  /** The clock in milliseconds. Default `Date.now`. */
  now?: () => number;
};

export const DEFAULT_LOGIN_THROTTLE: Readonly<LoginThrottlePolicy> = Object.freeze({
  account: Object.freeze({ freeFailures: 3, lockoutFailures: 10 }),
  address: Object.freeze({ freeFailures: 20, lockoutFailures: 50 }),
  baseDelaySeconds: 1,
  maxDelaySeconds: 60,
  lockoutSeconds: 300,
  forgetAfterSeconds: 900,
  maxEntries: 10_000,
});

/** The text shown on the login page while a wait lasts. */
export function throttleMessage(remainingMs: number): string {
  const seconds = Math.max(1, Math.ceil(remainingMs / 1000));
  if (seconds < 120) return `Too many failed attempts. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;
  return `Too many failed attempts. Try again in ${Math.ceil(seconds / 60)} minutes.`;
}

/** One key's failures: how many, the last one's time and the end of its wait (ms since the epoch). */
interface Entry {
  failures: number;
  lastFailureAt: number;
  blockedUntil: number;
}

/** A key's entry after one more failure at `now` (`entry`: its live entry, if any). */
function afterFailure(entry: Entry | undefined, limits: ThrottleLimits, policy: LoginThrottlePolicy, now: number): Entry {
  const failures = (entry?.failures ?? 0) + 1;
  const { baseDelaySeconds, maxDelaySeconds, lockoutSeconds } = policy;
  let waitSeconds = 0;
  if (failures >= limits.lockoutFailures) waitSeconds = lockoutSeconds;
  else if (failures > limits.freeFailures) {
    waitSeconds = Math.min(maxDelaySeconds, baseDelaySeconds * 2 ** (failures - limits.freeFailures - 1));
  }
  return { failures, lastFailureAt: now, blockedUntil: Math.max(entry?.blockedUntil ?? 0, now + waitSeconds * 1000) };
}

/** Who is signing in: the username as typed and the client's address. */
export interface LoginAttempt {
  username: string;
  address: string;
}

function positive(name: string, value: number, allowZero = false): number {
  if (!Number.isFinite(value) || value < 0 || (!allowZero && value === 0)) {
    throw new Error(`loginThrottle.${name} must be a positive number, got ${value}`);
  }
  return value;
}

/** Resolves the throttle options to a full policy, checking the values. */
export function resolveLoginThrottle(options: LoginThrottleOptions = {}): LoginThrottlePolicy {
  const d = DEFAULT_LOGIN_THROTTLE;
  const limits = (kind: 'account' | 'address'): ThrottleLimits => {
    const freeFailures = positive(`${kind}.freeFailures`, options[kind]?.freeFailures ?? d[kind].freeFailures, true);
    const lockoutFailures = positive(`${kind}.lockoutFailures`, options[kind]?.lockoutFailures ?? d[kind].lockoutFailures);
    if (lockoutFailures <= freeFailures) {
      throw new Error(`loginThrottle.${kind}.lockoutFailures must be more than freeFailures`);
    }
    return { freeFailures, lockoutFailures };
  };
  return {
    account: limits('account'),
    address: limits('address'),
    baseDelaySeconds: positive('baseDelaySeconds', options.baseDelaySeconds ?? d.baseDelaySeconds),
    maxDelaySeconds: positive('maxDelaySeconds', options.maxDelaySeconds ?? d.maxDelaySeconds),
    lockoutSeconds: positive('lockoutSeconds', options.lockoutSeconds ?? d.lockoutSeconds),
    forgetAfterSeconds: positive('forgetAfterSeconds', options.forgetAfterSeconds ?? d.forgetAfterSeconds),
    maxEntries: positive('maxEntries', options.maxEntries ?? d.maxEntries),
  };
}

/** What the provider asks of a throttle, wherever it keeps its state. */
export interface LoginThrottleStore {
  /** Milliseconds the address must still wait before any attempt (0: none). */
  addressWait(address: string): Promise<number>;
  /** Milliseconds this attempt must still wait (0: it may be checked). */
  wait(attempt: LoginAttempt): Promise<number>;
  /** Records a failed attempt; answers the wait it imposes from now on (0: none). */
  fail(attempt: LoginAttempt): Promise<number>;
  /** A successful sign-in clears the account's failures (the address's are forgotten in time). */
  succeed(attempt: LoginAttempt): Promise<void>;
}

/** The throttle state of one provider in memory (a restart forgets it; other instances do not see it). */
export class LoginThrottle {
  readonly policy: LoginThrottlePolicy;
  private readonly now: () => number;
  private readonly entries = new Map<string, Entry>();

  constructor(options: LoginThrottleOptions = {}) {
    this.policy = resolveLoginThrottle(options);
    this.now = options.now ?? Date.now;
  }

  /** Milliseconds the address must still wait before any attempt (0: none). */
  addressWait(address: string): number {
    return this.remaining(this.live(addressKey(address)));
  }

  /** Milliseconds this attempt must still wait (0: it may be checked). */
  wait(attempt: LoginAttempt): number {
    return Math.max(this.remaining(this.live(accountKey(attempt.username))), this.addressWait(attempt.address));
  }

  /** Records a failed attempt; answers the wait it imposes from now on (0: none). */
  fail(attempt: LoginAttempt): number {
    const account = this.record(accountKey(attempt.username), this.policy.account);
    const address = this.record(addressKey(attempt.address), this.policy.address);
    return Math.max(this.remaining(account), this.remaining(address));
  }

  /** A successful sign-in clears the account's failures (the address's are forgotten in time). */
  succeed(attempt: LoginAttempt): void {
    this.entries.delete(accountKey(attempt.username));
  }

  private remaining(entry: Entry | undefined): number {
    return entry ? Math.max(0, entry.blockedUntil - this.now()) : 0;
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && this.now() - entry.lastFailureAt > this.policy.forgetAfterSeconds * 1000) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private record(key: string, limits: ThrottleLimits): Entry {
    const entry = afterFailure(this.live(key), limits, this.policy, this.now());
    // Re-insert so that the Map's order is the order of last failure (oldest first).
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.prune();
    return entry;
  }

  private prune(): void {
    if (this.entries.size <= this.policy.maxEntries) return;
    for (const key of [...this.entries.keys()]) this.live(key);
    // Still too many: forget the entries whose last failure is oldest.
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.policy.maxEntries) break;
      this.entries.delete(key);
    }
  }
}

function accountKey(username: string): string {
  return `account:${username.trim().toLowerCase().slice(0, 256)}`;
}

function addressKey(address: string): string {
  // An IPv4 client may show up as ::ffff:a.b.c.d on a dual-stack socket.
  return `address:${address.replace(/^::ffff:/i, '')}`;
}

/** Rows of a raw query, whichever driver ran it. */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

/**
 * The throttle state in the database (`login_throttle`, one row per key): every server instance on one database sees
 * the same failures (a guesser spreading attempts over instances behind a load balancer gains nothing), and a restart
 * keeps them. The policy and the answers are those of {@link LoginThrottle}; a failure is counted in a transaction
 * that locks the key's row, so failures counted at once on two instances both count. At most `maxEntries` keys are
 * kept: after a failure, keys forgotten by time are removed, then the ones whose last failure is oldest.
 */
export class SharedLoginThrottle implements LoginThrottleStore {
  readonly policy: LoginThrottlePolicy;
  private readonly now: () => number;
  private failuresSincePrune = 0;

  constructor(
    private readonly db: Db,
    options: LoginThrottleOptions = {},
  ) {
    this.policy = resolveLoginThrottle(options);
    this.now = options.now ?? Date.now;
  }

  async addressWait(address: string): Promise<number> {
    return this.remaining(await this.read([addressKey(address)]));
  }

  async wait(attempt: LoginAttempt): Promise<number> {
    return this.remaining(await this.read([accountKey(attempt.username), addressKey(attempt.address)]));
  }

  async fail(attempt: LoginAttempt): Promise<number> {
    const now = this.now();
    const entries = await this.db.transaction(async (tx) => {
      const recorded: Entry[] = [];
      for (const [key, limits] of [
        [accountKey(attempt.username), this.policy.account],
        [addressKey(attempt.address), this.policy.address],
      ] as const) {
        // A row to lock, then its live entry: two failures of one key at once are counted one after the other.
        await tx.execute(sql`INSERT INTO login_throttle (key, failures, last_failure_ms, blocked_until_ms) VALUES (${key}, 0, ${now}, 0) ON CONFLICT (key) DO NOTHING`);
        const [row] = rowsOf<ThrottleRow>(
          await tx.execute(sql`SELECT failures, last_failure_ms, blocked_until_ms FROM login_throttle WHERE key = ${key} FOR UPDATE`),
        );
        const entry = afterFailure(this.live(row, now), limits, this.policy, now);
        await tx.execute(
          sql`UPDATE login_throttle SET failures = ${entry.failures}, last_failure_ms = ${entry.lastFailureAt}, blocked_until_ms = ${entry.blockedUntil} WHERE key = ${key}`,
        );
        recorded.push(entry);
      }
      return recorded;
    });
    await this.prune(now);
    return this.remaining(entries, now);
  }

  async succeed(attempt: LoginAttempt): Promise<void> {
    await this.db.execute(sql`DELETE FROM login_throttle WHERE key = ${accountKey(attempt.username)}`);
  }

  private async read(keys: readonly string[]): Promise<Entry[]> {
    const now = this.now();
    const rows = rowsOf<ThrottleRow>(
      await this.db.execute(
        sql`SELECT failures, last_failure_ms, blocked_until_ms FROM login_throttle WHERE key IN (${sql.join(
          keys.map((k) => sql`${k}`),
          sql`, `,
        )})`,
      ),
    );
    return rows.flatMap((row) => this.live(row, now) ?? []);
  }

  /** The row's entry, or none when it is forgotten (no failure for `forgetAfterSeconds`) or only a lock placeholder. */
  private live(row: ThrottleRow | undefined, now: number): Entry | undefined {
    if (!row) return undefined;
    const entry = { failures: Number(row.failures), lastFailureAt: Number(row.last_failure_ms), blockedUntil: Number(row.blocked_until_ms) };
    if (entry.failures === 0 || now - entry.lastFailureAt > this.policy.forgetAfterSeconds * 1000) return undefined;
    return entry;
  }

  private remaining(entries: readonly Entry[], now = this.now()): number {
    return Math.max(0, ...entries.map((e) => e.blockedUntil - now));
  }

  private async prune(now: number): Promise<void> {
    // Counting the rows on every failure would cost more than the bound saves: every 100th failure of this instance.
    this.failuresSincePrune += 1;
    if (this.failuresSincePrune < 100) return;
    this.failuresSincePrune = 0;
    await this.db.execute(sql`DELETE FROM login_throttle WHERE last_failure_ms < ${now - this.policy.forgetAfterSeconds * 1000}`);
    await this.db.execute(sql`DELETE FROM login_throttle WHERE key IN (
  SELECT key FROM login_throttle ORDER BY last_failure_ms DESC OFFSET ${this.policy.maxEntries})`);
  }
}

interface ThrottleRow {
  failures: string | number;
  last_failure_ms: string | number;
  blocked_until_ms: string | number;
}
