/**
 * Hierarchical query keys, one factory per API area. Components never write key arrays inline;
 * invalidating a prefix (e.g. `claimKeys.users()`) refetches every query below it.
 */
import type {
  ApplicationUserGroupIncludes,
  ApplicationUserIncludes,
  ClaimGroupIncludes,
  PageArgs,
} from '../api/types';

// The first element of every key. Each area's `all` is written as a plain array (no spread of a shared array): a
// spread at module level is a side effect to a bundler, which then keeps every area's keys in a bundle that uses one
// (the public viewer uses the entity keys only).
const ROOT = 'ccq-forms-admin';

/** Keys of the Claim API area. */
export const claimKeys = {
  all: [ROOT, 'claim'] as const,
  session: () => [...claimKeys.all, 'session'] as const,
  myClaims: () => [...claimKeys.session(), 'my-claims'] as const,
  mySessionData: () => [...claimKeys.session(), 'session-data'] as const,
  adminRole: (authId: string) => [...claimKeys.session(), 'admin-role', authId] as const,
  catalogue: () => [...claimKeys.all, 'catalogue'] as const,
  claimEntries: (flags: number) => [...claimKeys.catalogue(), 'entries', flags] as const,
  claimEntriesWithDescriptions: (flags: number) => [...claimKeys.catalogue(), 'entries-described', flags] as const,
  claimNames: (flags: number) => [...claimKeys.catalogue(), 'names', flags] as const,
  rowLevelTables: () => [...claimKeys.catalogue(), 'row-level-tables'] as const,
  entitiesWithPermissions: (tableName: string) => [...claimKeys.catalogue(), 'entities', tableName] as const,
  users: () => [...claimKeys.all, 'users'] as const,
  userList: (includes: ApplicationUserIncludes) => [...claimKeys.users(), 'list', includes] as const,
  userPage: (includes: ApplicationUserIncludes, page: PageArgs) => [...claimKeys.users(), 'paged', includes, page] as const,
  userGroups: () => [...claimKeys.all, 'user-groups'] as const,
  userGroupList: (includes: ApplicationUserGroupIncludes) => [...claimKeys.userGroups(), 'list', includes] as const,
  userGroupPage: (includes: ApplicationUserIncludes, page: PageArgs) => [...claimKeys.userGroups(), 'paged', includes, page] as const,
  claimGroups: () => [...claimKeys.all, 'claim-groups'] as const,
  claimGroupList: (includes: ClaimGroupIncludes) => [...claimKeys.claimGroups(), 'list', includes] as const,
  claimGroupPage: (includes: ClaimGroupIncludes, page: PageArgs) => [...claimKeys.claimGroups(), 'paged', includes, page] as const,
  effective: () => [...claimKeys.all, 'effective'] as const,
  effectivePermissions: (kind: 'user' | 'userGroup' | 'claimGroup', id: string) => [...claimKeys.effective(), kind, id] as const,
  history: () => [...claimKeys.all, 'history'] as const,
  permissionHistory: (kind: 'user' | 'userGroup' | 'claimGroup', id: string, page: number, count: number) =>
    [...claimKeys.history(), kind, id, page, count] as const,
  oidcConfig: () => [...claimKeys.all, 'oidc-config'] as const,
  hasUsers: () => [...claimKeys.all, 'has-users'] as const,
};

/** Keys of the OData reads and CRUD entities. */
export const entityKeys = {
  all: [ROOT, 'entity'] as const,
  entity: (entity: 'form' | 'formgroup' | 'forminstance' | 'formschema') => [...entityKeys.all, entity] as const,
  list: (entity: 'form' | 'formgroup' | 'forminstance' | 'formschema', query: string) =>
    [...entityKeys.entity(entity), 'list', query] as const,
  one: (entity: 'form' | 'formgroup' | 'forminstance' | 'formschema', query: string) =>
    [...entityKeys.entity(entity), 'one', query] as const,
};

/** Keys of the dynamic form linking area. */
export const linkingKeys = {
  all: [ROOT, 'dynamic-form-linking'] as const,
  primitivePaths: () => [...linkingKeys.all, 'primitive-paths'] as const,
  primitivePathsWithTypes: () => [...linkingKeys.all, 'primitive-paths', 'with-types'] as const,
  exampleApplication: () => [...linkingKeys.all, 'example-application'] as const,
};

/** Keys of the Forms area (public links). */
export const formLinkKeys = {
  all: [ROOT, 'forms'] as const,
  editUrl: (formInstanceId: string) => [...formLinkKeys.all, 'edit-url', formInstanceId] as const,
  viewUrl: (formInstanceId: string) => [...formLinkKeys.all, 'view-url', formInstanceId] as const,
};

/** Keys of the health check. */
export const healthKeys = {
  all: [ROOT, 'health'] as const,
};
