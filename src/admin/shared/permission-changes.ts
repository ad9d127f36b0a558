/**
 * What saving a permission panel changes: the diff between a holder's grants and the selection, the request bodies
 * that apply it, and the entries of the result dialog. Shared by 'Configure Role' (claim groups) and 'Role & Permission
 * Management' (users and user groups). No React.
 */
import type { ClaimBase } from '../../api/types';
import type { Labels } from '../../query/labels';
import type { PermissionSave } from '../../query/permission-save';
import type { ResultDialogEntry } from '../../ui/ResultDialog';
import { diffIds, diffPermissions, type PermissionDiff } from '../PermissionEditor/permission-model';

/** A holder's claims and claim group ids, as granted or as selected. */
export interface PermissionState {
  selection: readonly ClaimBase[];
  groupIds: readonly string[];
}

/** What a save changes: the holder's own claims and its claim groups (sub-claim groups of a claim group). */
export interface PermissionChanges {
  claims: PermissionDiff;
  groups: { toAdd: string[]; toRemove: string[] };
}

/** The entries of the result dialog, by section. */
export interface PermissionChangeEntries {
  added: ResultDialogEntry[];
  removed: ResultDialogEntry[];
  updated: ResultDialogEntry[];
}

/** How the entries of the result dialog name what changed. */
export interface PermissionEntryTexts {
  /** The catalogue key of a claim value, e.g. 'Form_Add'. */
  keyOf: (claimValue: number) => string;
  /** The name of a claim group id. */
  groupName: (id: string) => string;
  /** Description of an added or removed claim group, e.g. 'sub-claim group'. */
  groupDescription: string;
  /** Priority and allow of a claim, e.g. 'priority 2, allow'; see {@link describeClaim}. */
  describe: (claim: ClaimBase) => string;
}

/** Compares the selection with what the holder has. */
export function permissionChanges(current: PermissionState, selected: PermissionState): PermissionChanges {
  return {
    claims: diffPermissions(current.selection, selected.selection),
    groups: diffIds(current.groupIds, selected.groupIds),
  };
}

/**
 * The one save that applies `changes` to the holder (claims, then claim groups; see `savePermissions`). `current` is
 * what the holder has, so a failed second call can restore it.
 */
export function permissionSaveOf(holderId: string, current: PermissionState, changes: PermissionChanges): PermissionSave {
  const { claims, groups } = changes;
  return {
    holderId,
    claims:
      claims.toAddUpdate.length + claims.toRemove.length > 0
        ? { before: current.selection, addUpdate: claims.toAddUpdate, remove: claims.toRemove }
        : null,
    claimGroups: groups.toAdd.length + groups.toRemove.length > 0 ? { add: groups.toAdd, remove: groups.toRemove } : null,
  };
}

/** Whether `changes` change anything. */
export function hasChanges(changes: PermissionChanges): boolean {
  const { claims, groups } = changes;
  return claims.toAddUpdate.length + claims.toRemove.length + groups.toAdd.length + groups.toRemove.length > 0;
}

/** Which parts of the holder `changes` touch: its own claims, its claim groups (sub-groups), or both. */
export function changedParts(changes: PermissionChanges): { claims: boolean; groups: boolean } {
  return {
    claims: changes.claims.toAddUpdate.length + changes.claims.toRemove.length > 0,
    groups: changes.groups.toAdd.length + changes.groups.toRemove.length > 0,
  };
}

/** A claim's priority and allow as shown in the result dialog, e.g. 'priority 2, allow'. */
export function describeClaim(
  claim: ClaimBase,
  labels: Pick<Labels, 'priority' | 'allowed' | 'denied'>,
): string {
  const allow = claim.allow ? labels.allowed : labels.denied;
  return `${labels.priority.toLowerCase()} ${claim.priorityOfPermission}, ${allow}`;
}

/**
 * The result dialog's entries: added claims with their priority and allow, then added claim groups; removed claims,
 * then removed claim groups; updated claims as 'before → after'.
 */
export function permissionChangeEntries(
  changes: PermissionChanges,
  texts: PermissionEntryTexts,
): PermissionChangeEntries {
  const { claims, groups } = changes;
  const { keyOf, describe } = texts;
  const groupEntry = (id: string): ResultDialogEntry => ({
    key: `group:${id}`,
    label: texts.groupName(id),
    description: texts.groupDescription,
  });
  return {
    added: [
      ...claims.added.map((c) => ({ key: c.claimValue, label: keyOf(c.claimValue), description: describe(c) })),
      ...groups.toAdd.map(groupEntry),
    ],
    removed: [
      ...claims.removed.map((c) => ({ key: c.claimValue, label: keyOf(c.claimValue) })),
      ...groups.toRemove.map(groupEntry),
    ],
    updated: claims.updated.map(({ before, after }) => ({
      key: after.claimValue,
      label: keyOf(after.claimValue),
      description: `${describe(before)} → ${describe(after)}`,
    })),
  };
}

/** Whether the entries list anything. */
export function hasEntries(entries: PermissionChangeEntries): boolean {
  return entries.added.length + entries.removed.length + entries.updated.length > 0;
}
