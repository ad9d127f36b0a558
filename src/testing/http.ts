/** The error type the fake's routes throw, and its answer as problem details. */
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

/** An error response with a problem-details body. */
export function problem(status: number, detail: string, extensions: Readonly<Record<string, unknown>> = {}, headers: Record<string, string> = {}): Response {
  return new HttpResponse(JSON.stringify(createProblemDetails(status, detail, extensions)), {
    status,
    headers: { 'content-type': PROBLEM_CONTENT_TYPE, ...headers },
  });
}
