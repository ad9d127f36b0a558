import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ClaimTypeFlags, MenuClaim } from '../../src/api/enums';
import { RequireAdmin } from '../../src/auth/RequireAdmin';
import { APIProvider } from '../../src/query/APIProvider';
import { renderWithProviders } from '../support/render';

vi.mock('../../src/auth/AuthProvider', () => ({
  useAuth: () => ({ user: { subject: 'ada' } }),
}));

const base = 'http://api.test';
let calls: string[] = [];
let answerAdminCheck: () => void = () => {};
const server = setupServer(
  http.get(`${base}/api/Claim/CheckForAdminRole`, async () => {
    calls.push('CheckForAdminRole');
    await new Promise<void>((resolve) => (answerAdminCheck = resolve));
    return HttpResponse.json(true);
  }),
  http.get(`${base}/api/Claim/GetMyClaims`, () => {
    calls.push('GetMyClaims');
    return HttpResponse.json([MenuClaim.RoleManagement_AllowRead]);
  }),
  http.get(`${base}/api/Claim/GetClaimEntriesForClaimTypes`, () => {
    calls.push('GetClaimEntriesForClaimTypes');
    return HttpResponse.json([
      { claimType: ClaimTypeFlags.UXClaim, claimEntries: Object.entries(MenuClaim).map(([key, value]) => ({ key, value })) },
    ]);
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  calls = [];
});
afterAll(() => server.close());

describe('RequireAdmin', () => {
  it('asks for the claims and the claim catalogue while the admin check runs, not after it', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderWithProviders(
      <APIProvider baseUrl={base} queryClient={queryClient} clientOptions={{ retry: { retries: 0 } }}>
        <RequireAdmin fallback={<p>Not an administrator.</p>}>
          <h1>Admin home</h1>
        </RequireAdmin>
      </APIProvider>,
    );
    // The admin check has not answered yet, and the screens' claims are already on their way.
    await waitFor(() => expect([...calls].sort()).toEqual(['CheckForAdminRole', 'GetClaimEntriesForClaimTypes', 'GetMyClaims']), {
      timeout: 10_000,
    });
    expect(screen.queryByRole('heading', { name: 'Admin home' })).not.toBeInTheDocument();
    answerAdminCheck();
    expect(await screen.findByRole('heading', { name: 'Admin home' }, { timeout: 10_000 })).toBeInTheDocument();
    // Asked once each: the screens that read them later find them in the cache.
    expect(calls).toHaveLength(3);
  });
});
