/**
 * Claim groups (roles): list and page them, create, rename and delete them by name, and restore the
 * built-in ones (spec §7).
 *
 * - Names are trimmed, must not be blank (400) and must be unique regardless of case (409).
 * - Deleting removes the group with its claims, its sub-group links and every grant of it to users,
 *   user groups and parent groups. Built-in groups cannot be deleted (400): they hold the seeded roles
 *   (deleting *Administrators* would lock every administrator out); rename them, or reset them with
 *   `UpsertBuiltInClaimGroups?overrideExisting=true`.
 */
import { eq, sql } from 'drizzle-orm';
import { wouldCreateCycle } from '../../../src/domain/effective-claims';
import { Permission } from '../../../src/api/enums';
import { catalogueClaim } from '../catalogue';
import type { Db } from '../db/index';
import { claimGrantsClaimGroups, claimGroupLinksClaimGroups, claimGroups } from '../db/schema';
import { BUILT_IN_CLAIM_GROUPS } from '../db/seed';
import type { ClaimGroupRow } from './dto';
import { chunked, loadClaimGroupGraph } from './holders';
import { HttpError, readRequiredBool, type QueryReader } from './http';
import { assertNameFree, readGroupName } from './names';
import { listLive, projectClaimGroups, readPaging, toPaged, type ClaimGroupIncludeFlags } from './projections';
import { route } from './registry';
import { write } from './writes';

const P = Permission;

const ALL_FLAGS = {
  includeClaims: 'true',
  IncludeApplicationUserGroups: 'true',
  IncludeApplicationUsers: 'true',
  includeClaimGroups: 'true',
};

function readIncludes(query: QueryReader): ClaimGroupIncludeFlags {
  return {
    claims: query.bool('includeClaims'),
    userGroups: query.bool('IncludeApplicationUserGroups'),
    users: query.bool('IncludeApplicationUsers'),
    claimGroups: query.bool('includeClaimGroups'),
  };
}

const NO_INCLUDES: ClaimGroupIncludeFlags = { claims: false, userGroups: false, users: false, claimGroups: false };
const EVERY_INCLUDE: ClaimGroupIncludeFlags = { claims: true, userGroups: true, users: true, claimGroups: true };

/** A live claim group by name: the exact name first, then regardless of case. */
async function findByName(db: Db, name: string): Promise<ClaimGroupRow | undefined> {
  const rows = await db
    .select()
    .from(claimGroups)
    .where(sql`lower(${claimGroups.name}) = lower(${name}) AND ${claimGroups.isDeleted} = false`);
  return rows.find((r) => r.name === name) ?? rows[0];
}

async function requireByName(db: Db, query: QueryReader, param: string): Promise<ClaimGroupRow> {
  const name = query.required(param).trim();
  const group = await findByName(db, name);
  if (!group) throw new HttpError(404, `No claim group named '${name}'.`);
  return group;
}

async function grantDefaults(tx: Db, groupId: string, claims: readonly number[]): Promise<void> {
  const now = new Date();
  for (const part of chunked([...claims])) {
    await tx.insert(claimGrantsClaimGroups).values(
      part.map((claimValue) => ({
        id: crypto.randomUUID(),
        holderId: groupId,
        claimType: catalogueClaim(claimValue)?.claimType ?? 1,
        claimValue,
        priorityOfPermission: 1,
        allow: true,
        createdDateTime: now,
        lastUpdatedDateTime: now,
      })),
    );
  }
}

/**
 * `UpsertBuiltInClaimGroups`: creates the built-in groups that are missing (with their claims and
 * sub-groups); with `override`, also resets existing ones to their built-in name, claims and
 * sub-groups. A group found by the built-in id, or else by name, is the built-in group (a same-named
 * group made by hand is adopted as built-in). Answers the built-in groups.
 */
async function upsertBuiltIns(tx: Db, override: boolean): Promise<ClaimGroupRow[]> {
  const all = await tx.select().from(claimGroups);
  const lower = (s: string) => s.toLowerCase();
  const resolved = new Map<string, string>(); // built-in name → id
  const reset = new Set<string>(); // ids whose claims and sub-groups are (re)set
  const now = new Date();
  for (const builtIn of BUILT_IN_CLAIM_GROUPS) {
    const row =
      all.find((g) => g.id === builtIn.id) ??
      all.find((g) => g.builtInGroup && lower(g.name) === lower(builtIn.name)) ??
      all.find((g) => lower(g.name) === lower(builtIn.name));
    if (!row) {
      await assertNameFree(tx, 'claimGroup', builtIn.name);
      await tx.insert(claimGroups).values({ id: builtIn.id, name: builtIn.name, builtInGroup: true });
      resolved.set(builtIn.name, builtIn.id);
      reset.add(builtIn.id);
      continue;
    }
    resolved.set(builtIn.name, row.id);
    const restore = row.isDeleted; // a soft-deleted built-in group comes back as new
    const rename = override && row.name !== builtIn.name;
    if (rename) await assertNameFree(tx, 'claimGroup', builtIn.name, row.id);
    if (restore || rename || !row.builtInGroup) {
      await tx
        .update(claimGroups)
        .set({
          builtInGroup: true,
          isDeleted: false,
          ...(rename ? { name: builtIn.name } : {}),
          lastUpdatedDateTime: now,
        })
        .where(eq(claimGroups.id, row.id));
    }
    if (override || restore) reset.add(row.id);
  }

  const graph = await loadClaimGroupGraph(tx);
  for (const builtIn of BUILT_IN_CLAIM_GROUPS) {
    const id = resolved.get(builtIn.name) as string;
    if (!reset.has(id)) continue;
    await tx.delete(claimGrantsClaimGroups).where(eq(claimGrantsClaimGroups.holderId, id));
    await grantDefaults(tx, id, builtIn.claims);
    await tx.delete(claimGroupLinksClaimGroups).where(eq(claimGroupLinksClaimGroups.holderId, id));
    const node = graph.get(id) ?? { subGroupIds: [] };
    node.subGroupIds = [];
    graph.set(id, node);
    for (const subName of builtIn.subGroups) {
      const subId = resolved.get(subName);
      if (!subId) continue;
      if (wouldCreateCycle(id, subId, graph)) {
        throw new HttpError(
          400,
          `The built-in group '${subName}' cannot be nested in '${builtIn.name}': it would create a cycle of claim groups.`,
        );
      }
      node.subGroupIds.push(subId);
      await tx
        .insert(claimGroupLinksClaimGroups)
        .values({ id: crypto.randomUUID(), holderId: id, claimGroupId: subId, priorityOfPermission: 1 });
    }
  }
  const rows = await tx.select().from(claimGroups);
  return BUILT_IN_CLAIM_GROUPS.map((b) => rows.find((r) => r.id === resolved.get(b.name)) as ClaimGroupRow);
}

export const claimGroupRoutes = [
  route({
    method: 'GET',
    path: '/api/Claim/ClaimGroupsList',
    claim: P.Claim_ReadClaimGroups,
    summary: 'Every claim group, with the collections the include flags ask for',
    example: { query: ALL_FLAGS },
    handler: async ({ c, services, query }) => {
      const include = readIncludes(query);
      const { rows } = await listLive(services.db, claimGroups, null);
      return c.json(await projectClaimGroups(services.db, rows, include));
    },
  }),

  route({
    method: 'GET',
    path: '/api/Claim/ClaimGroupsPaged',
    claim: P.Claim_ReadClaimGroups,
    summary: 'One page of claim groups (page from 1, count 1–1000, default 10; no page: all)',
    example: { query: { ...ALL_FLAGS, page: '1', count: '2' } },
    handler: async ({ c, services, query }) => {
      const include = readIncludes(query);
      const paging = readPaging(query);
      const { rows, total } = await listLive(services.db, claimGroups, paging);
      return c.json(toPaged(await projectClaimGroups(services.db, rows, include), total, paging));
    },
  }),

  route({
    method: 'POST',
    path: '/api/Claim/CreateNewClaimGroup',
    claim: P.Claim_ManageClaimGroups,
    summary: 'Creates a claim group; answers it (409 when the name is taken)',
    example: { query: { groupName: 'Route Walk Role' } },
    handler: async ({ c, services, query }) => {
      const name = readGroupName(query, 'groupName');
      const created = await write(services, async (tx) => {
        await assertNameFree(tx, 'claimGroup', name);
        const [row] = await tx
          .insert(claimGroups)
          .values({ id: crypto.randomUUID(), name, builtInGroup: false })
          .returning();
        return projectClaimGroups(tx, [row as ClaimGroupRow], EVERY_INCLUDE);
      });
      return c.json(created[0]);
    },
  }),

  route({
    method: 'PUT',
    path: '/api/Claim/RenameClaimGroup',
    claim: P.Claim_ManageClaimGroups,
    summary: 'Renames the claim group named currentGroupName; answers it',
    example: { query: { newGroupName: 'Form Readers', currentGroupName: 'Form Readers' } },
    handler: async ({ c, services, query }) => {
      const name = readGroupName(query, 'newGroupName');
      const renamed = await write(services, async (tx) => {
        const group = await requireByName(tx, query, 'currentGroupName');
        await assertNameFree(tx, 'claimGroup', name, group.id);
        const [row] = await tx
          .update(claimGroups)
          .set({ name, lastUpdatedDateTime: new Date() })
          .where(eq(claimGroups.id, group.id))
          .returning();
        return projectClaimGroups(tx, [row as ClaimGroupRow], NO_INCLUDES);
      });
      return c.json(renamed[0]);
    },
  }),

  route({
    method: 'DELETE',
    path: '/api/Claim/DeleteClaimGroupByName',
    claim: P.Claim_ManageClaimGroups,
    summary: 'Deletes a claim group with its claims and links (204); built-in groups answer 400',
    // Deleting a built-in group is refused, so the walk can call this as often as it likes.
    example: { query: { groupName: 'Administrators' } },
    handler: async ({ c, services, query }) => {
      await write(services, async (tx) => {
        const group = await requireByName(tx, query, 'groupName');
        if (group.builtInGroup) {
          throw new HttpError(
            400,
            `The built-in claim group '${group.name}' cannot be deleted; reset it with UpsertBuiltInClaimGroups instead.`,
          );
        }
        await tx.delete(claimGroups).where(eq(claimGroups.id, group.id));
      });
      return c.body(null, 204);
    },
  }),

  route({
    method: 'GET',
    path: '/api/Claim/UpsertBuiltInClaimGroups',
    claim: P.Claim_ManageClaimGroups,
    summary: 'Creates the missing built-in claim groups (overrideExisting: also resets existing ones)',
    example: { query: { overrideExisting: 'false' } },
    handler: async ({ c, services, query }) => {
      const override = readRequiredBool(query, 'overrideExisting');
      const groups = await write(services, async (tx) =>
        projectClaimGroups(tx, await upsertBuiltIns(tx, override), {
          claims: true,
          claimGroups: true,
          users: false,
          userGroups: false,
        }),
      );
      return c.json(groups);
    },
  }),
];
