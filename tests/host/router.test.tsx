import { createMemoryHistory, createRootRoute, createRoute, Outlet } from '@tanstack/react-router';
import { act, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAppRouter, routerOptions } from '../../example-host/src/router';
import { routeTree } from '../../example-host/src/routes';
import { NotFoundPage } from '../../example-host/src/components/NotFoundPage';
import { RouteErrorPage } from '../../example-host/src/components/RouteErrorPage';
import { renderRouter } from './support/renderRouter';
import { APIProvider } from '../../src/query/APIProvider';
import { createFakeBackend } from '../../src/testing';
import { seedIds } from '../../src/testing/seed-ids';
import { INSTANCE_PAGE_PATH, SIGNING_PAGE_PATH } from '../../src/domain/signing';


describe('routerOptions', () => {
  it('uses the navigation numbers of docs/spec.md, Screens and routes and Constants and limits', () => {
    expect(routerOptions.defaultPreload).toBe('intent');
    expect(routerOptions.defaultPreloadDelay).toBe(50);
    expect(routerOptions.defaultPreloadStaleTime).toBe(0);
    expect(routerOptions.defaultPendingMs).toBe(1000);
    expect(routerOptions.defaultPendingMinMs).toBe(500);
    expect(routerOptions.defaultGcTime).toBe(300_000);
    expect(routerOptions.scrollRestoration).toBe(true);
    expect(routerOptions.defaultNotFoundComponent).toBe(NotFoundPage);
    expect(routerOptions.defaultErrorComponent).toBe(RouteErrorPage);
  });

  it('reach the router', () => {
    const router = createAppRouter();
    expect(router.options).toMatchObject({
      defaultPreload: 'intent',
      defaultPreloadDelay: 50,
      defaultPreloadStaleTime: 0,
      defaultPendingMs: 1000,
      defaultPendingMinMs: 500,
      defaultGcTime: 300_000,
      scrollRestoration: true,
    });
  });
});

describe('route table', () => {
  /** The leaf route that renders `path`, or undefined when only layouts match (a 'Not Found'). */
  function pageRouteOf(path: string) {
    const router = createAppRouter();
    const last = router.matchRoutes(path).at(-1);
    const route = last ? router.routesById[last.routeId as keyof typeof router.routesById] : undefined;
    return route && !route.children ? route : undefined;
  }

  it.each([
    '/',
    '/form-instance/s1',
    '/form/f1',
    '/authentication/login-callback',
    '/admin/',
    '/admin/form-preview/',
    '/admin/form-group/',
    '/admin/form-group/g1',
    '/admin/form-builder/',
    '/admin/form-manager/f1',
    '/admin/form-manager/form-schema/s1',
    '/admin/auth/assign-roles-to-users',
    '/admin/auth/assign-claims-to-roles',
    '/admin/forms/',
    '/admin/form-schemas/',
    '/admin/form-instances/',
    '/admin/form-instance/i1',
    '/admin/signing/',
  ])('matches %s with a page of its own (docs/spec.md, Screens and routes)', (path) => {
    expect(pageRouteOf(path)).toBeDefined();
  });

  it('has the pages the reference backend links to in its mail: the signing page and a form instance page', () => {
    expect(pageRouteOf(`${SIGNING_PAGE_PATH}`)?.fullPath).toBe('/sign');
    expect(pageRouteOf(`${INSTANCE_PAGE_PATH}i1`)?.fullPath).toBe('/admin/form-instance/$formInstanceId');
  });

  it.each(['/nope', '/admin/nope', '/admin/form-linking/'])('has no page for %s', (path) => {
    expect(pageRouteOf(path)).toBeUndefined();
  });

  it.each([
    ['/admin/form-manager/', '/admin/forms/'],
    ['/admin/form-manager', '/admin/forms/'],
    ['/admin/form-manager/form-schema/', '/admin/form-schemas/'],
    ['/admin/auth/', '/admin/auth/assign-roles-to-users'],
  ])('sends %s, a folder with no page of its own, to the list its screens open from (%s)', async (from, to) => {
    const history = createMemoryHistory({ initialEntries: ['/admin/'] });
    const router = createAppRouter({ history });
    await router.load();
    await router.navigate({ href: from });
    expect(router.state.location.pathname).toBe(to);
    // The address that redirects never enters the history: Back leaves the list for the page before.
    expect(history.length).toBe(2);
  });

  it('keeps the admin routes under the authenticated layout and the sign-in callback outside it', () => {
    const router = createAppRouter();
    const ids = (path: string) => router.matchRoutes(path).map((m) => m.routeId);
    expect(ids('/admin/form-builder/')).toContain('/authenticated');
    expect(ids('/admin/form-builder/')).toContain('/authenticated/admin');
    expect(ids('/authentication/login-callback')).not.toContain('/authenticated');
    expect(ids('/form-instance/s1')).not.toContain('/authenticated');
  });
});

describe('Not Found', () => {
  it("shows 'Not Found' and a link home for an unmatched path", async () => {
    const { screen } = await renderRouter(routeTree, '/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});

describe('public form instance', () => {
  // The page renders the library's FormInstanceViewer, which reads the schema from the fake backend.
  const api = 'http://api.test';
  const backend = createFakeBackend();
  const server = setupServer(...backend.handlers(api));
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());

  it.each([
    ['?mode=edit', 'edit'],
    ['?mode=view', 'view'],
    ['?mode=EDIT', 'edit'],
    ['', 'view'],
  ])('shows the form in the mode of search %j: %s', async (search, mode) => {
    const { screen, container } = await renderRouter(routeTree, `/form-instance/${seedIds.formSchemas.contactRequestV1}${search}`, (router) => (
      <APIProvider baseUrl={api}>{router}</APIProvider>
    ));
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact Request' })).toBeInTheDocument();
    expect(container.querySelector('.ccq-FormInstanceViewer-root')).toHaveAttribute('data-mode', mode);
  });

  it("serves a form's stable link /form/{formId} (beyond the spec's routes) with its current public version, outside the signed-in layout", async () => {
    expect(createAppRouter().matchRoutes('/form/f1').map((m) => m.routeId)).not.toContain('/authenticated');
    const { screen, container } = await renderRouter(routeTree, `/form/${seedIds.forms.contactRequest}?mode=edit`, (router) => (
      <APIProvider baseUrl={api}>{router}</APIProvider>
    ));
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact Request' })).toBeInTheDocument();
    expect(container.querySelector('.ccq-FormInstanceViewer-root')).toHaveAttribute('data-mode', 'edit');
  });
});

describe('RouteErrorPage', () => {
  function failingTree() {
    const root = createRootRoute({ component: Outlet });
    const broken = createRoute({
      getParentRoute: () => root,
      path: '/broken',
      component: () => {
        throw new Error('Form schema 42 could not be read.');
      },
    });
    return root.addChildren([broken]);
  }

  it("shows 'Something went wrong!' and reveals the error with 'Show Error'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { screen, user } = await renderRouter(failingTree(), '/broken');
    expect(await screen.findByRole('heading', { name: 'Something went wrong!' })).toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Show Error' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Form schema 42 could not be read.')).not.toBeVisible();
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide Error' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Form schema 42 could not be read.')).toBeVisible();
    vi.restoreAllMocks();
  });
});

describe('scroll restoration', () => {
  it('saves scroll state at most every 100 ms (docs/spec.md, Constants and limits)', async () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const root = createRootRoute({ component: () => <div style={{ height: 5000 }}>long page</div> });
    await renderRouter(root, '/');
    await waitFor(() => expect(window.history.scrollRestoration).toBe('manual'));
    const started = Date.now();
    for (let i = 0; i < 30; i += 1) {
      // jsdom does not scroll; the event is what the router listens to.
      act(() => {
        document.dispatchEvent(new Event('scroll'));
      });
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const elapsed = Date.now() - started;
    const saves = setItem.mock.calls.filter(([key]) => String(key).startsWith('tsr-scroll')).length;
    expect(saves).toBeLessThanOrEqual(Math.floor(elapsed / 100) + 1);
    setItem.mockRestore();
  });
});
