/**
 * The claims side of the fake: projections of users, user groups and claim groups with their
 * include flags, effective claims, and the add / remove / update change requests.
 */
import type { ApplicationUserApplicationUserGroup, ClaimGrant, ClaimGroupLink } from '../api/types';
import { DEFAULT_PRIORITY_OF_PERMISSION } from '../api/enums';
import {
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
import type { ClaimGraphStore } from '../service/claim-graphs';
import type { PermissionTables } from '../service/permission-tables';
import type { Ids } from '../service/ports';
import { rowsById, type ProjectionReads } from '../service/projections';
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
  return rowsById(rows.map((m) => membershipOut(db, m, nav)), (m) => (nav === 'user' ? m.applicationUserGroupId : m.applicationUserId));
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

// ---------------------------------------------------------------- the permission writes' tables (src/service) and the change history

/** The permission writes' table operations (src/service/permission-tables.ts) over the in-memory db; new rows are named by `ids`. */
export function memoryPermissionTables(db: FakeDb, ids: Ids): PermissionTables {
  const groups = (kind: GroupKind): (StoredUserGroup | StoredClaimGroup)[] => (kind === 'userGroup' ? db.applicationUserGroups : db.claimGroups);
  const born = (now: Date) => ({ id: ids.newId(), isDeleted: false, createdDateTime: now, lastUpdatedDateTime: now });
  const without = <T extends { id: string }>(rows: T[], gone: readonly string[]) => rows.filter((r) => !gone.includes(r.id));
  return {
    ...memoryProjectionReads(db),
    holderNames: async (kind, holderIds) =>
      new Map(holderIds.flatMap((id) => {
        const holder = findHolder(db, kind, id);
        return holder ? [[id, holder.name] as const] : [];
      })),
    // The fake keeps no effective claims between requests: each request computes them afresh.
    claimsChanged: async () => undefined,
    recordHistory: async (entries) => void db.permissionHistory.push(...entries),
    // Built whole: the fake runs one request at a time.
    accessModel: async () => accessModelOf(db),
    builtInIds: seedIds.claimGroups,
    holdersOfClaimGroup: async (kind, id) =>
      new Map(db.claimGroupLinks.flatMap((l) => {
        const holder = live(l) && l.holderKind === kind && l.recordId === id ? findHolder(db, kind, l.holderId) : undefined;
        return holder ? [[holder.id, holder.name] as const] : [];
      })),
    claimGroupGraph: async () => claimGroupGraph(db),
    groupRows: async (kind, wanted) => groups(kind).filter((g) => !wanted || wanted.includes(g.id)),
    async removeRows(rows, _kind, gone) {
      if (rows === 'grants') db.claimGrants = without(db.claimGrants, gone);
      else if (rows === 'links') db.claimGroupLinks = without(db.claimGroupLinks, gone);
      else db.memberships = without(db.memberships, gone);
    },
    async putGrants(kind, grants, now) {
      for (const { holderId, ...claim } of grants) {
        const stored = db.claimGrants.find((g) => live(g) && g.holderKind === kind && g.recordId === holderId && g.claimValue === claim.claimValue);
        if (stored) Object.assign(stored, claim, { lastUpdatedDateTime: now });
        else db.claimGrants.push({ ...born(now), holderKind: kind, recordId: holderId, ...claim });
      }
    },
    addLinks: async (kind, links, now) =>
      void db.claimGroupLinks.push(...links.map(({ holderId, claimGroupId }) => ({ ...born(now), holderKind: kind, holderId, recordId: claimGroupId, priorityOfPermission: DEFAULT_PRIORITY_OF_PERMISSION }))),
    addMembers: async (members, now) => void db.memberships.push(...members.map((member) => ({ ...born(now), ...member }))),
    async insertGroup(kind, { id, name, builtInGroup = false }, now) {
      const group = { ...born(now), id, name };
      if (kind === 'userGroup') db.applicationUserGroups.push(group);
      else db.claimGroups.push({ ...group, builtInGroup });
    },
    updateGroup: async (kind, id, fields, now) => void Object.assign(groups(kind).find((g) => g.id === id) ?? {}, fields, { lastUpdatedDateTime: now }),
    async removeGroup(kind, id) {
      if (kind === 'userGroup') {
        db.applicationUserGroups = db.applicationUserGroups.filter((g) => g.id !== id);
        db.memberships = db.memberships.filter((m) => m.applicationUserGroupId !== id);
      } else db.claimGroups = db.claimGroups.filter((g) => g.id !== id);
      db.claimGrants = db.claimGrants.filter((g) => !(g.holderKind === kind && g.recordId === id));
      db.claimGroupLinks = db.claimGroupLinks.filter((l) => !(l.holderKind === kind && l.holderId === id) && !(kind === 'claimGroup' && l.recordId === id));
    },
  };
}

/** One holder's change history, newest first. */
export function historyOf(db: FakeDb, kind: HolderKind, holderId: string): HistoryEntry[] {
  return db.permissionHistory.filter((e) => e.holderKind === kind && e.holderId === holderId).reverse();
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
