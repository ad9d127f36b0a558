/** `/api/Claim/*`: claims, claim groups, application users and user groups (docs/spec.md, Calls). */
import { assertDefined, assertDefinedMayBeNull } from '../args';
import type { EffectivePermission } from '../../domain/effective-claims';
import type { HistoryEntry, HistoryHolderKind } from '../../domain/change-history';
import type { OwnAdminChange } from '../../domain/own-admin-check';
import type { CallOptions, QueryValue, Transport } from '../transport';
import type {
  ApplicationUser,
  ApplicationUserApplicationUserGroup,
  ApplicationUserGroup,
  ApplicationUserGroupIncludes,
  ApplicationUserIncludes,
  ClaimGrant,
  ClaimGroup,
  ClaimGroupIncludes,
  ClaimGroupLink,
  ClaimGroupSearchArgs,
  ClaimGroupsChangeRequest,
  ClaimsChangeRequest,
  ClaimTypeNames,
  ClaimTypeRecord,
  EntityWithPermissions,
  NameSearchArgs,
  OidcConfig,
  PageArgs,
  Paged,
  UserSessionData,
  UsersInGroupsChangeRequest,
} from '../types';

/**
 * The Claim API. Every call resolves its parsed JSON (null for 204 or an empty body) and rejects
 * with `ApiError` for any other status; required arguments that are null or undefined throw
 * `ArgumentError` before any request.
 */
export interface ClaimApi {
  /** `POST /api/Claim/ClearUserClaimsCache`: drops the server's cache of the caller's claims. */
  clearUserClaimsCache(options?: CallOptions): Promise<null>;
  /** `GET /api/Claim/GetMyClaims`: the caller's effective claim numbers. */
  getMyClaims(options?: CallOptions): Promise<number[] | null>;
  /** `GET /api/Claim/GetMyUserSessionData`: the caller's claims and user id. */
  getMyUserSessionData(options?: CallOptions): Promise<UserSessionData | null>;
  /** `GET /api/Claim/GetClaimNamesForClaimTypeNames?flags`: claim names per claim type (flags OR-ed). */
  getClaimNamesForClaimTypeNames(flags?: number, options?: CallOptions): Promise<ClaimTypeNames[] | null>;
  /** `GET /api/Claim/GetClaimEntriesForClaimTypes?flags`: key ↔ number entries per claim type. */
  getClaimEntriesForClaimTypes(flags?: number, options?: CallOptions): Promise<ClaimTypeRecord[] | null>;
  /** `GET /api/Claim/GetClaimEntriesWithDescriptionsForClaimTypes?flags`: entries with descriptions. */
  getClaimEntriesWithDescriptionsForClaimTypes(
    flags?: number,
    options?: CallOptions,
  ): Promise<ClaimTypeRecord[] | null>;
  /** `GET /api/Claim/ListTablesWithRowLevelPermissions`: tables that have row-level permissions. */
  listTablesWithRowLevelPermissions(options?: CallOptions): Promise<string[] | null>;
  /** `GET /api/Claim/GetEntitiesWithPermissions?tableName`: rows of a table with their permissions. */
  getEntitiesWithPermissions(tableName?: string, options?: CallOptions): Promise<EntityWithPermissions[] | null>;
  /** `GET /api/Claim/CheckForAdminRole?authId`: whether the user with that auth id is an administrator. */
  checkForAdminRole(authId: string, options?: CallOptions): Promise<boolean | null>;
  /** `GET /api/Claim/CheckForUsers`: whether any application user exists. */
  checkForUsers(options?: CallOptions): Promise<boolean | null>;
  /**
   * `GET /api/Claim/GetEffectivePermissionsOfUser?applicationUserId` (beyond the spec): every claim the user ends up
   * with, the grant that decided it, the path it came through, and the grants that lost and why.
   */
  getEffectivePermissionsOfUser(applicationUserId: string, options?: CallOptions): Promise<EffectivePermission[] | null>;
  /** `GET /api/Claim/GetEffectivePermissionsOfUserGroup?applicationUserGroupId` (beyond the spec): the same for a user group. */
  getEffectivePermissionsOfUserGroup(applicationUserGroupId: string, options?: CallOptions): Promise<EffectivePermission[] | null>;
  /**
   * `GET /api/Claim/GetEffectivePermissionsOfClaimGroup?claimGroupId` (beyond the spec): what a role grants — its own
   * claims and those of the roles it nests — with the path each came through and what lost.
   */
  getEffectivePermissionsOfClaimGroup(claimGroupId: string, options?: CallOptions): Promise<EffectivePermission[] | null>;
  /**
   * `GET /api/Claim/GetPermissionHistory?holderKind&holderId&page&count` (beyond the spec, administrators only): who
   * changed the claims, claim groups or members of one user, user group or claim group, and when; newest first.
   */
  getPermissionHistory(
    holderKind: HistoryHolderKind,
    holderId: string,
    page: PageArgs,
    options?: CallOptions,
  ): Promise<Paged<HistoryEntry> | null>;
  /** `GET /api/Claim/GetOIDCConfig`: the sign-in configuration. */
  getOIDCConfig(options?: CallOptions): Promise<OidcConfig | null>;
  /** `PUT /api/Claim/RenameAppUserGroup?newGroupName&currentGroupId`. */
  renameAppUserGroup(
    newGroupName: string,
    currentGroupId: string,
    options?: CallOptions,
  ): Promise<ApplicationUserGroup | null>;
  /** `POST /api/Claim/CreateNewApplicationUserGroup?groupName`: the created group. */
  createNewApplicationUserGroup(groupName: string, options?: CallOptions): Promise<ApplicationUserGroup | null>;
  /** `PUT /api/Claim/RenameClaimGroup?newGroupName&currentGroupName`. */
  renameClaimGroup(newGroupName: string, currentGroupName: string, options?: CallOptions): Promise<ClaimGroup | null>;
  /** `DELETE /api/Claim/DeleteClaimGroupByName?groupName`. */
  deleteClaimGroupByName(groupName: string, options?: CallOptions): Promise<null>;
  /** `POST /api/Claim/CreateNewClaimGroup?groupName`: the created claim group. */
  createNewClaimGroup(groupName: string, options?: CallOptions): Promise<ClaimGroup | null>;
  /** `DELETE /api/Claim/DeleteAppUserGroup?groupToDeleteId`. */
  deleteAppUserGroup(groupToDeleteId: string, options?: CallOptions): Promise<null>;
  /**
   * `GET /api/Claim/ApplicationUsersPaged`: one page of users (`page` may be null, `count` optional); `search` (beyond
   * the spec) keeps the users whose id is it or whose name contains it.
   */
  applicationUsersPaged(
    args: ApplicationUserIncludes & PageArgs & NameSearchArgs,
    options?: CallOptions,
  ): Promise<Paged<ApplicationUser> | null>;
  /** `GET /api/Claim/ApplicationUserGroupsPaged`: one page of user groups (spec: the user include flags), `search` as above. */
  applicationUserGroupsPaged(
    args: ApplicationUserIncludes & PageArgs & NameSearchArgs,
    options?: CallOptions,
  ): Promise<Paged<ApplicationUserGroup> | null>;
  /** `GET /api/Claim/ApplicationList`: all application users. */
  applicationList(args: ApplicationUserIncludes, options?: CallOptions): Promise<ApplicationUser[] | null>;
  /** `GET /api/Claim/ApplicationUserGroupsList`: all application user groups. */
  applicationUserGroupsList(
    args: ApplicationUserGroupIncludes,
    options?: CallOptions,
  ): Promise<ApplicationUserGroup[] | null>;
  /**
   * `GET /api/Claim/ClaimGroupsPaged`: one page of claim groups; `search` and `subGroupCandidatesOf` (beyond the spec)
   * narrow it.
   */
  claimGroupsPaged(
    args: ClaimGroupIncludes & PageArgs & ClaimGroupSearchArgs,
    options?: CallOptions,
  ): Promise<Paged<ClaimGroup> | null>;
  /** `GET /api/Claim/ClaimGroupsList`: all claim groups. */
  claimGroupsList(args: ClaimGroupIncludes, options?: CallOptions): Promise<ClaimGroup[] | null>;
  /** `GET /api/Claim/UpsertBuiltInClaimGroups?overrideExisting`: creates (or resets) the built-in groups. */
  upsertBuiltInClaimGroups(overrideExisting: boolean, options?: CallOptions): Promise<ClaimGroup[] | null>;
  /** `POST /api/Claim/FullSyncAndReturnExternalUsers`: syncs users from the identity provider. */
  fullSyncAndReturnExternalUsers(options?: CallOptions): Promise<ApplicationUser[] | null>;
  /** `POST /api/Claim/AddRemoveUpdateClaimGroupsToAppUserOrUsers`: the resulting claim group rows. */
  addRemoveUpdateClaimGroupsToAppUserOrUsers(
    body: ClaimGroupsChangeRequest,
    options?: CallOptions,
  ): Promise<ClaimGroupLink[] | null>;
  /** `POST /api/Claim/AddRemoveUpdateClaimGroupsToClaimGroupOrClaimGroups`: the resulting rows. */
  addRemoveUpdateClaimGroupsToClaimGroupOrClaimGroups(
    body: ClaimGroupsChangeRequest,
    options?: CallOptions,
  ): Promise<ClaimGroupLink[] | null>;
  /** `POST /api/Claim/AddRemoveUpdateClaimGroupsToAppUserGroupOrUserGroups`: the resulting rows. */
  addRemoveUpdateClaimGroupsToAppUserGroupOrUserGroups(
    body: ClaimGroupsChangeRequest,
    options?: CallOptions,
  ): Promise<ClaimGroupLink[] | null>;
  /** `POST /api/Claim/AddRemoveUpdateClaimsToAppUserOrUsers`: the resulting claim rows. */
  addRemoveUpdateClaimsToAppUserOrUsers(body: ClaimsChangeRequest, options?: CallOptions): Promise<ClaimGrant[] | null>;
  /** `POST /api/Claim/AddRemoveUpdateClaimsToClaimGroupOrClaimGroups`: the resulting claim rows. */
  addRemoveUpdateClaimsToClaimGroupOrClaimGroups(
    body: ClaimsChangeRequest,
    options?: CallOptions,
  ): Promise<ClaimGrant[] | null>;
  /** `POST /api/Claim/AddRemoveUpdateClaimsToAppUserGroupOrUserGroups`: the resulting claim rows. */
  addRemoveUpdateClaimsToAppUserGroupOrUserGroups(
    body: ClaimsChangeRequest,
    options?: CallOptions,
  ): Promise<ClaimGrant[] | null>;
  /** `POST /api/Claim/AddRemoveUpdateAppUsersInAppuserGroups`: the resulting memberships. */
  addRemoveUpdateAppUsersInAppuserGroups(
    body: UsersInGroupsChangeRequest,
    options?: CallOptions,
  ): Promise<ApplicationUserApplicationUserGroup[] | null>;
  /**
   * `POST /api/Claim/RemovesMyAdminAccess` (beyond the spec): whether making `changes` in order would take
   * GlobalDataAdmin away from the caller. Nothing is changed.
   */
  removesMyAdminAccess(changes: readonly OwnAdminChange[], options?: CallOptions): Promise<boolean | null>;
}

const BASE = '/api/Claim/';

function userIncludes(args: ApplicationUserIncludes): Record<string, QueryValue> {
  assertDefined('args', args);
  assertDefined('includeClaims', args.includeClaims);
  assertDefined('includeApplicationUserGroups', args.IncludeApplicationUserGroups);
  assertDefined('includeClaimGroups', args.includeClaimGroups);
  return {
    includeClaims: args.includeClaims,
    IncludeApplicationUserGroups: args.IncludeApplicationUserGroups,
    includeClaimGroups: args.includeClaimGroups,
  };
}

function claimGroupIncludes(args: ClaimGroupIncludes): Record<string, QueryValue> {
  assertDefined('args', args);
  assertDefined('includeClaims', args.includeClaims);
  assertDefined('includeApplicationUserGroups', args.IncludeApplicationUserGroups);
  assertDefined('includeApplicationUsers', args.IncludeApplicationUsers);
  assertDefined('includeClaimGroups', args.includeClaimGroups);
  return {
    includeClaims: args.includeClaims,
    IncludeApplicationUserGroups: args.IncludeApplicationUserGroups,
    IncludeApplicationUsers: args.IncludeApplicationUsers,
    includeClaimGroups: args.includeClaimGroups,
  };
}

function paging(args: PageArgs): Record<string, QueryValue> {
  assertDefinedMayBeNull('page', args.page);
  return { page: args.page, count: args.count };
}

/** `search` and `subGroupCandidatesOf`, sent only when given (a blank search is no search). */
function searching(args: ClaimGroupSearchArgs): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  const search = args.search?.trim();
  if (search) query.search = search;
  if (args.subGroupCandidatesOf) query.subGroupCandidatesOf = args.subGroupCandidatesOf;
  return query;
}

/** Creates the Claim API over a transport. */
export function createClaimApi(transport: Transport): ClaimApi {
  const get = <T>(name: string, options?: CallOptions, query?: Record<string, QueryValue>) =>
    transport.request<T>({ method: 'GET', path: BASE + name, query, signal: options?.signal });
  const post = <T>(name: string, body: unknown, options?: CallOptions, query?: Record<string, QueryValue>) =>
    transport.request<T>({ method: 'POST', path: BASE + name, query, json: body, signal: options?.signal });
  const postBody = <B, T>(name: string) => {
    return async (body: B, options?: CallOptions) => {
      assertDefined('body', body);
      return post<T>(name, body, options);
    };
  };

  return {
    clearUserClaimsCache: async (options) =>
      transport.request<null>({
        method: 'POST',
        path: `${BASE}ClearUserClaimsCache`,
        read: 'none',
        signal: options?.signal,
      }),
    getMyClaims: async (options) => get('GetMyClaims', options),
    getMyUserSessionData: async (options) => get('GetMyUserSessionData', options),
    getClaimNamesForClaimTypeNames: async (flags, options) => get('GetClaimNamesForClaimTypeNames', options, { flags }),
    getClaimEntriesForClaimTypes: async (flags, options) => get('GetClaimEntriesForClaimTypes', options, { flags }),
    getClaimEntriesWithDescriptionsForClaimTypes: async (flags, options) =>
      get('GetClaimEntriesWithDescriptionsForClaimTypes', options, { flags }),
    listTablesWithRowLevelPermissions: async (options) => get('ListTablesWithRowLevelPermissions', options),
    getEntitiesWithPermissions: async (tableName, options) => get('GetEntitiesWithPermissions', options, { tableName }),
    checkForAdminRole: async (authId, options) => {
      assertDefined('authId', authId);
      return get('CheckForAdminRole', options, { authId });
    },
    checkForUsers: async (options) => get('CheckForUsers', options),
    getEffectivePermissionsOfUser: async (applicationUserId, options) => {
      assertDefined('applicationUserId', applicationUserId);
      return get('GetEffectivePermissionsOfUser', options, { applicationUserId });
    },
    getEffectivePermissionsOfUserGroup: async (applicationUserGroupId, options) => {
      assertDefined('applicationUserGroupId', applicationUserGroupId);
      return get('GetEffectivePermissionsOfUserGroup', options, { applicationUserGroupId });
    },
    getEffectivePermissionsOfClaimGroup: async (claimGroupId, options) => {
      assertDefined('claimGroupId', claimGroupId);
      return get('GetEffectivePermissionsOfClaimGroup', options, { claimGroupId });
    },
    getPermissionHistory: async (holderKind, holderId, page, options) => {
      assertDefined('holderKind', holderKind);
      assertDefined('holderId', holderId);
      assertDefined('page', page);
      return get('GetPermissionHistory', options, { holderKind, holderId, ...paging(page) });
    },
    getOIDCConfig: async (options) => get('GetOIDCConfig', options),
    renameAppUserGroup: async (newGroupName, currentGroupId, options) => {
      assertDefined('newGroupName', newGroupName);
      assertDefined('currentGroupId', currentGroupId);
      return transport.request({
        method: 'PUT',
        path: `${BASE}RenameAppUserGroup`,
        query: { newGroupName, currentGroupId },
        signal: options?.signal,
      });
    },
    createNewApplicationUserGroup: async (groupName, options) => {
      assertDefined('groupName', groupName);
      return post('CreateNewApplicationUserGroup', undefined, options, { groupName });
    },
    renameClaimGroup: async (newGroupName, currentGroupName, options) => {
      assertDefined('newGroupName', newGroupName);
      assertDefined('currentGroupName', currentGroupName);
      return transport.request({
        method: 'PUT',
        path: `${BASE}RenameClaimGroup`,
        query: { newGroupName, currentGroupName },
        signal: options?.signal,
      });
    },
    deleteClaimGroupByName: async (groupName, options) => {
      assertDefined('groupName', groupName);
      return transport.request<null>({
        method: 'DELETE',
        path: `${BASE}DeleteClaimGroupByName`,
        query: { groupName },
        read: 'none',
        signal: options?.signal,
      });
    },
    createNewClaimGroup: async (groupName, options) => {
      assertDefined('groupName', groupName);
      return post('CreateNewClaimGroup', undefined, options, { groupName });
    },
    deleteAppUserGroup: async (groupToDeleteId, options) => {
      assertDefined('groupToDeleteId', groupToDeleteId);
      return transport.request<null>({
        method: 'DELETE',
        path: `${BASE}DeleteAppUserGroup`,
        query: { groupToDeleteId },
        read: 'none',
        signal: options?.signal,
      });
    },
    applicationUsersPaged: async (args, options) =>
      get('ApplicationUsersPaged', options, { ...userIncludes(args), ...paging(args), ...searching({ search: args.search }) }),
    applicationUserGroupsPaged: async (args, options) =>
      get('ApplicationUserGroupsPaged', options, { ...userIncludes(args), ...paging(args), ...searching({ search: args.search }) }),
    applicationList: async (args, options) => get('ApplicationList', options, userIncludes(args)),
    applicationUserGroupsList: async (args, options) => {
      assertDefined('args', args);
      assertDefined('includeClaims', args.includeClaims);
      assertDefined('includeApplicationUsers', args.includeApplicationUsers);
      assertDefined('includeClaimGroups', args.includeClaimGroups);
      return get('ApplicationUserGroupsList', options, {
        includeClaims: args.includeClaims,
        includeApplicationUsers: args.includeApplicationUsers,
        includeClaimGroups: args.includeClaimGroups,
      });
    },
    claimGroupsPaged: async (args, options) =>
      get('ClaimGroupsPaged', options, { ...claimGroupIncludes(args), ...paging(args), ...searching(args) }),
    claimGroupsList: async (args, options) => get('ClaimGroupsList', options, claimGroupIncludes(args)),
    upsertBuiltInClaimGroups: async (overrideExisting, options) => {
      assertDefined('overrideExisting', overrideExisting);
      return get('UpsertBuiltInClaimGroups', options, { overrideExisting });
    },
    fullSyncAndReturnExternalUsers: async (options) => post('FullSyncAndReturnExternalUsers', undefined, options),
    addRemoveUpdateClaimGroupsToAppUserOrUsers: postBody('AddRemoveUpdateClaimGroupsToAppUserOrUsers'),
    addRemoveUpdateClaimGroupsToClaimGroupOrClaimGroups: postBody('AddRemoveUpdateClaimGroupsToClaimGroupOrClaimGroups'),
    addRemoveUpdateClaimGroupsToAppUserGroupOrUserGroups: postBody('AddRemoveUpdateClaimGroupsToAppUserGroupOrUserGroups'),
    addRemoveUpdateClaimsToAppUserOrUsers: postBody('AddRemoveUpdateClaimsToAppUserOrUsers'),
    addRemoveUpdateClaimsToClaimGroupOrClaimGroups: postBody('AddRemoveUpdateClaimsToClaimGroupOrClaimGroups'),
    addRemoveUpdateClaimsToAppUserGroupOrUserGroups: postBody('AddRemoveUpdateClaimsToAppUserGroupOrUserGroups'),
    addRemoveUpdateAppUsersInAppuserGroups: postBody('AddRemoveUpdateAppUsersInAppuserGroups'),
    removesMyAdminAccess: async (changes, options) => {
      assertDefined('changes', changes);
      return post('RemovesMyAdminAccess', { changes }, options);
    },
  };
}
