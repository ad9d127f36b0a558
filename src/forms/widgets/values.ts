/**
 * Conversions between stored values and what native and Mantine controls hold: options from the layout or the
 * schema's enum, numbers typed as text, and the date/time formats of JSON Schema.
 */
import type { ChoiceOption } from './types';

// The options of a choice field and the label of a stored choice are one rule of the engine: the reference server
// prints the same labels in the documents it renders.
export { choiceOptions, optionLabel, optionValueOf } from '../../engine/choice-options';
export { answerOffset } from '../../engine/answer-zone';

/** The stored value of an option value ('' → undefined). */
export function rawOf(options: readonly ChoiceOption[], value: string | null): unknown {
  if (value === null || value === '') return undefined;
  const option = options.find((o) => o.value === value);
  return option ? option.raw : value;
}

// A plain decimal number: digits with at most one point, an optional sign and exponent. No thousands separators, no
// decimal comma, no hex or binary literals (which `Number()` would read as another number).
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * The stored form of a number typed as text: a number when the text is a plain decimal number, else the text itself,
 * which the engine then refuses with a message (so "1,65" is never silently read as 165, nor as 1.65 in a locale where
 * the comma groups thousands: the person is asked to write it with a point).
 */
export function numberFromText(text: string | number): unknown {
  if (typeof text === 'number') return Number.isFinite(text) ? text : undefined;
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (!PLAIN_NUMBER.test(trimmed)) return text;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : text;
}

/** The text of a stored number (or of text typed into a number field that is not a number yet). */
export function numberText(value: unknown): string {
  return typeof value === 'number' || typeof value === 'string' ? String(value) : '';
}

/**
 * Keeps an uncontrolled number input in step with the stored value: its text is replaced only when it no longer
 * means that value (a change from elsewhere: computed, restored, reset). What the person types stays as typed, so
 * "1." and "1.50" are not rewritten on the way to 1.5 — a controlled input would turn "1." back into "1" at once.
 * A new callback each render, so React calls it after every render of the field.
 */
export function numberInputRef(value: unknown): (element: HTMLInputElement | null) => void {
  return (element) => {
    if (element && numberFromText(element.value) !== value) element.value = numberText(value);
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

function localOffset(date: Date): string {
  const minutes = -date.getTimezoneOffset();
  const sign = minutes >= 0 ? '+' : '-';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The value of an `<input type="time">` (HH:MM) for a stored time. */
export function timeInputValue(value: unknown): string {
  return typeof value === 'string' ? value.slice(0, 5) : '';
}

/**
 * The stored form of a time input: what was typed (`HH:MM`), or, when the schema asks for `format: time`, an RFC 3339
 * full-time: the time typed with today's local offset, which the form then restates for the date the time belongs to
 * ({@link timeOnDate}, {@link dateAmong}): today's offset would be an hour off for a date on the other side of a
 * daylight-saving change.
 */
export function timeFromInput(text: string, format: string | undefined): string | undefined {
  if (text === '') return undefined;
  if (format !== 'time') return text;
  return `${text.length === 5 ? `${text}:00` : text}${localOffset(new Date())}`;
}

const FULL_TIME = /^(\d{2}:\d{2}:\d{2}(?:\.\d+)?)(?:Z|[+-]\d{2}:\d{2})$/;
const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;

// The local offset at `time` on `date` (local), or null without a valid date.
function offsetOn(date: string | undefined, time: string): string | null {
  if (date === undefined || !PLAIN_DATE.test(date)) return null;
  const at = new Date(`${date}T${time}`);
  return Number.isNaN(at.getTime()) ? null : localOffset(at);
}

/** Whether a stored value is an RFC 3339 full-time with an offset (what a `format: time` answer holds). */
export function isFullTime(value: unknown): value is string {
  return typeof value === 'string' && FULL_TIME.test(value);
}

/**
 * A stored `format: time` answer with the offset local time has on `date` (YYYY-MM-DD) at that time; the time itself
 * is kept as typed. Anything else comes back unchanged.
 */
export function timeOnDate(value: unknown, date: string | undefined): unknown {
  if (!isFullTime(value)) return value;
  const time = (FULL_TIME.exec(value) as RegExpExecArray)[1] as string;
  const offset = offsetOn(date, time);
  return offset === null ? value : `${time}${offset}`;
}

/**
 * The date a time answer belongs to: the first date answer (YYYY-MM-DD) beside it in the same object (an
 * appointment's day beside its time), or undefined.
 */
export function dateAmong(siblings: unknown): string | undefined {
  if (siblings === null || typeof siblings !== 'object' || Array.isArray(siblings)) return undefined;
  for (const value of Object.values(siblings)) if (typeof value === 'string' && PLAIN_DATE.test(value)) return value;
  return undefined;
}

/** The value of an `<input type="datetime-local">` (local YYYY-MM-DDTHH:MM) for a stored date-time. */
export function dateTimeInputValue(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  if (!/[zZ]|[+-]\d\d:\d\d$/.test(value)) return value.slice(0, 16);
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value.slice(0, 16);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The stored form of a datetime-local input: an RFC 3339 date-time with the local offset. */
export function dateTimeFromInput(text: string): string | undefined {
  if (text === '') return undefined;
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) return text;
  const seconds = text.length === 16 ? `${text}:00` : text;
  return `${seconds}${localOffset(date)}`;
}

export { isDrawnSignature } from '../../engine/signature-value';
