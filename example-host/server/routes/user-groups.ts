/**
 * Application user groups: list and page them (docs/spec.md, Calls). Creating, renaming and deleting them are routes
 * of the one route table (src/service/routes.ts, bound in ./assignments.ts).
 */
import { readNameSearch, readUserGroupIncludes } from '../../../src/domain';
import { applicationUserGroups } from '../db/schema';
import { listLive, projectUserGroups, readPaging, toPaged } from './projections';
import { route } from './registry';

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
];
