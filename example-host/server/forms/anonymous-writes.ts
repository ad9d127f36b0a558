/**
 * The bounds of anonymous writes on the reference server: the domain's windows (src/domain/limits.ts,
 * `ANONYMOUS_WRITE_LIMITS`, with the numbers of the configuration) kept in the database, so that every server instance
 * on one database shares them (behind a load balancer an address has one budget, not one per instance) and a restart
 * keeps them. The refusals are the domain's (`AnonymousWriteLimiter`): 429 with the same codes, messages and
 * `Retry-After`.
 *
 * Each window is a log of events in `rate_limit_events` (one row per write, per body's bytes, per instance started),
 * checked and counted in one transaction that holds an advisory lock on each key it touches, so two instances
 * counting the same address at once see each other's writes. Rows older than their window are removed as the key is
 * next touched, and by the periodic purge (`purgeExpiredLimits`).
 */
import type { IncomingMessage } from 'node:http';
import { sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { FormInstanceStatus } from '../../../src/api/enums';
import { bytesRefusal, draftLimitRefusal, normalizeAddress, rateRefusal } from '../../../src/domain/forms/anonymous-writes';
import type { AnonymousWriteLimits, RateWindow } from '../../../src/domain/limits';
import type { ResolvedConfig } from '../config';
import type { Db, DbExecutor } from '../db/index';

/** A new instance's place, held from the check until it is stored (or given back). */
export interface SharedNewInstanceTicket {
  /** The instance was stored with this id: it now counts as one of the address's instances of the schema. */
  commit(formInstanceId: string): Promise<void>;
  /** The instance was not stored: its place is free again. */
  cancel(): Promise<void>;
}

/** Rows of a raw query, whichever driver ran it. */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

/** Holds a transaction-scoped advisory lock on each key, in one order (no two transactions wait on each other). */
async function lockKeys(tx: DbExecutor, keys: readonly string[]): Promise<void> {
  // One statement: its target list takes the locks left to right.
  const locks = [...new Set(keys)].sort().map((key) => sql`pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  await tx.execute(sql`SELECT ${sql.join(locks, sql`, `)}`);
}

/** The anonymous-write windows of one server, in its database. The clock is milliseconds (`Date.now` by default). */
export class SharedAnonymousWriteLimiter {
  constructor(
    private readonly db: Db,
    readonly limits: AnonymousWriteLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Counts one write of `bytes` by `address` into `formSchemaId`; 429 (nothing counted) when the address or the schema
   * is at its limit, or the address has written too many bytes lately.
   */
  async write(address: string, formSchemaId: string, bytes = 0): Promise<void> {
    const who = normalizeAddress(address);
    const addressKey = `address:${who}`;
    const schemaKey = `schema:${formSchemaId.toLowerCase()}`;
    const bytesKey = `bytes:${who}`;
    const { perAddress, perSchema, bytesPerAddress } = this.limits;
    await this.db.transaction(async (tx) => {
      await lockKeys(tx, [addressKey, schemaKey, bytesKey]);
      const now = this.now();
      const since = (w: RateWindow) => now - w.windowSeconds * 1000;
      await tx.execute(sql`DELETE FROM rate_limit_events WHERE (key = ${addressKey} AND at_ms <= ${since(perAddress)})
  OR (key = ${schemaKey} AND at_ms <= ${since(perSchema)}) OR (key = ${bytesKey} AND at_ms <= ${since(bytesPerAddress)})`);
      // In one statement: the max-th newest write of the address and of the schema (a full window has one; the wait
      // ends when it ages out), and the address's bytes within their window, oldest first.
      const rows = rowsOf<{ k: string; at_ms: string | number; amount: string | number; n: string | number }>(
        await tx.execute(sql`(SELECT 'address' AS k, at_ms, amount, 0 AS n FROM rate_limit_events WHERE key = ${addressKey}
    ORDER BY at_ms DESC, id DESC OFFSET ${perAddress.max - 1} LIMIT 1)
  UNION ALL (SELECT 'schema', at_ms, amount, 0 FROM rate_limit_events WHERE key = ${schemaKey}
    ORDER BY at_ms DESC, id DESC OFFSET ${perSchema.max - 1} LIMIT 1)
  UNION ALL (SELECT 'bytes', at_ms, amount, row_number() OVER (ORDER BY at_ms, id) FROM rate_limit_events WHERE key = ${bytesKey})`),
      );
      const full = (k: string) => rows.find((r) => r.k === k);
      const addressFull = full('address');
      if (addressFull) throw rateRefusal('address-rate', perAddress, 'from your address', Number(addressFull.at_ms) + perAddress.windowSeconds * 1000 - now);
      const schemaFull = full('schema');
      if (schemaFull) throw rateRefusal('schema-rate', perSchema, 'to this form', Number(schemaFull.at_ms) + perSchema.windowSeconds * 1000 - now);
      const volume = rows
        .filter((r) => r.k === 'bytes')
        .sort((a, b) => Number(a.n) - Number(b.n))
        .map((r) => ({ at: Number(r.at_ms), amount: Number(r.amount) }));
      const written = volume.reduce((sum, v) => sum + v.amount, 0);
      if (written > 0 && written + bytes > bytesPerAddress.max) {
        // Wait until enough of the window's bytes have aged out for this write to fit.
        let freed = 0;
        const fits = volume.find((v) => (freed += v.amount) >= written + bytes - bytesPerAddress.max) ?? volume[volume.length - 1];
        throw bytesRefusal(bytesPerAddress, (fits?.at ?? now) + bytesPerAddress.windowSeconds * 1000 - now);
      }
      await tx.execute(
        sql`INSERT INTO rate_limit_events (key, at_ms, amount) VALUES (${addressKey}, ${now}, 1), (${schemaKey}, ${now}, 1), (${bytesKey}, ${now}, ${bytes})`,
      );
    });
  }

  /**
   * Before a new instance is stored: 429 when the address started too many lately, or, for a new draft, when it holds
   * the most drafts of the schema among the instances it started within the drafts window (submitted and removed ones
   * free their place). Answers the ticket that holds the new instance's place.
   */
  async beginNew(address: string, formSchemaId: string, isDraft: boolean): Promise<SharedNewInstanceTicket> {
    const who = normalizeAddress(address);
    const newKey = `new:${who}`;
    const startKey = `start:${who}|${formSchemaId.toLowerCase()}`;
    const id = await this.db.transaction(async (tx) => {
      await lockKeys(tx, [newKey, startKey]);
      const now = this.now();
      await this.refuseWhenFull(tx, now, newKey, this.limits.newInstancesPerAddress, 'new-instance-rate', 'from your address');
      const window = this.limits.draftsPerAddressAndSchema;
      // Instances that are no longer drafts (submitted, removed) free their place.
      await tx.execute(sql`DELETE FROM rate_limit_events e WHERE e.key = ${startKey} AND e.ref IS NOT NULL AND NOT EXISTS (
  SELECT 1 FROM form_instances f WHERE f.form_instance_id::text = e.ref AND f.status < ${FormInstanceStatus.Submitted})`);
      const held = await this.live(tx, now, startKey, window);
      if (isDraft && held.length >= window.max) {
        throw draftLimitRefusal(held.length, window, (held[0]?.at ?? now) + window.windowSeconds * 1000 - now);
      }
      const inserted = await tx.execute(
        sql`INSERT INTO rate_limit_events (key, at_ms, amount) VALUES (${newKey}, ${now}, 1), (${startKey}, ${now}, 1) RETURNING id, key`,
      );
      const row = rowsOf<{ id: string | number; key: string }>(inserted).find((r) => r.key === startKey);
      return String(row?.id);
    });
    return {
      commit: async (formInstanceId) => {
        await this.db.execute(sql`UPDATE rate_limit_events SET ref = ${formInstanceId.toLowerCase()} WHERE id = ${id}`);
      },
      cancel: async () => {
        await this.db.execute(sql`DELETE FROM rate_limit_events WHERE id = ${id}`);
      },
    };
  }

  /** The key's events within the window, oldest first (older ones are removed). */
  private async live(tx: DbExecutor, now: number, key: string, window: RateWindow): Promise<{ at: number; amount: number }[]> {
    const since = now - window.windowSeconds * 1000;
    await tx.execute(sql`DELETE FROM rate_limit_events WHERE key = ${key} AND at_ms <= ${since}`);
    const rows = rowsOf<{ at_ms: string | number; amount: string | number }>(
      await tx.execute(sql`SELECT at_ms, amount FROM rate_limit_events WHERE key = ${key} ORDER BY at_ms, id`),
    );
    return rows.map((r) => ({ at: Number(r.at_ms), amount: Number(r.amount) }));
  }

  private async refuseWhenFull(
    tx: DbExecutor,
    now: number,
    key: string,
    window: RateWindow,
    code: 'address-rate' | 'schema-rate' | 'new-instance-rate',
    whose: string,
  ): Promise<void> {
    const since = now - window.windowSeconds * 1000;
    await tx.execute(sql`DELETE FROM rate_limit_events WHERE key = ${key} AND at_ms <= ${since}`);
    // The window is full when it holds `max` events; the wait ends when the max-th newest of them ages out.
    const rows = rowsOf<{ at_ms: string | number }>(
      await tx.execute(sql`SELECT at_ms FROM rate_limit_events WHERE key = ${key} ORDER BY at_ms DESC, id DESC OFFSET ${window.max - 1} LIMIT 1`),
    );
    const row = rows[0];
    if (!row) return;
    throw rateRefusal(code, window, whose, Number(row.at_ms) + window.windowSeconds * 1000 - now);
  }
}

/** The longest window of the limits, in milliseconds: events older than it count nowhere. */
function longestWindowMs(limits: AnonymousWriteLimits): number {
  return Math.max(...Object.values(limits).map((w: RateWindow) => w.windowSeconds)) * 1000;
}

/** Removes the events older than every window (keys nobody touches again); answers how many. */
export async function purgeExpiredLimits(db: Db, limits: AnonymousWriteLimits, now = Date.now()): Promise<number> {
  const result = await db.execute(sql`DELETE FROM rate_limit_events WHERE at_ms <= ${now - longestWindowMs(limits)}`);
  return Number((result as { affectedRows?: number; rowCount?: number }).affectedRows ?? (result as { rowCount?: number }).rowCount ?? 0);
}

const limiters = new WeakMap<ResolvedConfig, WeakMap<Db, SharedAnonymousWriteLimiter>>();

/** The limiter of a server (by its configuration and database), or null when the configuration turns the bounds off. */
export function anonymousWriteLimiter(config: ResolvedConfig, db: Db): SharedAnonymousWriteLimiter | null {
  if (config.anonymousWriteLimits === null) return null;
  let byDb = limiters.get(config);
  if (!byDb) {
    byDb = new WeakMap();
    limiters.set(config, byDb);
  }
  let limiter = byDb.get(db);
  if (!limiter) {
    limiter = new SharedAnonymousWriteLimiter(db, config.anonymousWriteLimits);
    byDb.set(db, limiter);
  }
  return limiter;
}

/**
 * The client address of a request: the socket's peer. Forwarding headers are not trusted (anybody can send them);
 * behind a reverse proxy every visitor shares the proxy's address, so raise the limits there or let the proxy limit.
 */
export function clientAddress(c: Context): string {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'unknown';
}
