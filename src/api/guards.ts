/** Small assertions with the generic messages of docs/spec.md, Error catalogue. */

/** The only item of `items`, or null when empty; throws 'Expected one or zero results' for more. */
export function singleOrNull<T>(items: readonly T[]): T | null {
  if (items.length > 1) throw new Error('Expected one or zero results');
  return items[0] ?? null;
}

/**
 * The one key of `obj`. Throws 'Expected key to be defined' when it has none and
 * 'Only one key allowed in object' when it has more.
 */
export function singleKeyOf<T extends object>(obj: T): keyof T & string {
  const keys = Object.keys(obj);
  if (keys.length === 0) throw new Error('Expected key to be defined');
  if (keys.length > 1) throw new Error('Only one key allowed in object');
  return keys[0] as keyof T & string;
}

/** The key of a claim entry; throws 'Claim key is undefined' when it is missing or empty (docs/spec.md, Validation rules). */
export function claimKeyOf<E extends { key?: string | null }>(entry: E | null | undefined): string {
  const key = entry?.key;
  if (key === undefined || key === null || key === '') throw new Error('Claim key is undefined');
  return key;
}
