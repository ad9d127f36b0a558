import { describe, expect, expectTypeOf, it } from 'vitest';
import { displayNames } from '../../example-host/src/displayNames';
import type { ApplicationUser, DisplayNameFunction } from '../../src/api/types';

function user(fields: Partial<ApplicationUser>): ApplicationUser {
  return {
    id: 'u',
    oidcId: 'sub',
    name: '',
    userName: '',
    email: null,
    phoneNumber: null,
    isEnabled: true,
    failedLoginAttempts: 0,
    ...fields,
  } as ApplicationUser;
}

describe('displayNames', () => {
  it('is a display-name function the library accepts', () => {
    expectTypeOf(displayNames).toExtend<DisplayNameFunction>();
  });

  it('returns exactly one name per user, in order (docs/spec.md, Validation rules)', () => {
    const users = [user({ id: 'a', name: 'Ada' }), user({ id: 'b', name: 'Bo' }), user({ id: 'c', name: 'Cy' })];
    const names = displayNames(users);
    expect(names).toHaveLength(users.length);
    expect(names).toEqual(['Ada', 'Bo', 'Cy']);
    expect(displayNames([])).toEqual([]);
  });

  it('falls back from name to userName to email', () => {
    expect(
      displayNames([
        user({ name: 'Ada Lovelace', userName: 'ada', email: 'ada@example.com' }),
        user({ name: '  ', userName: 'bo', email: 'bo@example.com' }),
        user({ name: '', userName: '', email: 'cy@example.com' }),
      ]),
    ).toEqual(['Ada Lovelace', 'bo', 'cy@example.com']);
  });

  it('still answers for a user with no name, user name or email', () => {
    const names = displayNames([user({ id: 'u-9', name: '', userName: '', email: null }), {}]);
    expect(names).toEqual(['u-9', '']);
  });
});
