/**
 * HTTP helpers of the routes: domain errors as RFC 9457 problem details, and the query reader (the
 * domain's `QueryParams` over the request URL).
 */
import type { Context } from 'hono';
import { createProblemDetails, PROBLEM_CONTENT_TYPE, type ProblemDetails } from '../../../src/api/problem-details';
import { DomainError, QueryParams, type DomainErrorStatus } from '../../../src/domain';
import { retryAfterOf } from '../../../src/domain/forms/anonymous-writes';

export { PROBLEM_CONTENT_TYPE, type ProblemDetails };

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

/** The problem details of an error status with its specific message. */
export function problemDetails(status: ErrorStatus, detail: string, extensions: Readonly<Record<string, unknown>> = {}): ProblemDetails {
  return createProblemDetails(status, detail, extensions);
}

/** An error response: problem details as `application/problem+json` (headers set with `c.header` are kept). */
export function problem(
  c: Context,
  status: ErrorStatus,
  detail: string,
  extensions?: Readonly<Record<string, unknown>>,
): Response {
  return c.body(JSON.stringify(problemDetails(status, detail, extensions)), status, {
    'Content-Type': PROBLEM_CONTENT_TYPE,
  });
}

/** The answer to a domain error. */
export function domainProblem(c: Context, error: DomainError): Response {
  // A refusal that passes with time (429) says how long to wait.
  const retryAfter = retryAfterOf(error);
  if (retryAfter !== null) c.header('Retry-After', retryAfter);
  return problem(c, error.status, error.message, error.extensions);
}

/** Reads the query parameters of a request URL by name, ignoring case. */
export class QueryReader extends QueryParams {
  constructor(url: string | URL) {
    super(new URL(url).searchParams);
  }
}
