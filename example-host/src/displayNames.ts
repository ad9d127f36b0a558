import type { ApplicationUser } from './formsAdmin';

/** The fields of a user a display name is made from. */
export type DisplayNameSource = Partial<Pick<ApplicationUser, 'id' | 'name' | 'userName' | 'email'>>;

function firstText(...values: Array<string | null | undefined>): string | undefined {
  for (const value of values) {
    const text = value?.trim();
    if (text) return text;
  }
  return undefined;
}

/**
 * The host-supplied display-name function (docs/spec.md, Calls): one name per user requested, in the same order — the user's
 * name, else the user name, else the email, else the id. The library requires the counts to match (docs/spec.md, Validation rules), so a
 * user with none of these still gets an entry.
 */
export function displayNames(users: readonly DisplayNameSource[]): string[] {
  return users.map((user) => firstText(user?.name, user?.userName, user?.email, user?.id) ?? '');
}
