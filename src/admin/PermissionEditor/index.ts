export { PermissionEditor, PermissionEditorView } from './PermissionEditor';
export type {
  PermissionEditorProps,
  PermissionEditorFactory,
  PermissionEditorViewProps,
  PermissionEditorViewFactory,
  PermissionEditorStylesNames,
} from './PermissionEditor';
export { usePermissionEditor } from './usePermissionEditor';
export type {
  ClaimGroupOption,
  PermissionEditorOptions,
  PermissionEditorController,
  PermissionEntryView,
  PermissionCategoryView,
  PermissionRowView,
} from './usePermissionEditor';
export {
  PRIORITY_MIN,
  PRIORITY_MAX,
  catalogueEntries,
  permissionCategories,
  filterCategories,
  claimTypesOf,
  selectionOf,
  selectionFromGrants,
  subGroupIdsOf,
  subGroupCandidates,
  diffPermissions,
  diffIds,
  isCompleteSelection,
  isValidPriority,
} from './permission-model';
export type {
  CatalogueEntry,
  PermissionCategory,
  CategoryNames,
  PermissionDiff,
  SelectedClaim,
} from './permission-model';
export { useClaimCatalogue, useClaimEntriesOfTypes } from './usePermissionCatalogue';
