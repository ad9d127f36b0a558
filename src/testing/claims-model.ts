/**
 * The claims side of the fake: projections of users, user groups and claim groups with their
 * include flags, effective claims, and the add / remove / update change requests.
 */
import type {
  ApplicationUserApplicationUserGroup,
  ApplicationUserGroup,
  ClaimGrant,
  ClaimGroup,
  ClaimGroupLink,
} from '../api/types';
import { DEFAULT_PRIORITY_OF_PERMISSION } from '../api/enums';
import {
  catalogueClaim,
  compareByName,
  computeEffectiveClaims,
  matchesNameSearch,
  reachableClaimGroups,
  type NameSearch,
  type HistoryEntry,
  accessModelFromRows,
  type AccessModel,
  type ClaimGrantInput,
  type ClaimGroupNode,
  type ClaimHolderGraph,
  type GroupKind,
} from '../domain';
import type {
  FakeDb,
  HolderKind,
  StoredClaimGrant,
  StoredClaimGroup,
  StoredClaimGroupLink,
  StoredMembership,
  StoredUserGroup,
} from './db';
import type { BuiltInClaimGroupsStore, ClaimGroupRemovalStore, ClaimGroupsStore } from '../service/claim-groups';
import type { ClaimsStore } from '../service/claims';
import type { GroupsStore } from '../service/groups';
import type { HolderStore } from '../service/holders';
import type { MembersStore } from '../service/members';
import type { ClaimGraphStore } from '../service/claim-graphs';
import type { Ids } from '../service/ports';
import { projectClaimGroups, projectUserGroups, type ProjectionReads } from '../service/projections';
import type { PermissionStores } from '../service/routes';
import type { UserGroupRemovalStore } from '../service/user-groups';
import { seedIds } from './seed-ids';

/** What a mutation needs from the backend: the time, new ids, and who makes it (for the change history). */
export interface MutationContext {
  now(): Date;
  newId(): string;
  /** The caller, as the change history names them (null or absent: the system). */
  actor?: HistoryEntry['actor'];
}

const live = <T extends { isDeleted: boolean }>(row: T): boolean => !row.isDeleted;

// ---------------------------------------------------------------- lookups

/** A holder row by kind and id. */
export function findHolder(db: FakeDb, kind: HolderKind, id: string): { id: string; name: string } | undefined {
  const table: readonly { id: string; name: string; isDeleted: boolean }[] =
    kind === 'user' ? db.applicationUsers : kind === 'userGroup' ? db.applicationUserGroups : db.claimGroups;
  return table.find((row) => row.id === id && live(row));
}


/**
 * The live grants and links of every holder, indexed by kind and holder id in one pass over the tables: what the bulk
 * reads below use, so that they stay linear at 10,000 users instead of scanning the tables per holder.
 */
function holderIndex(db: FakeDb) {
  const grants = new Map<string, ClaimGrantInput[]>();
  const links = new Map<string, string[]>();
  const key = (kind: HolderKind, id: string) => `${kind}:${id}`;
  for (const g of db.claimGrants) {
    if (!live(g)) continue;
    const k = key(g.holderKind, g.recordId);
    const list = grants.get(k) ?? [];
    list.push({ claimValue: g.claimValue, allow: g.allow, priorityOfPermission: g.priorityOfPermission });
    grants.set(k, list);
  }
  for (const l of db.claimGroupLinks) {
    if (!live(l)) continue;
    const k = key(l.holderKind, l.holderId);
    const list = links.get(k) ?? [];
    list.push(l.recordId);
    links.set(k, list);
  }
  return {
    grantsOf: (kind: HolderKind, id: string): ClaimGrantInput[] => grants.get(key(kind, id)) ?? [],
    linksOf: (kind: HolderKind, id: string): string[] => links.get(key(kind, id)) ?? [],
  };
}

/** The claim graph of the database: each live claim group's grants and direct sub-groups. */
export function claimGroupGraph(db: FakeDb): Map<string, ClaimGroupNode> {
  const index = holderIndex(db);
  const graph = new Map<string, ClaimGroupNode>();
  for (const group of db.claimGroups.filter(live)) {
    graph.set(group.id, {
      name: group.name,
      grants: index.grantsOf('claimGroup', group.id),
      subGroupIds: index.linksOf('claimGroup', group.id),
    });
  }
  return graph;
}

function grantRows(db: FakeDb, kind: HolderKind, id: string): StoredClaimGrant[] {
  return db.claimGrants.filter((g) => live(g) && g.holderKind === kind && g.recordId === id);
}

function linkRows(db: FakeDb, kind: HolderKind, holderId: string): StoredClaimGroupLink[] {
  return db.claimGroupLinks.filter((l) => live(l) && l.holderKind === kind && l.holderId === holderId);
}

/** What the shared computation needs for one user (names included, for explanations); every claim group stands in it. */
function claimGraphOfUser(db: FakeDb, userId: string): ClaimHolderGraph {
  const user = db.applicationUsers.find((u) => u.id === userId);
  const index = holderIndex(db);
  const groups = db.memberships
    .filter((m) => live(m) && m.applicationUserId === userId)
    .map((m) => findHolder(db, 'userGroup', m.applicationUserGroupId))
    .filter((g): g is { id: string; name: string } => g !== undefined);
  return {
    holder: { kind: 'user', id: userId, name: user?.name ?? '' },
    userGrants: index.grantsOf('user', userId),
    userClaimGroupIds: index.linksOf('user', userId),
    userGroups: groups.map((g) => ({ id: g.id, name: g.name, grants: index.grantsOf('userGroup', g.id), claimGroupIds: index.linksOf('userGroup', g.id) })),
    claimGroups: claimGroupGraph(db),
  };
}

/** The claim graphs' store (src/service/claim-graphs.ts) over the in-memory db. */
export function memoryClaimGraphStore(db: FakeDb): ClaimGraphStore {
  return {
    async userGraph(userId) {
      const user = db.applicationUsers.find((u) => u.id === userId && live(u));
      return user ? { ...claimGraphOfUser(db, userId), enabled: user.isEnabled } : null;
    },
    async userGroups(ids) {
      const index = holderIndex(db);
      return new Map(ids.flatMap((id) => {
        const group = findHolder(db, 'userGroup', id);
        return group ? [[id, { name: group.name, grants: index.grantsOf('userGroup', id), claimGroupIds: index.linksOf('userGroup', id) }] as const] : [];
      }));
    },
    async reachableClaimGroups(roots) {
      const graph = claimGroupGraph(db);
      return new Map([...reachableClaimGroups(roots, graph)].flatMap((id) => [[id, graph.get(id) as ClaimGroupNode] as const]));
    },
  };
}

/** The effective claims of a user (docs/decisions.md, Effective claims), computed with the shared `computeEffectiveClaims`. */
export function effectiveClaimsOf(db: FakeDb, userId: string): Set<number> {
  return computeEffectiveClaims(claimGraphOfUser(db, userId));
}

// ---------------------------------------------------------------- projections

/** A claim grant row as the API shows it. */
export function toClaimGrant(row: StoredClaimGrant): ClaimGrant {
  const { holderKind: _kind, ...grant } = row;
  return { ...grant };
}

function toLink(db: FakeDb, row: StoredClaimGroupLink, withGroup: boolean): ClaimGroupLink {
  const { holderKind: _kind, ...link } = row;
  const group = withGroup ? db.claimGroups.find((g) => g.id === row.recordId) : undefined;
  // Nested entities travel slim: the row's own fields, no collections.
  return { ...link, claimGroup: group ? { ...group } : null };
}

function sortGrants(grants: ClaimGrant[]): ClaimGrant[] {
  return grants.sort((a, b) => a.recordId.localeCompare(b.recordId) || a.claimValue - b.claimValue);
}

function grantsOf(db: FakeDb, kind: HolderKind, id: string): ClaimGrant[] {
  return sortGrants(grantRows(db, kind, id).map(toClaimGrant));
}

/** The claim groups granted to a holder, ordered by the granted group's name (regardless of case), then id. */
function linksOf(db: FakeDb, kind: HolderKind, holderId: string): ClaimGroupLink[] {
  const nameOf = (l: StoredClaimGroupLink) => findHolder(db, 'claimGroup', l.recordId)?.name.toLowerCase();
  return linkRows(db, kind, holderId)
    .filter((l) => nameOf(l) !== undefined)
    .sort((a, b) => (nameOf(a) ?? '').localeCompare(nameOf(b) ?? '') || a.recordId.localeCompare(b.recordId))
    .map((l) => toLink(db, l, true));
}

/** A membership as the contract shows it, with the user or the group it leads to (the other one null). */
function membershipOut(db: FakeDb, m: StoredMembership, nav: 'user' | 'group'): ApplicationUserApplicationUserGroup {
  const user = nav === 'user' ? db.applicationUsers.find((u) => u.id === m.applicationUserId) : undefined;
  const group = nav === 'group' ? db.applicationUserGroups.find((g) => g.id === m.applicationUserGroupId) : undefined;
  // Nested entities travel slim: the row's own fields, no collections.
  return { ...m, applicationUser: user ? { ...user } : null, applicationUserGroup: group ? { ...group } : null };
}

/** The live memberships whose user (`nav` 'user') or group ('group') is live, by the name of that one regardless of case, then id. */
function membershipsBy(db: FakeDb, ids: readonly string[], nav: 'user' | 'group') {
  const other = (m: StoredMembership) => (nav === 'user' ? findHolder(db, 'user', m.applicationUserId) : findHolder(db, 'userGroup', m.applicationUserGroupId));
  const owner = (m: StoredMembership) => (nav === 'user' ? m.applicationUserGroupId : m.applicationUserId);
  const byName = (a: StoredMembership, b: StoredMembership) => {
    const [x, y] = [other(a), other(b)];
    return (x?.name.toLowerCase() ?? '').localeCompare(y?.name.toLowerCase() ?? '') || (x?.id ?? '').localeCompare(y?.id ?? '');
  };
  const wanted = new Set(ids);
  const rows = db.memberships.filter((m) => live(m) && wanted.has(owner(m)) && other(m) !== undefined).sort(byName);
  return byId(rows.map((m) => membershipOut(db, m, nav)), (m) => (nav === 'user' ? m.applicationUserGroupId : m.applicationUserId));
}

function byId<T>(rows: readonly T[], idOf: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) map.set(idOf(row), [...(map.get(idOf(row)) ?? []), row]);
  return map;
}

/** The projections' reads (src/service/projections.ts) over the in-memory db. */
export function memoryProjectionReads(db: FakeDb): ProjectionReads {
  const each = <T>(ids: readonly string[], rowsOf: (id: string) => T[]) => new Map(ids.map((id) => [id, rowsOf(id)]));
  return {
    grantsByHolder: async (kind, ids) => each(ids, (id) => grantsOf(db, kind, id)),
    linksByHolder: async (kind, ids) => each(ids, (id) => linksOf(db, kind, id)),
    holdersByClaimGroup: async (kind, ids) =>
      each(ids, (id) => db.claimGroupLinks.filter((l) => live(l) && l.holderKind === kind && l.recordId === id).map((l) => toLink(db, l, false))),
    membershipsByUser: async (ids) => membershipsBy(db, ids, 'group'),
    membershipsByGroup: async (ids) => membershipsBy(db, ids, 'user'),
  };
}

/**
 * Live users, user groups or claim groups matching `search` (all of them when null), in the domain's name order
 * (src/domain/name-search.ts, as the server's SQL orders them).
 */
export function sortedLive<T extends { id: string; name: string; isDeleted: boolean }>(
  rows: readonly T[],
  search: NameSearch | null = null,
): T[] {
  return rows.filter((r) => live(r) && matchesNameSearch(r, search)).sort(compareByName);
}

// ---------------------------------------------------------------- the use cases' stores (src/service) and the change history

/** What every permission change's store (src/service/holders.ts) reads and writes, over the in-memory db. */
function memoryHolderStore(db: FakeDb): HolderStore {
  return {
    holderNames: async (kind, holderIds) =>
      new Map(holderIds.flatMap((id) => {
        const holder = findHolder(db, kind, id);
        return holder ? [[id, holder.name] as const] : [];
      })),
    // The fake keeps no effective claims between requests: each request computes them afresh.
    claimsChanged: async () => undefined,
    recordHistory: async (entries) => {
      db.permissionHistory.push(...entries);
    },
    // Built whole: the fake runs one request at a time.
    accessModel: async () => accessModelOf(db),
  };
}

/** The claims change use case's store (src/service/claims.ts) over the in-memory db; new rows are named by `ids`. */
export function memoryClaimsStore(db: FakeDb, ids: Ids): ClaimsStore {
  return {
    ...memoryHolderStore(db),
    grantsByHolder: async (kind, holderIds) => new Map(holderIds.map((id) => [id, grantsOf(db, kind, id)])),
    removeGrants: async (_kind, grantIds) => {
      const gone = new Set(grantIds);
      db.claimGrants = db.claimGrants.filter((g) => !gone.has(g.id));
    },
    putGrants: async (kind, grants, now) => {
      for (const { holderId, ...claim } of grants) {
        const stored = db.claimGrants.find((g) => live(g) && g.holderKind === kind && g.recordId === holderId && g.claimValue === claim.claimValue);
        if (stored) Object.assign(stored, claim, { lastUpdatedDateTime: now });
        else db.claimGrants.push({ id: ids.newId(), holderKind: kind, recordId: holderId, ...claim, isDeleted: false, createdDateTime: now, lastUpdatedDateTime: now });
      }
    },
  };
}

/** The claim-group change use case's store (src/service/claim-groups.ts) over the in-memory db; new rows are named by `ids`. */
export function memoryClaimGroupsStore(db: FakeDb, ids: Ids): ClaimGroupsStore {
  return {
    ...memoryHolderStore(db),
    linksByHolder: async (kind, holderIds) => new Map(holderIds.map((id) => [id, linksOf(db, kind, id)])),
    claimGroupGraph: async () => claimGroupGraph(db),
    removeLinks: async (_kind, linkIds) => {
      const gone = new Set(linkIds);
      db.claimGroupLinks = db.claimGroupLinks.filter((l) => !gone.has(l.id));
    },
    addLinks: async (kind, links, now) => {
      for (const { holderId, claimGroupId: recordId } of links) {
        db.claimGroupLinks.push({
          id: ids.newId(),
          holderKind: kind,
          holderId,
          recordId,
          priorityOfPermission: DEFAULT_PRIORITY_OF_PERMISSION,
          isDeleted: false,
          createdDateTime: now,
          lastUpdatedDateTime: now,
        });
      }
    },
  };
}

/** The members change use case's store (src/service/members.ts) over the in-memory db; new rows are named by `ids`. */
export function memoryMembersStore(db: FakeDb, ids: Ids): MembersStore {
  return {
    ...memoryHolderStore(db),
    membersByGroup: async (groupIds) => membershipsBy(db, groupIds, 'user'),
    removeMembers: async (membershipIds) => {
      const gone = new Set(membershipIds);
      db.memberships = db.memberships.filter((m) => !gone.has(m.id));
    },
    addMembers: async (members, now) => {
      for (const member of members) {
        db.memberships.push({ id: ids.newId(), ...member, isDeleted: false, createdDateTime: now, lastUpdatedDateTime: now });
      }
    },
  };
}

/** One holder's change history, newest first. */
export function historyOf(db: FakeDb, kind: HolderKind, holderId: string): HistoryEntry[] {
  return db.permissionHistory.filter((e) => e.holderKind === kind && e.holderId === holderId).reverse();
}

/** The claim group removal's store (src/service/claim-groups.ts) over the in-memory db. */
function memoryClaimGroupRemovalStore(db: FakeDb): ClaimGroupRemovalStore {
  return {
    ...memoryHolderStore(db),
    async holdersOfClaimGroup(kind, id) {
      const holderIds = db.claimGroupLinks.filter((l) => live(l) && l.holderKind === kind && l.recordId === id).map((l) => l.holderId);
      return new Map(holderIds.flatMap((h) => {
        const holder = findHolder(db, kind, h);
        return holder ? [[h, holder.name] as const] : [];
      }));
    },
    async removeClaimGroup(id) {
      db.claimGroups = db.claimGroups.filter((g) => g.id !== id);
      db.claimGrants = db.claimGrants.filter((g) => !(g.holderKind === 'claimGroup' && g.recordId === id));
      db.claimGroupLinks = db.claimGroupLinks.filter((l) => l.recordId !== id && !(l.holderKind === 'claimGroup' && l.holderId === id));
    },
  };
}

/** The user group removal's store (src/service/user-groups.ts) over the in-memory db. */
function memoryUserGroupRemovalStore(db: FakeDb): UserGroupRemovalStore {
  return {
    ...memoryHolderStore(db),
    async removeUserGroup(id) {
      db.applicationUserGroups = db.applicationUserGroups.filter((g) => g.id !== id);
      db.memberships = db.memberships.filter((m) => m.applicationUserGroupId !== id);
      db.claimGrants = db.claimGrants.filter((g) => !(g.holderKind === 'userGroup' && g.recordId === id));
      db.claimGroupLinks = db.claimGroupLinks.filter((l) => !(l.holderKind === 'userGroup' && l.holderId === id));
    },
  };
}

/** The built-in claim groups' store (src/service/claim-groups.ts) over the in-memory db; new rows are named by `ids`. */
function memoryBuiltInClaimGroupsStore(db: FakeDb, ids: Ids): BuiltInClaimGroupsStore {
  const row = (fields: Pick<StoredClaimGrant, 'holderKind' | 'recordId'>, now: Date) => ({
    id: ids.newId(),
    ...fields,
    priorityOfPermission: DEFAULT_PRIORITY_OF_PERMISSION,
    isDeleted: false,
    createdDateTime: now,
    lastUpdatedDateTime: now,
  });
  return {
    ...memoryHolderStore(db),
    builtInIds: seedIds.claimGroups,
    claimGroupRows: async () => db.claimGroups,
    claimGroupGraph: async () => claimGroupGraph(db),
    grantsByHolder: async (kind, holderIds) => new Map(holderIds.map((id) => [id, grantsOf(db, kind, id)])),
    linksByHolder: async (kind, holderIds) => new Map(holderIds.map((id) => [id, linksOf(db, kind, id)])),
    async storeBuiltIns(steps, now) {
      for (const step of steps) {
        const stored = db.claimGroups.find((g) => g.id === step.id);
        if (!stored) db.claimGroups.push({ id: step.id, name: step.definition.name, builtInGroup: true, isDeleted: false, createdDateTime: now, lastUpdatedDateTime: now });
        else if (step.update) Object.assign(stored, { builtInGroup: true, isDeleted: false, ...step.update, lastUpdatedDateTime: now });
        if (!step.reset) continue;
        const holder = { holderKind: 'claimGroup' as const, recordId: step.id };
        db.claimGrants = db.claimGrants.filter((g) => !(g.holderKind === 'claimGroup' && g.recordId === step.id));
        for (const claimValue of step.definition.claims) {
          db.claimGrants.push({ ...row(holder, now), claimValue, claimType: catalogueClaim(claimValue)?.claimType ?? 1, allow: true });
        }
        db.claimGroupLinks = db.claimGroupLinks.filter((l) => !(l.holderKind === 'claimGroup' && l.holderId === step.id));
        for (const subId of step.subGroupIds) {
          const { recordId: holderId, ...link } = row(holder, now);
          db.claimGroupLinks.push({ ...link, holderId, recordId: subId });
        }
      }
    },
    claimGroupsOf: (groupIds, include) =>
      projectClaimGroups(memoryProjectionReads(db), groupIds.flatMap((id) => db.claimGroups.find((g) => g.id === id) ?? []), include),
  };
}

/** The group names' store (src/service/groups.ts) over the in-memory db. */
function memoryGroupsStore(db: FakeDb): GroupsStore {
  const table = (kind: GroupKind): (StoredUserGroup | StoredClaimGroup)[] => (kind === 'userGroup' ? db.applicationUserGroups : db.claimGroups);
  const row = (kind: GroupKind, id: string) => table(kind).find((g) => g.id === id);
  return {
    groupRows: async (kind) => table(kind),
    async insertGroup(kind, id, name, now) {
      const group = { id, name, isDeleted: false, createdDateTime: now, lastUpdatedDateTime: now };
      if (kind === 'userGroup') db.applicationUserGroups.push(group);
      else db.claimGroups.push({ ...group, builtInGroup: false });
    },
    async renameGroup(kind, id, name, now) {
      Object.assign(row(kind, id) ?? {}, { name, lastUpdatedDateTime: now });
    },
    userGroupOf: async (id, include) => (await projectUserGroups(memoryProjectionReads(db), [row('userGroup', id) as StoredUserGroup], include))[0] as ApplicationUserGroup,
    claimGroupOf: async (id, include) => (await projectClaimGroups(memoryProjectionReads(db), [row('claimGroup', id) as StoredClaimGroup], include))[0] as ClaimGroup,
  };
}

/** Every store of the permission use cases (src/service/routes.ts) over the in-memory db; new rows are named by `ids`. */
export function memoryPermissionStores(db: FakeDb, ids: Ids): PermissionStores {
  return {
    claims: memoryClaimsStore(db, ids),
    claimGroups: memoryClaimGroupsStore(db, ids),
    members: memoryMembersStore(db, ids),
    userGroupRemoval: memoryUserGroupRemovalStore(db),
    claimGroupRemoval: memoryClaimGroupRemovalStore(db),
    builtInClaimGroups: memoryBuiltInClaimGroupsStore(db, ids),
    groups: memoryGroupsStore(db),
  };
}

/** Every live user, user group and claim group with what they hold: what the domain's access guards check. */
export function accessModelOf(db: FakeDb): AccessModel {
  return accessModelFromRows({
    users: db.applicationUsers.filter(live).map((u) => ({ id: u.id, enabled: u.isEnabled })),
    userGroupIds: db.applicationUserGroups.filter(live).map((g) => g.id),
    claimGroups: db.claimGroups.filter(live).map((g) => ({ id: g.id, name: g.name, builtIn: g.builtInGroup })),
    grants: db.claimGrants.filter(live).map((g) => ({ ...g, holderId: g.recordId })),
    links: db.claimGroupLinks.filter(live).map((l) => ({ ...l, claimGroupId: l.recordId })),
    memberships: db.memberships.filter(live).map((m) => ({ userId: m.applicationUserId, userGroupId: m.applicationUserGroupId })),
  });
}
