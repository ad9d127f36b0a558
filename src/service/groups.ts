/**
 * Creating and renaming user groups and claim groups (`CreateNewApplicationUserGroup`, `RenameAppUserGroup`,
 * `CreateNewClaimGroup`, `RenameClaimGroup` of docs/spec.md, Calls): the domain's name rules against every row of the
 * group's table (a deleted group's name stays taken), then the row, then the group as the API shows it. Written once
 * for both backends against {@link GroupsStore}.
 */
import type { ApplicationUserGroup, ClaimGroup } from '../contract/types';
import {
  assertGroupNameFree,
  claimGroupNotFound,
  findGroupByName,
  userGroupNotFound,
  type ClaimGroupIncludeFlags,
  type GroupKind,
  type UserGroupIncludeFlags,
} from '../domain';
import type { Clock, Ids } from './ports';

/** A group row as the name rules read it. */
export interface GroupRow {
  id: string;
  name: string;
  isDeleted: boolean;
}

/** The reads and writes creating and renaming a group needs; every method works inside the caller's transaction. */
export interface GroupsStore {
  /** Every group of the table, live and deleted. */
  groupRows(kind: GroupKind): Promise<readonly GroupRow[]>;
  /** Stores a new group (a claim group: not built in) at `now`. */
  insertGroup(kind: GroupKind, id: string, name: string, now: Date): Promise<void>;
  /** Gives the group `id` its new name at `now`. */
  renameGroup(kind: GroupKind, id: string, name: string, now: Date): Promise<void>;
  /** The user group `id` with the collections `include` asks for. */
  userGroupOf(id: string, include: UserGroupIncludeFlags): Promise<ApplicationUserGroup>;
  /** The claim group `id` with the collections `include` asks for. */
  claimGroupOf(id: string, include: ClaimGroupIncludeFlags): Promise<ClaimGroup>;
}

/** What the group use cases work with. */
export interface GroupsPorts {
  store: GroupsStore;
  clock: Clock;
  ids: Ids;
}

/** Stores a new group named `name` (already normalized); 409 when the name is taken. Answers its id. */
export async function createGroup({ store, clock, ids }: GroupsPorts, kind: GroupKind, name: string): Promise<string> {
  assertGroupNameFree(await store.groupRows(kind), name, kind);
  const id = ids.newId();
  await store.insertGroup(kind, id, name, clock.now());
  return id;
}

/**
 * Renames a live group, named by its id (`{ id }`) or by its current name (`{ name }`, trimmed); 404 when there is none,
 * 409 when the new name is taken. Answers its id.
 */
export async function renameGroup(
  { store, clock }: Pick<GroupsPorts, 'store' | 'clock'>,
  kind: GroupKind,
  group: { id: string } | { name: string },
  name: string,
): Promise<string> {
  const rows = await store.groupRows(kind);
  const live = rows.filter((row) => !row.isDeleted);
  const found = 'id' in group ? live.find((row) => row.id.toLowerCase() === group.id) : findGroupByName(live, group.name);
  if (!found) throw 'id' in group ? userGroupNotFound(group.id) : claimGroupNotFound(group.name);
  assertGroupNameFree(rows, name, kind, found.id);
  await store.renameGroup(kind, found.id, name, clock.now());
  return found.id;
}
