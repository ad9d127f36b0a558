import { describe, expect, it } from 'vitest';
import { validateFormInstanceSearch } from '../../example-host/src/formInstanceSearch';

describe('validateFormInstanceSearch', () => {
  it('keeps edit and view', () => {
    expect(validateFormInstanceSearch({ mode: 'edit' })).toEqual({ mode: 'edit' });
    expect(validateFormInstanceSearch({ mode: 'view' })).toEqual({ mode: 'view' });
  });

  it('defaults to view when mode is missing (docs/spec.md, Validation rules)', () => {
    expect(validateFormInstanceSearch({})).toEqual({ mode: 'view' });
  });

  it.each([['garbage'], ['EDIT'], [''], [1], [null], [['edit']]])('reads mode %j as view', (mode) => {
    expect(validateFormInstanceSearch({ mode }).mode).toBe('view');
  });

  it('keeps formInstanceId and token as text, even when the router parsed them as numbers', () => {
    expect(validateFormInstanceSearch({ mode: 'edit', formInstanceId: 'fi-1', token: 'abc' })).toEqual({
      mode: 'edit',
      formInstanceId: 'fi-1',
      token: 'abc',
    });
    expect(validateFormInstanceSearch({ formInstanceId: 123, token: 456 })).toEqual({
      mode: 'view',
      formInstanceId: '123',
      token: '456',
    });
  });

  it('drops empty or structured ids and tokens', () => {
    expect(validateFormInstanceSearch({ formInstanceId: '', token: { a: 1 } })).toEqual({ mode: 'view' });
  });
});
