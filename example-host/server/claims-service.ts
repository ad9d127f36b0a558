/**
 * Effective claims of application users (docs/decisions.md, Effective claims), loaded from the grant, link and membership
 * tables and computed with the domain's `computeEffectiveClaims`; cached per user until a committed
 * change of claims, made through this or any other server instance over the same database, clears the cache.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { Permission } from '../../src/api/enums';
import {
  accessModelFromRows,
  computeEffectiveClaims,
  isUuid,
  type AccessModel,
  type AccessRows,
  type ClaimGrantInput,
  type HolderKind,
  type ClaimGroupNode,
  type ClaimHolderGraph,
} from '../../src/domain';
import type { ClaimGraphStore } from '../../src/service/claim-graphs';
import type { Db } from './db/index';
import {
  applicationUserGroups,
  applicationUsers,
  claimGrantsClaimGroups,
  claimGrantsUserGroups,
  claimGrantsUsers,
  claimGroupLinksClaimGroups,
  claimGroupLinksUserGroups,
  claimGroups,
  memberships,
} from './db/schema';
import { HOLDERS } from './routes/holders';

const notDeleted = (table: { isDeleted: AnyPgColumn }) => eq(table.isDeleted, false);

const grantFields = (t: typeof claimGrantsUsers | typeof claimGrantsUserGroups | typeof claimGrantsClaimGroups) => ({
  holderId: t.holderId,
  claimValue: t.claimValue,
  allow: t.allow,
  priorityOfPermission: t.priorityOfPermission,
});

/**
 * The live claim groups reachable from `roots` through nested claim groups (roots included), with their grants, direct
 * sub-groups and names: one recursive query for the ids (UNION stops at cycles), then only those groups' rows — never
 * the whole graph, whatever its size.
 */
export async function loadReachableClaimGroups(db: Db, roots: readonly string[]): Promise<Map<string, ClaimGroupNode & { name: string }>> {
  const nodes = new Map<string, { grants: ClaimGroupNode['grants'][number][]; subGroupIds: string[]; name: string }>();
  if (roots.length === 0) return nodes;
  const result = await db.execute(sql`
    WITH RECURSIVE reach(id) AS (
      SELECT g.id FROM claim_groups g WHERE g.is_deleted = false AND g.id IN (${sql.join(
        [...new Set(roots)].map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      UNION
      SELECT l.claim_group_id FROM claim_group_links_claim_groups l
        JOIN reach r ON l.holder_id = r.id
        JOIN claim_groups g ON g.id = l.claim_group_id
      WHERE l.is_deleted = false AND g.is_deleted = false
    )
    SELECT id FROM reach`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { id: string }[];
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return nodes;
  const groups = await db.select({ id: claimGroups.id, name: claimGroups.name }).from(claimGroups).where(inArray(claimGroups.id, ids));
  for (const g of groups) nodes.set(g.id, { grants: [], subGroupIds: [], name: g.name });
  const grants = await db
    .select(grantFields(claimGrantsClaimGroups))
    .from(claimGrantsClaimGroups)
    .where(and(inArray(claimGrantsClaimGroups.holderId, ids), notDeleted(claimGrantsClaimGroups)));
  for (const g of grants) nodes.get(g.holderId)?.grants.push(g);
  const links = await db
    .select({ holderId: claimGroupLinksClaimGroups.holderId, claimGroupId: claimGroupLinksClaimGroups.claimGroupId })
    .from(claimGroupLinksClaimGroups)
    .where(and(inArray(claimGroupLinksClaimGroups.holderId, ids), notDeleted(claimGroupLinksClaimGroups)));
  for (const l of links) if (nodes.has(l.claimGroupId)) nodes.get(l.holderId)?.subGroupIds.push(l.claimGroupId);
  return nodes;
}

/** One row of {@link loadClaimGraph}'s single query. */
interface GraphRow {
  kind: 'user' | 'userGrant' | 'userLink' | 'group' | 'groupGrant' | 'groupLink' | 'claimGroup' | 'claimGroupGrant' | 'claimGroupLink';
  holder: string;
  name: string | null;
  ref: string | null;
  value: number | null;
  allow: boolean | null;
  priority: number | null;
}

/**
 * Loads what `computeEffectiveClaims` needs for one user — their grants, their groups' grants, and only the claim
 * groups they reach through nesting — in one round trip: the database function `claim_graph_of` (migration 0008),
 * whose plan PostgreSQL keeps, and whose every step is an index lookup (≤ 5 ms through 10 levels at
 * 10,000 users, where one planned-per-call query joining whole tables took 18 ms).
 */
export async function loadClaimGraph(db: Db, userId: string): Promise<ClaimHolderGraph> {
  const result = await db.execute(sql`SELECT kind, holder, name, ref, value, allow, priority FROM claim_graph_of(${userId}::uuid)`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as GraphRow[];
  const grant = (r: GraphRow): ClaimGrantInput => ({ claimValue: Number(r.value), allow: Boolean(r.allow), priorityOfPermission: Number(r.priority) });
  let userName = '';
  const userGrants: ClaimGrantInput[] = [];
  const userClaimGroupIds: string[] = [];
  const groups = new Map<string, { id: string; name: string; grants: ClaimGrantInput[]; claimGroupIds: string[] }>();
  const claimGroupNodes = new Map<string, { name: string; grants: ClaimGrantInput[]; subGroupIds: string[] }>();
  const group = (id: string) => {
    let g = groups.get(id);
    if (!g) groups.set(id, (g = { id, name: '', grants: [], claimGroupIds: [] }));
    return g;
  };
  const node = (id: string) => {
    let n = claimGroupNodes.get(id);
    if (!n) claimGroupNodes.set(id, (n = { name: '', grants: [], subGroupIds: [] }));
    return n;
  };
  for (const r of rows) {
    switch (r.kind) {
      case 'user':
        userName = r.name ?? '';
        break;
      case 'userGrant':
        userGrants.push(grant(r));
        break;
      case 'userLink':
        userClaimGroupIds.push(r.ref as string);
        break;
      case 'group':
        group(r.holder).name = r.name ?? '';
        break;
      case 'groupGrant':
        group(r.holder).grants.push(grant(r));
        break;
      case 'groupLink':
        group(r.holder).claimGroupIds.push(r.ref as string);
        break;
      case 'claimGroup':
        node(r.holder).name = r.name ?? '';
        break;
      case 'claimGroupGrant':
        node(r.holder).grants.push(grant(r));
        break;
      case 'claimGroupLink':
        node(r.holder).subGroupIds.push(r.ref as string);
        break;
    }
  }
  return {
    holder: { kind: 'user', id: userId, name: userName },
    userGrants,
    userClaimGroupIds,
    userGroups: [...groups.values()],
    claimGroups: claimGroupNodes,
  };
}

/**
 * The claim graphs' store (src/service/claim-graphs.ts) over the database: a user's graph in one round trip
 * ({@link loadClaimGraph}), the claim groups reached from some in one recursive query ({@link loadReachableClaimGroups}).
 */
export function drizzleClaimGraphStore(db: Db): ClaimGraphStore {
  return {
    async userGraph(userId) {
      if (!isUuid(userId)) return null;
      const [user] = await db
        .select({ isEnabled: applicationUsers.isEnabled, isDeleted: applicationUsers.isDeleted })
        .from(applicationUsers)
        .where(eq(applicationUsers.id, userId));
      return user && !user.isDeleted ? { ...(await loadClaimGraph(db, userId)), enabled: user.isEnabled } : null;
    },
    async userGroups(ids) {
      const groups = new Map<string, { name: string; grants: ClaimGrantInput[]; claimGroupIds: string[] }>();
      const asked = ids.filter(isUuid);
      if (asked.length === 0) return groups;
      const t = applicationUserGroups;
      for (const g of await db.select({ id: t.id, name: t.name }).from(t).where(and(inArray(t.id, asked), notDeleted(t)))) {
        groups.set(g.id, { name: g.name, grants: [], claimGroupIds: [] });
      }
      const found = [...groups.keys()];
      if (found.length === 0) return groups;
      const [g, l] = [claimGrantsUserGroups, claimGroupLinksUserGroups];
      for (const grant of await db.select(grantFields(g)).from(g).where(and(inArray(g.holderId, found), notDeleted(g)))) {
        groups.get(grant.holderId)?.grants.push(grant);
      }
      for (const link of await db.select({ holderId: l.holderId, claimGroupId: l.claimGroupId }).from(l).where(and(inArray(l.holderId, found), notDeleted(l)))) {
        groups.get(link.holderId)?.claimGroupIds.push(link.claimGroupId);
      }
      return groups;
    },
    reachableClaimGroups: (roots) => loadReachableClaimGroups(db, roots.filter(isUuid)),
  };
}

/** Reads the count of committed permission changes (table `permissions_version`, one row). */
export async function readPermissionsVersion(db: Db): Promise<number> {
  const result = await db.execute(sql`SELECT version FROM permissions_version WHERE id = 1`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { version: string | number }[];
  return Number(rows[0]?.version ?? 0);
}

/** Counts one committed permission change: call inside the transaction that made it. */
export async function bumpPermissionsVersion(tx: Db): Promise<number> {
  const result = await tx.execute(sql`UPDATE permissions_version SET version = version + 1 WHERE id = 1 RETURNING version`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { version: string | number }[];
  return Number(rows[0]?.version ?? 0);
}

/** Options of {@link ClaimsService}. */
export interface ClaimsServiceOptions {
  /**
   * How long a check of the database's permissions version stays good. Changes made through another server
   * instance take effect here within this time. Default 250 ms.
   */
  versionCheckIntervalMs?: number;
  /** The clock, for tests. */
  now?: () => number;
}

/**
 * Effective claims per user, cached until a permission change. Changes made through this instance clear the cache at
 * once; changes made through another instance over the same database are seen through the permissions version, read
 * at most once per `versionCheckIntervalMs` and shared by the requests meanwhile.
 */
export class ClaimsService {
  private readonly cache = new Map<string, ReadonlySet<number>>();
  private generation = 0;
  private seenVersion: number | null = null;
  private checkedAt = -Infinity;
  private checking: Promise<void> | null = null;
  private readonly interval: number;
  private readonly now: () => number;

  constructor(
    private readonly db: Db,
    options: ClaimsServiceOptions = {},
  ) {
    this.interval = options.versionCheckIntervalMs ?? 250;
    this.now = options.now ?? Date.now;
  }

  /** The user's effective claims (cached). */
  async effectiveClaims(userId: string): Promise<ReadonlySet<number>> {
    await this.syncVersion();
    const cached = this.cache.get(userId);
    if (cached) return cached;
    const generation = this.generation;
    const claims = computeEffectiveClaims(await loadClaimGraph(this.db, userId));
    // A change that happened while computing makes this result stale: do not keep it.
    if (generation === this.generation) this.cache.set(userId, claims);
    return claims;
  }

  /** Clears the cache when the database counts a permission change this instance has not seen. */
  private async syncVersion(): Promise<void> {
    if (this.now() - this.checkedAt < this.interval) return;
    this.checking ??= (async () => {
      try {
        const version = await readPermissionsVersion(this.db);
        this.checkedAt = this.now();
        if (this.seenVersion !== null && version !== this.seenVersion) this.clear();
        this.seenVersion = version;
      } finally {
        this.checking = null;
      }
    })();
    await this.checking;
  }

  private clear(): void {
    this.generation += 1;
    this.cache.clear();
  }

  /** Forgets one user's claims (`ClearUserClaimsCache`). */
  clearUser(userId: string): void {
    this.cache.delete(userId);
  }

  /**
   * Forgets every user's claims: call after a commit that changed claims, grants, links or memberships, with the
   * permissions version that commit wrote (so this instance does not clear again when it next reads it).
   */
  invalidateAll(version?: number): void {
    this.clear();
    if (version !== undefined) this.seenVersion = version;
  }

  /**
   * Forgets only these users' claims (a write changes the claims of the users it reaches, not of all
   * 10,000): call after a commit with the permissions version it wrote. Other instances, which learn of the change
   * from the version alone, still forget everyone. Results being computed meanwhile are not kept (they may predate
   * the commit), whoever they are for.
   */
  invalidateUsers(userIds: Iterable<string>, version?: number): void {
    this.generation += 1;
    for (const id of userIds) this.cache.delete(id);
    if (version !== undefined) this.seenVersion = version;
  }

  /** How many users are cached (for tests). */
  get size(): number {
    return this.cache.size;
  }
}

/**
 * The users whose effective claims depend on these holders (a write to them can change only those users' claims): a
 * user itself; a user group's members; for claim groups, every user holding one of them or a group that (transitively)
 * contains one, directly or through a user group. Deleted rows count too, so that it can be asked before or after a write.
 */
export async function usersReaching(db: Db, kind: 'user' | 'userGroup' | 'claimGroup', holderIds: readonly string[]): Promise<string[]> {
  if (holderIds.length === 0) return [];
  if (kind === 'user') return [...holderIds];
  const ids = sql.join(
    [...new Set(holderIds)].map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result =
    kind === 'userGroup'
      ? await db.execute(sql`SELECT DISTINCT application_user_id AS id FROM memberships WHERE application_user_group_id IN (${ids})`)
      : await db.execute(sql`
          WITH RECURSIVE up(id) AS (
            SELECT g.id FROM claim_groups g WHERE g.id IN (${ids})
            UNION
            SELECT l.holder_id FROM claim_group_links_claim_groups l JOIN up ON l.claim_group_id = up.id
          )
          SELECT holder_id AS id FROM claim_group_links_users WHERE claim_group_id IN (SELECT id FROM up)
          UNION
          SELECT m.application_user_id FROM memberships m
            JOIN claim_group_links_user_groups l ON l.holder_id = m.application_user_group_id
          WHERE l.claim_group_id IN (SELECT id FROM up)`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { id: string }[];
  return rows.map((r) => r.id);
}

/** Every live user, user group and claim group with what they hold: what the domain's access guards check. */
export async function loadAccessModel(db: Db): Promise<AccessModel> {
  const live = { grants: [] as AccessRows['grants'][number][], links: [] as AccessRows['links'][number][] };
  for (const [holderKind, { grants, links }] of Object.entries(HOLDERS) as [HolderKind, (typeof HOLDERS)[HolderKind]][]) {
    for (const g of await db.select(grantFields(grants)).from(grants).where(notDeleted(grants))) live.grants.push({ holderKind, ...g });
    const linkRows = await db.select({ holderId: links.holderId, claimGroupId: links.claimGroupId }).from(links).where(notDeleted(links));
    for (const l of linkRows) live.links.push({ holderKind, ...l });
  }
  return accessModelFromRows({
    users: await db.select({ id: applicationUsers.id, enabled: applicationUsers.isEnabled }).from(applicationUsers).where(notDeleted(applicationUsers)),
    userGroupIds: (await db.select({ id: applicationUserGroups.id }).from(applicationUserGroups).where(notDeleted(applicationUserGroups))).map((g) => g.id),
    claimGroups: await db.select({ id: claimGroups.id, name: claimGroups.name, builtIn: claimGroups.builtInGroup }).from(claimGroups).where(notDeleted(claimGroups)),
    ...live,
    memberships: await db
      .select({ userId: memberships.applicationUserId, userGroupId: memberships.applicationUserGroupId })
      .from(memberships)
      .where(notDeleted(memberships)),
  });
}

/** Whether any live grant denies GlobalDataAdmin (then adding a group or member can take it away). */
export async function globalAdminDenyExists(db: Db): Promise<boolean> {
  for (const t of [claimGrantsUsers, claimGrantsUserGroups, claimGrantsClaimGroups] as const) {
    const [row] = await db
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.claimValue, Permission.GlobalDataAdmin), eq(t.allow, false), notDeleted(t)))
      .limit(1);
    if (row) return true;
  }
  return false;
}
