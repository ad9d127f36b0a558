// @vitest-environment node
/**
 * Change history: every permission and membership change is recorded in its own transaction — who, when, what was
 * added, removed or updated, on which holder — and read back newest first, paged, by administrators only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClaimTypeFlags, Permission } from '../../src/api/enums';
import type { Paged } from '../../src/api/types';
import type { HistoryEntry } from '../../src/domain';
import { SEED_IDS } from '../../example-host/server/db/seed';
import { adminToken, callJson, START_TIMEOUT_MS, startTestServer, userWithClaims, type TestServer } from './helpers';

let server: TestServer;
let admin = '';
beforeAll(async () => {
  server = await startTestServer();
  admin = await adminToken(server);
}, START_TIMEOUT_MS);
afterAll(async () => {
  await server?.stop();
});

const claim = (claimValue: number, priorityOfPermission = 1, allow = true) => ({ claimValue, claimType: ClaimTypeFlags.ServerClaim, allow, priorityOfPermission });
const post = (path: string, body: unknown, token = admin) => callJson<unknown>(server, `/api/Claim/${path}`, { token, method: 'POST', body });
const history = (holderKind: string, holderId: string, query: Record<string, string> = {}, token = admin) =>
  callJson<Paged<HistoryEntry>>(server, '/api/Claim/GetPermissionHistory', { token, query: { holderKind, holderId, ...query } });

describe('permission history', () => {
  it('records grants, updates and revokes of a user, newest first, with who did it', async () => {
    const { userId } = await userWithClaims(server, 'hist-user', []);
    expect((await post('AddRemoveUpdateClaimsToAppUserOrUsers', { claimSets: [userId], claimBaseToAddUpdate: [claim(Permission.Form_Select), claim(Permission.Form_Add)], claimEnumsToRemoveValue: [], removeExistingUnMentionedClaimBase: false })).status).toBe(200);
    expect((await post('AddRemoveUpdateClaimsToAppUserOrUsers', { claimSets: [userId], claimBaseToAddUpdate: [claim(Permission.Form_Select, 3, false)], claimEnumsToRemoveValue: [Permission.Form_Add], removeExistingUnMentionedClaimBase: false })).status).toBe(200);
    // Saving the same again changes nothing, and records nothing.
    expect((await post('AddRemoveUpdateClaimsToAppUserOrUsers', { claimSets: [userId], claimBaseToAddUpdate: [claim(Permission.Form_Select, 3, false)], claimEnumsToRemoveValue: [], removeExistingUnMentionedClaimBase: false })).status).toBe(200);

    const res = await history('user', userId);
    expect(res.status).toBe(200);
    expect(res.body.totalRecCount).toBe(2);
    const [latest, first] = res.body.list ?? [];
    expect(latest).toMatchObject({
      holderKind: 'user',
      holderId: userId,
      holderName: 'hist-user',
      action: 'claims',
      actor: { name: 'Ada Admin' },
      added: [],
      removed: [{ key: `claim:${Permission.Form_Add}`, label: 'Form_Add', detail: 'allow · priority 1' }],
      updated: [{ key: `claim:${Permission.Form_Select}`, label: 'Form_Select', detail: 'deny · priority 3' }],
    });
    expect(first?.added.map((i) => i.label)).toEqual(['Form_Add', 'Form_Select']);
    expect(new Date(latest!.at).getTime()).toBeGreaterThanOrEqual(new Date(first!.at).getTime());
  });

  it('records members and claim groups of a user group, and claim groups nested in a claim group; pages', async () => {
    const { userId } = await userWithClaims(server, 'hist-member', []);
    const group = SEED_IDS.userGroups.readers;
    expect((await post('AddRemoveUpdateAppUsersInAppuserGroups', { applicationUsersGroups: [group], applicationUsersToAdd: [userId], applicationUsersToRemove: [], removeExistingUnMentioned: false })).status).toBe(200);
    expect((await post('AddRemoveUpdateAppUsersInAppuserGroups', { applicationUsersGroups: [group], applicationUsersToAdd: [], applicationUsersToRemove: [userId], removeExistingUnMentioned: false })).status).toBe(200);
    const members = await history('userGroup', group);
    expect(members.body.list?.slice(0, 2).map((e) => [e.action, e.added.map((i) => i.label), e.removed.map((i) => i.label)])).toEqual([
      ['members', [], ['hist-member']],
      ['members', ['hist-member'], []],
    ]);
    const paged = await history('userGroup', group, { page: '2', count: '1' });
    expect(paged.body.list).toHaveLength(1);
    expect(paged.body.list?.[0]?.added.map((i) => i.label)).toEqual(['hist-member']);

    expect((await post('AddRemoveUpdateClaimGroupsToClaimGroupOrClaimGroups', { claimGroupSets: [SEED_IDS.claimGroups.formEditors], claimGroupsToAdd: [SEED_IDS.claimGroups.noHardDelete], claimGroupsToRemove: [], removeExistingUnMentionedClaimGroups: false })).status).toBe(200);
    const nested = await history('claimGroup', SEED_IDS.claimGroups.formEditors);
    expect(nested.body.list?.[0]).toMatchObject({ action: 'claimGroups', holderName: 'Form Editors', added: [{ label: 'No Hard Delete' }] });
  });

  it('records what holders lost when a claim group is deleted, and what a reset of the built-in groups changed', async () => {
    const created = await post('CreateNewClaimGroup?groupName=Hist%20Doomed', undefined);
    expect(created.status).toBe(200);
    const doomed = (created.body as { id: string }).id;
    const { userId } = await userWithClaims(server, 'hist-holder', []);
    expect((await post('AddRemoveUpdateClaimGroupsToAppUserOrUsers', { claimGroupSets: [userId], claimGroupsToAdd: [doomed], claimGroupsToRemove: [], removeExistingUnMentionedClaimGroups: false })).status).toBe(200);
    const del = await callJson<unknown>(server, '/api/Claim/DeleteClaimGroupByName', { token: admin, method: 'DELETE', query: { groupName: 'Hist Doomed' } });
    expect(del.status).toBe(204);
    const lost = await history('user', userId);
    expect(lost.body.list?.[0]).toMatchObject({ action: 'claimGroups', added: [], removed: [{ key: `claimGroup:${doomed}`, label: 'Hist Doomed' }], actor: { name: 'Ada Admin' } });

    // Take a claim from Form Readers, then let the reset of the built-in groups put it back.
    const readers = SEED_IDS.claimGroups.formReaders;
    expect((await post('AddRemoveUpdateClaimsToClaimGroupOrClaimGroups', { claimSets: [readers], claimBaseToAddUpdate: [], claimEnumsToRemoveValue: [Permission.Form_Select], removeExistingUnMentionedClaimBase: false })).status).toBe(200);
    const reset = await callJson<unknown>(server, '/api/Claim/UpsertBuiltInClaimGroups', { token: admin, query: { overrideExisting: 'true' } });
    expect(reset.status).toBe(200);
    const [restored, taken] = (await history('claimGroup', readers)).body.list ?? [];
    expect(restored).toMatchObject({ action: 'claims', added: [{ label: 'Form_Select' }], removed: [] });
    expect(taken).toMatchObject({ action: 'claims', removed: [{ label: 'Form_Select' }] });
  });

  it('records nothing for a refused change', async () => {
    const { userId } = await userWithClaims(server, 'hist-refused', []);
    const recorded = (await history('claimGroup', SEED_IDS.claimGroups.formReaders)).body.totalRecCount;
    const cycle = await post('AddRemoveUpdateClaimGroupsToClaimGroupOrClaimGroups', { claimGroupSets: [SEED_IDS.claimGroups.formReaders], claimGroupsToAdd: [SEED_IDS.claimGroups.formEditors], claimGroupsToRemove: [], removeExistingUnMentionedClaimGroups: false });
    expect(cycle.status).toBe(400);
    expect((await history('claimGroup', SEED_IDS.claimGroups.formReaders)).body.totalRecCount).toBe(recorded);
    const unknown = await post('AddRemoveUpdateClaimsToAppUserOrUsers', { claimSets: [userId, crypto.randomUUID()], claimBaseToAddUpdate: [claim(Permission.Form_Select)], claimEnumsToRemoveValue: [], removeExistingUnMentionedClaimBase: false });
    expect(unknown.status).toBe(404);
    expect((await history('user', userId)).body.totalRecCount).toBe(0);
  });

  it('is for administrators only, and names a bad holder kind', async () => {
    const { token, userId } = await userWithClaims(server, 'hist-reader', [Permission.Claim_ReadUsers]);
    expect((await history('user', userId, {}, token)).status).toBe(403);
    expect((await history('role', userId)).status).toBe(400);
  });
});
