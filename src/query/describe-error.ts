/**
 * What a screen tells the user about a failed call (issue: refusals must not read as server failures). React-free.
 * `ApiError.message` stays the spec's 'An unexpected server error occurred.'; this picks what to show instead.
 */
import { isApiError, isNetworkError } from '../api/errors';
import { isProblemDetails } from '../api/problem-details';
import type { Labels } from './labels';

/** The text of a failed call as a screen shows it. */
export interface ErrorDescription {
  /** The sentence to show: the server's reason for a refusal, else the generic text. */
  message: string;
  /** Technical details for a 'Show details' toggle (status and response of a server failure), if any. */
  details?: string;
  /** Whether the server refused the request (4xx with a reason) rather than failed. */
  refused: boolean;
}

/** An error with a sentence to add after the cause's description, e.g. that a partial save was undone. */
export interface ErrorWithFollowUp {
  cause: unknown;
  /** Key of the label added after the cause's message. */
  followUp: keyof Labels;
}

function hasFollowUp(error: unknown): error is Error & ErrorWithFollowUp {
  return error instanceof Error && 'followUp' in error && typeof (error as { followUp: unknown }).followUp === 'string';
}

/**
 * Describes `error` for the user: a 4xx answer with problem details shows its `detail` (e.g. "A claim group named
 * 'Signers' already exists."); 5xx answers and answers without details show 'An unexpected server error occurred.'
 * with the status and response as details; a network failure says the server could not be reached, or, when the
 * server is up but refuses this page's origin (CORS), that its HOST_ORIGIN setting must list it.
 */
export function describeError(error: unknown, labels: Pick<Labels, 'unexpectedServerError' | 'networkError'> & Partial<Labels>): ErrorDescription {
  if (hasFollowUp(error)) {
    const cause = describeError(error.cause, labels);
    const followUp = labels[error.followUp];
    return { ...cause, message: followUp ? `${cause.message} ${followUp}` : cause.message };
  }
  if (isApiError(error)) {
    const problem = isProblemDetails(error.result) ? error.result : null;
    if (error.status >= 400 && error.status < 500 && problem?.detail) {
      return { message: problem.detail, refused: true };
    }
    const body = error.response.length > 500 ? `${error.response.slice(0, 500)}…` : error.response;
    return { message: labels.unexpectedServerError, details: `HTTP ${error.status}${body ? `\n${body}` : ''}`, refused: false };
  }
  // A CORS refusal (the server is up, this page's origin is not allowed) says what to set, where the browser lets tell.
  if (isNetworkError(error)) return { message: (error.corsRefused && labels.corsRefused) || labels.networkError, refused: false };
  if (error instanceof Error && error.message) return { message: error.message, refused: false };
  return { message: labels.unexpectedServerError, refused: false };
}
