import { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { routeTree } from '../../example-host/src/routes';
import { APIProvider } from '../../src/query/APIProvider';
import { createFakeBackend } from '../../src/testing';
import { seedIds } from '../../src/testing/seed-ids';
import { signedInAs, WithAuth } from './support/auth';
import { renderRouter } from './support/renderRouter';

// Signed in as the fake backend's administrator: the real admin check, route gate and claims run against the fake.

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
    <WithAuth value={signedInAs('Ada Admin', 'admin')}>
      <APIProvider baseUrl="http://api.test" accessToken={backend.tokenFor('admin')} queryClient={queryClient}>
        {router}
      </APIProvider>
    </WithAuth>
  ));
}

describe('the PDF form routes', () => {
  it("'Import a PDF form' on the Forms list opens /admin/form-import/, titled", async () => {
    const { screen, user, router } = await renderAdmin('/admin/forms/');
    await user.click(await screen.findByRole('button', { name: 'Import a PDF form' }, { timeout: 5000 }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/admin\/form-import\/$/));
    expect(await screen.findByRole('heading', { level: 1, name: 'Import a PDF form' }, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Import a PDF form — CCQ Forms Admin'));
    expect(await screen.findByText('Drop a PDF here, or choose one')).toBeInTheDocument();
  });

  it("the form manager's 'Link fields to data' opens /admin/form-linking/ with the current version", async () => {
    const form = backend.db.forms.find((f) => f.formId === seedIds.forms.expenseClaim);
    const { screen, user, router } = await renderAdmin(`/admin/form-manager/${seedIds.forms.expenseClaim}`);
    await user.click(await screen.findByRole('button', { name: 'Link fields to data' }, { timeout: 5000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/form-linking/${form?.currentFormSchemaId}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Link form fields to application data' }, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Link form fields to data — CCQ Forms Admin'));
  });

  it('/admin/form-linking/ with a garbage id says the schema does not exist and leads back to the forms', async () => {
    const { screen, user, router } = await renderAdmin('/admin/form-linking/not-a-schema-id');
    expect(await screen.findByText('This form schema does not exist, or it was deleted.', undefined, { timeout: 5000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to Forms' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/admin\/forms\/$/));
  });
});
