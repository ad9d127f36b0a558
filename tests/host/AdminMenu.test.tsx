import { waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createRootRoute } from '@tanstack/react-router';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AdminShell } from '../../example-host/src/components/AdminShell';
import { adminMenuEntries } from '../../example-host/src/components/adminMenuEntries';
import { hostLabels } from '../../example-host/src/hostLabels';
import { ClaimTypeFlags, MenuClaim } from '../../src/api/enums';
import type { MenuClaimKey } from '../../src/api/enums';
import { APIProvider } from '../../src/query/APIProvider';
import { renderRouter } from './support/renderRouter';

const ALL_LABELS = [
  'Form Builder',
  'Form Groups',
  'Form Instances',
  'Form Preview',
  'Forms',
  'Form Schemas',
  'Signing',
  'Role Management',
  'User & Role Management',
];

// The server's catalogue (key ↔ number) and the signed-in user's claim numbers.
let granted: MenuClaimKey[] = [];
const server = setupServer(
  http.get('*/api/Claim/GetClaimEntriesForClaimTypes', () =>
    HttpResponse.json([
      { claimType: ClaimTypeFlags.UXClaim, claimEntries: Object.entries(MenuClaim).map(([key, value]) => ({ key, value })) },
    ]),
  ),
  http.get('*/api/Claim/GetMyClaims', () => HttpResponse.json(granted.map((key) => MenuClaim[key]))),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  granted = [];
});
afterAll(() => server.close());

async function renderShell(path = '/admin/', onSignOut = vi.fn()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const root = createRootRoute({
    component: () => (
      <APIProvider baseUrl="http://api.test" accessToken="token" queryClient={queryClient}>
        <AdminShell userName="Ada Lovelace" onSignOut={onSignOut}>
          <p>screen</p>
        </AdminShell>
      </APIProvider>
    ),
  });
  return { ...(await renderRouter(root, path)), queryClient };
}

/** The menu's link texts once the claims have loaded. */
async function menuLabels(screen: Awaited<ReturnType<typeof renderShell>>['screen'], expectedCount: number) {
  const nav = screen.getByRole('navigation', { name: 'Admin menu' });
  await waitFor(() => expect(nav.querySelectorAll('a')).toHaveLength(expectedCount));
  return Array.from(nav.querySelectorAll('a')).map((a) => a.textContent);
}

describe('AdminMenu', () => {
  it('has an entry for every menu claim, in order', () => {
    expect(adminMenuEntries.map((e) => hostLabels[e.label])).toEqual(ALL_LABELS);
    expect(adminMenuEntries.map((e) => e.claim)).toEqual([
      'FormBuilder_AllowRead',
      'FormGroups_AllowRead',
      'FormInstances_AllowRead',
      'FormPreview_AllowRead',
      'Forms_AllowRead',
      'FormSchemas_AllowRead',
      'Signing_AllowRead',
      'RoleManagement_AllowRead',
      'UserRoleManagement_AllowRead',
    ]);
  });

  it('shows every entry to a user holding every menu claim', async () => {
    granted = adminMenuEntries.map((e) => e.claim);
    const { screen } = await renderShell();
    expect(await menuLabels(screen, ALL_LABELS.length)).toEqual(ALL_LABELS);
    expect(screen.getByRole('link', { name: 'Role Management' })).toHaveAttribute('href', '/admin/auth/assign-claims-to-roles');
    expect(screen.getByRole('link', { name: 'User & Role Management' })).toHaveAttribute(
      'href',
      '/admin/auth/assign-roles-to-users',
    );
    expect(screen.getByRole('link', { name: 'Form Groups' })).toHaveAttribute('href', '/admin/form-group/');
  });

  it('shows only the entries whose claim the user holds', async () => {
    granted = ['Forms_AllowRead', 'Signing_AllowRead'];
    const { screen } = await renderShell();
    expect(await menuLabels(screen, 2)).toEqual(['Forms', 'Signing']);
  });

  it('shows no entries without menu claims', async () => {
    const { screen, queryClient } = await renderShell();
    // Both claim reads (the user's claims and the catalogue) have answered: nothing more will appear.
    await waitFor(() => {
      const queries = queryClient.getQueryCache().getAll();
      expect(queries).toHaveLength(2);
      expect(queries.every((q) => q.state.status === 'success')).toBe(true);
    });
    expect(await menuLabels(screen, 0)).toEqual([]);
  });

  it('marks the entry of the current screen active', async () => {
    granted = ['FormGroups_AllowRead', 'Forms_AllowRead'];
    const { screen } = await renderShell('/admin/form-group/g1');
    await menuLabels(screen, 2);
    expect(screen.getByRole('link', { name: 'Form Groups' })).toHaveAttribute('data-active');
    expect(screen.getByRole('link', { name: 'Forms' })).not.toHaveAttribute('data-active');
  });

  it.each([
    ['/admin/form-manager/f1', 'Forms'],
    ['/admin/form-manager/form-schema/s1', 'Form Schemas'],
    ['/admin/form-instance/i1', 'Form Instances'],
  ])('marks, on %s (a page without an entry), the entry it is reached from: %s', async (path, entry) => {
    granted = ['Forms_AllowRead', 'FormSchemas_AllowRead', 'FormInstances_AllowRead'];
    const { screen } = await renderShell(path);
    await menuLabels(screen, 3);
    const marked = screen.getAllByRole('link').filter((link) => link.hasAttribute('data-active'));
    expect(marked.map((link) => link.textContent)).toEqual([entry]);
  });
});

describe('AdminShell', () => {
  it("shows the user's name and signs out", async () => {
    const onSignOut = vi.fn();
    const { screen, user } = await renderShell('/admin/', onSignOut);
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(onSignOut).toHaveBeenCalledOnce();
    expect(screen.getByText('screen')).toBeInTheDocument();
  });
});
