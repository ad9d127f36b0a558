import './support/jsdom';
import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../../example-host/src/App';
import { apiBaseUrl, notificationsProps } from '../../example-host/src/config';
import { fetchOidcConfig, OIDC_CONFIG_PATH, parseOidcConfig } from '../../example-host/src/oidcConfig';
import { createAppRouter } from '../../example-host/src/router';


const API = 'http://backend.test';
const configUrl = `${API}${OIDC_CONFIG_PATH}`;
const goodConfig = { authority: `${API}/oidc`, clientId: 'forms-admin-example', scopes: ['offline_access'] };

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());

function renderApp(path = '/') {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }) });
  const user = userEvent.setup();
  render(<App apiBaseUrl={API} router={router} origin="http://host.test" />);
  return { router, user };
}

describe('start-up', () => {
  it('shows a loader, then the app once the sign-in settings arrive', async () => {
    server.use(http.get(configUrl, () => HttpResponse.json(goodConfig)));
    renderApp('/');
    expect(screen.getByLabelText('Loading sign-in settings')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'CCQ Forms Admin' })).toBeInTheDocument();
  });

  it('explains an unreachable backend and retries', async () => {
    let calls = 0;
    server.use(
      http.get(configUrl, () => {
        calls += 1;
        return calls === 1 ? HttpResponse.error() : HttpResponse.json(goodConfig);
      }),
    );
    const { user } = renderApp('/');
    expect(await screen.findByText('The backend is unreachable')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(`Sign-in settings could not be loaded from ${API}.`);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('puts toasts at the top right for 3000 ms (docs/spec.md, Constants and limits)', () => {
    expect(notificationsProps).toEqual({ position: 'top-right', autoClose: 3000 });
  });
});

describe('fetchOidcConfig', () => {
  it('reads authority, clientId and scopes', async () => {
    server.use(http.get(configUrl, () => HttpResponse.json({ ...goodConfig, clientSecret: 'ignored' })));
    await expect(fetchOidcConfig(API)).resolves.toEqual(goodConfig);
  });

  it('names the status when the backend refuses', async () => {
    server.use(http.get(configUrl, () => new HttpResponse('down', { status: 503 })));
    await expect(fetchOidcConfig(API)).rejects.toThrow(`The backend answered 503 for ${OIDC_CONFIG_PATH}.`);
  });

  it('refuses a configuration without authority or clientId', () => {
    expect(() => parseOidcConfig({ clientId: 'x', scopes: [] })).toThrow('The sign-in configuration has no authority.');
    expect(() => parseOidcConfig({ authority: 'https://id.test', scopes: [] })).toThrow(
      'The sign-in configuration has no clientId.',
    );
    expect(parseOidcConfig({ authority: 'https://id.test', clientId: 'c' })).toEqual({
      authority: 'https://id.test',
      clientId: 'c',
      scopes: [],
    });
  });
});

describe('apiBaseUrl', () => {
  it("is the page's own origin unless VITE_API_URL names another", () => {
    expect(apiBaseUrl({}, 'https://forms.example')).toBe('https://forms.example');
    expect(apiBaseUrl({ VITE_API_URL: ' ' }, 'https://forms.example')).toBe('https://forms.example');
    expect(apiBaseUrl({ VITE_API_URL: 'http://127.0.0.1:4000/' }, 'https://forms.example')).toBe('http://127.0.0.1:4000');
  });
});
