/** Texts of the effective-permissions panel ("why can they?"), spread into `defaultLabels`. */
export const effectivePermissionsLabels = {
  effectivePermissions: 'Effective permissions',
  effectivePermissionsShow: 'Why can they? Show effective permissions',
  effectivePermissionsHide: 'Hide effective permissions',
  effectivePermissionsIntro:
    'Every permission this {holder} ends up with, from their own grants, their user groups and every role those reach (nested roles included). Where a permission is granted more than once, the highest priority wins; at equal priority a deny wins.',
  effectivePermissionsIntroRole:
    'Every permission this role grants, from its own grants and every role it nests. Where a permission is granted more than once, the highest priority wins; at equal priority a deny wins.',
  effectivePermissionsSearch: 'Search effective permissions',
  effectivePermissionsEmpty: 'No permissions: nothing is granted to this {holder}, directly or through groups and roles.',
  effectivePermissionsNoMatch: 'No permission matches the search.',
  effectivePermissionsFailed: 'Failed to load the effective permissions. Please try again.',
  effectivePermissionColumn: 'Permission',
  effectivePermissionResult: 'Result',
  effectivePermissionPriority: 'Priority',
  effectivePermissionFrom: 'Comes from',
  effectivePermissionOverruled: 'Overruled',
  effectiveAllowed: 'Allowed',
  effectiveDenied: 'Denied',
  overruledLowerPriority: 'lower priority',
  overruledDenyWinsTie: 'a deny wins at equal priority',
  overruledSameOutcome: 'same priority, same result',
  directGrant: 'granted directly',
} as const;
