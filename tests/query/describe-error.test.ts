import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../src/api/errors';
import { createProblemDetails } from '../../src/api/problem-details';
import { describeError } from '../../src/query/describe-error';
import { defaultLabels } from '../../src/query/labels';
import { PermissionSaveError } from '../../src/query/permission-save';

const apiError = (status: number, body: unknown, text = JSON.stringify(body)) =>
  new ApiError(status, text, new Headers({ 'content-type': 'application/problem+json' }), body);

describe('describeError', () => {
  it("shows a 4xx refusal's detail as the message, and keeps ApiError.message as the spec says", () => {
    const error = apiError(409, createProblemDetails(409, "A claim group named 'Signers' already exists."));
    expect(error.message).toBe('An unexpected server error occurred.');
    expect(describeError(error, defaultLabels)).toEqual({
      message: "A claim group named 'Signers' already exists.",
      refused: true,
    });
  });

  it("reads 'An unexpected server error occurred.' for a 5xx, with status and response as details", () => {
    const described = describeError(apiError(500, createProblemDetails(500, 'Database down')), defaultLabels);
    expect(described.message).toBe('An unexpected server error occurred.');
    expect(described.refused).toBe(false);
    expect(described.details).toMatch(/^HTTP 500\n.*Database down/s);
  });

  it("reads 'An unexpected server error occurred.' for a 4xx without problem details", () => {
    const error = new ApiError(404, 'Not here', new Headers(), null);
    expect(describeError(error, defaultLabels)).toMatchObject({ message: 'An unexpected server error occurred.', refused: false });
  });

  it('says the server could not be reached for a network failure', () => {
    expect(describeError(new NetworkError(new TypeError('fetch failed')), defaultLabels).message).toBe(
      defaultLabels.networkError,
    );
  });

  it('adds whether a half-saved change was undone after the reason', () => {
    const cause = apiError(409, createProblemDetails(409, 'Refused.'));
    expect(describeError(new PermissionSaveError(cause, true), defaultLabels).message).toBe(
      'Refused. The part that had been saved was undone, so nothing was changed.',
    );
    expect(describeError(new PermissionSaveError(cause, false, new Error('x')), defaultLabels).message).toBe(
      `Refused. ${defaultLabels.saveUndoFailed}`,
    );
  });

  it('uses the labels it is given (a host translation)', () => {
    const labels = { ...defaultLabels, unexpectedServerError: 'Unerwarteter Serverfehler.' };
    expect(describeError(apiError(503, null, ''), labels).message).toBe('Unerwarteter Serverfehler.');
  });
});
