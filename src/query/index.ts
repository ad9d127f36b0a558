export { APIProvider, useApi, ApiContext, OUTSIDE_PROVIDER_MESSAGE, createDefaultQueryClient } from './APIProvider';
export type { APIProviderProps, ApiContextValue } from './APIProvider';
export { defaultLabels, englishLabels, resolveLabels, fillLabel } from './labels';
// The label groups a host's public pages read their defaults from, without every screen's texts.
export { formViewerLabels } from './forms-labels';
export { routerLabels } from './router-labels';
export type { Labels } from './labels';
export { useLabels, LabelsProvider } from './useLabels';
export { useLocale } from './useLocale';
export { describeError } from './describe-error';
export type { ErrorDescription } from './describe-error';
export { createSafeContext } from './createSafeContext';
export { claimKeys, entityKeys, linkingKeys, formLinkKeys, healthKeys } from './keys';
export { holderKeys, holderQueries, PICKER_PAGE_SIZE } from './holder-queries';
export type { ClaimGroupSearchParams, HolderSearchParams } from './holder-queries';
export {
  SCREEN_USER_INCLUDES,
  SCREEN_USER_GROUP_INCLUDES,
  SCREEN_CLAIM_GROUP_INCLUDES,
  claimQueries,
  entityQueries,
  linkingQueries,
  formLinkQueries,
  healthQueries,
} from './queries';
export { savePermissions, inverseClaimsChange, isEmptyPermissionSave, PermissionSaveError } from './permission-save';
export type {
  PermissionHolderKind,
  PermissionSave,
  PermissionSaveResult,
  ClaimsChange,
  ClaimGroupsChange,
} from './permission-save';
export {
  PERMISSION_INVALIDATIONS,
  useApiMutation,
  useSavePermissions,
  useCreateClaimGroup,
  useRenameClaimGroup,
  useDeleteClaimGroup,
  useCreateUserGroup,
  useRenameUserGroup,
  useDeleteUserGroup,
  useUpsertBuiltInClaimGroups,
  useFullSync,
  useClearUserClaimsCache,
  useAddRemoveUpdateClaimGroupsToAppUserOrUsers,
  useAddRemoveUpdateClaimGroupsToClaimGroupOrClaimGroups,
  useAddRemoveUpdateClaimGroupsToAppUserGroupOrUserGroups,
  useAddRemoveUpdateClaimsToAppUserOrUsers,
  useAddRemoveUpdateClaimsToClaimGroupOrClaimGroups,
  useAddRemoveUpdateClaimsToAppUserGroupOrUserGroups,
  useAddRemoveUpdateAppUsersInAppuserGroups,
  useCrudMutation,
  useUploadPdf,
  useMarkCompleted,
  useNotifyDeleted,
  useRequestSignature,
  useCreateLinkedInstance,
  useDuplicateInstance,
} from './mutations';
export type { MutationHookOptions, CrudMutationVariables } from './mutations';
