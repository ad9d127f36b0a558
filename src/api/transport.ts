/**
 * The fetch transport every API area uses: base URL, bearer token read on every call, single-flight
 * token renewal on 401, backoff retries of GET on 5xx and network errors, status checks, JSON with
 * date revival.
 */
import { parseJsonWithDates } from './dates';
import { ApiError, NetworkError, isAbortError, isNetworkError } from './errors';

/** Per-call options every API function takes last. */
export interface CallOptions {
  /** Aborts the request; the abort error is rethrown as is. */
  signal?: AbortSignal;
}

/** Retry policy for GET requests that fail with 5xx or a network error. */
export interface RetryOptions {
  /** Retries after the first attempt. @default 2 */
  retries: number;
  /** Delay before the first retry; doubles on each further retry. @default 300 */
  baseDelayMs: number;
}

/** Options of {@link createApiClient}. */
export interface ApiClientOptions {
  /** The backend base URL, e.g. `https://api.example.com` (a trailing slash is ignored). */
  baseUrl: string;
  /** Returns the current access token. Read on every call; no token, no Authorization header. */
  getAccessToken?: () => string | null | undefined | Promise<string | null | undefined>;
  /** The fetch to use. @default globalThis.fetch, looked up on each call */
  fetch?: typeof fetch;
  /**
   * Renews the access token after a 401 and returns the new one (null when it cannot). Called once
   * for any number of concurrent 401s; each request is then replayed once with the new token.
   */
  renewAccessToken?: () => Promise<string | null>;
  /** Retry policy of GET requests. @default { retries: 2, baseDelayMs: 300 } */
  retry?: Partial<RetryOptions>;
  /**
   * Tells whether a request that got no response was refused by CORS (then `NetworkError.corsRefused`): called with
   * the fetch, the URL and the signal after the failure. `AuthenticatedAPIProvider` passes a probe (a `no-cors`
   * request to the same URL); without one every failure reads as an unreachable server.
   */
  detectCorsRefusal?: (doFetch: typeof fetch, url: string, signal?: AbortSignal) => Promise<boolean>;
}

/** HTTP methods of the API. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A query-string value; `undefined` and `null` leave the parameter out. */
export type QueryValue = string | number | boolean | null | undefined;

/** One request of the low-level {@link Transport}. */
export interface ApiRequest extends CallOptions {
  method: HttpMethod;
  /** Path from the base URL, starting with `/`. */
  path: string;
  /** Query parameters, in order, names exactly as sent. */
  query?: Readonly<Record<string, QueryValue>>;
  /** An already encoded query string (without `?`) appended after `query`. */
  rawQuery?: string;
  /** A JSON body (dates serialise as ISO strings). */
  json?: unknown;
  /** A multipart body. */
  formData?: FormData;
  /** Extra request headers. */
  headers?: Readonly<Record<string, string>>;
  /** Statuses that count as success. @default [200, 204] */
  acceptStatuses?: readonly number[];
  /** `'none'` resolves null without reading the body. @default 'json' */
  read?: 'json' | 'none';
}

/** The low-level request functions the API areas are built on. */
export interface Transport {
  /** Sends a request and resolves the accepted response, unread; throws {@link ApiError} otherwise. */
  send(request: ApiRequest): Promise<Response>;
  /** Sends a request and resolves its JSON body with dates revived: null for 204 or an empty body. */
  request<T>(request: ApiRequest): Promise<T | null>;
}

const DEFAULT_RETRY: RetryOptions = { retries: 2, baseDelayMs: 300 };

function buildUrl(baseUrl: string, req: ApiRequest): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(req.query ?? {})) {
    if (value === undefined || value === null) continue;
    parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
  }
  if (req.rawQuery) parts.push(req.rawQuery);
  return `${baseUrl}${req.path}${parts.length ? `?${parts.join('&')}` : ''}`;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal as AbortSignal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

// Frees an unread body. Not awaited: cancelling a tee'd stream settles only when every branch is done.
function discard(response: Response): void {
  response.body?.cancel().catch(() => {
    // Nothing to free.
  });
}

function parseBody(text: string, headers: Headers): unknown {
  if (text === '') return null;
  const type = headers.get('content-type') ?? '';
  if (/^text\/plain/i.test(type)) return text;
  return parseJsonWithDates(text);
}

/** Builds the {@link ApiError} for a response that was not accepted. */
export async function apiErrorFrom(response: Response): Promise<ApiError> {
  let text = '';
  try {
    text = await response.text();
  } catch {
    // The body could not be read; the status still tells the story.
  }
  let result: unknown = null;
  if (/json/i.test(response.headers.get('content-type') ?? '') && text !== '') {
    try {
      result = parseJsonWithDates(text);
    } catch {
      result = null;
    }
  }
  return new ApiError(response.status, text, response.headers, result);
}

/** Creates the transport behind {@link createApiClient}. */
export function createTransport(options: ApiClientOptions): Transport {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const retry: RetryOptions = { ...DEFAULT_RETRY, ...options.retry };
  // Single-flight renewal: concurrent 401s share one promise; `generation` counts finished renewals,
  // so a 401 answering a request sent before the last renewal replays without renewing again.
  let renewal: Promise<string | null> | null = null;
  let generation = 0;
  let renewedToken: string | null = null;

  function renew(): Promise<string | null> {
    if (!renewal) {
      const renewAccessToken = options.renewAccessToken as () => Promise<string | null>;
      renewal = (async () => {
        try {
          renewedToken = await renewAccessToken();
        } catch {
          renewedToken = null;
        } finally {
          generation++;
          renewal = null;
        }
        return renewedToken;
      })();
    }
    return renewal;
  }

  async function fetchOnce(req: ApiRequest, token: string | null | undefined): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json', ...req.headers };
    let body: BodyInit | undefined;
    if (req.formData) body = req.formData;
    else if (req.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(req.json);
    }
    if (token) headers.Authorization = `Bearer ${token}`;
    const doFetch = options.fetch ?? globalThis.fetch;
    const url = buildUrl(baseUrl, req);
    try {
      return await doFetch(url, { method: req.method, headers, body, signal: req.signal });
    } catch (error) {
      if (req.signal?.aborted) throw abortReason(req.signal);
      if (isAbortError(error)) throw error;
      throw new NetworkError(error, (await options.detectCorsRefusal?.(doFetch, url, req.signal)) ?? false);
    }
  }

  async function fetchAuthorized(req: ApiRequest): Promise<Response> {
    // A request that brings its own credentials (a public form's link token) is sent with them alone: the signed-in
    // user's token must not replace them, and a refusal of them is not the user's token expiring.
    if (req.headers && Object.keys(req.headers).some((name) => name.toLowerCase() === 'authorization')) return fetchOnce(req, null);
    const sentAt = generation;
    const token = await options.getAccessToken?.();
    const response = await fetchOnce(req, token);
    if (response.status !== 401 || !options.renewAccessToken) return response;
    const newToken = renewal ? await renewal : generation > sentAt ? renewedToken : await renew();
    if (!newToken) return response;
    discard(response);
    return fetchOnce(req, newToken);
  }

  async function send(req: ApiRequest): Promise<Response> {
    const accepted = req.acceptStatuses ?? [200, 204];
    const retries = req.method === 'GET' ? Math.max(0, retry.retries) : 0;
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await fetchAuthorized(req);
      } catch (error) {
        if (isNetworkError(error) && attempt < retries) {
          await sleep(retry.baseDelayMs * 2 ** attempt, req.signal);
          continue;
        }
        throw error;
      }
      if (accepted.includes(response.status)) return response;
      if (response.status >= 500 && attempt < retries) {
        discard(response);
        await sleep(retry.baseDelayMs * 2 ** attempt, req.signal);
        continue;
      }
      throw await apiErrorFrom(response);
    }
  }

  async function request<T>(req: ApiRequest): Promise<T | null> {
    const response = await send(req);
    if (req.read === 'none' || response.status === 204) {
      discard(response);
      return null;
    }
    return parseBody(await response.text(), response.headers) as T | null;
  }

  return { send, request };
}
