/**
 * Small HTTP helpers shared by the routes: errors that become RFC 9457 problem details, and a query
 * reader that matches parameter names case-insensitively (as ASP.NET model binding does, so both
 * `includeApplicationUsers` and `IncludeApplicationUsers` work).
 */
import type { Context } from 'hono';
import { createProblemDetails, PROBLEM_CONTENT_TYPE, type ProblemDetails } from '../../../src/api/problem-details';

export { PROBLEM_CONTENT_TYPE, type ProblemDetails };

/** The error statuses the server answers with. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 412 | 413 | 415 | 422 | 500 | 503;

/** An error with an HTTP status; the app turns it into problem details (`detail` = the message). */
export class HttpError extends Error {
  constructor(
    readonly status: ErrorStatus,
    message: string,
    /** Extension members of the problem details, e.g. `{ requiredClaim }`. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** The problem details of an error status with its specific message. */
export function problemDetails(status: ErrorStatus, detail: string, extensions: Record<string, unknown> = {}): ProblemDetails {
  return createProblemDetails(status, detail, extensions);
}

/** An error response: problem details as `application/problem+json` (headers set with `c.header` are kept). */
export function problem(
  c: Context,
  status: ErrorStatus,
  detail: string,
  extensions?: Record<string, unknown>,
): Response {
  return c.body(JSON.stringify(problemDetails(status, detail, extensions)), status, {
    'Content-Type': PROBLEM_CONTENT_TYPE,
  });
}

/** The spec's text for a missing required parameter (spec §5). */
export function missingParameterMessage(name: string): string {
  return `The parameter '${name}' must be defined and cannot be null.`;
}

/** Reads query parameters by name, ignoring case. */
export class QueryReader {
  private readonly values = new Map<string, string>();

  constructor(url: string | URL) {
    const params = new URL(url).searchParams;
    for (const [key, value] of params) {
      const k = key.toLowerCase();
      if (!this.values.has(k)) this.values.set(k, value);
    }
  }

  /** The raw value, or undefined when absent. */
  get(name: string): string | undefined {
    return this.values.get(name.toLowerCase());
  }

  /** The value; 400 with the spec's message when absent or empty. */
  required(name: string): string {
    const value = this.get(name);
    if (value === undefined || value === '' || value === 'null' || value === 'undefined') {
      throw new HttpError(400, missingParameterMessage(name));
    }
    return value;
  }

  /** A boolean (`true` / `false`, any case); `fallback` when absent; 400 when not a boolean. */
  bool(name: string, fallback = false): boolean {
    const value = this.get(name);
    if (value === undefined || value === '') return fallback;
    const lower = value.toLowerCase();
    if (lower === 'true' || lower === '1') return true;
    if (lower === 'false' || lower === '0') return false;
    throw new HttpError(400, `The parameter '${name}' must be true or false.`);
  }

  /** An integer within bounds; `fallback` when absent; 400 otherwise. */
  int(name: string, bounds: { min: number; max: number }, fallback?: number): number | undefined {
    const value = this.get(name);
    if (value === undefined || value === '') return fallback;
    const n = Number(value);
    if (!Number.isInteger(n) || n < bounds.min || n > bounds.max) {
      throw new HttpError(400, `The parameter '${name}' must be an integer from ${bounds.min} to ${bounds.max}.`);
    }
    return n;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Whether a string is a UUID (so it can be compared with uuid columns). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** A required id (UUID) query parameter, lower-cased; 400 when missing or not a UUID. */
export function readId(query: QueryReader, name: string): string {
  const value = query.required(name).trim();
  if (!isUuid(value)) throw new HttpError(400, `The parameter '${name}' must be an id (a UUID).`);
  return value.toLowerCase();
}

/** A required boolean query parameter (spec §5: null or undefined is refused). */
export function readRequiredBool(query: QueryReader, name: string): boolean {
  query.required(name);
  return query.bool(name);
}
