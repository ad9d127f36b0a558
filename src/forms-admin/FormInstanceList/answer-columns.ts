/**
 * Answer columns of the Form Instances list (React-free): the fields of one form a person may show as columns, each
 * answer written as the form shows it in the user's locale, and the OData paths that sort and filter on an answer.
 *
 * - The fields are the current version's, in document order: a plain field is a column at its data path; a matrix is
 *   one column (its rows summarised, `Row: Column; …`); a repeatable section is one column (its number of items);
 *   a field that shows nothing (a text block) is no column.
 * - An answer is written as the form shows it: a choice as its option's label (several in the options' order joined
 *   by `; `), a number and a date through the locale, yes / no in the user's words, a date-time with its offset, a
 *   drawn signature in words ('Drawn signature (14 KB)'), never its image's data.
 * - A column sorts and filters on the server when its data path is an OData path (`/applicant/name` →
 *   `data/applicant/name`: every segment a name); a repeatable section, a matrix and a list of choices do not.
 *   Filters: a choice or a yes / no is equal to the chosen value, a number equal to the typed number, any other
 *   answer contains the typed text (regardless of case).
 * - The chosen columns persist per user and form in the browser's storage (see {@link answerColumnsStorageKey}).
 */
import type { FormField, FormLayout, FormSection } from '../../contract/types';
import { getAt, parsePointer } from '../../contract/json-pointer';
import { answerInItsZoneText } from '../../engine/answer-zone';
import { layoutOptionLabel } from '../../engine/choice-options';
import { layoutSectionEntries } from '../../engine/layout-walk';
import { matrixRows } from '../../engine/matrix';
import { drawnSignatureText, isDrawnSignature } from '../../engine/signature-value';
import { widgetKind, type WidgetValueKind } from '../../engine/widget-kinds';
import * as odata from '../../api/odata';
import type { Filter } from '../../api/odata';
import type { FormInstance } from '../../api/types';
import { answerCell } from '../../domain/forms/export-table';
import { dateTimeFormat, fillNumbers, formatNumber } from '../../labels/format';
import { fillLabel, type Labels } from '../../query/labels';

/** One field of a form that the list may show as a column. */
export interface AnswerField {
  /** The answer's data path (a JSON Pointer into the instance's data, e.g. `/applicant/name`): the column's key. */
  readonly path: string;
  /** The field's label (its path when it has none). */
  readonly label: string;
  /** What the column holds: one answer, a matrix's rows, or a repeatable section's items. */
  readonly kind: 'field' | 'matrix' | 'repeat';
  /** The layout field (none for a repeatable section). */
  readonly field?: FormField;
  /** The OData path that sorts and filters on this answer (`data/applicant/name`), or null when it cannot. */
  readonly odataPath: string | null;
}

const ODATA_NAME = /^[A-Za-z_]\w*$/;

/** The OData path of an answer's data path (`/applicant/name` → `data/applicant/name`), or null when a segment is no name. */
export function answerODataPath(pointer: string): string | null {
  let segments: string[];
  try {
    segments = parsePointer(pointer);
  } catch {
    return null;
  }
  if (segments.length === 0 || !segments.every((s) => ODATA_NAME.test(s))) return null;
  return ['data', ...segments].join('/');
}

const valueKind = (field: FormField): WidgetValueKind | undefined => widgetKind(field.widget)?.value;

/** The fields of a layout a person may show as columns, in document order (see the module's rules). */
export function answerFieldsOf(layout: FormLayout | null | undefined): AnswerField[] {
  const out: AnswerField[] = [];
  if (!layout) return out;
  const seen = new Set<string>();
  const repeats = new Set<FormSection>();
  for (const { section, repeatOwner } of layoutSectionEntries(layout)) {
    if (repeatOwner) {
      if (repeats.has(repeatOwner)) continue;
      repeats.add(repeatOwner);
      const path = String(repeatOwner.repeatable?.path ?? '');
      if (!path || seen.has(path)) continue;
      seen.add(path);
      out.push({ path, label: String(repeatOwner.title || path), kind: 'repeat', odataPath: null });
      continue;
    }
    for (const field of Array.isArray(section.fields) ? section.fields : []) {
      if (typeof field !== 'object' || field === null || typeof field.path !== 'string') continue;
      const kind = valueKind(field);
      if (kind === 'none' || seen.has(field.path)) continue;
      seen.add(field.path);
      const label = String(field.label || field.path);
      if (kind === 'matrix') out.push({ path: field.path, label, kind: 'matrix', field, odataPath: null });
      else out.push({ path: field.path, label, kind: 'field', field, odataPath: kind === 'list' ? null : answerODataPath(field.path) });
    }
  }
  return out;
}

const DAY = /^(\d{4})-(\d\d)-(\d\d)$/;

function answerAt(data: unknown, path: string): unknown {
  try {
    return getAt(data, path);
  } catch {
    return undefined;
  }
}

/** An answer of one instance as its column shows it, in `locale` (empty when there is none). */
export function answerText(column: AnswerField, data: unknown, labels: Labels, locale: string | undefined): string {
  const value = answerAt(data, column.path);
  if (value === undefined || value === null || value === '') return '';
  if (column.kind === 'repeat') {
    const count = Array.isArray(value) ? value.length : 0;
    return fillNumbers(labels.answerItems, { count }, locale);
  }
  const field = column.field;
  if (column.kind === 'matrix' && field) {
    if (typeof value !== 'object' || Array.isArray(value)) return String(value);
    const record = value as Record<string, unknown>;
    return matrixRows(field)
      .filter((row) => record[row.value] !== undefined && record[row.value] !== null)
      .map((row) => `${row.label}: ${layoutOptionLabel(field, record[row.value]) ?? String(record[row.value])}`)
      .join('; ');
  }
  if (typeof value === 'boolean') return value ? labels.yes : labels.no;
  if (typeof value === 'number') return formatNumber(value, locale);
  if (field?.widget === 'date' && typeof value === 'string') {
    const day = DAY.exec(value);
    if (day) {
      const date = new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
      return dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
    }
  }
  if ((field?.widget === 'datetime' || field?.widget === 'time') && typeof value === 'string') return answerInItsZoneText(value) ?? value;
  if (field?.widget === 'signature' && isDrawnSignature(value)) return drawnSignatureText(value, labels.answerDrawnSignature, locale);
  const shown = answerCell(field, value);
  if (typeof shown === 'string') return shown;
  return typeof shown === 'object' ? JSON.stringify(shown) : String(shown);
}

/**
 * Each shown answer column's title, in order: its field's label, told apart where it would read as another column's.
 * A label that is the title of a column the list always shows (`fixed`: a form's 'Signature' beside the list's own
 * 'Signature', or 'Status') reads '{label} (answer)'; a label that two shown answers have reads with each one's data
 * path. Compared without regard to case or surrounding space.
 */
export function answerColumnTitles(shown: readonly AnswerField[], fixed: readonly string[], labels: Labels): string[] {
  const key = (text: string) => text.trim().toLocaleLowerCase();
  const taken = new Set(fixed.map(key));
  const uses = new Map<string, number>();
  for (const field of shown) uses.set(key(field.label), (uses.get(key(field.label)) ?? 0) + 1);
  return shown.map((field) => {
    if ((uses.get(key(field.label)) ?? 0) > 1) return fillLabel(labels.answerColumnTitleAt, { label: field.label, path: field.path });
    return taken.has(key(field.label)) ? fillLabel(labels.answerColumnTitle, { label: field.label }) : field.label;
  });
}

/** The options a filter on the column offers (a choice's options, or yes / no), or null for a typed value. */
export function answerFilterOptions(column: AnswerField, labels: Labels): { value: string; label: string }[] | null {
  const field = column.field;
  if (!field || column.odataPath === null) return null;
  const kind = valueKind(field);
  if (kind === 'boolean') return [
    { value: 'true', label: labels.yes },
    { value: 'false', label: labels.no },
  ];
  if (kind === 'choice' && Array.isArray(field.options)) return field.options.map((o) => ({ value: JSON.stringify(o.value), label: String(o.label) }));
  return null;
}

/**
 * The `$filter` condition of a typed or chosen value on an answer column, or null for none (an empty value, or a
 * column that does not filter): see the module's rules.
 */
export function answerFilter(column: AnswerField, value: string): Filter<FormInstance> | null {
  const path = column.odataPath;
  const field = column.field;
  if (!path || !field || value.trim() === '') return null;
  const at = path as `data/${string}`;
  const kind = valueKind(field);
  if (kind === 'boolean') return value === 'true' || value === 'false' ? odata.eq<FormInstance>(at, value === 'true') : null;
  if (kind === 'choice') {
    let chosen: unknown;
    try {
      chosen = JSON.parse(value);
    } catch {
      chosen = value;
    }
    return typeof chosen === 'string' || typeof chosen === 'number' || typeof chosen === 'boolean' ? odata.eq<FormInstance>(at, chosen) : null;
  }
  if (kind === 'number') {
    const number = Number(value.trim().replace(',', '.'));
    return Number.isFinite(number) ? odata.eq<FormInstance>(at, number) : null;
  }
  return odata.contains<FormInstance>(odata.tolower<FormInstance>(at), value.trim().toLowerCase());
}

/** Where the chosen columns of one user and form are kept in the browser's storage. */
export function answerColumnsStorageKey(userKey: string | null | undefined, formId: string): string {
  return `ccq-forms-admin:answer-columns:${userKey ?? 'anonymous'}:${formId.toLowerCase()}`;
}

/** The chosen columns kept for a user and form (none when nothing is kept or the storage cannot be read). */
export function readAnswerColumns(userKey: string | null | undefined, formId: string): string[] {
  try {
    const kept: unknown = JSON.parse(globalThis.localStorage?.getItem(answerColumnsStorageKey(userKey, formId)) ?? '[]');
    return Array.isArray(kept) ? kept.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}

/** Keeps the chosen columns of a user and form (quietly nothing when the storage is full or refused). */
export function writeAnswerColumns(userKey: string | null | undefined, formId: string, paths: readonly string[]): void {
  try {
    globalThis.localStorage?.setItem(answerColumnsStorageKey(userKey, formId), JSON.stringify(paths));
  } catch {
    // A private window or a full storage: the columns last until the page closes.
  }
}
