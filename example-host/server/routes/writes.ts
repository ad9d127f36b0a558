/**
 * Every administration write (groups, grants, links, memberships, user sync) runs through `write`:
 *
 * - in one transaction that first takes a transaction-scoped advisory lock, so that writes of
 *   several requests (or several servers sharing one PostgreSQL database) run one after the other —
 *   the case-insensitive name checks and the claim group cycle check then see every committed change;
 * - a unique violation that slips through anyway answers 409;
 * - afterwards every cached effective-claims entry is dropped (`claims.invalidateAll()`), so the
 *   change shows in the next `GetMyClaims` of every user.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/index';
import type { Services } from '../services';
import { HttpError } from './http';

/** The advisory lock key of administration writes. */
const ADMIN_WRITE_LOCK_KEY = 774_410_002;

function pgErrorCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Runs `fn` in a locked transaction, then invalidates the claims cache. */
export async function write<T>(services: Services, fn: (tx: Db) => Promise<T>): Promise<T> {
  try {
    return await services.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${ADMIN_WRITE_LOCK_KEY})`);
      return fn(tx as unknown as Db);
    });
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw new HttpError(409, 'The change conflicts with an existing row.');
    throw error;
  } finally {
    services.claims.invalidateAll();
  }
}
