/** The error type the fake's routes throw, and its answer as problem details. */
import { HttpResponse } from 'msw';
import { DomainError, type DomainErrorStatus } from '../domain';
import { httpProblemOf } from '../service/routes';

export type { ProblemDetails } from '../api/problem-details';

/**
 * An error a route throws to answer with `status` and a problem-details body: the domain's error
 * type (the fake answers every `DomainError` alike).
 */
export class FakeHttpError extends DomainError {
  override name = 'FakeHttpError';
}

/** A refusal as MSW sends it: problem details, written for HTTP once (src/service/routes.ts `httpProblemOf`). */
export function problemOf(error: DomainError): Response {
  const { status, headers, body } = httpProblemOf(error);
  return new HttpResponse(body, { status, headers });
}

/** An error response with a problem-details body. */
export function problem(status: number, detail: string, extensions: Readonly<Record<string, unknown>> = {}): Response {
  return problemOf(new DomainError(status as DomainErrorStatus, detail, extensions));
}
