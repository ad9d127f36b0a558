/**
 * The one error type of the domain rules. Both backends turn it into RFC 9457 problem details
 * (`{ type: 'about:blank', title, status, detail, ...extensions }`): the fake in its MSW handlers,
 * the reference server in its route mounting. The client reads them from `ApiError.result`.
 */

/** The HTTP statuses a domain rule refuses with. */
export type DomainErrorStatus = 400 | 401 | 403 | 404 | 409 | 412 | 413 | 415 | 422 | 429 | 500 | 503;

/** The HTTP reason phrases (RFC 9110) of the statuses: the `title` of the problem details. */
export const REASON_PHRASES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  412: 'Precondition Failed',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** The reason phrase of a status, `Error` for one the table lacks. */
export function reasonPhrase(status: number): string {
  return REASON_PHRASES[status] ?? 'Error';
}

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

/** The problem details of an error `status` with its specific message and extension members. */
export function createProblemDetails(status: number, detail: string, extensions: Readonly<Record<string, unknown>> = {}): ProblemDetails {
  return { ...extensions, type: 'about:blank', title: reasonPhrase(status), status, detail };
}

/**
 * Why a request is refused: the status to answer with, the specific message (`detail`, which is also
 * the error's `message`) and extension members of the problem details (e.g. `{ requiredClaim }`,
 * `{ code: 'last-administrator' }`).
 */
export class DomainError extends Error {
  override name = 'DomainError';

  constructor(
    /** The HTTP status a backend answers with. */
    readonly status: DomainErrorStatus,
    detail: string,
    /** Extension members of the problem details. */
    readonly extensions: Readonly<Record<string, unknown>> = {},
  ) {
    super(detail);
  }

  /** The specific message: the problem details' `detail`. */
  get detail(): string {
    return this.message;
  }

  /** The reason phrase of the status: the problem details' `title`. */
  get title(): string {
    return reasonPhrase(this.status);
  }
}

/** Whether a value is a {@link DomainError} (also across bundle copies, by shape). */
export function isDomainError(value: unknown): value is DomainError {
  if (value instanceof DomainError) return true;
  if (!(value instanceof Error)) return false;
  const v = value as Partial<DomainError>;
  return typeof v.status === 'number' && typeof v.extensions === 'object' && v.extensions !== null;
}
