/**
 * The bounds of anonymous writes on the reference server: the use case's rules (src/service/anonymous-writes.ts, with
 * the numbers of the configuration) over window events kept in the database, so that every server instance on one
 * database shares them (behind a load balancer an address has one budget, not one per instance) and a restart keeps
 * them. The fake runs the same rules over memory: the same codes, messages and `Retry-After`.
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
import type { AnonymousWriteLimits, RateWindow } from '../../../src/domain/limits';
import { AnonymousWriteBounds, type WindowEvents, type WindowStore } from '../../../src/service/anonymous-writes';
import type { ResolvedConfig } from '../config';
import type { Db } from '../db/index';

/** Rows of a raw query, whichever driver ran it. */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

/** The window events in `rate_limit_events`: each check and count is one transaction holding an advisory lock per key. */
export class SqlWindowStore implements WindowStore {
  constructor(private readonly db: Db) {}

  locked<T>(keys: readonly string[], work: (events: WindowEvents) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      // One statement, in one order: its target list takes the locks left to right (no two transactions wait on each other).
      const locks = [...new Set(keys)].sort().map((key) => sql`pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
      await tx.execute(sql`SELECT ${sql.join(locks, sql`, `)}`);
      return work({
        async live(key, after) {
          // One statement (one round trip while the keys are held): the expired rows go, the live ones are read (the
          // statement's snapshot still holds the removed rows, hence the read's own bound).
          const rows = rowsOf<{ id: string | number; at_ms: string | number; amount: string | number; ref: string | null }>(
            await tx.execute(sql`WITH expired AS (DELETE FROM rate_limit_events WHERE key = ${key} AND at_ms <= ${after})
SELECT id, at_ms, amount, ref FROM rate_limit_events WHERE key = ${key} AND at_ms > ${after} ORDER BY at_ms, id`),
          );
          return rows.map((r) => ({ id: String(r.id), at: Number(r.at_ms), amount: Number(r.amount), ref: r.ref }));
        },
        async add(events) {
          const values = events.map((e) => sql`(${e.key}, ${e.at}, ${e.amount})`);
          const rows = rowsOf<{ id: string | number }>(
            await tx.execute(sql`INSERT INTO rate_limit_events (key, at_ms, amount) VALUES ${sql.join(values, sql`, `)} RETURNING id`),
          );
          return rows.map((r) => String(r.id));
        },
        async drafts(ids) {
          if (ids.length === 0) return new Set();
          const rows = rowsOf<{ id: string }>(
            await tx.execute(sql`SELECT form_instance_id::text AS id FROM form_instances
  WHERE form_instance_id::text IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) AND status < ${FormInstanceStatus.Submitted}`),
          );
          return new Set(rows.map((r) => r.id.toLowerCase()));
        },
      });
    });
  }

  async setRef(_key: string, id: string, ref: string): Promise<void> {
    await this.db.execute(sql`UPDATE rate_limit_events SET ref = ${ref} WHERE id = ${id}`);
  }

  async remove(_key: string, id: string): Promise<void> {
    await this.db.execute(sql`DELETE FROM rate_limit_events WHERE id = ${id}`);
  }
}

/** The anonymous-write bounds of one server, in its database (the use case's rules over {@link SqlWindowStore}). */
export class SharedAnonymousWriteLimiter extends AnonymousWriteBounds {
  constructor(db: Db, limits: AnonymousWriteLimits, now: () => number = Date.now) {
    super(new SqlWindowStore(db), limits, now);
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
