// @vitest-environment node
// The API layer has no DOM dependency; Node also gives fetch, Blob and FormData from one implementation.
import { HttpResponse } from 'msw';
import type { ApiClient, ClaimGroupsChangeRequest, ClaimsChangeRequest, UsersInGroupsChangeRequest } from '../../src/api';
import { ArgumentError, ClaimTypeFlags } from '../../src/api';
import { capture, queryPairs, testClient, setupApiServer } from './server';

setupApiServer();

const client = testClient({ getAccessToken: () => 'tok' });

const claimGroupsBody: ClaimGroupsChangeRequest = {
  claimGroupSets: ['u1'],
  claimGroupsToAdd: ['g1'],
  claimGroupsToRemove: ['g2'],
  removeExistingUnMentionedClaimGroups: false,
};
const claimsBody: ClaimsChangeRequest = {
  claimSets: ['u1'],
  claimBaseToAddUpdate: [{ allow: true, priorityOfPermission: 1, claimValue: 5, claimType: 1 }],
  claimEnumsToRemoveValue: [7],
  removeExistingUnMentionedClaimBase: true,
};
const usersBody: UsersInGroupsChangeRequest = {
  applicationUsersGroups: ['ug1'],
  applicationUsersToAdd: ['u1'],
  applicationUsersToRemove: ['u2'],
  removeExistingUnMentioned: false,
};

interface Case {
  name: string;
  call: (c: ApiClient) => Promise<unknown>;
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  query?: [string, string][];
  body?: unknown;
  reply?: unknown;
  status?: number;
  expected?: unknown;
}

const paged = { list: [{ id: 'a' }], totalRecCount: 1, totalPageCount: 1 };

const cases: Case[] = [
  { name: 'clearUserClaimsCache', call: (c) => c.claim.clearUserClaimsCache(), method: 'post', path: 'ClearUserClaimsCache', expected: null },
  { name: 'getMyClaims', call: (c) => c.claim.getMyClaims(), method: 'get', path: 'GetMyClaims', reply: [1, 2], expected: [1, 2] },
  {
    name: 'getMyUserSessionData',
    call: (c) => c.claim.getMyUserSessionData(),
    method: 'get',
    path: 'GetMyUserSessionData',
    reply: { claims: [1], userId: 'u1' },
    expected: { claims: [1], userId: 'u1' },
  },
  {
    name: 'getClaimNamesForClaimTypeNames',
    call: (c) => c.claim.getClaimNamesForClaimTypeNames(ClaimTypeFlags.ServerClaim | ClaimTypeFlags.UXClaim),
    method: 'get',
    path: 'GetClaimNamesForClaimTypeNames',
    query: [['flags', '3']],
    reply: [{ claimType: 1, claimTypeName: 'ServerClaim', claimNames: ['Form_Add'] }],
    expected: [{ claimType: 1, claimTypeName: 'ServerClaim', claimNames: ['Form_Add'] }],
  },
  {
    name: 'getClaimEntriesForClaimTypes',
    call: (c) => c.claim.getClaimEntriesForClaimTypes(7),
    method: 'get',
    path: 'GetClaimEntriesForClaimTypes',
    query: [['flags', '7']],
    reply: [{ claimType: 1, claimEntries: [{ key: 'Form_Add', value: 1 }] }],
    expected: [{ claimType: 1, claimEntries: [{ key: 'Form_Add', value: 1 }] }],
  },
  {
    name: 'getClaimEntriesWithDescriptionsForClaimTypes',
    call: (c) => c.claim.getClaimEntriesWithDescriptionsForClaimTypes(4),
    method: 'get',
    path: 'GetClaimEntriesWithDescriptionsForClaimTypes',
    query: [['flags', '4']],
    reply: [{ claimType: 4, claimEntries: [{ key: 'T', value: 200, description: 'd' }] }],
    expected: [{ claimType: 4, claimEntries: [{ key: 'T', value: 200, description: 'd' }] }],
  },
  {
    name: 'getClaimEntriesForClaimTypes without flags',
    call: (c) => c.claim.getClaimEntriesForClaimTypes(),
    method: 'get',
    path: 'GetClaimEntriesForClaimTypes',
    query: [],
    reply: [],
    expected: [],
  },
  {
    name: 'listTablesWithRowLevelPermissions',
    call: (c) => c.claim.listTablesWithRowLevelPermissions(),
    method: 'get',
    path: 'ListTablesWithRowLevelPermissions',
    reply: ['Form'],
    expected: ['Form'],
  },
  {
    name: 'getEntitiesWithPermissions',
    call: (c) => c.claim.getEntitiesWithPermissions('Form'),
    method: 'get',
    path: 'GetEntitiesWithPermissions',
    query: [['tableName', 'Form']],
    reply: [{ recordId: 'r', displayName: 'R', permission: 2 }],
    expected: [{ recordId: 'r', displayName: 'R', permission: 2 }],
  },
  {
    name: 'checkForAdminRole',
    call: (c) => c.claim.checkForAdminRole('auth|1 2'),
    method: 'get',
    path: 'CheckForAdminRole',
    query: [['authId', 'auth|1 2']],
    reply: true,
    expected: true,
  },
  { name: 'checkForUsers', call: (c) => c.claim.checkForUsers(), method: 'get', path: 'CheckForUsers', reply: false, expected: false },
  {
    name: 'getEffectivePermissionsOfUser',
    call: (c) => c.claim.getEffectivePermissionsOfUser('u 1'),
    method: 'get',
    path: 'GetEffectivePermissionsOfUser',
    query: [['applicationUserId', 'u 1']],
    reply: [{ claimValue: 1, allowed: true }],
    expected: [{ claimValue: 1, allowed: true }],
  },
  {
    name: 'getEffectivePermissionsOfUserGroup',
    call: (c) => c.claim.getEffectivePermissionsOfUserGroup('g1'),
    method: 'get',
    path: 'GetEffectivePermissionsOfUserGroup',
    query: [['applicationUserGroupId', 'g1']],
    reply: [],
    expected: [],
  },
  {
    name: 'getEffectivePermissionsOfClaimGroup',
    call: (c) => c.claim.getEffectivePermissionsOfClaimGroup('r1'),
    method: 'get',
    path: 'GetEffectivePermissionsOfClaimGroup',
    query: [['claimGroupId', 'r1']],
    reply: [],
    expected: [],
  },
  {
    name: 'getPermissionHistory',
    call: (c) => c.claim.getPermissionHistory('userGroup', 'g1', { page: 2, count: 5 }),
    method: 'get',
    path: 'GetPermissionHistory',
    query: [
      ['holderKind', 'userGroup'],
      ['holderId', 'g1'],
      ['page', '2'],
      ['count', '5'],
    ],
    reply: { list: [{ id: 'h1', at: '2026-11-24T10:00:00.000Z', action: 'claims' }], totalRecCount: 6, totalPageCount: 2 },
    expected: { list: [{ id: 'h1', at: new Date('2026-11-24T10:00:00.000Z'), action: 'claims' }], totalRecCount: 6, totalPageCount: 2 },
  },
  {
    name: 'getOIDCConfig',
    call: (c) => c.claim.getOIDCConfig(),
    method: 'get',
    path: 'GetOIDCConfig',
    reply: { authority: 'https://idp', clientId: 'c', scopes: ['api'] },
    expected: { authority: 'https://idp', clientId: 'c', scopes: ['api'] },
  },
  {
    name: 'renameAppUserGroup',
    call: (c) => c.claim.renameAppUserGroup('New name', 'g-1'),
    method: 'put',
    path: 'RenameAppUserGroup',
    query: [['newGroupName', 'New name'], ['currentGroupId', 'g-1']],
    reply: { id: 'g-1', name: 'New name' },
    expected: { id: 'g-1', name: 'New name' },
  },
  {
    name: 'createNewApplicationUserGroup',
    call: (c) => c.claim.createNewApplicationUserGroup('Team & Co'),
    method: 'post',
    path: 'CreateNewApplicationUserGroup',
    query: [['groupName', 'Team & Co']],
    reply: { id: 'g-2', name: 'Team & Co' },
    expected: { id: 'g-2', name: 'Team & Co' },
  },
  {
    name: 'renameClaimGroup',
    call: (c) => c.claim.renameClaimGroup('Editors', 'Writers'),
    method: 'put',
    path: 'RenameClaimGroup',
    query: [['newGroupName', 'Editors'], ['currentGroupName', 'Writers']],
    reply: { id: 'cg', name: 'Editors' },
    expected: { id: 'cg', name: 'Editors' },
  },
  {
    name: 'deleteClaimGroupByName',
    call: (c) => c.claim.deleteClaimGroupByName('Editors'),
    method: 'delete',
    path: 'DeleteClaimGroupByName',
    query: [['groupName', 'Editors']],
    status: 204,
    expected: null,
  },
  {
    name: 'createNewClaimGroup',
    call: (c) => c.claim.createNewClaimGroup('Editors'),
    method: 'post',
    path: 'CreateNewClaimGroup',
    query: [['groupName', 'Editors']],
    reply: { id: 'cg', name: 'Editors' },
    expected: { id: 'cg', name: 'Editors' },
  },
  {
    name: 'deleteAppUserGroup',
    call: (c) => c.claim.deleteAppUserGroup('g-1'),
    method: 'delete',
    path: 'DeleteAppUserGroup',
    query: [['groupToDeleteId', 'g-1']],
    status: 204,
    expected: null,
  },
  {
    name: 'applicationUsersPaged',
    call: (c) =>
      c.claim.applicationUsersPaged({
        includeClaims: true,
        IncludeApplicationUserGroups: false,
        includeClaimGroups: true,
        page: 2,
        count: 25,
      }),
    method: 'get',
    path: 'ApplicationUsersPaged',
    query: [
      ['includeClaims', 'true'],
      ['IncludeApplicationUserGroups', 'false'],
      ['includeClaimGroups', 'true'],
      ['page', '2'],
      ['count', '25'],
    ],
    reply: paged,
    expected: paged,
  },
  {
    name: 'applicationUsersPaged with null page and no count',
    call: (c) =>
      c.claim.applicationUsersPaged({
        includeClaims: false,
        IncludeApplicationUserGroups: false,
        includeClaimGroups: false,
        page: null,
      }),
    method: 'get',
    path: 'ApplicationUsersPaged',
    query: [
      ['includeClaims', 'false'],
      ['IncludeApplicationUserGroups', 'false'],
      ['includeClaimGroups', 'false'],
    ],
    reply: paged,
    expected: paged,
  },
  {
    name: 'applicationUserGroupsPaged',
    call: (c) =>
      c.claim.applicationUserGroupsPaged({
        includeClaims: true,
        IncludeApplicationUserGroups: true,
        includeClaimGroups: true,
        page: 1,
        count: 10,
      }),
    method: 'get',
    path: 'ApplicationUserGroupsPaged',
    query: [
      ['includeClaims', 'true'],
      ['IncludeApplicationUserGroups', 'true'],
      ['includeClaimGroups', 'true'],
      ['page', '1'],
      ['count', '10'],
    ],
    reply: paged,
    expected: paged,
  },
  {
    name: 'applicationList',
    call: (c) => c.claim.applicationList({ includeClaims: true, IncludeApplicationUserGroups: true, includeClaimGroups: false }),
    method: 'get',
    path: 'ApplicationList',
    query: [
      ['includeClaims', 'true'],
      ['IncludeApplicationUserGroups', 'true'],
      ['includeClaimGroups', 'false'],
    ],
    reply: [{ id: 'u1' }],
    expected: [{ id: 'u1' }],
  },
  {
    name: 'applicationUserGroupsList',
    call: (c) => c.claim.applicationUserGroupsList({ includeClaims: true, includeApplicationUsers: true, includeClaimGroups: true }),
    method: 'get',
    path: 'ApplicationUserGroupsList',
    query: [
      ['includeClaims', 'true'],
      ['includeApplicationUsers', 'true'],
      ['includeClaimGroups', 'true'],
    ],
    reply: [{ id: 'ug1' }],
    expected: [{ id: 'ug1' }],
  },
  {
    name: 'claimGroupsPaged',
    call: (c) =>
      c.claim.claimGroupsPaged({
        includeClaims: true,
        IncludeApplicationUserGroups: false,
        IncludeApplicationUsers: false,
        includeClaimGroups: true,
        page: 3,
        count: 5,
      }),
    method: 'get',
    path: 'ClaimGroupsPaged',
    query: [
      ['includeClaims', 'true'],
      ['IncludeApplicationUserGroups', 'false'],
      ['IncludeApplicationUsers', 'false'],
      ['includeClaimGroups', 'true'],
      ['page', '3'],
      ['count', '5'],
    ],
    reply: paged,
    expected: paged,
  },
  {
    name: 'claimGroupsPaged with a search and sub-group candidates (beyond the spec)',
    call: (c) =>
      c.claim.claimGroupsPaged({
        includeClaims: false,
        IncludeApplicationUserGroups: false,
        IncludeApplicationUsers: false,
        includeClaimGroups: false,
        page: 1,
        count: 50,
        search: '  Form Ed ',
        subGroupCandidatesOf: 'g1',
      }),
    method: 'get',
    path: 'ClaimGroupsPaged',
    query: [
      ['includeClaims', 'false'],
      ['IncludeApplicationUserGroups', 'false'],
      ['IncludeApplicationUsers', 'false'],
      ['includeClaimGroups', 'false'],
      ['page', '1'],
      ['count', '50'],
      ['search', 'Form Ed'],
      ['subGroupCandidatesOf', 'g1'],
    ],
    reply: paged,
    expected: paged,
  },
  {
    name: 'applicationUserGroupsPaged with a blank search (not sent)',
    call: (c) =>
      c.claim.applicationUserGroupsPaged({
        includeClaims: false,
        IncludeApplicationUserGroups: false,
        includeClaimGroups: false,
        page: 1,
        search: '   ',
      }),
    method: 'get',
    path: 'ApplicationUserGroupsPaged',
    query: [
      ['includeClaims', 'false'],
      ['IncludeApplicationUserGroups', 'false'],
      ['includeClaimGroups', 'false'],
      ['page', '1'],
    ],
    reply: paged,
    expected: paged,
  },
  {
    name: 'removesMyAdminAccess (beyond the spec)',
    call: (c) => c.claim.removesMyAdminAccess([{ type: 'members', change: usersBody }]),
    method: 'post',
    path: 'RemovesMyAdminAccess',
    body: { changes: [{ type: 'members', change: usersBody }] },
    reply: true,
    expected: true,
  },
  {
    name: 'claimGroupsList',
    call: (c) =>
      c.claim.claimGroupsList({
        includeClaims: true,
        IncludeApplicationUserGroups: false,
        IncludeApplicationUsers: false,
        includeClaimGroups: true,
      }),
    method: 'get',
    path: 'ClaimGroupsList',
    query: [
      ['includeClaims', 'true'],
      ['IncludeApplicationUserGroups', 'false'],
      ['IncludeApplicationUsers', 'false'],
      ['includeClaimGroups', 'true'],
    ],
    reply: [{ id: 'cg' }],
    expected: [{ id: 'cg' }],
  },
  {
    name: 'upsertBuiltInClaimGroups',
    call: (c) => c.claim.upsertBuiltInClaimGroups(false),
    method: 'get',
    path: 'UpsertBuiltInClaimGroups',
    query: [['overrideExisting', 'false']],
    reply: [{ id: 'cg', builtInGroup: true }],
    expected: [{ id: 'cg', builtInGroup: true }],
  },
  {
    name: 'fullSyncAndReturnExternalUsers',
    call: (c) => c.claim.fullSyncAndReturnExternalUsers(),
    method: 'post',
    path: 'FullSyncAndReturnExternalUsers',
    body: '',
    reply: [{ id: 'u1' }],
    expected: [{ id: 'u1' }],
  },
  ...(
    [
      ['addRemoveUpdateClaimGroupsToAppUserOrUsers', 'AddRemoveUpdateClaimGroupsToAppUserOrUsers', claimGroupsBody],
      ['addRemoveUpdateClaimGroupsToClaimGroupOrClaimGroups', 'AddRemoveUpdateClaimGroupsToClaimGroupOrClaimGroups', claimGroupsBody],
      ['addRemoveUpdateClaimGroupsToAppUserGroupOrUserGroups', 'AddRemoveUpdateClaimGroupsToAppUserGroupOrUserGroups', claimGroupsBody],
      ['addRemoveUpdateClaimsToAppUserOrUsers', 'AddRemoveUpdateClaimsToAppUserOrUsers', claimsBody],
      ['addRemoveUpdateClaimsToClaimGroupOrClaimGroups', 'AddRemoveUpdateClaimsToClaimGroupOrClaimGroups', claimsBody],
      ['addRemoveUpdateClaimsToAppUserGroupOrUserGroups', 'AddRemoveUpdateClaimsToAppUserGroupOrUserGroups', claimsBody],
      ['addRemoveUpdateAppUsersInAppuserGroups', 'AddRemoveUpdateAppUsersInAppuserGroups', usersBody],
    ] as const
  ).map(
    ([fn, path, body]): Case => ({
      name: fn,
      call: (c) => (c.claim[fn] as (b: unknown) => Promise<unknown>)(body),
      method: 'post',
      path,
      body,
      reply: [{ id: 'row', createdDateTime: '2024-01-02T03:04:05.000Z' }],
      expected: [{ id: 'row', createdDateTime: new Date('2024-01-02T03:04:05.000Z') }],
    }),
  ),
];

describe('client.claim', () => {
  it.each(cases)('$name: $method /api/Claim/$path', async (tc) => {
    const calls = capture(tc.method, `/api/Claim/${tc.path}`, () =>
      tc.status === 204 ? new HttpResponse(null, { status: 204 }) : HttpResponse.json(tc.reply ?? null),
    );
    const result = await tc.call(client);
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.method).toBe(tc.method.toUpperCase());
    expect(call?.url.pathname).toBe(`/api/Claim/${tc.path}`);
    expect(queryPairs(call!.url)).toEqual(tc.query ?? []);
    expect(call?.headers.get('authorization')).toBe('Bearer tok');
    if (tc.body === undefined || tc.body === '') {
      expect(call?.body).toBe('');
    } else {
      expect(call?.headers.get('content-type')).toBe('application/json');
      expect(JSON.parse(call!.body)).toEqual(tc.body);
    }
    expect(result).toEqual(tc.expected);
  });

  it('covers every function of the Claim API', () => {
    const tested = new Set(cases.map((c) => c.name.split(' ')[0]));
    expect(Object.keys(client.claim).filter((k) => !tested.has(k))).toEqual([]);
  });

  it.each([
    ['authId', (c: ApiClient) => c.claim.checkForAdminRole(null as unknown as string)],
    ['applicationUserId', (c: ApiClient) => c.claim.getEffectivePermissionsOfUser(null as unknown as string)],
    ['applicationUserGroupId', (c: ApiClient) => c.claim.getEffectivePermissionsOfUserGroup(undefined as unknown as string)],
    ['claimGroupId', (c: ApiClient) => c.claim.getEffectivePermissionsOfClaimGroup(null as unknown as string)],
    ['holderKind', (c: ApiClient) => c.claim.getPermissionHistory(null as unknown as 'user', 'u', { page: 1 })],
    ['holderId', (c: ApiClient) => c.claim.getPermissionHistory('user', undefined as unknown as string, { page: 1 })],
    ['newGroupName', (c: ApiClient) => c.claim.renameAppUserGroup(undefined as unknown as string, 'g')],
    ['currentGroupId', (c: ApiClient) => c.claim.renameAppUserGroup('n', null as unknown as string)],
    ['groupName', (c: ApiClient) => c.claim.createNewApplicationUserGroup(null as unknown as string)],
    ['currentGroupName', (c: ApiClient) => c.claim.renameClaimGroup('n', undefined as unknown as string)],
    ['groupName', (c: ApiClient) => c.claim.deleteClaimGroupByName(null as unknown as string)],
    ['groupName', (c: ApiClient) => c.claim.createNewClaimGroup(undefined as unknown as string)],
    ['groupToDeleteId', (c: ApiClient) => c.claim.deleteAppUserGroup(null as unknown as string)],
    ['overrideExisting', (c: ApiClient) => c.claim.upsertBuiltInClaimGroups(null as unknown as boolean)],
    [
      'includeClaims',
      (c: ApiClient) =>
        c.claim.applicationList({
          includeClaims: null as unknown as boolean,
          IncludeApplicationUserGroups: true,
          includeClaimGroups: true,
        }),
    ],
    [
      'includeApplicationUserGroups',
      (c: ApiClient) =>
        c.claim.applicationUsersPaged({
          includeClaims: true,
          IncludeApplicationUserGroups: undefined as unknown as boolean,
          includeClaimGroups: true,
          page: 1,
        }),
    ],
    [
      'includeApplicationUsers',
      (c: ApiClient) =>
        c.claim.applicationUserGroupsList({
          includeClaims: true,
          includeApplicationUsers: null as unknown as boolean,
          includeClaimGroups: true,
        }),
    ],
    [
      'includeApplicationUsers',
      (c: ApiClient) =>
        c.claim.claimGroupsList({
          includeClaims: true,
          IncludeApplicationUserGroups: true,
          IncludeApplicationUsers: null as unknown as boolean,
          includeClaimGroups: true,
        }),
    ],
    [
      'includeClaimGroups',
      (c: ApiClient) =>
        c.claim.claimGroupsPaged({
          includeClaims: true,
          IncludeApplicationUserGroups: true,
          IncludeApplicationUsers: true,
          includeClaimGroups: undefined as unknown as boolean,
          page: null,
        }),
    ],
  ] as const)("rejects a missing '%s' before any request", async (name, call) => {
    // No handler is installed: a request would fail the test through onUnhandledRequest.
    const error = await call(client).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ArgumentError);
    expect(error).toMatchObject({ name: 'ArgumentError', parameterName: name });
    expect((error as Error).message).toBe(`The parameter '${name}' must be defined and cannot be null.`);
  });

  it('requires page to be given, but accepts null', async () => {
    const call = () =>
      client.claim.claimGroupsPaged({
        includeClaims: true,
        IncludeApplicationUserGroups: true,
        IncludeApplicationUsers: true,
        includeClaimGroups: true,
      } as unknown as Parameters<ApiClient['claim']['claimGroupsPaged']>[0]);
    await expect(call()).rejects.toThrow(ArgumentError);
    await expect(call()).rejects.toThrow("The parameter 'page' must be defined.");
  });
});
