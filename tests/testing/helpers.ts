/**
 * Shared setup of the fake backend tests: one MSW server on http://localhost serving a fresh
 * seeded backend, reset after every test, and small fetch helpers.
 */
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createFakeBackend, type FakeBackend, type FakeBackendOptions } from '../../src/testing';

export const BASE = 'http://localhost';

/** Starts an MSW server for a new fake backend for the tests of the calling file. */
export function startFakeBackend(options?: FakeBackendOptions): { backend: FakeBackend; server: ReturnType<typeof setupServer> } {
  const backend = createFakeBackend(options);
  const server = setupServer(...backend.handlers(BASE));
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    backend.reset();
  });
  afterAll(() => server.close());
  return { backend, server };
}

/** fetch against the fake, path relative to {@link BASE}. */
export function call(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${BASE}${path}`, init);
}

/** GET (or another method) and parse the JSON answer, failing on a non-2xx status. */
export async function getJson<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await call(path, init);
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Sends JSON with `method` and parses the JSON answer. */
export function sendJson<T>(method: string, path: string, body: unknown): Promise<T> {
  return getJson<T>(path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

/** Sends JSON with `method` and returns the raw response. */
export function send(method: string, path: string, body?: unknown): Promise<Response> {
  return call(path, body === undefined ? { method } : { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

/** A contract type as it travels in JSON: dates as ISO strings. */
export type Wire<T> = T extends Date
  ? string
  : T extends (infer U)[]
    ? Wire<U>[]
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T;
