import { describe, expect, it } from 'vitest';
import { isDomainError } from '../../src/domain';
import { envelopeListAnswer, readEnvelopeListQuery } from '../../src/domain/signing/list-query';

const read = (params: Record<string, string>) => readEnvelopeListQuery((name) => params[name]);
const refusal = (params: Record<string, string>) => {
  try {
    read(params);
    return null;
  } catch (error) {
    return isDomainError(error) ? [error.status, error.message] : error;
  }
};

describe('readEnvelopeListQuery', () => {
  it('reads the defaults, the filters, the page and $count', () => {
    expect(read({})).toEqual({ top: 100, skip: 0, count: false });
    const id = 'A0000000-0000-4000-8000-000000000001';
    expect(read({ formInstanceId: id, status: '3, 4', top: '20', skip: '40', $count: 'true' })).toEqual({
      formInstanceId: id.toLowerCase(),
      statuses: [3, 4],
      top: 20,
      skip: 40,
      count: true,
    });
    expect(read({ $count: 'false' }).count).toBe(false);
    expect(read({ mailFailed: 'true' })).toEqual({ top: 100, skip: 0, count: false, mailFailed: true });
    expect(read({ mailFailed: 'false' })).toEqual({ top: 100, skip: 0, count: false });
  });

  it('refuses bad input with a specific 400', () => {
    expect(refusal({ status: '9' })).toEqual([400, "'status' must list envelope status numbers (0 to 7); '9' is not one."]);
    expect(refusal({ top: '1001' })).toEqual([400, "'top' must be a whole number from 0 to 1000."]);
    expect(refusal({ skip: '-1' })).toEqual([400, "'skip' must be a whole number from 0 to 1000000."]);
    expect(refusal({ formInstanceId: 'x' })).toEqual([400, "'formInstanceId' must be a GUID."]);
    expect(refusal({ $count: 'yes' })).toEqual([400, "'$count' must be true or false."]);
    expect(refusal({ mailFailed: '1' })).toEqual([400, "'mailFailed' must be true or false."]);
  });
});

describe('envelopeListAnswer', () => {
  it('wraps the page with its count only when asked', () => {
    expect(envelopeListAnswer({ count: false }, ['a'], () => 5)).toEqual(['a']);
    expect(envelopeListAnswer({ count: true }, ['a'], () => 5)).toEqual({ '@odata.count': 5, value: ['a'] });
  });
});
