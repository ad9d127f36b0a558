import { useCallback } from 'react';
import {
  accessModelFromLists,
  applyAccessChange,
  changeCanRemoveAccess,
  removesOwnAdminAccess,
  type AccessChange,
} from '../../domain/access-model';
import { useApi } from '../../query/APIProvider';
import type { PermissionHolderKind, PermissionSave } from '../../query/permission-save';
import { claimQueries } from '../../query/queries';

/** The calls a {@link PermissionSave} makes, in order, as the domain's access changes. */
export function accessChangesOf(kind: PermissionHolderKind, save: PermissionSave): AccessChange[] {
  const changes: AccessChange[] = [];
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
 * Whether access changes would take GlobalDataAdmin away from the signed-in user — the domain's
 * `removesOwnAdminAccess` over the users, user groups and claim groups as listed (the cached lists, else loaded). Only a change that
 * can remove access loads anything; when the lists cannot be read (e.g. the user may not read users), it answers false
 * and the server's own guard still stands.
 */
export function useOwnAdminCheck() {
  const { client, queryClient } = useApi();
  return useCallback(
    async (changes: readonly AccessChange[]): Promise<boolean> => {
      if (!changes.some(changeCanRemoveAccess)) return false;
      try {
        const [session, users, userGroups, claimGroups] = await Promise.all([
          queryClient.ensureQueryData(claimQueries.mySessionData(client)),
          queryClient.ensureQueryData(claimQueries.users(client)),
          queryClient.ensureQueryData(claimQueries.userGroups(client)),
          queryClient.ensureQueryData(claimQueries.claimGroups(client)),
        ]);
        const me = session?.userId;
        if (!me) return false;
        let model = accessModelFromLists({ users, userGroups, claimGroups });
        for (const change of changes) {
          if (removesOwnAdminAccess(model, me, change)) return true;
          model = applyAccessChange(model, change);
        }
        return false;
      } catch {
        return false;
      }
    },
    [client, queryClient],
  );
}
