// @vitest-environment node
// The API layer has no DOM dependency; Node also gives fetch, Blob and FormData from one implementation.
import { HttpResponse, delay } from 'msw';
import { ApiError, NetworkError, isAbortError, isApiError, isNetworkError } from '../../src/api';
import { BASE, capture, testClient, setupApiServer } from './server';

setupApiServer();

describe('createApiClient transport', () => {
  describe('responses', () => {
    it('revives ISO date-times to Date, deeply, and leaves other strings alone', async () => {
      capture('get', '/api/Claim/GetMyUserSessionData', () =>
        HttpResponse.json({
          at: '2024-01-02T03:04:05Z',
          nested: [{ when: '2024-01-02T03:04:05.123+02:00', plain: '2024-01-02', text: 'hello 2024-01-02T03:04:05Z' }],
          dotnet: '2024-01-02T03:04:05.1234567Z',
          local: '2024-01-02T03:04:05',
        }),
      );
      const result = (await testClient().claim.getMyUserSessionData()) as unknown as Record<string, unknown>;
      expect(result.at).toEqual(new Date(Date.UTC(2024, 0, 2, 3, 4, 5)));
      const nested = (result.nested as Record<string, unknown>[])[0]!;
      expect(nested.when).toBeInstanceOf(Date);
      expect((nested.when as Date).toISOString()).toBe('2024-01-02T01:04:05.123Z');
      expect(nested.plain).toBe('2024-01-02');
      expect(nested.text).toBe('hello 2024-01-02T03:04:05Z');
      expect((result.dotnet as Date).toISOString()).toBe('2024-01-02T03:04:05.123Z');
      expect(result.local).toBe('2024-01-02T03:04:05');
    });

    it('reads a 200 with an empty body as null', async () => {
      capture('get', '/api/Claim/GetMyClaims', () => new HttpResponse(null, { status: 200 }));
      await expect(testClient().claim.getMyClaims()).resolves.toBeNull();
    });

    it('reads a 204 as null', async () => {
      capture('get', '/api/Claim/GetMyClaims', () => new HttpResponse(null, { status: 204 }));
      await expect(testClient().claim.getMyClaims()).resolves.toBeNull();
    });

    it('reads a text/plain body as text', async () => {
      capture('get', '/api/HealthCheck/Get', () => HttpResponse.text('Healthy'));
      await expect(testClient().healthCheck.get()).resolves.toBe('Healthy');
    });

    it.each([201, 202, 206, 400, 404, 409, 500])('raises ApiError for status %i', async (status) => {
      capture('get', '/api/Claim/GetMyClaims', () =>
        HttpResponse.json({ error: 'nope', at: '2024-01-02T03:04:05Z' }, { status, headers: { 'X-Trace': 't-1' } }),
      );
      const error = await testClient({ retry: { retries: 0 } })
        .claim.getMyClaims()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(isApiError(error)).toBe(true);
      const apiError = error as ApiError;
      expect(apiError.message).toBe('An unexpected server error occurred.');
      expect(apiError.name).toBe('ApiError');
      expect(apiError.status).toBe(status);
      expect(apiError.response).toBe('{"error":"nope","at":"2024-01-02T03:04:05Z"}');
      expect(apiError.headers.get('x-trace')).toBe('t-1');
      expect(apiError.result).toEqual({ error: 'nope', at: new Date('2024-01-02T03:04:05Z') });
    });

    it('gives ApiError a null result for a body that is not JSON', async () => {
      capture('get', '/api/Claim/GetMyClaims', () => HttpResponse.text('Bad things', { status: 400 }));
      const error = (await testClient().claim.getMyClaims().catch((e: unknown) => e)) as ApiError;
      expect(error.response).toBe('Bad things');
      expect(error.result).toBeNull();
    });
  });

  describe('failures that are not server errors', () => {
    it('wraps a fetch failure in NetworkError with the cause', async () => {
      capture('post', '/api/Claim/CreateNewClaimGroup', () => HttpResponse.error());
      const error = await testClient().claim.createNewClaimGroup('x').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NetworkError);
      expect(isNetworkError(error)).toBe(true);
      expect(isApiError(error)).toBe(false);
      expect((error as NetworkError).name).toBe('NetworkError');
      expect((error as NetworkError).cause).toBeInstanceOf(TypeError);
    });

    it('rethrows an abort as the AbortError, not a NetworkError or ApiError', async () => {
      const calls = capture('get', '/api/Claim/GetMyClaims', async () => {
        await delay('infinite');
        return HttpResponse.json([]);
      });
      const controller = new AbortController();
      const promise = testClient().claim.getMyClaims({ signal: controller.signal });
      await vi.waitFor(() => expect(calls).toHaveLength(1));
      controller.abort();
      const error = await promise.catch((e: unknown) => e);
      expect(isAbortError(error)).toBe(true);
      expect(error).not.toBeInstanceOf(NetworkError);
      expect(isApiError(error)).toBe(false);
    });

    it('rethrows the abort reason given to the controller', async () => {
      capture('get', '/api/Claim/GetMyClaims', () => HttpResponse.json([]));
      const controller = new AbortController();
      const reason = new Error('left the page');
      controller.abort(reason);
      await expect(testClient().claim.getMyClaims({ signal: controller.signal })).rejects.toBe(reason);
    });

    it('uses a custom fetch, and otherwise looks up globalThis.fetch on each call', async () => {
      const custom = vi.fn<typeof fetch>(async () => Response.json([42]));
      await expect(testClient({ fetch: custom }).claim.getMyClaims()).resolves.toEqual([42]);
      expect(custom).toHaveBeenCalledTimes(1);
      expect(String(custom.mock.calls[0]?.[0])).toBe(`${BASE}/api/Claim/GetMyClaims`);

      const client = testClient();
      const original = globalThis.fetch;
      const spy = vi.fn<typeof fetch>(async () => Response.json([7]));
      globalThis.fetch = spy;
      try {
        await expect(client.claim.getMyClaims()).resolves.toEqual([7]);
      } finally {
        globalThis.fetch = original;
      }
      expect(spy).toHaveBeenCalledTimes(1);
    });

    it('ignores a trailing slash on the base URL', async () => {
      const calls = capture('get', '/api/Claim/CheckForUsers', () => HttpResponse.json(true));
      await testClient({ baseUrl: `${BASE}/` }).claim.checkForUsers();
      expect(calls[0]?.url.pathname).toBe('/api/Claim/CheckForUsers');
    });
  });

  describe('access token', () => {
    it('reads the token on every call', async () => {
      const calls = capture('get', '/api/Claim/GetMyClaims', () => HttpResponse.json([]));
      let token: string | null = 'first';
      const client = testClient({ getAccessToken: () => token });
      await client.claim.getMyClaims();
      token = 'second';
      await client.claim.getMyClaims();
      token = null;
      await client.claim.getMyClaims();
      expect(calls.map((c) => c.headers.get('authorization'))).toEqual(['Bearer first', 'Bearer second', null]);
    });

    it('accepts an async token getter', async () => {
      const calls = capture('get', '/api/Claim/GetMyClaims', () => HttpResponse.json([]));
      await testClient({ getAccessToken: async () => 'async-token' }).claim.getMyClaims();
      expect(calls[0]?.headers.get('authorization')).toBe('Bearer async-token');
    });
  });

  describe('401 renewal', () => {
    const authorized = (token: string) => (c: { headers: Headers }) =>
      c.headers.get('authorization') === `Bearer ${token}`
        ? HttpResponse.json([1])
        : HttpResponse.json({ title: 'Unauthorized' }, { status: 401 });

    it('renews once and replays the request with the new token', async () => {
      const calls = capture('get', '/api/Claim/GetMyClaims', authorized('fresh'));
      const renewAccessToken = vi.fn(async () => 'fresh');
      const client = testClient({ getAccessToken: () => 'stale', renewAccessToken });
      await expect(client.claim.getMyClaims()).resolves.toEqual([1]);
      expect(renewAccessToken).toHaveBeenCalledTimes(1);
      expect(calls.map((c) => c.headers.get('authorization'))).toEqual(['Bearer stale', 'Bearer fresh']);
    });

    it('replays a POST with its body', async () => {
      const calls = capture('post', '/api/Claim/AddRemoveUpdateAppUsersInAppuserGroups', authorized('fresh'));
      const body = {
        applicationUsersGroups: ['g'],
        applicationUsersToAdd: ['u'],
        applicationUsersToRemove: [],
        removeExistingUnMentioned: false,
      };
      const client = testClient({ getAccessToken: () => 'stale', renewAccessToken: async () => 'fresh' });
      await client.claim.addRemoveUpdateAppUsersInAppuserGroups(body);
      expect(calls.map((c) => JSON.parse(c.body))).toEqual([body, body]);
    });

    it('renews exactly once for 50 parallel 401s, all sharing one renewal', async () => {
      let token = 'stale';
      const calls = capture('get', '/api/Claim/GetMyClaims', authorized('fresh'));
      const renewAccessToken = vi.fn(async () => {
        await new Promise((r) => setTimeout(r, 20));
        token = 'fresh';
        return token;
      });
      const client = testClient({ getAccessToken: () => token, renewAccessToken });
      const results = await Promise.all(Array.from({ length: 50 }, () => client.claim.getMyClaims()));
      expect(results).toEqual(Array.from({ length: 50 }, () => [1]));
      expect(renewAccessToken).toHaveBeenCalledTimes(1);
      expect(calls.filter((c) => c.headers.get('authorization') === 'Bearer fresh')).toHaveLength(50);
    });

    it('raises ApiError(401) when the replay is refused too, without a second renewal', async () => {
      const calls = capture('get', '/api/Claim/GetMyClaims', () => HttpResponse.json(null, { status: 401 }));
      const renewAccessToken = vi.fn(async () => 'fresh');
      const client = testClient({ getAccessToken: () => 'stale', renewAccessToken });
      await expect(client.claim.getMyClaims()).rejects.toMatchObject({ name: 'ApiError', status: 401 });
      expect(calls).toHaveLength(2);
      expect(renewAccessToken).toHaveBeenCalledTimes(1);
    });

    it.each([
      ['returns null', async () => null],
      ['throws', async () => Promise.reject(new Error('login required'))],
    ])('raises ApiError(401) without a replay when renewal %s', async (_label, renew) => {
      const calls = capture('get', '/api/Claim/GetMyClaims', () => HttpResponse.text('expired', { status: 401 }));
      const client = testClient({ getAccessToken: () => 'stale', renewAccessToken: renew });
      const error = (await client.claim.getMyClaims().catch((e: unknown) => e)) as ApiError;
      expect(error).toBeInstanceOf(ApiError);
      expect(error.status).toBe(401);
      expect(error.response).toBe('expired');
      expect(calls).toHaveLength(1);
    });

    it('raises ApiError(401) at once when no renewal is configured', async () => {
      const calls = capture('get', '/api/Claim/GetMyClaims', () => HttpResponse.json(null, { status: 401 }));
      await expect(testClient().claim.getMyClaims()).rejects.toMatchObject({ status: 401 });
      expect(calls).toHaveLength(1);
    });

    it('never retries or renews on 403', async () => {
      const calls = capture('get', '/api/Claim/GetMyClaims', () => HttpResponse.json(null, { status: 403 }));
      const renewAccessToken = vi.fn(async () => 'fresh');
      const client = testClient({ getAccessToken: () => 't', renewAccessToken });
      await expect(client.claim.getMyClaims()).rejects.toMatchObject({ name: 'ApiError', status: 403 });
      expect(calls).toHaveLength(1);
      expect(renewAccessToken).not.toHaveBeenCalled();
    });
  });

  describe('retries', () => {
    it('retries a GET that fails with 503, then succeeds', async () => {
      const calls = capture('get', '/api/Claim/GetMyClaims', (_c, i) =>
        i < 2 ? HttpResponse.json(null, { status: 503 }) : HttpResponse.json([3]),
      );
      await expect(testClient().claim.getMyClaims()).resolves.toEqual([3]);
      expect(calls).toHaveLength(3);
    });

    it('retries a GET after a network error', async () => {
      const calls = capture('get', '/api/Claim/GetMyClaims', (_c, i) =>
        i === 0 ? HttpResponse.error() : HttpResponse.json([4]),
      );
      await expect(testClient().claim.getMyClaims()).resolves.toEqual([4]);
      expect(calls).toHaveLength(2);
    });

    it('gives up after the configured retries with the last ApiError', async () => {
      const calls = capture('get', '/api/Claim/GetMyClaims', () => HttpResponse.json(null, { status: 502 }));
      const client = testClient({ retry: { retries: 3, baseDelayMs: 0 } });
      await expect(client.claim.getMyClaims()).rejects.toMatchObject({ status: 502 });
      expect(calls).toHaveLength(4);
    });

    it('waits with exponential backoff', async () => {
      const times: number[] = [];
      capture('get', '/api/Claim/GetMyClaims', () => {
        times.push(performance.now());
        return HttpResponse.json(null, { status: 500 });
      });
      const client = testClient({ retry: { retries: 2, baseDelayMs: 25 } });
      await expect(client.claim.getMyClaims()).rejects.toMatchObject({ status: 500 });
      expect(times).toHaveLength(3);
      expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(20);
      expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(45);
    });

    it('never retries a POST that fails with 503', async () => {
      const calls = capture('post', '/api/Claim/CreateNewClaimGroup', () => HttpResponse.json(null, { status: 503 }));
      await expect(testClient().claim.createNewClaimGroup('g')).rejects.toMatchObject({ status: 503 });
      expect(calls).toHaveLength(1);
    });

    it('never retries a POST after a network error', async () => {
      const calls = capture('post', '/api/Claim/CreateNewClaimGroup', () => HttpResponse.error());
      await expect(testClient().claim.createNewClaimGroup('g')).rejects.toBeInstanceOf(NetworkError);
      expect(calls).toHaveLength(1);
    });

    it('does not retry 4xx', async () => {
      const calls = capture('get', '/api/Claim/GetMyClaims', () => HttpResponse.json(null, { status: 404 }));
      await expect(testClient().claim.getMyClaims()).rejects.toMatchObject({ status: 404 });
      expect(calls).toHaveLength(1);
    });

    it('stops waiting for a retry when aborted', async () => {
      capture('get', '/api/Claim/GetMyClaims', () => HttpResponse.json(null, { status: 503 }));
      const controller = new AbortController();
      const client = testClient({ retry: { retries: 2, baseDelayMs: 10_000 } });
      const promise = client.claim.getMyClaims({ signal: controller.signal });
      setTimeout(() => controller.abort(), 20);
      const error = await promise.catch((e: unknown) => e);
      expect(isAbortError(error)).toBe(true);
    });
  });

  describe('low-level request', () => {
    it('sends query values in order, leaving out null and undefined', async () => {
      const calls = capture('get', '/custom', () => HttpResponse.json({ ok: true }));
      const client = testClient();
      const result = await client.request<{ ok: boolean }>({
        method: 'GET',
        path: '/custom',
        query: { b: 'x y', a: 1, n: null, u: undefined, t: true },
      });
      expect(result).toEqual({ ok: true });
      expect(calls[0]?.url.search).toBe('?b=x%20y&a=1&t=true');
    });
  });
});
