import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
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

/** What a checkbox is called: a whole text, or a pattern its text must match. */
export type BoxName = string | RegExp;

function namedBy(text: string, name: BoxName): boolean {
  return typeof name === 'string' ? text === name : name.test(text);
}

/**
 * The checkboxes in `container` whose `aria-label`, or the text of one of whose labels, is `name`. A role query
 * computes the accessible name and the visibility (a style computation for the box and each of its ancestors) of
 * every checkbox before it filters; a permission panel has about two hundred, so each query, and each retry of a
 * findBy or waitFor, cost hundreds of milliseconds. Here the text is read first and the checks are made on the match.
 */
function checkboxesNamed(container: HTMLElement, name: BoxName): HTMLInputElement[] {
  return [...container.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].filter((input) => {
    const role = input.getAttribute('role');
    if (role !== null && role !== 'checkbox') return false;
    const label = input.getAttribute('aria-label');
    if (label !== null) return namedBy(label.trim(), name);
    return [...(input.labels ?? [])].some((l) => namedBy(l.textContent?.trim() ?? '', name));
  });
}

/**
 * The one checkbox in `container` named `name`, checked as a role query would find it: its role is checkbox, its
 * accessible name is `name`, and it is visible and not hidden from assistive technology. Throws when there is none
 * or more than one.
 */
export function checkboxIn(container: HTMLElement, name: BoxName): HTMLInputElement {
  const found = checkboxesNamed(container, name);
  if (found.length !== 1) throw new Error(`Expected one checkbox named ${String(name)}, found ${found.length}.`);
  const [box] = found as [HTMLInputElement];
  expect(box).toHaveRole('checkbox');
  expect(box).toHaveAccessibleName(name);
  expect(box).toBeVisible();
  expect(box.closest('[aria-hidden="true"]')).toBeNull();
  return box;
}

/** {@link checkboxIn} once it is there (retried until the wait's timeout). */
export function findCheckboxIn(container: HTMLElement, name: BoxName): Promise<HTMLInputElement> {
  return waitFor(() => checkboxIn(container, name));
}

/** Whether `container` has no checkbox named `name` at all (visible or not). */
export function expectNoCheckboxIn(container: HTMLElement, name: BoxName) {
  expect(checkboxesNamed(container, name)).toEqual([]);
}

/**
 * The one textbox in `container` named `name`, checked as `getByRole('textbox', { name })` would find it: its role is
 * textbox, its accessible name is `name`, and it is visible and not hidden from assistive technology. A role query
 * checks the visibility of every textbox (a style computation for the box and each of its ancestors) before it filters
 * by name, and a permission panel has a priority box per selected permission: on the Administrators group a query
 * for 'Group name' cost about ten times the one below (4.8 s against 0.4 s on a loaded machine, in one run). Here the
 * query looks at hidden boxes too, so a hidden box of the same name makes it fail (more than one match), and the
 * visibility of the one match is checked afterwards.
 */
export function textboxIn(container: HTMLElement, name: string): HTMLElement {
  const box = within(container).getByRole('textbox', { name, hidden: true });
  expect(box).toBeVisible();
  expect(box.closest('[aria-hidden="true"]')).toBeNull();
  return box;
}

/** {@link textboxIn} once it is there (retried until the wait's timeout). */
export function findTextboxIn(container: HTMLElement, name: string): Promise<HTMLElement> {
  return waitFor(() => textboxIn(container, name));
}
