// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createProblemDetails } from '../../src/api/problem-details';
import { DomainError, isDomainError, reasonPhrase, REASON_PHRASES } from '../../src/domain';

describe('DomainError', () => {
  it('carries a status, the detail as its message, extension members and the reason phrase as title', () => {
    const error = new DomainError(409, 'A claim group named X already exists.', { code: 'dup' });
    expect(error).toBeInstanceOf(Error);
    expect(error.status).toBe(409);
    expect(error.message).toBe('A claim group named X already exists.');
    expect(error.detail).toBe(error.message);
    expect(error.title).toBe('Conflict');
    expect(error.extensions).toEqual({ code: 'dup' });
    expect(new DomainError(400, 'x').extensions).toEqual({});
  });

  it('maps to the problem details both backends answer with', () => {
    const error = new DomainError(403, "The claim 'Form_Add' is required.", { requiredClaim: 'Form_Add' });
    expect(createProblemDetails(error.status, error.detail, error.extensions)).toEqual({
      type: 'about:blank',
      title: error.title,
      status: 403,
      detail: "The claim 'Form_Add' is required.",
      requiredClaim: 'Form_Add',
    });
  });

  it('is recognised by isDomainError, subclasses included; other errors are not', () => {
    class Sub extends DomainError {}
    expect(isDomainError(new DomainError(400, 'x'))).toBe(true);
    expect(isDomainError(new Sub(404, 'x'))).toBe(true);
    expect(isDomainError(new Error('x'))).toBe(false);
    expect(isDomainError({ status: 400, extensions: {} })).toBe(false);
  });
});

describe('reason phrases', () => {
  it.each([
    [400, 'Bad Request'],
    [401, 'Unauthorized'],
    [403, 'Forbidden'],
    [404, 'Not Found'],
    [409, 'Conflict'],
    [413, 'Content Too Large'],
    [415, 'Unsupported Media Type'],
    [500, 'Internal Server Error'],
  ])('%i is %s', (status, phrase) => {
    expect(REASON_PHRASES[status]).toBe(phrase);
    expect(reasonPhrase(status)).toBe(phrase);
  });

  it('is Error for a status the table lacks', () => {
    expect(reasonPhrase(418)).toBe('Error');
  });
});
