// @vitest-environment node
/**
 * Claim groups through the server: create, rename, delete by name, paging, include flags, nesting
 * (cycles refused) and UpsertBuiltInClaimGroups.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClaimTypeFlags, Permission } from '../../src/api/enums';
import type { ClaimGrant, ClaimGroup, ClaimGroupLink, Paged } from '../../src/api/types';
import { claimGroups } from '../../example-host/server/db/schema';
import { BUILT_IN_CLAIM_GROUPS, SEED_IDS } from '../../example-host/server/db/seed';
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

const create = (groupName: string, token = admin) =>
  callJson<ClaimGroup & ErrorBody>(server, '/api/Claim/CreateNewClaimGroup', {
    token,
    method: 'POST',
    query: { groupName },
  });
const rename = (newGroupName: string, currentGroupName: string) =>
  callJson<ClaimGroup & ErrorBody>(server, '/api/Claim/RenameClaimGroup', {
    token: admin,
    method: 'PUT',
    query: { newGroupName, currentGroupName },
  });
const remove = (groupName: string) =>
  callJson<ErrorBody | null>(server, '/api/Claim/DeleteClaimGroupByName', {
    token: admin,
    method: 'DELETE',
    query: { groupName },
  });
const FLAGS = {
  includeClaims: 'true',
  IncludeApplicationUserGroups: 'true',
  IncludeApplicationUsers: 'true',
  includeClaimGroups: 'true',
};
const list = async (query: Record<string, string> = FLAGS) => {
  const res = await callJson<ClaimGroup[]>(server, '/api/Claim/ClaimGroupsList', { token: admin, query });
  expect(res.status).toBe(200);
  return res.body;
};
const nest = (body: Record<string, unknown>) =>
  callJson<ClaimGroupLink[] & ErrorBody>(server, '/api/Claim/AddRemoveUpdateClaimGroupsToClaimGroupOrClaimGroups', {
    token: admin,
    method: 'POST',
    body: { claimGroupsToRemove: [], removeExistingUnMentionedClaimGroups: false, ...body },
  });
const grantClaims = (holderId: string, claimValues: number[]) =>
  callJson<ClaimGrant[]>(server, '/api/Claim/AddRemoveUpdateClaimsToClaimGroupOrClaimGroups', {
    token: admin,
    method: 'POST',
    body: {
      claimSets: [holderId],
      claimBaseToAddUpdate: claimValues.map((claimValue) => ({
        claimValue,
        claimType: ClaimTypeFlags.ServerClaim,
        allow: true,
        priorityOfPermission: 1,
      })),
      claimEnumsToRemoveValue: [],
      removeExistingUnMentionedClaimBase: false,
    },
  });
const myClaims = async (token: string) => (await callJson<number[]>(server, '/api/Claim/GetMyClaims', { token })).body;

describe('CreateNewClaimGroup', () => {
  it('creates a group (trimmed name) and answers it with empty collections; it is listed', async () => {
    const name = uniqueName('Auditors');
    const res = await create(`  ${name}  `);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name,
      builtInGroup: false,
      isDeleted: false,
      createdDateTime: expect.any(String),
      lastUpdatedDateTime: expect.any(String),
      claimEnumsInClaimGroups: [],
      claimGroupsInClaimGroups: [],
      claimGroupsInApplicationUsers: [],
      claimGroupsInApplicationUserGroups: [],
    });
    expect((await list()).find((g) => g.id === res.body.id)?.name).toBe(name);
  });

  it('refuses a missing, blank, too long or control-character name with 400', async () => {
    const missing = await callJson<ErrorBody>(server, '/api/Claim/CreateNewClaimGroup', {
      token: admin,
      method: 'POST',
    });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toBe("The parameter 'groupName' must be defined and cannot be null.");
    const blank = await create('   ');
    expect(blank.status).toBe(400);
    expect(blank.body.detail).toBe("The parameter 'groupName' must not be blank.");
    expect((await create('x'.repeat(201))).status).toBe(400);
    expect((await create('a\u0000b')).status).toBe(400);
  });

  it('refuses a name that exists, whatever its case, with 409', async () => {
    const name = uniqueName('Duplicated');
    expect((await create(name)).status).toBe(200);
    const again = await create(name.toUpperCase());
    expect(again.status).toBe(409);
    expect(again.body.detail).toContain('already exists');
    expect((await create('administrators')).status).toBe(409);
  });

  it('needs Claim_ManageClaimGroups', async () => {
    const { token } = await userWithClaims(server, 'cg-reader', [Permission.Claim_ReadClaimGroups]);
    expect((await create(uniqueName('Nope'), token)).status).toBe(403);
  });
});

describe('RenameClaimGroup', () => {
  it('renames and answers the group without collections; the old name is gone', async () => {
    const before = uniqueName('Before');
    const after = uniqueName('After');
    const { body: created } = await create(before);
    const res = await rename(`  ${after} `, before);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: created.id, name: after, claimEnumsInClaimGroups: null });
    expect(new Date(res.body.lastUpdatedDateTime).getTime()).toBeGreaterThanOrEqual(
      new Date(created.lastUpdatedDateTime).getTime(),
    );
    expect((await rename(uniqueName('x'), before)).status).toBe(404);
    const names = (await list({})).map((g) => g.name);
    expect(names).toContain(after);
    expect(names).not.toContain(before);
  });

  it('finds the current group regardless of case and may change only the case of its name', async () => {
    const name = uniqueName('casing');
    await create(name);
    const res = await rename(name.toUpperCase(), name.toLowerCase());
    expect(res.status).toBe(200);
    expect(res.body.name).toBe(name.toUpperCase());
  });

  it('answers 404 for an unknown group, 400 for a blank name and 409 for a taken one', async () => {
    const name = uniqueName('Renamed');
    await create(name);
    expect((await rename(uniqueName('x'), uniqueName('missing'))).status).toBe(404);
    const blank = await rename(' ', name);
    expect(blank.status).toBe(400);
    expect(blank.body.detail).toBe("The parameter 'newGroupName' must not be blank.");
    expect((await rename('Form Readers', name)).status).toBe(409);
  });
});

describe('DeleteClaimGroupByName', () => {
  it('deletes a group with its claims and links; its holders lose its claims at once', async () => {
    const name = uniqueName('Doomed');
    const { body: group } = await create(name);
    await grantClaims(group.id, [Permission.FormGroup_Add]);
    const { token, userId } = await userWithClaims(server, 'cg-doomed-holder', []);
    const link = await callJson<ClaimGroupLink[]>(server, '/api/Claim/AddRemoveUpdateClaimGroupsToAppUserOrUsers', {
      token: admin,
      method: 'POST',
      body: { claimGroupSets: [userId], claimGroupsToAdd: [group.id] },
    });
    expect(link.status).toBe(200);
    expect(await myClaims(token)).toEqual([Permission.FormGroup_Add]);

    const res = await call(server, '/api/Claim/DeleteClaimGroupByName', {
      token: admin,
      method: 'DELETE',
      query: { groupName: name },
    });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(await myClaims(token)).toEqual([]);
    expect((await list()).some((g) => g.id === group.id)).toBe(false);
    expect((await remove(name)).status).toBe(404);
  });

  it('removes the group from its parents', async () => {
    const parent = (await create(uniqueName('Parent'))).body;
    const childName = uniqueName('Child');
    const child = (await create(childName)).body;
    expect((await nest({ claimGroupSets: [parent.id], claimGroupsToAdd: [child.id] })).status).toBe(200);
    expect((await remove(childName)).status).toBe(204);
    expect((await list()).find((g) => g.id === parent.id)?.claimGroupsInClaimGroups).toEqual([]);
  });

  it('refuses to delete a built-in group (409, saying what to do in the UI) and answers 404 for an unknown one', async () => {
    const res = await remove('Administrators');
    expect(res.status).toBe(409);
    expect(res.body?.detail).toBe(
      "'Administrators' is a built-in role and cannot be deleted. Remove people from it in User & Role Management instead.",
    );
    expect(res.body).toMatchObject({ code: 'built-in-group-delete' });
    expect((await list({})).some((g) => g.name === 'Administrators')).toBe(true);
    expect((await remove(uniqueName('missing'))).status).toBe(404);
    expect((await remove('  ')).status).toBe(404);
  });
});

describe('ClaimGroupsList and ClaimGroupsPaged', () => {
  it('pages by name from page 1, counting every live group', async () => {
    await create(uniqueName('Paging A'));
    await create(uniqueName('Paging B'));
    const all = await list({});
    const total = all.length;
    expect(total).toBeGreaterThanOrEqual(6);
    const page = (query: Record<string, string>) =>
      callJson<Paged<ClaimGroup> & ErrorBody>(server, '/api/Claim/ClaimGroupsPaged', { token: admin, query });

    const first = await page({ page: '1', count: '2' });
    expect(first.status).toBe(200);
    expect(first.body.totalRecCount).toBe(total);
    expect(first.body.totalPageCount).toBe(Math.ceil(total / 2));
    expect(first.body.list?.map((g) => g.id)).toEqual(all.slice(0, 2).map((g) => g.id));
    const second = await page({ page: '2', count: '2' });
    expect(second.body.list?.map((g) => g.id)).toEqual(all.slice(2, 4).map((g) => g.id));
    const last = await page({ page: String(Math.ceil(total / 2)), count: '2' });
    expect(last.body.list).toHaveLength(total % 2 === 0 ? 2 : 1);
    const beyond = await page({ page: '999', count: '2' });
    expect(beyond.body).toEqual({ list: [], totalRecCount: total, totalPageCount: Math.ceil(total / 2) });

    // Without a page: the first page of 10, never the whole table.
    const noPage = await page({});
    expect(noPage.body.list?.map((g) => g.id)).toEqual(all.slice(0, 10).map((g) => g.id));
    expect(noPage.body.totalPageCount).toBe(Math.ceil(total / 10));
    const defaultSize = await page({ page: '1' });
    expect(defaultSize.body.list).toHaveLength(Math.min(10, total));
    expect(defaultSize.body.totalPageCount).toBe(Math.ceil(total / 10));

    // As the fake: a page below 1 is page 1, a count below 1 is 10; a count above 1000 is capped.
    expect((await page({ page: '0', count: '2' })).body.list?.map((g) => g.id)).toEqual(
      first.body.list?.map((g) => g.id),
    );
    expect((await page({ page: '-3', count: '0' })).body.list).toHaveLength(Math.min(10, total));
    expect((await page({ page: '1', count: '5000' })).body.totalPageCount).toBe(Math.ceil(total / 1000));
    const bads: Record<string, string>[] = [{ page: 'x' }, { page: '1.5' }, { page: '1', count: 'ten' }];
    for (const bad of bads) {
      expect((await page(bad)).status, JSON.stringify(bad)).toBe(400);
    }
  });

  it('honours the include flags on both calls', async () => {
    const screenFlags = {
      includeClaims: 'true',
      IncludeApplicationUserGroups: 'false',
      IncludeApplicationUsers: 'false',
      includeClaimGroups: 'true',
    };
    const paged = await callJson<Paged<ClaimGroup>>(server, '/api/Claim/ClaimGroupsPaged', {
      token: admin,
      query: { ...screenFlags, page: '1', count: '1000' },
    });
    const editors = paged.body.list?.find((g) => g.id === SEED_IDS.claimGroups.formEditors);
    expect(editors?.claimEnumsInClaimGroups?.length).toBeGreaterThan(0);
    expect(editors?.claimGroupsInClaimGroups?.map((l) => l.recordId)).toEqual([SEED_IDS.claimGroups.formReaders]);
    // A link's claim group travels slim: its own fields, no collections.
    expect(editors?.claimGroupsInClaimGroups?.[0]?.claimGroup).toEqual({
      id: SEED_IDS.claimGroups.formReaders,
      name: 'Form Readers',
      builtInGroup: true,
      isDeleted: false,
      createdDateTime: expect.any(String),
      lastUpdatedDateTime: expect.any(String),
    });
    expect(editors?.claimGroupsInApplicationUsers).toBeNull();
    expect(editors?.claimGroupsInApplicationUserGroups).toBeNull();

    const admins = (await list()).find((g) => g.id === SEED_IDS.claimGroups.administrators);
    expect(admins?.claimGroupsInApplicationUsers?.map((l) => l.holderId)).toContain(SEED_IDS.users.admin);
    expect(admins?.claimGroupsInApplicationUserGroups?.map((l) => l.holderId)).toEqual([
      SEED_IDS.userGroups.platformAdministrators,
    ]);
    const bare = (await list({})).find((g) => g.id === SEED_IDS.claimGroups.administrators);
    expect(bare).toMatchObject({
      claimEnumsInClaimGroups: null,
      claimGroupsInClaimGroups: null,
      claimGroupsInApplicationUsers: null,
      claimGroupsInApplicationUserGroups: null,
    });
  });
});

describe('nested claim groups', () => {
  it('nests groups, answers the links, and gives holders the nested claims at once', async () => {
    const top = (await create(uniqueName('Top'))).body;
    const mid = (await create(uniqueName('Mid'))).body;
    const leaf = (await create(uniqueName('Leaf'))).body;
    await grantClaims(leaf.id, [Permission.FormSchema_Add]);
    const { token, userId } = await userWithClaims(server, 'cg-nested-holder', []);
    await callJson(server, '/api/Claim/AddRemoveUpdateClaimGroupsToAppUserOrUsers', {
      token: admin,
      method: 'POST',
      body: { claimGroupSets: [userId], claimGroupsToAdd: [top.id] },
    });
    expect(await myClaims(token)).toEqual([]); // cached now

    const res = await nest({ claimGroupSets: [top.id, mid.id], claimGroupsToAdd: [leaf.id] });
    expect(res.status).toBe(200);
    expect(res.body.map((l) => [l.holderId, l.recordId])).toEqual([
      [top.id, leaf.id],
      [mid.id, leaf.id],
    ]);
    expect(res.body[0]).toEqual({
      id: expect.any(String),
      holderId: top.id,
      recordId: leaf.id,
      priorityOfPermission: 1,
      isDeleted: false,
      createdDateTime: expect.any(String),
      lastUpdatedDateTime: expect.any(String),
      claimGroup: expect.objectContaining({ id: leaf.id, name: leaf.name, builtInGroup: false }),
    });
    expect(await myClaims(token)).toEqual([Permission.FormSchema_Add]);

    // Re-adding is idempotent; removing unmentioned ones replaces the set.
    const again = await nest({ claimGroupSets: [top.id], claimGroupsToAdd: [leaf.id] });
    expect(again.body.map((l) => l.id)).toEqual([res.body[0]?.id]);
    const replaced = await nest({
      claimGroupSets: [top.id],
      claimGroupsToAdd: [mid.id],
      removeExistingUnMentionedClaimGroups: true,
    });
    expect(replaced.body.map((l) => l.recordId)).toEqual([mid.id]);
    expect(await myClaims(token)).toEqual([Permission.FormSchema_Add]); // top ⊃ mid ⊃ leaf
    const removed = await nest({ claimGroupSets: [mid.id], claimGroupsToAdd: [], claimGroupsToRemove: [leaf.id] });
    expect(removed.body).toEqual([]);
    expect(await myClaims(token)).toEqual([]);
  });

  it('refuses a group nested in itself or in a group it contains (400), and writes nothing', async () => {
    const a = (await create(uniqueName('Cycle A'))).body;
    const b = (await create(uniqueName('Cycle B'))).body;
    const c = (await create(uniqueName('Cycle C'))).body;
    expect((await nest({ claimGroupSets: [a.id], claimGroupsToAdd: [b.id] })).status).toBe(200);
    expect((await nest({ claimGroupSets: [b.id], claimGroupsToAdd: [c.id] })).status).toBe(200);

    const self = await nest({ claimGroupSets: [a.id], claimGroupsToAdd: [a.id] });
    expect(self.status).toBe(400);
    expect(self.body.detail).toBe(`The claim group '${a.name}' cannot contain itself.`);
    const cycle = await nest({ claimGroupSets: [c.id], claimGroupsToAdd: [a.id] });
    expect(cycle.status).toBe(400);
    expect(cycle.body.detail).toBe(`Adding '${a.name}' to '${c.name}' would create a cycle of claim groups.`);
    // Once b no longer contains c, c may contain a.
    const swap = await nest({ claimGroupSets: [b.id], claimGroupsToAdd: [], claimGroupsToRemove: [c.id] });
    expect(swap.status).toBe(200);
    expect((await nest({ claimGroupSets: [c.id], claimGroupsToAdd: [a.id] })).status).toBe(200);

    const groups = await list();
    expect(groups.find((g) => g.id === a.id)?.claimGroupsInClaimGroups?.map((l) => l.recordId)).toEqual([b.id]);
    expect(groups.find((g) => g.id === b.id)?.claimGroupsInClaimGroups).toEqual([]);
    expect(groups.find((g) => g.id === c.id)?.claimGroupsInClaimGroups?.map((l) => l.recordId)).toEqual([a.id]);
  });

  it('answers 404 for unknown groups and 400 for ids that are not UUIDs', async () => {
    const a = (await create(uniqueName('Known'))).body;
    const unknown = crypto.randomUUID();
    const res = await nest({ claimGroupSets: [a.id], claimGroupsToAdd: [unknown] });
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe(`Unknown claim group '${unknown}' in 'claimGroupsToAdd'.`);
    expect((await nest({ claimGroupSets: [unknown], claimGroupsToAdd: [a.id] })).status).toBe(404);
    expect((await nest({ claimGroupSets: [a.id], claimGroupsToRemove: [unknown] })).status).toBe(404);
    const malformed = await nest({ claimGroupSets: ['nope'], claimGroupsToAdd: [] });
    expect(malformed.status).toBe(400);
    expect(malformed.body.detail).toBe("'claimGroupSets[0]' must be an id (a UUID string).");
  });
});

describe('UpsertBuiltInClaimGroups', () => {
  const upsert = (overrideExisting?: string) =>
    callJson<ClaimGroup[] & ErrorBody>(server, '/api/Claim/UpsertBuiltInClaimGroups', {
      token: admin,
      query: overrideExisting === undefined ? {} : { overrideExisting },
    });

  it('needs overrideExisting', async () => {
    const res = await upsert();
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe("The parameter 'overrideExisting' must be defined and cannot be null.");
    expect((await upsert('maybe')).status).toBe(400);
  });

  it.runIf(OWN_DATABASE)(
    'answers the built-in groups with their claims and sub-groups, leaving existing ones alone',
    async () => {
      const renamed = uniqueName('Readers renamed');
      expect((await rename(renamed, 'Form Readers')).status).toBe(200);
      const res = await upsert('false');
      expect(res.status).toBe(200);
      expect(res.body.map((g) => g.id)).toEqual(BUILT_IN_CLAIM_GROUPS.map((b) => b.id));
      expect(res.body.find((g) => g.id === SEED_IDS.claimGroups.formReaders)?.name).toBe(renamed);
      const editors = res.body.find((g) => g.id === SEED_IDS.claimGroups.formEditors);
      expect(editors?.claimGroupsInClaimGroups?.map((l) => l.recordId)).toContain(SEED_IDS.claimGroups.formReaders);
      expect(editors?.claimEnumsInClaimGroups?.length).toBeGreaterThan(0);
      expect(editors?.claimGroupsInApplicationUsers).toBeNull();
    },
  );

  it.runIf(OWN_DATABASE)('overrideExisting resets names, claims and sub-groups of the built-in groups', async () => {
    // Change Form Readers: drop its claims, nest another group in it.
    const extra = (await create(uniqueName('Extra'))).body;
    await nest({ claimGroupSets: [SEED_IDS.claimGroups.formReaders], claimGroupsToAdd: [extra.id] });
    await callJson(server, '/api/Claim/AddRemoveUpdateClaimsToClaimGroupOrClaimGroups', {
      token: admin,
      method: 'POST',
      body: { claimSets: [SEED_IDS.claimGroups.formReaders], removeExistingUnMentionedClaimBase: true },
    });
    const reader = await server.mintAccessToken({ sub: 'reader' });
    expect(await myClaims(reader)).not.toContain(Permission.Form_Select);

    const res = await upsert('true');
    expect(res.status).toBe(200);
    const readers = res.body.find((g) => g.id === SEED_IDS.claimGroups.formReaders);
    const builtIn = BUILT_IN_CLAIM_GROUPS.find((b) => b.name === 'Form Readers');
    expect(readers?.name).toBe('Form Readers');
    expect(readers?.claimEnumsInClaimGroups?.map((g) => g.claimValue).sort((x, y) => x - y)).toEqual(
      [...(builtIn?.claims ?? [])].sort((x, y) => x - y),
    );
    expect(readers?.claimGroupsInClaimGroups).toEqual([]);
    expect(await myClaims(reader)).toContain(Permission.Form_Select);
  });

  it.runIf(OWN_DATABASE)('recreates a missing built-in group', async () => {
    await server.db.delete(claimGroups).where(eq(claimGroups.id, SEED_IDS.claimGroups.userAdministrators));
    const res = await upsert('false');
    const restored = res.body.find((g) => g.name === 'User Administrators');
    expect(restored).toMatchObject({ id: SEED_IDS.claimGroups.userAdministrators, builtInGroup: true });
    expect(restored?.claimEnumsInClaimGroups?.map((g) => g.claimValue)).toContain(Permission.Claim_AssignClaims);
  });
});
