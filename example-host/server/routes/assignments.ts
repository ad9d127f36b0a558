/**
 * The permission writes of the one route table (src/service/routes.ts: the add / remove / update calls of docs/spec.md,
 * Calls, deleting a user group and restoring the built-in claim groups), bound with Hono over drizzle. The table reads
 * and checks each request and runs its use case of src/service; here is only the one port of its tables
 * (src/service/permission-tables.ts) over one transaction (`write`) that locks what the route's scope names.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_PRIORITY_OF_PERMISSION, Permission } from '../../../src/api/enums';
import type { GroupKind, HolderKind } from '../../../src/domain';
import { permissionStores, type HeldRows, type PermissionTables } from '../../../src/service/permission-tables';
import { PERMISSION_ROUTES, type PermissionStores, type RouteBackend } from '../../../src/service/routes';
import { applicationUserGroups, claimGroups, memberships, permissionHistory } from '../db/schema';
import { SEED_IDS } from '../db/seed';
import { chunked, HOLDERS, loadClaimGroupGraph } from './holders';
import { usersReaching } from '../claims-service';
import { holdersOfClaimGroup } from '../history';
import { toClaimGroup, toUserGroup } from './dto';
import { drizzleProjectionReads } from './projections';
import type { RouteContext, RouteExample } from './registry';
import { tableRoute } from './table';
import { write, type WriteContext } from './writes';

const P = Permission;

// ---------------------------------------------------------------- the permission writes' tables (src/service)

/** The permission writes' table operations (src/service/permission-tables.ts) over the write's transaction. */
function drizzlePermissionTables(w: WriteContext): PermissionTables {
  const { tx } = w;
  const group = (kind: GroupKind) => (kind === 'claimGroup' ? claimGroups : applicationUserGroups) as typeof claimGroups;
  const held = (rows: HeldRows, kind: HolderKind) => (rows === 'grants' ? HOLDERS[kind].grants : rows === 'links' ? HOLDERS[kind].links : memberships);
  const born = (now: Date) => ({ id: crypto.randomUUID(), createdDateTime: now, lastUpdatedDateTime: now });
  return {
    ...drizzleProjectionReads(tx),
    accessModel: w.accessModel,
    async holderNames(kind, ids) {
      const h = HOLDERS[kind];
      const names = new Map<string, string>();
      for (const part of chunked(ids)) {
        const rows = await tx.select({ id: h.id, name: h.name }).from(h.table).where(and(inArray(h.id, part), eq(h.isDeleted, false)));
        for (const row of rows as { id: string; name: string }[]) names.set(row.id, row.name);
      }
      return names;
    },
    claimsChanged: async (kind, holderIds) => w.claimsChanged(await usersReaching(tx, kind, holderIds)),
    async recordHistory(entries) {
      const rows = entries.map(({ actor, ...e }) => ({ ...e, actorId: actor?.id ?? null, actorName: actor?.name ?? null }));
      for (const part of chunked(rows)) await tx.insert(permissionHistory).values(part);
    },
    builtInIds: SEED_IDS.claimGroups,
    holdersOfClaimGroup: (kind, claimGroupId) => holdersOfClaimGroup(tx, kind, claimGroupId),
    claimGroupGraph: () => loadClaimGroupGraph(tx),
    async groupRows(kind, ids) {
      const t = group(kind);
      const rows = ids ? (await Promise.all(chunked(ids).map((part) => tx.select().from(t).where(inArray(t.id, part))))).flat() : await tx.select().from(t);
      return rows.map((r) => (kind === 'claimGroup' ? toClaimGroup(r) : toUserGroup(r)));
    },
    async removeRows(rows, kind, ids) {
      const t = held(rows, kind);
      for (const part of chunked(ids)) await tx.delete(t).where(inArray(t.id, part));
    },
    async putGrants(kind, grants, now) {
      const g = HOLDERS[kind].grants;
      for (const part of chunked(grants)) {
        const excluded = (column: string) => sql.raw(`excluded.${column}`);
        const set = { claimType: excluded('claim_type'), allow: excluded('allow'), priorityOfPermission: excluded('priority_of_permission'), isDeleted: false, lastUpdatedDateTime: now };
        await tx.insert(g).values(part.map((r) => ({ ...born(now), ...r }))).onConflictDoUpdate({ target: [g.holderId, g.claimValue], set });
      }
    },
    async addLinks(kind, links, now) {
      const l = HOLDERS[kind].links;
      for (const part of chunked(links)) {
        const values = part.map((p) => ({ ...born(now), ...p, priorityOfPermission: DEFAULT_PRIORITY_OF_PERMISSION }));
        await tx.insert(l).values(values).onConflictDoUpdate({ target: [l.holderId, l.claimGroupId], set: { isDeleted: false, lastUpdatedDateTime: now }, setWhere: eq(l.isDeleted, true) });
      }
    },
    async addMembers(members, now) {
      const m = memberships;
      for (const part of chunked(members)) {
        const target = [m.applicationUserId, m.applicationUserGroupId];
        await tx.insert(m).values(part.map((p) => ({ ...born(now), ...p }))).onConflictDoUpdate({ target, set: { isDeleted: false, lastUpdatedDateTime: now }, setWhere: eq(m.isDeleted, true) });
      }
    },
    async insertGroup(kind, { id, name, builtInGroup = false }, now) {
      const row = { ...born(now), id, name };
      await (kind === 'claimGroup' ? tx.insert(claimGroups).values({ ...row, builtInGroup }) : tx.insert(applicationUserGroups).values(row));
    },
    async updateGroup(kind, id, fields, now) {
      const t = group(kind);
      await tx.update(t).set({ ...fields, lastUpdatedDateTime: now }).where(eq(t.id, id));
    },
    // What it holds and what holds it go with it (the tables' cascades).
    removeGroup: async (kind, id) => void (await tx.delete(group(kind)).where(eq(group(kind).id, id))),
  };
}

/** The server's clock and ids for the use cases: the system clock, random UUIDs. */
const system = { clock: { now: () => new Date() }, ids: { newId: () => crypto.randomUUID() } };

// ---------------------------------------------------------------- the route table's permission writes, bound with Hono

const ids = SEED_IDS;
const readerClaim = { claimValue: P.Form_Select, claimType: 1, allow: true, priorityOfPermission: 1 };
const claimGroupsExample = (holderId: string): RouteExample => ({
  body: { claimGroupSets: [holderId], claimGroupsToAdd: [ids.claimGroups.formReaders], claimGroupsToRemove: [], removeExistingUnMentionedClaimGroups: false },
});
const claimsExample = (holderId: string): RouteExample => ({
  body: { claimSets: [holderId], claimBaseToAddUpdate: [readerClaim], claimEnumsToRemoveValue: [], removeExistingUnMentionedClaimBase: false },
});

/** The requests the route walk sends, by path. */
const EXAMPLES: Readonly<Record<string, RouteExample>> = {
  '/api/Claim/AddRemoveUpdateClaimGroupsToAppUserOrUsers': claimGroupsExample(ids.users.reader),
  '/api/Claim/AddRemoveUpdateClaimGroupsToClaimGroupOrClaimGroups': claimGroupsExample(ids.claimGroups.formEditors),
  '/api/Claim/AddRemoveUpdateClaimGroupsToAppUserGroupOrUserGroups': claimGroupsExample(ids.userGroups.readers),
  '/api/Claim/AddRemoveUpdateClaimsToAppUserOrUsers': claimsExample(ids.users.reader),
  '/api/Claim/AddRemoveUpdateClaimsToClaimGroupOrClaimGroups': claimsExample(ids.claimGroups.formReaders),
  '/api/Claim/AddRemoveUpdateClaimsToAppUserGroupOrUserGroups': claimsExample(ids.userGroups.readers),
  '/api/Claim/AddRemoveUpdateAppUsersInAppuserGroups': {
    body: { applicationUsersGroups: [ids.userGroups.readers], applicationUsersToAdd: [ids.users.reader], applicationUsersToRemove: [], removeExistingUnMentioned: false },
  },
  // A malformed id is refused (400), so the walk can call this as often as it likes.
  '/api/Claim/DeleteAppUserGroup': { query: { groupToDeleteId: 'not-a-uuid' } },
  // Deleting a built-in group is refused, so the walk can call this as often as it likes.
  '/api/Claim/DeleteClaimGroupByName': { query: { groupName: 'Administrators' } },
  '/api/Claim/UpsertBuiltInClaimGroups': { query: { overrideExisting: 'false' } },
  '/api/Claim/CreateNewApplicationUserGroup': { query: { groupName: 'Route Walk Team' } },
  '/api/Claim/RenameAppUserGroup': { query: { newGroupName: 'Readers', currentGroupId: ids.userGroups.readers } },
  '/api/Claim/CreateNewClaimGroup': { query: { groupName: 'Route Walk Role' } },
  '/api/Claim/RenameClaimGroup': { query: { newGroupName: 'Form Readers', currentGroupName: 'Form Readers' } },
};

/** The permission routes' backend: each write is one `write` (its scope's locks and guards) over drizzle. */
function drizzleBackend({ services }: RouteContext): RouteBackend<PermissionStores> {
  return {
    write: (scope, work) =>
      write(services, scope, (w) => work({ ...system, stores: permissionStores(drizzlePermissionTables(w)) })),
  };
}

export const assignmentRoutes = PERMISSION_ROUTES.map((permissionRoute) => tableRoute(permissionRoute, drizzleBackend, EXAMPLES[permissionRoute.path]));
