import { QueryClient } from '@tanstack/react-query';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { routeTree } from '../../example-host/src/routes';
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

describe('/admin/signing/', () => {
  it('is the Signing screen (no placeholder) listing the envelopes, with Request a signature for a signer', async () => {
    backend.setCurrentUser('signer');
    const { screen } = await renderAdmin('/admin/signing/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Signing' }, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Signing' }, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText(new RegExp(`${seedIds.formInstances.loanCompleted.slice(-8)}$`), undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request a signature' })).toBeInTheDocument();
    expect(screen.queryByText('This screen arrives in a later release.')).not.toBeInTheDocument();
  });

  it("without the Signing menu claim: 'No access'", async () => {
    backend.setCurrentUser('reader');
    const { screen } = await renderAdmin('/admin/signing/');
    expect(await screen.findByText(/does not have access to Signing/, undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Signing' })).not.toBeInTheDocument();
  });
});
