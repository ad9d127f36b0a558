/**
 * Claim groups (roles): list and page them and delete them by name (docs/spec.md, Calls); creating, renaming and
 * restoring the built-in ones are routes of the one route table (src/service/routes.ts, bound in ./assignments.ts).
 *
 * - Names follow the domain's rules (src/domain/group-names.ts): 400 when blank, too long or holding
 *   control or invisible characters, 409 when another group's name reads the same.
 * - Deleting removes the group with its claims, its sub-group links and every grant of it to users,
 *   user groups and parent groups. The domain refuses (409) deleting a built-in group and any deletion
 *   that would leave no administrator.
 */
import { and, eq } from 'drizzle-orm';
import {
  claimGroupNotFound,
  findGroupByName,
  readClaimGroupIncludes,
  readNameSearch,
  readSubGroupCandidatesOf,
  unknownHolderError,
} from '../../../src/domain';
import type { Db } from '../db/index';
import { claimGroups } from '../db/schema';
import { SEED_IDS } from '../db/seed';
import type { ClaimGroupRow } from './dto';
import type { QueryReader } from './http';
import { listLive, projectClaimGroups, readPaging, toPaged } from './projections';
import { route } from './registry';
import { write } from './writes';
import { actorOf, holdersOfClaimGroup } from '../history';
import { removeClaimGroup, type ClaimGroupRemovalStore } from '../../../src/service/claim-groups';
import { drizzleHolderStore } from './assignments';

const ALL_FLAGS = {
  includeClaims: 'true',
  IncludeApplicationUserGroups: 'true',
  IncludeApplicationUsers: 'true',
  includeClaimGroups: 'true',
};

/** The ids this server gives the built-in groups it creates. */
const BUILT_IN_IDS = SEED_IDS.claimGroups;

/** A live claim group by the (trimmed) name in query parameter `param`; 404 when there is none. */
async function requireByName(db: Db, query: QueryReader, param: string): Promise<ClaimGroupRow> {
  const name = query.required(param).trim();
  const live = await db.select().from(claimGroups).where(eq(claimGroups.isDeleted, false));
  const group = findGroupByName(live, name);
  if (!group) throw claimGroupNotFound(name);
  return group;
}

export const claimGroupRoutes = [
  route({
    method: 'GET',
    path: '/api/Claim/ClaimGroupsList',
    summary: 'Every claim group, with the collections the include flags ask for',
    example: { query: ALL_FLAGS },
    handler: async ({ c, services, query }) => {
      const include = readClaimGroupIncludes(query);
      const { rows } = await listLive(services.db, claimGroups, null);
      return c.json(await projectClaimGroups(services.db, rows, include));
    },
  }),

  route({
    method: 'GET',
    path: '/api/Claim/ClaimGroupsPaged',
    summary:
      'One page of claim groups (page from 1, count 1–1000, default 10; no page: the first), by name; beyond the ' +
      'spec, search (the group with that id or whose name contains it, regardless of case) and subGroupCandidatesOf ' +
      '(only the groups that may become sub-groups of that group)',
    example: { query: { ...ALL_FLAGS, page: '1', count: '2', search: 'form', subGroupCandidatesOf: BUILT_IN_IDS.formEditors } },
    handler: async ({ c, services, query }) => {
      const include = readClaimGroupIncludes(query);
      const paging = readPaging(query);
      const candidatesOf = readSubGroupCandidatesOf(query);
      if (candidatesOf !== null) {
        const [group] = await services.db
          .select({ id: claimGroups.id })
          .from(claimGroups)
          .where(and(eq(claimGroups.id, candidatesOf), eq(claimGroups.isDeleted, false)));
        if (!group) throw unknownHolderError('claimGroup', candidatesOf, 'subGroupCandidatesOf');
      }
      const filter = { search: readNameSearch(query), subGroupCandidatesOf: candidatesOf };
      const { rows, total } = await listLive(services.db, claimGroups, paging, filter);
      return c.json(toPaged(await projectClaimGroups(services.db, rows, include), total, paging));
    },
  }),

  route({
    method: 'DELETE',
    path: '/api/Claim/DeleteClaimGroupByName',
    summary: 'Deletes a claim group with its claims and links (204); built-in groups answer 409',
    // Deleting a built-in group is refused, so the walk can call this as often as it likes.
    example: { query: { groupName: 'Administrators' } },
    handler: async ({ c, services, query, auth }) => {
      const { id } = await requireByName(services.db, query, 'groupName');
      const plan = { changes: [id], access: { type: 'deleteClaimGroup', claimGroupId: id } as const };
      await write(services, plan, async (w) => {
        // Renamed or deleted meanwhile: look it up again under the lock.
        const group = await requireByName(w.tx, query, 'groupName');
        if (group.id !== id) throw claimGroupNotFound(query.required('groupName').trim());
        const store: ClaimGroupRemovalStore = {
          ...drizzleHolderStore(w),
          holdersOfClaimGroup: (kind, claimGroupId) => holdersOfClaimGroup(w.tx, kind, claimGroupId),
          removeClaimGroup: async (claimGroupId) => void (await w.tx.delete(claimGroups).where(eq(claimGroups.id, claimGroupId))),
        };
        await removeClaimGroup({ store, clock: { now: () => new Date() }, ids: { newId: () => crypto.randomUUID() } }, group, actorOf(auth));
      });
      return c.body(null, 204);
    },
  }),
];
