/** An MSW server per test file and request capture for the API client tests. */
import { http, HttpResponse } from 'msw';
import { setupServer, type SetupServer } from 'msw/node';
import { createApiClient } from '../../src/api';
import type { ApiClientOptions } from '../../src/api';

export const BASE = 'http://api.test';

/** The server of the file now running, between its beforeAll and afterAll. */
let current: SetupServer | undefined;

/**
 * Starts a server of the calling test file's own, failing on any unhandled request: created for this file, listening
 * from its beforeAll, reset after each test and closed in its afterAll. Files that share a worker (and so this module)
 * never re-listen a server an earlier file closed.
 */
export function setupApiServer(): void {
  const server = setupServer();
  beforeAll(() => {
    current = server;
    server.listen({ onUnhandledRequest: 'error' });
  });
  afterEach(() => server.resetHandlers());
  afterAll(() => {
    server.close();
    if (current === server) current = undefined;
  });
}

function activeServer(): SetupServer {
  if (!current) throw new Error('capture() runs inside a test of a file that called setupApiServer()');
  return current;
}

/** A request as the server saw it. */
export interface Captured {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
  request: Request;
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Answers `method path` with `reply()` and records each request. */
export function capture(
  method: Method,
  path: string,
  reply: (captured: Captured, index: number) => Response | Promise<Response> = () => HttpResponse.json(null),
): Captured[] {
  const calls: Captured[] = [];
  activeServer().use(
    http[method](`${BASE}${path}`, async ({ request }) => {
      const clone = request.clone();
      const captured: Captured = {
        method: request.method,
        url: new URL(request.url),
        headers: request.headers,
        body: await request.text(),
        request: clone,
      };
      calls.push(captured);
      return reply(captured, calls.length - 1);
    }),
  );
  return calls;
}

/** The query string as ordered name/value pairs. */
export function queryPairs(url: URL): [string, string][] {
  return [...url.searchParams.entries()];
}

/** A client against the test base URL with fast retries. */
export function testClient(options: Partial<ApiClientOptions> = {}) {
  return createApiClient({ baseUrl: BASE, retry: { retries: 2, baseDelayMs: 1 }, ...options });
}
