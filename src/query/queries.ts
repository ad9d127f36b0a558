/**
 * `queryOptions` factories for every server read. The same options serve `useQuery`,
 * `useSuspenseQuery`, prefetching in a router loader and `setQueryData`.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../api/client';
import { ALL_CLAIM_TYPES } from '../api/enums';
import { buildQuery as buildODataQuery } from '../api/odata';
import type { ODataQueryOptions } from '../api/odata';
import type {
  ApplicationUserGroupIncludes,
  ApplicationUserIncludes,
  ClaimGroupIncludes,
  Form,
  FormGroup,
  FormInstance,
  FormSchema,
  PageArgs,
} from '../api/types';
import { claimKeys, entityKeys, formLinkKeys, healthKeys, linkingKeys } from './keys';

/** How the screens load users (docs/spec.md, Calls): the three include flags. */
export const SCREEN_USER_INCLUDES: ApplicationUserIncludes = {
  includeClaims: true,
  IncludeApplicationUserGroups: true,
  includeClaimGroups: true,
};
/** How the screens load user groups (docs/spec.md, Calls): all three true. */
export const SCREEN_USER_GROUP_INCLUDES: ApplicationUserGroupIncludes = {
  includeClaims: true,
  includeApplicationUsers: true,
  includeClaimGroups: true,
};
/** How the screens load claim groups (docs/spec.md, Calls): true, false, false, true. */
export const SCREEN_CLAIM_GROUP_INCLUDES: ClaimGroupIncludes = {
  includeClaims: true,
  IncludeApplicationUserGroups: false,
  IncludeApplicationUsers: false,
  includeClaimGroups: true,
};

/** How long the signed-in user's claims count as fresh (30 s). */
export const MY_CLAIMS_STALE_TIME = 30_000;

/** The claim catalogue changes only with a server release: read it once per session. */
const CATALOGUE_STALE_TIME = Number.POSITIVE_INFINITY;

/** Query options of the Claim area. */
export const claimQueries = {
  myClaims: (client: ApiClient) =>
    queryOptions({
      queryKey: claimKeys.myClaims(),
      queryFn: async ({ signal }) => (await client.claim.getMyClaims({ signal })) ?? [],
      // Every button and panel asks for the claims: one that mounts later must not fetch them again. A permission
      // change, a token change or a new user invalidates them at once; changes made elsewhere show within this time.
      staleTime: MY_CLAIMS_STALE_TIME,
    }),
  mySessionData: (client: ApiClient) =>
    queryOptions({
      queryKey: claimKeys.mySessionData(),
      queryFn: ({ signal }) => client.claim.getMyUserSessionData({ signal }),
    }),
  /** "Why can they?": a user's, user group's or role's effective permissions with their paths (beyond the spec). */
  effectivePermissions: (client: ApiClient, kind: 'user' | 'userGroup' | 'claimGroup', id: string) =>
    queryOptions({
      queryKey: claimKeys.effectivePermissions(kind, id),
      queryFn: async ({ signal }) =>
        (kind === 'user'
          ? await client.claim.getEffectivePermissionsOfUser(id, { signal })
          : kind === 'userGroup'
            ? await client.claim.getEffectivePermissionsOfUserGroup(id, { signal })
            : await client.claim.getEffectivePermissionsOfClaimGroup(id, { signal })) ?? [],
    }),
  /** Who changed a holder's claims, claim groups or members, and when (beyond the spec; administrators only). */
  permissionHistory: (client: ApiClient, kind: 'user' | 'userGroup' | 'claimGroup', id: string, page: number, count: number) =>
    queryOptions({
      queryKey: claimKeys.permissionHistory(kind, id, page, count),
      queryFn: async ({ signal }) =>
        (await client.claim.getPermissionHistory(kind, id, { page, count }, { signal })) ?? { list: [], totalRecCount: 0, totalPageCount: 0 },
    }),
  adminRole: (client: ApiClient, authId: string) =>
    queryOptions({
      queryKey: claimKeys.adminRole(authId),
      queryFn: async ({ signal }) => (await client.claim.checkForAdminRole(authId, { signal })) === true,
    }),
  claimEntries: (client: ApiClient, flags: number = ALL_CLAIM_TYPES) =>
    queryOptions({
      queryKey: claimKeys.claimEntries(flags),
      queryFn: async ({ signal }) => (await client.claim.getClaimEntriesForClaimTypes(flags, { signal })) ?? [],
      staleTime: CATALOGUE_STALE_TIME,
    }),
  claimEntriesWithDescriptions: (client: ApiClient, flags: number = ALL_CLAIM_TYPES) =>
    queryOptions({
      queryKey: claimKeys.claimEntriesWithDescriptions(flags),
      queryFn: async ({ signal }) =>
        (await client.claim.getClaimEntriesWithDescriptionsForClaimTypes(flags, { signal })) ?? [],
      staleTime: CATALOGUE_STALE_TIME,
    }),
  claimNames: (client: ApiClient, flags: number = ALL_CLAIM_TYPES) =>
    queryOptions({
      queryKey: claimKeys.claimNames(flags),
      queryFn: async ({ signal }) => (await client.claim.getClaimNamesForClaimTypeNames(flags, { signal })) ?? [],
      staleTime: CATALOGUE_STALE_TIME,
    }),
  rowLevelTables: (client: ApiClient) =>
    queryOptions({
      queryKey: claimKeys.rowLevelTables(),
      queryFn: async ({ signal }) => (await client.claim.listTablesWithRowLevelPermissions({ signal })) ?? [],
    }),
  entitiesWithPermissions: (client: ApiClient, tableName: string) =>
    queryOptions({
      queryKey: claimKeys.entitiesWithPermissions(tableName),
      queryFn: async ({ signal }) => (await client.claim.getEntitiesWithPermissions(tableName, { signal })) ?? [],
    }),
  users: (client: ApiClient, includes: ApplicationUserIncludes = SCREEN_USER_INCLUDES) =>
    queryOptions({
      queryKey: claimKeys.userList(includes),
      queryFn: async ({ signal }) => (await client.claim.applicationList(includes, { signal })) ?? [],
    }),
  usersPaged: (client: ApiClient, includes: ApplicationUserIncludes, page: PageArgs) =>
    queryOptions({
      queryKey: claimKeys.userPage(includes, page),
      queryFn: ({ signal }) => client.claim.applicationUsersPaged({ ...includes, ...page }, { signal }),
    }),
  userGroups: (client: ApiClient, includes: ApplicationUserGroupIncludes = SCREEN_USER_GROUP_INCLUDES) =>
    queryOptions({
      queryKey: claimKeys.userGroupList(includes),
      queryFn: async ({ signal }) => (await client.claim.applicationUserGroupsList(includes, { signal })) ?? [],
    }),
  userGroupsPaged: (client: ApiClient, includes: ApplicationUserIncludes, page: PageArgs) =>
    queryOptions({
      queryKey: claimKeys.userGroupPage(includes, page),
      queryFn: ({ signal }) => client.claim.applicationUserGroupsPaged({ ...includes, ...page }, { signal }),
    }),
  claimGroups: (client: ApiClient, includes: ClaimGroupIncludes = SCREEN_CLAIM_GROUP_INCLUDES) =>
    queryOptions({
      queryKey: claimKeys.claimGroupList(includes),
      queryFn: async ({ signal }) => (await client.claim.claimGroupsList(includes, { signal })) ?? [],
    }),
  claimGroupsPaged: (client: ApiClient, includes: ClaimGroupIncludes, page: PageArgs) =>
    queryOptions({
      queryKey: claimKeys.claimGroupPage(includes, page),
      queryFn: ({ signal }) => client.claim.claimGroupsPaged({ ...includes, ...page }, { signal }),
    }),
  oidcConfig: (client: ApiClient) =>
    queryOptions({
      queryKey: claimKeys.oidcConfig(),
      queryFn: ({ signal }) => client.claim.getOIDCConfig({ signal }),
      staleTime: CATALOGUE_STALE_TIME,
    }),
  hasUsers: (client: ApiClient) =>
    queryOptions({
      queryKey: claimKeys.hasUsers(),
      queryFn: async ({ signal }) => (await client.claim.checkForUsers({ signal })) === true,
    }),
};

const emptyResult = <T>() => ({ value: [] as T[] });

/** Query options of the OData reads; the key holds the serialised query. */
export const entityQueries = {
  forms: (client: ApiClient, options: ODataQueryOptions<Form> = {}) =>
    queryOptions({
      queryKey: entityKeys.list('form', buildODataQuery(options)),
      queryFn: async ({ signal }) => (await client.odata.forms.list(options, { signal })) ?? emptyResult<Form>(),
    }),
  form: (client: ApiClient, options: ODataQueryOptions<Form>) =>
    queryOptions({
      queryKey: entityKeys.one('form', buildODataQuery(options)),
      queryFn: ({ signal }) => client.odata.forms.getOne(options, { signal }),
    }),
  formGroups: (client: ApiClient, options: ODataQueryOptions<FormGroup> = {}) =>
    queryOptions({
      queryKey: entityKeys.list('formgroup', buildODataQuery(options)),
      queryFn: async ({ signal }) =>
        (await client.odata.formGroups.list(options, { signal })) ?? emptyResult<FormGroup>(),
    }),
  formGroup: (client: ApiClient, options: ODataQueryOptions<FormGroup>) =>
    queryOptions({
      queryKey: entityKeys.one('formgroup', buildODataQuery(options)),
      queryFn: ({ signal }) => client.odata.formGroups.getOne(options, { signal }),
    }),
  formInstances: (client: ApiClient, options: ODataQueryOptions<FormInstance> = {}) =>
    queryOptions({
      queryKey: entityKeys.list('forminstance', buildODataQuery(options)),
      queryFn: async ({ signal }) =>
        (await client.odata.formInstances.list(options, { signal })) ?? emptyResult<FormInstance>(),
    }),
  formInstance: (client: ApiClient, options: ODataQueryOptions<FormInstance>) =>
    queryOptions({
      queryKey: entityKeys.one('forminstance', buildODataQuery(options)),
      queryFn: ({ signal }) => client.odata.formInstances.getOne(options, { signal }),
    }),
  formSchemas: (client: ApiClient, options: ODataQueryOptions<FormSchema> = {}) =>
    queryOptions({
      queryKey: entityKeys.list('formschema', buildODataQuery(options)),
      queryFn: async ({ signal }) =>
        (await client.odata.formSchemas.list(options, { signal })) ?? emptyResult<FormSchema>(),
    }),
  formSchema: (client: ApiClient, options: ODataQueryOptions<FormSchema>) =>
    queryOptions({
      queryKey: entityKeys.one('formschema', buildODataQuery(options)),
      queryFn: ({ signal }) => client.odata.formSchemas.getOne(options, { signal }),
    }),
};

/** Query options of dynamic form linking. */
export const linkingQueries = {
  primitivePaths: (client: ApiClient) =>
    queryOptions({
      queryKey: linkingKeys.primitivePaths(),
      queryFn: async ({ signal }) => (await client.dynamicFormLinking.getAllPrimitivePaths({ signal })) ?? [],
    }),
  /** The paths with their types (`?withTypes=true`); a backend without types answers plain paths. */
  primitivePathsWithTypes: (client: ApiClient) =>
    queryOptions({
      queryKey: linkingKeys.primitivePathsWithTypes(),
      queryFn: async ({ signal }) => (await client.dynamicFormLinking.getAllPrimitivePathsWithTypes({ signal })) ?? [],
    }),
  exampleApplication: (client: ApiClient) =>
    queryOptions({
      queryKey: linkingKeys.exampleApplication(),
      queryFn: ({ signal }) => client.dynamicFormLinking.getExampleApplication({ signal }),
    }),
};

/** Query options of the public form links. */
export const formLinkQueries = {
  editUrl: (client: ApiClient, formInstanceId: string) =>
    queryOptions({
      queryKey: formLinkKeys.editUrl(formInstanceId),
      queryFn: ({ signal }) => client.forms.getEditUrl(formInstanceId, { signal }),
      staleTime: 0,
    }),
  viewUrl: (client: ApiClient, formInstanceId: string) =>
    queryOptions({
      queryKey: formLinkKeys.viewUrl(formInstanceId),
      queryFn: ({ signal }) => client.forms.getViewUrl(formInstanceId, { signal }),
      staleTime: 0,
    }),
};

/** Query options of the health check. */
export const healthQueries = {
  get: (client: ApiClient) =>
    queryOptions({
      queryKey: healthKeys.all,
      queryFn: ({ signal }) => client.healthCheck.get({ signal }),
    }),
};
