export {
  RoleManagement,
  RoleManagementView,
  useRoleManagement,
} from './RoleManagement';
export type {
  RoleManagementProps,
  RoleManagementFactory,
  RoleManagementViewProps,
  RoleManagementViewFactory,
  RoleManagementStylesNames,
  RoleManagementOptions,
  RoleManagementController,
  ListState,
} from './RoleManagement';
export {
  UserRoleManagement,
  UserRoleManagementView,
  useUserRoleManagement,
} from './UserRoleManagement';
export type {
  UserRoleManagementProps,
  UserRoleManagementFactory,
  UserRoleManagementViewProps,
  UserRoleManagementViewFactory,
  UserRoleManagementStylesNames,
  UserRoleManagementOptions,
  UserRoleManagementController,
  UserRoleManagementTab,
} from './UserRoleManagement';
export {
  PermissionEditor,
  PermissionEditorView,
  usePermissionEditor,
  PRIORITY_MIN,
  PRIORITY_MAX,
  permissionCategories,
  filterCategories,
  subGroupCandidates,
  diffPermissions,
  useClaimCatalogue,
  useClaimEntriesOfTypes,
} from './PermissionEditor';
export type {
  PermissionEditorProps,
  PermissionEditorFactory,
  PermissionEditorViewProps,
  PermissionEditorViewFactory,
  PermissionEditorStylesNames,
  PermissionEditorOptions,
  PermissionEditorController,
  ClaimGroupOption,
  SelectedClaim,
  PermissionCategory,
  CatalogueEntry,
  PermissionDiff,
} from './PermissionEditor';
export { ADMIN_ACTION_CLAIMS } from './shared/access';
export type { AdminAccess } from './shared/access';
export type { PickerSearch, PickerSearchSource, PickerSearchState } from './shared/picker-search';
export type { PickerOption } from './shared/useNameMemory';
export { EffectivePermissionsPanel, useEffectivePermissions } from './shared/EffectivePermissions';
export type {
  EffectivePermissionsHolder,
  EffectivePermissionsPanelProps,
  EffectivePermissionsPanelStylesNames,
} from './shared/EffectivePermissions';
export { PermissionHistoryPanel, usePermissionHistory } from './shared/PermissionHistory';
export type { PermissionHistoryHolder, PermissionHistoryPanelProps, PermissionHistoryPanelStylesNames } from './shared/PermissionHistory';
