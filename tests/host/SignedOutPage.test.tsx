import { act, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { User, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { routeTree } from '../../example-host/src/routes';
import { AuthProvider, useAuth } from '../../src/auth/AuthProvider';
import { AuthenticatedAPIProvider } from '../../src/auth/AuthenticatedAPIProvider';
import { renderRouter } from './support/renderRouter';

// Where the provider sends the browser after sign-out: the host's own page under the real AuthProvider.
// It must start no sign-in by itself (that is what silently signed the user back in); the next sign-in is the user's.

const idp = 'http://idp.test';
// No handler: any call to the provider or the API fails the test (a silent sign-in or renewal would make one).
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
});
afterAll(() => server.close());

function userManager() {
  const um = new UserManager({
    authority: idp,
    client_id: 'forms-admin-example',
    redirect_uri: 'http://host.test/authentication/login-callback',
    post_logout_redirect_uri: 'http://host.test/signed-out',
    scope: 'openid profile email offline_access',
    userStore: new WebStorageStateStore({ store: window.localStorage }),
    metadata: {
      issuer: idp,
      authorization_endpoint: `${idp}/auth`,
      token_endpoint: `${idp}/token`,
      end_session_endpoint: `${idp}/session/end`,
      jwks_uri: `${idp}/jwks`,
    },
  });
  const signinRedirect = vi.spyOn(um, 'signinRedirect').mockResolvedValue(undefined);
  const signinSilent = vi.spyOn(um, 'signinSilent').mockResolvedValue(null);
  return { um, signinRedirect, signinSilent };
}

async function renderSignedOutPage(um: UserManager) {
  let auth: ReturnType<typeof useAuth> | undefined;
  function Grab() {
    auth = useAuth();
    return null;
  }
  const rendered = await renderRouter(routeTree, '/signed-out', (router) => (
    <AuthProvider userManager={um}>
      <Grab />
      <AuthenticatedAPIProvider baseUrl="http://api.test">{router}</AuthenticatedAPIProvider>
    </AuthProvider>
  ));
  return { ...rendered, auth: () => auth! };
}

/** Lets timers, effects and any sign-in they might start run. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 100)));

describe('SignedOutPage', () => {
  it('says the user is signed out and starts no sign-in, silent or by redirect', async () => {
    const { um, signinRedirect, signinSilent } = userManager();
    const { screen } = await renderSignedOutPage(um);
    expect(await screen.findByRole('heading', { level: 1, name: 'Signed out' })).toBeInTheDocument();
    expect(screen.getByText('You have been signed out.')).toBeInTheDocument();
    await settle();
    expect(signinRedirect).not.toHaveBeenCalled();
    expect(signinSilent).not.toHaveBeenCalled();
    expect(screen.queryByText('The sign-in provider could not be reached')).not.toBeInTheDocument();
  });

  it("signs in again only when asked, at the provider's login form (prompt=login), returning to the home, asked to go on to the admin home", async () => {
    const { um, signinRedirect } = userManager();
    const { screen, user } = await renderSignedOutPage(um);
    await user.click(await screen.findByRole('button', { name: 'Sign in again' }));
    expect(signinRedirect).toHaveBeenCalledTimes(1);
    expect(signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/?continue=admin' }, prompt: 'login' });
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('says so when the provider could not be reached, still without starting a sign-in', async () => {
    const { um, signinRedirect, signinSilent } = userManager();
    const now = Math.floor(Date.now() / 1000);
    await um.storeUser(
      new User({
        access_token: 'token-1',
        token_type: 'Bearer',
        id_token: 'id-token-1',
        scope: 'openid profile email',
        expires_at: now + 3600,
        profile: { sub: 'ada', iss: idp, aud: 'forms-admin-example', exp: now + 3600, iat: now },
      }),
    );
    vi.spyOn(um, 'signoutRedirect').mockRejectedValue(new Error('Failed to fetch'));
    const { screen, auth } = await renderSignedOutPage(um);
    await waitFor(() => expect(auth().isAuthenticated).toBe(true));

    act(() => void auth().signOut());
    expect(await screen.findByText('The sign-in provider could not be reached')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Signed out' })).toBeInTheDocument();
    expect(await um.getUser()).toBeNull();
    await settle();
    expect(signinRedirect).not.toHaveBeenCalled();
    expect(signinSilent).not.toHaveBeenCalled();
  });
});
