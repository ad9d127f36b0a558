import { describe, expect, it } from 'vitest';
import type {
  ApplicationUser,
  ApplicationUserApplicationUserGroup,
  ApplicationUserGroup,
  ClaimGrant,
  ClaimGroup,
  ClaimGroupLink,
  ClaimTypeNames,
  ClaimTypeRecord,
  EntityWithPermissions,
  Paged,
  UserSessionData,
} from '../../src/api/types';
import { ButtonClaim, DefaultClaimNumbers, MenuClaim, Permission, RowLevelPermission, TableClaim } from '../../src/api/enums';
import { builtInClaimGroups, CLAIM_CATALOG, seed, seedIds } from '../../src/testing';
import { call, getJson, send, sendJson, startFakeBackend, type Wire } from './helpers';

const { backend } = startFakeBackend();
const ALL = [...new Set(Object.values(DefaultClaimNumbers))].sort((a, b) => a - b);
const LIST_FLAGS = 'includeClaims=true&IncludeApplicationUserGroups=false&IncludeApplicationUsers=false&includeClaimGroups=true';

const claimGroups = () => getJson<Wire<ClaimGroup>[]>(`/api/Claim/ClaimGroupsList?${LIST_FLAGS}`);
const myClaims = () => getJson<number[]>('/api/Claim/GetMyClaims');

describe('seeded permissions', () => {
  it('gives the administrator every claim through the built-in Administrators group', async () => {
    expect(await myClaims()).toEqual(ALL);
    const admins = (await claimGroups()).find((g) => g.name === 'Administrators');
    expect(admins?.builtInGroup).toBe(true);
    expect(admins?.claimEnumsInClaimGroups).toHaveLength(ALL.length);
  });

  it('lets a higher-priority deny beat a nested grant (Eddie may soft delete but not hard delete)', async () => {
    backend.setCurrentUser('editor');
    const claims = await myClaims();
    expect(claims).toContain(Permission.Form_MarkDeleted);
    expect(claims).toContain(Permission.Form_Select); // from the nested Form Readers
    expect(claims).not.toContain(Permission.Form_Delete);
    expect(claims).not.toContain(Permission.FormInstance_Delete);
    expect(claims).not.toContain(Permission.GlobalDataAdmin);
  });

  it("honours a user's own deny and a user group's grant", async () => {
    backend.setCurrentUser(seedIds.users.auditor);
    const claims = await myClaims();
    expect(claims).not.toContain(ButtonClaim.ViewSubmissions_AllowRead);
    expect(claims).toContain(Permission.Signing_DownloadDocument); // granted to Reviewers
    expect(claims).toContain(Permission.Claim_ReadUsers);
    expect(claims).toEqual(expect.arrayContaining([...seed.claims.auditorOwn]));
  });

  it('gives Nora Newcomer nothing', async () => {
    backend.setCurrentUser('newcomer');
    expect(await myClaims()).toEqual([]);
  });

  it('answers the session data to signed-in users only (401 anonymous, as the server)', async () => {
    backend.setCurrentUser('reader');
    const session = await getJson<UserSessionData>('/api/Claim/GetMyUserSessionData');
    expect(session.userId).toBe(seedIds.users.reader);
    expect(session.claims).toContain(Permission.Form_SelectList);
    backend.setCurrentUser(null);
    expect((await call('/api/Claim/GetMyUserSessionData')).status).toBe(401);
  });

  it('gives the seeded reader read claims only: no admin area, no menus, no buttons', () => {
    const claims = backend.effectiveClaims('reader');
    expect(claims).toEqual([...seed.claims.formReaders].sort((a, b) => a - b));
    expect(claims).not.toContain(Permission.AdminPanel_Access);
    const ux: number[] = [...Object.values(ButtonClaim), ...Object.values(MenuClaim)];
    expect(claims.filter((c) => ux.includes(c))).toEqual([]);
  });

  it('answers 401 to anonymous callers and 403 to disabled users', async () => {
    backend.setCurrentUser(null);
    expect((await call('/api/Claim/GetMyClaims')).status).toBe(401);
    expect((await call(`/api/Claim/ClaimGroupsList?${LIST_FLAGS}`)).status).toBe(401);
    expect((await call('/api/Claim/CheckForUsers')).status).toBe(200);
    expect((await call('/api/Claim/GetOIDCConfig')).status).toBe(200);
    backend.setCurrentUser('disabled');
    expect((await call('/api/Claim/GetMyClaims')).status).toBe(403);
  });

  it('acts as the user a fake bearer token names', async () => {
    const claims = await getJson<number[]>('/api/Claim/GetMyClaims', {
      headers: { authorization: `Bearer ${backend.tokenFor('newcomer')}` },
    });
    expect(claims).toEqual([]);
    const bad = await call('/api/Claim/GetMyClaims', { headers: { authorization: 'Bearer fake-user:nobody' } });
    expect(bad.status).toBe(401);
  });

  it('checks the admin role by oidcId or id', async () => {
    expect(await getJson<boolean>('/api/Claim/CheckForAdminRole?authId=admin')).toBe(true);
    expect(await getJson<boolean>(`/api/Claim/CheckForAdminRole?authId=${seedIds.users.editor}`)).toBe(true); // AdminPanel_Access
    expect(await getJson<boolean>(`/api/Claim/CheckForAdminRole?authId=${seedIds.users.reader}`)).toBe(false); // reads only
    expect(await getJson<boolean>('/api/Claim/CheckForAdminRole?authId=newcomer')).toBe(false);
    expect(await getJson<boolean>('/api/Claim/CheckForAdminRole?authId=unknown')).toBe(false);
    expect((await call('/api/Claim/CheckForAdminRole')).status).toBe(400);
  });
});

describe('claim catalogue', () => {
  it('answers the entries of each claim type bit in flags', async () => {
    const server = await getJson<ClaimTypeRecord[]>('/api/Claim/GetClaimEntriesForClaimTypes?flags=1');
    expect(server).toHaveLength(1);
    expect(server[0]?.claimType).toBe(1);
    expect(server[0]?.claimEntries).toHaveLength(60);
    expect(server[0]?.claimEntries[0]).toEqual({ key: 'GlobalDataAdmin', value: 0 });

    const all = await getJson<ClaimTypeRecord[]>('/api/Claim/GetClaimEntriesForClaimTypes?flags=7');
    expect(all.map((r) => r.claimType)).toEqual([1, 2, 4]);
    const ux = all[1]?.claimEntries.map((e) => e.key) ?? [];
    expect(ux).toContain('CreateForm_AllowRead');
    expect(ux).toContain('Signing_AllowRead');
    expect(all[2]?.claimEntries).toContainEqual({ key: 'Form_RowLevel', value: TableClaim.Form_RowLevel });
    expect(all.flatMap((r) => r.claimEntries)).toHaveLength(CLAIM_CATALOG.length);
  });

  it('adds descriptions on request, and answers claim names per type name', async () => {
    const [ux] = await getJson<ClaimTypeRecord[]>('/api/Claim/GetClaimEntriesWithDescriptionsForClaimTypes?flags=2');
    const entry = ux?.claimEntries.find((e) => e.key === 'CreateForm_AllowRead');
    expect(entry?.description).toBe('Show the create form button');
    const names = await getJson<ClaimTypeNames[]>('/api/Claim/GetClaimNamesForClaimTypeNames?flags=4');
    expect(names).toEqual([{ claimType: 4, claimTypeName: 'TableClaim', claimNames: Object.keys(TableClaim) }]);
    expect((await call('/api/Claim/GetClaimEntriesForClaimTypes')).status).toBe(400);
    expect((await call('/api/Claim/GetClaimEntriesForClaimTypes?flags=9')).status).toBe(400);
  });

  it('lists row-level tables and the caller’s permission on each row', async () => {
    expect(await getJson<string[]>('/api/Claim/ListTablesWithRowLevelPermissions')).toEqual(['Form', 'FormGroup', 'FormInstance', 'FormSchema']);
    const admin = await getJson<EntityWithPermissions[]>('/api/Claim/GetEntitiesWithPermissions?tableName=Form');
    expect(admin).toHaveLength(4);
    expect(admin.every((e) => e.permission === RowLevelPermission.All)).toBe(true);
    backend.setCurrentUser('editor');
    const editor = await getJson<EntityWithPermissions[]>('/api/Claim/GetEntitiesWithPermissions?tableName=formschema');
    expect(editor[0]?.permission).toBe(RowLevelPermission.Read | RowLevelPermission.Update);
    expect((await call('/api/Claim/GetEntitiesWithPermissions?tableName=Nope')).status).toBe(400);
  });

  it('leaves soft-deleted rows out of GetEntitiesWithPermissions', async () => {
    const instances = await getJson<EntityWithPermissions[]>('/api/Claim/GetEntitiesWithPermissions?tableName=FormInstance');
    expect(instances.map((e) => e.recordId)).not.toContain(seedIds.formInstances.expenseDeleted);
    expect(instances).toHaveLength(backend.db.formInstances.filter((i) => !i.isDeleted).length);
  });
});

describe('claim groups', () => {
  it('creates, lists, renames and deletes a claim group', async () => {
    const created = await sendJson<Wire<ClaimGroup>>('POST', '/api/Claim/CreateNewClaimGroup?groupName=%20Auditors%20', undefined);
    expect(created.name).toBe('Auditors');
    expect(created.builtInGroup).toBe(false);
    expect(typeof created.createdDateTime).toBe('string');
    expect((await claimGroups()).map((g) => g.name)).toContain('Auditors');

    const renamed = await sendJson<Wire<ClaimGroup>>('PUT', '/api/Claim/RenameClaimGroup?newGroupName=Compliance&currentGroupName=Auditors', undefined);
    expect(renamed.id).toBe(created.id);
    expect((await claimGroups()).map((g) => g.name)).toEqual(expect.arrayContaining(['Compliance']));

    const deleted = await send('DELETE', '/api/Claim/DeleteClaimGroupByName?groupName=Compliance');
    expect(deleted.status).toBe(204);
    expect((await claimGroups()).map((g) => g.name)).not.toContain('Compliance');
    expect((await send('DELETE', '/api/Claim/DeleteClaimGroupByName?groupName=Compliance')).status).toBe(404);
  });

  it('refuses blank names (400) and duplicate names (409)', async () => {
    expect((await send('POST', '/api/Claim/CreateNewClaimGroup?groupName=%20%20')).status).toBe(400);
    expect((await send('POST', '/api/Claim/CreateNewClaimGroup?groupName=form%20editors')).status).toBe(409);
    expect((await send('PUT', '/api/Claim/RenameClaimGroup?newGroupName=Signers&currentGroupName=Form%20Readers')).status).toBe(409);
    expect((await send('PUT', '/api/Claim/RenameClaimGroup?newGroupName=&currentGroupName=Form%20Readers')).status).toBe(400);
    expect((await send('PUT', '/api/Claim/RenameClaimGroup?newGroupName=X&currentGroupName=Nope')).status).toBe(404);
  });

  it('grants claims to a claim group and GetMyClaims reflects them', async () => {
    backend.setCurrentUser('newcomer');
    const group = await sendJson<Wire<ClaimGroup>>('POST', '/api/Claim/CreateNewClaimGroup?groupName=Viewers', undefined);
    await sendJson<Wire<ClaimGroupLink>[]>('POST', '/api/Claim/AddRemoveUpdateClaimGroupsToAppUserOrUsers', {
      claimGroupSets: [seedIds.users.newcomer],
      claimGroupsToAdd: [group.id],
      claimGroupsToRemove: [],
      removeExistingUnMentionedClaimGroups: false,
    });
    const rows = await sendJson<Wire<ClaimGrant>[]>('POST', '/api/Claim/AddRemoveUpdateClaimsToClaimGroupOrClaimGroups', {
      claimSets: [group.id],
      claimBaseToAddUpdate: [
        { allow: true, priorityOfPermission: 1, claimValue: Permission.Form_Select, claimType: 1 },
        { allow: true, priorityOfPermission: 1, claimValue: MenuClaim.Forms_AllowRead, claimType: 2 },
      ],
      claimEnumsToRemoveValue: [],
      removeExistingUnMentionedClaimBase: false,
    });
    expect(rows.map((r) => [r.recordId, r.claimValue, r.claimType])).toEqual([
      [group.id, Permission.Form_Select, 1],
      [group.id, MenuClaim.Forms_AllowRead, 2],
    ]);
    expect(await myClaims()).toEqual([Permission.Form_Select, MenuClaim.Forms_AllowRead]);

    // update (deny at a higher priority), remove, and remove-unmentioned
    const updated = await sendJson<Wire<ClaimGrant>[]>('POST', '/api/Claim/AddRemoveUpdateClaimsToClaimGroupOrClaimGroups', {
      claimSets: [group.id],
      claimBaseToAddUpdate: [{ allow: false, priorityOfPermission: 3, claimValue: Permission.Form_Select, claimType: 1 }],
      claimEnumsToRemoveValue: [],
      removeExistingUnMentionedClaimBase: true,
    });
    expect(updated).toHaveLength(1);
    expect(updated[0]).toMatchObject({ allow: false, priorityOfPermission: 3 });
    expect(await myClaims()).toEqual([]);
  });

  it('grants claims directly to a user and to a user group', async () => {
    backend.setCurrentUser('newcomer');
    await sendJson('POST', '/api/Claim/AddRemoveUpdateClaimsToAppUserOrUsers', {
      claimSets: [seedIds.users.newcomer],
      claimBaseToAddUpdate: [{ allow: true, priorityOfPermission: 1, claimValue: Permission.FormGroup_Select, claimType: 1 }],
      claimEnumsToRemoveValue: [],
      removeExistingUnMentionedClaimBase: false,
    });
    expect(await myClaims()).toEqual([Permission.FormGroup_Select]);
    await sendJson('POST', '/api/Claim/AddRemoveUpdateClaimsToAppUserOrUsers', {
      claimSets: [seedIds.users.newcomer],
      claimBaseToAddUpdate: [],
      claimEnumsToRemoveValue: [Permission.FormGroup_Select],
      removeExistingUnMentionedClaimBase: false,
    });
    expect(await myClaims()).toEqual([]);

    const groupRows = await sendJson<Wire<ClaimGrant>[]>('POST', '/api/Claim/AddRemoveUpdateClaimsToAppUserGroupOrUserGroups', {
      claimSets: [seedIds.userGroups.reviewers],
      claimBaseToAddUpdate: [{ allow: true, priorityOfPermission: 1, claimValue: Permission.Forms_GetEditUrl, claimType: 1 }],
      claimEnumsToRemoveValue: [],
      removeExistingUnMentionedClaimBase: false,
    });
    expect(groupRows.map((r) => r.claimValue)).toEqual([Permission.Forms_GetEditUrl, Permission.Signing_DownloadDocument]);
    expect(backend.effectiveClaims('auditor')).toContain(Permission.Forms_GetEditUrl);
  });

  it('refuses unknown claim values and unknown holders', async () => {
    const unknownClaim = await send('POST', '/api/Claim/AddRemoveUpdateClaimsToAppUserOrUsers', {
      claimSets: [seedIds.users.newcomer],
      claimBaseToAddUpdate: [{ allow: true, priorityOfPermission: 1, claimValue: 999, claimType: 1 }],
      claimEnumsToRemoveValue: [],
      removeExistingUnMentionedClaimBase: false,
    });
    expect(unknownClaim.status).toBe(400);
    const unknownHolder = await send('POST', '/api/Claim/AddRemoveUpdateClaimGroupsToAppUserGroupOrUserGroups', {
      claimGroupSets: ['nope'],
      claimGroupsToAdd: [seedIds.claimGroups.signers],
      claimGroupsToRemove: [],
      removeExistingUnMentionedClaimGroups: false,
    });
    expect(unknownHolder.status).toBe(400); // not a UUID
    const absentHolder = await send('POST', '/api/Claim/AddRemoveUpdateClaimGroupsToAppUserGroupOrUserGroups', {
      claimGroupSets: [seedIds.users.admin], // a user, not a user group
      claimGroupsToAdd: [seedIds.claimGroups.signers],
    });
    expect(absentHolder.status).toBe(404);
    expect(absentHolder.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await absentHolder.json()).toEqual({
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      detail: `Unknown application user group '${seedIds.users.admin}' in 'claimGroupSets'.`,
    });
    const notJson = await call('/api/Claim/AddRemoveUpdateClaimsToAppUserOrUsers', { method: 'POST', body: '{}' });
    expect(notJson.status).toBe(415);
    expect((await send('POST', '/api/Claim/AddRemoveUpdateClaimsToAppUserOrUsers', [1, 2])).status).toBe(400);
  });

  it('nests claim groups and refuses cycles with 400', async () => {
    const cg = seedIds.claimGroups;
    const nest = (parent: string, child: string) =>
      send('POST', '/api/Claim/AddRemoveUpdateClaimGroupsToClaimGroupOrClaimGroups', {
        claimGroupSets: [parent],
        claimGroupsToAdd: [child],
        claimGroupsToRemove: [],
        removeExistingUnMentionedClaimGroups: false,
      });
    // Form Editors already contains Form Readers: Readers ⊃ Editors would be a cycle.
    const cycle = await nest(cg.formReaders, cg.formEditors);
    expect(cycle.status).toBe(400);
    expect(((await cycle.json()) as { detail: string }).detail).toContain('cycle');
    expect((await nest(cg.signers, cg.signers)).status).toBe(400);

    // Signers ⊃ Form Editors is fine; then Form Readers ⊃ Signers closes a longer cycle.
    const ok = await nest(cg.signers, cg.formEditors);
    expect(ok.status).toBe(200);
    const links = (await ok.json()) as Wire<ClaimGroupLink>[];
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ holderId: cg.signers, recordId: cg.formEditors });
    expect(links[0]?.claimGroup?.name).toBe('Form Editors');
    expect((await nest(cg.formReaders, cg.signers)).status).toBe(400);

    const signers = (await claimGroups()).find((g) => g.id === cg.signers);
    expect(signers?.claimGroupsInClaimGroups?.map((l) => l.recordId)).toEqual([cg.formEditors]);
  });

  it('upserts the built-in groups, restoring their claims, names and sub-groups when overriding', async () => {
    await sendJson('POST', '/api/Claim/AddRemoveUpdateClaimsToClaimGroupOrClaimGroups', {
      claimSets: [seedIds.claimGroups.administrators],
      claimBaseToAddUpdate: [],
      claimEnumsToRemoveValue: [Permission.Form_Add],
      removeExistingUnMentionedClaimBase: false,
    });
    await sendJson('PUT', '/api/Claim/RenameClaimGroup?newGroupName=Role%20Admins&currentGroupName=User%20Administrators', undefined);
    const kept = await getJson<Wire<ClaimGroup>[]>('/api/Claim/UpsertBuiltInClaimGroups?overrideExisting=false');
    expect(kept.map((g) => g.name)).toEqual(['Administrators', 'Form Readers', 'Form Editors', 'Role Admins']);
    expect(kept[0]?.claimEnumsInClaimGroups).toHaveLength(ALL.length - 1);
    expect(kept[2]?.claimGroupsInClaimGroups?.map((l) => l.recordId)).toEqual([seedIds.claimGroups.formReaders]);
    const reset = await getJson<Wire<ClaimGroup>[]>('/api/Claim/UpsertBuiltInClaimGroups?overrideExisting=true');
    expect(reset.map((g) => g.name)).toEqual(['Administrators', 'Form Readers', 'Form Editors', 'User Administrators']);
    expect(reset.map((g) => g.id)).toEqual(builtInClaimGroups().map((b) => b.id));
    expect(reset[0]?.claimEnumsInClaimGroups).toHaveLength(ALL.length);
    expect(reset[3]?.claimEnumsInClaimGroups?.map((g) => g.claimValue)).toEqual([...seed.claims.userAdministrators].sort((a, b) => a - b));
    expect((await call('/api/Claim/UpsertBuiltInClaimGroups')).status).toBe(400);

    const refused = await send('DELETE', '/api/Claim/DeleteClaimGroupByName?groupName=Administrators');
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { detail: string }).detail).toBe(
      "'Administrators' is a built-in role and cannot be deleted. Remove people from it in User & Role Management instead.",
    );
    expect((await claimGroups()).map((g) => g.name)).toContain('Administrators');
  });

  it('pages claim groups (1-based) and honours the include flags', async () => {
    const page = await getJson<Paged<Wire<ClaimGroup>>>(
      '/api/Claim/ClaimGroupsPaged?includeClaims=false&IncludeApplicationUserGroups=true&IncludeApplicationUsers=true&includeClaimGroups=false&page=1&count=2',
    );
    expect(page.totalRecCount).toBe(6);
    expect(page.totalPageCount).toBe(3);
    expect(page.list?.map((g) => g.name)).toEqual(['Administrators', 'Form Editors']);
    const admins = page.list?.[0];
    expect(admins?.claimEnumsInClaimGroups).toBeNull();
    expect(admins?.claimGroupsInApplicationUsers?.map((l) => l.holderId)).toEqual([seedIds.users.admin]);
    expect(admins?.claimGroupsInApplicationUserGroups?.map((l) => l.holderId)).toEqual([seedIds.userGroups.platformTeam]);
    const last = await getJson<Paged<Wire<ClaimGroup>>>(
      '/api/Claim/ClaimGroupsPaged?includeClaims=false&IncludeApplicationUserGroups=false&IncludeApplicationUsers=false&includeClaimGroups=false&page=3&count=2',
    );
    expect(last.list?.map((g) => g.name)).toEqual(['Signers', 'User Administrators']);
  });
});

describe('users and user groups', () => {
  const groups = () =>
    getJson<Wire<ApplicationUserGroup>[]>('/api/Claim/ApplicationUserGroupsList?includeClaims=true&includeApplicationUsers=true&includeClaimGroups=true');

  it('lists users with the include flags', async () => {
    const users = await getJson<Wire<ApplicationUser>[]>(
      '/api/Claim/ApplicationList?includeClaims=true&IncludeApplicationUserGroups=true&includeClaimGroups=true',
    );
    expect(users.map((u) => u.name)).toEqual([
      'Ada Admin',
      'Aisha Auditor',
      'Dan Disabled',
      'Eddie Editor',
      'Nora Newcomer',
      'Rita Reader',
      'Sam Signer',
    ]);
    const sam = users.find((u) => u.oidcId === 'signer');
    expect(sam?.claimEnumsInApplicationUsers?.map((g) => g.claimValue)).toEqual([Permission.FormInstance_Update]);
    expect(sam?.claimGroupsInApplicationUsers?.map((l) => l.claimGroup?.name)).toEqual(['Signers']);
    expect(sam?.applicationUserApplicationUserGroups?.map((m) => m.applicationUserGroup?.name)).toEqual(['Form Authors']);
    const bare = await getJson<Wire<ApplicationUser>[]>('/api/Claim/ApplicationList?includeClaims=false&IncludeApplicationUserGroups=false&includeClaimGroups=false');
    expect(bare[0]?.claimEnumsInApplicationUsers).toBeNull();
    expect(bare.find((u) => u.oidcId === 'disabled')?.isEnabled).toBe(false);
  });

  it('pages users', async () => {
    const page = await getJson<Paged<Wire<ApplicationUser>>>(
      '/api/Claim/ApplicationUsersPaged?includeClaims=false&IncludeApplicationUserGroups=false&includeClaimGroups=false&page=2&count=3',
    );
    expect(page).toMatchObject({ totalRecCount: 7, totalPageCount: 3 });
    expect(page.list?.map((u) => u.oidcId)).toEqual(['editor', 'newcomer', 'reader']);
    const all = await getJson<Paged<Wire<ApplicationUser>>>(
      '/api/Claim/ApplicationUsersPaged?includeClaims=false&IncludeApplicationUserGroups=false&includeClaimGroups=false&page=',
    );
    expect(all.list).toHaveLength(7);
  });

  it('creates, renames and deletes a user group', async () => {
    const created = await sendJson<Wire<ApplicationUserGroup>>('POST', '/api/Claim/CreateNewApplicationUserGroup?groupName=Contractors', undefined);
    expect(created).toMatchObject({ name: 'Contractors', applicationUserApplicationUserGroups: [] });
    expect((await send('POST', '/api/Claim/CreateNewApplicationUserGroup?groupName=contractors')).status).toBe(409);
    const renamed = await sendJson<Wire<ApplicationUserGroup>>(
      'PUT',
      `/api/Claim/RenameAppUserGroup?newGroupName=Freelancers&currentGroupId=${created.id}`,
      undefined,
    );
    expect(renamed.name).toBe('Freelancers');
    expect((await send('PUT', `/api/Claim/RenameAppUserGroup?newGroupName=%20&currentGroupId=${created.id}`)).status).toBe(400);
    expect((await groups()).map((g) => g.name)).toContain('Freelancers');
    expect((await send('DELETE', `/api/Claim/DeleteAppUserGroup?groupToDeleteId=${created.id}`)).status).toBe(204);
    expect((await groups()).map((g) => g.name)).not.toContain('Freelancers');
  });

  it('adds users to a group, and their claims follow', async () => {
    const rows = await sendJson<Wire<ApplicationUserApplicationUserGroup>[]>('POST', '/api/Claim/AddRemoveUpdateAppUsersInAppuserGroups', {
      applicationUsersGroups: [seedIds.userGroups.formAuthors],
      applicationUsersToAdd: [seedIds.users.newcomer],
      applicationUsersToRemove: [seedIds.users.signer],
      removeExistingUnMentioned: false,
    });
    expect(rows.map((r) => r.applicationUser?.name)).toEqual(['Eddie Editor', 'Nora Newcomer']);
    expect(backend.effectiveClaims('newcomer')).toContain(Permission.Form_Add);
    const authors = (await groups()).find((g) => g.id === seedIds.userGroups.formAuthors);
    expect(authors?.applicationUserApplicationUserGroups?.map((m) => m.applicationUserId)).toEqual([seedIds.users.editor, seedIds.users.newcomer]);
    expect(authors?.claimGroupsInApplicationUserGroups?.map((l) => l.claimGroup?.name)).toEqual(['Form Editors', 'No Hard Delete']);

    const replaced = await sendJson<Wire<ApplicationUserApplicationUserGroup>[]>('POST', '/api/Claim/AddRemoveUpdateAppUsersInAppuserGroups', {
      applicationUsersGroups: [seedIds.userGroups.formAuthors],
      applicationUsersToAdd: [seedIds.users.reader],
      applicationUsersToRemove: [],
      removeExistingUnMentioned: true,
    });
    expect(replaced.map((r) => r.applicationUserId)).toEqual([seedIds.users.reader]);
  });

  it('syncs users from the identity provider', async () => {
    const synced = await sendJson<Wire<ApplicationUser>[]>('POST', '/api/Claim/FullSyncAndReturnExternalUsers', undefined);
    expect(synced.map((u) => u.oidcId)).toContain('newhire');
    const users = await getJson<Wire<ApplicationUser>[]>('/api/Claim/ApplicationList?includeClaims=false&IncludeApplicationUserGroups=false&includeClaimGroups=false');
    expect(users.map((u) => u.name)).toContain('Nina Newhire');
  });

  it('clears the claims cache and reports that users exist', async () => {
    const cleared = await call('/api/Claim/ClearUserClaimsCache', { method: 'POST' });
    expect(cleared.status).toBe(204);
    expect(await cleared.text()).toBe('');
    expect(await getJson<boolean>('/api/Claim/CheckForUsers')).toBe(true);
  });
});

describe('claim enforcement', () => {
  it('refuses calls whose claim the caller lacks when enforcement is on', async () => {
    backend.setEnforceClaims(true);
    backend.setCurrentUser('reader');
    expect((await call(`/api/Claim/ClaimGroupsList?${LIST_FLAGS}`)).status).toBe(403);
    expect((await call('/odata/FormOData')).status).toBe(200);
    expect((await send('DELETE', `/api/crud/form/delete?Id=${seedIds.forms.contactRequest}`)).status).toBe(403);
    backend.setCurrentUser('auditor');
    expect((await call(`/api/Claim/ClaimGroupsList?${LIST_FLAGS}`)).status).toBe(200);
    backend.setCurrentUser('admin');
    expect((await call(`/api/Claim/ClaimGroupsList?${LIST_FLAGS}`)).status).toBe(200);
    backend.setEnforceClaims(false);
  });

  it('answers 403 problem details naming the claim, and needs Claim_ReadUsers to check another user’s admin role', async () => {
    backend.setEnforceClaims(true);
    backend.setCurrentUser('newcomer');
    const denied = await call('/api/Claim/GetClaimNamesForClaimTypeNames?flags=7');
    expect(denied.status).toBe(403);
    expect(await denied.json()).toEqual({
      type: 'about:blank',
      title: 'Forbidden',
      status: 403,
      detail: "The claim 'Claim_ReadClaimEntries' is required.",
      requiredClaim: 'Claim_ReadClaimEntries',
    });
    expect((await call('/api/Claim/GetClaimEntriesWithDescriptionsForClaimTypes?flags=7')).status).toBe(403);
    expect((await call('/api/Claim/GetClaimEntriesForClaimTypes?flags=7')).status).toBe(200);
    expect(await getJson<boolean>('/api/Claim/CheckForAdminRole?authId=newcomer')).toBe(false); // themselves
    expect((await call('/api/Claim/CheckForAdminRole?authId=admin')).status).toBe(403);
    backend.setCurrentUser('auditor'); // holds Claim_ReadUsers
    expect(await getJson<boolean>('/api/Claim/CheckForAdminRole?authId=admin')).toBe(true);
    backend.setEnforceClaims(false);
    backend.setCurrentUser('newcomer');
    expect(await getJson<boolean>('/api/Claim/CheckForAdminRole?authId=admin')).toBe(true);
  });
});

describe('change history of the fake', () => {
  type Entry = { action: string; added: { label: string }[]; removed: { label: string }[]; actor: { name: string } | null };
  const historyOf = (kind: string, id: string) =>
    getJson<Paged<Entry>>(`/api/Claim/GetPermissionHistory?holderKind=${kind}&holderId=${id}&page=1&count=10`);

  it('records a reset of the built-in groups, by whom', async () => {
    const readers = seedIds.claimGroups.formReaders;
    await sendJson('POST', '/api/Claim/AddRemoveUpdateClaimsToClaimGroupOrClaimGroups', {
      claimSets: [readers],
      claimBaseToAddUpdate: [],
      claimEnumsToRemoveValue: [Permission.Form_Select],
      removeExistingUnMentionedClaimBase: false,
    });
    await getJson('/api/Claim/UpsertBuiltInClaimGroups?overrideExisting=true');
    const [restored, taken] = (await historyOf('claimGroup', readers)).list ?? [];
    expect(restored).toMatchObject({ action: 'claims', added: [{ label: 'Form_Select' }], removed: [], actor: { name: 'Ada Admin' } });
    expect(taken).toMatchObject({ action: 'claims', added: [], removed: [{ label: 'Form_Select' }] });
  });

  it('records what each holder lost when a claim group is deleted', async () => {
    await send('DELETE', '/api/Claim/DeleteClaimGroupByName?groupName=No%20Hard%20Delete');
    const [lost] = (await historyOf('userGroup', seedIds.userGroups.formAuthors)).list ?? [];
    expect(lost).toMatchObject({ action: 'claimGroups', removed: [{ label: 'No Hard Delete' }] });
  });
});
