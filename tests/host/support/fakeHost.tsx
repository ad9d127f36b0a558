import { QueryClient } from '@tanstack/react-query';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { routeTree } from '../../../example-host/src/routes';
import { APIProvider } from '../../../src/query/APIProvider';
import { createFakeBackend } from '../../../src/testing';
import { signedInAdmin, WithAuth } from './auth';
import { renderRouter } from './renderRouter';

/**
 * The example host's routes over a fake backend (reset after each test): `renderAdmin(path)` renders the route tree
 * at `path` with the administrator signed in (`useAuth`) and their token.
 */
export function setupFakeHost() {
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
      <WithAuth value={signedInAdmin()}>
        <APIProvider baseUrl="http://api.test" accessToken={backend.tokenFor('admin')} queryClient={queryClient}>
          {router}
        </APIProvider>
      </WithAuth>
    ));
  }
  return { backend, server, renderAdmin };
}
