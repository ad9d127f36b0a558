/**
 * Users, user groups and claim groups as the contract shows them, with the collections their include
 * flags ask for (a collection not asked for is `null`), and the paging of the `…Paged` calls.
 *
 * Lists are ordered by name (case-insensitively), then id; grants by claim value; links by the name
 * of the granted claim group; memberships by the name of the user or group they lead to.
 */
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type {
  ApplicationUser,
  ApplicationUserApplicationUserGroup,
  ApplicationUserGroup,
  ClaimGrant,
  ClaimGroup,
  ClaimGroupLink,
} from '../../../src/api/types';
import {
  likePatternsOf,
  pageWindow,
  readPaging,
  toPaged,
  type ClaimGroupIncludeFlags,
  type NameSearch,
  type Paging,
  type UserGroupIncludeFlags,
  type UserIncludeFlags,
} from '../../../src/domain';
import type { Db } from '../db/index';
import { applicationUserGroups, applicationUsers, claimGroups, memberships } from '../db/schema';
import {
  projectClaimGroups as projectClaimGroupRows,
  projectUserGroups as projectUserGroupRows,
  projectUsers as projectUserRows,
  rowsById,
  type ProjectionReads,
} from '../../../src/service/projections';
import {
  toClaimGrant,
  toClaimGroup,
  toClaimGroupLink,
  toMembership,
  toUser,
  toUserGroup,
  type ClaimGroupRow,
  type UserGroupRow,
  type UserRow,
} from './dto';
import { chunked, HOLDERS, type HolderKind } from './holders';

export type { ClaimGroupIncludeFlags, UserGroupIncludeFlags, UserIncludeFlags };

async function inChunks<T>(ids: readonly string[], load: (part: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (const part of chunked(ids)) out.push(...(await load(part)));
  return out;
}

/** The live claim grants of holders, by holder id, ordered by claim value. */
export async function grantsByHolder(db: Db, kind: HolderKind, holderIds: readonly string[]) {
  const g = HOLDERS[kind].grants;
  const rows = await inChunks(holderIds, (part) =>
    db
      .select()
      .from(g)
      .where(and(inArray(g.holderId, part), eq(g.isDeleted, false)))
      .orderBy(asc(g.holderId), asc(g.claimValue)),
  );
  return rowsById(rows.map(toClaimGrant), (r) => r.recordId);
}

/** The live claim grants of holders, in holder order, each holder's by claim value. */
export async function grantsOf(db: Db, kind: HolderKind, holderIds: readonly string[]): Promise<ClaimGrant[]> {
  const byHolder = await grantsByHolder(db, kind, holderIds);
  return holderIds.flatMap((id) => byHolder.get(id) ?? []);
}

/** The claim groups granted to holders (links with their `claimGroup`), by holder id. */
export async function linksByHolder(db: Db, kind: HolderKind, holderIds: readonly string[]) {
  const l = HOLDERS[kind].links;
  const rows = await inChunks(holderIds, (part) =>
    db
      .select({ link: l, group: claimGroups })
      .from(l)
      .innerJoin(claimGroups, eq(claimGroups.id, l.claimGroupId))
      .where(and(inArray(l.holderId, part), eq(l.isDeleted, false), eq(claimGroups.isDeleted, false)))
      .orderBy(asc(l.holderId), sql`lower(${claimGroups.name})`, asc(claimGroups.id)),
  );
  return rowsById(
    rows.map((r) => toClaimGroupLink(r.link, toClaimGroup(r.group))),
    (r) => r.holderId,
  );
}

/** The claim groups granted to holders, in holder order. */
export async function linksOf(db: Db, kind: HolderKind, holderIds: readonly string[]): Promise<ClaimGroupLink[]> {
  const byHolder = await linksByHolder(db, kind, holderIds);
  return holderIds.flatMap((id) => byHolder.get(id) ?? []);
}

/** Who holds the given claim groups (users or user groups), by claim group id; `claimGroup` is null. */
async function holdersByClaimGroup(db: Db, kind: 'user' | 'userGroup', groupIds: readonly string[]) {
  const l = HOLDERS[kind].links;
  const rows = await inChunks(groupIds, (part) =>
    db
      .select()
      .from(l)
      .where(and(inArray(l.claimGroupId, part), eq(l.isDeleted, false)))
      .orderBy(asc(l.createdDateTime), asc(l.id)),
  );
  return rowsById(
    rows.map((r) => toClaimGroupLink(r)),
    (r) => r.recordId,
  );
}

/** Memberships of users (with their `applicationUserGroup`), by user id. */
async function membershipsByUser(db: Db, userIds: readonly string[]) {
  const rows = await inChunks(userIds, (part) =>
    db
      .select({ m: memberships, g: applicationUserGroups })
      .from(memberships)
      .innerJoin(applicationUserGroups, eq(applicationUserGroups.id, memberships.applicationUserGroupId))
      .where(
        and(
          inArray(memberships.applicationUserId, part),
          eq(memberships.isDeleted, false),
          eq(applicationUserGroups.isDeleted, false),
        ),
      )
      .orderBy(sql`lower(${applicationUserGroups.name})`, asc(applicationUserGroups.id)),
  );
  return rowsById(
    rows.map((r) => toMembership(r.m, { applicationUserGroup: toUserGroup(r.g) })),
    (m) => m.applicationUserId,
  );
}

/** Memberships in user groups (with their `applicationUser`), by group id. */
export async function membershipsByGroup(db: Db, groupIds: readonly string[]) {
  const rows = await inChunks(groupIds, (part) =>
    db
      .select({ m: memberships, u: applicationUsers })
      .from(memberships)
      .innerJoin(applicationUsers, eq(applicationUsers.id, memberships.applicationUserId))
      .where(
        and(
          inArray(memberships.applicationUserGroupId, part),
          eq(memberships.isDeleted, false),
          eq(applicationUsers.isDeleted, false),
        ),
      )
      .orderBy(sql`lower(${applicationUsers.name})`, asc(applicationUsers.id)),
  );
  return rowsById(
    rows.map((r): ApplicationUserApplicationUserGroup => toMembership(r.m, { applicationUser: toUser(r.u) })),
    (m) => m.applicationUserGroupId,
  );
}

/** The projections' reads (src/service/projections.ts) over the server's database. */
export const drizzleProjectionReads = (db: Db): ProjectionReads => ({
  grantsByHolder: (kind, ids) => grantsByHolder(db, kind, ids),
  linksByHolder: (kind, ids) => linksByHolder(db, kind, ids),
  holdersByClaimGroup: (kind, ids) => holdersByClaimGroup(db, kind, ids),
  membershipsByUser: (ids) => membershipsByUser(db, ids),
  membershipsByGroup: (ids) => membershipsByGroup(db, ids),
});

/** Claim groups with the collections the flags ask for. */
export const projectClaimGroups = (db: Db, rows: readonly ClaimGroupRow[], include: ClaimGroupIncludeFlags): Promise<ClaimGroup[]> =>
  projectClaimGroupRows(drizzleProjectionReads(db), rows.map(toClaimGroup), include);

/** Application users with the collections the flags ask for. */
export const projectUsers = (db: Db, rows: readonly UserRow[], include: UserIncludeFlags): Promise<ApplicationUser[]> =>
  projectUserRows(drizzleProjectionReads(db), rows.map(toUser), include);

/** Application user groups with the collections the flags ask for. */
export const projectUserGroups = (db: Db, rows: readonly UserGroupRow[], include: UserGroupIncludeFlags): Promise<ApplicationUserGroup[]> =>
  projectUserGroupRows(drizzleProjectionReads(db), rows.map(toUserGroup), include);

// ---------------------------------------------------------------- listing and paging

export { readPaging, toPaged, type Paging };

type Listable = typeof claimGroups | typeof applicationUsers | typeof applicationUserGroups;

/** What a list keeps besides live rows: a name search, and (claim groups) the sub-group candidates of a group. */
export interface ListFilter {
  search?: NameSearch | null;
  /** Claim groups only: keep the groups that may become sub-groups of this one (not it, nor any group containing it). */
  subGroupCandidatesOf?: string | null;
}

/**
 * The domain's name search (src/domain/name-search.ts) as SQL: the id equals the search, or the stored `lower(name)`
 * contains every word of it (`name_folded`, migration 0009, served by its trigram index where pg_trgm is available).
 */
function searchCondition(t: typeof claimGroups, search: NameSearch): SQL {
  const patterns = likePatternsOf(search);
  const byName = patterns.length ? sql`(${sql.join(patterns.map((p) => sql`${t.nameFolded} LIKE ${p} ESCAPE '\\'`), sql` AND `)})` : sql`TRUE`;
  return search.id === null ? byName : sql`(${t.id} = ${search.id}::uuid OR ${byName})`;
}

/** Not the group itself nor any live group that (transitively) contains it: `wouldCreateCycle` as one recursive query. */
function subGroupCandidateCondition(t: typeof claimGroups, groupId: string): SQL {
  return sql`${t.id} NOT IN (
    WITH RECURSIVE up(id) AS (
      SELECT ${groupId}::uuid
      UNION
      SELECT l.holder_id FROM claim_group_links_claim_groups l
        JOIN up ON l.claim_group_id = up.id
        JOIN claim_groups p ON p.id = l.holder_id
      WHERE NOT l.is_deleted AND NOT p.is_deleted
    )
    SELECT id FROM up)`;
}

/** The live rows of a table ordered by name, all of them or one page, with the total count, narrowed by `filter`. */
export async function listLive<T extends Listable>(
  db: Db,
  table: T,
  paging: Paging | null,
  filter: ListFilter = {},
): Promise<{ rows: T['$inferSelect'][]; total: number }> {
  const t = table as typeof claimGroups;
  const conditions: SQL[] = [eq(t.isDeleted, false)];
  if (filter.search) conditions.push(searchCondition(t, filter.search));
  if (filter.subGroupCandidatesOf) conditions.push(subGroupCandidateCondition(t, filter.subGroupCandidatesOf));
  const where = and(...conditions);
  const query = db
    .select()
    .from(t)
    .where(where)
    .orderBy(asc(t.nameFolded), asc(t.name), asc(t.id));
  const window = paging && pageWindow(paging);
  const rows = window ? await query.limit(window.limit).offset(window.offset) : await query;
  // A page that is not full (and not past the end) says the total itself: no second scan to count (a picker's search
  // usually fits in one page after a few keystrokes).
  if (!window || (rows.length < window.limit && (rows.length > 0 || window.offset === 0))) {
    return { rows: rows as T['$inferSelect'][], total: (window?.offset ?? 0) + rows.length };
  }
  const [counted] = await db.select({ n: count() }).from(t).where(where);
  return { rows: rows as T['$inferSelect'][], total: counted?.n ?? 0 };
}
