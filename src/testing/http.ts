/**
 * Response builders, the error type the fake's routes throw, and the reader of a required query parameter (its name
 * matched case-insensitively, as ASP.NET Core does).
 */
import { HttpResponse } from 'msw';
import { createProblemDetails, PROBLEM_CONTENT_TYPE } from '../api/problem-details';
import { DomainError } from '../domain';

export type { ProblemDetails } from '../api/problem-details';

/**
 * An error a route throws to answer with `status` and a problem-details body: the domain's error
 * type (the fake answers every `DomainError` alike).
 */
export class FakeHttpError extends DomainError {
  override name = 'FakeHttpError';
}

/** A JSON response. `Date`s are written as ISO strings. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new HttpResponse(JSON.stringify(body ?? null), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

/** A 200 response with an empty body (the client reads it as null). */
export function ok(): Response {
  return new HttpResponse(null, { status: 200 });
}

/** A 204 response. */
export function noContent(): Response {
  return new HttpResponse(null, { status: 204 });
}

/** An error response with a problem-details body. */
export function problem(status: number, detail: string, extensions: Readonly<Record<string, unknown>> = {}, headers: Record<string, string> = {}): Response {
  return new HttpResponse(JSON.stringify(createProblemDetails(status, detail, extensions)), {
    status,
    headers: { 'content-type': PROBLEM_CONTENT_TYPE, ...headers },
  });
}

/** A query parameter, its name matched case-insensitively; null when absent. */
export function query(url: URL, name: string): string | null {
  const lower = name.toLowerCase();
  for (const [key, value] of url.searchParams) if (key.toLowerCase() === lower) return value;
  return null;
}

/** A query parameter that must be present (400 otherwise). */
export function requiredQuery(url: URL, name: string): string {
  const value = query(url, name);
  if (value === null) throw new FakeHttpError(400, `The query parameter '${name}' is required.`);
  return value;
}
