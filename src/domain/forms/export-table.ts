/**
 * The table an export of form instances writes, whatever the file (CSV or XLSX): its header rows, its columns, and
 * each instance's row or rows as typed cells. One module for the test fake and the reference server (they keep only
 * the storage and the HTTP); the CSV writer (`instance-csv.ts`) and the XLSX writer (`export-xlsx.ts`) only write
 * the cells this module gives.
 *
 * - Header: a row of labels (`id`, `form`, `schema version`, `status`, `created`, `updated`, then each field's label
 *   as the form shows it); with {@link InstanceExportOptions.pathRow} a second row with the data paths (the JSON
 *   pointer of each answer, `formInstanceId` … for the fixed columns), for programs that read the file.
 * - Columns: the fields of the layouts of the schemas the exported rows use, in the document order of the newest
 *   version of each form (the forms by name), then what older versions ask besides; a field that shows nothing
 *   (a text block) is no column; each data path once per question: across the versions of a form (the newest
 *   version's label) and across forms that ask it with the same label, but a form that asks the same path with
 *   another label gets a column of its own, each column holding only the answers of its forms.
 * - Repeatable sections, as the person chooses ({@link ExportRepeatLayout}):
 *   - `rows`: one row per item. An `item` column (1, 2, …) follows the fixed ones; an instance with items has as many
 *     rows as its longest repeatable section has items, the i-th row holding the i-th item of each section and the
 *     instance's other answers repeated; an instance without items has one row, its `item` empty. A field inside a
 *     section is headed `Section: Field`, its path `/list/*\/field`.
 *   - `columns` (the default: each instance one row, as the list shows it): one column per item and field
 *     (`Section 1: Field`, path `/list/0/field`), as many items as the most any exported instance has (asked of the
 *     database in one aggregate, or counted in a first pass over the rows, before the header is written).
 * - Cells are typed ({@link ExportCell}): a number as a number, a boolean as a boolean, a date (`date` widget) and a
 *   date-time (`datetime` widget, the created and updated times) as a date with the text the CSV writes, a choice as
 *   its option's label (several in the options' order joined by `; `, a stored value no option has as it is), a time
 *   as given with its offset, any other list or object as its JSON (object keys sorted).
 * - A matrix (grid) is one column per row, headed `Question — Row` (path `/grid/row`), each cell the chosen column's
 *   label.
 */
import type { FormField, FormLayout, FormSection } from '../../contract/types';
import { escapePointerSegment, getAt } from '../../contract/json-pointer';
import { FormInstanceStatus } from '../../contract/enums';
import { answerInItsZoneText } from '../../engine/answer-zone';
import { layoutOptionIndex, layoutOptionLabel } from '../../engine/choice-options';
import { layoutSectionEntries } from '../../engine/layout-walk';
import { fileReferencesText } from '../../engine/files';
import { drawnSignatureText, isDrawnSignature } from '../../engine/signature-value';
import { matrixRows } from '../../engine/matrix';
import { widgetKind } from '../../engine/widget-kinds';
import type { ODataQuery } from '../odata/ast';
import type { ODataRow } from '../odata/evaluate';
import { DEFAULT_INSTANCE_EXPORT_OPTIONS, type InstanceExportOptions } from './export-options';
import { INSTANCE_CSV_BATCH_SIZE, instanceBatches, instanceCsvQuery, type InstanceCsvSchema, type InstanceCsvSource } from './export-source';

export {
  DEFAULT_INSTANCE_EXPORT_OPTIONS,
  INSTANCE_EXPORT_PARAMS,
  instanceExportParams,
  parseInstanceExportOptions,
  type ExportRepeatLayout,
  type InstanceExportOptions,
} from './export-options';

/** A date (`date`: the day, at UTC midnight) or a date-time (`dateTime`: the wall-clock time given, as UTC) cell. */
export interface ExportDateCell {
  readonly kind: 'date' | 'dateTime';
  /** The day or wall-clock time, its fields read in UTC (a spreadsheet's dates have no zone). */
  readonly date: Date;
  /** The text a CSV writes (`2026-12-03`, `2026-12-03 14:30 (UTC-05:00)`, an ISO instant for created / updated). */
  readonly text: string;
}

/** One typed cell: nothing, a text, a number, a boolean or a date. */
export type ExportCell = null | string | number | boolean | ExportDateCell;

/** Whether a cell is a date or date-time. */
export function isExportDate(cell: unknown): cell is ExportDateCell {
  if (typeof cell !== 'object' || cell === null || !('date' in cell) || !('kind' in cell)) return false;
  return (cell.kind === 'date' || cell.kind === 'dateTime') && cell.date instanceof Date;
}

/** The fixed columns, in order, before the answers: their labels and their paths. */
export const INSTANCE_CSV_FIXED_COLUMNS = ['id', 'form', 'schema version', 'status', 'created', 'updated'] as const;
const FIXED_PATHS = ['formInstanceId', 'form/name', 'formSchema/version', 'status', 'createdDateTime', 'lastUpdatedDateTime'] as const;
/** The `rows` layout's item column (label and path), after the fixed ones when the export has repeatable sections. */
export const INSTANCE_EXPORT_ITEM_COLUMN = 'item';

/** The status name of a status number (`Submitted`), or the number as text for one the enum lacks. */
export function statusName(status: unknown): string {
  const found = Object.entries(FormInstanceStatus).find(([, value]) => value === status);
  return found ? found[0] : String(status ?? '');
}

/**
 * The objects of a cell's JSON with their keys in sorted order: the same answers give the same cell whatever order a
 * store keeps keys in (PostgreSQL's jsonb orders them by length, the test fake as they were written).
 */
export function sortedKeys(_key: string, value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * An answer as the form shows it, by the field that asks it (`undefined`: no field of the row's layout, the answer
 * as stored): a choice as its option's label, several choices as their labels in the options' order joined by `; `
 * (a stored value no option has is written as it is, after them), a date-time or time with the offset it was given
 * (the answers document's rule), a drawn signature in words, anything else as stored (a date `YYYY-MM-DD`, a number or boolean as written).
 */
export function answerCell(field: FormField | undefined, value: unknown): unknown {
  if (!field || value === undefined || value === null || value === '') return value;
  const kind = widgetKind(field.widget)?.value;
  // Uploaded files: each one's name and size ('payslip.pdf (179 KB)'), never the bytes.
  if (kind === 'file') return fileReferencesText(value, 'en') || value;
  // A drawn signature: described ('Drawn signature (14 KB)'), never its image's data as text.
  if (field.widget === 'signature' && isDrawnSignature(value)) return drawnSignatureText(value);
  if (kind === 'list' && Array.isArray(value)) {
    // Known choices in the options' order, then unknown ones in the order stored: the same set, the same cell.
    const place = (v: unknown) => {
      const at = layoutOptionIndex(field, v);
      return at < 0 ? Number.MAX_SAFE_INTEGER : at;
    };
    return value
      .map((v, i) => ({ v, i, at: place(v) }))
      .sort((a, b) => a.at - b.at || a.i - b.i)
      .map(({ v }) => layoutOptionLabel(field, v) ?? (typeof v === 'object' && v !== null ? JSON.stringify(v, sortedKeys) : String(v)))
      .join('; ');
  }
  if ((kind === 'choice' || kind === 'list') && typeof value !== 'object') return layoutOptionLabel(field, value) ?? value;
  if (field.widget === 'datetime' || field.widget === 'time') return answerInItsZoneText(value) ?? value;
  return value;
}

const DAY = /^(\d{4})-(\d\d)-(\d\d)$/;
const WALL_TIME = /^(\d{4})-(\d\d)-(\d\d)[T ](\d\d):(\d\d)(?::(\d\d))?/;

/** A created / updated time (a `Date` or an ISO text) as a date-time cell; null for none. */
export function instantCell(value: unknown): ExportCell {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(date.getTime())) return String(value);
  return { kind: 'dateTime', date, text: date.toISOString() };
}

/** Any value as a cell: text, number and boolean as they are, a `Date` as a date-time, lists and objects as JSON. */
function plainCell(value: unknown): ExportCell {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return instantCell(value);
  return JSON.stringify(value, sortedKeys);
}

/**
 * An answer as a typed cell, by the field of the row's own layout that asks it (see the module's rules): a `date`
 * answer as a date, a `datetime` one as its wall-clock time with the text that names its offset, a choice as its
 * label, a number as a number.
 */
export function exportCell(field: FormField | undefined, value: unknown): ExportCell {
  if (value === undefined || value === null || value === '') return null;
  if (field && typeof value === 'string') {
    if (field.widget === 'date') {
      const day = DAY.exec(value);
      if (day) return { kind: 'date', date: new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]))), text: value };
    }
    if (field.widget === 'datetime') {
      const at = WALL_TIME.exec(value);
      if (at) {
        const date = new Date(Date.UTC(Number(at[1]), Number(at[2]) - 1, Number(at[3]), Number(at[4]), Number(at[5]), Number(at[6] ?? 0)));
        if (!Number.isNaN(date.getTime())) return { kind: 'dateTime', date, text: answerInItsZoneText(value) ?? value };
      }
    }
  }
  return plainCell(answerCell(field, value));
}

// The answer at a path (undefined where there is none; a path that is no JSON pointer has none).
function answerAt(data: unknown, path: string): unknown {
  try {
    return getAt(data, path);
  } catch {
    return undefined;
  }
}

const shows = (field: FormField) => widgetKind(field.widget)?.value !== 'none';

/** A matrix's rows as the choice fields its columns are made of: `Question — Row` at `/grid/row`, the columns its options. */
function exportedFields(field: FormField): FormField[] {
  if (widgetKind(field.widget)?.value !== 'matrix') return [field];
  return matrixRows(field).map((row) => ({
    id: `${field.id}/${row.value}`,
    path: `${field.path}/${escapePointerSegment(row.value)}`,
    widget: 'radio',
    label: `${String(field.label || field.path)} — ${row.label}`,
    ...(field.options ? { options: field.options } : {}),
  }));
}

const fieldsOfSection = (section: FormSection): FormField[] =>
  (Array.isArray(section.fields) ? section.fields : []).filter((f) => typeof f === 'object' && f !== null).flatMap(exportedFields);

/** One repeatable section of a layout: its list's path, its title, and its fields by path inside an item. */
interface RepeatShape {
  readonly path: string;
  readonly title: string;
  readonly fields: Map<string, FormField>;
}

/** A layout read once: its own fields by data path, and its repeatable sections, in document order. */
interface LayoutShape {
  /** Document order: a plain field's path, or a repeatable section. */
  readonly order: readonly ({ field: FormField } | { repeat: RepeatShape })[];
  readonly fields: Map<string, FormField>;
  readonly repeats: Map<string, RepeatShape>;
}

function shapeOf(layout: FormLayout | null | undefined): LayoutShape {
  const order: ({ field: FormField } | { repeat: RepeatShape })[] = [];
  const fields = new Map<string, FormField>();
  const repeats = new Map<string, RepeatShape>();
  if (!layout) return { order, fields, repeats };
  const shapes = new Map<FormSection, RepeatShape>();
  for (const { section, repeatOwner } of layoutSectionEntries(layout)) {
    if (repeatOwner) {
      let repeat = shapes.get(repeatOwner);
      if (!repeat) {
        const path = String(repeatOwner.repeatable?.path ?? '');
        repeat = repeats.get(path) ?? { path, title: String(repeatOwner.title || path), fields: new Map() };
        shapes.set(repeatOwner, repeat);
        if (!repeats.has(path) && !fields.has(path)) {
          repeats.set(path, repeat);
          order.push({ repeat });
        }
      }
      for (const field of fieldsOfSection(section)) if (shows(field) && !repeat.fields.has(field.path)) repeat.fields.set(field.path, field);
    } else {
      for (const field of fieldsOfSection(section)) {
        if (!shows(field) || fields.has(field.path) || repeats.has(field.path)) continue;
        fields.set(field.path, field);
        order.push({ field });
      }
    }
  }
  return { order, fields, repeats };
}

// Each schema's layout read once, rather than once per row.
const shapes = new WeakMap<InstanceCsvSchema, LayoutShape>();
function shapeOfSchema(schema: InstanceCsvSchema | undefined): LayoutShape | undefined {
  if (!schema) return undefined;
  let shape = shapes.get(schema);
  if (!shape) {
    shape = shapeOf(schema.layout);
    shapes.set(schema, shape);
  }
  return shape;
}

/** One column of an export: its label (the first header row) and its data path (the second, when asked for). */
export interface ExportColumn {
  readonly label: string;
  readonly path: string;
}

/**
 * An answer column of the plain fields: its path, its label, and the forms (by name) whose answers it holds. A path
 * is one column across the versions of a form, and across forms that ask it with the same label; a form that asks it
 * with another label gets a column of its own, so that no answer is written under another form's question.
 */
interface FieldColumn extends ExportColumn {
  readonly forms: Set<string>;
  /** The first column of its path, which also holds the answers of rows whose schema was not read. */
  readonly first: boolean;
}

/** The repeatable sections of an export and their fields (by path inside an item), in column order. */
export interface ExportRepeat {
  readonly path: string;
  readonly title: string;
  readonly fields: readonly { readonly path: string; readonly label: string }[];
}

/** An export's columns and how each instance becomes rows; see {@link instanceExportTable}. */
export interface InstanceExportTable {
  readonly options: InstanceExportOptions;
  readonly columns: readonly ExportColumn[];
  /** The header rows: the labels, and the paths when asked for. */
  readonly header: readonly (readonly string[])[];
  /** An instance's row (one, or one per item in the `rows` layout), each cell typed. */
  rowsOf(row: ODataRow, schema: InstanceCsvSchema | undefined): ExportCell[][];
}

/** Schemas in the order their fields become columns: the forms by name, the newest version of each first. */
function columnOrder(schemas: readonly InstanceCsvSchema[]): InstanceCsvSchema[] {
  const version = (schema: InstanceCsvSchema) => (typeof schema.version === 'number' ? schema.version : Number(schema.version) || 0);
  return [...schemas].sort(
    (a, b) =>
      String(a.formName ?? '').localeCompare(String(b.formName ?? ''), 'en') ||
      version(b) - version(a) ||
      (a.formSchemaId < b.formSchemaId ? -1 : a.formSchemaId > b.formSchemaId ? 1 : 0),
  );
}

/** The plain data paths and the repeatable sections of the schemas' layouts, in column order (see the module's rules). */
export function instanceExportShape(schemas: readonly InstanceCsvSchema[]): { fields: FieldColumn[]; repeats: ExportRepeat[]; order: ({ field: FieldColumn } | { repeat: ExportRepeat })[] } {
  const fields = new Map<string, FieldColumn[]>();
  const repeats = new Map<string, { path: string; title: string; fields: Map<string, { path: string; label: string }> }>();
  const order: ({ field: FieldColumn } | { repeat: ExportRepeat })[] = [];
  const repeatOut = new Map<string, { path: string; title: string; fields: { path: string; label: string }[] }>();
  for (const schema of columnOrder(schemas)) {
    const form = String(schema.formName ?? '');
    for (const entry of shapeOfSchema(schema)?.order ?? []) {
      if ('field' in entry) {
        const { path } = entry.field;
        const label = String(entry.field.label || path);
        if (repeats.has(path)) continue;
        const ofPath = fields.get(path) ?? [];
        // An older version of a form already placed (its newest label stays), or another form asking the same.
        if (ofPath.some((c) => c.forms.has(form))) continue;
        const same = ofPath.find((c) => c.label === label);
        if (same) {
          same.forms.add(form);
          continue;
        }
        const column: FieldColumn = { path, label, forms: new Set([form]), first: ofPath.length === 0 };
        fields.set(path, [...ofPath, column]);
        order.push({ field: column });
      } else {
        const { path } = entry.repeat;
        if (fields.has(path)) continue;
        let repeat = repeats.get(path);
        let out = repeatOut.get(path);
        if (!repeat || !out) {
          repeat = { path, title: entry.repeat.title, fields: new Map() };
          out = { path, title: entry.repeat.title, fields: [] };
          repeats.set(path, repeat);
          repeatOut.set(path, out);
          order.push({ repeat: out });
        }
        for (const field of entry.repeat.fields.values()) {
          if (repeat.fields.has(field.path)) continue;
          const column = { path: field.path, label: String(field.label || field.path) };
          repeat.fields.set(field.path, column);
          out.fields.push(column);
        }
      }
    }
  }
  return { fields: [...fields.values()].flat(), repeats: [...repeatOut.values()], order };
}

/** How many items the list at `path` of an instance's answers has (0 for none or for no list). */
export function itemCount(data: unknown, path: string): number {
  const items = answerAt(data, path);
  return Array.isArray(items) ? items.length : 0;
}

/**
 * The table of an export of rows using `schemas`, laid out as `options` say. `itemColumns` (the `columns` layout)
 * gives, for each repeatable section's path, how many items get columns (the most any exported instance has); a
 * section missing from it gets none.
 */
export function instanceExportTable(
  schemas: readonly InstanceCsvSchema[],
  options: InstanceExportOptions = DEFAULT_INSTANCE_EXPORT_OPTIONS,
  itemColumns: ReadonlyMap<string, number> = new Map(),
): InstanceExportTable {
  const { order, repeats } = instanceExportShape(schemas);
  const byRows = options.repeat === 'rows' && repeats.length > 0;
  const columns: ExportColumn[] = INSTANCE_CSV_FIXED_COLUMNS.map((label, i) => ({ label, path: FIXED_PATHS[i] as string }));
  if (byRows) columns.push({ label: INSTANCE_EXPORT_ITEM_COLUMN, path: INSTANCE_EXPORT_ITEM_COLUMN });
  // Each answer column reads one instance's answers (and, in the rows layout, its i-th item).
  // `form`: the row's form's name (undefined: its schema was not read).
  type Read = (data: unknown, shape: LayoutShape | undefined, item: number, form: string | undefined) => ExportCell;
  const reads: Read[] = [];
  for (const entry of order) {
    if ('field' in entry) {
      const { path, label, forms, first } = entry.field;
      columns.push({ label, path });
      // Only the answers of the forms that ask this column's question.
      reads.push((data, shape, _item, form) => ((form === undefined ? first : forms.has(form)) ? exportCell(shape?.fields.get(path), answerAt(data, path)) : null));
      continue;
    }
    const repeat = entry.repeat;
    const fieldOf = (shape: LayoutShape | undefined, path: string) => shape?.repeats.get(repeat.path)?.fields.get(path);
    if (options.repeat === 'rows') {
      for (const field of repeat.fields) {
        columns.push({ label: `${repeat.title}: ${field.label}`, path: `${repeat.path}/*${field.path}` });
        reads.push((data, shape, item) => (item < 0 ? null : exportCell(fieldOf(shape, field.path), answerAt(answerAt(data, `${repeat.path}/${item}`), field.path))));
      }
    } else {
      const count = itemColumns.get(repeat.path) ?? 0;
      for (let i = 0; i < count; i++) {
        for (const field of repeat.fields) {
          columns.push({ label: `${repeat.title} ${i + 1}: ${field.label}`, path: `${repeat.path}/${i}${field.path}` });
          reads.push((data, shape) => exportCell(fieldOf(shape, field.path), answerAt(answerAt(data, `${repeat.path}/${i}`), field.path)));
        }
      }
    }
  }
  // Two questions of the exported forms may share a label at different data paths ('Full name' in two forms): each
  // such column's label names its path too, so that no two columns of the first header row read the same.
  const uses = new Map<string, number>();
  for (const column of columns) uses.set(column.label, (uses.get(column.label) ?? 0) + 1);
  for (let i = 0; i < columns.length; i++) {
    const column = columns[i] as ExportColumn;
    if ((uses.get(column.label) ?? 0) > 1 && i >= INSTANCE_CSV_FIXED_COLUMNS.length) columns[i] = { ...column, label: `${column.label} (${column.path})` };
  }
  const header = [columns.map((c) => c.label), ...(options.pathRow ? [columns.map((c) => c.path)] : [])];
  return {
    options,
    columns,
    header,
    rowsOf(row, schema) {
      const shape = shapeOfSchema(schema);
      const form = schema ? String(schema.formName ?? '') : undefined;
      const version = schema?.version;
      const fixed: ExportCell[] = [
        plainCell(row.formInstanceId),
        plainCell(schema?.formName ?? null),
        typeof version === 'number' ? version : plainCell(version ?? null),
        statusName(row.status),
        instantCell(row.createdDateTime),
        instantCell(row.lastUpdatedDateTime),
      ];
      const items = byRows ? Math.max(0, ...repeats.map((r) => itemCount(row.data, r.path))) : 0;
      const rows: ExportCell[][] = [];
      for (let item = items ? 0 : -1; item < Math.max(items, 0); item++) {
        rows.push([...fixed, ...(byRows ? [item < 0 ? null : item + 1] : []), ...reads.map((read) => read(row.data, shape, item, form))]);
      }
      return rows;
    },
  };
}

/**
 * Instances written between two yields to the event loop: a large export never holds the loop for long (100 rows of
 * XLSX cost some 10-30 ms of CPU, measured by bench/forms/export.ts).
 */
export const EXPORT_SLICE_ROWS = 100;

// Node's setImmediate runs the next slice after the I/O that waits (no timer's 1 ms floor); elsewhere a timer.
const immediate = (globalThis as { setImmediate?: (callback: () => void) => unknown }).setImmediate;

/** Lets the event loop run (timers, I/O, other requests) before the next slice of rows is written. */
export const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => (immediate ? immediate(resolve) : setTimeout(resolve, 0)));

/** An export opened: its table (columns and header) and its rows, slice by slice. */
export interface OpenedInstanceExport {
  readonly table: InstanceExportTable;
  /** The rows, typed, a slice of at most {@link EXPORT_SLICE_ROWS} instances at a time (after the first, each slice is given after a yield to the event loop). */
  readonly slices: AsyncGenerator<ExportCell[][]>;
}

/**
 * Opens an export: `query` is the caller's parsed query string (checked by `instanceCsvQuery`, which throws a 400
 * `ODataError` before anything is read); the schemas of the selected rows are read; in the `columns` layout, how many
 * items each repeatable section needs columns for is asked in one aggregate where the source can (`itemCounts`), else
 * counted in a first pass over the rows; and the first batch of rows is read, so that a read the database refuses
 * fails before the caller writes a byte. The rows then come in one pass, batch by batch (never more than one held).
 */
export async function openInstanceExport(
  source: InstanceCsvSource,
  query: ODataQuery,
  options: InstanceExportOptions = DEFAULT_INSTANCE_EXPORT_OPTIONS,
  batchSize = INSTANCE_CSV_BATCH_SIZE,
): Promise<OpenedInstanceExport> {
  const base = instanceCsvQuery(query, batchSize);
  const schemas = await source.schemas({ ...(base.filter ? { filter: base.filter } : {}), ...(base.search ? { search: base.search } : {}) });
  const byId = new Map(schemas.map((schema) => [schema.formSchemaId.toLowerCase(), schema]));
  let counts = new Map<string, number>();
  if (options.repeat === 'columns') {
    const { repeats } = instanceExportShape(schemas);
    if (repeats.length && source.itemCounts) {
      const selected = { ...(base.filter ? { filter: base.filter } : {}), ...(base.search ? { search: base.search } : {}) };
      counts = new Map(await source.itemCounts(selected, repeats.map((repeat) => repeat.path)));
    } else if (repeats.length) {
      for await (const batch of instanceBatches(source.rows, base)) {
        for (const row of batch) for (const { path } of repeats) counts.set(path, Math.max(counts.get(path) ?? 0, itemCount(row.data, path)));
        await yieldToEventLoop();
      }
    }
  }
  const table = instanceExportTable(schemas, options, counts);
  const reads = instanceBatches(source.rows, base);
  const first = await reads.next();
  const slices = (async function* slicesOf(): AsyncGenerator<ExportCell[][]> {
    let sliced = false;
    for (let next = first; !next.done; next = await reads.next()) {
      const batch = next.value;
      for (let at = 0; at < batch.length; at += EXPORT_SLICE_ROWS) {
        if (sliced) await yieldToEventLoop();
        sliced = true;
        yield batch.slice(at, at + EXPORT_SLICE_ROWS).flatMap((row) => table.rowsOf(row, byId.get(String(row.formSchemaId).toLowerCase())));
      }
    }
  })();
  return { table, slices };
}
