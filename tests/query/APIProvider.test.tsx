import { QueryClient, useQuery } from '@tanstack/react-query';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { APIProvider, useApi } from '../../src/query/APIProvider';
import { claimQueries } from '../../src/query/queries';
import { useCrudMutation, useDeleteClaimGroup } from '../../src/query/mutations';
import { entityQueries } from '../../src/query/queries';

const base = 'http://api.test';
const seen: { path: string; auth: string | null }[] = [];
const server = setupServer(
  http.get(`${base}/api/Claim/GetMyClaims`, ({ request }) => {
    seen.push({ path: 'GetMyClaims', auth: request.headers.get('authorization') });
    const token = request.headers.get('authorization');
    return HttpResponse.json(token === 'Bearer second' ? [1, 2, 3] : [1]);
  }),
  http.get(`${base}/api/Claim/ApplicationList`, () => {
    seen.push({ path: 'ApplicationList', auth: null });
    return HttpResponse.json([]);
  }),
  http.get(`${base}/api/Claim/ClaimGroupsList`, () => {
    seen.push({ path: 'ClaimGroupsList', auth: null });
    return HttpResponse.json([]);
  }),
  http.get(`${base}/api/Claim/ApplicationUserGroupsList`, () => {
    seen.push({ path: 'ApplicationUserGroupsList', auth: null });
    return HttpResponse.json([]);
  }),
  http.post(`${base}/api/Claim/CreateNewClaimGroup`, () => new HttpResponse(null, { status: 200 })),
  http.delete(`${base}/api/Claim/DeleteClaimGroupByName`, () => new HttpResponse(null, { status: 204 })),
  http.get(`${base}/odata/FormOData`, () => {
    seen.push({ path: 'FormOData', auth: null });
    return HttpResponse.json({ value: [] });
  }),
  http.patch(`${base}/api/crud/form/softdelete`, () => HttpResponse.json(true)),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
});
afterAll(() => server.close());

const count = (path: string) => seen.filter((s) => s.path === path).length;
const newQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

function MyClaims() {
  const { client } = useApi();
  const q = useQuery(claimQueries.myClaims(client));
  return <p>claims: {q.data ? q.data.join(',') : 'loading'}</p>;
}

describe('APIProvider', () => {
  it('sets its display name', () => {
    expect(APIProvider.displayName).toBe('@ccq/forms-admin/APIProvider');
  });

  it("throws 'Cannot access CCQ APIs outside an APIProvider.' outside a provider", () => {
    expect(() => renderHook(() => useApi())).toThrow('Cannot access CCQ APIs outside an APIProvider.');
  });

  it('refetches every cached query when the access token changes, with the new token', async () => {
    const queryClient = newQueryClient();
    const view = (token: string) => (
      <APIProvider baseUrl={base} accessToken={token} userKey="ada" queryClient={queryClient}>
        <MyClaims />
      </APIProvider>
    );
    const { rerender } = render(view('first'));
    expect(await screen.findByText('claims: 1')).toBeInTheDocument();
    rerender(view('second'));
    expect(await screen.findByText('claims: 1,2,3')).toBeInTheDocument();
    expect(seen.map((s) => s.auth)).toEqual(['Bearer first', 'Bearer second']);
  });

  it('refetches inactive cached queries too when the token changes', async () => {
    const queryClient = newQueryClient();
    const view = (token: string, show: boolean) => (
      <APIProvider baseUrl={base} accessToken={token} queryClient={queryClient}>
        {show ? <MyClaims /> : null}
      </APIProvider>
    );
    const { rerender } = render(view('first', true));
    await screen.findByText('claims: 1');
    rerender(view('first', false));
    rerender(view('second', false));
    await waitFor(() => expect(count('GetMyClaims')).toBe(2));
  });

  it('clears the whole cache when another user signs in, so their data is never shown', async () => {
    const queryClient = newQueryClient();
    const view = (token: string, user: string) => (
      <APIProvider baseUrl={base} accessToken={token} userKey={user} queryClient={queryClient}>
        <MyClaims />
      </APIProvider>
    );
    const { rerender } = render(view('first', 'ada'));
    await screen.findByText('claims: 1');
    queryClient.setQueryData(['unrelated'], 'ada-only data');
    rerender(view('second', 'rita'));
    expect(queryClient.getQueryData(['unrelated'])).toBeUndefined();
    expect(screen.queryByText('claims: 1')).not.toBeInTheDocument();
    expect(await screen.findByText('claims: 1,2,3')).toBeInTheDocument();
  });

  it('reads the token on every call, never a captured one', async () => {
    let token = 'first';
    const queryClient = newQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <APIProvider baseUrl={base} getAccessToken={() => token} queryClient={queryClient}>
        {children}
      </APIProvider>
    );
    const { result } = renderHook(() => useApi(), { wrapper });
    await result.current.client.claim.getMyClaims();
    token = 'second';
    await result.current.client.claim.getMyClaims();
    expect(seen.map((s) => s.auth)).toEqual(['Bearer first', 'Bearer second']);
  });

  it('merges label overrides over the English defaults', () => {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <APIProvider baseUrl={base} labels={{ notFound: 'Introuvable' }}>
        {children}
      </APIProvider>
    );
    const { result } = renderHook(() => useApi(), { wrapper });
    expect(result.current.labels.notFound).toBe('Introuvable');
    expect(result.current.labels.somethingWentWrong).toBe('Something went wrong!');
  });
});

describe('mutations', () => {
  function Lists() {
    const { client } = useApi();
    useQuery(claimQueries.users(client));
    useQuery(claimQueries.claimGroups(client));
    useQuery(claimQueries.userGroups(client));
    useQuery(entityQueries.forms(client));
    return null;
  }

  it('refetch the cached lists of users, claim groups and user groups after a permission change', async () => {
    const queryClient = newQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <APIProvider baseUrl={base} queryClient={queryClient}>
        <Lists />
        {children}
      </APIProvider>
    );
    const { result } = renderHook(() => useDeleteClaimGroup(), { wrapper });
    await waitFor(() => expect(count('ClaimGroupsList')).toBe(1));
    await waitFor(() => expect(count('ApplicationUserGroupsList')).toBe(1));
    await act(() => result.current.mutateAsync({ groupName: 'Auditors' }));
    expect(count('ApplicationList')).toBe(2);
    expect(count('ClaimGroupsList')).toBe(2);
    expect(count('ApplicationUserGroupsList')).toBe(2);
    expect(count('FormOData')).toBe(1);
  });

  it("refetch an entity's reads after a CRUD change of that entity only", async () => {
    const queryClient = newQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <APIProvider baseUrl={base} queryClient={queryClient}>
        <Lists />
        {children}
      </APIProvider>
    );
    const { result } = renderHook(() => useCrudMutation('form'), { wrapper });
    await waitFor(() => expect(count('FormOData')).toBe(1));
    await waitFor(() => expect(count('ApplicationList')).toBe(1));
    let answer: unknown;
    await act(async () => {
      answer = await result.current.mutateAsync({ action: 'softDelete', id: 'f1' });
    });
    expect(answer).toBe(true);
    expect(count('FormOData')).toBe(2);
    expect(count('ApplicationList')).toBe(1);
  });
});
