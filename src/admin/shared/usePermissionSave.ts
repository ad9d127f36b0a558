import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { ClaimGroupsChangeRequest, ClaimsChangeRequest } from '../../api/types';
import {
  claimGroupsChangeRequest,
  claimsChangeRequest,
  permissionChangeEntries,
  type PermissionChangeEntries,
  type PermissionChanges,
  type PermissionEntryTexts,
} from './permission-changes';

export interface PermissionSaveOptions {
  /** The user, user group or claim group whose grants are saved. */
  holderId: string;
  /** Adds, updates and removes the holder's claims. */
  saveClaims: Pick<UseMutationResult<unknown, Error, ClaimsChangeRequest>, 'mutateAsync'>;
  /** Grants and revokes the holder's claim groups. */
  saveGroups: Pick<UseMutationResult<unknown, Error, ClaimGroupsChangeRequest>, 'mutateAsync'>;
}

/**
 * The save flow of a permission panel: sends only the requests whose part changed (claims first, then claim groups),
 * then keeps the result dialog's entries; a failure keeps the error instead and leaves the selection to the caller.
 */
export function usePermissionSave({ holderId, saveClaims, saveGroups }: PermissionSaveOptions) {
  const [result, setResult] = useState<PermissionChangeEntries | null>(null);
  const [saveError, setSaveError] = useState<Error | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async (changes: PermissionChanges, texts: PermissionEntryTexts) => {
    setSaving(true);
    setSaveError(null);
    try {
      const claimsBody = claimsChangeRequest(holderId, changes.claims);
      if (claimsBody) await saveClaims.mutateAsync(claimsBody);
      const groupsBody = claimGroupsChangeRequest(holderId, changes.groups);
      if (groupsBody) await saveGroups.mutateAsync(groupsBody);
      setResult(permissionChangeEntries(changes, texts));
    } catch (error) {
      setSaveError(error instanceof Error ? error : new Error(String(error)));
    } finally {
      setSaving(false);
    }
  };

  return {
    save,
    saving,
    saveError,
    clearSaveError: () => setSaveError(null),
    /** The entries of the last successful save until the result dialog is closed; null while it is closed. */
    result,
    closeResult: () => setResult(null),
  };
}
