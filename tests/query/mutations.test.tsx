import { QueryClient, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationUser, ApplicationUserGroup, ClaimGroup } from '../../src/api/types';
import { APIProvider, useApi } from '../../src/query/APIProvider';
import {
  useCreateClaimGroup,
  useCreateUserGroup,
  useRenameClaimGroup,
  useRenameUserGroup,
  useSavePermissions,
} from '../../src/query/mutations';
import { claimQueries } from '../../src/query/queries';

const base = 'http://api.test';
const audit = { isDeleted: false, createdDateTime: new Date(0), lastUpdatedDateTime: new Date(0) };
const signers: ClaimGroup = { id: 'cg1', name: 'Signers', builtInGroup: false, claimEnumsInClaimGroups: [], claimGroupsInClaimGroups: [], ...audit };
const link = { id: 'l1', holderId: 'u1', recordId: 'cg1', priorityOfPermission: 1, claimGroup: signers, ...audit };
const sam: ApplicationUser = {
  id: 'u1', oidcId: 'sam', name: 'Sam', userName: 'sam', email: null, phoneNumber: null, isEnabled: true, failedLoginAttempts: 0,
  claimEnumsInApplicationUsers: [], claimGroupsInApplicationUsers: [link],
  applicationUserApplicationUserGroups: [{ id: 'm1', applicationUserId: 'u1', applicationUserGroupId: 'ug1', applicationUserGroup: { id: 'ug1', name: 'Team', ...audit }, ...audit }],
  ...audit,
};
const team: ApplicationUserGroup = { id: 'ug1', name: 'Team', claimGroupsInApplicationUserGroups: [link], ...audit };

const calls: string[] = [];
let createAnswer: ClaimGroup | null = { ...signers, id: 'cg2', name: 'Auditors' };
const server = setupServer(
  http.get(`${base}/api/Claim/ClaimGroupsList`, () => (calls.push('ClaimGroupsList'), HttpResponse.json([signers]))),
  http.get(`${base}/api/Claim/ApplicationList`, () => (calls.push('ApplicationList'), HttpResponse.json([sam]))),
  http.get(`${base}/api/Claim/ApplicationUserGroupsList`, () => (calls.push('ApplicationUserGroupsList'), HttpResponse.json([team]))),
  http.get(`${base}/api/Claim/GetMyClaims`, () => (calls.push('GetMyClaims'), HttpResponse.json([1]))),
  http.post(`${base}/api/Claim/CreateNewClaimGroup`, () => HttpResponse.json(createAnswer)),
  http.post(`${base}/api/Claim/CreateNewApplicationUserGroup`, () => HttpResponse.json({ id: 'ug2', name: 'Auditors', ...audit })),
  http.put(`${base}/api/Claim/RenameClaimGroup`, () => HttpResponse.json({ ...signers, name: 'Signatories' })),
  http.put(`${base}/api/Claim/RenameAppUserGroup`, () => new HttpResponse(null, { status: 204 })),
  http.post(`${base}/api/Claim/AddRemoveUpdateClaimsToClaimGroupOrClaimGroups`, () => HttpResponse.json([])),
  http.post(`${base}/api/Claim/AddRemoveUpdateClaimGroupsToClaimGroupOrClaimGroups`, () => HttpResponse.json([])),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  calls.length = 0;
  createAnswer = { ...signers, id: 'cg2', name: 'Auditors' };
});
afterAll(() => server.close());

function Lists() {
  const { client } = useApi();
  useQuery(claimQueries.claimGroups(client));
  useQuery(claimQueries.users(client));
  useQuery(claimQueries.userGroups(client));
  useQuery(claimQueries.myClaims(client));
  return null;
}

function setup<T>(hook: () => T) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <APIProvider baseUrl={base} queryClient={queryClient}>
      <Lists />
      {children}
    </APIProvider>
  );
  const rendered = renderHook(hook, { wrapper });
  const ready = waitFor(() => expect(calls).toHaveLength(4));
  const count = (name: string) => calls.filter((c) => c === name).length;
  const cached = <D,>(key: readonly unknown[]) => queryClient.getQueryData<D>(key);
  return { ...rendered, ready, count, cached, queryClient };
}

const claimGroupListKey = (qc: QueryClient) =>
  qc.getQueryCache().findAll({ queryKey: ['ccq-forms-admin', 'claim', 'claim-groups', 'list'] })[0]!.queryKey;
const userListKey = (qc: QueryClient) =>
  qc.getQueryCache().findAll({ queryKey: ['ccq-forms-admin', 'claim', 'users', 'list'] })[0]!.queryKey;
const userGroupListKey = (qc: QueryClient) =>
  qc.getQueryCache().findAll({ queryKey: ['ccq-forms-admin', 'claim', 'user-groups', 'list'] })[0]!.queryKey;

describe('group mutations update the cache from the answer', () => {
  it('adds a created claim group to the cached list without refetching it or the session claims', async () => {
    const { result, ready, count, cached, queryClient } = setup(() => useCreateClaimGroup());
    await ready;
    await act(() => result.current.mutateAsync({ groupName: 'Auditors' }));
    expect(cached<ClaimGroup[]>(claimGroupListKey(queryClient))?.map((g) => g.name)).toEqual(['Signers', 'Auditors']);
    expect(count('ClaimGroupsList')).toBe(1);
    expect(count('GetMyClaims')).toBe(1);
    expect(count('ApplicationList')).toBe(1);
  });

  it('refetches the claim groups when the answer has no body to put in the cache', async () => {
    createAnswer = null;
    const { result, ready, count } = setup(() => useCreateClaimGroup());
    await ready;
    await act(() => result.current.mutateAsync({ groupName: 'Auditors' }));
    await waitFor(() => expect(count('ClaimGroupsList')).toBe(2));
    expect(count('GetMyClaims')).toBe(1);
  });

  it('writes a renamed claim group into the list and into every link that embeds it', async () => {
    const { result, ready, count, cached, queryClient } = setup(() => useRenameClaimGroup());
    await ready;
    await act(() => result.current.mutateAsync({ newGroupName: 'Signatories', currentGroupName: 'Signers' }));
    expect(cached<ClaimGroup[]>(claimGroupListKey(queryClient))?.[0]?.name).toBe('Signatories');
    expect(cached<ApplicationUser[]>(userListKey(queryClient))?.[0]?.claimGroupsInApplicationUsers?.[0]?.claimGroup?.name).toBe(
      'Signatories',
    );
    expect(
      cached<ApplicationUserGroup[]>(userGroupListKey(queryClient))?.[0]?.claimGroupsInApplicationUserGroups?.[0]?.claimGroup?.name,
    ).toBe('Signatories');
    expect(calls).toHaveLength(4);
    expect(count('GetMyClaims')).toBe(1);
  });

  it('adds a created user group and writes a renamed one into the lists and the memberships', async () => {
    const { result, ready, cached, queryClient } = setup(() => ({ create: useCreateUserGroup(), rename: useRenameUserGroup() }));
    await ready;
    await act(() => result.current.create.mutateAsync({ groupName: 'Auditors' }));
    await act(() => result.current.rename.mutateAsync({ newGroupName: 'Crew', currentGroupId: 'ug1' }));
    expect(cached<ApplicationUserGroup[]>(userGroupListKey(queryClient))?.map((g) => g.name)).toEqual(['Crew', 'Auditors']);
    expect(
      cached<ApplicationUser[]>(userListKey(queryClient))?.[0]?.applicationUserApplicationUserGroups?.[0]?.applicationUserGroup?.name,
    ).toBe('Crew');
    expect(calls).toHaveLength(4);
  });
});

describe('useSavePermissions', () => {
  it('makes both calls and refetches the permission lists and the session claims once', async () => {
    const { result, ready, count } = setup(() => useSavePermissions('claimGroup'));
    await ready;
    await act(() =>
      result.current.mutateAsync({
        holderId: 'cg1',
        claims: { before: [], addUpdate: [{ claimValue: 3, claimType: 1, allow: true, priorityOfPermission: 1 }], remove: [] },
        claimGroups: { add: ['cg9'], remove: [] },
      }),
    );
    expect(count('ClaimGroupsList')).toBe(2);
    expect(count('ApplicationList')).toBe(2);
    expect(count('ApplicationUserGroupsList')).toBe(2);
    expect(count('GetMyClaims')).toBe(2);
  });

  it('refetches nothing for an empty change', async () => {
    const { result, ready } = setup(() => useSavePermissions('claimGroup'));
    await ready;
    await act(() => result.current.mutateAsync({ holderId: 'cg1', claims: null, claimGroups: null }));
    expect(calls).toHaveLength(4);
  });
});
