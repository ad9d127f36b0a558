// @vitest-environment node
/**
 * A CORS refusal is told apart from an unreachable server where the browser lets the client tell: after a failed
 * request to another origin, a `no-cors` request to the same URL gets an (opaque) answer when the server is up. The
 * probe is the client's `detectCorsRefusal` (AuthenticatedAPIProvider passes it); without it nothing is probed.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, isNetworkError, type NetworkError } from '../../src/api';
import { corsRefusalProbe } from '../../src/api/cors-probe';
import { defaultLabels } from '../../src/query/labels';
import { describeError } from '../../src/query/describe-error';

afterEach(() => vi.unstubAllGlobals());

/** A fetch whose CORS reads fail (a TypeError, as browsers throw) and whose no-cors probe the server answers or not. */
function browserFetch(serverUp: boolean) {
  return vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    if (init?.mode === 'no-cors' && serverUp) return new Response(null, { status: 200 });
    throw new TypeError('Failed to fetch');
  });
}

async function failureOf(baseUrl: string, fetch: typeof globalThis.fetch, probe = true): Promise<NetworkError> {
  const client = createApiClient({ baseUrl, fetch, retry: { retries: 0 }, ...(probe ? { detectCorsRefusal: corsRefusalProbe } : {}) });
  const error = await client.odata.forms.list({ top: 1 }).then(
    () => null,
    (e: unknown) => e,
  );
  if (!isNetworkError(error)) throw new Error(`expected a NetworkError, got ${String(error)}`);
  return error;
}

describe('a failed request: CORS refusal or unreachable server', () => {
  it('says the server refuses this page when a no-cors request to the same URL gets through', async () => {
    vi.stubGlobal('location', new URL('https://www.example.org/apply'));
    const fetch = browserFetch(true);
    const error = await failureOf('https://api.example.org', fetch);
    expect(error.corsRefused).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(2);
    const [url, init] = fetch.mock.calls[1] ?? [];
    expect(String(url)).toBe(String(fetch.mock.calls[0]?.[0]));
    expect(init).toMatchObject({ method: 'HEAD', mode: 'no-cors', credentials: 'omit' });
    expect(describeError(error, defaultLabels).message).toBe(defaultLabels.corsRefused);
    expect(defaultLabels.corsRefused).toContain('HOST_ORIGIN');
  });

  it('says the server could not be reached when the probe fails too', async () => {
    vi.stubGlobal('location', new URL('https://www.example.org/apply'));
    const error = await failureOf('https://api.example.org', browserFetch(false));
    expect(error.corsRefused).toBe(false);
    expect(describeError(error, defaultLabels).message).toBe(defaultLabels.networkError);
  });

  it('does not probe a request to the page’s own origin, nor outside a browser page', async () => {
    vi.stubGlobal('location', new URL('https://www.example.org/apply'));
    const sameOrigin = browserFetch(true);
    expect((await failureOf('https://www.example.org/backend', sameOrigin)).corsRefused).toBe(false);
    expect(sameOrigin).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
    const noPage = browserFetch(true);
    expect((await failureOf('https://api.example.org', noPage)).corsRefused).toBe(false);
    expect(noPage).toHaveBeenCalledTimes(1);
  });

  it('without a probe (the embedded viewer) a failure reads as an unreachable server and nothing more is sent', async () => {
    vi.stubGlobal('location', new URL('https://www.example.org/apply'));
    const fetch = browserFetch(true);
    const error = await failureOf('https://api.example.org', fetch, false);
    expect(error.corsRefused).toBe(false);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(describeError(error, defaultLabels).message).toBe(defaultLabels.networkError);
  });
});
