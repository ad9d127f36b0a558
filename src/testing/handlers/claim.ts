/**
 * `/api/Claim/*` over the fake's in-memory db: the one route table's claim reads (src/service/routes-claims.ts) and
 * permission writes (src/service/routes.ts) bound with MSW. Here are only the stores: what the reads read, and the
 * write that runs the domain's access guards and then the work at once (one request at a time: nothing to lock).
 */
import { formInstanceDisplayName, formSchemaDisplayName, pageOf, wouldCreateCycle, type RowLevelTable } from '../../domain';
import { CLAIM_READ_ROUTES, type ClaimReads, type ListQuery } from '../../service/routes-claims';
import { projectClaimGroups, projectUserGroups, projectUsers } from '../../service/projections';
import { permissionStores } from '../../service/permission-tables';
import { PERMISSION_ROUTES, type PermissionStores, type RouteBackend } from '../../service/routes';
import type { UserSyncStore } from '../../service/users';
import {
  claimGroupGraph,
  effectiveClaimsOf,
  findHolder,
  historyOf,
  memoryClaimGraphStore,
  memoryPermissionTables,
  memoryProjectionReads,
  sortedLive,
} from '../claims-model';
import type { FakeDb } from '../db';
import { tableRoute, type FakeRoute, type RouteContext } from './route';

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The live rows of a table with a display name, in the server's order: by name regardless of case (schemas then by version), instances by creation. */
function entitiesOf(db: FakeDb, table: RowLevelTable): { recordId: string; displayName: string }[] {
  const live = <T extends { isDeleted: boolean }>(rows: readonly T[]) => rows.filter((r) => !r.isDeleted);
  const byName = (a: { name: string }, b: { name: string }) => byText(a.name.toLowerCase(), b.name.toLowerCase());
  switch (table) {
    case 'Form':
      return live(db.forms).sort((a, b) => byName(a, b) || byText(a.formId, b.formId)).map((f) => ({ recordId: f.formId, displayName: f.name }));
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
        .map((i) => ({ recordId: i.formInstanceId, displayName: formInstanceDisplayName(db.forms.find((f) => f.formId === i.formId)?.name, i.formInstanceId) }));
  }
}

/** One page of live rows (or all of them) matching the query's search. */
async function listOf<R extends { id: string; name: string; isDeleted: boolean }, T>(
  rows: readonly R[],
  query: ListQuery,
  project: (rows: R[]) => Promise<T[]>,
  keep: (row: R) => boolean = () => true,
) {
  const matching = sortedLive(rows, query.search).filter(keep);
  const list = query.paging ? (pageOf(matching, query.paging).list ?? []) : matching;
  return { rows: await project(list), total: matching.length };
}

/** The user sync's store over the in-memory db: the accounts are the db's external users. */
function memoryUserSyncStore(db: FakeDb): UserSyncStore {
  const external = new Map(db.externalUsers.map((u) => [u.oidcId, u]));
  return {
    accounts: async () => db.externalUsers,
    userByOidcId: async (oidcId) => db.applicationUsers.find((u) => u.oidcId === oidcId) ?? null,
    async insertUser(id, account, now) {
      const phoneNumber = external.get(account.oidcId)?.phoneNumber ?? null;
      db.applicationUsers.push({ id, ...account, phoneNumber, isEnabled: true, failedLoginAttempts: 0, isDeleted: false, createdDateTime: now, lastUpdatedDateTime: now });
    },
    async updateUser(id, { name, userName, email }, now) {
      const user = db.applicationUsers.find((u) => u.id === id);
      if (user) Object.assign(user, { name, userName, email, lastUpdatedDateTime: now });
    },
    liveUsers: async (ids) => {
      const include = { claims: false, userGroups: false, claimGroups: false };
      return projectUsers(memoryProjectionReads(db), sortedLive(db.applicationUsers.filter((u) => ids.includes(u.id))), include);
    },
  };
}

/** The fake as the claim reads' backend. */
function memoryClaimReads(ctx: RouteContext): ClaimReads {
  const { backend } = ctx;
  const { db } = backend;
  const system = { clock: { now: () => backend.now() }, ids: { newId: () => backend.newId() } };
  return {
    caller: async () => {
      const me = ctx.caller.user;
      return me ? { id: me.id, oidcId: me.oidcId, claims: effectiveClaimsOf(db, me.id) } : null;
    },
    enforcesClaims: backend.enforceClaims,
    async claimsOfUser(authId) {
      const user = db.applicationUsers.find((u) => u.oidcId === authId || u.id === authId);
      return user && !user.isDeleted && user.isEnabled ? effectiveClaimsOf(db, user.id) : null;
    },
    claimGroupExists: async (id) => findHolder(db, 'claimGroup', id) !== undefined,
    claimGraphs: memoryClaimGraphStore(db),
    history: async (kind, holderId, paging) => pageOf(historyOf(db, kind, holderId), paging),
    anyUser: async () => db.applicationUsers.some((u) => !u.isDeleted),
    oidcConfig: () => backend.oidcConfig,
    clearCachedClaims: () => undefined,
    entities: async (table) => entitiesOf(db, table),
    users: (query, include) => listOf(db.applicationUsers, query, (rows) => projectUsers(memoryProjectionReads(db), rows, include)),
    userGroups: (query, include) => listOf(db.applicationUserGroups, query, (rows) => projectUserGroups(memoryProjectionReads(db), rows, include)),
    async claimGroups(query, include) {
      const candidatesOf = query.subGroupCandidatesOf;
      const graph = candidatesOf === null ? null : claimGroupGraph(db);
      return listOf(db.claimGroups, query, (rows) => projectClaimGroups(memoryProjectionReads(db), rows, include), (g) => candidatesOf === null || graph === null || !wouldCreateCycle(candidatesOf, g.id, graph));
    },
    syncWrite: (work) => work({ store: memoryUserSyncStore(db), ...system }),
  };
}

/** The fake as the permission writes' backend: a write works on the in-memory db at once (the use cases guard access). */
function memoryBackend(ctx: RouteContext): RouteBackend<PermissionStores> {
  const { backend } = ctx;
  const { db } = backend;
  const newId = () => backend.newId();
  return {
    write: async (_scope, work) => work({ stores: permissionStores(memoryPermissionTables(db, { newId })), clock: { now: () => backend.now() }, ids: { newId } }),
  };
}

/** The routes of `/api/Claim/*`. */
export const claimRoutes: readonly FakeRoute[] = [
  ...CLAIM_READ_ROUTES.map((readRoute) => tableRoute(readRoute, memoryClaimReads)),
  ...PERMISSION_ROUTES.map((permissionRoute) => tableRoute(permissionRoute, memoryBackend)),
];
