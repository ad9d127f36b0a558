import type { PermissionKey } from '../../api/enums';
import { useCan, type ClaimName } from '../../permissions/useCan';
import { fillLabel, type Labels } from '../../query/labels';
import type { ActionAccess } from '../../ui/ActionButton';

/**
 * The claim each admin action needs: the claim the backends require for the call the action makes (the server's
 * route table), so a control is offered exactly when the server would accept it.
 */
export const ADMIN_ACTION_CLAIMS = {
  /** CreateNewClaimGroup, RenameClaimGroup, DeleteClaimGroupByName. */
  manageClaimGroups: 'Claim_ManageClaimGroups',
  /** CreateNewApplicationUserGroup, RenameAppUserGroup, DeleteAppUserGroup. */
  manageUserGroups: 'Claim_ManageUserGroups',
  /** AddRemoveUpdateClaimsTo…. */
  assignClaims: 'Claim_AssignClaims',
  /** AddRemoveUpdateClaimGroupsTo…. */
  assignClaimGroups: 'Claim_AssignClaimGroups',
  /** AddRemoveUpdateAppUsersInAppuserGroups. */
  assignUsersToGroups: 'Claim_AssignUsersToGroups',
  /** FullSyncAndReturnExternalUsers. */
  fullSync: 'Claim_FullSync',
} as const satisfies Record<string, PermissionKey>;

/** What the signed-in user may do on the admin screens, each as `{ can, reason }`. */
export type AdminAccess = { [K in keyof typeof ADMIN_ACTION_CLAIMS]: ActionAccess };

const ALLOWED: ActionAccess = { can: true };

/** `{ can, reason }` of one claim for the signed-in user, the reason in the user's words. */
export function useClaimAccess(claim: ClaimName, labels: Labels): ActionAccess {
  const result = useCan(claim);
  if (result.can) return ALLOWED;
  if (result.isLoading) return { can: false, reason: labels.checkingAccess, pending: true };
  if (result.reason === 'error') return { can: false, reason: labels.accessCheckFailedReason };
  return { can: false, reason: fillLabel(labels.missingClaim, { claim }) };
}

/** Every admin action's access for the signed-in user (one access check, the same rule the server applies). */
export function useAdminAccess(labels: Labels): AdminAccess {
  return {
    manageClaimGroups: useClaimAccess(ADMIN_ACTION_CLAIMS.manageClaimGroups, labels),
    manageUserGroups: useClaimAccess(ADMIN_ACTION_CLAIMS.manageUserGroups, labels),
    assignClaims: useClaimAccess(ADMIN_ACTION_CLAIMS.assignClaims, labels),
    assignClaimGroups: useClaimAccess(ADMIN_ACTION_CLAIMS.assignClaimGroups, labels),
    assignUsersToGroups: useClaimAccess(ADMIN_ACTION_CLAIMS.assignUsersToGroups, labels),
    fullSync: useClaimAccess(ADMIN_ACTION_CLAIMS.fullSync, labels),
  };
}

/**
 * Whether an input that changes something must be read-only: the action is denied, not merely still being checked
 * (typing while the permissions load is kept; only the submit waits).
 */
export function isDenied(access: ActionAccess): boolean {
  return !access.can && !access.pending;
}

/** The first denied access of `accesses` (with its reason), or allowed when all allow. */
export function allOf(...accesses: readonly ActionAccess[]): ActionAccess {
  return accesses.find((a) => !a.can) ?? ALLOWED;
}

/** Denied without a reason to show (e.g. a blank name: the empty field says enough), or with `reason`. */
export function denied(reason?: string): ActionAccess {
  return reason ? { can: false, reason } : { can: false };
}

/** Allowed unless `condition` holds, then denied with `reason`. */
export function unless(condition: boolean, reason?: string): ActionAccess {
  return condition ? denied(reason) : ALLOWED;
}
