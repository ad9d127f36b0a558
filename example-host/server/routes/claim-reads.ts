/**
 * The claim reads of the one route table (src/service/routes-claims.ts: the caller's claims, the catalogue, the
 * row-level tables, the admin-role check, effective permissions, the history, the lists and pages, the user sync) bound
 * with Hono over drizzle. Here are only the reads, and the user sync's store in one `write`.
 */
import { and, asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import { formInstanceDisplayName, formSchemaDisplayName, isUuid, type RowLevelTable } from '../../../src/domain';
import { CLAIM_READ_ROUTES, type ClaimReads } from '../../../src/service/routes-claims';
import type { UserSyncStore } from '../../../src/service/users';
import type { Db } from '../db/index';
import { applicationUserGroups, applicationUsers, claimGroups, formGroups, formInstances, forms, formSchemas } from '../db/schema';
import { SEED_IDS } from '../db/seed';
import { readHistory } from '../history';
import { drizzleClaimGraphStore } from '../claims-service';
import type { Services } from '../services';
import { listLive, projectClaimGroups, projectUserGroups, projectUsers } from './projections';
import type { RouteContext, RouteExample } from './registry';
import { tableRoute } from './table';
import { write } from './writes';

/** The live rows of a table with a display name, ordered by it. */
async function entitiesOf(db: Db, table: RowLevelTable): Promise<{ recordId: string; displayName: string }[]> {
  switch (table) {
    case 'Form':
      return db.select({ recordId: forms.formId, displayName: forms.name }).from(forms).where(eq(forms.isDeleted, false)).orderBy(sql`lower(${forms.name})`, asc(forms.formId));
    case 'FormGroup':
      return db
        .select({ recordId: formGroups.formGroupId, displayName: formGroups.name })
        .from(formGroups)
        .where(eq(formGroups.isDeleted, false))
        .orderBy(sql`lower(${formGroups.name})`, asc(formGroups.formGroupId));
    case 'FormSchema': {
      const rows = await db
        .select({ recordId: formSchemas.formSchemaId, name: formSchemas.name, version: formSchemas.version })
        .from(formSchemas)
        .where(eq(formSchemas.isDeleted, false))
        .orderBy(sql`lower(${formSchemas.name})`, asc(formSchemas.version), asc(formSchemas.formSchemaId));
      return rows.map((r) => ({ recordId: r.recordId, displayName: formSchemaDisplayName(r.name, r.version) }));
    }
    case 'FormInstance': {
      const rows = await db
        .select({ recordId: formInstances.formInstanceId, formName: forms.name })
        .from(formInstances)
        .leftJoin(forms, eq(forms.formId, formInstances.formId))
        .where(eq(formInstances.isDeleted, false))
        .orderBy(asc(formInstances.createdDateTime), asc(formInstances.formInstanceId));
      return rows.map((r) => ({ recordId: r.recordId, displayName: formInstanceDisplayName(r.formName, r.recordId) }));
    }
  }
}

/** The user sync's store in the write's transaction: the accounts are the identity provider's account store's. */
function drizzleUserSyncStore(tx: Db, services: Services): UserSyncStore {
  return {
    accounts: async () => (services.listAccounts?.() ?? []).map((a) => ({ oidcId: a.sub, name: a.name, userName: a.userName, email: a.email })),
    userByOidcId: async (oidcId) => (await tx.select().from(applicationUsers).where(eq(applicationUsers.oidcId, oidcId)))[0] ?? null,
    insertUser: async (id, { oidcId, name, userName, email }) => void (await tx.insert(applicationUsers).values({ id, oidcId, name, userName, email })),
    async updateUser(id, { name, userName, email }, now) {
      await tx.update(applicationUsers).set({ name, userName, email, lastUpdatedDateTime: now }).where(eq(applicationUsers.id, id));
    },
    async liveUsers(ids) {
      const rows = await tx
        .select()
        .from(applicationUsers)
        .where(and(inArray(applicationUsers.id, [...ids]), eq(applicationUsers.isDeleted, false)))
        .orderBy(sql`lower(${applicationUsers.name})`, asc(applicationUsers.id));
      return projectUsers(tx, rows, { claims: false, userGroups: false, claimGroups: false });
    },
  };
}

/** The server's clock and ids for the use cases: the system clock, random UUIDs. */
const system = { clock: { now: () => new Date() }, ids: { newId: () => crypto.randomUUID() } };

/** The server as the claim reads' backend, for one request. */
function drizzleClaimReads({ auth, services }: RouteContext): ClaimReads {
  const { db } = services;
  return {
    caller: async () => (auth ? { id: auth.user.id, oidcId: auth.user.oidcId, claims: auth.claims } : null),
    enforcesClaims: true,
    async claimsOfUser(authId) {
      const match = isUuid(authId) ? or(eq(applicationUsers.oidcId, authId), eq(applicationUsers.id, authId)) : eq(applicationUsers.oidcId, authId);
      const [user] = await db.select().from(applicationUsers).where(match);
      return user && !user.isDeleted && user.isEnabled ? services.claims.effectiveClaims(user.id) : null;
    },
    async claimGroupExists(id) {
      const [group] = await db.select({ id: claimGroups.id }).from(claimGroups).where(and(eq(claimGroups.id, id), eq(claimGroups.isDeleted, false)));
      return group !== undefined;
    },
    claimGraphs: drizzleClaimGraphStore(db),
    history: (kind, holderId, paging) => readHistory(db, kind, holderId, paging),
    async anyUser() {
      const [row] = await db.select({ n: count() }).from(applicationUsers).where(eq(applicationUsers.isDeleted, false));
      return (row?.n ?? 0) > 0;
    },
    oidcConfig: () => ({ authority: services.issuer, clientId: services.config.clientId, scopes: services.config.extraScopes }),
    clearCachedClaims: (userId) => services.claims.clearUser(userId),
    entities: (table) => entitiesOf(db, table),
    async users(query, include) {
      const { rows, total } = await listLive(db, applicationUsers, query.paging, { search: query.search });
      return { rows: await projectUsers(db, rows, include), total };
    },
    async userGroups(query, include) {
      const { rows, total } = await listLive(db, applicationUserGroups, query.paging, { search: query.search });
      return { rows: await projectUserGroups(db, rows, include), total };
    },
    async claimGroups(query, include) {
      const { rows, total } = await listLive(db, claimGroups, query.paging, { search: query.search, subGroupCandidatesOf: query.subGroupCandidatesOf });
      return { rows: await projectClaimGroups(db, rows, include), total };
    },
    // One sync at a time; new users hold no claims and names change none, so the claims cache stays.
    syncWrite: (work) => write(services, { changes: ['full-sync'] }, ({ tx }) => work({ store: drizzleUserSyncStore(tx, services), ...system })),
  };
}

const USER_FLAGS = { includeClaims: 'true', IncludeApplicationUserGroups: 'true', includeClaimGroups: 'true' };
const GROUP_FLAGS = { includeClaims: 'true', includeApplicationUsers: 'true', includeClaimGroups: 'true' };
const CLAIM_GROUP_FLAGS = { ...USER_FLAGS, IncludeApplicationUsers: 'true' };
const flags = { query: { flags: '7' } };

/** The requests the route walk sends, by path. */
const EXAMPLES: Readonly<Record<string, RouteExample>> = {
  '/api/Claim/GetClaimEntriesForClaimTypes': flags,
  '/api/Claim/GetClaimEntriesWithDescriptionsForClaimTypes': flags,
  '/api/Claim/GetClaimNamesForClaimTypeNames': flags,
  '/api/Claim/GetEntitiesWithPermissions': { query: { tableName: 'Form' } },
  '/api/Claim/RemovesMyAdminAccess': { body: { changes: [] } },
  '/api/Claim/ApplicationUsersPaged': { query: { ...USER_FLAGS, page: '1', count: '2', search: 'ada' } },
  '/api/Claim/ApplicationList': { query: USER_FLAGS },
  '/api/Claim/ApplicationUserGroupsPaged': { query: { ...USER_FLAGS, page: '1', count: '2', search: 'read' } },
  '/api/Claim/ApplicationUserGroupsList': { query: GROUP_FLAGS },
  '/api/Claim/ClaimGroupsPaged': { query: { ...CLAIM_GROUP_FLAGS, page: '1', count: '2', search: 'form', subGroupCandidatesOf: SEED_IDS.claimGroups.formEditors } },
  '/api/Claim/ClaimGroupsList': { query: CLAIM_GROUP_FLAGS },
};

export const claimReadRoutes = CLAIM_READ_ROUTES.map((readRoute) => tableRoute(readRoute, drizzleClaimReads, EXAMPLES[readRoute.path]));
