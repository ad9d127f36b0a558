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
 */

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

interface Entry {
  failures: number;
  lastFailureAt: number;
  blockedUntil: number;
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

/** The throttle state of one provider (in memory: a restart forgets it). */
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
    const now = this.now();
    const entry = this.live(key) ?? { failures: 0, lastFailureAt: now, blockedUntil: 0 };
    entry.failures += 1;
    entry.lastFailureAt = now;
    const { baseDelaySeconds, maxDelaySeconds, lockoutSeconds } = this.policy;
    let waitSeconds = 0;
    if (entry.failures >= limits.lockoutFailures) waitSeconds = lockoutSeconds;
    else if (entry.failures > limits.freeFailures) {
      waitSeconds = Math.min(maxDelaySeconds, baseDelaySeconds * 2 ** (entry.failures - limits.freeFailures - 1));
    }
    entry.blockedUntil = Math.max(entry.blockedUntil, now + waitSeconds * 1000);
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
