import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { routeTree } from '../../example-host/src/routes';
import type * as AuthProviderModule from '../../src/auth/AuthProvider';
import type { AuthContextValue } from '../../src/auth/AuthProvider';
import { APIProvider } from '../../src/query/APIProvider';
import { renderRouter } from './support/renderRouter';

// Signed in; the real RequireAdmin asks the server (CheckForAdminRole) whether this user is an administrator.
const signOut = vi.fn(() => Promise.resolve());
vi.mock('../../src/auth/AuthProvider', async (importOriginal) => ({
  ...(await importOriginal<typeof AuthProviderModule>()),
  useAuth: (): Partial<AuthContextValue> => ({
    isLoading: false,
    isAuthenticated: true,
    error: null,
    user: { name: 'Bo Editor', accessToken: 't', idToken: 'i', subject: 'sub-bo', email: undefined, expiresAt: undefined },
    signIn: vi.fn(() => Promise.resolve()),
    signOut,
  }),
}));

let isAdmin = false;
let askedFor: string | null = null;
const server = setupServer(
  http.get('*/api/Claim/CheckForAdminRole', ({ request }) => {
    askedFor = new URL(request.url).searchParams.get('authId');
    return HttpResponse.json(isAdmin);
  }),
  http.get('*/api/Claim/GetMyClaims', () => HttpResponse.json([])),
  http.get('*/api/Claim/GetClaimEntriesForClaimTypes', () => HttpResponse.json([])),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  isAdmin = false;
  askedFor = null;
});
afterAll(() => server.close());

function renderAdmin(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderRouter(routeTree, path, (router) => (
    <APIProvider baseUrl="http://api.test" accessToken="t" queryClient={queryClient}>
      {router}
    </APIProvider>
  ));
}

describe('admin layout', () => {
  it('lets an administrator in', async () => {
    isAdmin = true;
    const { screen } = await renderAdmin('/admin/');
    expect(await screen.findByRole('heading', { name: 'Admin home' })).toBeInTheDocument();
    expect(screen.getByTestId('signed-in-user')).toHaveTextContent('Bo Editor');
    expect(askedFor).toBe('sub-bo');
  });

  it('tells a signed-in user without the admin role, and offers sign out', async () => {
    const { screen, user } = await renderAdmin('/admin/form-builder/');
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Admin menu' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(signOut).toHaveBeenCalled();
  });
});
