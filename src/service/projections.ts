/**
 * Users, user groups and claim groups as the contract shows them, with the collections their include flags ask for (a
 * collection not asked for is `null`, one asked for and empty is `[]`): one projection for both backends over a
 * {@link ProjectionReads} port, which reads each collection for many holders at once (the test fake from its tables,
 * the server with one query per collection).
 */
import type {
  ApplicationUser,
  ApplicationUserApplicationUserGroup,
  ApplicationUserGroup,
  ClaimGrant,
  ClaimGroup,
  ClaimGroupLink,
} from '../contract/types';
import type { ClaimGroupIncludeFlags, HolderKind, UserGroupIncludeFlags, UserIncludeFlags } from '../domain';

/** Rows by the id of the holder (or group) they belong to; an id without rows may be missing. */
export type RowsById<T> = ReadonlyMap<string, T[]>;

/** `rows` by the id `idOf` gives each, every id's rows in the order given: how a backend hands the reads their rows. */
export function rowsById<T>(rows: readonly T[], idOf: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const list = map.get(idOf(row));
    if (list) list.push(row);
    else map.set(idOf(row), [row]);
  }
  return map;
}

/** What the projections read; every read sees live rows only. */
export interface ProjectionReads {
  /** The claim grants of holders, each holder's by claim value. */
  grantsByHolder(kind: HolderKind, holderIds: readonly string[]): Promise<RowsById<ClaimGrant>>;
  /** The claim groups granted to holders (links with their `claimGroup`), by the group's name regardless of case, then id. */
  linksByHolder(kind: HolderKind, holderIds: readonly string[]): Promise<RowsById<ClaimGroupLink>>;
  /** Who holds each claim group (links without `claimGroup`), by claim group id, in the order they were granted. */
  holdersByClaimGroup(kind: 'user' | 'userGroup', claimGroupIds: readonly string[]): Promise<RowsById<ClaimGroupLink>>;
  /** The memberships of users (with their `applicationUserGroup`), by user id, by the group's name regardless of case. */
  membershipsByUser(userIds: readonly string[]): Promise<RowsById<ApplicationUserApplicationUserGroup>>;
  /** The memberships in user groups (with their `applicationUser`), by group id, by the user's name regardless of case. */
  membershipsByGroup(groupIds: readonly string[]): Promise<RowsById<ApplicationUserApplicationUserGroup>>;
}

/** A user as stored: without its collections. */
export type UserRow = Omit<ApplicationUser, 'claimEnumsInApplicationUsers' | 'claimGroupsInApplicationUsers' | 'applicationUserApplicationUserGroups'>;
/** A user group as stored: without its collections. */
export type UserGroupRow = Omit<ApplicationUserGroup, 'applicationUserApplicationUserGroups' | 'claimGroupsInApplicationUserGroups' | 'claimEnumsInApplicationUserGroups'>;
/** A claim group as stored: without its collections. */
export type ClaimGroupRow = Omit<ClaimGroup, 'claimEnumsInClaimGroups' | 'claimGroupsInClaimGroups' | 'claimGroupsInApplicationUsers' | 'claimGroupsInApplicationUserGroups'>;

/** The collection of each row when it was asked for (`[]` when it has none), else null. */
const collection = <T>(rows: RowsById<T> | null, id: string): T[] | null => (rows ? (rows.get(id) ?? []) : null);

/** Application users with the collections the flags ask for. */
export async function projectUsers(reads: ProjectionReads, rows: readonly UserRow[], include: UserIncludeFlags): Promise<ApplicationUser[]> {
  const ids = rows.map((r) => r.id);
  const grants = include.claims ? await reads.grantsByHolder('user', ids) : null;
  const links = include.claimGroups ? await reads.linksByHolder('user', ids) : null;
  const groups = include.userGroups ? await reads.membershipsByUser(ids) : null;
  return rows.map((row) => ({
    ...row,
    claimEnumsInApplicationUsers: collection(grants, row.id),
    claimGroupsInApplicationUsers: collection(links, row.id),
    applicationUserApplicationUserGroups: collection(groups, row.id),
  }));
}

/** Application user groups with the collections the flags ask for. */
export async function projectUserGroups(reads: ProjectionReads, rows: readonly UserGroupRow[], include: UserGroupIncludeFlags): Promise<ApplicationUserGroup[]> {
  const ids = rows.map((r) => r.id);
  const grants = include.claims ? await reads.grantsByHolder('userGroup', ids) : null;
  const links = include.claimGroups ? await reads.linksByHolder('userGroup', ids) : null;
  const users = include.users ? await reads.membershipsByGroup(ids) : null;
  return rows.map((row) => ({
    ...row,
    applicationUserApplicationUserGroups: collection(users, row.id),
    claimGroupsInApplicationUserGroups: collection(links, row.id),
    claimEnumsInApplicationUserGroups: collection(grants, row.id),
  }));
}

/**
 * Claim groups with the collections the flags ask for: `claimGroupsInClaimGroups` lists its sub-groups (`recordId` = the
 * sub-group, with `claimGroup`); `claimGroupsInApplicationUsers` / `…UserGroups` the users / user groups holding it.
 */
export async function projectClaimGroups(reads: ProjectionReads, rows: readonly ClaimGroupRow[], include: ClaimGroupIncludeFlags): Promise<ClaimGroup[]> {
  const ids = rows.map((r) => r.id);
  const grants = include.claims ? await reads.grantsByHolder('claimGroup', ids) : null;
  const subGroups = include.claimGroups ? await reads.linksByHolder('claimGroup', ids) : null;
  const users = include.users ? await reads.holdersByClaimGroup('user', ids) : null;
  const userGroups = include.userGroups ? await reads.holdersByClaimGroup('userGroup', ids) : null;
  return rows.map((row) => ({
    ...row,
    claimEnumsInClaimGroups: collection(grants, row.id),
    claimGroupsInClaimGroups: collection(subGroups, row.id),
    claimGroupsInApplicationUsers: collection(users, row.id),
    claimGroupsInApplicationUserGroups: collection(userGroups, row.id),
  }));
}
