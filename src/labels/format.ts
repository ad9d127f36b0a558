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
