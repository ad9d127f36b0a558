/**
 * The bounds of anonymous writes (the rules of src/domain/forms/anonymous-writes.ts: counts per address and per schema,
 * bytes per address, new instances per address, drafts per address and schema), written once over a store of window
 * events ({@link WindowStore}). The test fake keeps the events in memory ({@link MemoryWindowStore}, one backend
 * instance); the reference server in its database (`rate_limit_events`, shared by every instance on it, each key
 * locked for the check and the count). Both refuse with the domain's answers: 429, the code, and the seconds to wait.
 */
import { bytesRefusal, draftLimitRefusal, normalizeAddress, rateRefusal, resolveAnonymousWriteLimits } from '../domain/forms/anonymous-writes';
import type { AnonymousWriteLimits, RateWindow } from '../domain/limits';
import type { AnonymousWrites, NewInstancePlace } from './forms-ports';

/** One counted event of a window: its time (ms), its amount (1, or a body's bytes), the instance it started. */
export interface WindowEvent {
  id: string;
  at: number;
  amount: number;
  ref: string | null;
}

/** The events of the windows, read and counted while their keys are held ({@link WindowStore.locked}). */
export interface WindowEvents {
  /** The key's events newer than `since` (ms), oldest first; older ones may be removed. */
  live(key: string, since: number): Promise<WindowEvent[]>;
  /** Counts new events; answers their ids, in order. */
  add(events: readonly { key: string; at: number; amount: number }[]): Promise<string[]>;
  /** Of the instances `ids`, those that are still drafts (submitted and removed ones free their place). */
  drafts(ids: readonly string[]): Promise<ReadonlySet<string>>;
}

/** Where the events of the windows are kept. */
export interface WindowStore {
  /** Runs `work` holding `keys`, so that no other check and count of them runs meanwhile. */
  locked<T>(keys: readonly string[], work: (events: WindowEvents) => Promise<T>): Promise<T>;
  /** The event `id` of `key` started the instance `ref`. */
  setRef(key: string, id: string, ref: string): Promise<void>;
  /** Removes the event `id` of `key` (a place given back). */
  remove(key: string, id: string): Promise<void>;
}

const waitUntil = (at: number, window: RateWindow, now: number) => at + window.windowSeconds * 1000 - now;
const since = (now: number, window: RateWindow) => now - window.windowSeconds * 1000;

/** The bounds of anonymous writes over a {@link WindowStore}. The clock is milliseconds (`Date.now` by default). */
export class AnonymousWriteBounds {
  readonly limits: AnonymousWriteLimits;

  constructor(
    protected readonly store: WindowStore,
    limits: Partial<AnonymousWriteLimits> = {},
    protected readonly now: () => number = Date.now,
  ) {
    this.limits = resolveAnonymousWriteLimits(limits);
  }

  /** The bounds of one request's writes, from `address` with a body of `bytes` (the forms use cases' port). */
  forRequest(address: string, bytes: number): AnonymousWrites {
    return {
      write: (formSchemaId) => this.write(address, formSchemaId, bytes),
      beginNew: (formSchemaId, isDraft) => this.beginNew(address, formSchemaId, isDraft),
    };
  }

  /**
   * Counts one write of `bytes` by `address` into `formSchemaId`; 429 (nothing counted) when the address or the schema
   * is at its limit, or the address has written too many bytes lately.
   */
  async write(address: string, formSchemaId: string, bytes = 0): Promise<void> {
    const who = normalizeAddress(address);
    const keys = { address: `address:${who}`, schema: `schema:${formSchemaId.toLowerCase()}`, bytes: `bytes:${who}` };
    const { perAddress, perSchema, bytesPerAddress } = this.limits;
    await this.store.locked(Object.values(keys), async (events) => {
      const now = this.now();
      await refuseWhenFull(events, keys.address, perAddress, now, 'address-rate', 'from your address');
      await refuseWhenFull(events, keys.schema, perSchema, now, 'schema-rate', 'to this form');
      const volume = await events.live(keys.bytes, since(now, bytesPerAddress));
      const written = volume.reduce((sum, v) => sum + v.amount, 0);
      if (written > 0 && written + bytes > bytesPerAddress.max) {
        // Wait until enough of the window's bytes have aged out for this write to fit.
        let freed = 0;
        const fits = volume.find((v) => (freed += v.amount) >= written + bytes - bytesPerAddress.max) ?? volume[volume.length - 1];
        throw bytesRefusal(bytesPerAddress, waitUntil(fits?.at ?? now, bytesPerAddress, now));
      }
      await events.add([
        { key: keys.address, at: now, amount: 1 },
        { key: keys.schema, at: now, amount: 1 },
        { key: keys.bytes, at: now, amount: bytes },
      ]);
    });
  }

  /**
   * Before a new instance is stored: 429 when the address started too many lately, or, for a new draft, when it holds
   * the most drafts of the schema among the instances it started within the drafts window (a place still held by a
   * post in flight counts). Answers the place of the new instance.
   */
  async beginNew(address: string, formSchemaId: string, isDraft: boolean): Promise<NewInstancePlace> {
    const who = normalizeAddress(address);
    const newKey = `new:${who}`;
    const startKey = `start:${who}|${formSchemaId.toLowerCase()}`;
    const window = this.limits.draftsPerAddressAndSchema;
    const id = await this.store.locked([newKey, startKey], async (events) => {
      const now = this.now();
      await refuseWhenFull(events, newKey, this.limits.newInstancesPerAddress, now, 'new-instance-rate', 'from your address');
      const started = await events.live(startKey, since(now, window));
      const drafts = await events.drafts(started.flatMap((s) => (s.ref === null ? [] : [s.ref])));
      const held = started.filter((s) => s.ref === null || drafts.has(s.ref));
      if (isDraft && held.length >= window.max) throw draftLimitRefusal(held.length, window, waitUntil(held[0]?.at ?? now, window, now));
      const [, startId] = await events.add([
        { key: newKey, at: now, amount: 1 },
        { key: startKey, at: now, amount: 1 },
      ]);
      return startId as string;
    });
    return {
      commit: (formInstanceId) => this.store.setRef(startKey, id, formInstanceId.toLowerCase()),
      cancel: () => this.store.remove(startKey, id),
    };
  }
}

/** 429 when the key's window holds `max` events; the wait ends when the max-th newest of them ages out. */
async function refuseWhenFull(
  events: WindowEvents,
  key: string,
  window: RateWindow,
  now: number,
  code: 'address-rate' | 'schema-rate' | 'new-instance-rate',
  whose: string,
): Promise<void> {
  const live = await events.live(key, since(now, window));
  if (live.length < window.max) return;
  throw rateRefusal(code, window, whose, waitUntil(live[live.length - window.max]?.at ?? now, window, now));
}

/** Most keys the memory store remembers. */
const DEFAULT_MAX_KEYS = 10_000;

/**
 * The window events in memory, for one backend instance (a restart forgets them), bounded: at most `maxKeys` keys are
 * remembered, the least recently used forgotten first. `drafts` says which instances are still drafts.
 */
export class MemoryWindowStore implements WindowStore {
  private readonly keys = new Map<string, WindowEvent[]>();
  private next = 0;

  constructor(
    private readonly drafts: (ids: readonly string[]) => Promise<ReadonlySet<string>>,
    private readonly maxKeys = DEFAULT_MAX_KEYS,
  ) {}

  /** The fake runs one request at a time: the keys need no lock. */
  locked<T>(_keys: readonly string[], work: (events: WindowEvents) => Promise<T>): Promise<T> {
    return work({
      live: async (key, after) => {
        const live = (this.keys.get(key) ?? []).filter((e) => e.at > after);
        if (live.length === 0) this.keys.delete(key);
        else this.remember(key, live);
        return live;
      },
      add: async (events) =>
        events.map(({ key, at, amount }) => {
          const event = { id: String((this.next += 1)), at, amount, ref: null };
          this.remember(key, [...(this.keys.get(key) ?? []), event]);
          return event.id;
        }),
      drafts: this.drafts,
    });
  }

  async setRef(key: string, id: string, ref: string): Promise<void> {
    const event = this.keys.get(key)?.find((e) => e.id === id);
    if (event) event.ref = ref;
  }

  async remove(key: string, id: string): Promise<void> {
    const list = this.keys.get(key);
    if (list) this.keys.set(key, list.filter((e) => e.id !== id));
  }

  private remember(key: string, events: WindowEvent[]): void {
    // Re-inserted keys move to the end: the first keys are the ones least recently used, forgotten first.
    this.keys.delete(key);
    this.keys.set(key, events);
    for (const oldest of this.keys.keys()) {
      if (this.keys.size <= this.maxKeys) break;
      this.keys.delete(oldest);
    }
  }
}

/** The bounds of anonymous writes kept in memory (the test fake's): every instance counts as a draft unless `drafts` says otherwise. */
export class AnonymousWriteLimiter extends AnonymousWriteBounds {
  constructor(
    limits: Partial<AnonymousWriteLimits> = {},
    now: () => number = Date.now,
    maxKeys = DEFAULT_MAX_KEYS,
    drafts: (ids: readonly string[]) => Promise<ReadonlySet<string>> = async (ids) => new Set(ids),
  ) {
    super(new MemoryWindowStore(drafts, maxKeys), limits, now);
  }
}
