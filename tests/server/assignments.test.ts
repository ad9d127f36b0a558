// @vitest-environment node
/**
 * The AddRemoveUpdateClaimsTo… calls through the server: the rows they answer, priorities and denies,
 * the effective-claims cache dropped after every change, strict body validation, and all-or-nothing
 * transactions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ButtonClaim, ClaimTypeFlags, Permission, TableClaim } from '../../src/api/enums';
import type { ClaimBase, ClaimGrant, ClaimGroup } from '../../src/api/types';
import { MAX_CHANGE_PAIRS } from '../../src/domain';
import { SEED_IDS } from '../../example-host/server/db/seed';
import { claimGrantsUsers } from '../../example-host/server/db/schema';
import {
  adminToken,
  call,
  callJson,
  START_TIMEOUT_MS,
  startTestServer,
  uniqueName,
  userWithClaims,
  type TestServer,
} from './helpers';

let server: TestServer;
let admin = '';

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminToken(server);
}, START_TIMEOUT_MS);

afterAll(async () => {
  await server?.stop();
});

type ErrorBody = { status: number; detail: string };
type Target = 'AppUserOrUsers' | 'ClaimGroupOrClaimGroups' | 'AppUserGroupOrUserGroups';

const change = (target: Target, body: unknown, token = admin) =>
  callJson<ClaimGrant[] & ErrorBody>(server, `/api/Claim/AddRemoveUpdateClaimsTo${target}`, {
    token,
    method: 'POST',
    body,
  });
const server1 = (claimValue: number, priorityOfPermission = 1, allow = true): ClaimBase => ({
  claimValue,
  claimType: ClaimTypeFlags.ServerClaim,
  allow,
  priorityOfPermission,
});
const myClaims = async (token: string) => {
  const res = await callJson<number[]>(server, '/api/Claim/GetMyClaims', { token });
  expect(res.status).toBe(200);
  return res.body;
};

describe('AddRemoveUpdateClaimsToAppUserOrUsers', () => {
  it('grants claims with priorities, answers the rows, and GetMyClaims shows them at once', async () => {
    const { token, userId } = await userWithClaims(server, 'as-user', []);
    expect(await myClaims(token)).toEqual([]); // now cached
    const res = await change('AppUserOrUsers', {
      claimSets: [userId],
      claimBaseToAddUpdate: [
        server1(Permission.Form_Add, 5),
        {
          claimValue: ButtonClaim.CreateForm_AllowRead,
          claimType: ClaimTypeFlags.UXClaim,
          allow: true,
          priorityOfPermission: 0,
        },
        {
          claimValue: TableClaim.Form_RowLevel,
          claimType: ClaimTypeFlags.TableClaim,
          allow: true,
          priorityOfPermission: 1000,
        },
      ],
      claimEnumsToRemoveValue: [],
      removeExistingUnMentionedClaimBase: false,
    });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(3);
    expect(res.body[0]).toEqual({
      id: expect.any(String),
      recordId: userId,
      claimType: ClaimTypeFlags.ServerClaim,
      claimValue: Permission.Form_Add,
      priorityOfPermission: 5,
      allow: true,
      isDeleted: false,
      createdDateTime: expect.any(String),
      lastUpdatedDateTime: expect.any(String),
    });
    expect(res.body.map((g) => [g.claimValue, g.claimType, g.priorityOfPermission])).toEqual([
      [Permission.Form_Add, 1, 5],
      [ButtonClaim.CreateForm_AllowRead, 2, 0],
      [TableClaim.Form_RowLevel, 4, 1000],
    ]);
    expect(await myClaims(token)).toEqual([
      Permission.Form_Add,
      ButtonClaim.CreateForm_AllowRead,
      TableClaim.Form_RowLevel,
    ]);
  });

  it('updates allow and priority in place, leaves unchanged rows alone, and removes claims', async () => {
    const { token, userId } = await userWithClaims(server, 'as-update', []);
    const first = await change('AppUserOrUsers', {
      claimSets: [userId],
      claimBaseToAddUpdate: [
        server1(Permission.Form_Add),
        server1(Permission.Form_Update),
        server1(Permission.Form_Delete),
      ],
    });
    const byValue = (rows: ClaimGrant[]) => new Map(rows.map((r) => [r.claimValue, r]));
    const before = byValue(first.body);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await change('AppUserOrUsers', {
      claimSets: [userId],
      claimBaseToAddUpdate: [server1(Permission.Form_Add, 3, false), server1(Permission.Form_Update)],
      claimEnumsToRemoveValue: [Permission.Form_Delete, Permission.Form_Select],
    });
    expect(second.status).toBe(200);
    const after = byValue(second.body);
    expect([...after.keys()]).toEqual([Permission.Form_Add, Permission.Form_Update]);
    expect(after.get(Permission.Form_Add)).toMatchObject({
      id: before.get(Permission.Form_Add)?.id,
      allow: false,
      priorityOfPermission: 3,
      createdDateTime: before.get(Permission.Form_Add)?.createdDateTime,
    });
    expect(after.get(Permission.Form_Add)?.lastUpdatedDateTime).not.toBe(
      before.get(Permission.Form_Add)?.lastUpdatedDateTime,
    );
    expect(after.get(Permission.Form_Update)).toEqual(before.get(Permission.Form_Update));
    expect(await myClaims(token)).toEqual([Permission.Form_Update]);

    const replaced = await change('AppUserOrUsers', {
      claimSets: [userId],
      claimBaseToAddUpdate: [server1(Permission.FormGroup_Add)],
      removeExistingUnMentionedClaimBase: true,
    });
    expect(replaced.body.map((g) => g.claimValue)).toEqual([Permission.FormGroup_Add]);
    const cleared = await change('AppUserOrUsers', { claimSets: [userId], removeExistingUnMentionedClaimBase: true });
    expect(cleared.body).toEqual([]);
    expect(await myClaims(token)).toEqual([]);
  });

  it('a deny at a higher priority beats a grant through a claim group', async () => {
    const { token, userId } = await userWithClaims(server, 'as-deny', []);
    await callJson(server, '/api/Claim/AddRemoveUpdateClaimGroupsToAppUserOrUsers', {
      token: admin,
      method: 'POST',
      body: { claimGroupSets: [userId], claimGroupsToAdd: [SEED_IDS.claimGroups.formReaders] },
    });
    expect(await myClaims(token)).toContain(Permission.Form_Select);
    await change('AppUserOrUsers', {
      claimSets: [userId],
      claimBaseToAddUpdate: [server1(Permission.Form_Select, 2, false)],
    });
    expect(await myClaims(token)).not.toContain(Permission.Form_Select);
    await change('AppUserOrUsers', {
      claimSets: [userId],
      claimBaseToAddUpdate: [server1(Permission.Form_Select, 1, false)],
    });
    expect(await myClaims(token)).not.toContain(Permission.Form_Select); // a deny wins a tie
    await change('AppUserOrUsers', {
      claimSets: [userId],
      claimBaseToAddUpdate: [server1(Permission.Form_Select, 0, false)],
    });
    expect(await myClaims(token)).toContain(Permission.Form_Select);
  });
});

describe('AddRemoveUpdateClaimsToClaimGroupOrClaimGroups and …ToAppUserGroupOrUserGroups', () => {
  it('changes every holder named, and their users see it at once', async () => {
    const created = await Promise.all(
      [uniqueName('Grant A'), uniqueName('Grant B')].map((groupName) =>
        callJson<ClaimGroup>(server, '/api/Claim/CreateNewClaimGroup', {
          token: admin,
          method: 'POST',
          query: { groupName },
        }),
      ),
    );
    const [a, b] = created.map((r) => r.body.id);
    const res = await change('ClaimGroupOrClaimGroups', {
      claimSets: [a, b],
      claimBaseToAddUpdate: [server1(Permission.FormInstance_Add), server1(Permission.FormInstance_Update)],
    });
    expect(res.body.map((g) => [g.recordId, g.claimValue])).toEqual([
      [a, Permission.FormInstance_Add],
      [a, Permission.FormInstance_Update],
      [b, Permission.FormInstance_Add],
      [b, Permission.FormInstance_Update],
    ]);

    const { token, userId } = await userWithClaims(server, 'as-group-member', []);
    const team = await callJson<{ id: string }>(server, '/api/Claim/CreateNewApplicationUserGroup', {
      token: admin,
      method: 'POST',
      query: { groupName: uniqueName('Grant Team') },
    });
    await callJson(server, '/api/Claim/AddRemoveUpdateAppUsersInAppuserGroups', {
      token: admin,
      method: 'POST',
      body: { applicationUsersGroups: [team.body.id], applicationUsersToAdd: [userId] },
    });
    expect(await myClaims(token)).toEqual([]);
    const teamGrant = await change('AppUserGroupOrUserGroups', {
      claimSets: [team.body.id],
      claimBaseToAddUpdate: [server1(Permission.Signing_RequestSignature)],
    });
    expect(teamGrant.body.map((g) => [g.recordId, g.claimValue])).toEqual([
      [team.body.id, Permission.Signing_RequestSignature],
    ]);
    expect(await myClaims(token)).toEqual([Permission.Signing_RequestSignature]);
    await callJson(server, '/api/Claim/AddRemoveUpdateClaimGroupsToAppUserGroupOrUserGroups', {
      token: admin,
      method: 'POST',
      body: { claimGroupSets: [team.body.id], claimGroupsToAdd: [a] },
    });
    expect(await myClaims(token)).toEqual([
      Permission.FormInstance_Add,
      Permission.FormInstance_Update,
      Permission.Signing_RequestSignature,
    ]);
    await change('ClaimGroupOrClaimGroups', { claimSets: [a], claimEnumsToRemoveValue: [Permission.FormInstance_Add] });
    expect(await myClaims(token)).toEqual([Permission.FormInstance_Update, Permission.Signing_RequestSignature]);
  });
});

describe('body validation', () => {
  let userId = '';
  beforeAll(async () => {
    userId = (await userWithClaims(server, 'as-validation', [])).userId;
  });
  const item = (patch: Record<string, unknown>) => ({ ...server1(Permission.Form_Add), ...patch });

  // Each rule of a change body is unit-tested once in tests/domain; here: the server answers them as 400s naming the field.
  it.each([
    ['an array instead of an object', [], 'The body must be a JSON object.'],
    ['a claimSets item that is not a UUID', { claimSets: ['user-1'] }, "'claimSets[0]' must be an id (a UUID string)."],
    [
      'a priority above 1000',
      { claimBaseToAddUpdate: [item({ priorityOfPermission: 1001 })] },
      "'claimBaseToAddUpdate[0].priorityOfPermission' must be an integer from 0 to 1000.",
    ],
  ])('refuses %s with 400 naming the field', async (_label, body, message) => {
    const payload = Array.isArray(body) ? body : { claimSets: [userId], ...body };
    const res = await change('AppUserOrUsers', payload);
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain(message);
  });

  it('refuses a body that is not JSON (400) or not sent as JSON (415)', async () => {
    const url = `${server.url}/api/Claim/AddRemoveUpdateClaimsToAppUserOrUsers`;
    const headers = { authorization: `Bearer ${admin}` };
    const broken = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{',
    });
    expect(broken.status).toBe(400);
    const empty = await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' } });
    expect(empty.status).toBe(400);
    const text = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(text.status).toBe(415);
    expect(text.headers.get('content-type')).toContain('application/problem+json');
    expect(await text.json()).toEqual({
      type: 'about:blank',
      title: 'Unsupported Media Type',
      status: 415,
      detail: 'The body must be JSON (Content-Type: application/json).',
    });
  });

  it('refuses a change of more than MAX_CHANGE_PAIRS holder × item pairs with 413 naming the limit', async () => {
    const holders = Array.from({ length: 100 }, () => crypto.randomUUID());
    const claims = (n: number) =>
      Object.values(Permission)
        .slice(0, n)
        .map((v) => server1(v));
    // 100 × 20 = 2000 pairs is within the limit (the unknown holders then answer 404) …
    expect(MAX_CHANGE_PAIRS).toBe(2000);
    expect((await change('ClaimGroupOrClaimGroups', { claimSets: holders, claimBaseToAddUpdate: claims(20) })).status).toBe(404);
    // … 100 × (20 + 1 removed) = 2100 is not.
    const res = await change('ClaimGroupOrClaimGroups', {
      claimSets: holders,
      claimBaseToAddUpdate: claims(20),
      claimEnumsToRemoveValue: [Permission.Form_Add + 100],
    });
    expect(res.status).toBe(413);
    expect(res.body.detail).toBe(
      "This change touches 2100 pairs ('claimSets' × ('claimBaseToAddUpdate' + 'claimEnumsToRemoveValue')); at most 2000 are allowed in one change. Split it into smaller changes.",
    );
    expect(res.body).toMatchObject({ limit: 2000, pairs: 2100 });
  });

  it('reads property names case-insensitively and defaults allow to true and priority to 1', async () => {
    const res = await change('AppUserOrUsers', {
      ClaimSets: [userId],
      ClaimBaseToAddUpdate: [{ ClaimValue: Permission.Form_Select, ClaimType: 1 }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      expect.objectContaining({ claimValue: Permission.Form_Select, allow: true, priorityOfPermission: 1 }),
    ]);
  });

  it('answers 404 for an unknown holder and changes nothing (one transaction)', async () => {
    const unknown = crypto.randomUUID();
    const res = await change('AppUserOrUsers', {
      claimSets: [userId, unknown],
      claimBaseToAddUpdate: [server1(Permission.FormSchema_Delete)],
      removeExistingUnMentionedClaimBase: true,
    });
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe(`Unknown application user '${unknown}' in 'claimSets'.`);
    const users = await callJson<{ id: string; claimEnumsInApplicationUsers: ClaimGrant[] }[]>(
      server,
      '/api/Claim/ApplicationList',
      { token: admin, query: { includeClaims: 'true' } },
    );
    expect(users.body.find((u) => u.id === userId)?.claimEnumsInApplicationUsers.map((g) => g.claimValue)).toEqual([
      Permission.Form_Select,
    ]);
    expect((await change('AppUserGroupOrUserGroups', { claimSets: [SEED_IDS.users.admin] })).status).toBe(404);
  });

  it('needs Claim_AssignClaims', async () => {
    const { token } = await userWithClaims(server, 'as-no-assign', [Permission.Claim_AssignClaimGroups]);
    const res = await call(server, '/api/Claim/AddRemoveUpdateClaimsToAppUserOrUsers', {
      token,
      method: 'POST',
      body: { claimSets: [] },
    });
    expect(res.status).toBe(403);
  });
});

describe('the effective-claims cache after a write', () => {
  it('forgets only the claims of the users the write reaches: holders of the changed role, members who left', async () => {
    const reached = await userWithClaims(server, 'cache-reached', [Permission.Form_Select]);
    const other = await userWithClaims(server, 'cache-other', [Permission.Form_Select]);
    const role = await callJson<ClaimGroup>(server, '/api/Claim/CreateNewClaimGroup', {
      token: admin,
      method: 'POST',
      query: { groupName: uniqueName('Cache Role') },
    });
    const team = await callJson<{ id: string }>(server, '/api/Claim/CreateNewApplicationUserGroup', {
      token: admin,
      method: 'POST',
      query: { groupName: uniqueName('Cache Team') },
    });
    // The role reaches `reached` through the team; `other` holds nothing of it.
    await callJson(server, '/api/Claim/AddRemoveUpdateClaimGroupsToAppUserGroupOrUserGroups', {
      token: admin,
      method: 'POST',
      body: { claimGroupSets: [team.body.id], claimGroupsToAdd: [role.body.id], claimGroupsToRemove: [], removeExistingUnMentionedClaimGroups: false },
    });
    await callJson(server, '/api/Claim/AddRemoveUpdateAppUsersInAppuserGroups', {
      token: admin,
      method: 'POST',
      body: { applicationUsersGroups: [team.body.id], applicationUsersToAdd: [reached.userId], applicationUsersToRemove: [], removeExistingUnMentioned: false },
    });
    expect(await myClaims(reached.token)).toEqual([Permission.Form_Select]);
    expect(await myClaims(other.token)).toEqual([Permission.Form_Select]); // both cached now
    // Behind the server's back (no write, no version): `other` gains a claim the cache does not know yet.
    await server.db.insert(claimGrantsUsers).values({
      id: crypto.randomUUID(),
      holderId: other.userId,
      claimType: ClaimTypeFlags.ServerClaim,
      claimValue: Permission.Form_Add,
    });

    const res = await change('ClaimGroupOrClaimGroups', {
      claimSets: [role.body.id],
      claimBaseToAddUpdate: [server1(Permission.FormGroup_Select)],
      claimEnumsToRemoveValue: [],
      removeExistingUnMentionedClaimBase: false,
    });
    expect(res.status).toBe(200);
    // The role's holder sees the change at once; the other user's cached claims were kept.
    expect(await myClaims(reached.token)).toEqual([Permission.Form_Select, Permission.FormGroup_Select].sort((a, b) => a - b));
    expect(await myClaims(other.token)).toEqual([Permission.Form_Select]);

    // A member who leaves loses the role at once; the other user's cache still stands.
    await callJson(server, '/api/Claim/AddRemoveUpdateAppUsersInAppuserGroups', {
      token: admin,
      method: 'POST',
      body: { applicationUsersGroups: [team.body.id], applicationUsersToAdd: [], applicationUsersToRemove: [reached.userId], removeExistingUnMentioned: false },
    });
    expect(await myClaims(reached.token)).toEqual([Permission.Form_Select]);
    expect(await myClaims(other.token)).toEqual([Permission.Form_Select]);

    // The kept entry really was stale (so the checks above could fail): forgetting everyone shows the new claim.
    server.claims.invalidateAll();
    expect(await myClaims(other.token)).toEqual([Permission.Form_Select, Permission.Form_Add].sort((a, b) => a - b));
  });
});
