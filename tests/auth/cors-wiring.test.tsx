/**
 * The signed-in provider gives its client the CORS probe: a failed request to another origin whose server answers a
 * `no-cors` request is a CORS refusal (corsRefused), with the host's own fetch kept.
 */
import { render, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { isNetworkError } from '../../src/api';
import { AuthenticatedAPIProvider } from '../../src/auth/AuthenticatedAPIProvider';
import { useApi } from '../../src/query/useApi';

vi.mock('../../src/auth/AuthProvider', () => ({
  useAuth: () => ({ user: null, isLoading: false, isSigningOut: false, getAccessToken: () => null, renewAccessToken: async () => null }),
}));
afterEach(() => vi.unstubAllGlobals());

function Probe({ onError }: { onError: (error: unknown) => void }) {
  const { client } = useApi();
  useEffect(() => {
    client.odata.forms.list({ top: 1 }).catch(onError);
  }, [client, onError]);
  return null;
}

it('AuthenticatedAPIProvider tells a CORS refusal from an unreachable server', async () => {
  const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    if (init?.mode === 'no-cors') return new Response(null, { status: 200 });
    throw new TypeError('Failed to fetch');
  });
  const onError = vi.fn();
  render(
    <AuthenticatedAPIProvider baseUrl="https://api.elsewhere.example" clientOptions={{ fetch, retry: { retries: 0 } }}>
      <Probe onError={onError} />
    </AuthenticatedAPIProvider>,
  );
  await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
  const error: unknown = onError.mock.calls[0]?.[0];
  expect(isNetworkError(error) && error.corsRefused).toBe(true);
  expect(fetch.mock.calls.map(([, init]) => init?.mode ?? 'cors')).toEqual(['cors', 'no-cors']);
});
