// @vitest-environment node
/**
 * Application user groups and users through the server: create / rename / delete groups, members,
 * the list and paged calls with their include flags, and FullSyncAndReturnExternalUsers.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClaimTypeFlags, Permission } from '../../src/api/enums';
import type {
  ApplicationUser,
  ApplicationUserApplicationUserGroup,
  ApplicationUserGroup,
  ClaimGrant,
  ClaimGroupLink,
  Paged,
} from '../../src/api/types';
import { SEEDED_ACCOUNTS } from '../../example-host/server/accounts';
import { applicationUsers } from '../../example-host/server/db/schema';
import { SEED_IDS } from '../../example-host/server/db/seed';
import {
  adminToken,
  OWN_DATABASE,
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

const createGroup = (groupName: string) =>
  callJson<ApplicationUserGroup & ErrorBody>(server, '/api/Claim/CreateNewApplicationUserGroup', {
    token: admin,
    method: 'POST',
    query: { groupName },
  });
const renameGroup = (newGroupName: string, currentGroupId: string) =>
  callJson<ApplicationUserGroup & ErrorBody>(server, '/api/Claim/RenameAppUserGroup', {
    token: admin,
    method: 'PUT',
    query: { newGroupName, currentGroupId },
  });
const deleteGroup = (groupToDeleteId: string) =>
  callJson<ErrorBody | null>(server, '/api/Claim/DeleteAppUserGroup', {
    token: admin,
    method: 'DELETE',
    query: { groupToDeleteId },
  });
const members = (body: Record<string, unknown>) =>
  callJson<ApplicationUserApplicationUserGroup[] & ErrorBody>(
    server,
    '/api/Claim/AddRemoveUpdateAppUsersInAppuserGroups',
    {
      token: admin,
      method: 'POST',
      body: { applicationUsersToRemove: [], removeExistingUnMentioned: false, ...body },
    },
  );
const groupList = async (query: Record<string, string>) => {
  const res = await callJson<ApplicationUserGroup[]>(server, '/api/Claim/ApplicationUserGroupsList', {
    token: admin,
    query,
  });
  expect(res.status).toBe(200);
  return res.body;
};
const userList = async (query: Record<string, string>) => {
  const res = await callJson<ApplicationUser[]>(server, '/api/Claim/ApplicationList', { token: admin, query });
  expect(res.status).toBe(200);
  return res.body;
};
const myClaims = async (token: string) => (await callJson<number[]>(server, '/api/Claim/GetMyClaims', { token })).body;
const ALL_GROUP_FLAGS = { includeClaims: 'true', includeApplicationUsers: 'true', includeClaimGroups: 'true' };
const ALL_USER_FLAGS = { includeClaims: 'true', IncludeApplicationUserGroups: 'true', includeClaimGroups: 'true' };

describe('CreateNewApplicationUserGroup', () => {
  it('creates a group (trimmed) and answers it with empty collections; it is listed', async () => {
    const name = uniqueName('Team');
    const res = await createGroup(` ${name} `);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name,
      isDeleted: false,
      createdDateTime: expect.any(String),
      lastUpdatedDateTime: expect.any(String),
      applicationUserApplicationUserGroups: [],
      claimGroupsInApplicationUserGroups: [],
      claimEnumsInApplicationUserGroups: [],
    });
    expect((await groupList({})).map((g) => g.name)).toContain(name);
  });

  it('refuses blank names (400) and taken names whatever their case (409)', async () => {
    const blank = await createGroup('  ');
    expect(blank.status).toBe(400);
    expect(blank.body.detail).toBe("The parameter 'groupName' must not be blank.");
    expect((await createGroup('readers')).status).toBe(409);
  });

  it('needs Claim_ManageUserGroups', async () => {
    const { token } = await userWithClaims(server, 'ug-reader', [Permission.Claim_ReadUserGroups]);
    const res = await call(server, '/api/Claim/CreateNewApplicationUserGroup', {
      token,
      method: 'POST',
      query: { groupName: uniqueName('x') },
    });
    expect(res.status).toBe(403);
  });
});

describe('RenameAppUserGroup and DeleteAppUserGroup', () => {
  it('renames a group and answers it without collections', async () => {
    const { body: group } = await createGroup(uniqueName('Old'));
    const name = uniqueName('New');
    const res = await renameGroup(name, group.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: group.id, name, applicationUserApplicationUserGroups: null });
    expect((await renameGroup(name.toUpperCase(), group.id.toUpperCase())).body.name).toBe(name.toUpperCase());
  });

  it('answers 404 for unknown ids, 400 for malformed ids and blank names, 409 for taken names', async () => {
    const { body: group } = await createGroup(uniqueName('Renamable'));
    expect((await renameGroup(uniqueName('x'), crypto.randomUUID())).status).toBe(404);
    const malformed = await renameGroup(uniqueName('x'), 'group-1');
    expect(malformed.status).toBe(400);
    expect(malformed.body.detail).toBe("The parameter 'currentGroupId' must be an id (a UUID).");
    expect((await renameGroup(' ', group.id)).status).toBe(400);
    expect((await renameGroup('Form Editors Team', group.id)).status).toBe(409);
    expect((await deleteGroup(crypto.randomUUID())).status).toBe(404);
    expect((await deleteGroup('1')).status).toBe(400);
  });

  it('deletes a group with its memberships and grants; members lose its claims at once', async () => {
    const { body: group } = await createGroup(uniqueName('Short-lived'));
    const { token, userId } = await userWithClaims(server, 'ug-member', []);
    expect((await members({ applicationUsersGroups: [group.id], applicationUsersToAdd: [userId] })).status).toBe(200);
    const granted = await callJson<ClaimGrant[]>(server, '/api/Claim/AddRemoveUpdateClaimsToAppUserGroupOrUserGroups', {
      token: admin,
      method: 'POST',
      body: {
        claimSets: [group.id],
        claimBaseToAddUpdate: [
          {
            claimValue: Permission.Form_Add,
            claimType: ClaimTypeFlags.ServerClaim,
            allow: true,
            priorityOfPermission: 1,
          },
        ],
      },
    });
    expect(granted.status).toBe(200);
    expect(await myClaims(token)).toEqual([Permission.Form_Add]);

    const res = await call(server, '/api/Claim/DeleteAppUserGroup', {
      token: admin,
      method: 'DELETE',
      query: { groupToDeleteId: group.id },
    });
    expect(res.status).toBe(204);
    expect(await myClaims(token)).toEqual([]);
    expect((await groupList({})).some((g) => g.id === group.id)).toBe(false);
    expect((await deleteGroup(group.id)).status).toBe(404);
    const user = (await userList(ALL_USER_FLAGS)).find((u) => u.id === userId);
    expect(user?.applicationUserApplicationUserGroups).toEqual([]);
  });
});

describe('AddRemoveUpdateAppUsersInAppuserGroups', () => {
  it('adds and removes members, answers the memberships with their users, and updates claims at once', async () => {
    const { body: group } = await createGroup(uniqueName('Members'));
    const one = await userWithClaims(server, 'ug-one', []);
    const two = await userWithClaims(server, 'ug-two', []);
    await callJson(server, '/api/Claim/AddRemoveUpdateClaimGroupsToAppUserGroupOrUserGroups', {
      token: admin,
      method: 'POST',
      body: { claimGroupSets: [group.id], claimGroupsToAdd: [SEED_IDS.claimGroups.formReaders] },
    });
    expect(await myClaims(one.token)).toEqual([]);

    const added = await members({
      applicationUsersGroups: [group.id],
      applicationUsersToAdd: [one.userId, two.userId],
    });
    expect(added.status).toBe(200);
    expect(added.body.map((m) => m.applicationUserId).sort()).toEqual([one.userId, two.userId].sort());
    expect(added.body[0]).toEqual({
      id: expect.any(String),
      applicationUserId: expect.any(String),
      applicationUserGroupId: group.id,
      isDeleted: false,
      createdDateTime: expect.any(String),
      lastUpdatedDateTime: expect.any(String),
      applicationUser: expect.objectContaining({ oidcId: 'ug-one' }),
      applicationUserGroup: null,
    });
    // The member travels slim: its own fields, no collections.
    expect(added.body[0]?.applicationUser).not.toHaveProperty('claimEnumsInApplicationUsers');
    expect(await myClaims(one.token)).toContain(Permission.Form_Select);

    const again = await members({ applicationUsersGroups: [group.id], applicationUsersToAdd: [one.userId] });
    expect(again.body.map((m) => m.id).sort()).toEqual(added.body.map((m) => m.id).sort());
    const removed = await members({
      applicationUsersGroups: [group.id],
      applicationUsersToAdd: [],
      applicationUsersToRemove: [one.userId],
    });
    expect(removed.body.map((m) => m.applicationUserId)).toEqual([two.userId]);
    expect(await myClaims(one.token)).toEqual([]);
    const replaced = await members({
      applicationUsersGroups: [group.id],
      applicationUsersToAdd: [one.userId],
      removeExistingUnMentioned: true,
    });
    expect(replaced.body.map((m) => m.applicationUserId)).toEqual([one.userId]);
    expect(await myClaims(two.token)).toEqual([]);
  });

  it('answers 404 for unknown users or groups and 400 for malformed bodies, changing nothing', async () => {
    const { body: group } = await createGroup(uniqueName('Strict'));
    const one = await userWithClaims(server, 'ug-strict', []);
    const unknown = crypto.randomUUID();
    const res = await members({ applicationUsersGroups: [group.id], applicationUsersToAdd: [one.userId, unknown] });
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe(`Unknown application user '${unknown}' in 'applicationUsersToAdd'.`);
    expect((await members({ applicationUsersGroups: [unknown], applicationUsersToAdd: [one.userId] })).status).toBe(
      404,
    );
    expect((await members({ applicationUsersGroups: group.id })).status).toBe(400);
    expect((await members({ applicationUsersGroups: [group.id], removeExistingUnMentioned: 'yes' })).status).toBe(400);
    const list = await groupList(ALL_GROUP_FLAGS);
    expect(list.find((g) => g.id === group.id)?.applicationUserApplicationUserGroups).toEqual([]);
  });
});

describe('ApplicationUserGroupsList and ApplicationUserGroupsPaged', () => {
  it('honours the include flags', async () => {
    const all = await groupList(ALL_GROUP_FLAGS);
    const readers = all.find((g) => g.id === SEED_IDS.userGroups.readers);
    expect(readers?.applicationUserApplicationUserGroups?.map((m) => m.applicationUser?.oidcId)).toEqual(['reader']);
    expect(readers?.claimGroupsInApplicationUserGroups).toEqual([
      expect.objectContaining({
        holderId: SEED_IDS.userGroups.readers,
        recordId: SEED_IDS.claimGroups.formReaders,
        claimGroup: expect.objectContaining({ name: 'Form Readers' }),
      }),
    ]);
    expect(Array.isArray(readers?.claimEnumsInApplicationUserGroups)).toBe(true);
    const bare = (await groupList({ includeClaims: 'false', includeApplicationUsers: 'false' })).find(
      (g) => g.id === SEED_IDS.userGroups.readers,
    );
    expect(bare).toMatchObject({
      applicationUserApplicationUserGroups: null,
      claimGroupsInApplicationUserGroups: null,
      claimEnumsInApplicationUserGroups: null,
    });
  });

  it('pages the groups; IncludeApplicationUserGroups asks for the members on the paged call', async () => {
    const total = (await groupList({})).length;
    const res = await callJson<Paged<ApplicationUserGroup>>(server, '/api/Claim/ApplicationUserGroupsPaged', {
      token: admin,
      query: {
        includeClaims: 'false',
        IncludeApplicationUserGroups: 'true',
        includeClaimGroups: 'false',
        page: '1',
        count: '2',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.totalRecCount).toBe(total);
    expect(res.body.totalPageCount).toBe(Math.ceil(total / 2));
    expect(res.body.list).toHaveLength(2);
    expect(res.body.list?.every((g) => Array.isArray(g.applicationUserApplicationUserGroups))).toBe(true);
    expect(res.body.list?.every((g) => g.claimEnumsInApplicationUserGroups === null)).toBe(true);
  });
});

describe('ApplicationList and ApplicationUsersPaged', () => {
  it('lists live users by name with the collections the flags ask for', async () => {
    const users = await userList(ALL_USER_FLAGS);
    const admin0 = users.find((u) => u.id === SEED_IDS.users.admin);
    expect(admin0).toMatchObject({
      oidcId: 'admin',
      name: 'Ada Admin',
      userName: 'admin',
      email: 'admin@example.com',
      phoneNumber: null,
      isEnabled: true,
      failedLoginAttempts: 0,
      isDeleted: false,
    });
    expect(admin0?.claimGroupsInApplicationUsers?.map((l) => l.claimGroup?.name)).toEqual(['Administrators']);
    expect(admin0?.applicationUserApplicationUserGroups?.map((m) => m.applicationUserGroup?.name)).toEqual([
      'Platform Administrators',
    ]);
    expect(admin0?.applicationUserApplicationUserGroups?.[0]?.applicationUser).toBeNull();
    expect(admin0?.claimEnumsInApplicationUsers).toEqual([]);
    const bare = await userList({});
    expect(
      bare.every((u) => u.claimEnumsInApplicationUsers === null && u.applicationUserApplicationUserGroups === null),
    ).toBe(true);
  });

  it('pages the users and hides soft-deleted ones', async () => {
    const gone = await userWithClaims(server, 'ug-soft-deleted', []);
    await server.db.update(applicationUsers).set({ isDeleted: true }).where(eq(applicationUsers.id, gone.userId));
    const all = await userList({});
    expect(all.some((u) => u.id === gone.userId)).toBe(false);
    const page = async (p: number) =>
      (
        await callJson<Paged<ApplicationUser>>(server, '/api/Claim/ApplicationUsersPaged', {
          token: admin,
          query: {
            includeClaims: 'true',
            IncludeApplicationUserGroups: 'false',
            includeClaimGroups: 'false',
            page: String(p),
            count: '3',
          },
        })
      ).body;
    const first = await page(1);
    expect(first.totalRecCount).toBe(all.length);
    expect(first.totalPageCount).toBe(Math.ceil(all.length / 3));
    const ids: string[] = [];
    for (let p = 1; p <= first.totalPageCount; p += 1) ids.push(...((await page(p)).list ?? []).map((u) => u.id));
    expect(ids).toEqual(all.map((u) => u.id));
    expect(first.list?.[0]?.claimEnumsInApplicationUsers).not.toBeNull();
    expect(first.list?.[0]?.claimGroupsInApplicationUsers).toBeNull();
  });

  it('needs Claim_ReadUsers', async () => {
    const { token } = await userWithClaims(server, 'ug-no-read', [Permission.Claim_ReadUserGroups]);
    expect((await call(server, '/api/Claim/ApplicationList', { token })).status).toBe(403);
  });
});

describe('FullSyncAndReturnExternalUsers', () => {
  it.runIf(OWN_DATABASE)(
    "creates or updates a user for every account of the provider's store and answers them",
    async () => {
      await server.db.update(applicationUsers).set({ name: 'Outdated' }).where(eq(applicationUsers.oidcId, 'admin'));
      await server.db.delete(applicationUsers).where(eq(applicationUsers.oidcId, 'reader'));
      const res = await callJson<ApplicationUser[]>(server, '/api/Claim/FullSyncAndReturnExternalUsers', {
        token: admin,
        method: 'POST',
      });
      expect(res.status).toBe(200);
      expect(res.body.map((u) => u.oidcId).sort()).toEqual(SEEDED_ACCOUNTS.map((a) => a.sub).sort());
      expect(res.body.map((u) => u.name)).toEqual([...res.body.map((u) => u.name)].sort());
      expect(res.body.find((u) => u.oidcId === 'admin')).toMatchObject({
        id: SEED_IDS.users.admin,
        name: 'Ada Admin',
        claimEnumsInApplicationUsers: null,
      });
      const reader = res.body.find((u) => u.oidcId === 'reader');
      expect(reader?.id).not.toBe(SEED_IDS.users.reader);
      expect(reader).toMatchObject({ name: 'Rita Reader', userName: 'reader', email: 'reader@example.com' });
      expect((await userList({})).some((u) => u.id === reader?.id)).toBe(true);
      const again = await callJson<ApplicationUser[]>(server, '/api/Claim/FullSyncAndReturnExternalUsers', {
        token: admin,
        method: 'POST',
      });
      expect(again.body.map((u) => u.id)).toEqual(res.body.map((u) => u.id));
    },
  );

  it('needs Claim_FullSync', async () => {
    const { token } = await userWithClaims(server, 'ug-no-sync', [Permission.Claim_ReadUsers]);
    const res = await call(server, '/api/Claim/FullSyncAndReturnExternalUsers', { token, method: 'POST' });
    expect(res.status).toBe(403);
  });
});

describe('AddRemoveUpdateClaimGroupsToAppUserOrUsers', () => {
  it('grants claim groups to several users at once and revokes them', async () => {
    const one = await userWithClaims(server, 'ug-cg-one', []);
    const two = await userWithClaims(server, 'ug-cg-two', []);
    const send = (body: Record<string, unknown>) =>
      callJson<ClaimGroupLink[]>(server, '/api/Claim/AddRemoveUpdateClaimGroupsToAppUserOrUsers', {
        token: admin,
        method: 'POST',
        body,
      });
    const added = await send({
      claimGroupSets: [one.userId, two.userId],
      claimGroupsToAdd: [SEED_IDS.claimGroups.formEditors],
    });
    expect(added.body.map((l) => l.holderId)).toEqual([one.userId, two.userId]);
    expect(await myClaims(two.token)).toContain(Permission.Form_Select); // nested Form Readers
    const removed = await send({
      claimGroupSets: [one.userId, two.userId],
      claimGroupsToRemove: [SEED_IDS.claimGroups.formEditors],
    });
    expect(removed.body).toEqual([]);
    expect(await myClaims(two.token)).toEqual([]);
  });
});
