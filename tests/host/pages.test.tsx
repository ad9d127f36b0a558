import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { routeTree } from '../../example-host/src/routes';
import type * as AuthProviderModule from '../../src/auth/AuthProvider';
import type { AuthContextValue } from '../../src/auth/AuthProvider';
import { grantedClaims } from './support/permissions.mock';
import { renderRouter } from './support/renderRouter';

vi.mock('../../src/permissions', () => import('./support/permissions.mock'));
vi.mock('../../src/auth/RequireAdmin', () => import('./support/requireAdmin.mock'));

const auth = vi.hoisted(() => ({ current: {} as Partial<AuthContextValue> }));
vi.mock('../../src/auth/AuthProvider', async (importOriginal) => ({
  ...(await importOriginal<typeof AuthProviderModule>()),
  useAuth: () => auth.current,
}));

const signedOut = (): Partial<AuthContextValue> => ({
  user: null,
  isLoading: false,
  isAuthenticated: false,
  error: null,
  signIn: vi.fn(() => Promise.resolve()),
  signOut: vi.fn(() => Promise.resolve()),
});
const signedIn = (): Partial<AuthContextValue> => ({
  ...signedOut(),
  isAuthenticated: true,
  user: { name: 'Ada Lovelace', accessToken: 't', idToken: 'i', subject: 'sub-1', email: 'ada@example.com', expiresAt: undefined },
});

beforeEach(() => {
  grantedClaims.clear();
  auth.current = signedOut();
});

describe('public home', () => {
  it("offers 'Sign in', returning to the home, asked to go on to the admin home", async () => {
    const { screen, user } = await renderRouter(routeTree, '/');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(auth.current.signIn).toHaveBeenCalledWith({ returnTo: '/?continue=admin' });
  });

  it("says who is signed in and offers 'Open admin' and 'Sign out', which ends the session and lands on the signed-out page", async () => {
    auth.current = signedIn();
    const { screen, user, router } = await renderRouter(routeTree, '/');
    expect(await screen.findByRole('link', { name: 'Open admin' })).toHaveAttribute('href', '/admin/');
    expect(screen.getByText('Signed in as Ada Lovelace')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(auth.current.signOut).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/signed-out'));
  });
});

describe('admin area', () => {
  it('sends a signed-out visitor to sign in', async () => {
    const { screen } = await renderRouter(routeTree, '/admin/form-builder/');
    await waitFor(() => expect(auth.current.signIn).toHaveBeenCalled());
    expect(screen.queryByRole('navigation', { name: 'Admin menu' })).not.toBeInTheDocument();
  });

  // The form builder and Signing are screens of their own now: tests/host/form-builder-route.test.tsx,
  // tests/host/signing-route.test.tsx.

  // Route params reaching a screen: tests/host/form-manager-routes.test.tsx (the form manager routes, on the fake backend).

  it("shows 'Not Found' inside the admin shell for an unknown admin path", async () => {
    auth.current = signedIn();
    const { screen } = await renderRouter(routeTree, '/admin/no-such-screen');
    expect(await screen.findByRole('heading', { name: 'Not Found' })).toBeInTheDocument();
  });
});

describe('public home sign-in failure', () => {
  it('says sign-in failed when the redirect cannot start', async () => {
    auth.current = {
      ...signedOut(),
      signIn: vi.fn(() => Promise.reject(new Error('offline'))),
      error: { source: 'signinRedirect', message: 'Failed to fetch', cause: null },
    };
    const { screen, user } = await renderRouter(routeTree, '/');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Sign in failed');
    expect(screen.getByRole('alert')).toHaveTextContent("We couldn't sign you in. Please try again.");
  });
});
