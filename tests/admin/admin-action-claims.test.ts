// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../src/api/client';
import { Permission } from '../../src/api/enums';
import { ADMIN_ACTION_CLAIMS, ADMIN_ACTION_ROUTES, type AdminAction } from '../../src/admin/shared/access';
import { ROUTE_RULES, routeRule } from '../../src/contract/route-access';

// The client's action → claim map is not a second table: it is read from the domain's route table for the calls
// each action makes, and those are the calls the screens' mutations make through the API client.

// The request bodies do not matter here: only the method and path each call requests.
const BODY = {} as never;

/** The API client call each action route stands for (the one the screens' mutation hooks make). */
const CALLS: Record<string, (client: ApiClient) => Promise<unknown>> = {
  'POST /api/Claim/CreateNewClaimGroup': (c) => c.claim.createNewClaimGroup('Auditors'),
  'PUT /api/Claim/RenameClaimGroup': (c) => c.claim.renameClaimGroup('Auditors', 'Signers'),
  'DELETE /api/Claim/DeleteClaimGroupByName': (c) => c.claim.deleteClaimGroupByName('Signers'),
  'POST /api/Claim/CreateNewApplicationUserGroup': (c) => c.claim.createNewApplicationUserGroup('Desk'),
  'PUT /api/Claim/RenameAppUserGroup': (c) => c.claim.renameAppUserGroup('Desk', 'group-1'),
  'DELETE /api/Claim/DeleteAppUserGroup': (c) => c.claim.deleteAppUserGroup('group-1'),
  'POST /api/Claim/AddRemoveUpdateClaimsToAppUserOrUsers': (c) => c.claim.addRemoveUpdateClaimsToAppUserOrUsers(BODY),
  'POST /api/Claim/AddRemoveUpdateClaimsToClaimGroupOrClaimGroups': (c) =>
    c.claim.addRemoveUpdateClaimsToClaimGroupOrClaimGroups(BODY),
  'POST /api/Claim/AddRemoveUpdateClaimsToAppUserGroupOrUserGroups': (c) =>
    c.claim.addRemoveUpdateClaimsToAppUserGroupOrUserGroups(BODY),
  'POST /api/Claim/AddRemoveUpdateClaimGroupsToAppUserOrUsers': (c) => c.claim.addRemoveUpdateClaimGroupsToAppUserOrUsers(BODY),
  'POST /api/Claim/AddRemoveUpdateClaimGroupsToClaimGroupOrClaimGroups': (c) =>
    c.claim.addRemoveUpdateClaimGroupsToClaimGroupOrClaimGroups(BODY),
  'POST /api/Claim/AddRemoveUpdateClaimGroupsToAppUserGroupOrUserGroups': (c) =>
    c.claim.addRemoveUpdateClaimGroupsToAppUserGroupOrUserGroups(BODY),
  'POST /api/Claim/AddRemoveUpdateAppUsersInAppuserGroups': (c) => c.claim.addRemoveUpdateAppUsersInAppuserGroups(BODY),
  'POST /api/Claim/FullSyncAndReturnExternalUsers': (c) => c.claim.fullSyncAndReturnExternalUsers(),
};

/** The `METHOD /path` the client requests for one call. */
async function requestOf(call: (client: ApiClient) => Promise<unknown>): Promise<string> {
  const seen: string[] = [];
  const client = createApiClient({
    baseUrl: 'http://api.test',
    getAccessToken: () => 't',
    fetch: async (input, init) => {
      const request = new Request(input, init);
      seen.push(`${request.method} ${new URL(request.url).pathname}`);
      return new Response('null', { status: 200, headers: { 'content-type': 'application/json' } });
    },
  });
  await call(client).catch(() => undefined);
  expect(seen).toHaveLength(1);
  return seen[0]!;
}

const actions = Object.keys(ADMIN_ACTION_ROUTES) as AdminAction[];

describe('ADMIN_ACTION_CLAIMS', () => {
  it('names, for every action, the claim the server requires for it', () => {
    expect(ADMIN_ACTION_CLAIMS).toEqual({
      manageClaimGroups: 'Claim_ManageClaimGroups',
      manageUserGroups: 'Claim_ManageUserGroups',
      assignClaims: 'Claim_AssignClaims',
      assignClaimGroups: 'Claim_AssignClaimGroups',
      assignUsersToGroups: 'Claim_AssignUsersToGroups',
      fullSync: 'Claim_FullSync',
    });
  });

  it.each(actions)("%s: each call the action makes is in the route table and needs exactly the action's claim", (action) => {
    for (const route of ADMIN_ACTION_ROUTES[action]) {
      const [method, path] = route.split(' ') as [string, string];
      const rule = routeRule(method, path);
      expect(rule, route).toBeDefined();
      expect(rule!.claim, route).toBe(Permission[ADMIN_ACTION_CLAIMS[action]]);
    }
  });

  it.each(actions)('%s: the routes listed are the ones the API client requests for the action', async (action) => {
    for (const route of ADMIN_ACTION_ROUTES[action]) {
      const call = CALLS[route];
      expect(call, `a client call for ${route}`).toBeDefined();
      expect(await requestOf(call!)).toBe(route);
    }
  });

  it('lists every write of the claim area that needs a claim (none forgotten)', () => {
    const listed = new Set<string>(Object.values(ADMIN_ACTION_ROUTES).flat());
    // Writes that need a claim (ClearUserClaimsCache is open to any signed-in user).
    const guarded = ROUTE_RULES.filter(
      (r) => r.path.startsWith('/api/Claim/') && r.method !== 'GET' && typeof r.claim === 'number',
    ).map((r) => `${r.method} ${r.path}`);
    expect(guarded.length).toBeGreaterThan(0);
    expect(guarded.filter((route) => !listed.has(route))).toEqual([]);
  });
});
