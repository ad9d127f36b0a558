/**
 * Dates, times and numbers as the components write them, in a locale (`APIProvider`'s `locale`; undefined: the
 * browser's). React-free. A formatter is built once per locale and options and kept: lists write hundreds of dates.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

/** The date-time formatter of `locale` with `options`, built once. */
export function dateTimeFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''}\n${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

/**
 * The ways the components write a moment. A moment others read (a list, a history, a deadline) says its zone: a time
 * without one is read as the reader's own, and two readers in different zones would not know they see different times.
 */
export const MOMENT_FORMATS = {
  /** A row of a list, a detail, a dashboard line: 'Nov 26, 2026, 12:40 AM UTC'. */
  row: { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
  /** An entry of a change history, to the second: 'Nov 26, 2026, 12:40:05 AM UTC'. */
  history: { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit', timeZoneName: 'short' },
  /**
   * A deadline told to a signer, the month written out: 'December 20, 2026 at 12:17 AM GMT+1' (the invitation writes
   * the same moment in UTC; the zone said keeps them one deadline).
   */
  deadline: { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
  /** A moment only this device knows (a draft kept in this browser), in its own zone: 'Nov 29, 2026, 5:00 AM'. */
  local: { dateStyle: 'medium', timeStyle: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/** One of the named ways of writing a moment. */
export type MomentFormat = keyof typeof MOMENT_FORMATS;

/**
 * A moment (a `Date`, an ISO text or epoch milliseconds) written in `locale` (undefined: the browser's) the named way,
 * or '' when there is none or it is not a date.
 */
export function formatMoment(value: Date | string | number | null | undefined, locale: string | undefined, format: MomentFormat = 'row'): string {
  if (value === null || value === undefined || value === '') return '';
  const time = value instanceof Date ? value.getTime() : new Date(value).getTime();
  return Number.isNaN(time) ? '' : dateTimeFormat(locale, MOMENT_FORMATS[format]).format(time);
}

/** A whole or decimal number with the locale's grouping and decimal separator (1,234.5 in English, 1.234,5 in German). */
export function formatNumber(value: number, locale: string | undefined): string {
  return value.toLocaleString(locale);
}

/**
 * Fills the `{name}` placeholders of a label as `fillLabel` does, each number written in `locale` (undefined: the
 * browser's): counts and totals read '1.234' in German and '1,234' in English.
 */
export function fillNumbers(template: string, values: Readonly<Record<string, string | number>>, locale: string | undefined): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!(name in values)) return whole;
    const value = values[name];
    return typeof value === 'number' ? formatNumber(value, locale) : String(value);
  });
}

/**
 * A text that counts something, from its pair of labels: `one` (the key ending in `One`, its number written out) when
 * `count` is 1, otherwise `other`; `{count}` and any other `values` filled as `fillNumbers` fills them, numbers in the
 * locale's digits. A label never writes 'signer(s)'.
 */
export function fillCount(
  other: string,
  one: string,
  count: number,
  locale: string | undefined,
  values: Readonly<Record<string, string | number>> = {},
): string {
  return fillNumbers(count === 1 ? one : other, { ...values, count }, locale);
}

const lists = new Map<string, Intl.ListFormat>();

/**
 * Items written as a list in `locale` (undefined: the browser's): 'a, b, c' in English, 'a, b und c' in German. The
 * items are already texts (names, counts with their labels); the list adds only the locale's separators.
 */
export function formatList(items: readonly string[], locale: string | undefined): string {
  const key = locale ?? '';
  let format = lists.get(key);
  if (!format) lists.set(key, (format = new Intl.ListFormat(locale, { type: 'unit', style: 'short' })));
  return format.format(items);
}
