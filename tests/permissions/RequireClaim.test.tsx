import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ClaimTypeFlags, MenuClaim } from '../../src/api/enums';
import { RequireClaim } from '../../src/permissions';
import { APIProvider } from '../../src/query/APIProvider';
import { renderWithProviders } from '../support/render';

const base = 'http://api.test';
let mine: number[] = [];
let claimsFail = false;
const server = setupServer(
  http.get(`${base}/api/Claim/GetMyClaims`, () =>
    claimsFail ? HttpResponse.json({ title: 'Down' }, { status: 503 }) : HttpResponse.json(mine),
  ),
  http.get(`${base}/api/Claim/GetClaimEntriesForClaimTypes`, () =>
    HttpResponse.json([
      { claimType: ClaimTypeFlags.UXClaim, claimEntries: Object.entries(MenuClaim).map(([key, value]) => ({ key, value })) },
    ]),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  mine = [];
  claimsFail = false;
});
afterAll(() => server.close());

function renderGate(claim = 'RoleManagement_AllowRead') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithProviders(
    <APIProvider baseUrl={base} queryClient={queryClient} clientOptions={{ retry: { retries: 0 } }}>
      <RequireClaim claim={claim} fallback={<p>Ask an administrator for access.</p>}>
        <h1>Role Management</h1>
      </RequireClaim>
    </APIProvider>,
  );
}

describe('RequireClaim', () => {
  it('shows a loader while the claims load, then the screen to a holder of the claim', async () => {
    mine = [MenuClaim.RoleManagement_AllowRead];
    renderGate();
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Role Management' })).toBeInTheDocument();
  });

  it('shows the fallback to a user without the claim, and for a key the server does not know', async () => {
    mine = [MenuClaim.FormBuilder_AllowRead];
    const first = renderGate();
    expect(await screen.findByText('Ask an administrator for access.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Role Management' })).not.toBeInTheDocument();
    first.unmount();
    renderGate('NoSuchScreen_AllowRead');
    expect(await screen.findByText('Ask an administrator for access.')).toBeInTheDocument();
  });

  it("says 'Access check failed' with a retry when the claims cannot be loaded — never the fallback — and retries", async () => {
    claimsFail = true;
    const { user } = renderGate();
    expect(await screen.findByText('Access check failed')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Your permissions could not be checked.');
    expect(screen.queryByText('Ask an administrator for access.')).not.toBeInTheDocument();
    claimsFail = false;
    mine = [MenuClaim.RoleManagement_AllowRead];
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Role Management' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Access check failed')).not.toBeInTheDocument());
  });
});
