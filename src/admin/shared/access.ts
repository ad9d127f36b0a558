import { Permission, type PermissionKey } from '../../api/enums';
import { routeRule } from '../../contract/route-access';
import { useCan, type ClaimName } from '../../permissions/useCan';
import { fillLabel, type Labels } from '../../query/labels';
import type { ActionAccess } from '../../ui/ActionButton';

/** The calls each admin action makes, as `METHOD /path` of the domain's route table (`ROUTE_RULES`). */
export const ADMIN_ACTION_ROUTES = {
  manageClaimGroups: [
    'POST /api/Claim/CreateNewClaimGroup',
    'PUT /api/Claim/RenameClaimGroup',
    'DELETE /api/Claim/DeleteClaimGroupByName',
  ],
  manageUserGroups: [
    'POST /api/Claim/CreateNewApplicationUserGroup',
    'PUT /api/Claim/RenameAppUserGroup',
    'DELETE /api/Claim/DeleteAppUserGroup',
  ],
  assignClaims: [
    'POST /api/Claim/AddRemoveUpdateClaimsToAppUserOrUsers',
    'POST /api/Claim/AddRemoveUpdateClaimsToClaimGroupOrClaimGroups',
    'POST /api/Claim/AddRemoveUpdateClaimsToAppUserGroupOrUserGroups',
  ],
  assignClaimGroups: [
    'POST /api/Claim/AddRemoveUpdateClaimGroupsToAppUserOrUsers',
    'POST /api/Claim/AddRemoveUpdateClaimGroupsToClaimGroupOrClaimGroups',
    'POST /api/Claim/AddRemoveUpdateClaimGroupsToAppUserGroupOrUserGroups',
  ],
  assignUsersToGroups: ['POST /api/Claim/AddRemoveUpdateAppUsersInAppuserGroups'],
  fullSync: ['POST /api/Claim/FullSyncAndReturnExternalUsers'],
} as const satisfies Record<string, readonly `${'POST' | 'PUT' | 'DELETE'} /api/${string}`[]>;

/** An action of the admin screens that changes something on the server. */
export type AdminAction = keyof typeof ADMIN_ACTION_ROUTES;

const PERMISSION_KEYS = new Map<number, PermissionKey>(
  (Object.entries(Permission) as [PermissionKey, number][]).map(([key, value]) => [value, key]),
);

/** The one server claim the routes of `action` require, read from the route table. */
function claimOfAction(action: AdminAction): PermissionKey {
  const keys = new Set(
    ADMIN_ACTION_ROUTES[action].map((route) => {
      const [method = '', path = ''] = route.split(' ');
      const claim = routeRule(method, path)?.claim;
      const key = typeof claim === 'number' ? PERMISSION_KEYS.get(claim) : undefined;
      // A programming error, caught by the tests: every action route is in the table and needs a server claim.
      if (!key) throw new Error(`The route table has no server claim for ${route}.`);
      return key;
    }),
  );
  if (keys.size !== 1) throw new Error(`The routes of ${action} need different claims: ${[...keys].join(', ')}.`);
  return [...keys][0] as PermissionKey;
}

/**
 * The claim each admin action needs: derived from the domain's route table (the one the server mounts its routes with
 * and the fake enforces) for the calls the action makes, so a control is offered exactly when the server would accept
 * it.
 */
export const ADMIN_ACTION_CLAIMS: Readonly<Record<AdminAction, PermissionKey>> = Object.freeze(
  Object.fromEntries(
    (Object.keys(ADMIN_ACTION_ROUTES) as AdminAction[]).map((action) => [action, claimOfAction(action)]),
  ) as Record<AdminAction, PermissionKey>,
);

/** What the signed-in user may do on the admin screens, each as `{ can, reason }`. */
export type AdminAccess = { [K in AdminAction]: ActionAccess };

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
