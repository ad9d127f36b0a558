/**
 * RFC 9457 problem details: the body of an error response from the reference backend and from the
 * fake of `@ccq/forms-admin/testing`. Read them from `ApiError.result` with {@link isProblemDetails}.
 */
import { reasonPhrase, REASON_PHRASES } from '../domain/errors';
import { isApiError } from './errors';

/** The media type of a problem-details body. */
export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

/**
 * A problem-details body: `type` is `about:blank`, `title` the reason phrase of `status`, `detail`
 * the specific message (e.g. "The parameter 'groupName' must be defined and cannot be null.").
 * A 403 for a missing claim adds the extension member `requiredClaim`.
 */
export interface ProblemDetails {
  type: 'about:blank';
  title: string;
  status: number;
  detail: string;
  [extension: string]: unknown;
}

/** The HTTP reason phrases (RFC 9110) of the error statuses the backends answer with (the domain's table). */
export { REASON_PHRASES };

/** The problem details of an error `status` with its specific message and extension members. */
export function createProblemDetails(
  status: number,
  detail: string,
  extensions: Readonly<Record<string, unknown>> = {},
): ProblemDetails {
  return { ...extensions, type: 'about:blank', title: reasonPhrase(status), status, detail };
}

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
