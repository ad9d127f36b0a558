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
 * A refusal is 429 with the seconds to wait (`retryAfterSeconds`, sent as `Retry-After`). This class keeps the state in
 * memory, per backend instance (a restart forgets it), and bounded: at most `maxKeys` addresses and schemas are
 * remembered. The reference server keeps the same windows in its database, shared by its instances, and answers with
 * the same refusals (`rateRefusal`, `bytesRefusal`, `draftLimitRefusal`).
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

/** A new instance's place, held from the check until it is stored (or given back). */
export interface NewInstanceTicket {
  /** The instance was stored with this id: it now counts as one of the address's instances of the schema. */
  commit(formInstanceId: string): void;
  /** The instance was not stored: its place is free again. */
  cancel(): void;
}

interface Started {
  /** Null while the post that holds the place runs. */
  id: string | null;
  at: number;
}

/** Most keys (addresses, schemas, address × schema) each map remembers. */
const DEFAULT_MAX_KEYS = 10_000;

/**
 * The in-memory state of the bounds. The clock is milliseconds (`Date.now` by default; tests pass their own).
 */
export class AnonymousWriteLimiter {
  readonly limits: AnonymousWriteLimits;
  private readonly writes = new Map<string, number[]>();
  private readonly volumes = new Map<string, { at: number; bytes: number }[]>();
  private readonly starts = new Map<string, Started[]>();

  constructor(
    limits: Partial<AnonymousWriteLimits> = {},
    private readonly now: () => number = Date.now,
    private readonly maxKeys = DEFAULT_MAX_KEYS,
  ) {
    this.limits = resolveAnonymousWriteLimits(limits);
  }

  /**
   * Counts one write of `bytes` by `address` into `formSchemaId`; 429 (nothing counted) when the address or the schema
   * is at its limit, or the address has written too many bytes lately.
   */
  write(address: string, formSchemaId: string, bytes = 0): void {
    const addressKey = `address:${normalizeAddress(address)}`;
    const schemaKey = `schema:${formSchemaId.toLowerCase()}`;
    this.refuseWhenFull(addressKey, this.limits.perAddress, 'address-rate', 'from your address');
    this.refuseWhenFull(schemaKey, this.limits.perSchema, 'schema-rate', 'to this form');
    const volume = this.liveVolume(addressKey);
    const { max, windowSeconds } = this.limits.bytesPerAddress;
    const written = volume.reduce((sum, v) => sum + v.bytes, 0);
    if (written > 0 && written + bytes > max) {
      // Wait until enough of the window's bytes have aged out for this write to fit.
      let freed = 0;
      const fits = volume.find((v) => (freed += v.bytes) >= written + bytes - max) ?? volume[volume.length - 1];
      const wait = (fits?.at ?? this.now()) + windowSeconds * 1000 - this.now();
      throw bytesRefusal(this.limits.bytesPerAddress, wait);
    }
    this.count(addressKey, this.limits.perAddress);
    this.count(schemaKey, this.limits.perSchema);
    this.remember(this.volumes, addressKey, [...volume, { at: this.now(), bytes }]);
  }

  /** The instances `address` started of `formSchemaId` within the drafts window (ask storage which are still drafts). */
  startedBy(address: string, formSchemaId: string): string[] {
    return this.liveStarts(startKey(address, formSchemaId)).flatMap((s) => (s.id === null ? [] : [s.id]));
  }

  /**
   * Before a new instance is stored: 429 when the address started too many lately, or, for a new draft, when it holds
   * the most drafts of the schema (`draftIds`: which of {@link startedBy}'s instances are still drafts). Answers the
   * ticket that holds the new instance's place.
   */
  beginNew(address: string, formSchemaId: string, isDraft: boolean, draftIds: readonly string[]): NewInstanceTicket {
    const newKey = `new:${normalizeAddress(address)}`;
    this.refuseWhenFull(newKey, this.limits.newInstancesPerAddress, 'new-instance-rate', 'from your address');
    const key = startKey(address, formSchemaId);
    const drafts = new Set(draftIds);
    // Instances that are no longer drafts (submitted, removed) free their place.
    const held = this.liveStarts(key).filter((s) => s.id === null || drafts.has(s.id));
    const { max, windowSeconds } = this.limits.draftsPerAddressAndSchema;
    if (isDraft && held.length >= max) {
      const wait = (held[0]?.at ?? this.now()) + windowSeconds * 1000 - this.now();
      throw draftLimitRefusal(held.length, this.limits.draftsPerAddressAndSchema, wait);
    }
    this.count(newKey, this.limits.newInstancesPerAddress);
    const entry: Started = { id: null, at: this.now() };
    this.remember(this.starts, key, [...held, entry]);
    return {
      commit: (formInstanceId) => {
        entry.id = formInstanceId;
      },
      cancel: () => {
        const list = this.starts.get(key);
        if (list) this.starts.set(key, list.filter((s) => s !== entry));
      },
    };
  }

  private liveStarts(key: string): Started[] {
    const since = this.now() - this.limits.draftsPerAddressAndSchema.windowSeconds * 1000;
    const live = (this.starts.get(key) ?? []).filter((s) => s.at > since);
    if (live.length === 0) this.starts.delete(key);
    else this.starts.set(key, live);
    return live;
  }

  private liveVolume(key: string): { at: number; bytes: number }[] {
    const since = this.now() - this.limits.bytesPerAddress.windowSeconds * 1000;
    const live = (this.volumes.get(key) ?? []).filter((v) => v.at > since);
    if (live.length === 0) this.volumes.delete(key);
    else this.volumes.set(key, live);
    return live;
  }

  private times(key: string, window: RateWindow): number[] {
    const since = this.now() - window.windowSeconds * 1000;
    const times = (this.writes.get(key) ?? []).filter((t) => t > since);
    if (times.length === 0) this.writes.delete(key);
    else this.writes.set(key, times);
    return times;
  }

  private refuseWhenFull(key: string, window: RateWindow, code: 'address-rate' | 'schema-rate' | 'new-instance-rate', whose: string): void {
    const times = this.times(key, window);
    if (times.length < window.max) return;
    const wait = (times[times.length - window.max] ?? this.now()) + window.windowSeconds * 1000 - this.now();
    throw rateRefusal(code, window, whose, wait);
  }

  private count(key: string, window: RateWindow): void {
    this.remember(this.writes, key, [...this.times(key, window), this.now()]);
  }

  private remember<T>(map: Map<string, T>, key: string, value: T): void {
    // Re-inserted keys move to the end: the first keys are the ones least recently used, forgotten first.
    map.delete(key);
    map.set(key, value);
    for (const oldest of map.keys()) {
      if (map.size <= this.maxKeys) break;
      map.delete(oldest);
    }
  }
}

function startKey(address: string, formSchemaId: string): string {
  return `${normalizeAddress(address)}|${formSchemaId.toLowerCase()}`;
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
