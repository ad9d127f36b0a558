import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import type { ReactElement } from 'react';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Labels } from '../../../src/query/labels';
import { APIProvider } from '../../../src/query/APIProvider';
import { createFakeBackend } from '../../../src/testing';
import { renderWithProviders } from '../../support/render';

/** The API base URL of the admin screen tests. */
export const base = 'http://api.test';

/**
 * One fake backend and MSW server per test file, reset after each test, with the JSON bodies of the permission
 * changes recorded in order.
 */
export function setupFakeApi() {
  const backend = createFakeBackend();
  const server = setupServer(...backend.handlers(base));
  const bodies: { path: string; body: unknown }[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'POST' && request.url.includes('AddRemoveUpdate'))
      void request
        .clone()
        .json()
        .then((body: unknown) => bodies.push({ path: new URL(request.url).pathname, body }));
  });
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    backend.reset();
    bodies.length = 0;
  });
  afterAll(() => server.close());
  /** The requests the fake served to a call, by name. */
  const requestsTo = (name: string) => backend.requests.filter((r) => r.path.split('?')[0]?.endsWith(`/${name}`));
  return { backend, server, bodies, requestsTo };
}

/** Renders `ui` inside a fresh QueryClient and an APIProvider talking to the fake. */
export function renderInApi(ui: ReactElement, labels?: Partial<Labels>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return {
    queryClient,
    ...renderWithProviders(
      <APIProvider baseUrl={base} queryClient={queryClient} clientOptions={{ retry: { retries: 0 } }} labels={labels}>
        {ui}
      </APIProvider>,
    ),
  };
}

/** An action button that is not available now (focusable, `aria-disabled`), optionally with its reason. */
export function expectUnavailable(button: HTMLElement, reason?: string) {
  expect(button).toHaveAttribute('aria-disabled', 'true');
  if (reason !== undefined) expect(button).toHaveAccessibleDescription(reason);
}

/** An action button that may be used. */
export function expectAvailable(button: HTMLElement) {
  expect(button).not.toHaveAttribute('aria-disabled', 'true');
  expect(button).toBeEnabled();
}

/** The dialog now open with this accessible name. */
export const dialogNamed = (name: string | RegExp) => screen.findByRole('dialog', { name });
