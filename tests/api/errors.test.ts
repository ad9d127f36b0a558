// @vitest-environment node
import { assertDefined, assertDefinedMayBeNull, assertNotNull } from '../../src/api/args';
import {
  ApiError,
  ArgumentError,
  NetworkError,
  claimKeyOf,
  isAbortError,
  isApiError,
  isNetworkError,
  singleKeyOf,
  singleOrNull,
} from '../../src/api';

describe('ApiError', () => {
  it('carries status, response text, headers and result under the fixed message', () => {
    const headers = new Headers({ 'x-a': '1' });
    const error = new ApiError(418, '{"a":1}', headers, { a: 1 });
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe('An unexpected server error occurred.');
    expect(error.name).toBe('ApiError');
    expect(error.status).toBe(418);
    expect(error.response).toBe('{"a":1}');
    expect(error.headers).toBe(headers);
    expect(error.result).toEqual({ a: 1 });
    expect(new ApiError(500, '', new Headers()).result).toBeNull();
  });

  it('isApiError tells server errors from the rest', () => {
    expect(isApiError(new ApiError(500, '', new Headers()))).toBe(true);
    expect(isApiError(new NetworkError(new TypeError('x')))).toBe(false);
    expect(isApiError(new Error('x'))).toBe(false);
    expect(isApiError(null)).toBe(false);
    expect(isApiError({ status: 500 })).toBe(false);
  });
});

describe('NetworkError and aborts', () => {
  it('NetworkError keeps its cause', () => {
    const cause = new TypeError('Failed to fetch');
    const error = new NetworkError(cause);
    expect(error.name).toBe('NetworkError');
    expect(error.cause).toBe(cause);
    expect(isNetworkError(error)).toBe(true);
    expect(isNetworkError(cause)).toBe(false);
  });

  it('isAbortError recognises abort errors', () => {
    expect(isAbortError(new DOMException('aborted', 'AbortError'))).toBe(true);
    expect(isAbortError(new Error('x'))).toBe(false);
    expect(isAbortError(undefined)).toBe(false);
  });
});

describe('argument checks', () => {
  it.each([null, undefined])("assertDefined refuses %s with the exact message", (value) => {
    expect(() => assertDefined('groupName', value)).toThrow(ArgumentError);
    expect(() => assertDefined('groupName', value)).toThrow(
      "The parameter 'groupName' must be defined and cannot be null.",
    );
  });

  it('assertDefined accepts falsy values that are defined', () => {
    expect(() => assertDefined('overrideExisting', false)).not.toThrow();
    expect(() => assertDefined('page', 0)).not.toThrow();
    expect(() => assertDefined('name', '')).not.toThrow();
  });

  it('assertDefinedMayBeNull accepts null but not undefined', () => {
    expect(() => assertDefinedMayBeNull('page', null)).not.toThrow();
    expect(() => assertDefinedMayBeNull('page', undefined)).toThrow(ArgumentError);
    expect(() => assertDefinedMayBeNull('page', undefined)).toThrow("The parameter 'page' must be defined.");
  });

  it('assertNotNull accepts undefined but not null', () => {
    expect(() => assertNotNull('options', undefined)).not.toThrow();
    expect(() => assertNotNull('options', null)).toThrow(
      "The parameter 'options' must be defined and cannot be null.",
    );
  });

  it('ArgumentError names the parameter', () => {
    const error = new ArgumentError('x');
    expect(error.name).toBe('ArgumentError');
    expect(error.parameterName).toBe('x');
    expect(error.message).toBe("The parameter 'x' must be defined and cannot be null.");
  });
});

describe('guards', () => {
  it("singleOrNull: the item, null, or 'Expected one or zero results'", () => {
    expect(singleOrNull([])).toBeNull();
    expect(singleOrNull(['a'])).toBe('a');
    expect(() => singleOrNull(['a', 'b'])).toThrow(new Error('Expected one or zero results'));
  });

  it("singleKeyOf: 'Expected key to be defined' and 'Only one key allowed in object'", () => {
    expect(singleKeyOf({ GetMyClaims: 1 })).toBe('GetMyClaims');
    expect(() => singleKeyOf({})).toThrow(new Error('Expected key to be defined'));
    expect(() => singleKeyOf({ a: 1, b: 2 })).toThrow(new Error('Only one key allowed in object'));
  });

  it("claimKeyOf: 'Claim key is undefined'", () => {
    expect(claimKeyOf({ key: 'Form_Add', value: 1 })).toBe('Form_Add');
    for (const entry of [{ key: undefined }, { key: null }, { key: '' }, {}, null, undefined]) {
      expect(() => claimKeyOf(entry)).toThrow(new Error('Claim key is undefined'));
    }
  });
});
