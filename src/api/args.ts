/** Client-side argument checks (docs/spec.md, Validation rules). */
import { ArgumentError } from './errors';

/** Throws an {@link ArgumentError} when `value` is null or undefined. */
export function assertDefined<T>(name: string, value: T): asserts value is NonNullable<T> {
  if (value === undefined || value === null) throw new ArgumentError(name);
}

/**
 * Throws an {@link ArgumentError} when `value` is undefined; null is allowed (the `page` of the
 * paged claim queries must be given but may be null).
 */
export function assertDefinedMayBeNull<T>(name: string, value: T): asserts value is Exclude<T, undefined> {
  if (value === undefined) throw new ArgumentError(name, `The parameter '${name}' must be defined.`);
}

/** Throws an {@link ArgumentError} when an optional argument is null (it may be omitted, not null). */
export function assertNotNull<T>(name: string, value: T): asserts value is Exclude<T, null> {
  if (value === null) throw new ArgumentError(name);
}
