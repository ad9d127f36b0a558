import { QueryClient, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { ErrorResponse, User, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { StrictMode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider, useAuth } from '../../src/auth/AuthProvider';
import { AuthenticatedAPIProvider } from '../../src/auth/AuthenticatedAPIProvider';
import { LoginCallback } from '../../src/auth/LoginCallback';
import { RequireAuth } from '../../src/auth/RequireAuth';
import { safeReturnPath } from '../../src/auth/returnPath';
import { createUserManagerSettings } from '../../src/auth/settings';
import { useApi } from '../../src/query/APIProvider';
import { claimQueries } from '../../src/query/queries';
import { TestProviders } from '../support/render';

const idp = 'http://idp.test';
const api = 'http://api.test';
const clientId = 'forms-admin-test';
let tokenCalls = 0;
let apiCalls: string[] = [];
let revoked: Record<string, string>[] = [];

const server = setupServer(
  http.post(`${idp}/token`, async ({ request }) => {
    tokenCalls++;
    const body = new URLSearchParams(await request.text());
    if (body.get('grant_type') !== 'refresh_token' || body.get('refresh_token') !== 'refresh-1') {
      return HttpResponse.json({ error: 'invalid_grant' }, { status: 400 });
    }
    // A slow provider: every 401 arriving meanwhile must share this one renewal.
    await new Promise((r) => setTimeout(r, 30));
    return HttpResponse.json({
      access_token: 'renewed-token',
      token_type: 'Bearer',
      expires_in: 300,
      refresh_token: 'refresh-2',
      scope: 'openid profile email',
    });
  }),
  http.get(`${idp}/me`, () => HttpResponse.json({ sub: 'ada', name: 'Ada Admin' })),
  http.post(`${idp}/revoke`, async ({ request }) => {
    revoked.push(Object.fromEntries(new URLSearchParams(await request.text())));
    return new HttpResponse(null, { status: 200 });
  }),
  http.get(`${api}/api/Claim/GetMyClaims`, ({ request }) => {
    const auth = request.headers.get('authorization') ?? '';
    apiCalls.push(auth);
    if (auth !== 'Bearer renewed-token') return new HttpResponse(null, { status: 401 });
    return HttpResponse.json([0, 1, 2]);
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  tokenCalls = 0;
  apiCalls = [];
  revoked = [];
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => server.resetHandlers());

function newUserManager() {
  return new UserManager({
    authority: idp,
    client_id: clientId,
    redirect_uri: 'http://localhost:3000/authentication/login-callback',
    scope: 'openid profile email',
    loadUserInfo: true,
    automaticSilentRenew: false,
    userStore: new WebStorageStateStore({ store: window.localStorage }),
    metadata: {
      issuer: idp,
      authorization_endpoint: `${idp}/auth`,
      token_endpoint: `${idp}/token`,
      userinfo_endpoint: `${idp}/me`,
      end_session_endpoint: `${idp}/session/end`,
      revocation_endpoint: `${idp}/revoke`,
      jwks_uri: `${idp}/jwks`,
    },
  });
}

async function signedInUserManager(accessToken = 'stale-token') {
  const um = newUserManager();
  const now = Math.floor(Date.now() / 1000);
  await um.storeUser(
    new User({
      access_token: accessToken,
      token_type: 'Bearer',
      refresh_token: 'refresh-1',
      id_token: 'id-token-1',
      scope: 'openid profile email',
      // The token looks valid to the client but the server already considers it expired.
      expires_at: now + 3600,
      profile: { sub: 'ada', iss: idp, aud: clientId, exp: now + 3600, iat: now, name: 'Ada Admin' },
    }),
  );
  return um;
}

describe('createUserManagerSettings', () => {
  it('fixes the redirect flow, scopes, local storage and renewal timings of the spec', () => {
    const s = createUserManagerSettings({
      authority: idp,
      clientId,
      redirectUri: 'http://localhost/authentication/login-callback',
      extraScopes: ['offline_access', 'email'],
    });
    expect(s.scope).toBe('openid profile email offline_access');
    expect(s.response_type).toBe('code');
    expect(s.automaticSilentRenew).toBe(true);
    expect(s.accessTokenExpiringNotificationTimeInSeconds).toBe(60);
    expect(s.silentRequestTimeoutInSeconds).toBe(10);
    expect(s.userStore).toBeInstanceOf(WebStorageStateStore);
  });
});

describe('safeReturnPath', () => {
  it.each([
    ['/admin/form-builder/?a=1#x', '/admin/form-builder/?a=1#x'],
    ['//evil.example', '/'],
    ['//evil.example/admin', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example/admin', '/'],
    ['javascript:alert(1)', '/'],
    ['admin', '/'],
    ['', '/'],
    [undefined, '/'],
    ['/ok\n//evil', '/'],
  ])('%j → %j', (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected);
  });
});

function Claims() {
  const { client } = useApi();
  const q = useQuery(claimQueries.myClaims(client));
  if (q.isError) return <p>error: {q.error.message}</p>;
  return <p>claims: {q.data ? q.data.join(',') : 'loading'}</p>;
}

describe('AuthProvider with AuthenticatedAPIProvider', () => {
  it('renews once and replays once when the token expires mid-request; the call succeeds', async () => {
    const um = await signedInUserManager();
    render(
      <AuthProvider userManager={um}>
        <AuthenticatedAPIProvider baseUrl={api}>
          <Claims />
        </AuthenticatedAPIProvider>
      </AuthProvider>,
    );
    expect(await screen.findByText('claims: 0,1,2')).toBeInTheDocument();
    expect(tokenCalls).toBe(1);
    // One 401, one replay with the renewed token (the token change may refetch once more, with it too).
    expect(apiCalls.slice(0, 2)).toEqual(['Bearer stale-token', 'Bearer renewed-token']);
    expect(apiCalls.filter((a) => a !== 'Bearer renewed-token')).toEqual(['Bearer stale-token']);
    // The renewed session is stored for the next page load.
    expect((await um.getUser())?.access_token).toBe('renewed-token');
  });

  it('renews exactly once for 50 parallel calls that get 401', async () => {
    const um = await signedInUserManager();
    let client: ReturnType<typeof useApi>['client'] | undefined;
    function Grab() {
      client = useApi().client;
      return null;
    }
    render(
      <AuthProvider userManager={um}>
        <AuthenticatedAPIProvider baseUrl={api}>
          <Grab />
        </AuthenticatedAPIProvider>
      </AuthProvider>,
    );
    await waitFor(() => expect(client).toBeDefined());
    let answers: (number[] | null)[] = [];
    // The renewal updates the provider's state: let React see it inside act.
    await act(async () => {
      answers = await Promise.all(Array.from({ length: 50 }, () => client!.claim.getMyClaims()));
    });
    expect(answers.every((a) => a?.join(',') === '0,1,2')).toBe(true);
    expect(tokenCalls).toBe(1);
    expect(apiCalls.filter((a) => a === 'Bearer renewed-token')).toHaveLength(50);
  });

  it('answers a 401 at once when nobody is signed in or there is no refresh token: no hidden-iframe sign-in', async () => {
    for (const um of [newUserManager(), await signedInUserManager()]) {
      const user = await um.getUser();
      if (user) await um.storeUser(new User({ ...user, refresh_token: undefined }));
      const silent = vi.spyOn(um, 'signinSilent');
      const { unmount } = render(
        <AuthProvider userManager={um}>
          <AuthenticatedAPIProvider baseUrl={api}>
            <Claims />
          </AuthenticatedAPIProvider>
        </AuthProvider>,
      );
      const started = Date.now();
      expect(await screen.findByText('error: An unexpected server error occurred.')).toBeInTheDocument();
      expect(Date.now() - started).toBeLessThan(1000);
      expect(silent).not.toHaveBeenCalled();
      expect(tokenCalls).toBe(0);
      unmount();
      localStorage.clear();
    }
  });

  it('signs out when the provider refuses the refresh token, and RequireAuth sends the person to sign in once, back to this page', async () => {
    const um = await signedInUserManager();
    // What a provider whose stored state was reset (or that revoked the session) answers.
    server.use(
      http.post(`${idp}/token`, () => {
        tokenCalls++;
        return HttpResponse.json({ error: 'invalid_grant' }, { status: 400 });
      }),
    );
    const signinRedirect = vi.spyOn(um, 'signinRedirect').mockResolvedValue(undefined);
    window.history.replaceState(null, '', '/admin/form-group/7');
    render(
      <AuthProvider userManager={um}>
        <AuthenticatedAPIProvider baseUrl={api}>
          <RequireAuth fallback={<p>signing in</p>}>
            <Claims />
          </RequireAuth>
        </AuthenticatedAPIProvider>
      </AuthProvider>,
    );
    await waitFor(() => expect(signinRedirect).toHaveBeenCalledTimes(1));
    expect(signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/admin/form-group/7' } });
    expect(screen.getByText('signing in')).toBeInTheDocument();
    expect(await um.getUser()).toBeNull();
    expect(tokenCalls).toBe(1);
    expect(apiCalls).toEqual(['Bearer stale-token']);
  });

  it('ends the session when the automatic renewal before expiry is refused, and reports any other failure of it', async () => {
    const um = await signedInUserManager();
    function AuthState() {
      const auth = useAuth();
      return <p>{`signed in: ${String(auth.isAuthenticated)}; error: ${auth.error?.source ?? 'none'}`}</p>;
    }
    render(
      <AuthProvider userManager={um}>
        <AuthState />
      </AuthProvider>,
    );
    expect(await screen.findByText('signed in: true; error: none')).toBeInTheDocument();
    await act(() => um.events._raiseSilentRenewError(new Error('Network Error')));
    expect(await screen.findByText('signed in: true; error: renew')).toBeInTheDocument();
    expect(await um.getUser()).not.toBeNull();
    await act(() => um.events._raiseSilentRenewError(new ErrorResponse({ error: 'invalid_grant' })));
    expect(await screen.findByText('signed in: false; error: none')).toBeInTheDocument();
    expect(await um.getUser()).toBeNull();
  });

  it('keeps the session and reports the failure when the provider cannot be reached to renew', async () => {
    const um = await signedInUserManager();
    server.use(http.post(`${idp}/token`, () => HttpResponse.error()));
    const signinRedirect = vi.spyOn(um, 'signinRedirect').mockResolvedValue(undefined);
    function AuthState() {
      const auth = useAuth();
      return <p>{`signed in: ${String(auth.isAuthenticated)}; error: ${auth.error?.source ?? 'none'}`}</p>;
    }
    render(
      <AuthProvider userManager={um}>
        <AuthenticatedAPIProvider baseUrl={api}>
          <AuthState />
          <Claims />
        </AuthenticatedAPIProvider>
      </AuthProvider>,
    );
    expect(await screen.findByText('error: An unexpected server error occurred.')).toBeInTheDocument();
    expect(await screen.findByText('signed in: true; error: renew')).toBeInTheDocument();
    expect((await um.getUser())?.refresh_token).toBe('refresh-1');
    expect(signinRedirect).not.toHaveBeenCalled();
    expect(apiCalls).toEqual(['Bearer stale-token']);
  });
});

function renderCallback(um: UserManager, onRedirect = vi.fn()) {
  render(
    <StrictMode>
      <TestProviders>
        <AuthProvider userManager={um}>
          <LoginCallback onRedirect={onRedirect} redirectDelayMs={0} />
        </AuthProvider>
      </TestProviders>
    </StrictMode>,
  );
  return onRedirect;
}

describe('LoginCallback', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it.each([
    ['a forged state', '?code=abc&state=forged'],
    ['a missing state', '?code=abc'],
  ])('shows the failure texts for %s and stores nothing', async (_name, query) => {
    window.history.replaceState(null, '', `/authentication/login-callback${query}`);
    const um = newUserManager();
    const signinRedirect = vi.spyOn(um, 'signinRedirect').mockResolvedValue(undefined);
    renderCallback(um);
    expect(await screen.findByText('Sign in failed')).toBeInTheDocument();
    expect(screen.getByText("We couldn't sign you in. Please try again.")).toBeInTheDocument();
    expect(Object.keys(localStorage).filter((k) => k.startsWith('oidc.'))).toEqual([]);
    expect(await um.getUser()).toBeNull();
    // code and state never stay in the address bar
    expect(window.location.search).toBe('');

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(signinRedirect).toHaveBeenCalledTimes(1);
    expect(signinRedirect.mock.calls[0]?.[0]).toMatchObject({ prompt: 'login' });
  });

  it.each([
    ['/admin/form-builder/?tab=1', '/admin/form-builder/?tab=1'],
    ['//evil.example', '/'],
    ['https://evil.example/x', '/'],
  ])('after success, redirects a stored %j to %j, running the exchange once under StrictMode', async (stored, expected) => {
    window.history.replaceState(null, '', '/authentication/login-callback?code=abc&state=s1');
    const um = newUserManager();
    const now = Math.floor(Date.now() / 1000);
    const callback = vi.spyOn(um, 'signinRedirectCallback').mockResolvedValue(
      new User({
        access_token: 'a',
        token_type: 'Bearer',
        expires_at: now + 300,
        profile: { sub: 'ada', iss: idp, aud: clientId, exp: now + 300, iat: now },
        userState: { returnTo: stored },
      }),
    );
    const onRedirect = renderCallback(um);
    expect(screen.getByText('Finishing sign in…')).toBeInTheDocument();
    expect(screen.getByText('Please wait while we complete the login.')).toBeInTheDocument();
    expect(await screen.findByText('Signed in')).toBeInTheDocument();
    expect(screen.getByText('You have successfully logged in. Redirecting…')).toBeInTheDocument();
    await waitFor(() => expect(onRedirect).toHaveBeenCalledWith(expected));
    expect(callback).toHaveBeenCalledTimes(1);
  });
});

describe('useAuth', () => {
  it('stores the current path with the sign-in request', async () => {
    window.history.replaceState(null, '', '/admin/form-group/42?x=1');
    const um = newUserManager();
    const signinRedirect = vi.spyOn(um, 'signinRedirect').mockResolvedValue(undefined);
    let auth: ReturnType<typeof useAuth> | undefined;
    function Grab() {
      auth = useAuth();
      return null;
    }
    render(
      <AuthProvider userManager={um}>
        <Grab />
      </AuthProvider>,
    );
    await waitFor(() => expect(auth?.isLoading).toBe(false));
    await act(() => auth!.signIn());
    expect(signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/admin/form-group/42?x=1' } });
    window.history.replaceState(null, '', '/');
  });
});

describe('signOut', () => {
  /** What the signed-in user's screens have cached: a query on screen and one no longer shown. */
  function SecretData() {
    const shown = useQuery({ queryKey: ['admin', 'shown'], queryFn: () => 'Secret admin data', staleTime: Infinity });
    return <p>{shown.data}</p>;
  }

  function renderSignedIn(um: UserManager, queryClient?: QueryClient) {
    let auth: ReturnType<typeof useAuth> | undefined;
    function Grab() {
      auth = useAuth();
      return null;
    }
    render(
      <AuthProvider userManager={um}>
        <Grab />
        <AuthenticatedAPIProvider baseUrl={api} loading={<p>Signing out…</p>} queryClient={queryClient}>
          <RequireAuth fallback={<p>Not signed in</p>}>
            <SecretData />
          </RequireAuth>
        </AuthenticatedAPIProvider>
      </AuthProvider>,
    );
    return () => auth!;
  }

  /** A query client holding the user's data: the shown query, plus one cached earlier and a finished mutation. */
  async function cacheWithSecrets() {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(['admin', 'earlier'], 'Secret from another screen');
    await queryClient.getMutationCache().build(queryClient, { mutationFn: () => Promise.resolve('saved') }).execute(undefined);
    return queryClient;
  }

  /** Every query (key and data) and the number of mutations left in the cache. */
  const cached = (queryClient: QueryClient) => ({
    queries: queryClient.getQueryCache().getAll().map((q) => [q.queryKey, q.state.data]),
    mutations: queryClient.getMutationCache().getAll().length,
  });

  it('revokes the refresh token, removes the stored session, ends the provider session with id_token_hint, and starts no sign-in', async () => {
    const um = await signedInUserManager('token-1');
    const signinRedirect = vi.spyOn(um, 'signinRedirect').mockResolvedValue(undefined);
    // The real one removes the stored user, then the browser leaves for the provider: the promise never settles.
    const signoutRedirect = vi.spyOn(um, 'signoutRedirect').mockImplementation(async () => {
      await um.removeUser();
      await new Promise(() => {});
    });
    const auth = renderSignedIn(um);
    expect(await screen.findByText('Secret admin data')).toBeInTheDocument();

    act(() => void auth().signOut());
    await waitFor(() => expect(signoutRedirect).toHaveBeenCalledWith({ id_token_hint: 'id-token-1' }));
    expect(revoked).toEqual([expect.objectContaining({ token: 'refresh-1', token_type_hint: 'refresh_token' })]);
    expect(Object.keys(localStorage).filter((k) => k.startsWith('oidc.user:'))).toEqual([]);
    expect(auth().isSigningOut).toBe(true);
    expect(auth().isAuthenticated).toBe(false);
    expect(screen.queryByText('Secret admin data')).not.toBeInTheDocument();
    expect(screen.getByText('Signing out…')).toBeInTheDocument();
    // The removed user must not look like 'signed out, sign in again' (the defect: a new sign-in cancelled the end-session).
    await new Promise((r) => setTimeout(r, 50));
    expect(signinRedirect).not.toHaveBeenCalled();
  });

  it('still ends the local session when the provider cannot be reached, says so, and starts no sign-in', async () => {
    const um = await signedInUserManager('token-1');
    const signinRedirect = vi.spyOn(um, 'signinRedirect').mockResolvedValue(undefined);
    vi.spyOn(um, 'signoutRedirect').mockRejectedValue(new Error('Failed to fetch'));
    const auth = renderSignedIn(um);
    expect(await screen.findByText('Secret admin data')).toBeInTheDocument();

    await act(() => auth().signOut());
    expect(auth().error).toMatchObject({ source: 'signout', message: 'Failed to fetch' });
    expect(auth().isSigningOut).toBe(false);
    expect(auth().isAuthenticated).toBe(false);
    expect(await um.getUser()).toBeNull();
    expect(screen.getByText('Not signed in')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(signinRedirect).not.toHaveBeenCalled();
  });

  it("empties the query cache: nothing of the user's data stays in memory after signing out", async () => {
    const um = await signedInUserManager('token-1');
    vi.spyOn(um, 'signinRedirect').mockResolvedValue(undefined);
    vi.spyOn(um, 'signoutRedirect').mockImplementation(async () => {
      await um.removeUser();
      await new Promise(() => {});
    });
    const queryClient = await cacheWithSecrets();
    const auth = renderSignedIn(um, queryClient);
    expect(await screen.findByText('Secret admin data')).toBeInTheDocument();
    expect(cached(queryClient).queries).toHaveLength(2);

    act(() => void auth().signOut());
    await waitFor(() => expect(auth().isAuthenticated).toBe(false));
    await waitFor(() => expect(cached(queryClient)).toEqual({ queries: [], mutations: 0 }));
  });

  it('empties the query cache when the provider cannot be reached too', async () => {
    const um = await signedInUserManager('token-1');
    vi.spyOn(um, 'signinRedirect').mockResolvedValue(undefined);
    vi.spyOn(um, 'signoutRedirect').mockRejectedValue(new Error('Failed to fetch'));
    const queryClient = await cacheWithSecrets();
    const auth = renderSignedIn(um, queryClient);
    expect(await screen.findByText('Secret admin data')).toBeInTheDocument();

    // Not awaited inside act: React renders 'signing out' before the provider's answer, as in a browser.
    act(() => void auth().signOut());
    await waitFor(() => expect(auth().error).toMatchObject({ source: 'signout' }));
    expect(screen.getByText('Not signed in')).toBeInTheDocument();
    await waitFor(() => expect(cached(queryClient)).toEqual({ queries: [], mutations: 0 }));
  });
});
