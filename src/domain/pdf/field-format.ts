/**
 * How a PDF field writes its value, and writing values that way: the rule the reference server's reader (which reads
 * the format before the import removes the field's scripts) and the filler share, through the layout field's
 * `pdfFormat`.
 *
 * - From the field's own format action, the Acrobat form functions' first arguments: `AFDate_FormatEx("mm/dd/yyyy")`
 *   (also `AFDate_KeystrokeEx`), `AFNumber_Format(decimals, grouping, negative style, currency style, "symbol",
 *   before)` (also `AFNumber_Keystroke`), `AFSpecial_Format(0…3)` (ZIP, ZIP+4, phone, SSN).
 * - Else from its label or tooltip: "MONTH/DAY/YEAR", "MM/DD/YYYY", "DD.MM.YYYY", "YYYY-MM-DD"… name a date pattern.
 * - A date answer (`YYYY-MM-DD`, the form's own) is written in the pattern; a number with the field's decimals,
 *   grouping and currency; the digits of a ZIP, phone or SSN answer grouped as the format groups them. Anything else
 *   is written as it is.
 */
import type { PdfFieldFormat } from '../../contract/types';

/** Longest script read for a format (a format call is short; a longer script is not one). */
const MAX_SCRIPT = 2_000;

/** Whether a date pattern holds only the tokens {@link formatDateForPdf} writes, with a day or month and a year. */
function isDatePattern(pattern: string): boolean {
  const rest = pattern.replace(/yyyy|yy|mmmm|mmm|mm|m|dd|d/g, '');
  return /y/.test(pattern) && /[md]/.test(pattern) && /^[\s/.,:-]*$/.test(rest) && pattern.length <= 20;
}

/** The format a field's format or keystroke script names, or undefined. */
export function fieldFormatFromScript(script: string): PdfFieldFormat | undefined {
  if (script.length > MAX_SCRIPT) return undefined;
  const date = /AFDate_(?:Format|Keystroke)Ex\s*\(\s*["']([^"']{1,40})["']/.exec(script);
  if (date?.[1]) {
    const pattern = date[1].trim().toLowerCase();
    return isDatePattern(pattern) ? { kind: 'date', pattern } : undefined;
  }
  const number = /AFNumber_(?:Format|Keystroke)\s*\(\s*(\d{1,2})\s*,\s*(\d)\s*,\s*\d\s*,\s*\d\s*,\s*["']([^"']{0,8})["']\s*,\s*(true|false)/.exec(script);
  if (number) {
    const format: PdfFieldFormat = { kind: 'number', decimals: Math.min(10, Number(number[1])), grouping: Math.min(4, Number(number[2])) };
    if (number[3]) {
      format.currency = number[3];
      format.currencyBefore = number[4] === 'true';
    }
    return format;
  }
  const special = /AFSpecial_(?:Format|Keystroke)\s*\(\s*([0-3])\s*\)/.exec(script);
  if (special) return { kind: 'special', special: Number(special[1]) as 0 | 1 | 2 | 3 };
  return undefined;
}

/** The digit groups of Acrobat's special formats: ZIP, ZIP+4, phone, SSN. */
const SPECIAL: Readonly<Record<0 | 1 | 2 | 3, { digits: number; write(d: string): string }>> = {
  0: { digits: 5, write: (d) => d },
  1: { digits: 9, write: (d) => `${d.slice(0, 5)}-${d.slice(5)}` },
  2: { digits: 10, write: (d) => `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}` },
  3: { digits: 9, write: (d) => `${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5)}` },
};

/** A date pattern a label spells out ("MONTH/DAY/YEAR" → `mm/dd/yyyy`, "DD.MM.YY" → `dd.mm.yy`), or undefined. */
export function fieldFormatFromLabel(label: string): PdfFieldFormat | undefined {
  const words = label
    .toLowerCase()
    .replace(/\bmonth\b/g, 'mm')
    .replace(/\bday\b/g, 'dd')
    .replace(/\byear\b/g, 'yyyy');
  const found = /\b(?:mm|dd|yyyy|yy)(?:\s*[/.-]\s*(?:mm|dd|yyyy|yy)){2}\b/.exec(words);
  if (!found) return undefined;
  const pattern = found[0].replace(/\s+/g, '');
  return isDatePattern(pattern) ? { kind: 'date', pattern } : undefined;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** `iso` (`YYYY-MM-DD`, a date-time's date part too) in `pattern`; other text as it is. */
export function formatDateForPdf(iso: string, pattern: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(iso);
  if (!m) return iso;
  const [, y = '', mo = '', d = ''] = m;
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > 31) return iso;
  const tokens: Readonly<Record<string, string>> = {
    yyyy: y,
    yy: y.slice(2),
    mmmm: MONTHS[month - 1] ?? mo,
    mmm: (MONTHS[month - 1] ?? mo).slice(0, 3),
    mm: mo,
    m: String(month),
    dd: d,
    d: String(day),
  };
  return pattern.replace(/yyyy|yy|mmmm|mmm|mm|m|dd|d/g, (token) => tokens[token] ?? token);
}

/** `value` with the field's decimals, grouping (see {@link PdfFieldFormat}) and currency. */
export function formatNumberForPdf(value: number, format: Extract<PdfFieldFormat, { kind: 'number' }>): string {
  if (!Number.isFinite(value)) return String(value);
  const fixed = Math.abs(value).toFixed(format.decimals);
  const [whole = '0', fraction] = fixed.split('.');
  const separators: readonly [string, string][] = [
    [',', '.'],
    ['', '.'],
    ['.', ','],
    ['', ','],
    ["'", '.'],
  ];
  const [group, point] = separators[format.grouping] ?? [',', '.'];
  const grouped = group === '' ? whole : whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  let text = fraction === undefined ? grouped : `${grouped}${point}${fraction}`;
  if (format.currency) text = format.currencyBefore ? `${format.currency}${text}` : `${text}${format.currency}`;
  return value < 0 ? `-${text}` : text;
}

/** An answer as the PDF field writes it: dates and numbers in the field's format, anything else as it is. */
export function valueForPdfField(value: string | number, format: PdfFieldFormat | undefined): string {
  if (format?.kind === 'date' && typeof value === 'string') return formatDateForPdf(value, format.pattern);
  if (format?.kind === 'special') {
    // Only an answer of exactly the format's digits is arranged; any other text is written as given.
    const digits = String(value).replace(/[\s().-]/g, '');
    const rule = SPECIAL[format.special];
    if (/^\d+$/.test(digits) && digits.length === rule.digits) return rule.write(digits);
    return String(value);
  }
  if (format?.kind === 'number') {
    const n = typeof value === 'number' ? value : /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : Number.NaN;
    if (Number.isFinite(n)) return formatNumberForPdf(n, format);
  }
  return String(value);
}
