/**
 * Mutation hooks. A permission mutation refetches the cached lists of users, claim groups and application user
 * groups (docs/spec.md, States and transitions) and the signed-in user's own claims, once; creating and renaming a group write the server's answer
 * into the cache instead, since they change nobody's claims. Entity mutations refetch that entity's reads.
 */
import { useMutation } from '@tanstack/react-query';
import type { QueryClient, QueryKey, UseMutationOptions, UseMutationResult } from '@tanstack/react-query';
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
import {
  isEmptyPermissionSave,
  PermissionSaveError,
  savePermissions,
  type PermissionHolderKind,
  type PermissionSave,
  type PermissionSaveResult,
} from './permission-save';

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
  claimKeys.effective(),
  claimKeys.history(),
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

/** The prefix of the full (not paged) lists under an area key, e.g. `[…, 'claim-groups', 'list']`. */
const listPrefix = (area: QueryKey): QueryKey => [...area, 'list'];
/**
 * Refetches every query under `area` but its full lists (which the caller has just updated in place): the pages, the
 * pickers' searches and the chosen holders (src/query/holder-queries.ts), whose order or names may have changed.
 */
function invalidateAllButLists(queryClient: QueryClient, area: QueryKey) {
  void queryClient.invalidateQueries({ queryKey: area, predicate: (q) => q.queryKey[area.length] !== 'list' });
}

/** Adds `row` to every cached full list under `area` (once), and refetches its pages and searches. */
function appendToLists<T extends { id: string }>(queryClient: QueryClient, area: QueryKey, row: T) {
  queryClient.setQueriesData<T[]>({ queryKey: listPrefix(area) }, (old) =>
    Array.isArray(old) && !old.some((r) => r.id === row.id) ? [...old, row] : old,
  );
  invalidateAllButLists(queryClient, area);
}

function renameLinks(links: ClaimGroupLink[] | null | undefined, id: string, name: string) {
  return links?.map((l) => (l.recordId === id && l.claimGroup ? { ...l, claimGroup: { ...l.claimGroup, name } } : l));
}

/** Writes a claim group's new name into every cached list: the group itself and every link that embeds it. */
function renameClaimGroupInCache(queryClient: QueryClient, id: string, name: string) {
  queryClient.setQueriesData<ClaimGroup[]>({ queryKey: listPrefix(claimKeys.claimGroups()) }, (old) =>
    old?.map((g) => ({
      ...g,
      name: g.id === id ? name : g.name,
      claimGroupsInClaimGroups: renameLinks(g.claimGroupsInClaimGroups, id, name),
    })),
  );
  queryClient.setQueriesData<ApplicationUser[]>({ queryKey: listPrefix(claimKeys.users()) }, (old) =>
    old?.map((u) => ({ ...u, claimGroupsInApplicationUsers: renameLinks(u.claimGroupsInApplicationUsers, id, name) })),
  );
  queryClient.setQueriesData<ApplicationUserGroup[]>({ queryKey: listPrefix(claimKeys.userGroups()) }, (old) =>
    old?.map((g) => ({
      ...g,
      claimGroupsInApplicationUserGroups: renameLinks(g.claimGroupsInApplicationUserGroups, id, name),
    })),
  );
  for (const area of [claimKeys.claimGroups(), claimKeys.users(), claimKeys.userGroups()]) invalidateAllButLists(queryClient, area);
}

/** Writes a user group's new name into every cached list: the group itself and the users' memberships. */
function renameUserGroupInCache(queryClient: QueryClient, id: string, name: string) {
  queryClient.setQueriesData<ApplicationUserGroup[]>({ queryKey: listPrefix(claimKeys.userGroups()) }, (old) =>
    old?.map((g) => (g.id === id ? { ...g, name } : g)),
  );
  queryClient.setQueriesData<ApplicationUser[]>({ queryKey: listPrefix(claimKeys.users()) }, (old) =>
    old?.map((u) => ({
      ...u,
      applicationUserApplicationUserGroups: u.applicationUserApplicationUserGroups?.map((m) =>
        m.applicationUserGroupId === id && m.applicationUserGroup
          ? { ...m, applicationUserGroup: { ...m.applicationUserGroup, name } }
          : m,
      ),
    })),
  );
  for (const area of [claimKeys.users(), claimKeys.userGroups()]) invalidateAllButLists(queryClient, area);
}

/**
 * A mutation whose success is written into the cache by `update` instead of refetching; when `update` cannot (it
 * returns false, e.g. the server answered no body), everything under `fallback` is refetched.
 */
function useCacheMutation<TData, TVariables>(
  run: (client: ApiClient, variables: TVariables) => Promise<TData>,
  update: (data: TData, variables: TVariables) => boolean,
  fallback: QueryKey,
  options?: MutationHookOptions<TData, TVariables>,
): UseMutationResult<TData, Error, TVariables> {
  const { client, queryClient } = useApi();
  return useMutation<TData, Error, TVariables>({
    ...options,
    mutationFn: (variables) => run(client, variables),
    onSuccess: async (...args) => {
      if (!update(args[0], args[1])) await queryClient.invalidateQueries({ queryKey: fallback });
      await options?.onSuccess?.(...args);
    },
  });
}

/**
 * Saves what a claim group, user or user group is granted — its claims and its claim groups — as one mutation (see
 * {@link savePermissions}: a failed second call undoes the first), then refetches the permission lists and the
 * session's claims once.
 */
export function useSavePermissions(
  kind: PermissionHolderKind,
  options?: MutationHookOptions<PermissionSaveResult, PermissionSave>,
): UseMutationResult<PermissionSaveResult, Error, PermissionSave> {
  const { client, queryClient } = useApi();
  const invalidate = () =>
    Promise.all(PERMISSION_INVALIDATIONS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return useMutation<PermissionSaveResult, Error, PermissionSave>({
    ...options,
    mutationFn: (change) => savePermissions(client, kind, change),
    onSuccess: async (...args) => {
      if (!isEmptyPermissionSave(args[1])) await invalidate();
      await options?.onSuccess?.(...args);
    },
    onError: async (...args) => {
      // An undo that failed leaves a half-saved state on the server: show it as it is.
      if (args[0] instanceof PermissionSaveError && !args[0].undone) await invalidate();
      await options?.onError?.(...args);
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

/** `POST CreateNewClaimGroup?groupName`: the created group is added to the cached claim-group lists (no refetch). */
export function useCreateClaimGroup(options?: MutationHookOptions<ClaimGroup | null, { groupName: string }>) {
  const { queryClient } = useApi();
  return useCacheMutation(
    (c, v: { groupName: string }) => c.claim.createNewClaimGroup(v.groupName),
    (created) => {
      if (!created) return false;
      appendToLists<ClaimGroup>(queryClient, claimKeys.claimGroups(), created);
      return true;
    },
    claimKeys.claimGroups(),
    options,
  );
}
/**
 * `PUT RenameClaimGroup?newGroupName&currentGroupName`: the new name is written into the cached lists (the group and
 * every link that embeds it), no refetch.
 */
export function useRenameClaimGroup(
  options?: MutationHookOptions<ClaimGroup | null, { newGroupName: string; currentGroupName: string }>,
) {
  const { queryClient } = useApi();
  return useCacheMutation(
    (c, v: { newGroupName: string; currentGroupName: string }) => c.claim.renameClaimGroup(v.newGroupName, v.currentGroupName),
    (renamed, v) => {
      const lists = queryClient.getQueriesData<ClaimGroup[]>({ queryKey: listPrefix(claimKeys.claimGroups()) });
      const id =
        renamed?.id ??
        lists.flatMap(([, data]) => (Array.isArray(data) ? data : [])).find((g) => g.name === v.currentGroupName)?.id;
      if (!id) return false;
      renameClaimGroupInCache(queryClient, id, v.newGroupName);
      return true;
    },
    claimKeys.claimGroups(),
    options,
  );
}
/** `DELETE DeleteClaimGroupByName?groupName`. */
export const useDeleteClaimGroup = permissionMutation<{ groupName: string }, unknown>((c, v) =>
  c.claim.deleteClaimGroupByName(v.groupName),
);
/** `POST CreateNewApplicationUserGroup?groupName`: the created group is added to the cached lists (no refetch). */
export function useCreateUserGroup(options?: MutationHookOptions<ApplicationUserGroup | null, { groupName: string }>) {
  const { queryClient } = useApi();
  return useCacheMutation(
    (c, v: { groupName: string }) => c.claim.createNewApplicationUserGroup(v.groupName),
    (created) => {
      if (!created) return false;
      appendToLists<ApplicationUserGroup>(queryClient, claimKeys.userGroups(), created);
      return true;
    },
    claimKeys.userGroups(),
    options,
  );
}
/** `PUT RenameAppUserGroup?newGroupName&currentGroupId`: the new name is written into the cached lists, no refetch. */
export function useRenameUserGroup(
  options?: MutationHookOptions<unknown, { newGroupName: string; currentGroupId: string }>,
) {
  const { queryClient } = useApi();
  return useCacheMutation(
    (c, v: { newGroupName: string; currentGroupId: string }) => c.claim.renameAppUserGroup(v.newGroupName, v.currentGroupId),
    (_renamed, v) => {
      renameUserGroupInCache(queryClient, v.currentGroupId, v.newGroupName);
      return true;
    },
    claimKeys.userGroups(),
    options,
  );
}
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
