/**
 * The CSV export of form instances (`GET /api/Forms/ExportInstancesCsv`). Which rows, in which order and batches, are
 * `export-source.ts`'s rules; which columns and cells, `export-table.ts`'s (the same as the XLSX export's); this
 * module only writes them as CSV:
 *
 * - UTF-8 with a byte-order mark first (EF BB BF), so that a spreadsheet opening the file reads "Zoë" as written.
 * - The header rows (the labels; the data paths too when asked for), then the rows, CRLF-terminated (RFC 4180).
 * - A cell: a text as written, a number as written (no grouping, `.` as the decimal mark: the file stays
 *   machine-readable), a boolean as `true` / `false`, a date as `YYYY-MM-DD`, an answer's date-time as the person
 *   gave it with its offset (`2026-12-03 14:30 (UTC-05:00)`), the created and updated times as ISO instants.
 * - RFC 4180 quoting (a cell holding a comma, a quote or a line break is quoted, quotes doubled), and a spreadsheet
 *   formula guard: a text starting with `=`, `+`, `-`, `@`, a tab or a carriage return is prefixed with `'`, so that
 *   opening the file never runs an answer a visitor typed (or an option label, or a field label) as a formula.
 */
import type { FormLayout } from '../../contract/types';
import { layoutSectionEntries } from '../../engine/layout-walk';
import type { ODataQuery } from '../odata/ast';
import { INSTANCE_CSV_BATCH_SIZE, type InstanceCsvSource } from './export-source';
import { DEFAULT_INSTANCE_EXPORT_OPTIONS, isExportDate, openInstanceExport, sortedKeys, type InstanceExportOptions } from './export-table';

export {
  INSTANCE_CSV_BATCH_SIZE,
  INSTANCE_CSV_SORTABLE,
  instanceCsvQuery,
  instanceCsvSchemaQuery,
  keysetAfter,
  readInstanceCsvSchemas,
  type InstanceBatchReader,
  type InstanceCsvSchema,
  type InstanceCsvSource,
  type InstanceSchemasReader,
} from './export-source';
export { answerCell, INSTANCE_CSV_FIXED_COLUMNS, statusName } from './export-table';

/** The `Content-Type` of the export. */
export const INSTANCE_CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** The file name the export is offered under. */
export const INSTANCE_CSV_FILE_NAME = 'form-instances.csv';

/** The byte-order mark the file starts with (U+FEFF, EF BB BF in UTF-8). */
export const CSV_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: text as written (lists and objects as JSON, keys sorted), with the formula guard and RFC 4180 quoting. */
export function csvCell(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (value instanceof Date) text = value.toISOString();
  else if (isExportDate(value)) text = value.text;
  else if (typeof value === 'string') text = FORMULA_START.test(value) ? `'${value}` : value;
  else if (typeof value === 'number' || typeof value === 'boolean') text = String(value);
  else text = JSON.stringify(value, sortedKeys);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line (CRLF-terminated, as RFC 4180 says). */
export function csvLine(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/**
 * The data paths a layout asks for: each field's path, and a repeatable section's list path once (its fields are
 * inside each item). Sections inside sections add their fields' paths the same way, except inside a repeatable
 * section: their fields are part of its items.
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

/**
 * The export, chunk by chunk: the byte-order mark and the header rows first, then the rows a slice at a time (the
 * event loop runs between slices). `query` is the caller's parsed query string: a query the rules or the reader
 * refuse throws (a 400 `ODataError`) before the first chunk.
 */
export function streamInstanceCsv(
  source: InstanceCsvSource,
  query: ODataQuery,
  options: InstanceExportOptions = DEFAULT_INSTANCE_EXPORT_OPTIONS,
  batchSize = INSTANCE_CSV_BATCH_SIZE,
): AsyncGenerator<string> {
  return (async function* lines() {
    const { table, slices } = await openInstanceExport(source, query, options, batchSize);
    yield CSV_BOM + table.header.map(csvLine).join('');
    for await (const rows of slices) yield rows.map(csvLine).join('');
  })();
}

/** The `Content-Disposition` of the export (`filename*` as RFC 5987 writes it; the name is plain ASCII). */
export const INSTANCE_CSV_DISPOSITION = `attachment; filename="${INSTANCE_CSV_FILE_NAME}"; filename*=UTF-8''${INSTANCE_CSV_FILE_NAME}`;

/**
 * The export as a byte stream whose first chunk (the header) is already made: a query the reader refuses fails here,
 * as a 400, before any byte of the answer is sent.
 */
export async function instanceCsvStream(
  source: InstanceCsvSource,
  query: ODataQuery,
  options: InstanceExportOptions = DEFAULT_INSTANCE_EXPORT_OPTIONS,
): Promise<ReadableStream<Uint8Array>> {
  const lines = streamInstanceCsv(source, query, options);
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
