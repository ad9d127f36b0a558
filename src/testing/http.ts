/** The error type the fake's routes throw, and its answer as problem details. */
import { HttpResponse } from 'msw';
import { DomainError, type DomainErrorStatus } from '../domain';
import { problemReply } from '../service/http-binding';

export type { ProblemDetails } from '../api/problem-details';

/**
 * An error a route throws to answer with `status` and a problem-details body: the domain's error
 * type (the fake answers every `DomainError` alike).
 */
export class FakeHttpError extends DomainError {
  override name = 'FakeHttpError';
}

/** An error response with a problem-details body, written for HTTP once (src/service/http-binding.ts `problemReply`). */
export function problem(status: number, detail: string, extensions: Readonly<Record<string, unknown>> = {}): Response {
  const reply = problemReply(new DomainError(status as DomainErrorStatus, detail, extensions));
  return new HttpResponse(reply.body, { status: reply.status, headers: reply.headers });
}
