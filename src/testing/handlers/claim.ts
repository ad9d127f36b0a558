/**
 * `/api/Claim/*`: claims, claim groups, users, user groups and their grants (docs/spec.md, Calls "Claims").
 *
 * Storage and HTTP only: who may call each route, the reading and checking of parameters and bodies,
 * the name rules, the nesting and access guards and the built-in groups all come from src/domain, as
 * they do for the reference server (`tests/contract` runs the same scenarios against both).
 */
import { Permission } from '../../api/enums';
import type { EntityWithPermissions, UserSessionData } from '../../api/types';
import {
  checkAccessChange,
  claimGroupNotFound,
  claimRequiredError,
  claimTypeNames,
  claimTypeRecords,
  findGroupByName,
  formInstanceDisplayName,
  formSchemaDisplayName,
  isAdministrator,
  mayCheckAdminRoleOf,
  pageOf,
  parseClaimTypeFlags,
  parseRowLevelTable,
  readClaimGroupIncludes,
  readPaging,
  readHistoryQuery,
  readNameSearch,
  readSubGroupCandidatesOf,
  parseOwnAdminChanges,
  changesRemoveOwnAdminAccess,
  wouldCreateCycle,
  readUserGroupIncludes,
  readUserIncludes,
  ROW_LEVEL_TABLES,
  rowLevelPermission,
  explainEffectiveClaims,
  claimGroupHolderGraph,
  unknownHolderError,
  type AccessChange,
  type RowLevelTable,
} from '../../domain';
import {
  accessModelOf,
  memoryClaimGroupRemovalStore,
  memoryPermissionStores,
  claimGroupGraph,
  claimGraphOfUser,
  claimGraphOfUserGroup,
  effectiveClaimsOf,
  findHolder,
  historyOf,
  projectClaimGroup,
  projectUser,
  projectUserGroup,
  sortedLive,
} from '../claims-model';
import type { FakeDb, StoredClaimGroup, StoredUser } from '../db';
import { FakeHttpError, json, noContent } from '../http';
import type { MutationContext } from '../claims-model';
import { routeRequest, tableRoute, type FakeRoute, type RouteContext, type RouteMethod } from './route';
import { removeClaimGroup } from '../../service/claim-groups';
import { PERMISSION_ROUTES, readChangeBody, type PermissionStores, type RouteBackend } from '../../service/routes';

const P = Permission;

function route(method: RouteMethod, name: string, handle: FakeRoute['handle']): FakeRoute {
  return { method, path: `/api/Claim/${name}`, handle };
}

function signedIn(ctx: RouteContext): StoredUser {
  const current = ctx.caller.user;
  if (!current) throw new FakeHttpError(401, 'An access token is required.');
  return current;
}

const sortedClaims = (claims: ReadonlySet<number>) => [...claims].sort((a, b) => a - b);
const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The live rows of a table (soft-deleted rows left out, docs/decisions.md, Forms model) with a display name, in the
 * server's order: by name regardless of case (schemas then by version), instances by creation.
 */
function entitiesOf(db: FakeDb, table: RowLevelTable): { recordId: string; displayName: string }[] {
  const live = <T extends { isDeleted: boolean }>(rows: readonly T[]) => rows.filter((r) => !r.isDeleted);
  const byName = (a: { name: string }, b: { name: string }) => byText(a.name.toLowerCase(), b.name.toLowerCase());
  switch (table) {
    case 'Form':
      return live(db.forms)
        .sort((a, b) => byName(a, b) || byText(a.formId, b.formId))
        .map((f) => ({ recordId: f.formId, displayName: f.name }));
    case 'FormGroup':
      return live(db.formGroups)
        .sort((a, b) => byName(a, b) || byText(a.formGroupId, b.formGroupId))
        .map((g) => ({ recordId: g.formGroupId, displayName: g.name }));
    case 'FormSchema':
      return live(db.formSchemas)
        .sort((a, b) => byName(a, b) || a.version - b.version || byText(a.formSchemaId, b.formSchemaId))
        .map((s) => ({ recordId: s.formSchemaId, displayName: formSchemaDisplayName(s.name, s.version) }));
    case 'FormInstance':
      return live(db.formInstances)
        .sort((a, b) => a.createdDateTime.getTime() - b.createdDateTime.getTime() || byText(a.formInstanceId, b.formInstanceId))
        .map((i) => ({
          recordId: i.formInstanceId,
          displayName: formInstanceDisplayName(db.forms.find((f) => f.formId === i.formId)?.name, i.formInstanceId),
        }));
  }
}

/** The backend's clock and ids, and the caller as the change history names them. */
function mutation(ctx: RouteContext): MutationContext {
  const user = ctx.caller.user;
  return { now: () => ctx.backend.now(), newId: () => ctx.backend.newId(), actor: user ? { id: user.id, name: user.name } : null };
}

/** Refuses (409) a change the domain's access guards refuse: checked before anything is stored, as the server does. */
function guard(db: FakeDb, change: AccessChange): void {
  checkAccessChange(accessModelOf(db), change);
}

/**
 * The fake as the route table's backend: a write checks its change of access with the domain's guards, then works on
 * the in-memory db at once (one request at a time: nothing to lock).
 */
function memoryBackend(ctx: RouteContext): RouteBackend<PermissionStores> {
  const { now, newId } = mutation(ctx);
  const { db } = ctx.backend;
  return {
    async write(scope, work) {
      if (scope.access) guard(db, scope.access);
      const checkAccess = async (change: AccessChange) => guard(db, change);
      return work({ stores: memoryPermissionStores(db, { newId }), clock: { now }, ids: { newId }, checkAccess });
    },
  };
}

/** A live claim group by the (trimmed) name in query parameter `param`; 404 when there is none. */
function requireClaimGroupByName(ctx: RouteContext, param: string): StoredClaimGroup {
  const name = ctx.query.required(param).trim();
  const group = findGroupByName(sortedLive(ctx.backend.db.claimGroups), name);
  if (!group) throw claimGroupNotFound(name);
  return group;
}

/** The routes of `/api/Claim/*`. */
export const claimRoutes: readonly FakeRoute[] = [
  route('post', 'ClearUserClaimsCache', () => noContent()),
  route('get', 'GetMyClaims', (ctx) => json(sortedClaims(effectiveClaimsOf(ctx.backend.db, signedIn(ctx).id)))),
  route('get', 'GetMyUserSessionData', (ctx) => {
    const me = signedIn(ctx);
    const body: UserSessionData = { claims: sortedClaims(effectiveClaimsOf(ctx.backend.db, me.id)), userId: me.id };
    return json(body);
  }),
  route('get', 'GetClaimNamesForClaimTypeNames', (ctx) => json(claimTypeNames(parseClaimTypeFlags(ctx.query.required('flags'))))),
  route('get', 'GetClaimEntriesForClaimTypes', (ctx) => json(claimTypeRecords(parseClaimTypeFlags(ctx.query.required('flags')), false))),
  route('get', 'GetClaimEntriesWithDescriptionsForClaimTypes', (ctx) =>
    json(claimTypeRecords(parseClaimTypeFlags(ctx.query.required('flags')), true)),
  ),
  route('get', 'ListTablesWithRowLevelPermissions', () => json([...ROW_LEVEL_TABLES])),
  route('get', 'GetEntitiesWithPermissions', (ctx) => {
    const table = parseRowLevelTable(ctx.query.required('tableName'));
    const permission = rowLevelPermission(effectiveClaimsOf(ctx.backend.db, signedIn(ctx).id), table);
    const rows: EntityWithPermissions[] = entitiesOf(ctx.backend.db, table).map((e) => ({ ...e, permission }));
    return json(rows);
  }),
  route('get', 'CheckForAdminRole', (ctx) => {
    const authId = ctx.query.required('authId');
    const me = signedIn(ctx);
    // Claims are checked only when the fake enforces them.
    if (ctx.backend.enforceClaims && !mayCheckAdminRoleOf(me, effectiveClaimsOf(ctx.backend.db, me.id), authId)) {
      throw claimRequiredError(P.Claim_ReadUsers);
    }
    const self = authId === me.oidcId || authId === me.id;
    const subject = self ? me : ctx.backend.db.applicationUsers.find((u) => u.oidcId === authId || u.id === authId);
    if (!subject || subject.isDeleted || !subject.isEnabled) return json(false);
    return json(isAdministrator(effectiveClaimsOf(ctx.backend.db, subject.id)));
  }),
  route('get', 'GetEffectivePermissionsOfUser', (ctx) => {
    const id = ctx.query.required('applicationUserId');
    if (!findHolder(ctx.backend.db, 'user', id)) throw unknownHolderError('user', id, 'applicationUserId');
    return json(explainEffectiveClaims(claimGraphOfUser(ctx.backend.db, id)));
  }),
  route('get', 'GetEffectivePermissionsOfUserGroup', (ctx) => {
    const id = ctx.query.required('applicationUserGroupId');
    const graph = claimGraphOfUserGroup(ctx.backend.db, id);
    if (!graph) throw unknownHolderError('userGroup', id, 'applicationUserGroupId');
    return json(explainEffectiveClaims(graph));
  }),
  route('get', 'GetEffectivePermissionsOfClaimGroup', (ctx) => {
    const id = ctx.query.required('claimGroupId');
    const graph = claimGroupHolderGraph(id, claimGroupGraph(ctx.backend.db));
    if (!graph) throw unknownHolderError('claimGroup', id, 'claimGroupId');
    return json(explainEffectiveClaims(graph));
  }),
  route('get', 'GetPermissionHistory', (ctx) => {
    const { holderKind, holderId, paging } = readHistoryQuery(ctx.query);
    return json(pageOf(holderId ? historyOf(ctx.backend.db, holderKind, holderId) : [], paging));
  }),
  route('get', 'CheckForUsers', (ctx) => json(ctx.backend.db.applicationUsers.some((u) => !u.isDeleted))),
  route('get', 'GetOIDCConfig', (ctx) => json(ctx.backend.oidcConfig)),

  // ------------------------------------------------------------ claim groups
  route('delete', 'DeleteClaimGroupByName', async (ctx) => {
    const group = requireClaimGroupByName(ctx, 'groupName');
    guard(ctx.backend.db, { type: 'deleteClaimGroup', claimGroupId: group.id });
    const { now, newId, actor = null } = mutation(ctx);
    await removeClaimGroup({ store: memoryClaimGroupRemovalStore(ctx.backend.db), clock: { now }, ids: { newId } }, group, actor);
    return noContent();
  }),

  // ------------------------------------------------------------ lists
  route('get', 'ApplicationUsersPaged', (ctx) => {
    const { db } = ctx.backend;
    const include = readUserIncludes(ctx.query);
    const page = pageOf(sortedLive(db.applicationUsers, readNameSearch(ctx.query)), readPaging(ctx.query));
    return json({ ...page, list: page.list?.map((u) => projectUser(db, u, include)) ?? null });
  }),
  route('get', 'ApplicationList', (ctx) => {
    const { db } = ctx.backend;
    const include = readUserIncludes(ctx.query);
    return json(sortedLive(db.applicationUsers).map((u) => projectUser(db, u, include)));
  }),
  route('get', 'ApplicationUserGroupsPaged', (ctx) => {
    const { db } = ctx.backend;
    const include = readUserGroupIncludes(ctx.query);
    const page = pageOf(sortedLive(db.applicationUserGroups, readNameSearch(ctx.query)), readPaging(ctx.query));
    return json({ ...page, list: page.list?.map((g) => projectUserGroup(db, g, include)) ?? null });
  }),
  route('get', 'ApplicationUserGroupsList', (ctx) => {
    const { db } = ctx.backend;
    const include = readUserGroupIncludes(ctx.query);
    return json(sortedLive(db.applicationUserGroups).map((g) => projectUserGroup(db, g, include)));
  }),
  route('get', 'ClaimGroupsPaged', (ctx) => {
    const { db } = ctx.backend;
    const include = readClaimGroupIncludes(ctx.query);
    const paging = readPaging(ctx.query);
    const candidatesOf = readSubGroupCandidatesOf(ctx.query);
    if (candidatesOf !== null && !findHolder(db, 'claimGroup', candidatesOf)) {
      throw unknownHolderError('claimGroup', candidatesOf, 'subGroupCandidatesOf');
    }
    const graph = candidatesOf === null ? null : claimGroupGraph(db);
    const rows = sortedLive(db.claimGroups, readNameSearch(ctx.query)).filter(
      (g) => candidatesOf === null || graph === null || !wouldCreateCycle(candidatesOf, g.id, graph),
    );
    const page = pageOf(rows, paging);
    return json({ ...page, list: page.list?.map((g) => projectClaimGroup(db, g, include)) ?? null });
  }),
  route('get', 'ClaimGroupsList', (ctx) => {
    const { db } = ctx.backend;
    const include = readClaimGroupIncludes(ctx.query);
    return json(sortedLive(db.claimGroups).map((g) => projectClaimGroup(db, g, include)));
  }),

  // ------------------------------------------------------------ sync and grants
  route('post', 'FullSyncAndReturnExternalUsers', (ctx) => {
    const { db } = ctx.backend;
    const now = ctx.backend.now();
    const synced: StoredUser[] = [];
    for (const external of db.externalUsers) {
      let local = db.applicationUsers.find((u) => u.oidcId === external.oidcId);
      if (!local) {
        local = { id: ctx.backend.newId(), ...external, isEnabled: true, failedLoginAttempts: 0, isDeleted: false, createdDateTime: now, lastUpdatedDateTime: now };
        db.applicationUsers.push(local);
      } else if (
        local.name !== external.name ||
        local.userName !== external.userName ||
        local.email !== external.email ||
        local.phoneNumber !== external.phoneNumber
      ) {
        Object.assign(local, external, { lastUpdatedDateTime: now });
      }
      synced.push(local);
    }
    const include = { claims: false, userGroups: false, claimGroups: false };
    return json(synced.sort((a, b) => a.name.localeCompare(b.name)).map((u) => projectUser(db, u, include)));
  }),
  route('post', 'RemovesMyAdminAccess', async (ctx) => {
    const me = signedIn(ctx);
    const changes = parseOwnAdminChanges(await readChangeBody(routeRequest(ctx)));
    return json(changesRemoveOwnAdminAccess(accessModelOf(ctx.backend.db), me.id, changes));
  }),
  ...PERMISSION_ROUTES.map((permissionRoute) => tableRoute(permissionRoute, memoryBackend)),
];
