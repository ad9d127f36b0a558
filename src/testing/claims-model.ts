/**
 * The claims side of the fake: projections of users, user groups and claim groups with their
 * include flags, effective claims, and the add / remove / update change requests.
 */
import type {
  ApplicationUser,
  ApplicationUserApplicationUserGroup,
  ApplicationUserGroup,
  ClaimBase,
  ClaimGrant,
  ClaimGroup,
  ClaimGroupLink,
  ClaimGroupsChangeRequest,
  ClaimsChangeRequest,
  Paged,
  UsersInGroupsChangeRequest,
} from '../api/types';
import { ClaimTypeFlags, DEFAULT_PRIORITY_OF_PERMISSION } from '../api/enums';
import { computeEffectiveClaims, wouldCreateCycle, type ClaimGrantInput, type ClaimGroupNode } from '../domain/effective-claims';
import { catalogClaim } from './claim-catalog';
import type {
  FakeDb,
  HolderKind,
  StoredClaimGrant,
  StoredClaimGroup,
  StoredClaimGroupLink,
  StoredMembership,
  StoredUser,
  StoredUserGroup,
} from './db';
import { FakeHttpError, isRecord, prop } from './http';

/** What a mutation needs from the backend: the time and new ids. */
export interface MutationContext {
  now(): Date;
  newId(): string;
}

/** Include flags of the user projections. */
export interface UserIncludes {
  claims: boolean;
  userGroups: boolean;
  claimGroups: boolean;
}

/** Include flags of the user group projections. */
export interface UserGroupIncludes {
  claims: boolean;
  users: boolean;
  claimGroups: boolean;
}

/** Include flags of the claim group projections. */
export interface ClaimGroupIncludesFlags {
  claims: boolean;
  userGroups: boolean;
  users: boolean;
  claimGroups: boolean;
}

const live = <T extends { isDeleted: boolean }>(row: T): boolean => !row.isDeleted;
const byName = <T extends { name: string }>(a: T, b: T): number => a.name.localeCompare(b.name);

// ---------------------------------------------------------------- lookups

/** A holder row by kind and id. */
export function findHolder(db: FakeDb, kind: HolderKind, id: string): { id: string; name: string } | undefined {
  const table: readonly { id: string; name: string; isDeleted: boolean }[] =
    kind === 'user' ? db.applicationUsers : kind === 'userGroup' ? db.applicationUserGroups : db.claimGroups;
  return table.find((row) => row.id === id && live(row));
}

/** A claim group by name: exact first, then case-insensitive. */
export function findClaimGroupByName(db: FakeDb, name: string): StoredClaimGroup | undefined {
  const groups = db.claimGroups.filter(live);
  return groups.find((g) => g.name === name) ?? groups.find((g) => g.name.toLowerCase() === name.toLowerCase());
}

/** The claim graph of the database: each live claim group's grants and direct sub-groups. */
export function claimGroupGraph(db: FakeDb): Map<string, ClaimGroupNode> {
  const graph = new Map<string, ClaimGroupNode>();
  for (const group of db.claimGroups.filter(live)) {
    graph.set(group.id, { grants: grantInputs(db, 'claimGroup', group.id), subGroupIds: linkedGroupIds(db, 'claimGroup', group.id) });
  }
  return graph;
}

function grantRows(db: FakeDb, kind: HolderKind, id: string): StoredClaimGrant[] {
  return db.claimGrants.filter((g) => live(g) && g.holderKind === kind && g.recordId === id);
}

function grantInputs(db: FakeDb, kind: HolderKind, id: string): ClaimGrantInput[] {
  return grantRows(db, kind, id).map(({ claimValue, allow, priorityOfPermission }) => ({ claimValue, allow, priorityOfPermission }));
}

function linkRows(db: FakeDb, kind: HolderKind, holderId: string): StoredClaimGroupLink[] {
  return db.claimGroupLinks.filter((l) => live(l) && l.holderKind === kind && l.holderId === holderId);
}

function linkedGroupIds(db: FakeDb, kind: HolderKind, holderId: string): string[] {
  return linkRows(db, kind, holderId).map((l) => l.recordId);
}

/** The effective claims of a user (DESIGN §4), computed with the shared `computeEffectiveClaims`. */
export function effectiveClaimsOf(db: FakeDb, userId: string): Set<number> {
  const groupIds = db.memberships
    .filter((m) => live(m) && m.applicationUserId === userId)
    .map((m) => m.applicationUserGroupId)
    .filter((id) => findHolder(db, 'userGroup', id) !== undefined);
  return computeEffectiveClaims({
    userGrants: grantInputs(db, 'user', userId),
    userClaimGroupIds: linkedGroupIds(db, 'user', userId),
    userGroups: groupIds.map((id) => ({ grants: grantInputs(db, 'userGroup', id), claimGroupIds: linkedGroupIds(db, 'userGroup', id) })),
    claimGroups: claimGroupGraph(db),
  });
}

// ---------------------------------------------------------------- projections

/** A claim grant row as the API shows it. */
export function toClaimGrant(row: StoredClaimGrant): ClaimGrant {
  const { holderKind: _kind, ...grant } = row;
  return { ...grant };
}

/** A claim group without its collections. */
export function shallowClaimGroup(group: StoredClaimGroup): ClaimGroup {
  return {
    ...group,
    claimEnumsInClaimGroups: null,
    claimGroupsInClaimGroups: null,
    claimGroupsInApplicationUsers: null,
    claimGroupsInApplicationUserGroups: null,
  };
}

function toLink(db: FakeDb, row: StoredClaimGroupLink, withGroup: boolean): ClaimGroupLink {
  const { holderKind: _kind, ...link } = row;
  const group = withGroup ? db.claimGroups.find((g) => g.id === row.recordId) : undefined;
  return { ...link, claimGroup: group ? shallowClaimGroup(group) : null };
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

function membershipOut(
  db: FakeDb,
  m: StoredMembership,
  nav: 'user' | 'group',
): ApplicationUserApplicationUserGroup {
  const user = nav === 'user' ? db.applicationUsers.find((u) => u.id === m.applicationUserId) : undefined;
  const group = nav === 'group' ? db.applicationUserGroups.find((g) => g.id === m.applicationUserGroupId) : undefined;
  return {
    ...m,
    applicationUser: user ? projectUser(db, user, { claims: false, userGroups: false, claimGroups: false }) : null,
    applicationUserGroup: group ? projectUserGroup(db, group, { claims: false, users: false, claimGroups: false }) : null,
  };
}

/** An application user with the collections its include flags ask for (others null). */
export function projectUser(db: FakeDb, user: StoredUser, include: UserIncludes): ApplicationUser {
  return {
    ...user,
    claimEnumsInApplicationUsers: include.claims ? grantsOf(db, 'user', user.id) : null,
    claimGroupsInApplicationUsers: include.claimGroups ? linksOf(db, 'user', user.id) : null,
    applicationUserApplicationUserGroups: include.userGroups
      ? db.memberships.filter((m) => live(m) && m.applicationUserId === user.id).map((m) => membershipOut(db, m, 'group'))
      : null,
  };
}

/** An application user group with the collections its include flags ask for (others null). */
export function projectUserGroup(db: FakeDb, group: StoredUserGroup, include: UserGroupIncludes): ApplicationUserGroup {
  return {
    ...group,
    applicationUserApplicationUserGroups: include.users
      ? db.memberships.filter((m) => live(m) && m.applicationUserGroupId === group.id).map((m) => membershipOut(db, m, 'user'))
      : null,
    claimGroupsInApplicationUserGroups: include.claimGroups ? linksOf(db, 'userGroup', group.id) : null,
    claimEnumsInApplicationUserGroups: include.claims ? grantsOf(db, 'userGroup', group.id) : null,
  };
}

/**
 * A claim group with the collections its include flags ask for (others null).
 * `claimGroupsInClaimGroups` lists its sub-groups (`recordId` = sub-group id, with `claimGroup`);
 * `claimGroupsInApplicationUsers` / `…UserGroups` list the users / user groups holding it.
 */
export function projectClaimGroup(db: FakeDb, group: StoredClaimGroup, include: ClaimGroupIncludesFlags): ClaimGroup {
  const holders = (kind: HolderKind): ClaimGroupLink[] =>
    db.claimGroupLinks.filter((l) => live(l) && l.holderKind === kind && l.recordId === group.id).map((l) => toLink(db, l, false));
  return {
    ...group,
    claimEnumsInClaimGroups: include.claims ? grantsOf(db, 'claimGroup', group.id) : null,
    claimGroupsInClaimGroups: include.claimGroups ? linksOf(db, 'claimGroup', group.id) : null,
    claimGroupsInApplicationUsers: include.users ? holders('user') : null,
    claimGroupsInApplicationUserGroups: include.userGroups ? holders('userGroup') : null,
  };
}

/** Live users, user groups or claim groups sorted by name. */
export function sortedLive<T extends { name: string; isDeleted: boolean }>(rows: readonly T[]): T[] {
  return rows.filter(live).sort(byName);
}

/**
 * One page of `items`. `page` is 1-based (values below 1 mean 1); a null page returns everything
 * as one page. `count` defaults to 10 when a page is asked for.
 */
export function paged<T>(items: readonly T[], page: number | null, count: number | null): Paged<T> {
  const total = items.length;
  if (page === null) return { list: [...items], totalRecCount: total, totalPageCount: total > 0 ? 1 : 0 };
  const size = count !== null && count > 0 ? count : 10;
  const index = Math.max(page, 1) - 1;
  return {
    list: items.slice(index * size, index * size + size),
    totalRecCount: total,
    totalPageCount: Math.ceil(total / size),
  };
}

// ---------------------------------------------------------------- change requests
//
// Checked as strictly as the reference server checks them (every refusal a 400 naming the field):
// arrays of at most 1000 items, ids are UUIDs (compared lower-cased, duplicates dropped), `claimType`
// is 1, 2 or 4 and the claim's own type, `priorityOfPermission` an integer from 0 to 1000 (default 1),
// `allow` a boolean (default true), at most 20 000 holder × item pairs per request. Unknown ids are 404.

/** Largest number of items any array of a change request may hold. */
export const MAX_BODY_ARRAY = 1000;
/** Most holder × item pairs one change request may touch. */
export const MAX_PAIRS_PER_CHANGE = 20_000;
/** Lowest and highest accepted `priorityOfPermission` (spec §9 leaves the bounds open; the server's). */
export const PRIORITY_RANGE = { min: 0, max: 1000 } as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Whether a string is a UUID. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

const CLAIM_TYPES = new Set<number>([ClaimTypeFlags.ServerClaim, ClaimTypeFlags.UXClaim, ClaimTypeFlags.TableClaim]);

function arrayField(body: Record<string, unknown>, name: string): unknown[] {
  const value = prop(body, name);
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new FakeHttpError(400, `'${name}' must be an array.`);
  if (value.length > MAX_BODY_ARRAY) {
    throw new FakeHttpError(400, `'${name}' has ${value.length} items; at most ${MAX_BODY_ARRAY} are allowed.`);
  }
  return value;
}

function idArrayField(body: Record<string, unknown>, name: string): string[] {
  const ids: string[] = [];
  arrayField(body, name).forEach((value, index) => {
    if (typeof value !== 'string' || !isUuid(value)) {
      throw new FakeHttpError(400, `'${name}[${index}]' must be an id (a UUID string).`);
    }
    const id = value.toLowerCase();
    if (!ids.includes(id)) ids.push(id);
  });
  return ids;
}

function intArrayField(body: Record<string, unknown>, name: string): number[] {
  const values = new Set<number>();
  arrayField(body, name).forEach((value, index) => {
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
      throw new FakeHttpError(400, `'${name}[${index}]' must be an integer.`);
    }
    values.add(value);
  });
  return [...values];
}

function boolField(body: Record<string, unknown>, name: string, fallback: boolean): boolean {
  const value = prop(body, name);
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'boolean') throw new FakeHttpError(400, `'${name}' must be true or false.`);
  return value;
}

function checkPairs(holders: number, items: number, holdersField: string, itemsField: string): void {
  if (holders * items > MAX_PAIRS_PER_CHANGE) {
    throw new FakeHttpError(
      400,
      `'${holdersField}' × '${itemsField}' is ${holders * items} pairs; at most ${MAX_PAIRS_PER_CHANGE} are allowed per request.`,
    );
  }
}

function requireObject(body: unknown): Record<string, unknown> {
  if (!isRecord(body)) throw new FakeHttpError(400, 'The body must be a JSON object.');
  return body;
}

const HOLDER_LABEL: Readonly<Record<HolderKind, string>> = {
  user: 'application user',
  userGroup: 'application user group',
  claimGroup: 'claim group',
};

/** 404 naming the first id of `ids` that is no live holder of `kind`, and the body field it came from. */
function requireHolders(db: FakeDb, kind: HolderKind, ids: readonly string[], field: string): void {
  for (const id of ids) {
    if (!findHolder(db, kind, id)) throw new FakeHttpError(404, `Unknown ${HOLDER_LABEL[kind]} '${id}' in '${field}'.`);
  }
}

/** Reads and checks a {@link ClaimGroupsChangeRequest}. */
export function parseClaimGroupsChange(value: unknown): ClaimGroupsChangeRequest {
  const body = requireObject(value);
  const change: ClaimGroupsChangeRequest = {
    claimGroupSets: idArrayField(body, 'claimGroupSets'),
    claimGroupsToAdd: idArrayField(body, 'claimGroupsToAdd'),
    claimGroupsToRemove: idArrayField(body, 'claimGroupsToRemove'),
    removeExistingUnMentionedClaimGroups: boolField(body, 'removeExistingUnMentionedClaimGroups', false),
  };
  checkPairs(change.claimGroupSets.length, change.claimGroupsToAdd.length, 'claimGroupSets', 'claimGroupsToAdd');
  return change;
}

/**
 * Applies a claim-groups change to users, user groups or claim groups, all or nothing. Refuses
 * unknown ids (404) and, for claim groups, any sub-group that would create a cycle (400). Answers
 * the holders' resulting links.
 */
export function applyClaimGroupsChange(
  db: FakeDb,
  kind: HolderKind,
  change: ClaimGroupsChangeRequest,
  ctx: MutationContext,
): ClaimGroupLink[] {
  requireHolders(db, kind, change.claimGroupSets, 'claimGroupSets');
  requireHolders(db, 'claimGroup', change.claimGroupsToAdd, 'claimGroupsToAdd');
  requireHolders(db, 'claimGroup', change.claimGroupsToRemove, 'claimGroupsToRemove');
  const toAdd = [...new Set(change.claimGroupsToAdd)];
  const toRemove = new Set(change.claimGroupsToRemove.filter((id) => !toAdd.includes(id)));

  if (kind === 'claimGroup') {
    // Check every new edge against the graph as it will be, edges of this request included.
    const graph = new Map<string, { subGroupIds: string[] }>();
    for (const [id, node] of claimGroupGraph(db)) graph.set(id, { subGroupIds: [...node.subGroupIds] });
    for (const holder of change.claimGroupSets) {
      const node = graph.get(holder);
      if (!node) continue;
      node.subGroupIds = node.subGroupIds.filter(
        (sub) => !toRemove.has(sub) && !(change.removeExistingUnMentionedClaimGroups && !toAdd.includes(sub)),
      );
    }
    for (const holder of change.claimGroupSets) {
      for (const sub of toAdd) {
        const node = graph.get(holder);
        if (!node || node.subGroupIds.includes(sub)) continue;
        if (wouldCreateCycle(holder, sub, graph)) {
          const name = (id: string) => findHolder(db, 'claimGroup', id)?.name ?? id;
          throw new FakeHttpError(
            400,
            holder === sub
              ? `The claim group '${name(holder)}' cannot contain itself.`
              : `Adding '${name(sub)}' to '${name(holder)}' would create a cycle of claim groups.`,
          );
        }
        node.subGroupIds.push(sub);
      }
    }
  }

  const now = ctx.now();
  for (const holderId of change.claimGroupSets) {
    db.claimGroupLinks = db.claimGroupLinks.filter(
      (l) =>
        !(l.holderKind === kind && l.holderId === holderId) ||
        !(toRemove.has(l.recordId) || (change.removeExistingUnMentionedClaimGroups && !toAdd.includes(l.recordId))),
    );
    const existing = new Set(linkedGroupIds(db, kind, holderId));
    for (const recordId of toAdd) {
      if (existing.has(recordId)) continue;
      db.claimGroupLinks.push({
        id: ctx.newId(),
        holderKind: kind,
        holderId,
        recordId,
        priorityOfPermission: DEFAULT_PRIORITY_OF_PERMISSION,
        isDeleted: false,
        createdDateTime: now,
        lastUpdatedDateTime: now,
      });
    }
  }
  return change.claimGroupSets.flatMap((holderId) => linksOf(db, kind, holderId));
}

function parseClaimBase(value: unknown, index: number): ClaimBase {
  const at = `claimBaseToAddUpdate[${index}]`;
  if (!isRecord(value)) throw new FakeHttpError(400, `'${at}' must be an object.`);
  const claimValue = prop(value, 'claimValue');
  if (typeof claimValue !== 'number' || !Number.isSafeInteger(claimValue)) {
    throw new FakeHttpError(400, `'${at}.claimValue' must be an integer.`);
  }
  const claimType = prop(value, 'claimType');
  if (typeof claimType !== 'number' || !CLAIM_TYPES.has(claimType)) {
    throw new FakeHttpError(400, `'${at}.claimType' must be 1 (server), 2 (UX) or 4 (table).`);
  }
  const claim = catalogClaim(claimValue);
  if (!claim) throw new FakeHttpError(400, `'${at}.claimValue' ${claimValue} is not a known claim.`);
  if (claim.claimType !== claimType) {
    throw new FakeHttpError(
      400,
      `'${at}.claimValue' ${claimValue} (${claim.key}) is a claim of type ${claim.claimType}, not ${claimType}.`,
    );
  }
  const allow = prop(value, 'allow') ?? true;
  if (typeof allow !== 'boolean') throw new FakeHttpError(400, `'${at}.allow' must be true or false.`);
  const priority = prop(value, 'priorityOfPermission') ?? DEFAULT_PRIORITY_OF_PERMISSION;
  if (
    typeof priority !== 'number' ||
    !Number.isInteger(priority) ||
    priority < PRIORITY_RANGE.min ||
    priority > PRIORITY_RANGE.max
  ) {
    throw new FakeHttpError(
      400,
      `'${at}.priorityOfPermission' must be an integer from ${PRIORITY_RANGE.min} to ${PRIORITY_RANGE.max}.`,
    );
  }
  return { claimValue, claimType: claim.claimType, allow, priorityOfPermission: priority };
}

/** Reads and checks a {@link ClaimsChangeRequest}. */
export function parseClaimsChange(value: unknown): ClaimsChangeRequest {
  const body = requireObject(value);
  const claimSets = idArrayField(body, 'claimSets');
  const upserts = new Map<number, ClaimBase>();
  arrayField(body, 'claimBaseToAddUpdate').forEach((item, index) => {
    const claim = parseClaimBase(item, index);
    const earlier = upserts.get(claim.claimValue);
    if (earlier && (earlier.allow !== claim.allow || earlier.priorityOfPermission !== claim.priorityOfPermission)) {
      throw new FakeHttpError(
        400,
        `'claimBaseToAddUpdate[${index}]' repeats claim ${claim.claimValue} with a different allow or priority.`,
      );
    }
    upserts.set(claim.claimValue, claim);
  });
  const remove = intArrayField(body, 'claimEnumsToRemoveValue').filter((v) => !upserts.has(v));
  checkPairs(claimSets.length, upserts.size, 'claimSets', 'claimBaseToAddUpdate');
  return {
    claimSets,
    claimBaseToAddUpdate: [...upserts.values()],
    claimEnumsToRemoveValue: remove,
    removeExistingUnMentionedClaimBase: boolField(body, 'removeExistingUnMentionedClaimBase', false),
  };
}

/** Applies a claims change to users, user groups or claim groups. Answers the holders' resulting grants. */
export function applyClaimsChange(db: FakeDb, kind: HolderKind, change: ClaimsChangeRequest, ctx: MutationContext): ClaimGrant[] {
  requireHolders(db, kind, change.claimSets, 'claimSets');
  const upserts = new Map<number, ClaimBase>();
  for (const claim of change.claimBaseToAddUpdate) upserts.set(claim.claimValue, claim);
  const toRemove = new Set(change.claimEnumsToRemoveValue.filter((v) => !upserts.has(v)));
  const now = ctx.now();
  for (const holderId of change.claimSets) {
    db.claimGrants = db.claimGrants.filter(
      (g) =>
        !(g.holderKind === kind && g.recordId === holderId) ||
        !(toRemove.has(g.claimValue) || (change.removeExistingUnMentionedClaimBase && !upserts.has(g.claimValue))),
    );
    for (const claim of upserts.values()) {
      const existing = db.claimGrants.find((g) => live(g) && g.holderKind === kind && g.recordId === holderId && g.claimValue === claim.claimValue);
      if (existing) {
        if (existing.allow !== claim.allow || existing.priorityOfPermission !== claim.priorityOfPermission) {
          existing.allow = claim.allow;
          existing.priorityOfPermission = claim.priorityOfPermission;
          existing.lastUpdatedDateTime = now;
        }
        continue;
      }
      db.claimGrants.push({
        id: ctx.newId(),
        holderKind: kind,
        recordId: holderId,
        ...claim,
        isDeleted: false,
        createdDateTime: now,
        lastUpdatedDateTime: now,
      });
    }
  }
  return change.claimSets.flatMap((holderId) => grantsOf(db, kind, holderId));
}

/** Reads and checks a {@link UsersInGroupsChangeRequest}. */
export function parseUsersInGroupsChange(value: unknown): UsersInGroupsChangeRequest {
  const body = requireObject(value);
  const change: UsersInGroupsChangeRequest = {
    applicationUsersGroups: idArrayField(body, 'applicationUsersGroups'),
    applicationUsersToAdd: idArrayField(body, 'applicationUsersToAdd'),
    applicationUsersToRemove: idArrayField(body, 'applicationUsersToRemove'),
    removeExistingUnMentioned: boolField(body, 'removeExistingUnMentioned', false),
  };
  checkPairs(
    change.applicationUsersGroups.length,
    change.applicationUsersToAdd.length,
    'applicationUsersGroups',
    'applicationUsersToAdd',
  );
  return change;
}

/** Adds users to and removes users from user groups. Answers the groups' resulting memberships (with `applicationUser`). */
export function applyUsersInGroupsChange(
  db: FakeDb,
  change: UsersInGroupsChangeRequest,
  ctx: MutationContext,
): ApplicationUserApplicationUserGroup[] {
  requireHolders(db, 'userGroup', change.applicationUsersGroups, 'applicationUsersGroups');
  requireHolders(db, 'user', change.applicationUsersToAdd, 'applicationUsersToAdd');
  requireHolders(db, 'user', change.applicationUsersToRemove, 'applicationUsersToRemove');
  const toAdd = [...new Set(change.applicationUsersToAdd)];
  const toRemove = new Set(change.applicationUsersToRemove.filter((id) => !toAdd.includes(id)));
  const now = ctx.now();
  for (const groupId of change.applicationUsersGroups) {
    db.memberships = db.memberships.filter(
      (m) =>
        m.applicationUserGroupId !== groupId ||
        !(toRemove.has(m.applicationUserId) || (change.removeExistingUnMentioned && !toAdd.includes(m.applicationUserId))),
    );
    for (const userId of toAdd) {
      if (db.memberships.some((m) => live(m) && m.applicationUserGroupId === groupId && m.applicationUserId === userId)) continue;
      db.memberships.push({
        id: ctx.newId(),
        applicationUserId: userId,
        applicationUserGroupId: groupId,
        isDeleted: false,
        createdDateTime: now,
        lastUpdatedDateTime: now,
      });
    }
  }
  return change.applicationUsersGroups.flatMap((groupId) =>
    db.memberships.filter((m) => live(m) && m.applicationUserGroupId === groupId).map((m) => membershipOut(db, m, 'user')),
  );
}

// ---------------------------------------------------------------- groups

/** Longest accepted group name. */
export const MAX_GROUP_NAME_LENGTH = 200;

/**
 * A group name from query parameter `param` (`raw`, null when absent): trimmed; 400 when absent,
 * blank, longer than 200 characters or holding control characters.
 */
export function checkGroupName(raw: string | null, param = 'groupName'): string {
  if (raw === null) throw new FakeHttpError(400, `The parameter '${param}' must be defined and cannot be null.`);
  const trimmed = raw.trim();
  if (trimmed === '') throw new FakeHttpError(400, `The parameter '${param}' must not be blank.`);
  if (trimmed.length > MAX_GROUP_NAME_LENGTH) {
    throw new FakeHttpError(400, `The parameter '${param}' must be at most ${MAX_GROUP_NAME_LENGTH} characters long.`);
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) {
    throw new FakeHttpError(400, `The parameter '${param}' must not contain control characters.`);
  }
  return trimmed;
}

/**
 * Refuses (409) a name another row of `rows` already has, regardless of case (soft-deleted rows count
 * too, as the server's unique constraint does).
 */
export function checkUniqueName(
  rows: readonly { id: string; name: string }[],
  name: string,
  kind: 'claimGroup' | 'userGroup',
  exceptId?: string,
): void {
  const lower = name.toLowerCase();
  const clash = rows.find((r) => r.id !== exceptId && r.name.toLowerCase() === lower);
  if (clash) {
    const label = kind === 'claimGroup' ? 'A claim group' : 'An application user group';
    throw new FakeHttpError(409, `${label} named '${clash.name}' already exists.`);
  }
}

/** Deletes a claim group with its grants and every link to or from it. */
export function deleteClaimGroup(db: FakeDb, id: string): void {
  db.claimGroups = db.claimGroups.filter((g) => g.id !== id);
  db.claimGrants = db.claimGrants.filter((g) => !(g.holderKind === 'claimGroup' && g.recordId === id));
  db.claimGroupLinks = db.claimGroupLinks.filter((l) => l.recordId !== id && !(l.holderKind === 'claimGroup' && l.holderId === id));
}

/** Deletes a user group with its memberships, grants and claim group links. */
export function deleteUserGroup(db: FakeDb, id: string): void {
  db.applicationUserGroups = db.applicationUserGroups.filter((g) => g.id !== id);
  db.memberships = db.memberships.filter((m) => m.applicationUserGroupId !== id);
  db.claimGrants = db.claimGrants.filter((g) => !(g.holderKind === 'userGroup' && g.recordId === id));
  db.claimGroupLinks = db.claimGroupLinks.filter((l) => !(l.holderKind === 'userGroup' && l.holderId === id));
}
