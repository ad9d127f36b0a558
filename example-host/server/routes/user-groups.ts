/**
 * Application user groups: list and page them, create and rename them by id (docs/spec.md, Calls).
 * Names follow the domain's rules (src/domain/group-names.ts: 400 when blank, too long or holding
 * control or invisible characters, 409 when another group's name reads the same); ids that are not
 * UUIDs answer 400, unknown ones 404. Deleting a group is a route of the one route table (src/service/routes.ts,
 * bound in ./assignments.ts).
 */
import { and, eq } from 'drizzle-orm';
import { readNameSearch, readUserGroupIncludes, userGroupNotFound } from '../../../src/domain';
import type { Db } from '../db/index';
import { applicationUserGroups } from '../db/schema';
import { SEED_IDS } from '../db/seed';
import type { UserGroupRow } from './dto';
import { assertNameFree, readGroupName } from './names';
import { listLive, projectUserGroups, readPaging, toPaged } from './projections';
import { route } from './registry';
import { write } from './writes';

async function requireGroup(db: Db, id: string): Promise<UserGroupRow> {
  const [group] = await db
    .select()
    .from(applicationUserGroups)
    .where(and(eq(applicationUserGroups.id, id), eq(applicationUserGroups.isDeleted, false)));
  if (!group) throw userGroupNotFound(id);
  return group;
}

export const userGroupRoutes = [
  route({
    method: 'GET',
    path: '/api/Claim/ApplicationUserGroupsList',
    summary: 'Every application user group, with the collections the include flags ask for',
    example: { query: { includeClaims: 'true', includeApplicationUsers: 'true', includeClaimGroups: 'true' } },
    handler: async ({ c, services, query }) => {
      const include = readUserGroupIncludes(query);
      const { rows } = await listLive(services.db, applicationUserGroups, null);
      return c.json(await projectUserGroups(services.db, rows, include));
    },
  }),

  route({
    method: 'GET',
    path: '/api/Claim/ApplicationUserGroupsPaged',
    summary:
      'One page of application user groups (page from 1, count 1–1000, default 10; no page: the first), by name; ' +
      'search (beyond the spec): the group with that id or whose name contains it, regardless of case',
    example: {
      query: {
        includeClaims: 'true',
        IncludeApplicationUserGroups: 'true',
        includeClaimGroups: 'true',
        page: '1',
        count: '2',
        search: 'read',
      },
    },
    handler: async ({ c, services, query }) => {
      const include = readUserGroupIncludes(query);
      const paging = readPaging(query);
      const { rows, total } = await listLive(services.db, applicationUserGroups, paging, { search: readNameSearch(query) });
      return c.json(toPaged(await projectUserGroups(services.db, rows, include), total, paging));
    },
  }),

  route({
    method: 'POST',
    path: '/api/Claim/CreateNewApplicationUserGroup',
    summary: 'Creates an application user group; answers it (409 when the name is taken)',
    example: { query: { groupName: 'Route Walk Team' } },
    handler: async ({ c, services, query }) => {
      const name = readGroupName(query, 'groupName');
      const created = await write(services, { names: 'userGroup' }, async ({ tx }) => {
        await assertNameFree(tx, 'userGroup', name);
        const [row] = await tx.insert(applicationUserGroups).values({ id: crypto.randomUUID(), name }).returning();
        return projectUserGroups(tx, [row as UserGroupRow], { claims: true, users: true, claimGroups: true });
      });
      return c.json(created[0]);
    },
  }),

  route({
    method: 'PUT',
    path: '/api/Claim/RenameAppUserGroup',
    summary: 'Renames the application user group currentGroupId; answers it',
    example: { query: { newGroupName: 'Readers', currentGroupId: SEED_IDS.userGroups.readers } },
    handler: async ({ c, services, query }) => {
      const name = readGroupName(query, 'newGroupName');
      const id = query.id('currentGroupId');
      const renamed = await write(services, { names: 'userGroup', changes: [id] }, async ({ tx }) => {
        await requireGroup(tx, id);
        await assertNameFree(tx, 'userGroup', name, id);
        const [row] = await tx
          .update(applicationUserGroups)
          .set({ name, lastUpdatedDateTime: new Date() })
          .where(eq(applicationUserGroups.id, id))
          .returning();
        return projectUserGroups(tx, [row as UserGroupRow], { claims: false, users: false, claimGroups: false });
      });
      return c.json(renamed[0]);
    },
  }),
];
