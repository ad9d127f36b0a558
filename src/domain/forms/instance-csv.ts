/**
 * The CSV export of form instances (`GET /api/Forms/ExportInstancesCsv`): which rows, in which order, in which
 * columns, and how each cell is written. One module for the test fake and the reference server: both hand
 * {@link streamInstanceCsv} a function that reads one batch of rows through their OData reader, and keep only the
 * storage and the HTTP.
 *
 * - Rows: the instances the same `$filter` / `$search` / `$orderby` as the list select (soft-deleted rules
 *   included), all of them, not one page. They are read in batches by keyset paging (each batch starts after the
 *   last row of the one before, by the sort columns and the id), so no batch depends on an offset and no reader
 *   ever holds more than one batch. The keyset condition also bounds the first sort column on its own (`a ≤ a₀`
 *   beside `a < a₀ or (a = a₀ and …)`): the same rows, but a range a database reads from an index instead of
 *   walking every row before the batch again (which made a large export quadratic).
 * - Columns: `id`, `form`, `schema version`, `status`, `created`, `updated`, then the data path (a JSON pointer
 *   such as `/applicant/name`) of every field of the layouts of the schemas the exported rows use, in path order;
 *   a repeatable section is one column at its list's path (the sections inside it included: they are part of its
 *   items), a plain section inside another adds its fields' columns like any section. The header therefore comes
 *   from the few schemas, not from the rows: the export is one pass over the rows, written as they are read. An
 *   answer at a path no layout has is not exported (it is not something the form asks).
 * - The form's name and the schema's version of each row come from the same read of the schemas (once, not
 *   expanded in every batch).
 * - Cells: the answer at the column's path as the form shows it, read by the field of the row's own schema's layout
 *   at that path ({@link answerCell}): a choice as its option's label (several choices joined by `; ` in the options'
 *   order, a stored value no option has as it is), a date-time or time as the person gave it with its offset
 *   (`2026-12-03 14:30 (UTC-05:00)`, the answers document's rule), a date as given (`YYYY-MM-DD`), a number as written
 *   (no grouping, `.` as the decimal mark: the file stays machine-readable), a boolean as `true` / `false`; any other
 *   list or object (a repeatable section's items) as its JSON, object keys sorted. RFC 4180 quoting (a cell holding a
 *   comma, a quote or a line break is quoted, quotes doubled), and a spreadsheet formula guard: a text starting with
 *   `=`, `+`, `-`, `@`, a tab or a carriage return is prefixed with `'`, so that opening the file never runs an
 *   answer a visitor typed (or an option label) as a formula.
 */
import { FormInstanceStatus } from '../../contract/enums';
import type { FormField, FormLayout } from '../../contract/types';
import { answerInItsZoneText } from '../../engine/answer-zone';
import { layoutOptionIndex, layoutOptionLabel } from '../../engine/choice-options';
import { layoutSectionEntries } from '../../engine/layout-walk';
import { widgetKind } from '../../engine/widget-kinds';
import type { ODataFilter, ODataOrderBy, ODataQuery, ODataValue } from '../odata/ast';
import { ODataError } from '../odata/errors';
import { ODATA_LIMITS } from '../odata/limits';
import type { ODataRow } from '../odata/evaluate';
import { getAt } from '../../contract/json-pointer';

/** Rows read per batch (the OData reads' largest `$top`: fewer, larger reads cost less per row). */
export const INSTANCE_CSV_BATCH_SIZE = 1000;

/** The fixed columns, in order, before the answers. */
export const INSTANCE_CSV_FIXED_COLUMNS = ['id', 'form', 'schema version', 'status', 'created', 'updated'] as const;

/** The `Content-Type` of the export. */
export const INSTANCE_CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** The file name the export is offered under. */
export const INSTANCE_CSV_FILE_NAME = 'form-instances.csv';

/**
 * The properties an export may be sorted by: the instance's own columns that are never null, so that keyset
 * paging (`after the last row`) is exact. A sort by anything else is refused (400) rather than paged wrongly.
 */
export const INSTANCE_CSV_SORTABLE: readonly string[] = [
  'formInstanceId',
  'formSchemaId',
  'formId',
  'status',
  'createdDateTime',
  'lastUpdatedDateTime',
  'isDeleted',
];

const KEY = 'formInstanceId';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * The objects of a cell's JSON with their keys in sorted order: the same answers give the same cell whatever order a
 * store keeps keys in (PostgreSQL's jsonb orders them by length, the test fake as they were written), so a repeatable
 * section's items read the same from every backend.
 */
function sortedKeys(_key: string, value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** One cell: text as written (lists and objects as JSON, keys sorted), with the formula guard and RFC 4180 quoting. */
export function csvCell(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (value instanceof Date) text = value.toISOString();
  else if (typeof value === 'string') text = FORMULA_START.test(value) ? `'${value}` : value;
  else if (typeof value === 'number' || typeof value === 'boolean') text = String(value);
  else text = JSON.stringify(value, sortedKeys);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line (CRLF-terminated, as RFC 4180 says). */
export function csvLine(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** The status name of a status number (`Submitted`), or the number as text for one the enum lacks. */
export function statusName(status: unknown): string {
  const found = Object.entries(FormInstanceStatus).find(([, value]) => value === status);
  return found ? found[0] : String(status ?? '');
}

/**
 * The data paths a layout asks for: each field's path, and a repeatable section's list path once (its fields are
 * inside each item; the column holds the items). Sections inside sections add their fields' paths the same way,
 * except inside a repeatable section: their fields are part of its items, so they are in its column, not columns of
 * their own.
 */
export function layoutDataPaths(layout: FormLayout | null | undefined): string[] {
  const paths: string[] = [];
  if (!layout) return paths;
  for (const { section, repeatOwner } of layoutSectionEntries(layout)) {
    if (repeatOwner === section && section.repeatable) paths.push(section.repeatable.path);
    else if (repeatOwner === null) for (const field of Array.isArray(section.fields) ? section.fields : []) paths.push(field.path);
  }
  return paths;
}

/** The header line's cells: the fixed columns, then the data paths (each once) in order. */
export function instanceCsvColumns(paths: Iterable<string>): string[] {
  return [...INSTANCE_CSV_FIXED_COLUMNS, ...[...new Set(paths)].sort()];
}

// The answer at a column's path ('' where there is none; a path that is no JSON pointer has none).
function answerAt(data: unknown, path: string): unknown {
  try {
    return getAt(data, path) ?? '';
  } catch {
    return '';
  }
}

/**
 * The fields of a layout that have a column of their own, by data path (the fields {@link layoutDataPaths} names; a
 * repeatable section's column holds its items, not one field's answer).
 */
function layoutColumnFields(layout: FormLayout | null | undefined): Map<string, FormField> {
  const fields = new Map<string, FormField>();
  if (!layout) return fields;
  for (const { section, repeatOwner } of layoutSectionEntries(layout)) {
    if (repeatOwner !== null) continue;
    for (const field of Array.isArray(section.fields) ? section.fields : []) if (!fields.has(field.path)) fields.set(field.path, field);
  }
  return fields;
}

/**
 * An answer as the form shows it, by the field that asks it (`undefined`: no field of the row's layout, the answer
 * as stored): a choice as its option's label, several choices as their labels in the options' order joined by `; `
 * (a stored value no option has is written as it is, after them), a date-time or time with the offset it was given
 * (the answers document's rule), anything else as stored (a date `YYYY-MM-DD`, a number or boolean as written).
 */
export function answerCell(field: FormField | undefined, value: unknown): unknown {
  if (!field || value === undefined || value === null || value === '') return value;
  const kind = widgetKind(field.widget)?.value;
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

// The fields of each schema's layout, found once per schema rather than once per row.
const schemaFields = new WeakMap<InstanceCsvSchema, Map<string, FormField>>();
function fieldsOf(schema: InstanceCsvSchema | undefined): Map<string, FormField> | undefined {
  if (!schema) return undefined;
  let fields = schemaFields.get(schema);
  if (!fields) {
    fields = layoutColumnFields(schema.layout);
    schemaFields.set(schema, fields);
  }
  return fields;
}

/** One schema the exported rows use: its version, its form's name and its layout (see {@link instanceCsvSchemaQuery}). */
export interface InstanceCsvSchema {
  readonly formSchemaId: string;
  readonly version: unknown;
  readonly formName: unknown;
  readonly layout: FormLayout | null;
}

/**
 * The cells of one row read by {@link instanceCsvQuery}, with its schema (`undefined` for one the caller may not see:
 * no form name, no version, the answers as stored). The answers are written as that schema's layout shows them.
 */
export function instanceCsvCells(row: ODataRow, paths: readonly string[], schema?: InstanceCsvSchema): unknown[] {
  const fields = fieldsOf(schema);
  return [
    row.formInstanceId,
    schema?.formName ?? '',
    schema?.version ?? '',
    statusName(row.status),
    row.createdDateTime,
    row.lastUpdatedDateTime,
    ...paths.map((path) => answerCell(fields?.get(path), answerAt(row.data, path))),
  ];
}

const property = (name: string): ODataValue => ({ kind: 'property', path: [name] });

function sortedProperty(item: ODataOrderBy): string {
  const value = item.value;
  if (value.kind === 'property' && value.path.length === 1 && INSTANCE_CSV_SORTABLE.includes(value.path[0] as string)) return value.path[0] as string;
  throw new ODataError(`The export can be sorted only by ${INSTANCE_CSV_SORTABLE.join(', ')}.`, { option: '$orderby' });
}

/**
 * The query of one export batch: the caller's `$filter`, `$search` and `$orderby` (the id added last, so the order
 * is total), the form's name and the schema's version expanded, {@link INSTANCE_CSV_BATCH_SIZE} rows. `$top`,
 * `$skip`, `$select`, `$expand` and `$count` are refused (400): the export is the whole filtered set, in its columns.
 */
export function instanceCsvQuery(query: ODataQuery, batchSize = INSTANCE_CSV_BATCH_SIZE): ODataQuery {
  for (const [option, given] of [
    ['$top', query.top],
    ['$skip', query.skip],
    ['$select', query.select],
    ['$expand', query.expand],
    ['$count', query.count],
  ] as const) {
    if (given !== undefined) throw new ODataError(`The export takes no ${option}: it answers every row the filter selects, in its own columns.`, { option });
  }
  // The id makes the order total: the caller's own place and direction for it, else last and ascending (what
  // follows the id can never decide anything).
  const given = query.orderBy ?? [];
  const keyAt = given.findIndex((item) => sortedProperty(item) === KEY);
  const orderBy: ODataOrderBy[] = keyAt >= 0 ? given.slice(0, keyAt + 1) : [...given, { value: property(KEY), direction: 'asc' }];
  return {
    ...(query.filter ? { filter: query.filter } : {}),
    ...(query.search ? { search: query.search } : {}),
    orderBy,
    top: batchSize,
  };
}

/**
 * The read of the schemas `ids` name (at most `ODATA_LIMITS.maxInValues`, which is also below the largest `$top`):
 * version, layout and the form's name, soft-deleted ones too (a live instance may still use one; naming the flag
 * lifts the soft-delete rule).
 */
export function instanceCsvSchemaQuery(ids: readonly string[]): ODataQuery {
  const isDeleted = (value: boolean): ODataFilter => ({ kind: 'compare', op: 'eq', left: property('isDeleted'), right: { kind: 'literal', type: 'boolean', value } });
  return {
    filter: {
      kind: 'logical',
      op: 'and',
      operands: [
        { kind: 'in', subject: property('formSchemaId'), values: ids.map((id) => ({ kind: 'literal', type: 'guid', value: id.toLowerCase() })) },
        { kind: 'logical', op: 'or', operands: [isDeleted(true), isDeleted(false)] },
      ],
    },
    select: ['formSchemaId', 'version', 'layout'],
    expand: [{ navigation: 'form', options: { select: ['name'] } }],
    top: ODATA_LIMITS.maxTop,
  };
}

/**
 * The schemas `ids` name, read through `read` (a `FormSchema` OData read as the caller may make it) in lists of
 * `ODATA_LIMITS.maxInValues`.
 */
export async function readInstanceCsvSchemas(ids: readonly string[], read: (query: ODataQuery) => Promise<readonly ODataRow[]>): Promise<InstanceCsvSchema[]> {
  const found: InstanceCsvSchema[] = [];
  for (let i = 0; i < ids.length; i += ODATA_LIMITS.maxInValues) {
    for (const row of await read(instanceCsvSchemaQuery(ids.slice(i, i + ODATA_LIMITS.maxInValues)))) {
      const form = row.form as ODataRow | null | undefined;
      found.push({ formSchemaId: String(row.formSchemaId), version: row.version, formName: form?.name, layout: (row.layout ?? null) as FormLayout | null });
    }
  }
  return found;
}

function literalOf(name: string, value: unknown): ODataValue {
  if (name === 'status') return { kind: 'literal', type: 'number', value: Number(value) };
  if (name === 'isDeleted') return { kind: 'literal', type: 'boolean', value: Boolean(value) };
  if (name === 'createdDateTime' || name === 'lastUpdatedDateTime') {
    return { kind: 'literal', type: 'dateTime', value: new Date(value as string | Date).toISOString() };
  }
  return { kind: 'literal', type: 'guid', value: String(value).toLowerCase() };
}

/**
 * The keyset condition "after `last`" for `orderBy` (which ends with the id): `(a > a₀) or (a = a₀ and b > b₀) or …`,
 * `<` for a descending item.
 */
export function keysetAfter(orderBy: readonly ODataOrderBy[], last: ODataRow): ODataFilter {
  const names = orderBy.map(sortedProperty);
  const first = orderBy[0];
  const leading = names[0];
  const branches: ODataFilter[] = names.map((name, i) => {
    const equal: ODataFilter[] = names.slice(0, i).map((prior) => ({ kind: 'compare', op: 'eq', left: property(prior), right: literalOf(prior, last[prior]) }));
    const beyond: ODataFilter = {
      kind: 'compare',
      op: (orderBy[i] as ODataOrderBy).direction === 'desc' ? 'lt' : 'gt',
      left: property(name),
      right: literalOf(name, last[name]),
    };
    return equal.length ? { kind: 'logical', op: 'and', operands: [...equal, beyond] } : beyond;
  });
  if (branches.length === 1 || !first || leading === undefined) return branches[0] as ODataFilter;
  // `a ≤ a₀` (or `≥`) holds for every row the branches let through; said on its own it is an index range.
  const bound: ODataFilter = { kind: 'compare', op: first.direction === 'desc' ? 'le' : 'ge', left: property(leading), right: literalOf(leading, last[leading]) };
  return { kind: 'logical', op: 'and', operands: [bound, { kind: 'logical', op: 'or', operands: branches }] };
}

/** Reads one batch: the rows of `query` (an OData read as the caller may make it). */
export type InstanceBatchReader = (query: ODataQuery) => Promise<readonly ODataRow[]>;

/**
 * The schemas that the instances `query` selects (its `$filter` and `$search`) use, each once, as the caller may see
 * them (see {@link readInstanceCsvSchemas}): the header's data paths come from their layouts, each row's form name
 * and version from them too (read once, not expanded in every batch).
 */
export type InstanceSchemasReader = (query: ODataQuery) => Promise<readonly InstanceCsvSchema[]>;

/** Where an export reads from: batches of rows, and the schemas they use. */
export interface InstanceCsvSource {
  readonly rows: InstanceBatchReader;
  readonly schemas: InstanceSchemasReader;
}

async function* batches(read: InstanceBatchReader, base: ODataQuery): AsyncGenerator<readonly ODataRow[]> {
  let after: ODataRow | undefined;
  for (;;) {
    const filter: ODataFilter | undefined = after
      ? base.filter
        ? { kind: 'logical', op: 'and', operands: [base.filter, keysetAfter(base.orderBy ?? [], after)] }
        : keysetAfter(base.orderBy ?? [], after)
      : base.filter;
    const rows = await read({ ...base, ...(filter ? { filter } : {}) });
    if (rows.length) yield rows;
    if (rows.length < (base.top ?? INSTANCE_CSV_BATCH_SIZE)) return;
    after = rows[rows.length - 1];
  }
}

/**
 * The export, line by line: `query` is the caller's parsed query string (checked by {@link instanceCsvQuery}, which
 * throws a 400 `ODataError` before anything is written). The header's data paths come from the layouts of the rows'
 * schemas; then one pass writes the rows batch by batch, never holding more than one batch.
 */
export function streamInstanceCsv(source: InstanceCsvSource, query: ODataQuery, batchSize = INSTANCE_CSV_BATCH_SIZE): AsyncGenerator<string> {
  const base = instanceCsvQuery(query, batchSize);
  return (async function* lines() {
    const schemas = await source.schemas({ ...(base.filter ? { filter: base.filter } : {}), ...(base.search ? { search: base.search } : {}) });
    const columns = instanceCsvColumns(schemas.flatMap((schema) => layoutDataPaths(schema.layout)));
    const paths = columns.slice(INSTANCE_CSV_FIXED_COLUMNS.length);
    const byId = new Map(schemas.map((schema) => [schema.formSchemaId.toLowerCase(), schema]));
    const write = (rows: readonly ODataRow[]) =>
      rows.map((row) => csvLine(instanceCsvCells(row, paths, byId.get(String(row.formSchemaId).toLowerCase())))).join('');
    // The first batch is read before the header is given, so that a read the database refuses fails before any byte.
    const reads = batches(source.rows, base);
    const first = await reads.next();
    yield csvLine(columns);
    if (first.done) return;
    yield write(first.value);
    for (let next = await reads.next(); !next.done; next = await reads.next()) yield write(next.value);
  })();
}

/** The `Content-Disposition` of the export (`filename*` as RFC 5987 writes it; the name is plain ASCII). */
export const INSTANCE_CSV_DISPOSITION = `attachment; filename="${INSTANCE_CSV_FILE_NAME}"; filename*=UTF-8''${INSTANCE_CSV_FILE_NAME}`;

/**
 * The export as a byte stream whose first line (the header, from the schemas' layouts) is already read: a query the
 * reader refuses fails here, as a 400, before any byte of the answer is sent.
 */
export async function instanceCsvStream(source: InstanceCsvSource, query: ODataQuery): Promise<ReadableStream<Uint8Array>> {
  const lines = streamInstanceCsv(source, query);
  const first = await lines.next();
  const encoder = new TextEncoder();
  let pending: string | undefined = first.done ? undefined : first.value;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (pending !== undefined) {
        controller.enqueue(encoder.encode(pending));
        pending = undefined;
        return;
      }
      const next = await lines.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
}
