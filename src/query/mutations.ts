/**
 * Mutation hooks. Every permission mutation refetches the cached lists of users, claim groups and
 * application user groups (spec §4), and the signed-in user's own claims; entity mutations
 * refetch that entity's reads.
 */
import { useMutation } from '@tanstack/react-query';
import type { QueryKey, UseMutationOptions, UseMutationResult } from '@tanstack/react-query';
import type { ApiClient } from '../api/client';
import type { FileParameter } from '../api/areas/form-generator';
import type {
  ApplicationUser,
  ApplicationUserApplicationUserGroup,
  ApplicationUserGroup,
  ClaimGrant,
  ClaimGroup,
  ClaimGroupLink,
  ClaimGroupsChangeRequest,
  ClaimsChangeRequest,
  CrudEntities,
  CrudEntityName,
  FormInstance,
  GeneratedForm,
  JsonObject,
  SignatureRequest,
  UsersInGroupsChangeRequest,
} from '../api/types';
import { useApi } from './APIProvider';
import { claimKeys, entityKeys } from './keys';

/** Options a caller may add to any mutation hook (callbacks, meta…). */
export type MutationHookOptions<TData, TVariables> = Omit<
  UseMutationOptions<TData, Error, TVariables>,
  'mutationFn'
>;

/** The query prefixes a permission change makes stale. */
export const PERMISSION_INVALIDATIONS: readonly QueryKey[] = [
  claimKeys.users(),
  claimKeys.claimGroups(),
  claimKeys.userGroups(),
  claimKeys.session(),
];

/**
 * The shared mechanism under every mutation hook: runs `run` with the provider's client, then
 * refetches every query under the given key prefixes before reporting success.
 */
export function useApiMutation<TData, TVariables>(
  run: (client: ApiClient, variables: TVariables) => Promise<TData>,
  invalidates: readonly QueryKey[],
  options?: MutationHookOptions<TData, TVariables>,
): UseMutationResult<TData, Error, TVariables> {
  const { client, queryClient } = useApi();
  return useMutation<TData, Error, TVariables>({
    ...options,
    mutationFn: (variables) => run(client, variables),
    onSuccess: async (...args) => {
      await Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      await options?.onSuccess?.(...args);
    },
  });
}

type PermissionHook<TVariables, TData> = (
  options?: MutationHookOptions<TData, TVariables>,
) => UseMutationResult<TData, Error, TVariables>;

function permissionMutation<TVariables, TData>(
  run: (client: ApiClient, variables: TVariables) => Promise<TData>,
): PermissionHook<TVariables, TData> {
  return (options) => useApiMutation(run, PERMISSION_INVALIDATIONS, options);
}

/** `POST CreateNewClaimGroup?groupName`. */
export const useCreateClaimGroup = permissionMutation<{ groupName: string }, ClaimGroup | null>((c, v) =>
  c.claim.createNewClaimGroup(v.groupName),
);
/** `PUT RenameClaimGroup?newGroupName&currentGroupName`. */
export const useRenameClaimGroup = permissionMutation<{ newGroupName: string; currentGroupName: string }, unknown>(
  (c, v) => c.claim.renameClaimGroup(v.newGroupName, v.currentGroupName),
);
/** `DELETE DeleteClaimGroupByName?groupName`. */
export const useDeleteClaimGroup = permissionMutation<{ groupName: string }, unknown>((c, v) =>
  c.claim.deleteClaimGroupByName(v.groupName),
);
/** `POST CreateNewApplicationUserGroup?groupName`. */
export const useCreateUserGroup = permissionMutation<{ groupName: string }, ApplicationUserGroup | null>((c, v) =>
  c.claim.createNewApplicationUserGroup(v.groupName),
);
/** `PUT RenameAppUserGroup?newGroupName&currentGroupId`. */
export const useRenameUserGroup = permissionMutation<{ newGroupName: string; currentGroupId: string }, unknown>(
  (c, v) => c.claim.renameAppUserGroup(v.newGroupName, v.currentGroupId),
);
/** `DELETE DeleteAppUserGroup?groupToDeleteId`. */
export const useDeleteUserGroup = permissionMutation<{ groupToDeleteId: string }, unknown>((c, v) =>
  c.claim.deleteAppUserGroup(v.groupToDeleteId),
);
/** `GET UpsertBuiltInClaimGroups?overrideExisting`. */
export const useUpsertBuiltInClaimGroups = permissionMutation<{ overrideExisting: boolean }, unknown>((c, v) =>
  c.claim.upsertBuiltInClaimGroups(v.overrideExisting),
);
/** `POST FullSyncAndReturnExternalUsers`; the user list is refreshed afterwards. */
export const useFullSync = permissionMutation<void, ApplicationUser[] | null>((c) =>
  c.claim.fullSyncAndReturnExternalUsers(),
);
/** `POST ClearUserClaimsCache`. */
export const useClearUserClaimsCache = permissionMutation<void, unknown>((c) => c.claim.clearUserClaimsCache());
/** `POST AddRemoveUpdateClaimGroupsToAppUserOrUsers`. */
export const useAddRemoveUpdateClaimGroupsToAppUserOrUsers = permissionMutation<
  ClaimGroupsChangeRequest,
  ClaimGroupLink[] | null
>((c, v) => c.claim.addRemoveUpdateClaimGroupsToAppUserOrUsers(v));
/** `POST AddRemoveUpdateClaimGroupsToClaimGroupOrClaimGroups`. */
export const useAddRemoveUpdateClaimGroupsToClaimGroupOrClaimGroups = permissionMutation<
  ClaimGroupsChangeRequest,
  ClaimGroupLink[] | null
>((c, v) => c.claim.addRemoveUpdateClaimGroupsToClaimGroupOrClaimGroups(v));
/** `POST AddRemoveUpdateClaimGroupsToAppUserGroupOrUserGroups`. */
export const useAddRemoveUpdateClaimGroupsToAppUserGroupOrUserGroups = permissionMutation<
  ClaimGroupsChangeRequest,
  ClaimGroupLink[] | null
>((c, v) => c.claim.addRemoveUpdateClaimGroupsToAppUserGroupOrUserGroups(v));
/** `POST AddRemoveUpdateClaimsToAppUserOrUsers`. */
export const useAddRemoveUpdateClaimsToAppUserOrUsers = permissionMutation<ClaimsChangeRequest, ClaimGrant[] | null>(
  (c, v) => c.claim.addRemoveUpdateClaimsToAppUserOrUsers(v),
);
/** `POST AddRemoveUpdateClaimsToClaimGroupOrClaimGroups`. */
export const useAddRemoveUpdateClaimsToClaimGroupOrClaimGroups = permissionMutation<
  ClaimsChangeRequest,
  ClaimGrant[] | null
>((c, v) => c.claim.addRemoveUpdateClaimsToClaimGroupOrClaimGroups(v));
/** `POST AddRemoveUpdateClaimsToAppUserGroupOrUserGroups`. */
export const useAddRemoveUpdateClaimsToAppUserGroupOrUserGroups = permissionMutation<
  ClaimsChangeRequest,
  ClaimGrant[] | null
>((c, v) => c.claim.addRemoveUpdateClaimsToAppUserGroupOrUserGroups(v));
/** `POST AddRemoveUpdateAppUsersInAppuserGroups`. */
export const useAddRemoveUpdateAppUsersInAppuserGroups = permissionMutation<
  UsersInGroupsChangeRequest,
  ApplicationUserApplicationUserGroup[] | null
>((c, v) => c.claim.addRemoveUpdateAppUsersInAppuserGroups(v));

/** Variables of {@link useCrudMutation}, by action. */
export type CrudMutationVariables<E extends CrudEntityName> =
  | { action: 'post' | 'patch'; entity: Partial<CrudEntities[E]> }
  | { action: 'delete' | 'softDelete'; id: string };

/**
 * Create, update, delete or soft-delete one row of `entity` through `/api/crud/{entity}/…`;
 * success refetches that entity's reads.
 */
export function useCrudMutation<E extends CrudEntityName>(
  entity: E,
  options?: MutationHookOptions<CrudEntities[E] | boolean | null, CrudMutationVariables<E>>,
) {
  return useApiMutation<CrudEntities[E] | boolean | null, CrudMutationVariables<E>>(
    (client, variables) => {
      const api = client.crud[entity] as unknown as {
        post(e: Partial<CrudEntities[E]>): Promise<CrudEntities[E] | null>;
        patch(e: Partial<CrudEntities[E]>): Promise<CrudEntities[E] | null>;
        delete(id: string): Promise<null>;
        softDelete(id: string): Promise<boolean | null>;
      };
      switch (variables.action) {
        case 'post':
          return api.post(variables.entity);
        case 'patch':
          return api.patch(variables.entity);
        case 'delete':
          return api.delete(variables.id);
        case 'softDelete':
          return api.softDelete(variables.id);
      }
    },
    [entityKeys.entity(entity)],
    options,
  );
}

const instanceKeys = [entityKeys.entity('forminstance')];

/** `POST FormGenerator/UploadPdf`: generates a form and its schema from a PDF. */
export function useUploadPdf(options?: MutationHookOptions<GeneratedForm | null, FileParameter>) {
  return useApiMutation((c, pdf: FileParameter) => c.formGenerator.uploadPdf(pdf), [
    entityKeys.entity('form'),
    entityKeys.entity('formschema'),
  ], options);
}
/** `GET Forms/MarkCompleted?formInstanceId`. */
export function useMarkCompleted(options?: MutationHookOptions<unknown, string>) {
  return useApiMutation((c, id: string) => c.forms.markCompleted(id), instanceKeys, options);
}
/** `GET Forms/NotifyDeleted?formInstanceId`. */
export function useNotifyDeleted(options?: MutationHookOptions<unknown, string>) {
  return useApiMutation((c, id: string) => c.forms.notifyDeleted(id), instanceKeys, options);
}
/** `POST Signing/RequestSignature`. */
export function useRequestSignature(options?: MutationHookOptions<unknown, SignatureRequest>) {
  return useApiMutation((c, body: SignatureRequest) => c.signing.requestSignature(body), instanceKeys, options);
}
/** `POST DynamicFormLinking/Create?schemaId`: an instance pre-filled from a posted application. */
export function useCreateLinkedInstance(
  options?: MutationHookOptions<FormInstance | null, { schemaId: string; application: JsonObject }>,
) {
  return useApiMutation(
    (c, v: { schemaId: string; application: JsonObject }) =>
      c.dynamicFormLinking.create(v.schemaId, v.application) as Promise<FormInstance | null>,
    instanceKeys,
    options,
  );
}
/** `GET DynamicFormLinking/Duplicate?formInstanceId`. */
export function useDuplicateInstance(options?: MutationHookOptions<FormInstance | null, string>) {
  return useApiMutation(
    (c, id: string) => c.dynamicFormLinking.duplicate(id) as Promise<FormInstance | null>,
    instanceKeys,
    options,
  );
}
