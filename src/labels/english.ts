import { builtInGroupDeleteReason } from '../domain/built-in-claim-groups';
import { effectivePermissionsLabels } from './effective-permissions-labels';
import { historyLabels } from './history-labels';
import { searchLabels } from './search-labels';
import { formViewerLabels } from './forms-labels';
import { adminHomeLabels } from './admin-home-labels';
import { formManagerLabels } from './form-manager-labels';
import { formBuilderLabels } from './form-builder-labels';
import { formsAdminLabels } from './forms-admin-labels';
import { formInstanceListLabels } from './form-instance-list-labels';
import { instanceDetailLabels } from './instance-detail-labels';
import { instanceSummaryLabels } from './instance-summary-labels';
import { pdfFormsLabels } from './pdf-forms-labels';
import { builderSaveLabels } from './builder-save-labels';
import { builderPropertiesLabels } from './builder-properties-labels';
import { signingLabels } from './signing-labels';
import { signDocumentLabels } from './sign-document-labels';
import { mailLabels } from './mail-labels';
import { fillLabel, sharedLabels } from './shared-labels';
import { routerLabels } from './router-labels';
import { builderTemplateLabels, builderWidgetLabels } from './builder-template-labels';
import { envelopeStatusLabels } from './envelope-status-labels';
import { claimDescriptionLabels } from './claim-labels';

// Built in a function marked pure: the spreads and the call below would otherwise count as side effects, and a bundle
// that never reads `englishLabels` (the public viewer, when a bundler puts this module in a chunk with the viewer's)
// could not drop the object.
/**
 * The English pack: every user-visible text of the library in one object, and the library's default
 * (docs/decisions.md, Texts and labels): the spec's texts verbatim and the texts the spec leaves to us. A host
 * overrides any of them through the `labels` prop of `APIProvider`; a screen's own `labels` prop overrides them for
 * that screen. Components never carry defaults of their own. `{name}`-style placeholders are filled by
 * {@link fillLabel}. The German and French packs (`@ccq/forms-admin/locales/de`, `…/fr`) hold the same keys.
 *
 * @example
 * ```tsx
 * import { APIProvider, englishLabels } from '@ccq/forms-admin';
 * <APIProvider baseUrl="/" labels={{ ...englishLabels, saveChanges: 'Save' }}>…</APIProvider>
 * ```
 */
export const englishLabels = /* @__PURE__ */ (() => ({
  // Sign-in callback (docs/spec.md, Screens and routes)
  signInFinishingTitle: 'Finishing sign in…',
  signInFinishingMessage: 'Please wait while we complete the login.',
  signInSuccessTitle: 'Signed in',
  signInSuccessMessage: 'You have successfully logged in. Redirecting…',
  signInFailedTitle: 'Sign in failed',
  signInFailedMessage: "We couldn't sign you in. Please try again.",
  // Role Management (docs/spec.md, Screens and routes)
  roleManagementTitle: 'Role Management',
  roleManagementSubtitle: 'Create and manage claim groups with their associated permissions',
  configureRole: 'Configure Role',
  /**
   * A label with the one thing it acts on, is about or holds: the accessible name of a row's button or of a region,
   * the visible label first (a person who says or sees the label finds it), then the thing; or a caption and its
   * value. `labelFor` joins them as a phrase ('Delete Household Survey'), `labelForColon` after a colon ('Change
   * history: Alice', 'Make current: Version 2', 'Name: Household Survey'); a locale sets its own order and marks.
   */
  labelFor: '{label} {name}',
  labelForColon: '{label}: {name}',
  // User & Role Management (docs/spec.md, Screens and routes)
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
  /** The name of a toast's close button. */
  closeNotification: 'Close notification',
  // Confirmations (docs/spec.md, Validation rules)
  clearAllConfirm: 'Are you sure you want to clear all selected items? This action cannot be undone.',
  deleteConfirm: 'This action cannot be undone.',
  deleteClaimGroupConfirm: 'All permissions and sub-groups associated with this role will be removed.',
  deleteUserGroupConfirm: 'All members and permissions associated with this group will be removed.',
  // Result dialog (docs/spec.md, Screens and routes)
  noPermissionChanges: 'No changes were made to the permissions.',
  added: 'Added',
  removed: 'Removed',
  updated: 'Updated',
  groupCreatedTitle: 'Group Created Successfully',
  // Error alerts (docs/spec.md, Error catalogue)
  failedToLoadClaimGroups: 'Failed to load claim groups. Please try again.',
  failedToLoadClaims: 'Failed to load claims. Please try again.',
  failedToLoadPermissions: 'Failed to load permissions. Please try again.',
  failedToLoadUsers: 'Failed to load users. Please try again.',
  failedToLoadUserGroups: 'Failed to load user groups. Please try again.',
  // Router (docs/spec.md, Screens and routes and Error catalogue; src/labels/router-labels.ts)
  ...routerLabels,

  // ---- Texts the spec leaves to us ----
  // Shared pieces: loading, retry (the sign-in callback's 'Try again' too), details, failed calls (src/labels/shared-labels.ts)
  ...sharedLabels,
  confirm: 'Confirm',
  cancel: 'Cancel',
  // Access checks
  accessCheckFailed: 'Access check failed',
  checkingAccess: 'Checking your permissions…',
  accessCheckFailedReason: 'Your permissions could not be checked.',
  missingClaim: "You need the permission '{claim}' for this.",
  // What failed (titles of error alerts)
  createGroupFailed: 'Could not create the group',
  renameGroupFailed: 'Could not rename the group',
  deleteGroupFailed: 'Could not delete the group',
  saveChangesFailed: 'Could not save the changes',
  saveMembersFailed: 'Could not save the members',
  fullSyncFailed: 'Could not sync the users',
  saveUndone: 'The part that had been saved was undone, so nothing was changed.',
  saveUndoFailed:
    'Part of the change was saved and could not be undone: the claims were changed but the claim groups were not. Reload to see the current state.',
  // Admin screens
  groupName: 'Group name',
  /** Under the group name box (create or rename) when the name is longer than the stores keep. */
  groupNameTooLong: 'A group name can be at most {max} characters: this one has {count}.',
  /** Under the claim group name box, for a name a live claim group already has ({name}: that group's name). */
  claimGroupNameTaken: "A claim group named '{name}' already exists.",
  /** Under the user group name box, for a name a live user group already has ({name}: that group's name). */
  userGroupNameTaken: "A user group named '{name}' already exists.",
  /** Under the group name box when the name holds a line break, a tab or another control character. */
  groupNameControl: 'A group name cannot hold line breaks, tabs or other control characters.',
  /** Under the group name box when the name holds a character that shows as nothing. */
  groupNameInvisible: 'A group name cannot hold invisible characters (such as zero-width spaces or direction marks).',
  claimGroup: 'Claim group',
  claimGroupPlaceholder: 'Pick a claim group',
  noClaimGroups: 'No claim groups yet. Create one above.',
  pickClaimGroupHint: 'Pick a claim group to see and change its sub-groups and permissions.',
  loadingClaimGroups: 'Loading claim groups…',
  rename: 'Rename',
  renameClaimGroupTitle: 'Rename claim group',
  newGroupName: 'New group name',
  delete: 'Delete',
  deleteClaimGroupTitle: "Delete claim group '{name}'?",
  groupRenamedMessage: "'{from}' was renamed to '{to}'.",
  groupDeletedMessage: "'{name}' was deleted.",
  /** The domain's own reason (the same the server answers with), with a `{name}` placeholder. */
  builtInGroupNotDeletable: builtInGroupDeleteReason('{name}'),
  subClaimGroups: 'Sub-claim groups',
  claimGroups: 'Claim groups',
  claimTypes: 'Claim types',
  serverClaims: 'Server',
  uxClaims: 'UX',
  tableClaims: 'Table',
  permissionCategories: 'Permission categories',
  searchPermissions: 'Search permissions',
  searchPermissionsPlaceholder: 'Name or description',
  noPermissionsMatch: "No permissions match '{query}'.",
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
  priorityRequired: 'Enter a priority from {min} to {max}.',
  allow: 'Allow',
  allowKey: 'Allow {key}',
  denied: 'deny',
  allowed: 'allow',
  nothingToSave: 'Nothing has changed yet.',
  nothingToClear: 'Nothing is selected.',
  priorityMissing: 'Every permission needs a priority from {min} to {max}.',
  groupCreatedMessage: "Role group '{name}' has been created successfully.",
  permissionChangesTitle: 'Permission changes',
  claimsChangedMessage: "Claims successfully added to, removed from or updated for claim group '{name}'.",
  subGroupsChangedMessage: "Sub-groups successfully added to or removed from claim group '{name}'.",
  subGroupEntry: 'sub-claim group',
  claimGroupEntry: 'claim group',
  clearAllTitle: 'Clear all selected items?',
  unsavedChangesTitle: 'Discard unsaved changes?',
  unsavedChangesMessage: "The changes to '{name}' have not been saved. They will be lost.",
  discardChanges: 'Discard changes',
  keepEditing: 'Keep editing',
  removeOwnAdminTitle: 'Remove your own administrator access?',
  removeOwnAdminMessage:
    'After this change you are no longer an administrator: you may lose access to this screen, and only another administrator can give it back.',
  removeOwnAdminConfirm: 'Save anyway',
  // User & Role Management
  user: 'User',
  userGroup: 'User Group',
  userPlaceholder: 'Pick a user',
  userGroupPlaceholder: 'Pick a user group',
  noUsers: 'No users yet. Run Full Sync to import them from the identity provider.',
  pickUserHint: 'Pick a user to see and change their claim groups and permissions.',
  noUserGroups: 'No user groups yet. Create one above.',
  pickUserGroupHint: 'Pick a user group to see and change its members and permissions.',
  loadingUsers: 'Loading users…',
  loadingUserGroups: 'Loading user groups…',
  refreshUsers: 'Refresh users',
  refreshUserGroups: 'Refresh user groups',
  fullSyncDone: 'Full Sync finished: {count} users synced from the identity provider.',
  fullSyncDoneOne: 'Full Sync finished: 1 user synced from the identity provider.',
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
  userClaimGroupsChangedMessage: "Claim groups successfully added to or removed from user '{name}'.",
  userGroupClaimGroupsChangedMessage: "Claim groups successfully added to or removed from user group '{name}'.",
  // The public form viewer (src/labels/forms-labels.ts)
  ...formViewerLabels,
  // The forms administration screens (src/labels/forms-admin-labels.ts)
  ...formsAdminLabels,
  // The Form Instances screen (src/labels/form-instance-list-labels.ts)
  ...formInstanceListLabels,
  // One form instance's page (src/labels/instance-detail-labels.ts)
  ...instanceDetailLabels,
  ...instanceSummaryLabels,
  // The form manager and the form schema manager (src/labels/form-manager-labels.ts)
  ...formManagerLabels,
  // "Why can they?" (src/labels/effective-permissions-labels.ts)
  ...effectivePermissionsLabels,
  ...historyLabels,
  // Server-searched pickers (src/labels/search-labels.ts)
  ...searchLabels,
  // The form preview and the admin dashboard (src/labels/admin-home-labels.ts)
  ...adminHomeLabels,
  // The form builder's shell: palette, canvas, moves, undo, drafts, preview (src/labels/form-builder-labels.ts)
  ...formBuilderLabels,
  // The PDF import and the data linking screen (src/labels/pdf-forms-labels.ts)
  ...pdfFormsLabels,
  // The form builder's save (src/labels/builder-save-labels.ts)
  ...builderSaveLabels,
  ...builderPropertiesLabels,
  // The palette's names of the built-in widget kinds and the built-in templates' content (src/labels/builder-template-labels.ts)
  ...builderWidgetLabels,
  ...builderTemplateLabels,
  // The Signing screen (src/labels/signing-labels.ts)
  ...signingLabels,
  ...envelopeStatusLabels,
  // The signer's signing page (src/labels/sign-document-labels.ts)
  ...signDocumentLabels,
  // The e-mail the signing sends (src/labels/mail-labels.ts)
  ...mailLabels,
  // The claim catalogue's descriptions, `claim_<key>` (src/labels/claim-labels.ts)
  ...claimDescriptionLabels,
}) as const)();

/** The full set of texts. */
export type Labels = { [K in keyof typeof englishLabels]: string };

/** Merges host overrides over the English defaults. */
export function resolveLabels(overrides?: Partial<Labels>): Labels {
  return overrides ? { ...englishLabels, ...overrides } : englishLabels;
}

/** Fills the `{name}` placeholders of a label; an unknown placeholder stays as written. */
export { fillLabel };
