/**
 * HTTP helpers of the routes: domain errors as RFC 9457 problem details, and the query reader (the
 * domain's `QueryParams` over the request URL).
 */
import type { Context } from 'hono';
import { DomainError, QueryParams, type DomainErrorStatus } from '../../../src/domain';
import { httpProblemOf } from '../../../src/service/routes';

/** The error statuses the server answers with. */
export type ErrorStatus = DomainErrorStatus;

/**
 * The domain's error, as the app's error handler knows it (`details` = the problem details'
 * extension members). Routes throw `DomainError`; the route mounting answers both alike.
 */
export class HttpError extends DomainError {
  override name = 'HttpError';

  /** Extension members of the problem details, e.g. `{ requiredClaim }`. */
  get details(): Readonly<Record<string, unknown>> {
    return this.extensions;
  }
}

/** An error response: problem details as `application/problem+json` (headers set with `c.header` are kept). */
export function problem(c: Context, status: ErrorStatus, detail: string, extensions?: Readonly<Record<string, unknown>>): Response {
  return domainProblem(c, new DomainError(status, detail, extensions));
}

/** The answer to a domain error, written for HTTP once (src/service/routes.ts `httpProblemOf`), `Retry-After` included. */
export function domainProblem(c: Context, error: DomainError): Response {
  const { status, headers, body } = httpProblemOf(error);
  return c.body(body, status, headers);
}

/** Reads the query parameters of a request URL by name, ignoring case. */
export class QueryReader extends QueryParams {
  constructor(url: string | URL) {
    super(new URL(url).searchParams);
  }
}
