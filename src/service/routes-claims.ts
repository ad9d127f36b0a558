/**
 * The reads of `/api/Claim/*` in the one route table (src/service/routes.ts): the caller's claims and session, the claim
 * catalogue, the row-level tables, the admin-role check, effective permissions, the change history, the lists and pages
 * of users, user groups and claim groups, and the sync of users from the identity provider. Each route reads and checks
 * its request with the domain's rules and answers from a {@link ClaimReads} backend, which each backend implements once
 * (the fake over its in-memory db, src/testing/handlers/claim.ts; the server over drizzle,
 * example-host/server/routes/claim-reads.ts).
 */
import { Permission } from '../contract/enums';
import type {
  ApplicationUser,
  ApplicationUserGroup,
  ClaimGroup,
  EntityWithPermissions,
  OidcConfig,
  Paged,
  UserSessionData,
} from '../contract/types';
import {
  accessReferencesOf,
  changesRemoveOwnAdminAccess,
  claimRequiredError,
  claimTypeNames,
  claimTypeRecords,
  DomainError,
  explainEffectiveClaims,
  isAdministrator,
  mayCheckAdminRoleOf,
  parseClaimTypeFlags,
  parseOwnAdminChanges,
  parseRowLevelTable,
  readClaimGroupIncludes,
  readHistoryQuery,
  readNameSearch,
  readPaging,
  readSubGroupCandidatesOf,
  readUserGroupIncludes,
  readUserIncludes,
  ROW_LEVEL_TABLES,
  rowLevelPermission,
  toPaged,
  unknownHolderError,
  type ClaimGroupIncludeFlags,
  type HistoryEntry,
  type HistoryHolderKind,
  type NameSearch,
  type Paging,
  type QueryParams,
  type RowLevelTable,
  type UserGroupIncludeFlags,
  type UserIncludeFlags,
} from '../domain';
import { json, NO_CONTENT, readChangeBody, type RouteRequest, type ServiceRoute } from './routes';
import type { Clock, Ids } from './ports';
import { syncUsers, type UserSyncStore } from './users';
import { claimGraphOf, ownAccessModel, type ClaimGraphStore } from './claim-graphs';

/** The signed-in caller as the claim reads see them. */
export interface ClaimReader {
  id: string;
  oidcId: string;
  /** The caller's effective claims. */
  claims: ReadonlySet<number>;
}

/** Which live rows a list keeps, and which of them it answers. */
export interface ListQuery {
  /** One page (null: every row). */
  paging: Paging | null;
  /** The domain's name search (null: every row). */
  search: NameSearch | null;
}

/** Rows of a list and how many rows the whole list has. */
export interface ListRows<T> {
  rows: T[];
  total: number;
}

/** What the claim reads need of a backend; every read sees live rows only. */
export interface ClaimReads {
  /** The signed-in caller (null: nobody). */
  caller(): Promise<ClaimReader | null>;
  /** Whether the route table's claims are enforced (the fake may be told not to; the server always does). */
  readonly enforcesClaims: boolean;
  /** The effective claims of the live, enabled user whose oidcId or id is `authId` (null: no such user). */
  claimsOfUser(authId: string): Promise<ReadonlySet<number> | null>;
  /** Whether a live holder of `kind` has the id `id`. */
  claimGroupExists(id: string): Promise<boolean>;
  /** The holders' claim graphs: what explains effective permissions and answers `RemovesMyAdminAccess`. */
  readonly claimGraphs: ClaimGraphStore;
  /** One page of a holder's change history, newest first. */
  history(kind: HistoryHolderKind, holderId: string, paging: Paging): Promise<Paged<HistoryEntry>>;
  /** Whether any live application user exists. */
  anyUser(): Promise<boolean>;
  /** How hosts configure their sign-in. */
  oidcConfig(): OidcConfig;
  /** Forgets the cached claims of a user. */
  clearCachedClaims(userId: string): void;
  /** The live rows of a row-level table with their display names, in the list's order. */
  entities(table: RowLevelTable): Promise<{ recordId: string; displayName: string }[]>;
  users(query: ListQuery, include: UserIncludeFlags): Promise<ListRows<ApplicationUser>>;
  userGroups(query: ListQuery, include: UserGroupIncludeFlags): Promise<ListRows<ApplicationUserGroup>>;
  /** Claim groups; `subGroupCandidatesOf` keeps the groups that may become sub-groups of that one. */
  claimGroups(query: ListQuery & { subGroupCandidatesOf: string | null }, include: ClaimGroupIncludeFlags): Promise<ListRows<ClaimGroup>>;
  /** Runs the user sync over the backend's store, in one write (one sync at a time). */
  syncWrite<T>(work: (ports: { store: UserSyncStore; clock: Clock; ids: Ids }) => Promise<T>): Promise<T>;
}

/** A claim read route. */
export type ClaimReadRoute = ServiceRoute<ClaimReads>;

/** The signed-in caller; 401 when nobody is (the bindings refuse that before, for these routes). */
async function signedIn(reads: ClaimReads): Promise<ClaimReader> {
  const me = await reads.caller();
  if (!me) throw new DomainError(401, 'An access token is required.');
  return me;
}

const sorted = (claims: ReadonlySet<number>): number[] => [...claims].sort((a, b) => a - b);
const flagsOf = (query: QueryParams): number => parseClaimTypeFlags(query.required('flags'));

function read(path: string, summary: string, answer: (request: RouteRequest, reads: ClaimReads) => unknown): ClaimReadRoute {
  return { method: 'GET', path: `/api/Claim/${path}`, summary, handle: async (request, reads) => json(await answer(request, reads)) };
}

/** `GetEffectivePermissionsOf…`: why a live holder has each claim; 404 naming the parameter when there is none. */
function effectivePermissions(suffix: string, kind: 'user' | 'userGroup' | 'claimGroup', param: string, summary: string): ClaimReadRoute {
  return read(`GetEffectivePermissionsOf${suffix}`, summary, async (request, reads) => {
    const id = request.query.required(param);
    const graph = await claimGraphOf(reads.claimGraphs, kind, id);
    if (!graph) throw unknownHolderError(kind, id, param);
    return explainEffectiveClaims(graph);
  });
}

/** A paged list (`…Paged`) and a whole list (`…List`) of one kind of holder. */
function lists<T>(
  paged: string,
  whole: string,
  what: string,
  rows: (request: RouteRequest, reads: ClaimReads, query: ListQuery) => Promise<ListRows<T>>,
): ClaimReadRoute[] {
  return [
    read(paged, `One page of ${what} (page from 1, count 1–1000, default 10), by name; search: an id or words of the name`, async (request, reads) => {
      const paging = readPaging(request.query);
      const { rows: list, total } = await rows(request, reads, { paging, search: readNameSearch(request.query) });
      return toPaged(list, total, paging);
    }),
    read(whole, `Every one of the ${what}, with the collections the include flags ask for`, async (request, reads) => (await rows(request, reads, { paging: null, search: null })).rows),
  ];
}

/** The reads of `/api/Claim/*` and the user sync. */
export const CLAIM_READ_ROUTES: readonly ClaimReadRoute[] = [
  read('GetMyClaims', "The caller's effective claim numbers", async (_, reads) => sorted((await signedIn(reads)).claims)),
  read('GetMyUserSessionData', "The caller's effective claims and application user id", async (_, reads): Promise<UserSessionData> => {
    const me = await signedIn(reads);
    return { claims: sorted(me.claims), userId: me.id };
  }),
  read('GetClaimNamesForClaimTypeNames', 'Claim type names and their claim names (flags: 1 server, 2 UX, 4 table)', (r) => claimTypeNames(flagsOf(r.query))),
  read('GetClaimEntriesForClaimTypes', 'Claim names and numbers per claim type (flags: 1 server, 2 UX, 4 table)', (r) => claimTypeRecords(flagsOf(r.query), false)),
  read('GetClaimEntriesWithDescriptionsForClaimTypes', 'Claim names, numbers and descriptions per claim type (flags: 1 server, 2 UX, 4 table)', (r) =>
    claimTypeRecords(flagsOf(r.query), true),
  ),
  read('ListTablesWithRowLevelPermissions', 'The tables that carry row-level permissions', () => [...ROW_LEVEL_TABLES]),
  read('GetEntitiesWithPermissions', "The live rows of a table with the caller's row-level permission on them", async (request, reads) => {
    const table = parseRowLevelTable(request.query.required('tableName'));
    const permission = rowLevelPermission((await signedIn(reads)).claims, table);
    return (await reads.entities(table)).map((e): EntityWithPermissions => ({ ...e, permission }));
  }),
  read('CheckForAdminRole', 'Whether the user named by authId (oidcId or id) is an administrator; another user needs Claim_ReadUsers', async (request, reads) => {
    const authId = request.query.required('authId');
    const me = await signedIn(reads);
    if (reads.enforcesClaims && !mayCheckAdminRoleOf(me, me.claims, authId)) throw claimRequiredError(Permission.Claim_ReadUsers);
    if (authId === me.oidcId || authId === me.id) return isAdministrator(me.claims);
    const claims = await reads.claimsOfUser(authId);
    return claims !== null && isAdministrator(claims);
  }),
  effectivePermissions('User', 'user', 'applicationUserId', "Why can they? Every claim the user ends up with, the deciding grant's path, and the grants that lost"),
  effectivePermissions('UserGroup', 'userGroup', 'applicationUserGroupId', 'Why can they? The same for a user group'),
  effectivePermissions('ClaimGroup', 'claimGroup', 'claimGroupId', 'What a role grants: every claim of the claim group and the roles it nests, with the path and what lost'),
  read('GetPermissionHistory', 'Who changed the permissions or members of a holder, and when: newest first, paged', async (request, reads) => {
    const { holderKind, holderId, paging } = readHistoryQuery(request.query);
    return holderId ? reads.history(holderKind, holderId, paging) : toPaged([], 0, paging);
  }),
  read('CheckForUsers', 'Whether any application user exists', (_, reads) => reads.anyUser()),
  read('GetOIDCConfig', 'How hosts configure their sign-in: authority, client id and extra scopes', (_, reads) => reads.oidcConfig()),
  {
    method: 'POST',
    path: '/api/Claim/ClearUserClaimsCache',
    summary: "Forgets the caller's cached claims",
    async handle(_, reads) {
      reads.clearCachedClaims((await signedIn(reads)).id);
      return NO_CONTENT;
    },
  },
  {
    method: 'POST',
    path: '/api/Claim/RemovesMyAdminAccess',
    summary: 'Whether making the changes in order would take GlobalDataAdmin away from the caller (nothing is changed)',
    async handle(request, reads) {
      const changes = parseOwnAdminChanges(await readChangeBody(request));
      const me = await signedIn(reads);
      return json(changesRemoveOwnAdminAccess(await ownAccessModel(reads.claimGraphs, me.id, accessReferencesOf(changes)), me.id, changes));
    },
  },
  ...lists('ApplicationUsersPaged', 'ApplicationList', 'application users', (request, reads, query) => reads.users(query, readUserIncludes(request.query))),
  ...lists('ApplicationUserGroupsPaged', 'ApplicationUserGroupsList', 'application user groups', (request, reads, query) =>
    reads.userGroups(query, readUserGroupIncludes(request.query)),
  ),
  ...lists('ClaimGroupsPaged', 'ClaimGroupsList', 'claim groups', async (request, reads, query) => {
    const include = readClaimGroupIncludes(request.query);
    if (query.paging === null) return reads.claimGroups({ ...query, subGroupCandidatesOf: null }, include);
    const candidatesOf = readSubGroupCandidatesOf(request.query);
    if (candidatesOf !== null && !(await reads.claimGroupExists(candidatesOf))) throw unknownHolderError('claimGroup', candidatesOf, 'subGroupCandidatesOf');
    return reads.claimGroups({ ...query, subGroupCandidatesOf: candidatesOf }, include);
  }),
  {
    method: 'POST',
    path: '/api/Claim/FullSyncAndReturnExternalUsers',
    summary: "Creates or updates an application user for every account of the identity provider's account store; answers those users",
    handle: async (_, reads) => json(await reads.syncWrite(syncUsers)),
  },
];
