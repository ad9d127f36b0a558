/**
 * Bounds on what visitors of public forms may write, shared by the test fake and the reference server: no sign-in
 * holds an anonymous caller back, so without them one address could fill the disk with instances of a public form
 * (each up to 1 MiB) or keep the server busy with saves.
 *
 * - Every anonymous write counts against its client address and against the public schema it writes into
 *   (`perAddress`, `perSchema`), and its body's bytes against the address (`bytesPerAddress`);
 * - a new instance also counts against the address's `newInstancesPerAddress`, and a new draft is refused while the
 *   address holds `draftsPerAddressAndSchema.max` drafts (Created or InProgress) of that schema among the instances it
 *   started within the window: submitting or finishing one frees its place.
 *
 * A refusal is 429 with the seconds to wait (`retryAfterSeconds`, sent as `Retry-After`): `rateRefusal`,
 * `bytesRefusal`, `draftLimitRefusal`. The counting is written once, in src/service/anonymous-writes.ts, over a store
 * of window events: the test fake's in memory, the reference server's in its database (shared by its instances).
 */
import { DomainError } from '../errors';
import { ANONYMOUS_WRITE_LIMITS, type AnonymousWriteLimits, type RateWindow } from '../limits';

/** The `code` of a refused anonymous write (a problem details extension). */
export type AnonymousWriteLimitCode = 'address-rate' | 'schema-rate' | 'address-bytes' | 'new-instance-rate' | 'draft-limit';

/** The problem details extension naming the seconds to wait; backends send it as the `Retry-After` header too. */
export const RETRY_AFTER_EXTENSION = 'retryAfterSeconds';

/** The `Retry-After` header value of a refusal (seconds), or null for an error that carries none. */
export function retryAfterOf(error: DomainError): string | null {
  const seconds = error.extensions[RETRY_AFTER_EXTENSION];
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? String(Math.ceil(seconds)) : null;
}

/** Resolves partial limits over the defaults, checking each number. */
export function resolveAnonymousWriteLimits(limits: Partial<AnonymousWriteLimits> = {}): AnonymousWriteLimits {
  const resolved = { ...ANONYMOUS_WRITE_LIMITS, ...limits };
  for (const [name, window] of Object.entries(resolved) as [string, RateWindow][]) {
    if (!Number.isSafeInteger(window.max) || window.max < 1 || !(window.windowSeconds > 0)) {
      throw new Error(`anonymousWriteLimits.${name} needs a positive integer max and positive windowSeconds, got ${JSON.stringify(window)}`);
    }
  }
  return resolved;
}

/** An IPv4 client may show up as `::ffff:a.b.c.d` on a dual-stack socket: one address either way. */
export function normalizeAddress(address: string): string {
  return address.replace(/^::ffff:/i, '').toLowerCase();
}

const seconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));

function describeWindow(windowSeconds: number): string {
  if (windowSeconds % 86_400 === 0) return windowSeconds === 86_400 ? '24 hours' : `${windowSeconds / 86_400} days`;
  if (windowSeconds % 3600 === 0) return windowSeconds === 3600 ? 'an hour' : `${windowSeconds / 3600} hours`;
  if (windowSeconds % 60 === 0) return windowSeconds === 60 ? 'a minute' : `${windowSeconds / 60} minutes`;
  return `${windowSeconds} seconds`;
}

function refusal(code: AnonymousWriteLimitCode, message: string, waitMs: number): DomainError {
  return new DomainError(429, message, { code, [RETRY_AFTER_EXTENSION]: seconds(waitMs) });
}

/**
 * The refusal of a write over a count window (`address-rate`, `schema-rate`, `new-instance-rate`): `whose` says whose
 * writes they are ('from your address', 'to this form'); `waitMs` is how long until the window has room.
 * A limiter that keeps its state elsewhere (the reference server's shared store) answers with these too.
 */
export function rateRefusal(code: 'address-rate' | 'schema-rate' | 'new-instance-rate', window: RateWindow, whose: string, waitMs: number): DomainError {
  return refusal(code, `Too many requests ${whose}: at most ${window.max} in ${describeWindow(window.windowSeconds)}. Try again in ${seconds(waitMs)} s.`, waitMs);
}

/** The refusal of a write over the address's byte budget (`address-bytes`). */
export function bytesRefusal(window: RateWindow, waitMs: number): DomainError {
  return refusal(
    'address-bytes',
    `Too much data from your address: at most ${Math.floor(window.max / 1024 / 1024)} MiB in ${describeWindow(window.windowSeconds)}. Try again in ${seconds(waitMs)} s.`,
    waitMs,
  );
}

/** The refusal of a new draft while the address holds `held` drafts of the schema (`draft-limit`). */
export function draftLimitRefusal(held: number, window: RateWindow, waitMs: number): DomainError {
  return refusal(
    'draft-limit',
    `You have ${held} unsubmitted drafts of this form; submit one of them before starting another (at most ${window.max} in ${describeWindow(window.windowSeconds)}).`,
    waitMs,
  );
}
