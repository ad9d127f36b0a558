import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { useEffect } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ClaimTypeFlags, MenuClaim } from '../../src/api/enums';
import { RequireAdmin } from '../../src/auth/RequireAdmin';
import { RequireClaim } from '../../src/permissions';
import { APIProvider } from '../../src/query/APIProvider';
import { renderWithProviders } from '../support/render';

// The gates' `prerender`: the screen's first render is done, hidden, while the check is in flight; nothing of it is
// shown (nor in the accessibility tree, nor its effects run) before the check passes, and it is removed when it fails.

vi.mock('../../src/auth/AuthProvider', () => ({
  useAuth: () => ({ user: { subject: 'ada' } }),
}));

const base = 'http://api.test';
let admin = true;
let mine: number[] = [];
let answerAdminCheck: () => void = () => {};
let answerClaims: () => void = () => {};
const server = setupServer(
  http.get(`${base}/api/Claim/CheckForAdminRole`, async () => {
    await new Promise<void>((resolve) => (answerAdminCheck = resolve));
    return HttpResponse.json(admin);
  }),
  http.get(`${base}/api/Claim/GetMyClaims`, async () => {
    await new Promise<void>((resolve) => (answerClaims = resolve));
    return HttpResponse.json(mine);
  }),
  http.get(`${base}/api/Claim/GetClaimEntriesForClaimTypes`, () =>
    HttpResponse.json([
      { claimType: ClaimTypeFlags.UXClaim, claimEntries: Object.entries(MenuClaim).map(([key, value]) => ({ key, value })) },
    ]),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  admin = true;
  mine = [];
  answerAdminCheck = () => {};
  answerClaims = () => {};
});
afterAll(() => server.close());

const WAIT = { timeout: 10_000 };
let renders = 0;
let effects = 0;
function Screen() {
  renders++;
  useEffect(() => {
    effects++;
  }, []);
  return <h1 data-testid="screen">Role Management</h1>;
}

function renderGates(prerender: boolean) {
  renders = 0;
  effects = 0;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithProviders(
    <APIProvider baseUrl={base} queryClient={queryClient} clientOptions={{ retry: { retries: 0 } }}>
      <RequireAdmin fallback={<p>Not an administrator.</p>} prerender={prerender}>
        <RequireClaim claim="RoleManagement_AllowRead" fallback={<p>Ask an administrator for access.</p>} prerender={prerender}>
          <Screen />
        </RequireClaim>
      </RequireAdmin>
    </APIProvider>,
  );
}

describe('RequireAdmin and RequireClaim with prerender', () => {
  it('render the screen hidden while the checks run, then show that same render once they pass', async () => {
    mine = [MenuClaim.RoleManagement_AllowRead];
    renderGates(true);
    // Both checks in flight: the screen is rendered, hidden (no role, no effect), under the loader.
    await waitFor(() => expect(screen.getByTestId('screen')).toBeInTheDocument(), WAIT);
    const hidden = screen.getByTestId('screen');
    expect(screen.queryByRole('heading', { name: 'Role Management' })).not.toBeInTheDocument();
    expect(screen.getAllByText('Loading…').length).toBeGreaterThan(0);
    expect(effects).toBe(0);
    answerAdminCheck();
    await waitFor(() => expect(screen.queryAllByText('Loading…')).toHaveLength(1), WAIT);
    expect(screen.queryByRole('heading', { name: 'Role Management' })).not.toBeInTheDocument();
    expect(effects).toBe(0);
    answerClaims();
    expect(await screen.findByRole('heading', { name: 'Role Management' }, WAIT)).toBe(hidden);
    expect(effects).toBe(1);
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  });

  it('remove the hidden screen when the user has not the claim', async () => {
    mine = [MenuClaim.FormBuilder_AllowRead];
    renderGates(true);
    await waitFor(() => expect(screen.getByTestId('screen')).toBeInTheDocument(), WAIT);
    answerAdminCheck();
    await waitFor(() => expect(screen.queryAllByText('Loading…')).toHaveLength(1), WAIT);
    answerClaims();
    expect(await screen.findByText('Ask an administrator for access.', undefined, WAIT)).toBeInTheDocument();
    expect(screen.queryByTestId('screen')).not.toBeInTheDocument();
    expect(effects).toBe(0);
  });

  it('remove the hidden screen and the hidden claim gate when the user is not an administrator', async () => {
    admin = false;
    mine = [MenuClaim.RoleManagement_AllowRead];
    renderGates(true);
    await waitFor(() => expect(screen.getByTestId('screen')).toBeInTheDocument(), WAIT);
    answerClaims();
    answerAdminCheck();
    expect(await screen.findByText('Not an administrator.', undefined, WAIT)).toBeInTheDocument();
    expect(screen.queryByTestId('screen')).not.toBeInTheDocument();
    expect(effects).toBe(0);
  });

  it('without prerender render nothing of the screen before the checks pass', async () => {
    mine = [MenuClaim.RoleManagement_AllowRead];
    renderGates(false);
    await waitFor(() => expect(screen.getAllByText('Loading…').length).toBeGreaterThan(0), WAIT);
    answerAdminCheck();
    await waitFor(() => expect(screen.queryAllByText('Loading…')).toHaveLength(1), WAIT);
    expect(screen.queryByTestId('screen')).not.toBeInTheDocument();
    expect(renders).toBe(0);
    answerClaims();
    expect(await screen.findByRole('heading', { name: 'Role Management' }, WAIT)).toBeInTheDocument();
  });
});
