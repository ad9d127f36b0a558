/**
 * Query parameters as both backends read them: names match regardless of case (as ASP.NET model
 * binding does, so `includeApplicationUsers` and `IncludeApplicationUsers` both work), the first
 * value wins, and every refusal is a {@link DomainError} with the spec's texts (docs/spec.md, Validation rules).
 */
import { DomainError } from './errors';
import { isUuid } from './ids';
import { hasNulCharacter } from './json-body';

/** The spec's text for a missing required parameter (docs/spec.md, Validation rules). */
export function missingParameterMessage(name: string): string {
  return `The parameter '${name}' must be defined and cannot be null.`;
}

/** The message of a query parameter holding the NUL character (`%00`). */
export function nulParameterMessage(name: string): string {
  return `The parameter '${name}' must not contain the NUL character (%00).`;
}

/** Reads query parameters by name, ignoring case. */
export class QueryParams {
  private readonly values = new Map<string, string>();

  /** From the pairs of a query string (e.g. `url.searchParams`). */
  constructor(pairs: Iterable<readonly [string, string]>) {
    for (const [key, value] of pairs) {
      const k = key.toLowerCase();
      if (!this.values.has(k)) this.values.set(k, value);
    }
  }

  /**
   * The raw value, or undefined when absent; 400 when it holds the NUL character, which no stored
   * text can (PostgreSQL refuses it), so it is refused before any look-up.
   */
  get(name: string): string | undefined {
    const value = this.values.get(name.toLowerCase());
    if (value !== undefined && hasNulCharacter(value)) throw new DomainError(400, nulParameterMessage(name));
    return value;
  }

  /** The value; 400 with the spec's message when absent, empty, `null` or `undefined`. */
  required(name: string): string {
    const value = this.get(name);
    if (value === undefined || value === '' || value === 'null' || value === 'undefined') {
      throw new DomainError(400, missingParameterMessage(name));
    }
    return value;
  }

  /** A boolean (`true` / `false` / `1` / `0`, any case); `fallback` when absent; 400 when not a boolean. */
  bool(name: string, fallback = false): boolean {
    const value = this.get(name);
    if (value === undefined || value === '') return fallback;
    const lower = value.toLowerCase();
    if (lower === 'true' || lower === '1') return true;
    if (lower === 'false' || lower === '0') return false;
    throw new DomainError(400, `The parameter '${name}' must be true or false.`);
  }

  /** A required boolean (docs/spec.md, Validation rules: null or undefined is refused). */
  requiredBool(name: string): boolean {
    this.required(name);
    return this.bool(name);
  }

  /** An integer within bounds; `fallback` when absent; 400 otherwise. */
  int(name: string, bounds: { min: number; max: number }, fallback?: number): number | undefined {
    const value = this.get(name);
    if (value === undefined || value === '') return fallback;
    const n = Number(value);
    if (!/^\s*-?\d+\s*$/.test(value) || !Number.isInteger(n) || n < bounds.min || n > bounds.max) {
      throw new DomainError(400, `The parameter '${name}' must be an integer from ${bounds.min} to ${bounds.max}.`);
    }
    return n;
  }

  /** A required id (UUID), lower-cased; 400 when missing or not a UUID. */
  id(name: string): string {
    const value = this.required(name).trim();
    if (!isUuid(value)) throw new DomainError(400, `The parameter '${name}' must be an id (a UUID).`);
    return value.toLowerCase();
  }
}
