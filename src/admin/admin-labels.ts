import { useApi } from '../query/APIProvider';
import type { Labels } from '../query/labels';

/**
 * Texts of the admin screens that the spec leaves to us. The spec's own texts (headings, confirmations, error
 * alerts) come from the `APIProvider` labels, so a host overrides them in one place.
 */
export const DEFAULT_ADMIN_EXTRA_LABELS = {
  groupName: 'Group name',
  claimGroup: 'Claim group',
  claimGroupPlaceholder: 'Pick a claim group',
  noClaimGroups: 'No claim groups yet. Create one above.',
  loadingClaimGroups: 'Loading claim groups…',
  rename: 'Rename',
  renameClaimGroupTitle: 'Rename claim group',
  newGroupName: 'New group name',
  delete: 'Delete',
  deleteClaimGroupTitle: "Delete claim group '{name}'?",
  cancel: 'Cancel',
  subClaimGroups: 'Sub-claim groups',
  claimGroups: 'Claim groups',
  claimTypes: 'Claim types',
  serverClaims: 'Server',
  uxClaims: 'UX',
  tableClaims: 'Table',
  permissionCategories: 'Permission categories',
  noClaimTypeSelected: 'Pick at least one claim type to see its permissions.',
  loadingClaims: 'Loading claims…',
  selectAllIn: 'Select all {category}',
  buttonsCategory: 'Buttons',
  menusCategory: 'Menus',
  tableCategory: 'Row-level permissions',
  individualPermissions: 'Individual permissions',
  noPermissionsSelected: 'No permissions selected.',
  permission: 'Permission',
  priority: 'Priority',
  priorityOf: 'Priority of {key}',
  priorityRange: '{min}–{max}',
  allow: 'Allow',
  allowKey: 'Allow {key}',
  denied: 'deny',
  allowed: 'allow',
  groupCreatedMessage: "Role group '{name}' has been created successfully.",
  permissionChangesTitle: 'Permission changes',
  claimsChangedMessage: "Claims successfully added to, removed from or updated for claim group '{name}'.",
  subGroupEntry: 'sub-claim group',
  clearAllTitle: 'Clear all selected items?',
  // User & Role Management
  user: 'User',
  userGroup: 'User Group',
  userPlaceholder: 'Pick a user',
  userGroupPlaceholder: 'Pick a user group',
  noUsers: 'No users yet. Run Full Sync to import them from the identity provider.',
  noUserGroups: 'No user groups yet. Create one above.',
  loadingUsers: 'Loading users…',
  loadingUserGroups: 'Loading user groups…',
  refreshUsers: 'Refresh users',
  refreshUserGroups: 'Refresh user groups',
  fullSyncDone: 'Full Sync finished: {count} users synced from the identity provider.',
  displayNameCountMismatch:
    'The display-name function returned {received} names for {expected} users, so account names are shown instead.',
  edit: 'Edit',
  editUserGroupTitle: 'Edit user group',
  deleteUserGroupTitle: "Delete user group '{name}'?",
  userGroupCreatedMessage: "User group '{name}' has been created successfully.",
  saveMembers: 'Save members',
  membersChangedTitle: 'Group members updated',
  usersAddedMessage: "Users successfully added to application user group '{name}'.",
  usersRemovedMessage: "Users successfully removed from application user group '{name}'.",
  userClaimsChangedMessage: "Claims successfully added to, removed from or updated for user '{name}'.",
  userGroupClaimsChangedMessage: "Claims successfully added to, removed from or updated for user group '{name}'.",
} as const;

/** Every text of the admin screens: the provider's labels plus {@link DEFAULT_ADMIN_EXTRA_LABELS}. */
export type AdminLabels = Labels & { [K in keyof typeof DEFAULT_ADMIN_EXTRA_LABELS]: string };

/** The admin texts: defaults, then the provider's labels, then the component's `labels` prop. */
export function useAdminLabels(overrides?: Partial<AdminLabels>): AdminLabels {
  const { labels } = useApi();
  return { ...DEFAULT_ADMIN_EXTRA_LABELS, ...labels, ...overrides };
}

/** Fills `{name}` placeholders of a label. */
export function fillLabel(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
