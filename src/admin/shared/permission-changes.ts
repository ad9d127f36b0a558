/**
 * What saving a permission panel changes: the diff between a holder's grants and the selection, the request bodies
 * that apply it, and the entries of the result dialog. Shared by 'Configure Role' (claim groups) and 'Role & Permission
 * Management' (users and user groups). No React.
 */
import type { ClaimBase, ClaimGroupsChangeRequest, ClaimsChangeRequest } from '../../api/types';
import type { ResultDialogEntry } from '../../ui/ResultDialog';
import type { AdminLabels } from '../admin-labels';
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

/** The body that adds, updates and removes the holder's claims; null when the claims are unchanged. */
export function claimsChangeRequest(holderId: string, claims: PermissionDiff): ClaimsChangeRequest | null {
  if (claims.toAddUpdate.length === 0 && claims.toRemove.length === 0) return null;
  return {
    claimSets: [holderId],
    claimBaseToAddUpdate: claims.toAddUpdate,
    claimEnumsToRemoveValue: claims.toRemove,
    removeExistingUnMentionedClaimBase: false,
  };
}

/** The body that grants and revokes the holder's claim groups; null when they are unchanged. */
export function claimGroupsChangeRequest(
  holderId: string,
  groups: PermissionChanges['groups'],
): ClaimGroupsChangeRequest | null {
  if (groups.toAdd.length === 0 && groups.toRemove.length === 0) return null;
  return {
    claimGroupSets: [holderId],
    claimGroupsToAdd: groups.toAdd,
    claimGroupsToRemove: groups.toRemove,
    removeExistingUnMentionedClaimGroups: false,
  };
}

/** A claim's priority and allow as shown in the result dialog, e.g. 'priority 2, allow'. */
export function describeClaim(
  claim: ClaimBase,
  labels: Pick<AdminLabels, 'priority' | 'allowed' | 'denied'>,
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
