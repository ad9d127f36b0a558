/**
 * Every administration write (groups, grants, links, memberships, user sync) runs through `write`,
 * in one transaction that first takes the transaction-scoped advisory locks its plan names — so
 * that writes of several requests (or several servers sharing one PostgreSQL database) that touch
 * the same things run one after the other, and unrelated writes do not wait for each other:
 *
 * - each changed holder (user, user group, claim group) is locked exclusively, each merely referenced
 *   one (a claim group or user being added) in shared mode, so a group cannot be deleted while it is
 *   being granted;
 * - the names of a table, while a name is checked for uniqueness;
 * - the claim-group nesting, while a new sub-group is checked for cycles;
 * - the administrator lock, for every change of access: exclusively when the change can take access
 *   away (then every holder's effective claims are checked by the domain's guards against a view no
 *   other access change can alter: the last administrator cannot be removed, built-in groups cannot be
 *   deleted or emptied), in shared mode for pure additions (which cannot take access away unless a
 *   deny of GlobalDataAdmin exists — found under the shared lock, the write starts again exclusively).
 *
 * Locks are taken in one global order (administrator, nesting, names, holders by key), so writes
 * cannot deadlock on them. A unique violation that slips through anyway answers 409. The effective-
 * claims cache is cleared only after a commit of a write that reported changed claims, and only for the users the
 * write reported (everyone when it did not say).
 */
import { sql } from 'drizzle-orm';
import { changeCanRemoveAccess, DomainError, type AccessModel } from '../../../src/domain';
import type { WriteScope } from '../../../src/service/routes';
import { bumpPermissionsVersion, globalAdminDenyExists, loadAccessModel } from '../claims-service';
import type { Db } from '../db/index';
import type { Services } from '../services';

/** The first key of every advisory lock of administration writes (the second names the lock). */
const LOCK_SPACE = { fixed: 774_410, holder: 774_411 } as const;
const FIXED_LOCKS = { admin: 1, nesting: 2, claimGroupNames: 3, userGroupNames: 4 } as const;

/** What a write changes and reads, so that it locks just that: the route table's scope of a write. */
export type WritePlan = WriteScope;

/** What a write's work receives. */
export interface WriteContext {
  tx: Db;
  /**
   * Reports that the write changed claims, grants, links or memberships: of these users only, or of anyone when no ids
   * are given. After the commit this instance forgets just their effective claims (every instance sees the new
   * permissions version).
   */
  claimsChanged(userIds?: Iterable<string>): void;
  /**
   * The stored access the use case's guards check a change against (the holders' store's `accessModel`): loaded under
   * the exclusive administrator lock; null under the shared one, where a pure addition cannot take access away unless
   * a deny of GlobalDataAdmin exists (then the write starts again exclusively).
   */
  accessModel(): Promise<AccessModel | null>;
}

/** One advisory lock: its two keys and whether it is shared. */
export interface AdvisoryLock {
  space: number;
  key: number;
  shared: boolean;
}

/** FNV-1a of a string as a signed 32-bit integer (the second key of a holder lock). */
function lockKeyOf(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i += 1) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

/**
 * The advisory locks of a plan, in the order they are taken; `adminMode` says how the administrator
 * lock is held (none when the plan changes no access). Exported for tests.
 */
export function locksOf(plan: WritePlan, adminMode: 'exclusive' | 'shared' | 'none'): AdvisoryLock[] {
  const fixed: AdvisoryLock[] = [];
  if (adminMode !== 'none') fixed.push({ space: LOCK_SPACE.fixed, key: FIXED_LOCKS.admin, shared: adminMode === 'shared' });
  if (plan.nesting) fixed.push({ space: LOCK_SPACE.fixed, key: FIXED_LOCKS.nesting, shared: false });
  if (plan.names) {
    const key = plan.names === 'claimGroup' ? FIXED_LOCKS.claimGroupNames : FIXED_LOCKS.userGroupNames;
    fixed.push({ space: LOCK_SPACE.fixed, key, shared: false });
  }
  const holders = new Map<number, boolean>(); // key → shared
  for (const id of plan.changes ?? []) holders.set(lockKeyOf(id.toLowerCase()), false);
  for (const id of plan.refersTo ?? []) {
    const key = lockKeyOf(id.toLowerCase());
    if (!holders.has(key)) holders.set(key, true);
  }
  const sorted = [...holders].sort(([a], [b]) => a - b).map(([key, shared]) => ({ space: LOCK_SPACE.holder, key, shared }));
  return [...fixed, ...sorted];
}

/** Thrown inside a shared-mode write that found a deny of GlobalDataAdmin: it starts again exclusively. */
class NeedsExclusiveAdminLock extends Error {}

function pgErrorCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

async function takeLocks(tx: Db, locks: readonly AdvisoryLock[]): Promise<void> {
  for (const lock of locks) {
    await (lock.shared
      ? tx.execute(sql`SELECT pg_advisory_xact_lock_shared(${lock.space}::int, ${lock.key}::int)`)
      : tx.execute(sql`SELECT pg_advisory_xact_lock(${lock.space}::int, ${lock.key}::int)`));
  }
}

/**
 * Runs `work` in a transaction holding the plan's locks (the use case in `work` guards its change of access over
 * `accessModel`). Clears the effective-claims cache after a commit in which `work` reported
 * changed claims.
 */
export async function write<T>(services: Services, plan: WritePlan, work: (w: WriteContext) => Promise<T>): Promise<T> {
  const access = plan.access;
  let adminMode: 'exclusive' | 'shared' | 'none' =
    plan.accessLock === 'exclusive' ? 'exclusive' : !access ? 'none' : changeCanRemoveAccess(access) ? 'exclusive' : 'shared';
  for (;;) {
    let changed = false;
    let everyone = false;
    const users = new Set<string>();
    let version: number | undefined;
    try {
      const result = await services.db.transaction(async (tx) => {
        const db = tx as unknown as Db;
        await takeLocks(db, locksOf(plan, adminMode));
        const value = await work({
          tx: db,
          claimsChanged: (userIds) => {
            changed = true;
            if (userIds === undefined) everyone = true;
            else for (const id of userIds) users.add(id);
          },
          accessModel: async () => {
            if (adminMode === 'exclusive') return loadAccessModel(db);
            if (adminMode === 'none') throw new Error('A change of access needs a plan that says so (access or accessLock).');
            if (await globalAdminDenyExists(db)) throw new NeedsExclusiveAdminLock();
            return null;
          },
        });
        // Counted in the same transaction: every other server instance sees the change once it commits.
        if (changed) version = await bumpPermissionsVersion(db);
        return value;
      });
      if (changed && everyone) services.claims.invalidateAll(version);
      else if (changed) services.claims.invalidateUsers(users, version);
      return result;
    } catch (error) {
      if (error instanceof NeedsExclusiveAdminLock) {
        adminMode = 'exclusive';
        continue;
      }
      if (pgErrorCode(error) === '23505') throw new DomainError(409, 'The change conflicts with an existing row.');
      throw error;
    }
  }
}
