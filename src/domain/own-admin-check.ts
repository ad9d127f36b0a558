/**
 * "Would these changes take my own administrator access away?" — asked by the permission screens before they save,
 * answered by the backend (`POST /api/Claim/RemovesMyAdminAccess`, beyond the spec) so that a screen
 * never loads every user, user group and claim group to find out.
 *
 * The answer depends only on the caller, the user groups they are in, the user groups and claim groups the changes
 * name, and the claim groups all of those reach: {@link accessReferencesOf} says which, so a backend can load just
 * that part of its {@link AccessModel}; {@link changesRemoveOwnAdminAccess} then applies the changes in order with the
 * domain's `removesOwnAdminAccess`.
 */
import { applyAccessChange, removesOwnAdminAccess, type AccessChange, type AccessModel } from './access-model';
import { parseClaimGroupsChange, parseClaimsChange, parseUsersInGroupsChange, type HolderKind } from './claim-changes';
import { DomainError } from './errors';
import { field, isJsonRecord, requireJsonObject } from './json-body';

/** The most changes one question may hold (a screen sends one or two). */
export const MAX_OWN_ADMIN_CHANGES = 10;

/** The changes a screen may ask about: what its saves send. */
export type OwnAdminChange = Extract<AccessChange, { type: 'claims' | 'claimGroups' | 'members' }>;

const HOLDER_KINDS: readonly HolderKind[] = ['user', 'userGroup', 'claimGroup'];

/** Reads `{ changes: [{ type, holderKind?, change }] }`; 400 naming the offending field. */
export function parseOwnAdminChanges(value: unknown): OwnAdminChange[] {
  const body = requireJsonObject(value);
  const list = field(body, 'changes');
  if (!Array.isArray(list)) throw new DomainError(400, "'changes' must be an array.");
  if (list.length > MAX_OWN_ADMIN_CHANGES) {
    throw new DomainError(400, `'changes' has ${list.length} items; at most ${MAX_OWN_ADMIN_CHANGES} are allowed.`);
  }
  return list.map((item: unknown, index): OwnAdminChange => {
    const at = `changes[${index}]`;
    if (!isJsonRecord(item)) throw new DomainError(400, `'${at}' must be an object.`);
    const type = field(item, 'type');
    const change = field(item, 'change');
    if (type === 'members') return { type, change: parseUsersInGroupsChange(change) };
    if (type !== 'claims' && type !== 'claimGroups') {
      throw new DomainError(400, `'${at}.type' must be 'claims', 'claimGroups' or 'members'.`);
    }
    const holderKind = field(item, 'holderKind');
    if (typeof holderKind !== 'string' || !HOLDER_KINDS.includes(holderKind as HolderKind)) {
      throw new DomainError(400, `'${at}.holderKind' must be 'user', 'userGroup' or 'claimGroup'.`);
    }
    const kind = holderKind as HolderKind;
    return type === 'claims'
      ? { type, holderKind: kind, change: parseClaimsChange(change) }
      : { type, holderKind: kind, change: parseClaimGroupsChange(change) };
  });
}

/** The user groups and claim groups the changes name (besides the caller's own): a backend loads these too. */
export function accessReferencesOf(changes: readonly OwnAdminChange[]): { userGroupIds: string[]; claimGroupIds: string[] } {
  const userGroups = new Set<string>();
  const claimGroups = new Set<string>();
  for (const c of changes) {
    if (c.type === 'members') {
      for (const id of c.change.applicationUsersGroups) userGroups.add(id);
      continue;
    }
    const holders = c.type === 'claims' ? c.change.claimSets : c.change.claimGroupSets;
    for (const id of holders) {
      if (c.holderKind === 'userGroup') userGroups.add(id);
      if (c.holderKind === 'claimGroup') claimGroups.add(id);
    }
    if (c.type === 'claimGroups') for (const id of c.change.claimGroupsToAdd) claimGroups.add(id);
  }
  return { userGroupIds: [...userGroups], claimGroupIds: [...claimGroups] };
}

/**
 * Whether applying `changes` in order takes GlobalDataAdmin away from `callerId` at any step. `model` needs the
 * caller, their user groups and what {@link accessReferencesOf} names, with every claim group those reach; the rest
 * of the data cannot change the answer.
 */
export function changesRemoveOwnAdminAccess(model: AccessModel, callerId: string, changes: readonly AccessChange[]): boolean {
  let current = model;
  for (const change of changes) {
    if (removesOwnAdminAccess(current, callerId, change)) return true;
    current = applyAccessChange(current, change);
  }
  return false;
}
