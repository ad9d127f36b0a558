import { describe, expect, it } from 'vitest';
import { instanceListSearch, instanceListState, validateFormInstanceListSearch } from '../../example-host/src/formInstanceListSearch';
import { LIST_PAGE_SIZES } from '../../src';

describe("the Form Instances route's search parameters", () => {
  it('keeps a page size the list offers other than its first, and drops any other', () => {
    expect(LIST_PAGE_SIZES).toEqual([20, 50, 100]);
    expect(validateFormInstanceListSearch({ size: 50 })).toEqual({ size: 50 });
    expect(validateFormInstanceListSearch({ size: 100, page: 2 })).toEqual({ size: 100, page: 2 });
    // The list's start is not written; a size the list does not offer is dropped.
    expect(validateFormInstanceListSearch({ size: 20 })).toEqual({});
    expect(validateFormInstanceListSearch({ size: 30, page: 0 })).toEqual({});
    expect(validateFormInstanceListSearch({ size: '50' })).toEqual({});
    expect(instanceListState({}).pageSize).toBe(20);
    expect(instanceListState({ size: 100 }).pageSize).toBe(100);
  });

  it('keeps the statuses a form instance has, each once, and drops the rest', () => {
    expect(validateFormInstanceListSearch({ status: [2, 3, 2, 4, -1, '1', 1.5] })).toEqual({ status: [2, 3] });
    expect(validateFormInstanceListSearch({ status: [0] })).toEqual({ status: [0] });
    expect(validateFormInstanceListSearch({ status: 'Submitted' })).toEqual({});
  });

  it("keeps the signature filter's envelope statuses and 'Not requested' (null), each once, and drops the rest", () => {
    expect(validateFormInstanceListSearch({ signature: [6, null, 6, 9, -1, '6', 'none'] })).toEqual({ signature: [6, null] });
    expect(validateFormInstanceListSearch({ signature: 6 })).toEqual({});
    expect(instanceListState({ signature: [null, 3] }).filters.signatures).toEqual([null, 3]);
    expect(instanceListState({}).filters.signatures).toEqual([]);
    expect(instanceListSearch(instanceListState({ signature: [6] }), undefined)).toEqual({ signature: [6] });
  });

  it('writes back only what differs from the list’s start', () => {
    const state = instanceListState({ status: [2], size: 50, page: 3, q: 'Ada' });
    expect(instanceListSearch(state, undefined)).toEqual({ status: [2], size: 50, page: 3, q: 'Ada' });
    expect(instanceListSearch(instanceListState({}), undefined)).toEqual({});
  });
});
