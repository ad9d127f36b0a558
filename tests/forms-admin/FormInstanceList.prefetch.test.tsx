import '../host/support/jsdom';
import { MantineProvider } from '@mantine/core';
import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { act, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HostRouterProvider } from '../../example-host/src/HostRouterProvider';
import { routerOptions, type AppRouter } from '../../example-host/src/router';
import { routeTree } from '../../example-host/src/routes';
import { ClaimTypeFlags, MenuClaim } from '../../src/api/enums';
import { APIProvider, createDefaultQueryClient } from '../../src/query/APIProvider';
import { ccqTheme } from '../../src/ui/theme';
import { signedInAdmin, WithAuth } from '../host/support/auth';

// Signed in; the real RequireAdmin asks the server whether this user is an administrator and for their claims. With
// `signedOut.now`, no one is: the admin area sends to the sign-in.
const signedOut = { now: false };

const ROW_ID = '00000000-0000-4000-8000-00000000abcd';
const FORM_ID = '00000000-0000-4000-8000-000000000f01';
let isAdmin = true;
/** What the server saw and answered, in order. */
const events: string[] = [];
let listAsked: () => void = () => {};
let listAskedOnce = new Promise<void>((resolve) => (listAsked = resolve));
let formsAsked: () => void = () => {};
let formsAskedOnce = new Promise<void>((resolve) => (formsAsked = resolve));
// The sign-in checks answer once the list's page and the filter's forms have been asked for, or after 3 s: a screen
// that asks only after the admin area has opened (after these answers) asks late, and the order below shows it. (They
// waited for the list alone, and a loaded machine let them answer between the list's ask and the forms', asked
// beside it.)
const afterList = () => Promise.race([Promise.all([listAskedOnce, formsAskedOnce]), new Promise<void>((resolve) => setTimeout(resolve, 3000))]);
const server = setupServer(
  http.get('*/api/Claim/CheckForAdminRole', async () => {
    await afterList();
    events.push('admin check answered');
    return HttpResponse.json(isAdmin);
  }),
  http.get('*/api/Claim/GetMyClaims', async () => {
    await afterList();
    events.push('claims answered');
    return HttpResponse.json(isAdmin ? [MenuClaim.FormInstances_AllowRead] : []);
  }),
  http.get('*/api/Claim/GetClaimEntriesForClaimTypes', () =>
    HttpResponse.json([{ claimType: ClaimTypeFlags.UXClaim, claimEntries: Object.entries(MenuClaim).map(([key, value]) => ({ key, value })) }]),
  ),
  http.get('*/odata/FormInstanceOData', () => {
    events.push('list asked');
    listAsked();
    // As the server answers a user without the admin role.
    if (!isAdmin) return HttpResponse.json({ title: 'Forbidden' }, { status: 403 });
    return HttpResponse.json({
      '@odata.count': 1,
      value: [
        {
          formInstanceId: ROW_ID,
          formSchemaId: '00000000-0000-4000-8000-000000000501',
          formId: FORM_ID,
          status: 2,
          isDeleted: false,
          createdDateTime: '2026-11-01T10:00:00Z',
          lastUpdatedDateTime: '2026-11-02T10:00:00Z',
          form: { formId: FORM_ID, name: 'Loan application', formGroupId: null },
          formSchema: { formSchemaId: '00000000-0000-4000-8000-000000000501', version: 1 },
        },
      ],
    });
  }),
  http.get('*/odata/FormOData', () => {
    events.push('forms asked');
    formsAsked();
    return HttpResponse.json({ value: [] });
  }),
  http.get('*/odata/*', () => HttpResponse.json({ value: [] })),
  http.get('*/api/*', () => HttpResponse.json([])),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  isAdmin = true;
  signedOut.now = false;
  events.length = 0;
  listAskedOnce = new Promise<void>((resolve) => (listAsked = resolve));
  formsAskedOnce = new Promise<void>((resolve) => (formsAsked = resolve));
});
afterAll(() => server.close());

/** The host's router at `path` under an API provider, as the host renders it (App: HostRouterProvider). */
async function renderHost(path: string) {
  // The host's own query client (App gives none, so the provider makes this one): answers stay fresh 30 s.
  const queryClient = createDefaultQueryClient();
  const router = createRouter({ routeTree, ...routerOptions, history: createMemoryHistory({ initialEntries: [path] }) }) as unknown as AppRouter;
  const result = render(
    <MantineProvider theme={ccqTheme} env="test">
      <WithAuth value={signedOut.now ? signedInAdmin({ isAuthenticated: false, user: null }) : signedInAdmin()}>
        <APIProvider baseUrl="http://api.test" accessToken="t" queryClient={queryClient}>
          <HostRouterProvider router={router} />
        </APIProvider>
      </WithAuth>
    </MantineProvider>,
  );
  await act(async () => {
    await router.load();
  });
  return result;
}

describe('Form Instances route: the first page asked for as the route is entered', () => {
  it('asks for the list before the sign-in checks answer, and the screen shows that one read', async () => {
    await renderHost('/admin/form-instances/');
    expect(await screen.findByText(ROW_ID.slice(-8), undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(events.indexOf('list asked')).toBeGreaterThanOrEqual(0);
    expect(events.indexOf('list asked')).toBeLessThan(events.indexOf('claims answered'));
    expect(events.indexOf('list asked')).toBeLessThan(events.indexOf('admin check answered'));
    // The forms its filter offers (and the other filter reads) are asked for beside it.
    expect(events.indexOf('forms asked')).toBeGreaterThanOrEqual(0);
    expect(events.indexOf('forms asked')).toBeLessThan(events.indexOf('claims answered'));
    // The screen took the read in flight (the same query): no second read of the page.
    expect(events.filter((e) => e === 'list asked')).toHaveLength(1);
  });

  it('asks for nothing when no one is signed in: the route sends to the sign-in, and a read would only be refused', async () => {
    signedOut.now = true;
    await renderHost('/admin/form-instances/');
    // The route's loader has run (router.load above); a read it started would have been asked for by now.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(events).toEqual([]);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows someone without access what it showed before (the server refuses the read; no row on screen)', async () => {
    isAdmin = false;
    await renderHost('/admin/form-instances/');
    expect(await screen.findByRole('heading', { level: 1, name: 'No access' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByText(ROW_ID.slice(-8))).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
