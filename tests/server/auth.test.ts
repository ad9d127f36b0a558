// @vitest-environment node
import { Agent, request as httpRequest } from 'node:http';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Permission } from '../../src/api/enums';
import type { OidcConfig, UserSessionData } from '../../src/api/types';
import { applicationUsers, claimGrantsUsers } from '../../example-host/server/db/schema';
import { SEED_IDS } from '../../example-host/server/db/seed';
import {
  call,
  callJson,
  HOST_ORIGIN,
  START_TIMEOUT_MS,
  startTestServer,
  userWithClaims,
  type TestServer,
} from './helpers';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, START_TIMEOUT_MS);

afterAll(async () => {
  await server?.stop();
});

async function foreignToken(claims: { sub: string }, options: { kid?: string } = {}) {
  const { privateKey } = await generateKeyPair('RS256');
  return new SignJWT({})
    .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? 'someone-else' })
    .setSubject(claims.sub)
    .setIssuer(server.issuerUrl)
    .setAudience(server.audience)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(privateKey);
}

describe('bearer tokens', () => {
  it('accepts a valid token', async () => {
    const token = await server.mintAccessToken({ sub: 'admin' });
    const res = await call(server, '/api/Claim/GetMyClaims', { token });
    expect(res.status).toBe(200);
  });

  it('refuses a missing token with 401 problem details and a WWW-Authenticate header', async () => {
    const res = await callJson<{ status: number; detail: string }>(server, '/api/Claim/GetMyClaims');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      type: 'about:blank',
      title: 'Unauthorized',
      status: 401,
      detail: 'An access token is required.',
    });
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });

  it('refuses an expired token (beyond the clock leeway)', async () => {
    const token = await server.mintAccessToken({ sub: 'admin' }, { expiresInSeconds: -120 });
    const res = await callJson<{ detail: string }>(server, '/api/Claim/GetMyClaims', { token });
    expect(res.status).toBe(401);
    expect(res.body.detail).toMatch(/expired/);
    expect(res.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
  });

  it('accepts a token that expired within the 60 s clock leeway', async () => {
    const token = await server.mintAccessToken({ sub: 'admin' }, { expiresInSeconds: -20 });
    expect((await call(server, '/api/Claim/GetMyClaims', { token })).status).toBe(200);
  });

  it('refuses a token signed by another key, even with the same kid', async () => {
    const [kid] = await server.mintAccessToken({ sub: 'admin' }).then((t) => {
      const header = JSON.parse(Buffer.from(t.split('.')[0] ?? '', 'base64url').toString()) as { kid: string };
      return [header.kid];
    });
    for (const token of [await foreignToken({ sub: 'admin' }), await foreignToken({ sub: 'admin' }, { kid })]) {
      const res = await call(server, '/api/Claim/GetMyClaims', { token });
      expect(res.status).toBe(401);
    }
  });

  it('refuses a token with a tampered payload', async () => {
    const token = await server.mintAccessToken({ sub: 'reader' });
    const [h, p, s] = token.split('.') as [string, string, string];
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
    payload.sub = 'admin';
    const forged = `${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${s}`;
    expect((await call(server, '/api/Claim/GetMyClaims', { token: forged })).status).toBe(401);
  });

  it('refuses a token for another audience', async () => {
    const token = await server.mintAccessToken({ sub: 'admin' }, { audience: 'api://something-else' });
    const res = await callJson<{ detail: string }>(server, '/api/Claim/GetMyClaims', { token });
    expect(res.status).toBe(401);
    expect(res.body.detail).toMatch(/aud/);
  });

  it('refuses a token from another issuer', async () => {
    const token = await server.mintAccessToken({ sub: 'admin' }, { issuer: 'http://127.0.0.1:1' });
    expect((await call(server, '/api/Claim/GetMyClaims', { token })).status).toBe(401);
  });

  it('refuses garbage, an unsigned token and a non-bearer scheme', async () => {
    expect((await call(server, '/api/Claim/GetMyClaims', { token: 'not-a-jwt' })).status).toBe(401);
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(
      JSON.stringify({ sub: 'admin', iss: server.issuerUrl, aud: server.audience, exp: 9999999999 }),
    ).toString('base64url')}.`;
    expect((await call(server, '/api/Claim/GetMyClaims', { token: unsigned })).status).toBe(401);
    const token = await server.mintAccessToken({ sub: 'admin' });
    const basic = await call(server, '/api/Claim/GetMyClaims', { headers: { authorization: `Basic ${token}` } });
    expect(basic.status).toBe(401);
  });

  it('refuses an HMAC token signed with the public key (algorithm confusion)', async () => {
    const jwks = (await (await fetch(new URL('/jwks', server.issuerUrl))).json()) as { keys: { n: string }[] };
    const secret = new TextEncoder().encode(jwks.keys[0]?.n ?? 'x');
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('admin')
      .setIssuer(server.issuerUrl)
      .setAudience(server.audience)
      .setExpirationTime('5m')
      .sign(secret);
    expect((await call(server, '/api/Claim/GetMyClaims', { token })).status).toBe(401);
  });

  it('publishes only public keys', async () => {
    const jwks = (await (await fetch(new URL('/jwks', server.issuerUrl))).json()) as {
      keys: Record<string, unknown>[];
    };
    expect(jwks.keys.length).toBeGreaterThan(0);
    for (const key of jwks.keys) expect(key).not.toHaveProperty('d');
    // And our own export helper agrees.
    const { publicKey } = await generateKeyPair('RS256', { extractable: true });
    expect(await exportJWK(publicKey)).not.toHaveProperty('d');
  });
});

describe('application users', () => {
  it('creates the application user on first call, from the token claims', async () => {
    const sub = `new-person-${crypto.randomUUID()}`;
    const token = await server.mintAccessToken({
      sub,
      name: 'New Person',
      email: 'new.person@example.com',
      preferred_username: 'newperson',
    });
    const session = await callJson<UserSessionData>(server, '/api/Claim/GetMyUserSessionData', { token });
    expect(session.status).toBe(200);
    expect(session.body).toEqual({ claims: [], userId: expect.any(String) });
    const [user] = await server.db.select().from(applicationUsers).where(eq(applicationUsers.oidcId, sub));
    expect(user).toMatchObject({
      id: session.body.userId,
      name: 'New Person',
      email: 'new.person@example.com',
      userName: 'newperson',
      isEnabled: true,
    });
    // A second call reuses the same user.
    const again = await callJson<UserSessionData>(server, '/api/Claim/GetMyUserSessionData', { token });
    expect(again.body.userId).toBe(session.body.userId);
  });

  it('matches seeded users by sub', async () => {
    const token = await server.mintAccessToken({ sub: 'editor' });
    const session = await callJson<UserSessionData>(server, '/api/Claim/GetMyUserSessionData', { token });
    expect(session.body.userId).toBe(SEED_IDS.users.editor);
  });

  it('refuses a disabled user with 403', async () => {
    const { token, userId } = await userWithClaims(server, 'soon-disabled', [Permission.GlobalDataAdmin]);
    expect((await call(server, '/api/Claim/GetMyClaims', { token })).status).toBe(200);
    await server.db.update(applicationUsers).set({ isEnabled: false }).where(eq(applicationUsers.id, userId));
    const res = await callJson<{ detail: string }>(server, '/api/Claim/GetMyClaims', { token });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe('The user is disabled.');
  });
});

describe('claim endpoints of this issue', () => {
  it('GetOIDCConfig tells hosts how to sign in (public)', async () => {
    const res = await callJson<OidcConfig>(server, '/api/Claim/GetOIDCConfig');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      authority: server.issuerUrl,
      clientId: 'forms-admin-example',
      scopes: ['offline_access'],
    });
  });

  it('CheckForUsers answers whether users exist (public)', async () => {
    const res = await callJson<boolean>(server, '/api/Claim/CheckForUsers');
    expect(res).toMatchObject({ status: 200, body: true });
  });

  it('HealthCheck/Get is public', async () => {
    const res = await callJson<{ status: string }>(server, '/api/HealthCheck/Get');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('Healthy');
  });

  it('CheckForAdminRole: yes for the administrator and the editor, no for the reader', async () => {
    for (const [sub, expected] of [
      ['admin', true],
      ['editor', true],
      ['reader', false],
    ] as const) {
      const token = await server.mintAccessToken({ sub });
      const bySub = await callJson<boolean>(server, '/api/Claim/CheckForAdminRole', { token, query: { authId: sub } });
      expect(bySub, sub).toMatchObject({ status: 200, body: expected });
      const userId = SEED_IDS.users[sub];
      const byId = await callJson<boolean>(server, '/api/Claim/CheckForAdminRole', {
        token,
        query: { authId: userId },
      });
      expect(byId, sub).toMatchObject({ status: 200, body: expected });
    }
  });

  it('CheckForAdminRole: only Claim_ReadUsers (or GlobalDataAdmin) may check someone else', async () => {
    const reader = await server.mintAccessToken({ sub: 'reader' });
    const denied = await call(server, '/api/Claim/CheckForAdminRole', { token: reader, query: { authId: 'admin' } });
    expect(denied.status).toBe(403);
    const { token } = await userWithClaims(server, 'user-reader', [Permission.Claim_ReadUsers]);
    const allowed = await callJson<boolean>(server, '/api/Claim/CheckForAdminRole', {
      token,
      query: { authId: 'admin' },
    });
    expect(allowed).toMatchObject({ status: 200, body: true });
    const unknown = await callJson<boolean>(server, '/api/Claim/CheckForAdminRole', {
      token,
      query: { authId: 'nobody-here' },
    });
    expect(unknown).toMatchObject({ status: 200, body: false });
    const admin = await server.mintAccessToken({ sub: 'admin' });
    const byAdmin = await callJson<boolean>(server, '/api/Claim/CheckForAdminRole', {
      token: admin,
      query: { authId: 'reader' },
    });
    expect(byAdmin).toMatchObject({ status: 200, body: false });
  });

  it("CheckForAdminRole: a missing authId is a 400 with the spec's text", async () => {
    const token = await server.mintAccessToken({ sub: 'admin' });
    const res = await callJson<{ detail: string }>(server, '/api/Claim/CheckForAdminRole', { token });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe("The parameter 'authId' must be defined and cannot be null.");
  });

  it('ClearUserClaimsCache forgets the caller’s cached claims', async () => {
    const { token, userId } = await userWithClaims(server, 'cache-user', [Permission.Form_Select]);
    expect((await callJson<number[]>(server, '/api/Claim/GetMyClaims', { token })).body).toEqual([
      Permission.Form_Select,
    ]);
    // A change made behind the server's back is not seen while the claims are cached…
    await server.db.insert(claimGrantsUsers).values({
      id: crypto.randomUUID(),
      holderId: userId,
      claimType: 1,
      claimValue: Permission.Form_Add,
    });
    expect((await callJson<number[]>(server, '/api/Claim/GetMyClaims', { token })).body).toEqual([
      Permission.Form_Select,
    ]);
    // …until the caller clears the cache.
    const cleared = await call(server, '/api/Claim/ClearUserClaimsCache', { token, method: 'POST' });
    expect(cleared.status).toBe(204);
    expect((await callJson<number[]>(server, '/api/Claim/GetMyClaims', { token })).body).toEqual([
      Permission.Form_Add,
      Permission.Form_Select,
    ]);
  });
});

describe('HTTP behaviour', () => {
  it('answers CORS preflights for the host origin and exposes content-disposition', async () => {
    const res = await fetch(new URL('/api/Claim/GetMyClaims', server.url), {
      method: 'OPTIONS',
      headers: {
        origin: HOST_ORIGIN,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(HOST_ORIGIN);
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    const get = await call(server, '/api/HealthCheck/Get', { headers: { origin: HOST_ORIGIN } });
    expect(get.headers.get('access-control-allow-origin')).toBe(HOST_ORIGIN);
    expect(get.headers.get('access-control-expose-headers')?.toLowerCase()).toContain('content-disposition');
  });

  it('does not allow other origins', async () => {
    const res = await call(server, '/api/HealthCheck/Get', { headers: { origin: 'http://evil.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('allows the host origin on the identity provider’s token, userinfo and JWKS endpoints', async () => {
    const jwks = await fetch(new URL('/jwks', server.issuerUrl), { headers: { origin: HOST_ORIGIN } });
    expect(jwks.headers.get('access-control-allow-origin')).toBeTruthy();
    const preflight = await fetch(new URL('/token', server.issuerUrl), {
      method: 'OPTIONS',
      headers: { origin: HOST_ORIGIN, 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get('access-control-allow-origin')).toBeTruthy();
    const token = await server.mintAccessToken({ sub: 'reader' });
    const me = await fetch(new URL('/me', server.issuerUrl), {
      headers: { origin: HOST_ORIGIN, authorization: `Bearer ${token}` },
    });
    expect(me.status).toBe(200);
    expect(me.headers.get('access-control-allow-origin')).toBe(HOST_ORIGIN);
    expect(await me.json()).toMatchObject({ sub: 'reader', name: 'Rita Reader', email: 'reader@example.com' });
  });

  it('writes one JSON log entry per request with method, path, status and ms', async () => {
    const before = server.logs.length;
    await (await call(server, '/api/HealthCheck/Get?secret=not-logged')).text();
    const entry = server.logs.slice(before).find((e) => e.path === '/api/HealthCheck/Get');
    expect(entry).toMatchObject({ level: 'info', method: 'GET', path: '/api/HealthCheck/Get', status: 200 });
    expect(typeof entry?.ms).toBe('number');
    expect(JSON.stringify(server.logs)).not.toContain('not-logged');
  });

  it('answers an oversized body with 413', async () => {
    const token = await server.mintAccessToken({ sub: 'admin' });
    const outcome = await postOversized(token, { chunks: 1, pauseMs: 0 });
    expect(outcome.writeError).toBeNull();
    expect(outcome.status).toBe(413);
    expect(outcome.contentType).toContain('application/problem+json');
    expect(JSON.parse(outcome.body)).toMatchObject({ type: 'about:blank', title: 'Content Too Large', status: 413 });
  });

  it('answers an oversized body sent slowly with 413, and reads the rest of it instead of resetting the connection', async () => {
    // A client on a loaded machine still sending its body well after the answer (here over 1.5 s) gets the answer
    // and can finish sending: the connection is not closed under it.
    const token = await server.mintAccessToken({ sub: 'admin' });
    const outcome = await postOversized(token, { chunks: 16, pauseMs: 100 });
    expect(outcome.writeError).toBeNull();
    expect(outcome.status).toBe(413);
    expect(JSON.parse(outcome.body)).toMatchObject({ title: 'Content Too Large', status: 413 });
  });
});

interface OversizedOutcome {
  status: number;
  contentType: string;
  body: string;
  writeError: string | null;
}

/**
 * POSTs a body one byte over the server's cap, in `chunks` writes `pauseMs` apart, on a keep-alive connection of its
 * own: a pooled connection the server is closing for idleness would turn the answer into a reset that says nothing
 * about how the server treats large bodies, and a `Connection: close` request lets the server close before the body
 * is all sent.
 */
async function postOversized(token: string, { chunks, pauseMs }: { chunks: number; pauseMs: number }) {
  const size = server.config.maxBodyBytes + 1;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    return await new Promise<OversizedOutcome>((resolve, reject) => {
      let writeError: string | null = null;
      const request = httpRequest(new URL('/api/Claim/ClearUserClaimsCache', server.url), {
        method: 'POST',
        agent,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': String(size) },
      });
      request.on('error', (error) => {
        writeError = error.message;
      });
      const answer = new Promise<Omit<OversizedOutcome, 'writeError'>>((resolveAnswer) => {
        request.on('response', (response) => {
          const parts: Buffer[] = [];
          response.on('data', (part: Buffer) => parts.push(part));
          response.on('end', () =>
            resolveAnswer({
              status: response.statusCode ?? 0,
              contentType: String(response.headers['content-type'] ?? ''),
              body: Buffer.concat(parts).toString('utf8'),
            }),
          );
        });
      });
      const chunk = Math.ceil(size / chunks);
      void (async () => {
        for (let sent = 0; sent < size; sent += chunk) {
          request.write('x'.repeat(Math.min(chunk, size - sent)));
          if (pauseMs > 0) await new Promise((wait) => setTimeout(wait, pauseMs));
        }
        request.end();
        const outcome = await answer;
        // The end of the body reached the server without an error on the way.
        await new Promise((wait) => setTimeout(wait, 100));
        resolve({ ...outcome, writeError });
      })().catch(reject);
    });
  } finally {
    agent.destroy();
  }
}

// Last: it stops the shared server (afterAll's stop() is then a no-op).
describe('shutdown', () => {
  it('stop() closes both HTTP servers and the database, and may be called twice', async () => {
    expect((await call(server, '/api/HealthCheck/Get')).status).toBe(200);
    await Promise.all([server.stop(), server.stop()]);
    await server.stop();
    await expect(fetch(new URL('/api/HealthCheck/Get', server.url))).rejects.toThrow();
    await expect(fetch(new URL('/jwks', server.issuerUrl))).rejects.toThrow();
    expect(server.logs.at(-1)).toMatchObject({ level: 'info', msg: 'server stopped' });
  });
});
