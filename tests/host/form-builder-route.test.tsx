import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { routeTree } from '../../example-host/src/routes';
import { validateFormBuilderSearch } from '../../example-host/src/formBuilderSearch';
import { ButtonClaim, ClaimTypeFlags, MenuClaim } from '../../src/api/enums';
import { APIProvider } from '../../src/query/APIProvider';
import { defaultLabels } from '../../src/query/labels';
import { signedInAs, WithAuth } from './support/auth';
import { renderRouter } from './support/renderRouter';

// Signed in as an administrator whose claims each test chooses.

let myClaims: number[] = [];
const catalogue = [{ claimType: ClaimTypeFlags.UXClaim, claimEntries: Object.entries({ ...MenuClaim, ...ButtonClaim }).map(([key, value]) => ({ key, value })) }];
const server = setupServer(
  http.get('*/api/Claim/CheckForAdminRole', () => HttpResponse.json(true)),
  http.get('*/api/Claim/GetMyClaims', () => HttpResponse.json(myClaims)),
  http.get('*/api/Claim/GetClaimEntriesForClaimTypes', () => HttpResponse.json(catalogue)),
  http.get('*/api/*', () => HttpResponse.json([])),
  http.get('*/odata/*', () => HttpResponse.json({ value: [] })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  myClaims = [];
});
afterAll(() => server.close());

function renderAdmin(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderRouter(routeTree, path, (router) => (
    <WithAuth value={signedInAs('Bo Editor', 'sub-bo')}>
      <APIProvider baseUrl="http://api.test" accessToken="t" queryClient={queryClient}>
        {router}
      </APIProvider>
    </WithAuth>
  ));
}

const FORM = '50000000-0000-4000-8000-000000000004';

describe('/admin/form-builder/', () => {
  it('reads the form (and version) to open from the search, as text, leaving out anything else', () => {
    expect(validateFormBuilderSearch({})).toEqual({});
    expect(validateFormBuilderSearch({ formId: FORM, formSchemaId: 'v', other: 'x' })).toEqual({ formId: FORM, formSchemaId: 'v' });
    expect(validateFormBuilderSearch({ formId: 42, formSchemaId: '' })).toEqual({});
  });

  it("a new form needs CreateForm: without it 'No access', with it the builder", async () => {
    myClaims = [MenuClaim.FormBuilder_AllowRead, ButtonClaim.EditForm_AllowRead];
    const first = await renderAdmin('/admin/form-builder/');
    expect(await first.screen.findByRole('heading', { name: 'No access' })).toBeInTheDocument();
    expect(first.screen.getByText(/does not have access to creating forms/)).toBeInTheDocument();
    first.unmount();
    myClaims = [MenuClaim.FormBuilder_AllowRead, ButtonClaim.CreateForm_AllowRead];
    const again = await renderAdmin('/admin/form-builder/');
    expect(await again.screen.findByRole('heading', { level: 1, name: /Form Builder|New form/ })).toBeInTheDocument();
    expect(again.screen.queryByRole('heading', { name: 'No access' })).not.toBeInTheDocument();
  });

  it("an existing form (?formId=, as the form manager opens it) needs EditForm: without it 'No access'", async () => {
    myClaims = [MenuClaim.FormBuilder_AllowRead, ButtonClaim.CreateForm_AllowRead];
    const { screen, router } = await renderAdmin(`/admin/form-builder/?formId=${FORM}`);
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeInTheDocument();
    expect(screen.getByText(/does not have access to editing forms/)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toEqual({ formId: FORM }));
  });

  it("with unsaved changes, the menu asks 'Leave without saving?' as 'Back' does: Cancel stays, Leave goes; 'Back' asks once", async () => {
    myClaims = [MenuClaim.FormBuilder_AllowRead, MenuClaim.Forms_AllowRead, ButtonClaim.CreateForm_AllowRead];
    const { screen, user, router } = await renderAdmin('/admin/form-builder/');
    const menu = await screen.findByRole('navigation', { name: 'Admin menu' });
    // Nothing to lose yet: the menu leaves at once.
    await user.click(within(menu).getByRole('link', { name: 'Forms' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/forms/'));
    await user.click(within(menu).getByRole('link', { name: 'Form Builder' }));
    await user.click(await screen.findByRole('button', { name: 'Add Short text' }, { timeout: 10_000 }));
    await within(screen.getByRole('toolbar', { name: 'Builder tools' })).findByText(defaultLabels.fbUnsaved);
    await user.click(within(menu).getByRole('link', { name: 'Forms' }));
    const ask = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/admin/form-builder/');
    // 'Back' asks with the builder's own dialog, and its Leave goes without a second question.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/admin\/forms\/$/));
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).not.toBeInTheDocument();
    // Through the menu, with unsaved changes again: Leave goes.
    await user.click(within(menu).getByRole('link', { name: 'Form Builder' }));
    await user.click(await screen.findByRole('button', { name: 'Add Short text' }, { timeout: 10_000 }));
    await within(screen.getByRole('toolbar', { name: 'Builder tools' })).findByText(defaultLabels.fbUnsaved);
    await user.click(within(menu).getByRole('link', { name: 'Forms' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/forms/'));
  });

  it('without the Form Builder menu claim the admin gate answers first', async () => {
    myClaims = [ButtonClaim.CreateForm_AllowRead, ButtonClaim.EditForm_AllowRead];
    const { screen } = await renderAdmin('/admin/form-builder/');
    expect(await screen.findByText(/does not have access to Form Builder/)).toBeInTheDocument();
  });
});
