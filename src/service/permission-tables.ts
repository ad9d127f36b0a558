/**
 * The one storage port of the permission writes: the tables of users, user groups and claim groups with what each
 * holds (claim grants, links to claim groups, memberships), read by holders, removed by ids, and upserted. Each backend
 * implements these table operations once (the test fake over its arrays, src/testing/claims-model.ts; the reference
 * server over drizzle in the write's transaction, example-host/server/routes/assignments.ts); the stores each use case
 * reads and writes through ({@link permissionStores}) are made from it here, once for both.
 */
import type { BuiltInClaimGroupKey, ClaimGroupNode, GroupKind, HolderKind } from '../domain';
import { DEFAULT_PRIORITY_OF_PERMISSION } from '../contract/enums';
import { catalogueClaim } from '../domain';
import type { LinkWrite } from './claim-groups';
import type { GrantWrite } from './claims';
import type { HolderStore } from './holders';
import type { MemberWrite } from './members';
import { projectClaimGroups, projectUserGroups, type ClaimGroupRow, type ProjectionReads, type UserGroupRow } from './projections';
import type { PermissionStores } from './routes';

/** What a holder holds, one table per holder kind: its claim grants, its links to claim groups, its memberships. */
export type HeldRows = 'grants' | 'links' | 'memberships';

/** A group row: a user group's, or a claim group's (which says whether it is built in). */
export type AnyGroupRow = UserGroupRow | ClaimGroupRow;

/** The fields of a group row a write sets. */
export interface GroupFields {
  name?: string;
  builtInGroup?: boolean;
  isDeleted?: boolean;
}

/**
 * The table operations every permission write is made of; every method works inside the caller's transaction, and
 * every read of {@link ProjectionReads} sees live rows only.
 */
export interface PermissionTables extends HolderStore, ProjectionReads {
  /** The ids this backend gives the built-in claim groups it creates. */
  readonly builtInIds: Readonly<Record<BuiltInClaimGroupKey, string>>;
  /** The live holders of `kind` that hold the claim group through a live link, with their names. */
  holdersOfClaimGroup(kind: HolderKind, claimGroupId: string): Promise<ReadonlyMap<string, string>>;
  /** Every live claim group with its live sub-groups: what the nesting rule walks. */
  claimGroupGraph(): Promise<ReadonlyMap<string, Pick<ClaimGroupNode, 'subGroupIds'>>>;
  /** The rows of a group table, live and deleted: every row, or those of `ids` (in no particular order). */
  groupRows(kind: GroupKind, ids?: readonly string[]): Promise<readonly AnyGroupRow[]>;
  /** Removes the rows with these ids from the holder kind's table of `rows` (memberships: of user groups). */
  removeRows(rows: HeldRows, kind: HolderKind, ids: readonly string[]): Promise<void>;
  /** Stores each write as its holder's one live grant of its claim value: a new row, or the stored one overwritten, at `now`. */
  putGrants(kind: HolderKind, grants: readonly GrantWrite[], now: Date): Promise<void>;
  /** Stores each write as a live link (a new row, or a deleted one brought back) at `now`. */
  addLinks(kind: HolderKind, links: readonly LinkWrite[], now: Date): Promise<void>;
  /** Stores each write as a live membership (a new row, or a deleted one brought back) at `now`. */
  addMembers(members: readonly MemberWrite[], now: Date): Promise<void>;
  /** Stores a new live group (a claim group: built in or not) at `now`. */
  insertGroup(kind: GroupKind, row: { id: string; name: string; builtInGroup?: boolean }, now: Date): Promise<void>;
  /** Sets these fields of the group `id` at `now`. */
  updateGroup(kind: GroupKind, id: string, fields: GroupFields, now: Date): Promise<void>;
  /** Removes the group with what it holds and what holds it (memberships, grants, links to and from it). */
  removeGroup(kind: GroupKind, id: string): Promise<void>;
}

/** Each row of `rows` whose id is one of `ids`, in the order of `ids`. */
const inOrder = <T extends { id: string }>(rows: readonly T[], ids: readonly string[]): T[] => ids.flatMap((id) => rows.filter((r) => r.id === id));

/** The stores of the permission use cases (src/service/routes.ts), made once from a backend's {@link PermissionTables}. */
export function permissionStores(tables: PermissionTables): PermissionStores {
  const claimGroupsOf = async (ids: readonly string[], include: Parameters<typeof projectClaimGroups>[2]) =>
    projectClaimGroups(tables, inOrder(await tables.groupRows('claimGroup', ids), ids) as ClaimGroupRow[], include);
  const removal = (kind: GroupKind) => (id: string) => tables.removeGroup(kind, id);
  return {
    claims: { ...tables, removeGrants: (kind, ids) => tables.removeRows('grants', kind, ids) },
    claimGroups: { ...tables, removeLinks: (kind, ids) => tables.removeRows('links', kind, ids) },
    members: {
      ...tables,
      membersByGroup: (groupIds) => tables.membershipsByGroup(groupIds),
      removeMembers: (ids) => tables.removeRows('memberships', 'userGroup', ids),
    },
    userGroupRemoval: { ...tables, removeUserGroup: removal('userGroup') },
    claimGroupRemoval: { ...tables, removeClaimGroup: removal('claimGroup') },
    builtInClaimGroups: {
      ...tables,
      claimGroupRows: () => tables.groupRows('claimGroup') as Promise<readonly ClaimGroupRow[]>,
      async storeBuiltIns(steps, now) {
        for (const step of steps) {
          if (step.create) await tables.insertGroup('claimGroup', { id: step.id, name: step.definition.name, builtInGroup: true }, now);
          else if (step.update) await tables.updateGroup('claimGroup', step.id, { builtInGroup: true, isDeleted: false, ...step.update }, now);
        }
        const reset = steps.filter((step) => step.reset);
        const ids = reset.map((step) => step.id);
        const grants = [...(await tables.grantsByHolder('claimGroup', ids)).values()].flat();
        const links = [...(await tables.linksByHolder('claimGroup', ids)).values()].flat();
        await tables.removeRows('grants', 'claimGroup', grants.map((g) => g.id));
        await tables.removeRows('links', 'claimGroup', links.map((l) => l.id));
        const claim = (claimValue: number) => ({ claimValue, claimType: catalogueClaim(claimValue)?.claimType ?? 1, allow: true, priorityOfPermission: DEFAULT_PRIORITY_OF_PERMISSION });
        await tables.putGrants('claimGroup', reset.flatMap((step) => step.definition.claims.map((value) => ({ holderId: step.id, ...claim(value) }))), now);
        await tables.addLinks('claimGroup', reset.flatMap((step) => step.subGroupIds.map((claimGroupId) => ({ holderId: step.id, claimGroupId }))), now);
      },
      claimGroupsOf,
    },
    groups: {
      groupRows: (kind) => tables.groupRows(kind),
      insertGroup: (kind, id, name, now) => tables.insertGroup(kind, { id, name }, now),
      renameGroup: (kind, id, name, now) => tables.updateGroup(kind, id, { name }, now),
      userGroupOf: async (id, include) => (await projectUserGroups(tables, (await tables.groupRows('userGroup', [id])) as UserGroupRow[], include))[0]!,
      claimGroupOf: async (id, include) => (await claimGroupsOf([id], include))[0]!,
    },
  };
}
