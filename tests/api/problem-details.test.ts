import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError, createProblemDetails, isProblemDetails, problemDetailOf } from '../../src/api';

describe('problem details', () => {
  it('builds the body with the reason phrase as title and keeps extension members', () => {
    expect(createProblemDetails(403, "Requires the claim 'Forms_AllowRead'.", { requiredClaim: 'Forms_AllowRead' })).toEqual({
      type: 'about:blank',
      title: 'Forbidden',
      status: 403,
      detail: "Requires the claim 'Forms_AllowRead'.",
      requiredClaim: 'Forms_AllowRead',
    });
  });

  it('never lets an extension member overwrite the standard ones', () => {
    expect(createProblemDetails(404, 'No such form.', { status: 200, title: 'OK' })).toMatchObject({ status: 404, title: 'Not Found' });
  });

  it("titles an unlisted status 'Error'", () => {
    expect(createProblemDetails(418, 'Short and stout.').title).toBe('Error');
  });

  it.each([
    [{ type: 'about:blank', title: 'Bad Request', status: 400, detail: 'x' }, true],
    [{ title: 'Bad Request', status: 400 }, false],
    [{ title: 'Bad Request', status: '400', detail: 'x' }, false],
    ['Bad Request', false],
    [null, false],
    [[], false],
  ])('recognises %j: %s', (value, expected) => {
    expect(isProblemDetails(value)).toBe(expected);
  });

  it("reads the server's detail from an ApiError, and nothing from other errors", () => {
    const body = createProblemDetails(409, "A claim group named 'Signers' already exists.");
    expect(problemDetailOf(new ApiError(409, JSON.stringify(body), new Headers(), body))).toBe(
      "A claim group named 'Signers' already exists.",
    );
    expect(problemDetailOf(new ApiError(500, 'oops', new Headers(), null))).toBeUndefined();
    expect(problemDetailOf(new ApiError(400, '{}', new Headers(), { title: 'x', status: 400, detail: '' }))).toBeUndefined();
    expect(problemDetailOf(new NetworkError(new TypeError('Failed to fetch')))).toBeUndefined();
    expect(problemDetailOf(new Error('x'))).toBeUndefined();
  });
});
