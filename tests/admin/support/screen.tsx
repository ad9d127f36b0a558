import { QueryClient } from '@tanstack/react-query';
import { isInaccessible, screen, waitFor, within } from '@testing-library/react';
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

/** The text an element is named by, as far as a lookup by name needs it: `aria-labelledby`, `aria-label`, or its text. */
function nameText(element: HTMLElement): string {
  const labelledBy = element.getAttribute('aria-labelledby');
  const text = labelledBy
    ? labelledBy
        .split(/\s+/)
        .map((id) => element.ownerDocument.getElementById(id)?.textContent ?? '')
        .join(' ')
    : (element.getAttribute('aria-label') ?? element.textContent ?? '');
  return text.replace(/\s+/g, ' ').trim();
}

const BUTTONS = 'button, [role="button"], input[type="button"], input[type="submit"], input[type="reset"]';

/**
 * The one button in `container` named `name`, as `within(container).getByRole('button', { name })` finds it: of the
 * buttons whose text (or `aria-label`, or `aria-labelledby` text) is `name`, those not hidden from assistive technology
 * must be exactly one, and it must have the role button and the accessible name `name`. A role query computes the
 * visibility of every button before it filters by name, and a panel of selected permissions has two stepper buttons per
 * priority box (some two hundred on Administrators): each such query cost about 200 ms on a quiet core. Here the
 * name is read first and the checks are made on the matches.
 */
export function buttonIn(container: HTMLElement, name: BoxName): HTMLElement {
  const found = [...container.querySelectorAll<HTMLElement>(BUTTONS)].filter(
    (button) => namedBy(nameText(button), name) && !isInaccessible(button),
  );
  if (found.length !== 1) throw new Error(`Expected one button named ${String(name)}, found ${found.length}.`);
  const [button] = found as [HTMLElement];
  expect(button).toHaveRole('button');
  expect(button).toHaveAccessibleName(name);
  return button;
}

/** {@link buttonIn} once it is there (retried until the wait's timeout). */
export function findButtonIn(container: HTMLElement, name: BoxName): Promise<HTMLElement> {
  return waitFor(() => buttonIn(container, name));
}

/**
 * The `section` elements labelled by other elements whose text is `name` (or matches it). A role query over the whole
 * screen computes the role of every element and the name and visibility of every region, on each retry of a findBy
 * while a panel of some two hundred checkboxes renders; here the label's text is read first.
 */
export function sectionsNamed(name: BoxName): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>('section[aria-labelledby]')].filter((section) =>
    namedBy(nameText(section), name),
  );
}

/**
 * The one region named `name`, checked as a role query would find it (role, accessible name, visible), once it is
 * there. It waits up to 20 s, not the usual 5: a permission panel comes with some two hundred checkboxes, which took
 * 7.4 s to render beside two CPU burners as a file's first render.
 */
export function findRegion(name: BoxName): Promise<HTMLElement> {
  return waitFor(
    () => {
      const found = sectionsNamed(name);
      expect(found, `one region named ${String(name)}`).toHaveLength(1);
      const [region] = found as [HTMLElement];
      expect(region).toHaveRole('region');
      expect(region).toHaveAccessibleName(name);
      expect(region).toBeVisible();
      return region;
    },
    { timeout: 20000 },
  );
}
