/**
 * Revival of ISO 8601 date-time strings to `Date` (docs/spec.md, Calls), outside what people typed: the answers of a form
 * instance (`data`), a schema's `jsonSchema` (its `default`, `enum`, `const`…) and `layout`, and a form's
 * `pdfTemplate` are content, kept exactly as stored. A date-time answer revived to a `Date` would no longer show in
 * its control nor validate as the string its schema asks for.
 */

// A full date-time with seconds and an explicit offset: plain dates and offset-less (local) times stay strings.
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * The properties whose values are user content: never revived, at any depth. They are the content of the forms
 * entities (`FormInstance.data`, `FormSchema.jsonSchema` and `layout`, `Form.pdfTemplate`) wherever an answer
 * holds one (a row, an expanded row, a save's answer).
 */
export const USER_CONTENT_PROPERTIES: ReadonlySet<string> = new Set(['data', 'jsonSchema', 'layout', 'pdfTemplate']);

/** Whether `value` is a full ISO 8601 date-time string such as `2024-01-02T03:04:05.000Z`. */
export function isIsoDateTime(value: string): boolean {
  return ISO_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value));
}

/**
 * A `JSON.parse` reviver that turns every ISO date-time string into `Date`, user content included (a reviver cannot
 * see where a value sits): use {@link parseJsonWithDates} for API answers.
 */
export function dateReviver(_key: string, value: unknown): unknown {
  return typeof value === 'string' && isIsoDateTime(value) ? new Date(value) : value;
}

// Revives in place (the value is a fresh parse): content properties are skipped whole.
function reviveInPlace(value: unknown): unknown {
  if (typeof value === 'string') return isIsoDateTime(value) ? new Date(value) : value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) value[i] = reviveInPlace(value[i]);
    return value;
  }
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      if (USER_CONTENT_PROPERTIES.has(key)) continue;
      const before = record[key];
      const after = reviveInPlace(before);
      // defineProperty: an own `__proto__` key from JSON.parse stays a plain property.
      if (after !== before) Object.defineProperty(record, key, { value: after, enumerable: true, writable: true, configurable: true });
    }
  }
  return value;
}

/** Parses JSON text, reviving ISO date-time strings to `Date` except inside {@link USER_CONTENT_PROPERTIES}. */
export function parseJsonWithDates(text: string): unknown {
  return reviveInPlace(JSON.parse(text));
}

/**
 * Returns a deep copy of `value` with ISO date-time strings revived to `Date`, except inside
 * {@link USER_CONTENT_PROPERTIES} (copied as they are).
 */
export function reviveDates(value: unknown): unknown {
  if (typeof value === 'string') return dateReviver('', value);
  if (Array.isArray(value)) return value.map(reviveDates);
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const copy = USER_CONTENT_PROPERTIES.has(k) ? structuredClone(v) : reviveDates(v);
      Object.defineProperty(out, k, { value: copy, enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return value;
}
