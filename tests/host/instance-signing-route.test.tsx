import { QueryClient } from '@tanstack/react-query';
import { within, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { routeTree } from '../../example-host/src/routes';
import { signingHref, signingListState, signingSearch, validateSigningSearch } from '../../example-host/src/signingSearch';
import { APIProvider } from '../../src/query/APIProvider';
import { createFakeBackend } from '../../src/testing';
import { seedIds } from '../../src/testing/seed-ids';
import { signedInAs, WithAuth } from './support/auth';
import { renderRouter } from './support/renderRouter';

// Signed in; the fake backend's current user decides the claims.

const api = 'http://api.test';
const backend = createFakeBackend();
const server = setupServer(...backend.handlers(api));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => backend.reset());
afterAll(() => server.close());

function renderAdmin(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderRouter(routeTree, path, (router) => (
    <WithAuth value={signedInAs('Sam Signer', 'signer')}>
      <APIProvider baseUrl={api} queryClient={queryClient}>
        {router}
      </APIProvider>
    </WithAuth>
  ));
}

const completed = seedIds.formInstances.loanCompleted;

describe('the form instance route', () => {
  it("a Form Instances row's 'Open' goes to /admin/form-instance/$formInstanceId, which shows the instance; its back link returns to the list", async () => {
    backend.setCurrentUser('signer');
    const { screen, user, router } = await renderAdmin('/admin/form-instances/');
    const instances = await screen.findByRole('table', { name: 'Form Instances' }, { timeout: 5000 });
    const row = (await within(instances).findByText(completed.slice(-8), undefined, { timeout: 5000 })).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: `Open Loan Application ${completed.slice(-8)}` }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/form-instance/${completed}`));
    expect(await screen.findByRole('heading', { level: 1, name: `Loan Application ${completed.slice(-8)}` }, { timeout: 5000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to Form Instances' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/admin\/form-instances\/$/));
  });
});

describe('the Signing route narrowed to one form instance', () => {
  it('reads formInstanceId from the search, and only a non-empty text', () => {
    expect(validateSigningSearch({ formInstanceId: completed })).toEqual({ formInstanceId: completed });
    expect(validateSigningSearch({ formInstanceId: '' })).toEqual({});
    expect(validateSigningSearch({ formInstanceId: 12 })).toEqual({});
    expect(signingHref(completed)).toBe(`/admin/signing/?formInstanceId=${completed}`);
    expect(signingHref()).toBe('/admin/signing/');
    // The envelopes whose e-mail failed: the router hands a JSON-parsed `true`, a typed address the text.
    expect(validateSigningSearch({ mailFailed: true })).toEqual({ mailFailed: true });
    expect(validateSigningSearch({ mailFailed: 'true' })).toEqual({ mailFailed: true });
    expect(validateSigningSearch({ mailFailed: 1 })).toEqual({});
    expect(signingHref(undefined, { mailFailed: true })).toBe('/admin/signing/?mailFailed=true');
  });

  it("keeps the list's status filter, mail filter, page and page size in the address, dropping what is malformed", () => {
    expect(validateSigningSearch({ status: [5, 7, 5, 99, -1, '3', 2.5], page: 3, size: 50 })).toEqual({ status: [5, 7], page: 3, size: 50 });
    // The list's start is not written: the first page, the first page size, no status.
    expect(validateSigningSearch({ status: [], page: 1, size: 20 })).toEqual({});
    expect(validateSigningSearch({ page: 0, size: 30 })).toEqual({});
    expect(validateSigningSearch({ status: 'Completed', page: '2' })).toEqual({});
    const state = signingListState({ status: [5], mailFailed: true, page: 2, size: 100 });
    expect(state).toEqual({ statuses: [5], mailFailed: true, page: 2, pageSize: 100 });
    expect(signingSearch(completed, state)).toEqual({ formInstanceId: completed, status: [5], mailFailed: true, page: 2, size: 100 });
    expect(signingListState({})).toEqual({ statuses: [], mailFailed: false, page: 1, pageSize: 20 });
  });

  it('a filter chosen on the Signing screen goes into the address and comes back with it (a reload or a shared link)', async () => {
    backend.setCurrentUser('signer');
    const first = await renderAdmin('/admin/signing/');
    await first.screen.findByRole('table', { name: 'Signing' }, { timeout: 5000 });
    await first.user.click(first.screen.getByLabelText('Status', { selector: 'input' }));
    await first.user.click(await first.screen.findByRole('option', { name: 'Completed' }));
    await waitFor(() => expect(first.router.state.location.search).toEqual({ status: [5] }));
    await first.user.click(first.screen.getByRole('checkbox', { name: 'Only envelopes with e-mail that could not be sent' }));
    await waitFor(() => expect(first.router.state.location.search).toEqual({ status: [5], mailFailed: true }));
    // The filter did not draw the screen anew: the checkbox keeps the focus.
    expect(first.screen.getByRole('checkbox', { name: 'Only envelopes with e-mail that could not be sent' })).toHaveFocus();
    const address = first.router.state.location.href;
    first.unmount();

    const again = await renderAdmin(address);
    await again.screen.findByRole('table', { name: 'Signing' }, { timeout: 5000 });
    expect(again.screen.getByRole('checkbox', { name: 'Only envelopes with e-mail that could not be sent' })).toBeChecked();
    const statusBox = again.screen.getByLabelText('Status', { selector: 'input' }).closest<HTMLElement>('.mantine-InputWrapper-root');
    expect(statusBox).not.toBeNull();
    expect(within(statusBox as HTMLElement).getByText('Completed')).toBeInTheDocument();
  });

  it("'Show its envelopes' on a Form Instances row opens /admin/signing/ with that instance's envelopes; 'Show every envelope' lists all", async () => {
    backend.setCurrentUser('signer');
    const { screen, user, router } = await renderAdmin('/admin/form-instances/');
    const instances = await screen.findByRole('table', { name: 'Form Instances' }, { timeout: 5000 });
    const row = (await within(instances).findByText(completed.slice(-8), undefined, { timeout: 5000 })).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: /^More actions for/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Show its envelopes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/signing/'));
    expect(router.state.location.search).toEqual({ formInstanceId: completed });
    const signing = await screen.findByRole('table', { name: 'Signing' }, { timeout: 5000 });
    await within(signing).findByText(new RegExp(`${completed.slice(-8)}$`), undefined, { timeout: 5000 });
    expect(within(signing).getAllByRole('row')).toHaveLength(2);
    expect(await screen.findByText(`Envelopes of Loan Application ${completed.slice(-8)}`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show every envelope' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Signing' })).getAllByRole('row').length).toBeGreaterThan(2), { timeout: 5000 });
    expect(screen.queryByText(/^Envelopes of /)).not.toBeInTheDocument();
  });
});
