import './support/jsdom';
import { ColorSchemeScript } from '@mantine/core';
import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../example-host/src/App';
import { COLOR_SCHEME_STORAGE_KEY, DEFAULT_COLOR_SCHEME } from '../../example-host/src/colorScheme';
import { createAppRouter } from '../../example-host/src/router';
import type * as FormsAdminModule from '../../example-host/src/formsAdmin';
import type * as AuthProviderModule from '../../src/auth/AuthProvider';
import type { AuthContextValue } from '../../src/auth/AuthProvider';

// The colour scheme, on the host's own wiring (App and its MantineProvider, not a provider built by the test): a dark system
// gets a dark host, the switch sits in the admin header, and the choice is remembered; the script in index.html sets
// the same scheme before the app loads.

// The host's own provider, with the library's theme as jsdom needs it (tests/support/render.tsx, jsdomTheme): without
// it the open scheme menu turns `display: none` once floating-ui places it, and its items were found only before that.
vi.mock('../../example-host/src/formsAdmin', async (importOriginal) => {
  const { jsdomTheme } = await import('../support/render');
  return { ...(await importOriginal<typeof FormsAdminModule>()), ccqTheme: jsdomTheme };
});

vi.mock('../../src/auth/AuthProvider', async (importOriginal) => ({
  ...(await importOriginal<typeof AuthProviderModule>()),
  useAuth: (): Partial<AuthContextValue> => ({
    isLoading: false,
    isAuthenticated: true,
    isSigningOut: false,
    error: null,
    user: { name: 'Ada Admin', accessToken: 't', idToken: 'i', subject: 'sub-ada', email: undefined, expiresAt: undefined },
    getAccessToken: () => 't',
    renewAccessToken: () => Promise.resolve(null),
    signIn: vi.fn(() => Promise.resolve()),
    signOut: vi.fn(() => Promise.resolve()),
  }),
}));

const API = 'http://backend.test';
const server = setupServer(
  http.get(`${API}/api/Claim/GetOIDCConfig`, () =>
    HttpResponse.json({ authority: `${API}/oidc`, clientId: 'forms-admin-example', scopes: [] }),
  ),
  http.get(`${API}/api/Claim/CheckForAdminRole`, () => HttpResponse.json(true)),
  http.get(`${API}/api/*`, () => HttpResponse.json([])),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

/** The system's colour preference, as the browser answers `(prefers-color-scheme: dark)`. */
let systemDark = true;
const originalMatchMedia = window.matchMedia;
beforeEach(() => {
  systemDark = true;
  window.matchMedia = ((query: string) => ({
    matches: query === '(prefers-color-scheme: dark)' ? systemDark : false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
});
afterEach(() => {
  server.resetHandlers();
  window.matchMedia = originalMatchMedia;
  localStorage.clear();
  document.documentElement.removeAttribute('data-mantine-color-scheme');
});

function renderHost(path = '/admin/') {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }) });
  return render(<App apiBaseUrl={API} router={router} origin="http://host.test" />);
}

const scheme = () => document.documentElement.getAttribute('data-mantine-color-scheme');

describe('the host’s colour scheme', () => {
  it('is dark on a dark system, with the switch in the admin header following the system', async () => {
    renderHost();
    const header = await screen.findByRole('banner');
    expect(await within(header).findByRole('button', { name: 'Colour scheme: Follow system' })).toBeInTheDocument();
    expect(scheme()).toBe('dark');
  });

  it('is light on a light system', async () => {
    systemDark = false;
    renderHost();
    await screen.findByRole('banner');
    expect(scheme()).toBe('light');
  });

  it('applies a choice made in the header and remembers it on the next visit, whatever the system says', async () => {
    const user = userEvent.setup();
    const first = renderHost();
    const header = await screen.findByRole('banner');
    await user.click(await within(header).findByRole('button', { name: 'Colour scheme: Follow system' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Light' }));
    await waitFor(() => expect(scheme()).toBe('light'));
    expect(localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('light');
    first.unmount();
    document.documentElement.removeAttribute('data-mantine-color-scheme');

    // The next visit, on the same dark system.
    renderHost();
    expect(await within(await screen.findByRole('banner')).findByRole('button', { name: 'Colour scheme: Light' })).toBeInTheDocument();
    expect(scheme()).toBe('light');
  });
});

describe('public/color-scheme.js (loaded by index.html before the app)', () => {
  const root = resolve(__dirname, '../../example-host');
  const ours = readFileSync(resolve(root, 'public/color-scheme.js'), 'utf8');
  // Mantine's own script for the host's settings: the one its docs give for preventing a wrong first scheme.
  const mantines = renderToStaticMarkup(
    <ColorSchemeScript defaultColorScheme={DEFAULT_COLOR_SCHEME} localStorageKey={COLOR_SCHEME_STORAGE_KEY} />,
  )
    .replace(/^<script[^>]*>/, '')
    .replace(/<\/script>$/, '')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'");

  /** The scheme a script sets on <html>. */
  function run(source: string): string | null {
    document.documentElement.removeAttribute('data-mantine-color-scheme');
    // The scripts under test are a file of this repository and Mantine's own output.
    new Function(source)();
    return scheme();
  }

  it('is loaded by index.html as a classic script in the head, before the app’s module', () => {
    const html = readFileSync(resolve(root, 'index.html'), 'utf8');
    const head = html.split('</head>')[0]!;
    expect(head).toContain('<script src="/color-scheme.js"></script>');
    expect(html.indexOf('/color-scheme.js')).toBeLessThan(html.indexOf('type="module"'));
  });

  it.each([
    [null, true, 'dark'],
    [null, false, 'light'],
    ['auto', true, 'dark'],
    ['light', true, 'light'],
    ['dark', false, 'dark'],
    ['nonsense', true, 'dark'],
  ] as const)('stored %j, dark system %j: sets %s, as Mantine’s ColorSchemeScript does', (stored, dark, expected) => {
    systemDark = dark;
    if (stored !== null) localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, stored);
    expect(run(ours)).toBe(expected);
    expect(run(mantines)).toBe(expected);
  });
});
