/**
 * Who holds what, as one pure model, and the guards every permission change passes:
 *
 * - no change may leave no enabled user holding GlobalDataAdmin (effective claims, docs/decisions.md, Effective claims) — the
 *   last administrator cannot be removed, by any route: claims, claim groups, memberships, deletion;
 * - a built-in claim group cannot be deleted, nor emptied of all its claims and sub-groups.
 *
 * Both backends build the model from their storage and call {@link checkAccessChange} before they
 * store a change; the client builds it from the lists it shows ({@link accessModelFromLists}) and
 * asks {@link removesOwnAdminAccess} before saving, to warn the user.
 */
import { DEFAULT_PRIORITY_OF_PERMISSION, Permission } from '../contract/enums';
import type {
  ApplicationUser,
  ApplicationUserGroup,
  ClaimGroup,
  ClaimGroupsChangeRequest,
  ClaimsChangeRequest,
  UsersInGroupsChangeRequest,
} from '../contract/types';
import { builtInGroupDeleteReason, builtInGroupEmptyReason, type BuiltInUpsertStep } from './built-in-claim-groups';
import { dropsClaimGroup, type HolderKind } from './claim-changes';
import { computeEffectiveClaims, type ClaimGrantInput, type ClaimGroupNode } from './effective-claims';
import { DomainError } from './errors';

/** A holder's own grants and the claim groups granted to it. */
export interface AccessHolder {
  grants: readonly ClaimGrantInput[];
  claimGroupIds: readonly string[];
}

/** An application user in the model: enabled (and not deleted), grants, claim groups, user groups. */
export interface AccessUser extends AccessHolder {
  enabled: boolean;
  userGroupIds: readonly string[];
}

/** A claim group in the model: its name, whether it is built in, its grants and sub-groups. */
export interface AccessClaimGroup extends ClaimGroupNode {
  name: string;
  builtIn: boolean;
}

/** Every live user, user group and claim group with what they hold. */
export interface AccessModel {
  users: ReadonlyMap<string, AccessUser>;
  userGroups: ReadonlyMap<string, AccessHolder>;
  claimGroups: ReadonlyMap<string, AccessClaimGroup>;
}

/** A change to permissions, in the words of the calls that make it. */
export type AccessChange =
  | { type: 'claims'; holderKind: HolderKind; change: ClaimsChangeRequest }
  | { type: 'claimGroups'; holderKind: HolderKind; change: ClaimGroupsChangeRequest }
  | { type: 'members'; change: UsersInGroupsChangeRequest }
  | { type: 'deleteClaimGroup'; claimGroupId: string }
  | { type: 'deleteUserGroup'; userGroupId: string }
  /** Claim groups whose grants and sub-groups are replaced (`UpsertBuiltInClaimGroups` resetting them). */
  | { type: 'resetClaimGroups'; groups: readonly { id: string; grants: readonly ClaimGrantInput[]; subGroupIds: readonly string[] }[] };

/** The effective claims of a user of the model (empty for an unknown user). */
export function effectiveClaimsIn(model: AccessModel, userId: string): Set<number> {
  const user = model.users.get(userId);
  if (!user) return new Set();
  return computeEffectiveClaims({
    userGrants: user.grants,
    userClaimGroupIds: user.claimGroupIds,
    userGroups: user.userGroupIds.flatMap((id) => {
      const group = model.userGroups.get(id);
      return group ? [{ grants: group.grants, claimGroupIds: group.claimGroupIds }] : [];
    }),
    claimGroups: model.claimGroups,
  });
}

/** Whether a user of the model is enabled and holds GlobalDataAdmin. */
export function isEnabledGlobalAdmin(model: AccessModel, userId: string): boolean {
  return model.users.get(userId)?.enabled === true && effectiveClaimsIn(model, userId).has(Permission.GlobalDataAdmin);
}

/** The enabled users holding GlobalDataAdmin. */
export function globalAdministrators(model: AccessModel): string[] {
  return [...model.users.keys()].filter((id) => isEnabledGlobalAdmin(model, id));
}

// ---------------------------------------------------------------- applying a change

/** A holder of the model by kind and id; a claim group's sub-groups are the claim groups granted to it. */
function holderOf(model: AccessModel, kind: HolderKind, id: string): AccessHolder | undefined {
  if (kind === 'user') return model.users.get(id);
  if (kind === 'userGroup') return model.userGroups.get(id);
  const group = model.claimGroups.get(id);
  return group && { grants: group.grants, claimGroupIds: group.subGroupIds };
}

function withHolder(model: AccessModel, kind: HolderKind, id: string, holder: AccessHolder): AccessModel {
  if (kind === 'user') {
    const users = new Map(model.users);
    users.set(id, { ...(model.users.get(id) as AccessUser), ...holder });
    return { ...model, users };
  }
  if (kind === 'userGroup') {
    const userGroups = new Map(model.userGroups);
    userGroups.set(id, holder);
    return { ...model, userGroups };
  }
  const claimGroups = new Map(model.claimGroups);
  const group = model.claimGroups.get(id) as AccessClaimGroup;
  claimGroups.set(id, { ...group, grants: holder.grants, subGroupIds: holder.claimGroupIds });
  return { ...model, claimGroups };
}

function applyClaims(model: AccessModel, kind: HolderKind, change: ClaimsChangeRequest): AccessModel {
  const upserts = new Map(change.claimBaseToAddUpdate.map((c) => [c.claimValue, c]));
  const remove = new Set(change.claimEnumsToRemoveValue);
  let next = model;
  for (const id of change.claimSets) {
    const holder = holderOf(next, kind, id);
    if (!holder) continue;
    const kept = holder.grants.filter(
      (g) => !upserts.has(g.claimValue) && !remove.has(g.claimValue) && !change.removeExistingUnMentionedClaimBase,
    );
    const grants = [
      ...kept,
      ...[...upserts.values()].map(({ claimValue, allow, priorityOfPermission }) => ({ claimValue, allow, priorityOfPermission })),
    ];
    next = withHolder(next, kind, id, { ...holder, grants });
  }
  return next;
}

function applyClaimGroups(model: AccessModel, kind: HolderKind, change: ClaimGroupsChangeRequest): AccessModel {
  let next = model;
  for (const id of change.claimGroupSets) {
    const holder = holderOf(next, kind, id);
    if (!holder) continue;
    const kept = holder.claimGroupIds.filter((sub) => !dropsClaimGroup(change, sub));
    const added = change.claimGroupsToAdd.filter((sub) => !kept.includes(sub) && next.claimGroups.has(sub));
    next = withHolder(next, kind, id, { ...holder, claimGroupIds: [...kept, ...added] });
  }
  return next;
}

function applyMembers(model: AccessModel, change: UsersInGroupsChangeRequest): AccessModel {
  const groups = new Set(change.applicationUsersGroups.filter((id) => model.userGroups.has(id)));
  const add = new Set(change.applicationUsersToAdd);
  const remove = new Set(change.applicationUsersToRemove);
  const users = new Map<string, AccessUser>();
  for (const [id, user] of model.users) {
    const leaves = (groupId: string) =>
      groups.has(groupId) && !add.has(id) && (remove.has(id) || change.removeExistingUnMentioned);
    const kept = user.userGroupIds.filter((g) => !leaves(g));
    const joined = add.has(id) ? [...groups].filter((g) => !kept.includes(g)) : [];
    users.set(id, { ...user, userGroupIds: [...kept, ...joined] });
  }
  return { ...model, users };
}

function deleteClaimGroup(model: AccessModel, claimGroupId: string): AccessModel {
  const drop = (ids: readonly string[]) => ids.filter((id) => id !== claimGroupId);
  const users = new Map([...model.users].map(([id, u]) => [id, { ...u, claimGroupIds: drop(u.claimGroupIds) }]));
  const userGroups = new Map([...model.userGroups].map(([id, g]) => [id, { ...g, claimGroupIds: drop(g.claimGroupIds) }]));
  const claimGroups = new Map(
    [...model.claimGroups]
      .filter(([id]) => id !== claimGroupId)
      .map(([id, g]) => [id, { ...g, subGroupIds: drop(g.subGroupIds) }]),
  );
  return { users, userGroups, claimGroups };
}

function deleteUserGroup(model: AccessModel, userGroupId: string): AccessModel {
  const users = new Map(
    [...model.users].map(([id, u]) => [id, { ...u, userGroupIds: u.userGroupIds.filter((g) => g !== userGroupId) }]),
  );
  const userGroups = new Map(model.userGroups);
  userGroups.delete(userGroupId);
  return { ...model, users, userGroups };
}

/** The model as it will be after `change` (unknown ids are left out, as the backends refuse them). */
export function applyAccessChange(model: AccessModel, change: AccessChange): AccessModel {
  switch (change.type) {
    case 'claims':
      return applyClaims(model, change.holderKind, change.change);
    case 'claimGroups':
      return applyClaimGroups(model, change.holderKind, change.change);
    case 'members':
      return applyMembers(model, change.change);
    case 'deleteClaimGroup':
      return deleteClaimGroup(model, change.claimGroupId);
    case 'deleteUserGroup':
      return deleteUserGroup(model, change.userGroupId);
    case 'resetClaimGroups': {
      const claimGroups = new Map(model.claimGroups);
      for (const g of change.groups) {
        const group = claimGroups.get(g.id);
        if (group) claimGroups.set(g.id, { ...group, grants: g.grants, subGroupIds: g.subGroupIds });
      }
      return { ...model, claimGroups };
    }
  }
}

/** The change of access a `UpsertBuiltInClaimGroups` plan makes: the reset groups get their built-in claims and sub-groups. */
export function builtInResetChange(steps: readonly BuiltInUpsertStep[]): AccessChange {
  const groups = steps
    .filter((s) => s.reset)
    .map((s) => ({
      id: s.id,
      grants: s.definition.claims.map((claimValue) => ({ claimValue, allow: true, priorityOfPermission: DEFAULT_PRIORITY_OF_PERMISSION })),
      subGroupIds: s.subGroupIds,
    }));
  return { type: 'resetClaimGroups', groups };
}

// ---------------------------------------------------------------- the guards

/** The refusal of a change that would leave nobody able to administer permissions. */
export const LAST_ADMINISTRATOR_MESSAGE =
  'This change would leave no enabled user with full administrator access (GlobalDataAdmin), and nobody ' +
  'could manage permissions any more. Give another user administrator access first, for example by adding ' +
  "them to the 'Administrators' role in User & Role Management.";

/** The `code` extension member of the problem details of each refusal, for screens that explain it. */
export const ACCESS_REFUSAL_CODES = {
  lastAdministrator: 'last-administrator',
  builtInGroupDelete: 'built-in-group-delete',
  builtInGroupEmpty: 'built-in-group-empty',
} as const;

/** Whether a claim group gives anything: an allowing grant or a sub-group. */
function givesSomething(group: AccessClaimGroup | undefined): boolean {
  return group !== undefined && (group.subGroupIds.length > 0 || group.grants.some((g) => g.allow));
}

/** Whether `after` lost every enabled GlobalDataAdmin holder that `before` had. */
function losesLastAdministrator(before: AccessModel, after: AccessModel): boolean {
  const admins = globalAdministrators(before);
  if (admins.length === 0) return false; // nobody to lock out (an unseeded system)
  if (admins.some((id) => isEnabledGlobalAdmin(after, id))) return false;
  return globalAdministrators(after).length === 0;
}

/**
 * Refuses (409, with the reason as detail and a `code` extension member) a change that deletes a
 * built-in claim group, empties one of all its claims and sub-groups, or leaves no enabled user
 * holding GlobalDataAdmin. Answers the model as it will be after the change.
 */
export function checkAccessChange(model: AccessModel, change: AccessChange): AccessModel {
  if (change.type === 'deleteClaimGroup') {
    const group = model.claimGroups.get(change.claimGroupId);
    if (group?.builtIn) {
      throw new DomainError(409, builtInGroupDeleteReason(group.name), { code: ACCESS_REFUSAL_CODES.builtInGroupDelete });
    }
  }
  const after = applyAccessChange(model, change);
  if ((change.type === 'claims' || change.type === 'claimGroups') && change.holderKind === 'claimGroup') {
    const ids = change.type === 'claims' ? change.change.claimSets : change.change.claimGroupSets;
    for (const id of ids) {
      const group = model.claimGroups.get(id);
      if (group?.builtIn && givesSomething(group) && !givesSomething(after.claimGroups.get(id))) {
        throw new DomainError(409, builtInGroupEmptyReason(group.name), { code: ACCESS_REFUSAL_CODES.builtInGroupEmpty });
      }
    }
  }
  if (losesLastAdministrator(model, after)) {
    throw new DomainError(409, LAST_ADMINISTRATOR_MESSAGE, { code: ACCESS_REFUSAL_CODES.lastAdministrator });
  }
  return after;
}

/**
 * Whether `change` takes GlobalDataAdmin away from the caller (`callerId`, an application user id):
 * the caller holds it now and would not afterwards. Screens ask before saving, to warn the user that
 * they are about to remove their own administrator access.
 */
export function removesOwnAdminAccess(model: AccessModel, callerId: string, change: AccessChange): boolean {
  if (!isEnabledGlobalAdmin(model, callerId)) return false;
  return !isEnabledGlobalAdmin(applyAccessChange(model, change), callerId);
}

/**
 * Whether a change can take access away from anyone, judged from the change alone: it removes
 * something (or everything unmentioned), deletes a group, resets groups, or grants a deny or a
 * GlobalDataAdmin grant (whose priority may now lose to a deny). Pure additions of allowing grants,
 * claim groups or members can only take access away through a deny of GlobalDataAdmin that the
 * added group already holds — which a backend checks against its data.
 */
export function changeCanRemoveAccess(change: AccessChange): boolean {
  switch (change.type) {
    case 'claims': {
      const c = change.change;
      return (
        c.removeExistingUnMentionedClaimBase ||
        c.claimEnumsToRemoveValue.length > 0 ||
        c.claimBaseToAddUpdate.some((g) => !g.allow || g.claimValue === Permission.GlobalDataAdmin)
      );
    }
    case 'claimGroups':
      return change.change.removeExistingUnMentionedClaimGroups || change.change.claimGroupsToRemove.length > 0;
    case 'members':
      return change.change.removeExistingUnMentioned || change.change.applicationUsersToRemove.length > 0;
    default:
      return true;
  }
}

// ---------------------------------------------------------------- from the contract's lists

/** The lists a screen holds, each read with every include flag on. */
export interface AccessLists {
  users: readonly ApplicationUser[];
  userGroups: readonly ApplicationUserGroup[];
  claimGroups: readonly ClaimGroup[];
}

const live = <T extends { isDeleted: boolean }>(rows: readonly T[] | null | undefined): T[] =>
  (rows ?? []).filter((r) => !r.isDeleted);

/**
 * The model of the lists a screen read (`ApplicationList`, `ApplicationUserGroupsList`,
 * `ClaimGroupsList`, each with every include flag on; a collection that is `null` counts as empty): their rows, as
 * {@link accessModelFromRows} builds a backend's. A user list read without memberships still learns them from the
 * groups' member lists.
 */
export function accessModelFromLists(lists: AccessLists): AccessModel {
  const grants = (holderKind: HolderKind, holderId: string, rows: ApplicationUser['claimEnumsInApplicationUsers']) =>
    live(rows).map(({ claimValue, allow, priorityOfPermission }) => ({ holderKind, holderId, claimValue, allow, priorityOfPermission }));
  const links = (holderKind: HolderKind, holderId: string, rows: ApplicationUser['claimGroupsInApplicationUsers']) =>
    live(rows).map((l) => ({ holderKind, holderId, claimGroupId: l.recordId }));
  const users = live(lists.users);
  const userGroups = live(lists.userGroups);
  const claimGroups = live(lists.claimGroups);
  const memberships = new Map<string, { userId: string; userGroupId: string }>();
  for (const m of [...users.flatMap((u) => live(u.applicationUserApplicationUserGroups)), ...userGroups.flatMap((g) => live(g.applicationUserApplicationUserGroups))]) {
    memberships.set(`${m.applicationUserId}:${m.applicationUserGroupId}`, { userId: m.applicationUserId, userGroupId: m.applicationUserGroupId });
  }
  return accessModelFromRows({
    users: users.map((u) => ({ id: u.id, enabled: u.isEnabled })),
    userGroupIds: userGroups.map((g) => g.id),
    claimGroups: claimGroups.map((g) => ({ id: g.id, name: g.name, builtIn: g.builtInGroup })),
    grants: [
      ...users.flatMap((u) => grants('user', u.id, u.claimEnumsInApplicationUsers)),
      ...userGroups.flatMap((g) => grants('userGroup', g.id, g.claimEnumsInApplicationUserGroups)),
      ...claimGroups.flatMap((g) => grants('claimGroup', g.id, g.claimEnumsInClaimGroups)),
    ],
    links: [
      ...users.flatMap((u) => links('user', u.id, u.claimGroupsInApplicationUsers)),
      ...userGroups.flatMap((g) => links('userGroup', g.id, g.claimGroupsInApplicationUserGroups)),
      ...claimGroups.flatMap((g) => links('claimGroup', g.id, g.claimGroupsInClaimGroups)),
    ],
    memberships: [...memberships.values()],
  });
}

// ---------------------------------------------------------------- from a backend's rows

/** The live rows of the permission tables, as a backend stores them: what {@link accessModelFromRows} builds on. */
export interface AccessRows {
  users: readonly { id: string; enabled: boolean }[];
  userGroupIds: readonly string[];
  claimGroups: readonly { id: string; name: string; builtIn: boolean }[];
  /** Claim grants: the holder's kind and id, and the grant. */
  grants: readonly (ClaimGrantInput & { holderKind: HolderKind; holderId: string })[];
  /** Claim groups granted to holders. */
  links: readonly { holderKind: HolderKind; holderId: string; claimGroupId: string }[];
  memberships: readonly { userId: string; userGroupId: string }[];
}

/**
 * The model of every live user, user group and claim group, from the rows a backend stores (the test fake's tables, the
 * server's): each holder with its own grants and claim groups; a user in the live user groups they are a member of.
 */
export function accessModelFromRows(rows: AccessRows): AccessModel {
  const key = (kind: HolderKind, id: string) => `${kind}:${id}`;
  const grants = new Map<string, ClaimGrantInput[]>();
  for (const { holderKind, holderId, claimValue, allow, priorityOfPermission } of rows.grants) {
    const list = grants.get(key(holderKind, holderId)) ?? [];
    list.push({ claimValue, allow, priorityOfPermission });
    grants.set(key(holderKind, holderId), list);
  }
  const links = new Map<string, string[]>();
  for (const { holderKind, holderId, claimGroupId } of rows.links) {
    const list = links.get(key(holderKind, holderId)) ?? [];
    list.push(claimGroupId);
    links.set(key(holderKind, holderId), list);
  }
  const holder = (kind: HolderKind, id: string): AccessHolder => ({ grants: grants.get(key(kind, id)) ?? [], claimGroupIds: links.get(key(kind, id)) ?? [] });
  const liveGroups = new Set(rows.userGroupIds);
  const groupsOf = new Map<string, string[]>();
  for (const { userId, userGroupId } of rows.memberships) {
    if (!liveGroups.has(userGroupId)) continue;
    const list = groupsOf.get(userId) ?? [];
    list.push(userGroupId);
    groupsOf.set(userId, list);
  }
  return {
    users: new Map(rows.users.map((u) => [u.id, { enabled: u.enabled, ...holder('user', u.id), userGroupIds: groupsOf.get(u.id) ?? [] }])),
    userGroups: new Map(rows.userGroupIds.map((id) => [id, holder('userGroup', id)])),
    claimGroups: new Map(
      rows.claimGroups.map((g) => {
        const { grants: own, claimGroupIds } = holder('claimGroup', g.id);
        return [g.id, { name: g.name, builtIn: g.builtIn, grants: own, subGroupIds: claimGroupIds }];
      }),
    ),
  };
}
