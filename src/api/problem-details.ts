/**
 * RFC 9457 problem details: the body of an error response from the reference backend and from the
 * fake of `@ccq/forms-admin/testing`. Read them from `ApiError.result` with {@link isProblemDetails}.
 */
import { createProblemDetails, PROBLEM_CONTENT_TYPE, REASON_PHRASES, type ProblemDetails } from '../domain/errors';
import { isApiError } from './errors';

/** The problem details' media type, shape and writer: the domain's (src/domain/errors.ts), as both backends write them. */
export { createProblemDetails, PROBLEM_CONTENT_TYPE, type ProblemDetails };

/** The HTTP reason phrases (RFC 9110) of the error statuses the backends answer with (the domain's table). */
export { REASON_PHRASES };

/** Whether `value` (e.g. `ApiError.result`) is a problem-details body. */
export function isProblemDetails(value: unknown): value is ProblemDetails {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return typeof v.title === 'string' && typeof v.status === 'number' && typeof v.detail === 'string';
}

/**
 * The server's specific message for a failed call: the `detail` of an `ApiError`'s problem-details
 * body (e.g. "A claim group named 'Auditors' already exists."), or `undefined` when there is none.
 * Show it next to the fixed 'An unexpected server error occurred.' so the user learns what to fix.
 */
export function problemDetailOf(error: unknown): string | undefined {
  if (!isApiError(error) || !isProblemDetails(error.result)) return undefined;
  return error.result.detail || undefined;
}
