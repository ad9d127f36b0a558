// @vitest-environment node
/**
 * Hardening of the reference backend: the development provider's login
 * throttle, undecodable paths on the host origin, access-token time and type checks, and the
 * caching and framing headers of API answers and host pages.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { TokenError, TokenVerifier } from '../../example-host/server/auth';
import { BAD_CREDENTIALS_MESSAGE } from '../../example-host/server/oidc';
import { throttleMessage } from '../../example-host/server/login-throttle';
import {
  call,
  callJson,
  CookieJar,
  createPkce,
  authorizationUrl,
  decodeJwt,
  openLoginForm,
  postFailedLogin,
  postLogin,
  signedIn,
  signIn,
  START_TIMEOUT_MS,
  startTestServer,
  type TestServer,
} from './helpers';

let server: TestServer;
let hostDist: string;
/** The login throttle's clock (ms); the tests move it instead of waiting. */
let clock = Date.now();

beforeAll(async () => {
  hostDist = await mkdtemp(path.join(os.tmpdir(), 'forms-admin-host-'));
  await mkdir(path.join(hostDist, 'assets'));
  await writeFile(path.join(hostDist, 'index.html'), '<!doctype html><title>Host</title><div id="root"></div>');
  await writeFile(path.join(hostDist, 'assets', 'app.js'), 'console.log("host");');
  server = await startTestServer({ hostDist, loginThrottle: { now: () => clock } });
}, START_TIMEOUT_MS);

afterAll(async () => {
  await server?.stop();
  if (hostDist) await rm(hostDist, { recursive: true, force: true });
});

// ---------------------------------------------------------------- login throttle

const TOO_MANY = /Too many failed attempts\. Try again in \d+ (second|seconds|minute|minutes)\./;

/** The text of the login page's error paragraph. */
function errorText(html: string): string {
  return /<p class="error"[^>]*>([^<]*)<\/p>/.exec(html)?.[1] ?? '';
}

async function freshForm(): Promise<{ jar: CookieJar; action: string }> {
  const jar = new CookieJar();
  const { action } = await openLoginForm(server, jar, { pkce: createPkce() });
  return { jar, action };
}

describe('login throttle of the development provider', () => {
  beforeEach(() => {
    // Failures are forgotten after 15 quiet minutes: every test starts with a clean slate.
    clock += 60 * 60 * 1000;
  });

  it('throttle messages say how long to wait', () => {
    expect(throttleMessage(1_000)).toBe('Too many failed attempts. Try again in 1 second.');
    expect(throttleMessage(30_000)).toBe('Too many failed attempts. Try again in 30 seconds.');
    expect(throttleMessage(29_001)).toBe('Too many failed attempts. Try again in 30 seconds.');
    expect(throttleMessage(300_000)).toBe('Too many failed attempts. Try again in 5 minutes.');
  });

  it('the first three failures cost nothing: the right password works at once', async () => {
    const { jar, action } = await freshForm();
    for (let i = 0; i < 3; i += 1) {
      const res = await postFailedLogin(jar, action, 'reader', `wrong-${i}`);
      expect(res.status).toBe(200);
      expect(errorText(await res.text())).toBe(BAD_CREDENTIALS_MESSAGE);
    }
    // The clock has not moved: no wait was imposed.
    expect(signedIn(await postLogin(jar, action, 'reader', 'reader-password'))).toBe(true);
  });

  it('50 wrong passwords in a row: a growing wait, and the right password is refused meanwhile', async () => {
    const { jar, action } = await freshForm();
    const statuses: number[] = [];
    const messages: string[] = [];
    for (let i = 0; i < 50; i += 1) {
      const res = await postFailedLogin(jar, action, 'admin', `guess-${i}`);
      statuses.push(res.status);
      messages.push(errorText(await res.text()));
    }
    expect(messages.slice(0, 3)).toEqual(Array(3).fill(BAD_CREDENTIALS_MESSAGE));
    expect(statuses.slice(0, 4)).toEqual([200, 200, 200, 200]);
    expect(messages[3]).toBe(`${BAD_CREDENTIALS_MESSAGE} Too many failed attempts. Try again in 1 second.`);
    // Every later guess is refused unchecked while the wait lasts.
    expect(new Set(statuses.slice(4))).toEqual(new Set([429]));
    expect(new Set(messages.slice(4))).toEqual(new Set(['Too many failed attempts. Try again in 1 second.']));

    const right = await postFailedLogin(jar, action, 'admin', 'admin-password');
    expect(right.status).toBe(429);
    expect(right.headers.get('retry-after')).toBe('1');
    expect(errorText(await right.text())).toMatch(TOO_MANY);

    // The next failure doubles the wait.
    clock += 1_000;
    const fifth = await postFailedLogin(jar, action, 'admin', 'guess-again');
    expect(errorText(await fifth.text())).toBe(`${BAD_CREDENTIALS_MESSAGE} Too many failed attempts. Try again in 2 seconds.`);
    clock += 2_000;
    expect(signedIn(await postLogin(jar, action, 'admin', 'admin-password'))).toBe(true);
  });

  it('locks the account for 5 minutes after 10 failures, whatever the password', async () => {
    const { jar, action } = await freshForm();
    const waits: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const res = await postFailedLogin(jar, action, 'Editor', `guess-${i}`);
      waits.push(errorText(await res.text()).replace(BAD_CREDENTIALS_MESSAGE, '').trim());
      // Wait out whatever the page asked for (but never the lockout).
      if (i < 9) clock += 60_000;
    }
    expect(waits).toEqual([
      '',
      '',
      '',
      'Too many failed attempts. Try again in 1 second.',
      'Too many failed attempts. Try again in 2 seconds.',
      'Too many failed attempts. Try again in 4 seconds.',
      'Too many failed attempts. Try again in 8 seconds.',
      'Too many failed attempts. Try again in 16 seconds.',
      'Too many failed attempts. Try again in 32 seconds.',
      'Too many failed attempts. Try again in 5 minutes.',
    ]);
    clock += 4 * 60_000;
    const during = await postFailedLogin(jar, action, 'editor', 'editor-password');
    expect(during.status).toBe(429);
    expect(errorText(await during.text())).toBe('Too many failed attempts. Try again in 60 seconds.');
    // The lockout is per account: another account signs in from the same browser meanwhile.
    const other = await freshForm();
    expect(signedIn(await postLogin(other.jar, other.action, 'reader', 'reader-password'))).toBe(true);

    clock += 60_000;
    expect(signedIn(await postLogin(jar, action, 'editor', 'editor-password'))).toBe(true);
    // A success clears the account's failures.
    const again = await freshForm();
    const wrong = await postFailedLogin(again.jar, again.action, 'editor', 'nope');
    expect(errorText(await wrong.text())).toBe(BAD_CREDENTIALS_MESSAGE);
  });

  it('throttles one address guessing across many accounts, and says so on the login page', async () => {
    const { jar, action } = await freshForm();
    const messages: string[] = [];
    for (let i = 0; i < 21; i += 1) {
      const res = await postFailedLogin(jar, action, `someone-${i}`, 'password');
      messages.push(errorText(await res.text()));
    }
    expect(messages.slice(0, 20)).toEqual(Array(20).fill(BAD_CREDENTIALS_MESSAGE));
    expect(messages[20]).toBe(`${BAD_CREDENTIALS_MESSAGE} Too many failed attempts. Try again in 1 second.`);
    // An account without failures is refused from that address while it waits, even with its password.
    const right = await postFailedLogin(jar, action, 'reader', 'reader-password');
    expect(right.status).toBe(429);
    expect(errorText(await right.text())).toBe('Too many failed attempts. Try again in 1 second.');
    // A new sign-in page from that address says so before anything is typed.
    const page = await openLoginForm(server, new CookieJar(), { pkce: createPkce() });
    expect(errorText(page.html)).toBe('Too many failed attempts. Try again in 1 second.');
    clock += 1_000;
    expect(signedIn(await postLogin(jar, action, 'reader', 'reader-password'))).toBe(true);
  });

  it('logs throttled attempts as warnings without the password', async () => {
    const before = server.logs.length;
    const { jar, action } = await freshForm();
    for (let i = 0; i < 5; i += 1) await postLogin(jar, action, 'admin', `secret-guess-${i}`);
    const entries = server.logs.slice(before).filter((e) => e.component === 'oidc' && e.level === 'warn');
    expect(entries.map((e) => e.msg)).toEqual([
      'login failed',
      'login failed',
      'login failed',
      'login failed',
      'login throttled',
    ]);
    expect(JSON.stringify(server.logs)).not.toContain('secret-guess');
  });
});

// ---------------------------------------------------------------- undecodable paths

describe('undecodable paths on the host origin', () => {
  it.each(['/%', '/%E0%A4%A', '/forms/%zz', '/assets/%'])('GET %s answers 400 problem details, no stack logged', async (p) => {
    const before = server.logs.length;
    const res = await fetch(`${server.url}${p}`);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(await res.json()).toEqual({
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: 'The request path is not valid percent-encoding.',
    });
    const entries = server.logs.slice(before);
    expect(entries.some((e) => 'stack' in e)).toBe(false);
    expect(entries.some((e) => e.level === 'error')).toBe(false);
    expect(entries.find((e) => e.status !== undefined)).toMatchObject({ status: 400, level: 'info' });
  });

  it('still serves the host, its assets and encoded routes, and never a file outside the dist folder', async () => {
    expect((await fetch(`${server.url}/`)).status).toBe(200);
    const asset = await fetch(`${server.url}/assets/app.js`);
    expect(await asset.text()).toBe('console.log("host");');
    const route = await fetch(`${server.url}/forms/caf%C3%A9`);
    expect(await route.text()).toContain('<div id="root">');
    const traversal = await fetch(`${server.url}/%2e%2e/%2e%2e/%2e%2e/etc/passwd`);
    expect(await traversal.text()).not.toContain('root:');
    const doubled = await fetch(`${server.url}/assets/%252e%252e/%252e%252e/package.json`);
    expect(doubled.status).toBe(404);
  });
});

// ---------------------------------------------------------------- token time and type checks

describe('access token time and type checks', () => {
  const now = () => Math.floor(Date.now() / 1000);

  it('refuses a token issued in the future beyond the clock leeway, accepts one within it', async () => {
    const future = await server.mintAccessToken({ sub: 'admin' }, { issuedAt: now() + 3600, expiresInSeconds: 3900 });
    const res = await callJson<{ detail: string }>(server, '/api/Claim/GetMyClaims', { token: future });
    expect(res.status).toBe(401);
    expect(res.body.detail).toBe('The token was issued in the future.');
    expect(res.headers.get('www-authenticate')).toContain('error="invalid_token"');
    const skewed = await server.mintAccessToken({ sub: 'admin' }, { issuedAt: now() + 30 });
    expect((await call(server, '/api/Claim/GetMyClaims', { token: skewed })).status).toBe(200);
  });

  it('refuses a token living longer than the maximum lifetime (24 h by default)', async () => {
    expect(server.config.maxAccessTokenLifetimeSeconds).toBe(24 * 60 * 60);
    const tenYears = await server.mintAccessToken({ sub: 'admin' }, { expiresInSeconds: 10 * 365 * 24 * 3600 });
    const res = await callJson<{ detail: string }>(server, '/api/Claim/GetMyClaims', { token: tenYears });
    expect(res.status).toBe(401);
    expect(res.body.detail).toBe('The token lives longer than the allowed 86400 seconds.');
    const day = await server.mintAccessToken({ sub: 'admin' }, { expiresInSeconds: 24 * 3600 });
    expect((await call(server, '/api/Claim/GetMyClaims', { token: day })).status).toBe(200);
    const dayAndMore = await server.mintAccessToken({ sub: 'admin' }, { expiresInSeconds: 24 * 3600 + 120 });
    expect((await call(server, '/api/Claim/GetMyClaims', { token: dayAndMore })).status).toBe(401);
  });

  it('refuses a token without iat', async () => {
    const token = await server.mintAccessToken({ sub: 'admin' }, { issuedAt: null });
    const res = await callJson<{ detail: string }>(server, '/api/Claim/GetMyClaims', { token });
    expect(res.status).toBe(401);
    expect(res.body.detail).toContain('iat');
  });

  it('requires typ at+jwt from the embedded provider', async () => {
    for (const type of [null, 'JWT', 'id_token+jwt']) {
      const token = await server.mintAccessToken({ sub: 'admin' }, { type });
      const res = await callJson<{ detail: string }>(server, '/api/Claim/GetMyClaims', { token });
      expect(res.status, String(type)).toBe(401);
      expect(res.body.detail).toBe('The token is not an access token (typ must be at+jwt).');
    }
    const long = await server.mintAccessToken({ sub: 'admin' }, { type: 'application/at+jwt' });
    expect((await call(server, '/api/Claim/GetMyClaims', { token: long })).status).toBe(200);
  });

  it('the provider issues at+jwt access tokens the API accepts, and its ID token is refused as one', async () => {
    const tokens = await signIn(server, 'reader', 'reader-password');
    const header = JSON.parse(Buffer.from(tokens.access_token.split('.')[0] ?? '', 'base64url').toString()) as {
      typ?: string;
      alg?: string;
    };
    expect(header).toMatchObject({ typ: 'at+jwt', alg: 'RS256' });
    const claims = decodeJwt(tokens.access_token);
    expect(Number(claims.exp) - Number(claims.iat)).toBe(server.config.accessTokenTtlSeconds);
    expect((await call(server, '/api/Claim/GetMyClaims', { token: tokens.access_token })).status).toBe(200);
    // An ID token of the same issuer is signed by the same key but is not an access token.
    const idToken = await callJson<{ detail: string }>(server, '/api/Claim/GetMyClaims', { token: tokens.id_token });
    expect(idToken.status).toBe(401);
    // And the provider's userinfo refuses it too.
    const me = await fetch(new URL('/me', server.issuerUrl), { headers: { authorization: `Bearer ${tokens.id_token}` } });
    expect(me.status).toBe(401);
  });
});

describe('TokenVerifier', () => {
  const issuer = 'https://login.example.com';
  const audience = 'api://forms-admin';
  let privateKey: CryptoKey;
  let keys: ConstructorParameters<typeof TokenVerifier>[0]['keys'];

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256', { extractable: true });
    privateKey = pair.privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256' };
    const { createLocalJWKSet } = await import('jose');
    keys = createLocalJWKSet({ keys: [jwk] });
  });

  function sign(payload: JWTPayload, typ: string | undefined, iat: number, exp: number) {
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'RS256', kid: 'k1', ...(typ ? { typ } : {}) })
      .setSubject('someone')
      .setIssuer(issuer)
      .setAudience(audience)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(privateKey);
  }

  async function problem(verifier: TokenVerifier, token: string): Promise<string> {
    try {
      await verifier.verify(token);
      return 'accepted';
    } catch (error) {
      return error instanceof TokenError ? `${error.problem}: ${error.message}` : String(error);
    }
  }

  it('an external provider issuing typ JWT is accepted when no type is required', async () => {
    const t = Math.floor(Date.now() / 1000);
    // The clock stands at t while the tokens are signed and verified, so that t + 61 is one second past the leeway and
    // t + 59 one second within it, however long signing takes (a second boundary passed between reading t and the
    // check, on a loaded machine, made t + 61 fall within the leeway).
    vi.useFakeTimers({ toFake: ['Date'], now: t * 1000 });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const verifier = new TokenVerifier({
      issuer,
      audience,
      keys,
      clockToleranceSeconds: 60,
      maxLifetimeSeconds: 3600,
      requiredType: null,
    });
    expect(await problem(verifier, await sign({}, 'JWT', t, t + 3600))).toBe('accepted');
    expect(await problem(verifier, await sign({}, undefined, t, t + 3600))).toBe('accepted');
    expect(await problem(verifier, await sign({}, 'JWT', t, t + 3600 + 61))).toBe(
      'invalid_claims: The token lives longer than the allowed 3600 seconds.',
    );
    expect(await problem(verifier, await sign({}, 'JWT', t + 61, t + 600))).toBe(
      'invalid_claims: The token was issued in the future.',
    );
    expect(await problem(verifier, await sign({}, 'JWT', t + 59, t + 600))).toBe('accepted');
  });

  it('the clock leeway is never more than 60 s', async () => {
    const t = Math.floor(Date.now() / 1000);
    const verifier = new TokenVerifier({
      issuer,
      audience,
      keys,
      clockToleranceSeconds: 600,
      maxLifetimeSeconds: 3600,
      requiredType: 'at+jwt',
    });
    expect(await problem(verifier, await sign({}, 'at+jwt', t + 120, t + 600))).toBe(
      'invalid_claims: The token was issued in the future.',
    );
    expect(await problem(verifier, await sign({}, 'at+jwt', t - 600, t - 120))).toBe(
      'expired: The token has expired',
    );
  });
});

// ---------------------------------------------------------------- caching and framing headers

describe('caching and framing headers', () => {
  it('every /api answer says Cache-Control: no-store, successes and problem details alike', async () => {
    const token = await server.mintAccessToken({ sub: 'admin' });
    const answers = [
      await call(server, '/api/Claim/GetMyClaims', { token }),
      await call(server, '/api/Claim/GetMyUserSessionData', { token }),
      await call(server, '/api/HealthCheck/Get'),
      await call(server, '/api/Claim/GetOIDCConfig'),
      await call(server, '/api/Claim/GetMyClaims'),
      await call(server, '/api/Claim/CheckForAdminRole', { token }),
      await call(server, '/api/Claim/ClaimGroupsList', { token: await server.mintAccessToken({ sub: 'reader' }) }),
      await call(server, '/api/Nothing/Here', { token }),
      await call(server, '/odata/Forms', { token }),
      await call(server, '/api/Claim/ClearUserClaimsCache', { token, method: 'POST' }),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 401, 400, 403, 404, 404, 204]);
    for (const res of answers) {
      expect(res.headers.get('cache-control'), res.url).toBe('no-store');
      expect(res.headers.get('x-frame-options'), res.url).toBe('DENY');
      expect(res.headers.get('content-security-policy'), res.url).toContain("frame-ancestors 'none'");
    }
  });

  it('problem details outside /api are not cached either', async () => {
    const res = await fetch(`${server.url}/assets/missing.js`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('host pages may not be framed: X-Frame-Options DENY agrees with frame-ancestors none', async () => {
    for (const p of ['/', '/admin/roles', '/assets/app.js']) {
      const res = await fetch(`${server.url}${p}`);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('x-frame-options'), p).toBe('DENY');
      expect(res.headers.get('content-security-policy'), p).toContain("frame-ancestors 'none'");
    }
  });

  it("the provider's pages may not be framed either", async () => {
    const jar = new CookieJar();
    const start = await jar.fetch(
      authorizationUrl(server.issuerUrl, server.clientId, { pkce: createPkce() }),
    );
    const login = await jar.fetch(new URL(start.headers.get('location') ?? '', server.issuerUrl).toString());
    const tokens = await signIn(server, 'reader', 'reader-password');
    const end = new URL('/session/end', server.issuerUrl);
    end.searchParams.set('id_token_hint', tokens.id_token);
    const confirm = await fetch(end);
    const error = await fetch(new URL('/auth?client_id=nobody', server.issuerUrl));
    expect([login.status, confirm.status, error.status]).toEqual([200, 200, 400]);
    for (const res of [login, confirm, error]) {
      expect(res.headers.get('x-frame-options'), res.url).toBe('DENY');
      expect(res.headers.get('content-security-policy'), res.url).toContain("frame-ancestors 'none'");
    }
  });
});

describe('LoginThrottle memory', () => {
  it('remembers at most maxEntries keys, forgetting the oldest failures first', async () => {
    const { LoginThrottle } = await import('../../example-host/server/login-throttle');
    let t = 0;
    const throttle = new LoginThrottle({ maxEntries: 3, account: { freeFailures: 0, lockoutFailures: 5 }, now: () => t });
    // Two keys per failure (account and address): the first account is pushed out by later ones.
    throttle.fail({ username: 'first', address: 'a' });
    expect(throttle.wait({ username: 'first', address: 'b' })).toBe(1000);
    t += 1;
    throttle.fail({ username: 'second', address: 'a' });
    throttle.fail({ username: 'third', address: 'a' });
    expect(throttle.wait({ username: 'first', address: 'b' })).toBe(0);
    expect(throttle.wait({ username: 'third', address: 'b' })).toBeGreaterThan(0);
  });
});
