/**
 * Application users: list and page them with their include flags, and sync them from the identity
 * provider's account store (docs/spec.md, Calls, docs/decisions.md, Reference backend).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { applicationUsers } from '../db/schema';
import { readNameSearch, readUserIncludes } from '../../../src/domain';
import { listLive, projectUsers, readPaging, toPaged } from './projections';
import { route } from './registry';
import { write } from './writes';

const ALL_FLAGS = { includeClaims: 'true', IncludeApplicationUserGroups: 'true', includeClaimGroups: 'true' };

export const userRoutes = [
  route({
    method: 'GET',
    path: '/api/Claim/ApplicationUsersPaged',
    summary:
      'One page of application users (page from 1, count 1–1000, default 10; no page: the first), by name; ' +
      'search (beyond the spec): the user with that id or whose name contains it, regardless of case',
    example: { query: { ...ALL_FLAGS, page: '1', count: '2', search: 'ada' } },
    handler: async ({ c, services, query }) => {
      const include = readUserIncludes(query);
      const paging = readPaging(query);
      const { rows, total } = await listLive(services.db, applicationUsers, paging, { search: readNameSearch(query) });
      return c.json(toPaged(await projectUsers(services.db, rows, include), total, paging));
    },
  }),

  route({
    method: 'GET',
    path: '/api/Claim/ApplicationList',
    summary: 'Every application user, with the collections the include flags ask for',
    example: { query: ALL_FLAGS },
    handler: async ({ c, services, query }) => {
      const include = readUserIncludes(query);
      const { rows } = await listLive(services.db, applicationUsers, null);
      return c.json(await projectUsers(services.db, rows, include));
    },
  }),

  route({
    method: 'POST',
    path: '/api/Claim/FullSyncAndReturnExternalUsers',
    summary:
      "Creates or updates an application user for every account of the identity provider's account " +
      'store; answers those users (none with an external provider, whose accounts cannot be listed)',
    handler: async ({ c, services }) => {
      const accounts = services.listAccounts?.() ?? [];
      // One sync at a time; new users hold no claims and names change none, so the claims cache stays.
      const users = await write(services, { changes: ['full-sync'] }, async ({ tx }) => {
        const ids: string[] = [];
        for (const account of accounts) {
          const [existing] = await tx.select().from(applicationUsers).where(eq(applicationUsers.oidcId, account.sub));
          if (!existing) {
            const id = crypto.randomUUID();
            await tx.insert(applicationUsers).values({
              id,
              oidcId: account.sub,
              name: account.name,
              userName: account.userName,
              email: account.email,
            });
            ids.push(id);
            continue;
          }
          ids.push(existing.id);
          if (
            existing.name !== account.name ||
            existing.userName !== account.userName ||
            existing.email !== account.email
          ) {
            await tx
              .update(applicationUsers)
              .set({
                name: account.name,
                userName: account.userName,
                email: account.email,
                lastUpdatedDateTime: new Date(),
              })
              .where(eq(applicationUsers.id, existing.id));
          }
        }
        if (ids.length === 0) return [];
        const rows = await tx
          .select()
          .from(applicationUsers)
          .where(and(inArray(applicationUsers.id, ids), eq(applicationUsers.isDeleted, false)))
          .orderBy(sql`lower(${applicationUsers.name})`, asc(applicationUsers.id));
        return projectUsers(tx, rows, { claims: false, userGroups: false, claimGroups: false });
      });
      return c.json(users);
    },
  }),
];
