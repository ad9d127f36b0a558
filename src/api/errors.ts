/**
 * Errors raised by the API client (docs/spec.md, Validation rules and Error catalogue). Server errors, network failures, aborts and
 * argument errors are distinct classes, so callers can tell them apart.
 */

/** The message of every {@link ApiError} (docs/spec.md, Error catalogue). */
export const API_ERROR_MESSAGE = 'An unexpected server error occurred.';

// Brands survive duplicated module copies (ESM + CJS in one app), where `instanceof` fails.
const API_ERROR_BRAND = Symbol.for('@ccq/forms-admin/ApiError');
const NETWORK_ERROR_BRAND = Symbol.for('@ccq/forms-admin/NetworkError');

/** A response with a status the call does not accept (anything but 200 / 204, and 206 for the download). */
export class ApiError extends Error {
  /** HTTP status of the response. */
  readonly status: number;
  /** The response body as text. */
  readonly response: string;
  /** The response headers. */
  readonly headers: Headers;
  /** The parsed JSON body when the body is JSON, else null. */
  readonly result: unknown;
  readonly [API_ERROR_BRAND] = true;

  constructor(status: number, response: string, headers: Headers, result: unknown = null) {
    super(API_ERROR_MESSAGE);
    this.name = 'ApiError';
    this.status = status;
    this.response = response;
    this.headers = headers;
    this.result = result;
  }
}

/** Whether `error` is an {@link ApiError}, also across duplicated copies of this package. */
export function isApiError(error: unknown): error is ApiError {
  return typeof error === 'object' && error !== null && API_ERROR_BRAND in error;
}

/**
 * The request never got a response (offline, DNS, CORS, connection reset). `cause` is fetch's error. `corsRefused`:
 * the server answered but the browser withheld the answer from this page (a cross-origin request the server does not
 * allow), where the browser lets the client tell (a `no-cors` request to the same URL got through); otherwise false.
 */
export class NetworkError extends Error {
  readonly [NETWORK_ERROR_BRAND] = true;
  /** Whether the server is up but refuses this page's origin (CORS): its allowed origins must list it. */
  readonly corsRefused: boolean;

  constructor(cause: unknown, corsRefused = false) {
    super('The request could not reach the server.', { cause });
    this.name = 'NetworkError';
    this.corsRefused = corsRefused;
  }
}

/** Whether `error` is a {@link NetworkError}. */
export function isNetworkError(error: unknown): error is NetworkError {
  return typeof error === 'object' && error !== null && NETWORK_ERROR_BRAND in error;
}

/**
 * Whether `error` is an abort: the request's signal was aborted. Aborts are rethrown as they come
 * from fetch (a `DOMException` named `AbortError`, or the signal's `reason`), never wrapped.
 */
export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/** A required argument is missing (docs/spec.md, Validation rules). */
export class ArgumentError extends Error {
  /** The name of the offending parameter. */
  readonly parameterName: string;

  constructor(parameterName: string, message = `The parameter '${parameterName}' must be defined and cannot be null.`) {
    super(message);
    this.name = 'ArgumentError';
    this.parameterName = parameterName;
  }
}
