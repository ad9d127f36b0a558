// @vitest-environment node
/**
 * The real sign-in over HTTP against the embedded oidc-provider: login form, authorization code +
 * PKCE, token exchange, API call with the access token, refresh-token rotation, prompt=login.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Permission } from '../../src/api/enums';
import { SEEDED_ACCOUNTS } from '../../example-host/server/accounts';
import { oidcPayloads } from '../../example-host/server/db/schema';
import { BAD_CREDENTIALS_MESSAGE } from '../../example-host/server/oidc';
import {
  authorizationUrl,
  call,
  callJson,
  CookieJar,
  createPkce,
  decodeJwt,
  exchangeCode,
  followToCallback,
  HOST_ORIGIN,
  openLoginForm,
  postFailedLogin,
  postLogin,
  REDIRECT_URI,
  refresh,
  signedIn,
  signIn,
  START_TIMEOUT_MS,
  startTestServer,
  type TestServer,
  type TokenResponse,
} from './helpers';

const ACCESS_TOKEN_TTL = 2;
let server: TestServer;

beforeAll(async () => {
  // A tiny access-token lifetime and no clock leeway, so expiry can be observed quickly.
  server = await startTestServer({ accessTokenTtlSeconds: ACCESS_TOKEN_TTL, clockToleranceSeconds: 0 });
}, START_TIMEOUT_MS);

afterAll(async () => {
  await server?.stop();
});

describe('discovery', () => {
  it('publishes the issuer, code flow with S256 PKCE and the endpoints', async () => {
    const res = await fetch(new URL('/.well-known/openid-configuration', server.issuerUrl));
    const doc = (await res.json()) as Record<string, unknown>;
    expect(doc).toMatchObject({
      issuer: server.issuerUrl,
      authorization_endpoint: `${server.issuerUrl}/auth`,
      token_endpoint: `${server.issuerUrl}/token`,
      userinfo_endpoint: `${server.issuerUrl}/me`,
      jwks_uri: `${server.issuerUrl}/jwks`,
      code_challenge_methods_supported: ['S256'],
    });
    expect(doc.scopes_supported).toEqual(expect.arrayContaining(['openid', 'profile', 'email', 'offline_access']));
  });
});

describe('authorization code + PKCE over HTTP', () => {
  let tokens: TokenResponse;
  let jar: CookieJar;

  // The clock (Date, which the identity provider, the API's token check and the database all read in this process)
  // stands still here and moves only when a test moves it: the 2 s tokens stay valid from one test to the next however
  // slow a loaded machine is, and expire exactly when the expiry test says so.
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  });
  afterAll(() => {
    vi.useRealTimers();
  });

  it('shows a plain login form with Username, Password and Sign in', async () => {
    jar = new CookieJar();
    const { html, status, action } = await openLoginForm(server, jar, { pkce: createPkce() });
    expect(status).toBe(200);
    expect(html).toContain('<label for="username">Username</label>');
    expect(html).toContain('<label for="password">Password</label>');
    expect(html).toContain('<button type="submit">Sign in</button>');
    expect(action).toMatch(/\/interaction\/[^/]+\/login$/);
  });

  it('shows an error on bad credentials and stays on the form', async () => {
    const localJar = new CookieJar();
    const fresh = await openLoginForm(server, localJar, { pkce: createPkce() });
    for (const [username, password] of [
      ['admin', 'wrong'],
      ['nobody', 'admin-password'],
      ['', ''],
    ]) {
      const res = await postFailedLogin(localJar, fresh.action, username as string, password as string);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain(BAD_CREDENTIALS_MESSAGE);
      expect(html).toContain('Sign in');
      expect(html).toContain(`value="${username}"`);
    }
    // The same interaction still accepts the right password afterwards.
    const ok = await postLogin(localJar, fresh.action, 'reader', 'reader-password');
    expect(signedIn(ok)).toBe(true);
  });

  it('answers a failed sign-in with a redirect to its form (post/redirect/get), which says why once', async () => {
    const localJar = new CookieJar();
    const fresh = await openLoginForm(server, localJar, { pkce: createPkce() });
    const posted = await postLogin(localJar, fresh.action, 'admin', 'wrong');
    // No page answers the POST: the browser's history holds the form's own address, never a POST to resubmit.
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe(new URL(fresh.action).pathname.replace(/\/login$/, ''));
    expect(posted.headers.get('set-cookie')).not.toContain('wrong');
    expect(await posted.text()).toBe('');
    const form = await localJar.fetch(new URL(posted.headers.get('location') ?? '', fresh.action).toString());
    expect(form.status).toBe(200);
    const html = await form.text();
    expect(html).toContain(`<p class="error" role="alert" id="login-error">${BAD_CREDENTIALS_MESSAGE}</p>`);
    expect(html).toContain('value="admin"');
    expect(html).not.toContain('wrong');
    // The username kept, the password is what is typed next.
    expect(html).toMatch(/<input id="password"[^>]* autofocus/);
    expect(html).not.toMatch(/<input id="username"[^>]* autofocus/);
    // A reload shows the plain form: the message was for that one failure.
    const reloaded = await (await localJar.fetch(fresh.action.replace(/\/login$/, ''))).text();
    expect(reloaded).not.toContain(BAD_CREDENTIALS_MESSAGE);
    expect(reloaded).toContain('<label for="username">Username</label>');
    // A cookie this provider did not write is no message.
    const forged = await fetch(fresh.action.replace(/\/login$/, ''), { headers: { cookie: `${localJar.header()}; login_flash=not-json` }, redirect: 'manual' });
    expect(await forged.text()).not.toContain('role="alert"');
  });

  it('signs in, redirects with a code and exchanges it for JWT tokens', async () => {
    const pkce = createPkce();
    const state = 'state-123';
    const { action } = await openLoginForm(server, jar, { pkce, state });
    const posted = await postLogin(jar, action, 'admin', 'admin-password');
    expect(signedIn(posted)).toBe(true);
    const callback = await followToCallback(jar, server.issuerUrl, posted);
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
    expect(callback.searchParams.get('state')).toBe(state);
    expect(callback.searchParams.get('iss')).toBe(server.issuerUrl);
    const code = callback.searchParams.get('code') ?? '';
    expect(code).not.toBe('');

    const res = await exchangeCode(server, code, pkce.verifier);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(HOST_ORIGIN);
    tokens = (await res.json()) as TokenResponse;
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.expires_in).toBe(ACCESS_TOKEN_TTL);
    expect(tokens.refresh_token).toBeTruthy();

    const access = decodeJwt(tokens.access_token);
    expect(access).toMatchObject({
      iss: server.issuerUrl,
      aud: 'api://forms-admin',
      sub: 'admin',
      client_id: 'forms-admin-example',
      name: 'Ada Admin',
      email: 'admin@example.com',
    });
    const id = decodeJwt(tokens.id_token);
    expect(id).toMatchObject({
      sub: 'admin',
      aud: 'forms-admin-example',
      name: 'Ada Admin',
      email: 'admin@example.com',
      preferred_username: 'admin',
    });
  });

  it("the login form reached again after signing in (the browser's Back) says the request has ended and links back to the application", async () => {
    const backJar = new CookieJar();
    const { action } = await openLoginForm(server, backJar, { pkce: createPkce() });
    const posted = await postLogin(backJar, action, 'reader', 'reader-password');
    await followToCallback(backJar, server.issuerUrl, posted);
    for (const again of [await backJar.fetch(action.replace(/\/login$/, '')), await postLogin(backJar, action, 'reader', 'reader-password')]) {
      expect(again.status).toBe(400);
      const html = await again.text();
      expect(html).toContain('<h1>Sign-in expired</h1>');
      expect(html).toContain(`<a href="${HOST_ORIGIN}/">Back to the application</a>`);
    }
  });

  it('calls GetMyClaims with the access token', async () => {
    const res = await callJson<number[]>(server, '/api/Claim/GetMyClaims', { token: tokens.access_token });
    expect(res.status).toBe(200);
    expect(res.body).toContain(Permission.GlobalDataAdmin);
    expect(res.body).toContain(Permission.AdminPanel_Access);
  });

  it('answers userinfo for the access token', async () => {
    const res = await fetch(new URL('/me', server.issuerUrl), {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ sub: 'admin', name: 'Ada Admin', email: 'admin@example.com' });
  });

  it('keeps the browser session: a second authorization skips the form', async () => {
    const pkce = createPkce();
    const start = await jar.fetch(authorizationUrl(server.issuerUrl, server.clientId, { pkce }));
    const callback = await followToCallback(jar, server.issuerUrl, start);
    expect(callback.searchParams.get('code')).toBeTruthy();
  });

  it('prompt=login forces the login form even with a session', async () => {
    const { html, status } = await openLoginForm(server, jar, { pkce: createPkce(), prompt: 'login' });
    expect(status).toBe(200);
    expect(html).toContain('Password');
  });

  it('expires the access token, then a refresh token gives a new one and is rotated', async () => {
    tokens = await signIn(server, 'editor', 'editor-password');
    expect((await call(server, '/api/Claim/GetMyClaims', { token: tokens.access_token })).status).toBe(200);
    vi.setSystemTime(Date.now() + (ACCESS_TOKEN_TTL + 1) * 1000);
    expect((await call(server, '/api/Claim/GetMyClaims', { token: tokens.access_token })).status).toBe(401);

    const first = await refresh(server, tokens.refresh_token ?? '');
    expect(first.status).toBe(200);
    expect(first.headers.get('access-control-allow-origin')).toBe(HOST_ORIGIN);
    const renewed = (await first.json()) as TokenResponse;
    expect(renewed.refresh_token).toBeTruthy();
    expect(renewed.refresh_token).not.toBe(tokens.refresh_token);
    expect((await call(server, '/api/Claim/GetMyClaims', { token: renewed.access_token })).status).toBe(200);

    // The rotated token keeps the original absolute lifetime…
    const lifetime = async (t: string) => {
      const rows = await server.db.select().from(oidcPayloads).where(eq(oidcPayloads.model, 'RefreshToken'));
      return rows.find((r) => t.startsWith(r.id))?.payload;
    };
    const original = await lifetime(tokens.refresh_token ?? '');
    const rotated = await lifetime(renewed.refresh_token ?? '');
    expect(rotated?.iiat).toBe(original?.iiat);
    expect(Number(rotated?.exp)).toBeLessThanOrEqual(Number(original?.exp));

    // …and reusing the old one is refused (and revokes the grant).
    expect((await refresh(server, tokens.refresh_token ?? '')).status).toBe(400);
    expect((await refresh(server, renewed.refresh_token ?? '')).status).toBe(400);
  });
});

describe('sign-out', () => {
  it('RP-initiated logout without an id_token_hint asks, with no script on the page', async () => {
    const jar = new CookieJar();
    await signIn(server, 'reader', 'reader-password', jar);
    const end = new URL('/session/end', server.issuerUrl);
    end.search = new URLSearchParams({ client_id: server.clientId }).toString();
    const confirm = await jar.fetch(end.toString());
    expect(confirm.status).toBe(200);
    const html = await confirm.text();
    expect(html).toContain('Do you want to sign out of the development identity provider?');
    expect(html).not.toContain('<script');
  });

  it('RP-initiated logout with an id_token_hint submits itself (one nonce-bound script), ends the session and returns to the host', async () => {
    const jar = new CookieJar();
    const tokens = await signIn(server, 'reader', 'reader-password', jar);
    const end = new URL('/session/end', server.issuerUrl);
    end.search = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: `${HOST_ORIGIN}/`,
      client_id: server.clientId,
    }).toString();
    const confirm = await jar.fetch(end.toString());
    expect(confirm.status).toBe(200);
    const html = await confirm.text();
    expect(html).toContain('Signing you out of the development identity provider…');
    // The buttons stay for a browser without scripts; the script that submits runs only under the page's nonce.
    expect(html).toContain('Stay signed in');
    const nonce = /script-src 'nonce-([^']+)'/.exec(confirm.headers.get('content-security-policy') ?? '')?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`<script nonce="${nonce}">`);
    expect(confirm.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1] ?? '';
    const hidden = [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]);
    const body = new URLSearchParams(hidden as [string, string][]);
    body.set('logout', 'yes');
    const posted = await jar.fetch(new URL(action, server.issuerUrl).toString(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe(`${HOST_ORIGIN}/`);
    // Signing out revokes the grant: the refresh token is dead.
    expect((await refresh(server, tokens.refresh_token ?? '')).status).toBe(400);
    // The next authorization shows the login form again.
    const { status, html: loginHtml } = await openLoginForm(server, jar, { pkce: createPkce() });
    expect(status).toBe(200);
    expect(loginHtml).toContain('Username');
  });
});

describe('the authorization request is checked', () => {
  it('requires PKCE', async () => {
    const url = new URL(authorizationUrl(server.issuerUrl, server.clientId, { pkce: createPkce() }));
    url.searchParams.delete('code_challenge');
    url.searchParams.delete('code_challenge_method');
    const res = await fetch(url, { redirect: 'manual' });
    // Errors go back to the (registered) redirect URI.
    const location = new URL(res.headers.get('location') ?? '', server.issuerUrl);
    expect(location.searchParams.get('error')).toBe('invalid_request');
  });

  it('refuses an unregistered redirect URI and an unknown client', async () => {
    const url = new URL(authorizationUrl(server.issuerUrl, server.clientId, { pkce: createPkce() }));
    url.searchParams.set('redirect_uri', 'http://evil.example/callback');
    const res = await fetch(url, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('redirect_uri');
    url.searchParams.set('client_id', 'someone-else');
    expect((await fetch(url, { redirect: 'manual' })).status).toBe(400);
  });

  it('refuses a code exchanged with the wrong verifier', async () => {
    const jar = new CookieJar();
    const pkce = createPkce();
    const { action } = await openLoginForm(server, jar, { pkce });
    const callback = await followToCallback(
      jar,
      server.issuerUrl,
      await postLogin(jar, action, 'editor', 'editor-password'),
    );
    const code = callback.searchParams.get('code') ?? '';
    expect((await exchangeCode(server, code, createPkce().verifier)).status).toBe(400);
    expect((await exchangeCode(server, code, null)).status).toBe(400);
  });

  it('a code works once, and its reuse revokes what it gave', async () => {
    const jar = new CookieJar();
    const pkce = createPkce();
    const { action } = await openLoginForm(server, jar, { pkce });
    const callback = await followToCallback(
      jar,
      server.issuerUrl,
      await postLogin(jar, action, 'reader', 'reader-password'),
    );
    const code = callback.searchParams.get('code') ?? '';
    const first = await exchangeCode(server, code, pkce.verifier);
    expect(first.status).toBe(200);
    const t = (await first.json()) as TokenResponse;
    expect((await exchangeCode(server, code, pkce.verifier)).status).toBe(400);
    expect((await refresh(server, t.refresh_token ?? '')).status).toBe(400);
  });

  it('every seeded account can sign in and call the API as itself', async () => {
    for (const account of SEEDED_ACCOUNTS) {
      const t = await signIn(server, account.username, account.password);
      const session = await callJson<{ userId: string }>(server, '/api/Claim/GetMyUserSessionData', {
        token: t.access_token,
      });
      expect(session.status, account.username).toBe(200);
      expect(decodeJwt(t.id_token).name).toBe(account.displayName);
    }
  });
});
