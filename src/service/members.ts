/**
 * Users in user groups (`AddRemoveUpdateAppUsersInAppuserGroups` of docs/spec.md, Calls): add users to and remove
 * users from user groups, record what changed for each group in the change history, and answer the groups'
 * resulting memberships. Written once for both backends against {@link MembersStore} (the fake:
 * src/testing/claims-model.ts; the server: example-host/server/routes/assignments.ts). The body is read and checked
 * (`parseUsersInGroupsChange`) by the caller; the access guards run here, first.
 */
import type { ApplicationUserApplicationUserGroup, UsersInGroupsChangeRequest } from '../contract/types';
import { historyEntriesOf, memberItems } from '../domain';
import { guardAccess, requireHolders, type HolderStore } from './holders';
import type { Actor, Clock, Ids } from './ports';

/** One membership to store: the user `applicationUserId` is in the group `applicationUserGroupId`. */
export interface MemberWrite {
  applicationUserId: string;
  applicationUserGroupId: string;
}

/** The reads and writes a change of members needs; every method works inside the caller's transaction. */
export interface MembersStore extends HolderStore {
  /** Each group's live memberships of live users (with their `applicationUser`) by group id, in the order the answer shows them. */
  membersByGroup(groupIds: readonly string[]): Promise<ReadonlyMap<string, readonly ApplicationUserApplicationUserGroup[]>>;
  /** Removes the memberships with these ids. */
  removeMembers(membershipIds: readonly string[]): Promise<void>;
  /** Stores each write as a live membership (a new row named by the store's own ids, or a deleted one brought back) at `now`. */
  addMembers(members: readonly MemberWrite[], now: Date): Promise<void>;
}

/** What {@link changeMembers} works with. */
export interface MembersPorts {
  store: MembersStore;
  clock: Clock;
  ids: Ids;
}

/** What a change does to the groups' memberships, and whose claims it changes (the users who left or joined). */
export interface MembersPlan {
  removals: string[];
  additions: MemberWrite[];
  users: string[];
}

/**
 * The memberships a change removes and adds, given each group's members before it: a membership goes when its user is
 * in `applicationUsersToRemove` or, with `removeExistingUnMentioned`, not in `applicationUsersToAdd`; each user of
 * `applicationUsersToAdd` who is not (or no longer) in the group joins it.
 */
export function planMembersChange(
  change: UsersInGroupsChangeRequest,
  before: ReadonlyMap<string, readonly ApplicationUserApplicationUserGroup[]>,
): MembersPlan {
  const toAdd = new Set(change.applicationUsersToAdd);
  const toRemove = new Set(change.applicationUsersToRemove);
  const plan: MembersPlan = { removals: [], additions: [], users: [] };
  const users = new Set<string>();
  for (const groupId of new Set(change.applicationUsersGroups)) {
    const stays = new Set<string>();
    for (const m of before.get(groupId) ?? []) {
      if (toRemove.has(m.applicationUserId) || (change.removeExistingUnMentioned && !toAdd.has(m.applicationUserId))) {
        plan.removals.push(m.id);
        users.add(m.applicationUserId);
      } else stays.add(m.applicationUserId);
    }
    for (const applicationUserId of toAdd) {
      if (stays.has(applicationUserId)) continue;
      plan.additions.push({ applicationUserId, applicationUserGroupId: groupId });
      users.add(applicationUserId);
    }
  }
  plan.users = [...users];
  return plan;
}

/**
 * Stores a change of users in user groups and records it in the change history. Refuses, before anything is stored,
 * what the access guards refuse (409), an unknown group or user (404, naming its field). Only the users who left or joined have their claims reported
 * changed. Answers the groups' resulting memberships, group by group in `applicationUsersGroups` order.
 */
export async function changeMembers(
  { store, clock, ids }: MembersPorts,
  change: UsersInGroupsChangeRequest,
  actor: Actor,
): Promise<ApplicationUserApplicationUserGroup[]> {
  await guardAccess(store, { type: 'members', change });
  const names = await requireHolders(store, 'userGroup', change.applicationUsersGroups, 'applicationUsersGroups');
  await requireHolders(store, 'user', change.applicationUsersToAdd, 'applicationUsersToAdd');
  await requireHolders(store, 'user', change.applicationUsersToRemove, 'applicationUsersToRemove');
  const before = await store.membersByGroup(change.applicationUsersGroups);
  const plan = planMembersChange(change, before);
  const now = clock.now();
  if (plan.removals.length) await store.removeMembers(plan.removals);
  if (plan.additions.length) await store.addMembers(plan.additions, now);
  if (plan.users.length) await store.claimsChanged('user', plan.users);
  const after = await store.membersByGroup(change.applicationUsersGroups);
  const itemsOf = (byGroup: ReadonlyMap<string, readonly ApplicationUserApplicationUserGroup[]>) =>
    new Map([...byGroup].map(([id, members]) => [id, memberItems(members)]));
  const entries = historyEntriesOf('userGroup', 'members', actor, names, itemsOf(before), itemsOf(after));
  if (entries.length) await store.recordHistory(entries.map((entry) => ({ id: ids.newId(), at: now, ...entry })));
  return change.applicationUsersGroups.flatMap((id) => after.get(id) ?? []);
}
