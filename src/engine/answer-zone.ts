/**
 * Date-time and time answers as the person gave them: the stored RFC 3339 value keeps the offset it was given with
 * (`2026-12-03T14:30:00-05:00`, `09:15:00+00:00`), and what is shown or printed is that wall-clock time with that
 * offset, never the same instant restated in the reader's zone without one. The viewer and the documents the reference
 * server renders use these.
 */

/** The offset from UTC a stored date-time or time carries (`Z` is `+00:00`), or null for one without. */
export function answerOffset(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const found = /(?:[zZ]|([+-]\d\d:\d\d))$/.exec(value);
  if (!found) return null;
  return found[1] ?? '+00:00';
}

/**
 * A stored date-time (`YYYY-MM-DD HH:MM`) or time (`HH:MM`) as the person gave it, with the offset it carries (null:
 * none, the value as stored); null for a value that is neither.
 */
export function answerInItsZone(value: unknown): { text: string; offset: string | null } | null {
  if (typeof value !== 'string') return null;
  const dateTime = /^(\d{4}-\d\d-\d\d)[T ](\d\d:\d\d)/.exec(value);
  if (dateTime) return { text: `${dateTime[1]} ${dateTime[2]}`, offset: answerOffset(value) };
  const time = /^(\d\d:\d\d)(?::\d\d(?:\.\d+)?)?(?:[zZ]|[+-]\d\d:\d\d)?$/.exec(value);
  return time ? { text: time[1] as string, offset: answerOffset(value) } : null;
}

/**
 * A stored date-time or time as the documents and exports print it: the time the person gave with its offset said
 * (`2026-12-03 14:30 (UTC-05:00)`, `09:15 (UTC+00:00)`), as it is without one; null for a value that is neither.
 */
export function answerInItsZoneText(value: unknown): string | null {
  const zoned = answerInItsZone(value);
  if (!zoned) return null;
  return zoned.offset === null ? zoned.text : `${zoned.text} (UTC${zoned.offset})`;
}
