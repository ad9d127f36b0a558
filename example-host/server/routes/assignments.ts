/**
 * The permission writes of the one route table (src/service/routes.ts: the add / remove / update calls of docs/spec.md,
 * Calls, deleting a user group and restoring the built-in claim groups), bound with Hono over drizzle. The table reads
 * and checks each request and runs its use case of src/service; here are only the use cases' stores over one
 * transaction (`write`) that locks what the route's scope names and runs the domain's access guards first.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { Permission } from '../../../src/api/enums';
import type { ApplicationUserGroup, ClaimGroup } from '../../../src/api/types';
import { catalogueClaim, type GroupKind } from '../../../src/domain';
import type { BuiltInClaimGroupsStore, ClaimGroupsStore } from '../../../src/service/claim-groups';
import type { ClaimsStore } from '../../../src/service/claims';
import type { GroupsStore } from '../../../src/service/groups';
import type { HolderStore } from '../../../src/service/holders';
import type { MembersStore } from '../../../src/service/members';
import { PERMISSION_ROUTES, type PermissionStores, type RouteBackend } from '../../../src/service/routes';
import type { UserGroupRemovalStore } from '../../../src/service/user-groups';
import { applicationUserGroups, claimGrantsClaimGroups, claimGroupLinksClaimGroups, claimGroups, memberships, permissionHistory } from '../db/schema';
import { SEED_IDS } from '../db/seed';
import { chunked, HOLDERS, loadClaimGroupGraph } from './holders';
import { usersReaching } from '../claims-service';
import { holdersOfClaimGroup } from '../history';
import { grantsByHolder, linksByHolder, membershipsByGroup, projectClaimGroups, projectUserGroups } from './projections';
import type { RouteContext, RouteExample } from './registry';
import { tableRoute } from './table';
import { write, type WriteContext } from './writes';

const P = Permission;

// ---------------------------------------------------------------- the use cases' stores (src/service)

/** What every permission change's store (src/service/holders.ts) reads and writes, in the write's transaction. */
export function drizzleHolderStore({ tx, claimsChanged, accessModel }: WriteContext): HolderStore {
  return {
    accessModel,
    async holderNames(kind, ids) {
      const h = HOLDERS[kind];
      const names = new Map<string, string>();
      for (const part of chunked(ids)) {
        const rows = await tx.select({ id: h.id, name: h.name }).from(h.table).where(and(inArray(h.id, part), eq(h.isDeleted, false)));
        for (const row of rows as { id: string; name: string }[]) names.set(row.id, row.name);
      }
      return names;
    },
    claimsChanged: async (kind, holderIds) => claimsChanged(await usersReaching(tx, kind, holderIds)),
    async recordHistory(entries) {
      const rows = entries.map(({ actor, ...e }) => ({ ...e, actorId: actor?.id ?? null, actorName: actor?.name ?? null }));
      for (const part of chunked(rows)) await tx.insert(permissionHistory).values(part);
    },
  };
}

/** The claims change's store (src/service/claims.ts) over the write's transaction. */
function drizzleClaimsStore(w: WriteContext): ClaimsStore {
  const { tx } = w;
  return {
    ...drizzleHolderStore(w),
    grantsByHolder: (kind, holderIds) => grantsByHolder(tx, kind, holderIds),
    async removeGrants(kind, grantIds) {
      const g = HOLDERS[kind].grants;
      for (const part of chunked(grantIds)) await tx.delete(g).where(inArray(g.id, part));
    },
    async putGrants(kind, grants, now) {
      const g = HOLDERS[kind].grants;
      for (const part of chunked(grants)) {
        await tx
          .insert(g)
          .values(part.map((r) => ({ id: crypto.randomUUID(), ...r, createdDateTime: now, lastUpdatedDateTime: now })))
          .onConflictDoUpdate({
            target: [g.holderId, g.claimValue],
            set: {
              claimType: sql.raw('excluded.claim_type'),
              allow: sql.raw('excluded.allow'),
              priorityOfPermission: sql.raw('excluded.priority_of_permission'),
              isDeleted: false,
              lastUpdatedDateTime: now,
            },
          });
      }
    },
  };
}

/** The claim-group change's store (src/service/claim-groups.ts) over the write's transaction. */
function drizzleClaimGroupsStore(w: WriteContext): ClaimGroupsStore {
  const { tx } = w;
  return {
    ...drizzleHolderStore(w),
    linksByHolder: (kind, holderIds) => linksByHolder(tx, kind, holderIds),
    claimGroupGraph: () => loadClaimGroupGraph(tx),
    async removeLinks(kind, linkIds) {
      const l = HOLDERS[kind].links;
      for (const part of chunked(linkIds)) await tx.delete(l).where(inArray(l.id, part));
    },
    async addLinks(kind, links, now) {
      const l = HOLDERS[kind].links;
      for (const part of chunked(links)) {
        await tx
          .insert(l)
          .values(part.map((p) => ({ id: crypto.randomUUID(), ...p, priorityOfPermission: 1, createdDateTime: now, lastUpdatedDateTime: now })))
          .onConflictDoUpdate({
            target: [l.holderId, l.claimGroupId],
            set: { isDeleted: false, lastUpdatedDateTime: now },
            setWhere: eq(l.isDeleted, true),
          });
      }
    },
  };
}

/** The members change's store (src/service/members.ts) over the write's transaction. */
function drizzleMembersStore(w: WriteContext): MembersStore {
  const { tx } = w;
  const m = memberships;
  return {
    ...drizzleHolderStore(w),
    membersByGroup: (groupIds) => membershipsByGroup(tx, groupIds),
    async removeMembers(membershipIds) {
      for (const part of chunked(membershipIds)) await tx.delete(m).where(inArray(m.id, part));
    },
    async addMembers(members, now) {
      for (const part of chunked(members)) {
        await tx
          .insert(m)
          .values(part.map((p) => ({ id: crypto.randomUUID(), ...p, createdDateTime: now, lastUpdatedDateTime: now })))
          .onConflictDoUpdate({
            target: [m.applicationUserId, m.applicationUserGroupId],
            set: { isDeleted: false, lastUpdatedDateTime: now },
            setWhere: eq(m.isDeleted, true),
          });
      }
    },
  };
}

/** The user group removal's store (src/service/user-groups.ts) over the write's transaction. */
function drizzleUserGroupRemovalStore(w: WriteContext): UserGroupRemovalStore {
  return {
    ...drizzleHolderStore(w),
    // Its memberships, grants and links go with it (the tables' cascades).
    removeUserGroup: async (id) => void (await w.tx.delete(applicationUserGroups).where(eq(applicationUserGroups.id, id))),
  };
}

/** The built-in claim groups' store (src/service/claim-groups.ts) over the write's transaction. */
function drizzleBuiltInClaimGroupsStore(w: WriteContext): BuiltInClaimGroupsStore {
  const { tx } = w;
  return {
    ...drizzleHolderStore(w),
    // A reset reaches the users of every group holding a built-in group: forget everyone's effective claims.
    claimsChanged: async () => w.claimsChanged(),
    builtInIds: SEED_IDS.claimGroups,
    claimGroupRows: () => tx.select().from(claimGroups),
    claimGroupGraph: () => loadClaimGroupGraph(tx),
    grantsByHolder: (kind, holderIds) => grantsByHolder(tx, kind, holderIds),
    linksByHolder: (kind, holderIds) => linksByHolder(tx, kind, holderIds),
    async storeBuiltIns(steps, now) {
      for (const step of steps) {
        if (step.create) {
          await tx.insert(claimGroups).values({ id: step.id, name: step.definition.name, builtInGroup: true, createdDateTime: now, lastUpdatedDateTime: now });
        } else if (step.update) {
          await tx.update(claimGroups).set({ builtInGroup: true, isDeleted: false, ...step.update, lastUpdatedDateTime: now }).where(eq(claimGroups.id, step.id));
        }
      }
      const row = { priorityOfPermission: 1, createdDateTime: now, lastUpdatedDateTime: now };
      for (const step of steps.filter((s) => s.reset)) {
        await tx.delete(claimGrantsClaimGroups).where(eq(claimGrantsClaimGroups.holderId, step.id));
        for (const part of chunked(step.definition.claims)) {
          await tx.insert(claimGrantsClaimGroups).values(
            part.map((claimValue) => ({ ...row, id: crypto.randomUUID(), holderId: step.id, claimType: catalogueClaim(claimValue)?.claimType ?? 1, claimValue, allow: true })),
          );
        }
        await tx.delete(claimGroupLinksClaimGroups).where(eq(claimGroupLinksClaimGroups.holderId, step.id));
        for (const claimGroupId of step.subGroupIds) {
          await tx.insert(claimGroupLinksClaimGroups).values({ ...row, id: crypto.randomUUID(), holderId: step.id, claimGroupId });
        }
      }
    },
    async claimGroupsOf(ids, include) {
      const rows = await tx.select().from(claimGroups).where(inArray(claimGroups.id, [...ids]));
      const ordered = ids.flatMap((id) => rows.filter((r) => r.id === id));
      return projectClaimGroups(tx, ordered, include);
    },
  };
}

/** The group names' store (src/service/groups.ts) over the write's transaction. */
function drizzleGroupsStore({ tx }: WriteContext): GroupsStore {
  const table = (kind: GroupKind) => (kind === 'claimGroup' ? claimGroups : applicationUserGroups) as typeof claimGroups;
  return {
    groupRows: (kind) => {
      const t = table(kind);
      return tx.select({ id: t.id, name: t.name, isDeleted: t.isDeleted }).from(t);
    },
    async insertGroup(kind, id, name, now) {
      const row = { id, name, createdDateTime: now, lastUpdatedDateTime: now };
      await (kind === 'claimGroup' ? tx.insert(claimGroups).values({ ...row, builtInGroup: false }) : tx.insert(applicationUserGroups).values(row));
    },
    async renameGroup(kind, id, name, now) {
      const t = table(kind);
      await tx.update(t).set({ name, lastUpdatedDateTime: now }).where(eq(t.id, id));
    },
    async userGroupOf(id, include) {
      const rows = await tx.select().from(applicationUserGroups).where(eq(applicationUserGroups.id, id));
      return (await projectUserGroups(tx, rows, include))[0] as ApplicationUserGroup;
    },
    async claimGroupOf(id, include) {
      const rows = await tx.select().from(claimGroups).where(eq(claimGroups.id, id));
      return (await projectClaimGroups(tx, rows, include))[0] as ClaimGroup;
    },
  };
}

/** Every store of the permission use cases (src/service/routes.ts) over the write's transaction. */
function drizzlePermissionStores(w: WriteContext): PermissionStores {
  return {
    claims: drizzleClaimsStore(w),
    claimGroups: drizzleClaimGroupsStore(w),
    members: drizzleMembersStore(w),
    userGroupRemoval: drizzleUserGroupRemovalStore(w),
    claimGroupRemoval: {
      ...drizzleHolderStore(w),
      holdersOfClaimGroup: (kind, claimGroupId) => holdersOfClaimGroup(w.tx, kind, claimGroupId),
      removeClaimGroup: async (claimGroupId) => void (await w.tx.delete(claimGroups).where(eq(claimGroups.id, claimGroupId))),
    },
    builtInClaimGroups: drizzleBuiltInClaimGroupsStore(w),
    groups: drizzleGroupsStore(w),
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
      write(services, scope, (w) => work({ ...system, stores: drizzlePermissionStores(w) })),
  };
}

export const assignmentRoutes = PERMISSION_ROUTES.map((permissionRoute) => tableRoute(permissionRoute, drizzleBackend, EXAMPLES[permissionRoute.path]));
