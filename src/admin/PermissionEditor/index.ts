export { PermissionEditor } from './PermissionEditor';
export type { PermissionEditorProps, ClaimGroupOption } from './PermissionEditor';
export * from './permission-model';
export { useClaimCatalogue, useClaimEntriesOfTypes } from './usePermissionCatalogue';
