/**
 * The two backends the contract suite runs against, each behind the typed client:
 * - the in-memory fake (`@ccq/forms-admin/testing`) served by MSW on a made-up origin, acting as its
 *   seeded administrator with claims enforced;
 * - the reference server started in-process (memory PGlite from the shared template), called with
 *   the seeded administrator's access token.
 */
import { setupServer } from 'msw/node';
import { createApiClient, type ApiClient } from '../../src/api';
import { createFakeBackend } from '../../src/testing';
import { adminToken, startTestServer } from '../server/helpers';

export interface ContractTarget {
  name: 'fake' | 'server';
  client: ApiClient;
  stop(): Promise<void>;
}

/** Where the fake answers. Requests to any other origin (the real server) pass through MSW untouched. */
export const FAKE_BASE = 'http://fake-backend.contract.test';

export async function startFakeTarget(): Promise<ContractTarget> {
  const backend = createFakeBackend({ enforceClaims: true });
  const msw = setupServer(...backend.handlers(FAKE_BASE));
  msw.listen({ onUnhandledRequest: 'bypass' });
  return {
    name: 'fake',
    client: createApiClient({ baseUrl: FAKE_BASE, retry: { retries: 0 } }),
    stop: async () => msw.close(),
  };
}

export async function startServerTarget(): Promise<ContractTarget> {
  const server = await startTestServer();
  const token = await adminToken(server);
  return {
    name: 'server',
    client: createApiClient({ baseUrl: server.url, getAccessToken: () => token, retry: { retries: 0 } }),
    stop: () => server.stop(),
  };
}
