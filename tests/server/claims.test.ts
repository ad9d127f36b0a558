// @vitest-environment node
/**
 * Effective claims through the server (nested claim groups, user groups, priorities, denies, soft
 * deletes, cache invalidation), the seeded roles, ClaimGroupsList and GetClaimEntriesForClaimTypes.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ButtonClaim, ClaimTypeFlags, MenuClaim, Permission, TableClaim } from '../../src/api/enums';
import type { ClaimGroup, ClaimTypeRecord } from '../../src/api/types';
import {
  applicationUserGroups,
  claimGrantsClaimGroups,
  claimGrantsUserGroups,
  claimGroupLinksClaimGroups,
  claimGroupLinksUserGroups,
  claimGroupLinksUsers,
  claimGroups,
  memberships,
} from '../../example-host/server/db/schema';
import { ALL_CLAIMS, SEED_IDS } from '../../example-host/server/db/seed';
import { call, callJson, START_TIMEOUT_MS, startTestServer, userWithClaims, type TestServer } from './helpers';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, START_TIMEOUT_MS);

afterAll(async () => {
  await server?.stop();
});

const myClaims = async (token: string) => {
  const res = await callJson<number[]>(server, '/api/Claim/GetMyClaims', { token });
  expect(res.status).toBe(200);
  return res.body;
};

const grant = (holderId: string, claimValue: number, allow = true, priorityOfPermission = 1) => ({
  id: crypto.randomUUID(),
  holderId,
  claimType: 1,
  claimValue,
  allow,
  priorityOfPermission,
});

describe('effective claims through the server', () => {
  const ids = {
    top: crypto.randomUUID(),
    mid: crypto.randomUUID(),
    leaf: crypto.randomUUID(),
    other: crypto.randomUUID(),
    userGroup: crypto.randomUUID(),
  };
  let token = '';
  let userId = '';

  beforeAll(async () => {
    const { db } = server;
    const suffix = ids.top.slice(0, 8);
    await db.insert(claimGroups).values([
      { id: ids.top, name: `Test Top ${suffix}` },
      { id: ids.mid, name: `Test Mid ${suffix}` },
      { id: ids.leaf, name: `Test Leaf ${suffix}` },
      { id: ids.other, name: `Test Other ${suffix}` },
    ]);
    await db
      .insert(claimGrantsClaimGroups)
      .values([
        grant(ids.top, Permission.Form_Add),
        grant(ids.mid, Permission.Form_Update),
        grant(ids.mid, Permission.Form_Delete, false, 5),
        grant(ids.leaf, Permission.Form_Delete, true, 3),
        grant(ids.leaf, Permission.FormGroup_Add, true, 1),
        grant(ids.other, Permission.FormInstance_Add),
      ]);
    await db.insert(claimGroupLinksClaimGroups).values([
      { id: crypto.randomUUID(), holderId: ids.top, claimGroupId: ids.mid },
      { id: crypto.randomUUID(), holderId: ids.mid, claimGroupId: ids.leaf },
    ]);
    ({ token, userId } = await userWithClaims(server, 'effective-user', [
      { value: Permission.FormGroup_Add, allow: false, priority: 1 },
      { value: Permission.Form_Select },
    ]));
    await db.insert(claimGroupLinksUsers).values({ id: crypto.randomUUID(), holderId: userId, claimGroupId: ids.top });
    await db.insert(applicationUserGroups).values({ id: ids.userGroup, name: `Test User Group ${suffix}` });
    await db.insert(memberships).values({
      id: crypto.randomUUID(),
      applicationUserId: userId,
      applicationUserGroupId: ids.userGroup,
    });
    await db.insert(claimGrantsUserGroups).values(grant(ids.userGroup, Permission.FormSchema_Add, true, 2));
    await db
      .insert(claimGroupLinksUserGroups)
      .values({ id: crypto.randomUUID(), holderId: ids.userGroup, claimGroupId: ids.other });
    server.claims.invalidateAll();
  });

  it('unions direct grants, nested claim groups and user groups; priorities and denies decide', async () => {
    expect(await myClaims(token)).toEqual(
      [
        Permission.Form_Add, // top
        Permission.Form_Update, // top → mid
        Permission.Form_Select, // user
        Permission.FormSchema_Add, // user group
        Permission.FormInstance_Add, // user group → other
        // not Form_Delete: the deny at priority 5 (mid) beats the grant at priority 3 (leaf)
        // not FormGroup_Add: the user's deny ties the leaf's grant at priority 1, and a deny wins a tie
      ].sort((a, b) => a - b),
    );
  });

  it('GetMyUserSessionData answers the same claims and the user id', async () => {
    const res = await callJson<{ claims: number[]; userId: string }>(server, '/api/Claim/GetMyUserSessionData', {
      token,
    });
    expect(res.body).toEqual({ claims: await myClaims(token), userId });
  });

  it('a higher priority grant overrides the deny once the cache is invalidated', async () => {
    await server.db
      .update(claimGrantsClaimGroups)
      .set({ priorityOfPermission: 9 })
      .where(eq(claimGrantsClaimGroups.holderId, ids.leaf));
    expect(await myClaims(token)).not.toContain(Permission.Form_Delete); // still cached
    server.claims.invalidateAll();
    expect(await myClaims(token)).toContain(Permission.Form_Delete);
  });

  it('a soft-deleted claim group no longer counts, nor what is reachable only through it', async () => {
    await server.db.update(claimGroups).set({ isDeleted: true }).where(eq(claimGroups.id, ids.mid));
    server.claims.invalidateAll();
    const claims = await myClaims(token);
    expect(claims).toContain(Permission.Form_Add);
    expect(claims).not.toContain(Permission.Form_Update);
    expect(claims).not.toContain(Permission.Form_Delete);
    await server.db.update(claimGroups).set({ isDeleted: false }).where(eq(claimGroups.id, ids.mid));
    server.claims.invalidateAll();
  });

  it('leaving a user group drops what it gave', async () => {
    await server.db.delete(memberships).where(eq(memberships.applicationUserId, userId));
    server.claims.invalidateAll();
    const claims = await myClaims(token);
    expect(claims).not.toContain(Permission.FormSchema_Add);
    expect(claims).not.toContain(Permission.FormInstance_Add);
    expect(claims).toContain(Permission.Form_Add);
  });

  it('tolerates a cycle among claim groups in the data', async () => {
    await server.db
      .insert(claimGroupLinksClaimGroups)
      .values({ id: crypto.randomUUID(), holderId: ids.leaf, claimGroupId: ids.top });
    server.claims.invalidateAll();
    expect(await myClaims(token)).toContain(Permission.Form_Add);
  });
});

describe('seeded roles', () => {
  it('the administrator holds every claim, including GlobalDataAdmin, AdminPanel_Access and all UX claims', async () => {
    const claims = await myClaims(await server.mintAccessToken({ sub: 'admin' }));
    expect(claims).toEqual([...ALL_CLAIMS].sort((a, b) => a - b));
    expect(claims).toContain(Permission.GlobalDataAdmin);
    expect(claims).toContain(Permission.AdminPanel_Access);
    for (const v of [...Object.values(ButtonClaim), ...Object.values(MenuClaim)]) expect(claims).toContain(v);
  });

  it('the editor holds the form permissions, form menus and buttons, the admin panel and (nested) read claims, but no hard delete', async () => {
    const claims = await myClaims(await server.mintAccessToken({ sub: 'editor' }));
    for (const v of [
      Permission.Form_Add,
      Permission.FormSchema_Update,
      Permission.FormSigner_Delete,
      Permission.FormInstance_MarkDeleted,
      Permission.FormGenerator_UploadPdf,
      Permission.Signing_RequestSignature,
      Permission.AdminPanel_Access,
      Permission.Claim_ReadClaimEntries, // from the nested Form Readers
      ButtonClaim.CreateForm_AllowRead,
      MenuClaim.FormBuilder_AllowRead,
      MenuClaim.Signing_AllowRead,
    ]) {
      expect(claims).toContain(v);
    }
    for (const v of [
      Permission.GlobalDataAdmin,
      // Denied at priority 10 by the seeded No Hard Delete group of the Form Editors Team.
      Permission.Form_Delete,
      Permission.FormGroup_Delete,
      Permission.FormInstance_Delete,
      Permission.FormSchema_Delete,
      Permission.Claim_ReadClaimGroups,
      MenuClaim.RoleManagement_AllowRead,
      MenuClaim.UserRoleManagement_AllowRead,
    ]) {
      expect(claims).not.toContain(v);
    }
  });

  it('the reader holds only read claims: no admin panel, no menus, no buttons', async () => {
    const claims = await myClaims(await server.mintAccessToken({ sub: 'reader' }));
    expect(claims).toContain(Permission.Form_Select);
    expect(claims).toContain(Permission.FormInstance_SelectList);
    expect(claims).not.toContain(Permission.AdminPanel_Access);
    const ux: number[] = [...Object.values(ButtonClaim), ...Object.values(MenuClaim)];
    expect(claims.filter((c) => ux.includes(c))).toEqual([]);
    const names = Object.entries(Permission)
      .filter(([, v]) => claims.includes(v))
      .map(([k]) => k);
    for (const name of names) expect(name).toMatch(/_(Select|SelectList|GetViewUrl|ReadClaimEntries)$/);
  });
});

describe('GET /api/Claim/ClaimGroupsList', () => {
  const all = {
    includeClaims: 'true',
    IncludeApplicationUserGroups: 'true',
    IncludeApplicationUsers: 'true',
    includeClaimGroups: 'true',
  };

  it('refuses the reader with 403 and answers the administrator', async () => {
    const reader = await server.mintAccessToken({ sub: 'reader' });
    const denied = await callJson<{ status: number; requiredClaim: string }>(server, '/api/Claim/ClaimGroupsList', {
      token: reader,
      query: all,
    });
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ status: 403, requiredClaim: 'Claim_ReadClaimGroups' });
  });

  it('honours the include flags and answers the contract shapes', async () => {
    const admin = await server.mintAccessToken({ sub: 'admin' });
    const res = await callJson<ClaimGroup[]>(server, '/api/Claim/ClaimGroupsList', { token: admin, query: all });
    expect(res.status).toBe(200);
    const byName = new Map(res.body.map((g) => [g.name, g]));
    const admins = byName.get('Administrators');
    expect(admins).toMatchObject({
      id: SEED_IDS.claimGroups.administrators,
      builtInGroup: true,
      isDeleted: false,
      createdDateTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
      lastUpdatedDateTime: expect.any(String),
    });
    expect(admins?.claimEnumsInClaimGroups).toHaveLength(ALL_CLAIMS.length);
    expect(admins?.claimEnumsInClaimGroups?.[0]).toEqual({
      id: expect.any(String),
      recordId: SEED_IDS.claimGroups.administrators,
      claimType: ClaimTypeFlags.ServerClaim,
      claimValue: Permission.GlobalDataAdmin,
      priorityOfPermission: 1,
      allow: true,
      isDeleted: false,
      createdDateTime: expect.any(String),
      lastUpdatedDateTime: expect.any(String),
    });
    const tableGrant = admins?.claimEnumsInClaimGroups?.find((g) => g.claimValue === TableClaim.Form_RowLevel);
    expect(tableGrant?.claimType).toBe(ClaimTypeFlags.TableClaim);
    expect(admins?.claimGroupsInApplicationUsers?.map((l) => l.holderId)).toEqual([SEED_IDS.users.admin]);
    expect(admins?.claimGroupsInApplicationUserGroups?.map((l) => l.holderId)).toEqual([
      SEED_IDS.userGroups.platformAdministrators,
    ]);
    const editors = byName.get('Form Editors');
    expect(editors?.claimGroupsInClaimGroups).toEqual([
      expect.objectContaining({
        holderId: SEED_IDS.claimGroups.formEditors,
        recordId: SEED_IDS.claimGroups.formReaders,
        priorityOfPermission: 1,
        claimGroup: expect.objectContaining({ id: SEED_IDS.claimGroups.formReaders, name: 'Form Readers' }),
      }),
    ]);
  });

  it('leaves out what the flags do not ask for (flags true, false, false, true as the screens load them)', async () => {
    const admin = await server.mintAccessToken({ sub: 'admin' });
    const res = await callJson<ClaimGroup[]>(server, '/api/Claim/ClaimGroupsList', {
      token: admin,
      query: {
        includeClaims: 'true',
        IncludeApplicationUserGroups: 'false',
        IncludeApplicationUsers: 'false',
        includeClaimGroups: 'true',
      },
    });
    const group = res.body.find((g) => g.name === 'Form Editors');
    expect(group?.claimEnumsInClaimGroups?.length).toBeGreaterThan(0);
    expect(group?.claimGroupsInClaimGroups).toHaveLength(1);
    expect(group?.claimGroupsInApplicationUsers).toBeNull();
    expect(group?.claimGroupsInApplicationUserGroups).toBeNull();
    const none = await callJson<ClaimGroup[]>(server, '/api/Claim/ClaimGroupsList', { token: admin });
    expect(none.body.every((g) => g.claimEnumsInClaimGroups === null && g.claimGroupsInClaimGroups === null)).toBe(
      true,
    );
  });

  it('reads the flags case-insensitively and refuses values that are not booleans', async () => {
    const admin = await server.mintAccessToken({ sub: 'admin' });
    const lower = await callJson<ClaimGroup[]>(server, '/api/Claim/ClaimGroupsList', {
      token: admin,
      query: { includeapplicationusers: 'TRUE' },
    });
    expect(lower.body.find((g) => g.name === 'Administrators')?.claimGroupsInApplicationUsers).toHaveLength(1);
    const bad = await call(server, '/api/Claim/ClaimGroupsList', { token: admin, query: { includeClaims: 'yes' } });
    expect(bad.status).toBe(400);
  });
});

describe('GET /api/Claim/GetClaimEntriesForClaimTypes', () => {
  it('answers the entries of the requested claim types', async () => {
    const token = await server.mintAccessToken({ sub: 'reader' });
    const server1 = await callJson<ClaimTypeRecord[]>(server, '/api/Claim/GetClaimEntriesForClaimTypes', {
      token,
      query: { flags: '1' },
    });
    expect(server1.status).toBe(200);
    expect(server1.body).toHaveLength(1);
    expect(server1.body[0]?.claimType).toBe(1);
    expect(server1.body[0]?.claimEntries).toHaveLength(60);
    expect(server1.body[0]?.claimEntries).toContainEqual({ key: 'GlobalDataAdmin', value: 0 });
    const uxAndTable = await callJson<ClaimTypeRecord[]>(server, '/api/Claim/GetClaimEntriesForClaimTypes', {
      token,
      query: { flags: '6' },
    });
    expect(uxAndTable.body.map((r) => r.claimType)).toEqual([2, 4]);
    expect(uxAndTable.body[0]?.claimEntries).toContainEqual({ key: 'CreateForm_AllowRead', value: 100 });
    expect(uxAndTable.body[1]?.claimEntries).toContainEqual({ key: 'Form_RowLevel', value: 200 });
    const none = await callJson<ClaimTypeRecord[]>(server, '/api/Claim/GetClaimEntriesForClaimTypes', {
      token,
      query: { flags: '0' },
    });
    expect(none.body).toEqual([]);
  });

  it('refuses a missing or out-of-range flags parameter', async () => {
    const token = await server.mintAccessToken({ sub: 'reader' });
    const missing = await callJson<{ detail: string }>(server, '/api/Claim/GetClaimEntriesForClaimTypes', { token });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toBe("The parameter 'flags' must be defined and cannot be null.");
    expect(
      (await call(server, '/api/Claim/GetClaimEntriesForClaimTypes', { token, query: { flags: '8' } })).status,
    ).toBe(400);
  });
});
