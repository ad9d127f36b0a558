import { QueryClient } from '@tanstack/react-query';
import { waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { routeTree } from '../../example-host/src/routes';
import type * as AuthProviderModule from '../../src/auth/AuthProvider';
import type { AuthContextValue } from '../../src/auth/AuthProvider';
import { APIProvider } from '../../src/query/APIProvider';
import { createFakeBackend } from '../../src/testing';
import { seedIds } from '../../src/testing/seed-ids';
import { renderRouter } from './support/renderRouter';

// Signed in as the fake backend's administrator: the real admin check, route gate and claims run against the fake.
vi.mock('../../src/auth/AuthProvider', async (importOriginal) => ({
  ...(await importOriginal<typeof AuthProviderModule>()),
  useAuth: (): Partial<AuthContextValue> => ({
    isLoading: false,
    isAuthenticated: true,
    error: null,
    user: { name: 'Ada Admin', accessToken: 't', idToken: 'i', subject: 'admin', email: undefined, expiresAt: undefined },
    signIn: vi.fn(() => Promise.resolve()),
    signOut: vi.fn(() => Promise.resolve()),
  }),
}));

const backend = createFakeBackend();
const server = setupServer(...backend.handlers('http://api.test'));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  backend.reset();
});
afterAll(() => server.close());

function renderAdmin(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderRouter(routeTree, path, (router) => (
    <APIProvider baseUrl="http://api.test" accessToken={backend.tokenFor('admin')} queryClient={queryClient}>
      {router}
    </APIProvider>
  ));
}

describe('the admin home and the form preview routes', () => {
  it("/admin/ is the dashboard, titled 'Admin home'; 'New form' goes to the form builder and a recent form to its manager", async () => {
    const { screen, user, router } = await renderAdmin('/admin/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin home' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Admin home — CCQ Forms Admin'));
    await user.click(await screen.findByRole('button', { name: 'New form' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/form-builder/'));

    await router.navigate({ to: '/admin/' });
    const recent = await screen.findByRole('region', { name: 'Forms changed recently' });
    await user.click(await within(recent).findByRole('button', { name: /^Expense Claim Changed/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/form-manager/${seedIds.forms.expenseClaim}`));
  });

  it("'Preview a form' opens /admin/form-preview/, the preview, which saves nothing", async () => {
    const { screen, user, router } = await renderAdmin('/admin/');
    await user.click(await screen.findByRole('button', { name: 'Preview a form' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/form-preview/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Form Preview' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Form Preview — CCQ Forms Admin'));
    await user.click(screen.getByRole('combobox', { name: 'Form' }));
    await user.click(await screen.findByRole('option', { name: 'Contact Request' }));
    expect(await screen.findByRole('region', { name: 'Preview of Contact Request, Fill in, Desktop' })).toBeInTheDocument();
    expect(backend.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });
});
