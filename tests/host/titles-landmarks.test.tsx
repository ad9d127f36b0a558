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

describe('document titles: each route its own', () => {
  it.each([
    ['/', 'CCQ Forms Admin'],
    ['/signed-out', 'Signed out — CCQ Forms Admin'],
    ['/no-such-page', 'Not Found — CCQ Forms Admin'],
    ['/form-instance/f-1?mode=bogus', 'This form link is not valid — CCQ Forms Admin'],
  ])('%s is titled %j', async (path, title) => {
    await renderRouter(routeTree, path);
    await waitFor(() => expect(document.title).toBe(title));
  });

  it.each([
    ['/admin/form-builder/', 'Form Builder — CCQ Forms Admin', 'FormBuilder_AllowRead'],
    ['/admin/no-such-screen', 'Not Found — CCQ Forms Admin', null],
  ])('%s is titled %j', async (path, title, claim) => {
    auth.current = signedIn();
    if (claim) grantedClaims.add(claim);
    await renderRouter(routeTree, path);
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('follows navigation: the next page replaces the title', async () => {
    auth.current = signedIn();
    grantedClaims.add('FormBuilder_AllowRead');
    // Without the Signing claim the gate's 'No access' still titles the tab by the screen (the screen itself needs an
    // API this test does not serve).
    const { router } = await renderRouter(routeTree, '/admin/form-builder/');
    await waitFor(() => expect(document.title).toBe('Form Builder — CCQ Forms Admin'));
    await router.navigate({ to: '/admin/signing/' });
    await waitFor(() => expect(document.title).toBe('Signing — CCQ Forms Admin'));
    expect(document.head.querySelectorAll('title').length).toBeLessThanOrEqual(3);
  });
});

describe('landmarks and headings', () => {
  it.each(['/', '/signed-out', '/no-such-page', '/form-instance/f-1?mode=bogus'])('%s has one <main> and one h1', async (path) => {
    const { screen } = await renderRouter(routeTree, path);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('an admin page keeps the shell as its one <main>, even for Not Found', async () => {
    auth.current = signedIn();
    const { screen } = await renderRouter(routeTree, '/admin/no-such-screen');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not Found' })).toBeInTheDocument();
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1, name: 'Not Found' }));
  });
});

describe('the public form route: mode', () => {
  it("says a mode other than edit or view is not known, instead of an empty read-only form, and offers both", async () => {
    const { screen } = await renderRouter(routeTree, '/form-instance/f-1?mode=bogus&formInstanceId=i-1&token=t-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'This form link is not valid' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent("The mode 'bogus' is not known: it must be 'edit' or 'view'.");
    expect(screen.getByRole('link', { name: 'Fill in the form' })).toHaveAttribute('href', '/form-instance/f-1?mode=edit&formInstanceId=i-1&token=t-1');
    expect(screen.getByRole('link', { name: 'Read the form' })).toHaveAttribute('href', '/form-instance/f-1?mode=view&formInstanceId=i-1&token=t-1');
  });
});
