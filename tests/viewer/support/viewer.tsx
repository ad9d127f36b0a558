import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import type { ReactElement } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { Labels } from '../../../src/query/labels';
import { APIProvider } from '../../../src/query/APIProvider';
import { createFakeBackend } from '../../../src/testing';
import { renderWithProviders } from '../../support/render';

/** The API base URL of the viewer tests. */
export const base = 'http://api.test';

/** One request as the fake received it, with the headers the viewer sets. */
export interface SeenRequest {
  method: string;
  path: string;
  authorization: string | null;
  ifMatch: string | null;
  body: unknown;
}

/**
 * One fake backend and MSW server per test file, reset after each test (and the browser storage with it), recording
 * every request with its Authorization and If-Match headers and its JSON body.
 */
export function setupViewerApi() {
  const backend = createFakeBackend();
  const server = setupServer(...backend.handlers(base));
  const seen: SeenRequest[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    const entry: SeenRequest = {
      method: request.method,
      path: `${url.pathname}${url.search}`,
      authorization: request.headers.get('authorization'),
      ifMatch: request.headers.get('if-match'),
      body: undefined,
    };
    seen.push(entry);
    if (request.method !== 'GET') {
      void request
        .clone()
        .json()
        .then((body: unknown) => {
          entry.body = body;
        })
        .catch(() => undefined);
    }
  });
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => window.localStorage.clear());
  afterEach(() => {
    server.resetHandlers();
    backend.reset();
    seen.length = 0;
    window.localStorage.clear();
  });
  afterAll(() => server.close());
  /** The saves the viewer sent (posts and patches of form instances), oldest first. */
  const saves = () => seen.filter((r) => r.path.startsWith('/api/crud/forminstance/'));
  return { backend, server, seen, saves };
}

/** Renders `ui` inside a fresh QueryClient and an APIProvider (no retries) talking to the fake. */
export function renderInApi(ui: ReactElement, labels?: Partial<Labels>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrap = (node: ReactElement) => (
    <APIProvider baseUrl={base} queryClient={queryClient} clientOptions={{ retry: { retries: 0 } }} labels={labels}>
      {node}
    </APIProvider>
  );
  const result = renderWithProviders(wrap(ui));
  return { ...result, queryClient, rerenderInApi: (next: ReactElement) => result.rerender(wrap(next)) };
}

/** The input labelled `label` (a required field's label ends in ' *'). */
export const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`));

/** The save status region. */
export const saveStatus = () => screen.getByRole('status', { name: 'Save status' });
