/**
 * Every user-visible text of the library, English by default (DESIGN §6). A host overrides any of
 * them through the `labels` prop of `APIProvider`.
 */
export const defaultLabels = {
  // Sign-in callback (spec §2)
  signInFinishingTitle: 'Finishing sign in…',
  signInFinishingMessage: 'Please wait while we complete the login.',
  signInSuccessTitle: 'Signed in',
  signInSuccessMessage: 'You have successfully logged in. Redirecting…',
  signInFailedTitle: 'Sign in failed',
  signInFailedMessage: "We couldn't sign you in. Please try again.",
  tryAgain: 'Try again',
  // Role Management (spec §2)
  roleManagementTitle: 'Role Management',
  roleManagementSubtitle: 'Create and manage claim groups with their associated permissions',
  configureRole: 'Configure Role',
  // User & Role Management (spec §2)
  userRoleManagementTitle: 'User & Role Management',
  usersTab: 'Users',
  userGroupsTab: 'User Groups',
  fullSync: 'Full Sync',
  syncing: 'Syncing...',
  groupMembers: 'Group Members',
  roleAndPermissionManagement: 'Role & Permission Management',
  createGroup: 'Create Group',
  saveChanges: 'Save Changes',
  clearAll: 'Clear All',
  close: 'Close',
  // Confirmations (spec §5)
  clearAllConfirm: 'Are you sure you want to clear all selected items? This action cannot be undone.',
  deleteConfirm: 'This action cannot be undone.',
  deleteClaimGroupConfirm: 'All permissions and sub-groups associated with this role will be removed.',
  deleteUserGroupConfirm: 'All members and permissions associated with this group will be removed.',
  // Result dialog (spec §2)
  noPermissionChanges: 'No changes were made to the permissions.',
  added: 'Added',
  removed: 'Removed',
  updated: 'Updated',
  groupCreatedTitle: 'Group Created Successfully',
  // Error alerts (spec §8)
  failedToLoadClaimGroups: 'Failed to load claim groups. Please try again.',
  failedToLoadClaims: 'Failed to load claims. Please try again.',
  failedToLoadPermissions: 'Failed to load permissions. Please try again.',
  failedToLoadUsers: 'Failed to load users. Please try again.',
  failedToLoadUserGroups: 'Failed to load user groups. Please try again.',
  // Router (spec §2, §8)
  notFound: 'Not Found',
  somethingWentWrong: 'Something went wrong!',
  showError: 'Show Error',
  hideError: 'Hide Error',
} as const;

/** The full set of texts. */
export type Labels = { [K in keyof typeof defaultLabels]: string };

/** Merges host overrides over the English defaults. */
export function resolveLabels(overrides?: Partial<Labels>): Labels {
  return overrides ? { ...defaultLabels, ...overrides } : defaultLabels;
}
