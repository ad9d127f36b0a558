import { QueryClient } from '@tanstack/react-query';
import { createRootRoute } from '@tanstack/react-router';
import { within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AdminRouteGate } from '../../example-host/src/components/AdminRouteGate';
import { adminRouteAccess } from '../../example-host/src/components/adminMenuEntries';
import { ClaimTypeFlags, MenuClaim } from '../../src/api/enums';
import { RequireClaim } from '../../src/permissions';
import { APIProvider } from '../../src/query/APIProvider';
import { renderRouter } from './support/renderRouter';

// The README's host example and the example host gate the permission screens the same way.
// The README's example, as written there, and the host's route gate render side by side under the same claims.

const readme = readFileSync(resolve(__dirname, '../../README.md'), 'utf8');
const example = readme.match(/```tsx\n([\s\S]*?)```/)?.[1] ?? '';
const ROLE_MANAGEMENT = '/admin/auth/assign-claims-to-roles';

let mine: number[] = [];
let claimsFail = false;
const server = setupServer(
  http.get('*/api/Claim/GetMyClaims', () =>
    claimsFail ? HttpResponse.json({ title: 'Down' }, { status: 503 }) : HttpResponse.json(mine),
  ),
  http.get('*/api/Claim/GetClaimEntriesForClaimTypes', () =>
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

/** The claim the README's example gates Role Management with. */
const readmeClaim = example.match(/<RequireClaim claim="(\w+)"/)?.[1];

async function renderBoth() {
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <section aria-label="README example">
          <RequireClaim claim={readmeClaim!} fallback={<p>Ask an administrator for access.</p>}>
            <p>The screen</p>
          </RequireClaim>
        </section>
        <section aria-label="Example host">
          <AdminRouteGate>
            <p>The screen</p>
          </AdminRouteGate>
        </section>
      </>
    ),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const rendered = await renderRouter(rootRoute, ROLE_MANAGEMENT, (router) => (
    <APIProvider baseUrl="http://api.test" accessToken="t" queryClient={queryClient} clientOptions={{ retry: { retries: 0 } }}>
      {router}
    </APIProvider>
  ));
  const readmeSide = within(rendered.screen.getByRole('region', { name: 'README example' }));
  const hostSide = within(rendered.screen.getByRole('region', { name: 'Example host' }));
  return { ...rendered, readmeSide, hostSide };
}

describe("the README's host example and the example host gate Role Management the same way", () => {
  it('the README gates the screen with RequireClaim and the claim of the host’s route (its menu entry’s)', () => {
    expect(example).toContain('<RoleManagement');
    expect(readmeClaim).toBe(adminRouteAccess(ROLE_MANAGEMENT)?.claim);
    // The screen sits inside the gate in the README's example.
    expect(example.indexOf('<RequireClaim')).toBeLessThan(example.indexOf('<RoleManagement'));
    expect(example.indexOf('</RequireClaim>')).toBeGreaterThan(example.indexOf('<RoleManagement'));
  });

  it('both open the screen for a holder of the claim', async () => {
    mine = [MenuClaim.RoleManagement_AllowRead];
    const { readmeSide, hostSide } = await renderBoth();
    expect(await readmeSide.findByText('The screen')).toBeInTheDocument();
    expect(await hostSide.findByText('The screen')).toBeInTheDocument();
  });

  it('both refuse a user without it, each with its own fallback', async () => {
    mine = [MenuClaim.FormBuilder_AllowRead];
    const { readmeSide, hostSide } = await renderBoth();
    expect(await readmeSide.findByText('Ask an administrator for access.')).toBeInTheDocument();
    expect(await hostSide.findByRole('heading', { name: 'No access' })).toBeInTheDocument();
    expect(readmeSide.queryByText('The screen')).not.toBeInTheDocument();
    expect(hostSide.queryByText('The screen')).not.toBeInTheDocument();
  });

  it("both say 'Access check failed' with a retry when the claims cannot be loaded, and both recover on retry", async () => {
    claimsFail = true;
    const { readmeSide, hostSide, user } = await renderBoth();
    for (const side of [readmeSide, hostSide]) {
      expect(await side.findByText('Access check failed')).toBeInTheDocument();
      expect(side.getByText('Your permissions could not be checked.')).toBeInTheDocument();
      expect(side.queryByText('Ask an administrator for access.')).not.toBeInTheDocument();
      expect(side.queryByRole('heading', { name: 'No access' })).not.toBeInTheDocument();
    }
    claimsFail = false;
    mine = [MenuClaim.RoleManagement_AllowRead];
    await user.click(hostSide.getByRole('button', { name: 'Try again' }));
    expect(await readmeSide.findByText('The screen')).toBeInTheDocument();
    expect(await hostSide.findByText('The screen')).toBeInTheDocument();
  });
});
