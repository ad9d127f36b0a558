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

  it('reads the mode in any case: EDIT is edit, View is view', () => {
    expect(validateFormInstanceSearch({ mode: 'EDIT' })).toEqual({ mode: 'edit' });
    expect(validateFormInstanceSearch({ mode: 'View' })).toEqual({ mode: 'view' });
  });

  it('an empty mode is the default, view', () => {
    expect(validateFormInstanceSearch({ mode: '' })).toEqual({ mode: 'view' });
  });

  it.each([
    ['garbage', 'garbage'],
    [1, '1'],
    [null, 'null'],
    [['edit'], '["edit"]'],
  ])('keeps mode %j as invalid (%s), so the page can say so', (mode, shown) => {
    expect(validateFormInstanceSearch({ mode })).toEqual({ mode: 'view', invalidMode: shown });
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
