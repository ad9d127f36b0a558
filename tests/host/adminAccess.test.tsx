import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { within, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { routeTree } from '../../example-host/src/routes';
import { APIProvider } from '../../src/query/APIProvider';
import { adminMenuEntries, adminRouteAccess } from '../../example-host/src/components/adminMenuEntries';
import { hostLabels } from '../../example-host/src/hostLabels';
import { ButtonClaim, ClaimTypeFlags, MenuClaim } from '../../src/api/enums';
import { signedInAs, WithAuth } from './support/auth';
import { renderRouter } from './support/renderRouter';

// Signed in; the real RequireAdmin asks the server (CheckForAdminRole) whether this user is an administrator.
const signOut = vi.fn(() => Promise.resolve());

let isAdmin = false;
let askedFor: string | null = null;
let myClaims: number[] = [];
let claimsFail = false;
const requested: string[] = [];
const catalogue: { claimType: number; claimEntries: { key: string; value: number }[] }[] = [
  { claimType: ClaimTypeFlags.UXClaim, claimEntries: Object.entries({ ...MenuClaim, ...ButtonClaim }).map(([key, value]) => ({ key, value })) },
];
const server = setupServer(
  http.get('*/api/Claim/CheckForAdminRole', ({ request }) => {
    askedFor = new URL(request.url).searchParams.get('authId');
    return HttpResponse.json(isAdmin);
  }),
  http.get('*/api/Claim/GetMyClaims', () =>
    claimsFail ? HttpResponse.json({ title: 'Broken' }, { status: 500 }) : HttpResponse.json(myClaims),
  ),
  http.get('*/api/Claim/GetClaimEntriesForClaimTypes', () => HttpResponse.json(catalogue)),
  // Any call a screen makes: recorded, so a test can show a gated screen never started loading.
  http.get('*/api/*', ({ request }) => {
    requested.push(new URL(request.url).pathname);
    return HttpResponse.json([]);
  }),
  // The forms screens read through OData: an empty set.
  http.get('*/odata/*', ({ request }) => {
    requested.push(new URL(request.url).pathname);
    return HttpResponse.json({ value: [] });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  isAdmin = false;
  askedFor = null;
  myClaims = [];
  claimsFail = false;
  requested.length = 0;
});
afterAll(() => server.close());

function renderAdmin(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderRouter(routeTree, path, (router) => (
    <WithAuth value={signedInAs('Bo Editor', 'sub-bo', { signOut })}>
      <APIProvider baseUrl="http://api.test" accessToken="t" queryClient={queryClient}>
        {router}
      </APIProvider>
    </WithAuth>
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

describe('the public home, signed in', () => {
  it("offers an administrator 'Open admin' and 'Sign out'", async () => {
    isAdmin = true;
    const { screen } = await renderAdmin('/');
    expect(await screen.findByRole('link', { name: 'Open admin' })).toHaveAttribute('href', '/admin/');
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(askedFor).toBe('sub-bo');
  });

  it("tells someone without the admin role that the admin area is not theirs instead of offering 'Open admin'; 'Sign out' stays", async () => {
    const { screen, user } = await renderAdmin('/');
    expect(await screen.findByText(hostLabels.hostNoAdminAccessMessage)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open admin' })).not.toBeInTheDocument();
    expect(screen.getByTestId('signed-in-user')).toHaveTextContent('Signed in as Bo Editor');
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(signOut).toHaveBeenCalled();
  });
});

describe("back from a sign-in started on the home ('/?continue=admin')", () => {
  it('goes on to the admin home for someone the admin area lets in', async () => {
    isAdmin = true;
    const { screen, router } = await renderAdmin('/?continue=admin');
    expect(await screen.findByRole('heading', { name: 'Admin home' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/');
    // Replaced, not pushed: Back does not return to the home only to be sent on again.
    expect(router.history.length).toBe(1);
  });

  it("stays on the home for anyone else, saying the admin area is not theirs, and drops 'continue' from the address", async () => {
    const { screen, router } = await renderAdmin('/?continue=admin');
    expect(await screen.findByText(hostLabels.hostNoAdminAccessMessage)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.href).toBe('/'));
    expect(screen.queryByRole('heading', { name: 'No access' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });
});

describe('the admin check itself fails', () => {
  it("says 'Access check failed' in the host's words, with the cause as details", async () => {
    server.use(http.get('*/api/Claim/CheckForAdminRole', () => HttpResponse.json({ title: 'Down' }, { status: 503 })));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { screen } = await renderRouter(routeTree, '/admin/', (router) => (
      <WithAuth value={signedInAs('Bo Editor', 'sub-bo', { signOut })}>
        <APIProvider baseUrl="http://api.test" accessToken="t" queryClient={queryClient} labels={{ accessCheckFailed: 'Zugriffsprüfung fehlgeschlagen' }}>
          {router}
        </APIProvider>
      </WithAuth>
    ));
    // Retried twice (300 + 600 ms) after the admin area's chunk has loaded: more than findBy's default 1 s.
    expect(await screen.findByText('Zugriffsprüfung fehlgeschlagen', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Your permissions could not be checked.')).toBeInTheDocument();
  });
});

/** The access rule of `pathname` with its screen's name as the host writes it (the rule holds the text's key). */
function namedRouteAccess(pathname: string) {
  const access = adminRouteAccess(pathname);
  return access && { ...access, label: hostLabels[access.label] };
}

describe('admin routes check the same claim as their menu entry', () => {
  it('maps every menu entry, and the routes without one, to a claim; the admin home needs none', () => {
    for (const entry of adminMenuEntries) {
      expect(adminRouteAccess(entry.to)?.claim).toBe(entry.claim);
      expect(adminRouteAccess(`${entry.to.replace(/\/$/, '')}/some-id`)?.claim).toBe(entry.claim);
    }
    expect(adminRouteAccess('/admin/form-group/42')?.claim).toBe('FormGroups_AllowRead');
    expect(adminRouteAccess('/admin/form-manager/7')?.claim).toBe('Forms_AllowRead');
    expect(adminRouteAccess('/admin/form-manager/form-schema/9')?.claim).toBe('FormSchemas_AllowRead');
    // One instance's page is gated like the list of instances; the list's own path is not taken for it.
    expect(namedRouteAccess('/admin/form-instance/3')).toMatchObject({ label: 'Form Instance', claim: 'FormInstances_AllowRead' });
    // The Outbox's only call is for administrators: the screen asks for the same claim instead of failing for an editor.
    expect(namedRouteAccess('/admin/outbox/')).toMatchObject({ label: 'Outbox', claim: 'GlobalDataAdmin' });
    expect(namedRouteAccess('/admin/form-instances/')?.label).toBe('Form Instances');
    expect(adminRouteAccess('/admin/')).toBeNull();
    expect(adminRouteAccess('/admin')).toBeNull();
    // A prefix of a word is not the route: /admin/forms is not /admin/form-…
    expect(adminRouteAccess('/admin/formsX')).toBeNull();
  });

  it("an editor who types Role Management's URL gets 'No access', and the screen never loads its data", async () => {
    isAdmin = true;
    myClaims = [MenuClaim.FormBuilder_AllowRead];
    const { screen } = await renderAdmin('/admin/auth/assign-claims-to-roles');
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeInTheDocument();
    expect(screen.getByText(/Your account does not have access to Role Management\./)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Role Management' })).not.toBeInTheDocument();
    expect(screen.queryByText('Failed to load claim groups. Please try again.')).not.toBeInTheDocument();
    expect(requested.filter((p) => p.includes('ClaimGroups'))).toEqual([]);
    // The menu shows what they may open, and the admin home link leads back.
    const menu = screen.getByRole('navigation', { name: 'Admin menu' });
    expect(within(menu).getByRole('link', { name: 'Form Builder' })).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Role Management' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the admin home' })).toHaveAttribute('href', '/admin/');
  });

  it.each(adminMenuEntries.map((e) => [hostLabels[e.label], e] as const))('%s opens only with its menu claim', async (label, entry) => {
    isAdmin = true;
    const { screen, unmount } = await renderAdmin(entry.to);
    expect(await screen.findByText(`Your account does not have access to ${label}. Ask an administrator for access, or choose a screen from the menu.`)).toBeInTheDocument();
    unmount();
    // The builder opened without a form starts one: that also needs the CreateForm button claim.
    myClaims = [MenuClaim[entry.claim], ...(entry.claim === 'FormBuilder_AllowRead' ? [ButtonClaim.CreateForm_AllowRead] : [])];
    const again = await renderAdmin(entry.to);
    // The builder titles a new form 'New form'.
    const title = entry.claim === 'FormBuilder_AllowRead' ? 'New form' : label;
    expect(await again.screen.findByRole('heading', { level: 1, name: title }, { timeout: 5000 })).toBeInTheDocument();
    expect(again.screen.queryByRole('heading', { name: 'No access' })).not.toBeInTheDocument();
    again.unmount();
  });

  it('GlobalDataAdmin opens every screen', async () => {
    isAdmin = true;
    myClaims = [0];
    catalogue[0]!.claimEntries.push({ key: 'GlobalDataAdmin', value: 0 });
    try {
      const { screen } = await renderAdmin('/admin/auth/assign-roles-to-users');
      expect(await screen.findByRole('heading', { name: 'User & Role Management' })).toBeInTheDocument();
    } finally {
      catalogue[0]!.claimEntries.pop();
    }
  });

  it('says when the access check itself failed, and retries', async () => {
    isAdmin = true;
    claimsFail = true;
    const { screen, user } = await renderAdmin('/admin/form-builder/');
    // The client retries the failing GET twice (300 + 600 ms) after the admin area's chunk has loaded: more than the
    // default 1 s of findBy.
    expect(await screen.findByText('Access check failed', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'No access' })).not.toBeInTheDocument();
    claimsFail = false;
    myClaims = [MenuClaim.FormBuilder_AllowRead];
    await user.click(screen.getByRole('button', { name: /try again|retry/i }));
    await waitFor(() => expect(screen.queryByText('Access check failed')).not.toBeInTheDocument());
  });
});
