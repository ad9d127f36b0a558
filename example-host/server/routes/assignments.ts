/**
 * The add / remove / update calls of docs/spec.md, Calls: claim groups and claims granted to users, user groups
 * and claim groups, and users in user groups. Each answers the resulting rows of the holders it
 * changed (the client diffs them to show Added / Removed / Updated).
 *
 * The domain reads and checks the bodies (src/domain/claim-changes.ts: 400 naming the field, 413 past
 * the size of one change), refuses a claim-group cycle (400) and any change that would remove the last
 * administrator or delete or empty a built-in group (409, src/domain/access-model.ts). Each change is a use case of
 * src/service (claims.ts, claim-groups.ts, members.ts: 404 for unknown ids, what to store, what to report, the
 * history); here are their stores over one transaction (`write`) that locks only the holders it changes.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { Permission } from '../../../src/api/enums';
import {
  HOLDER_LABELS,
  parseClaimGroupsChange,
  parseClaimsChange,
  parseUsersInGroupsChange,
} from '../../../src/domain';
import { changeClaimGroups, type ClaimGroupsStore } from '../../../src/service/claim-groups';
import { changeClaims, type ClaimsStore } from '../../../src/service/claims';
import type { HolderStore } from '../../../src/service/holders';
import { changeMembers, type MembersStore } from '../../../src/service/members';
import { memberships, permissionHistory } from '../db/schema';
import { SEED_IDS } from '../db/seed';
import { readChangeBody } from './body';
import { chunked, HOLDERS, loadClaimGroupGraph, type HolderKind } from './holders';
import { usersReaching } from '../claims-service';
import { actorOf } from '../history';
import { grantsByHolder, linksByHolder, membershipsByGroup } from './projections';
import { route } from './registry';
import { write, type WriteContext } from './writes';

const P = Permission;

// ---------------------------------------------------------------- the use cases' stores (src/service)

/** What every permission change's store (src/service/holders.ts) reads and writes, in the write's transaction. */
export function drizzleHolderStore({ tx, claimsChanged }: WriteContext): HolderStore {
  return {
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

/** The server's clock and ids for the use cases: the system clock, random UUIDs. */
const system = { clock: { now: () => new Date() }, ids: { newId: () => crypto.randomUUID() } };

// ---------------------------------------------------------------- routes

const ids = SEED_IDS;
const readerClaim = { claimValue: P.Form_Select, claimType: 1, allow: true, priorityOfPermission: 1 };

function claimGroupsRoute(suffix: string, kind: HolderKind, holderId: string) {
  return route({
    method: 'POST',
    path: `/api/Claim/AddRemoveUpdateClaimGroupsTo${suffix}`,
    summary: `Grants and revokes claim groups of ${HOLDER_LABELS[kind]}s; answers their claim group links`,
    example: {
      body: {
        claimGroupSets: [holderId],
        claimGroupsToAdd: [ids.claimGroups.formReaders],
        claimGroupsToRemove: [],
        removeExistingUnMentionedClaimGroups: false,
      },
    },
    handler: async ({ c, services, auth }) => {
      const change = parseClaimGroupsChange(await readChangeBody(c));
      const plan = {
        changes: change.claimGroupSets,
        refersTo: [...change.claimGroupsToAdd, ...change.claimGroupsToRemove],
        nesting: kind === 'claimGroup' && change.claimGroupsToAdd.length > 0,
        access: { type: 'claimGroups', holderKind: kind, change } as const,
      };
      return c.json(await write(services, plan, (w) => changeClaimGroups({ ...system, store: drizzleClaimGroupsStore(w) }, kind, change, actorOf(auth))));
    },
  });
}

function claimsRoute(suffix: string, kind: HolderKind, holderId: string) {
  return route({
    method: 'POST',
    path: `/api/Claim/AddRemoveUpdateClaimsTo${suffix}`,
    summary: `Grants, updates and revokes claims of ${HOLDER_LABELS[kind]}s; answers their claim grants`,
    example: {
      body: {
        claimSets: [holderId],
        claimBaseToAddUpdate: [readerClaim],
        claimEnumsToRemoveValue: [],
        removeExistingUnMentionedClaimBase: false,
      },
    },
    handler: async ({ c, services, auth }) => {
      const change = parseClaimsChange(await readChangeBody(c));
      const plan = { changes: change.claimSets, access: { type: 'claims', holderKind: kind, change } as const };
      return c.json(await write(services, plan, (w) => changeClaims({ ...system, store: drizzleClaimsStore(w) }, kind, change, actorOf(auth))));
    },
  });
}

export const assignmentRoutes = [
  claimGroupsRoute('AppUserOrUsers', 'user', ids.users.reader),
  claimGroupsRoute('ClaimGroupOrClaimGroups', 'claimGroup', ids.claimGroups.formEditors),
  claimGroupsRoute('AppUserGroupOrUserGroups', 'userGroup', ids.userGroups.readers),
  claimsRoute('AppUserOrUsers', 'user', ids.users.reader),
  claimsRoute('ClaimGroupOrClaimGroups', 'claimGroup', ids.claimGroups.formReaders),
  claimsRoute('AppUserGroupOrUserGroups', 'userGroup', ids.userGroups.readers),
  route({
    method: 'POST',
    path: '/api/Claim/AddRemoveUpdateAppUsersInAppuserGroups',
    summary: 'Adds users to and removes users from application user groups; answers their memberships',
    example: {
      body: {
        applicationUsersGroups: [ids.userGroups.readers],
        applicationUsersToAdd: [ids.users.reader],
        applicationUsersToRemove: [],
        removeExistingUnMentioned: false,
      },
    },
    handler: async ({ c, services, auth }) => {
      const change = parseUsersInGroupsChange(await readChangeBody(c));
      const plan = {
        changes: change.applicationUsersGroups,
        refersTo: [...change.applicationUsersToAdd, ...change.applicationUsersToRemove],
        access: { type: 'members', change } as const,
      };
      return c.json(await write(services, plan, (w) => changeMembers({ ...system, store: drizzleMembersStore(w) }, change, actorOf(auth))));
    },
  }),
];
