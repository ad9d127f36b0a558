/**
 * What the viewer says when a save or submit failed. Only a failure that may pass by itself (the network, a server
 * error, a timeout, too many requests) is presented as a connection problem with a retry; a refusal says, in plain
 * words, what the person can do, and offers no retry that could only fail again.
 */
import { isApiError } from '../api/errors';
import { INSTANCE_IN_SIGNING_CODE, INSTANCE_SIGNED_CODE } from '../domain/signing/statuses';
import { describeError } from '../query/describe-error';
import type { ViewerLabels } from '../query/viewer-client';
import { isTransientSaveError } from './draft-saver';

/** The message of a failed save, and whether a retry is offered. */
export interface SaveFailureText {
  message: string;
  /** Technical details (status, response) behind 'Show details', if any. */
  details?: string;
  retry: boolean;
}

/** The message of a failed save or submit. */
export function saveFailureText(error: unknown, labels: ViewerLabels): SaveFailureText {
  const described = describeError(error, labels);
  const { details } = described;
  if (isTransientSaveError(error) || !isApiError(error)) {
    return { message: `${described.message} ${labels.formInputKept}`, details, retry: true };
  }
  switch (error.status) {
    case 401:
      return { message: labels.formLinkExpiredOnSave, details, retry: false };
    case 403:
      return { message: labels.formSaveForbidden, details, retry: false };
    case 404:
    case 410:
      return { message: labels.formSaveGone, details, retry: false };
    case 409: {
      // Answers locked by a signature request sent (or signed) meanwhile: said so, not 'already submitted'.
      const code = (error.result as { code?: unknown } | null)?.code;
      if (code === INSTANCE_IN_SIGNING_CODE) return { message: `${labels.formSigningLocked} ${labels.formInputKeptHere}`, details, retry: false };
      if (code === INSTANCE_SIGNED_CODE) return { message: `${labels.formSignedLocked} ${labels.formInputKeptHere}`, details, retry: false };
      return { message: labels.formSaveClosed, details, retry: false };
    }
    default:
      return { message: `${described.message} ${labels.formInputKeptHere}`, details, retry: false };
  }
}
