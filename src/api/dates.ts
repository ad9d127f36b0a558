/** Revival of ISO 8601 date-time strings to `Date` (spec §7). */

// A full date-time with seconds and an explicit offset: plain dates and offset-less (local) times stay strings.
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;

/** Whether `value` is a full ISO 8601 date-time string such as `2024-01-02T03:04:05.000Z`. */
export function isIsoDateTime(value: string): boolean {
  return ISO_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value));
}

/** A `JSON.parse` reviver that turns ISO date-time strings into `Date`. */
export function dateReviver(_key: string, value: unknown): unknown {
  return typeof value === 'string' && isIsoDateTime(value) ? new Date(value) : value;
}

/** Parses JSON text, reviving ISO date-time strings to `Date`. */
export function parseJsonWithDates(text: string): unknown {
  return JSON.parse(text, dateReviver);
}

/** Returns a deep copy of `value` with ISO date-time strings revived to `Date`. */
export function reviveDates(value: unknown): unknown {
  if (typeof value === 'string') return dateReviver('', value);
  if (Array.isArray(value)) return value.map(reviveDates);
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      Object.defineProperty(out, k, { value: reviveDates(v), enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return value;
}
