import { useCallback } from 'react';
import { changeCanRemoveAccess } from '../../domain/access-model';
import type { OwnAdminChange } from '../../domain/own-admin-check';
import { useApi } from '../../query/APIProvider';
import type { PermissionHolderKind, PermissionSave } from '../../query/permission-save';

/** The calls a {@link PermissionSave} makes, in order, as the domain's access changes. */
export function accessChangesOf(kind: PermissionHolderKind, save: PermissionSave): OwnAdminChange[] {
  const changes: OwnAdminChange[] = [];
  if (save.claims && save.claims.addUpdate.length + save.claims.remove.length > 0)
    changes.push({
      type: 'claims',
      holderKind: kind,
      change: {
        claimSets: [save.holderId],
        claimBaseToAddUpdate: [...save.claims.addUpdate],
        claimEnumsToRemoveValue: [...save.claims.remove],
        removeExistingUnMentionedClaimBase: false,
      },
    });
  if (save.claimGroups && save.claimGroups.add.length + save.claimGroups.remove.length > 0)
    changes.push({
      type: 'claimGroups',
      holderKind: kind,
      change: {
        claimGroupSets: [save.holderId],
        claimGroupsToAdd: [...save.claimGroups.add],
        claimGroupsToRemove: [...save.claimGroups.remove],
        removeExistingUnMentionedClaimGroups: false,
      },
    });
  return changes;
}

/**
 * Whether access changes would take GlobalDataAdmin away from the signed-in user. Only a change that can remove access
 * asks anything: the server answers (`RemovesMyAdminAccess`, the domain's `removesOwnAdminAccess` over the caller's own
 * part of the access model), so no screen loads every user, user group and claim group to find out. When
 * the server cannot answer, it says false and the server's own guard on the write still stands.
 */
export function useOwnAdminCheck() {
  const { client } = useApi();
  return useCallback(
    async (changes: readonly OwnAdminChange[]): Promise<boolean> => {
      if (!changes.some(changeCanRemoveAccess)) return false;
      try {
        return (await client.claim.removesMyAdminAccess(changes)) === true;
      } catch {
        return false;
      }
    },
    [client],
  );
}
