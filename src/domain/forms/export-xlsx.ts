/**
 * The XLSX export of form instances (`GET /api/Forms/ExportInstancesXlsx`): the same rows, columns and cells as the
 * CSV export (`export-table.ts`), written as a spreadsheet by exceljs' streaming `WorkbookWriter`, row by row, so the
 * file is never held whole, where Node's streams are (the reference server, and the test fake under Node); where they
 * are not (the fake in a browser) the same workbook is written whole. exceljs and `node:stream` are imported only when
 * an XLSX export is asked for, so no browser bundle of the library's screens carries them.
 *
 * - One sheet, "Form instances"; the header rows (labels, and the data paths when asked for) bold and frozen.
 * - Typed cells: a number is a number cell, a boolean a boolean cell, a date a date cell shown `yyyy-mm-dd`, a
 *   date-time a date cell shown `yyyy-mm-dd hh:mm:ss` (an answer's wall-clock time as the person gave it; the created
 *   and updated times in UTC), any other value a text cell. A text is never written as a formula: an answer starting
 *   with `=` stays the text it is (an XLSX cell is a formula only when written as one), so the CSV's `'` guard is not
 *   needed and not added. A text longer than a spreadsheet cell holds (32,767 characters) is cut there.
 * - Backpressure: rows are added a slice at a time (the event loop runs between slices) and the next slice waits while
 *   either end holds more than it should: the reader has not taken what was written, or the sheet's XML waits for the
 *   zip's compressor beyond {@link XLSX_SHEET_QUEUE_BYTES}. exceljs hands the sheet's XML to the zip without heeding
 *   the zip's backpressure, so without the second wait the XML written faster than it is compressed queues up in
 *   memory: some 10 MB of it at 100,000 rows, growing with the rows (bench/forms/export.ts).
 */
import type * as Excel from 'exceljs';
import type { PassThrough as PassThroughClass, Readable as ReadableClass } from 'node:stream';
import { DomainError } from '../errors';
import type { ODataQuery } from '../odata/ast';
import type { InstanceCsvSource } from './export-source';
import { DEFAULT_INSTANCE_EXPORT_OPTIONS, isExportDate, openInstanceExport, type ExportCell, type InstanceExportOptions, type OpenedInstanceExport } from './export-table';

/** The `Content-Type` of the export. */
export const INSTANCE_XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The file name the export is offered under. */
export const INSTANCE_XLSX_FILE_NAME = 'form-instances.xlsx';

/** The `Content-Disposition` of the export. */
export const INSTANCE_XLSX_DISPOSITION = `attachment; filename="${INSTANCE_XLSX_FILE_NAME}"; filename*=UTF-8''${INSTANCE_XLSX_FILE_NAME}`;

/** The sheet's name. */
export const INSTANCE_XLSX_SHEET = 'Form instances';

/** The most characters a spreadsheet cell holds. */
export const XLSX_CELL_MAX_CHARS = 32_767;

/** The number formats of date cells. */
export const XLSX_DATE_FORMAT = { date: 'yyyy-mm-dd', dateTime: 'yyyy-mm-dd hh:mm:ss' } as const;

type CellValue = null | string | number | boolean | Date;

function cellValue(cell: ExportCell): CellValue {
  if (isExportDate(cell)) return cell.date;
  if (typeof cell === 'string' && cell.length > XLSX_CELL_MAX_CHARS) return cell.slice(0, XLSX_CELL_MAX_CHARS);
  return cell;
}

type ExcelModule = typeof Excel;

/** What the XLSX export answers where exceljs (an optional peer of the package) is not installed. */
export const XLSX_EXCELJS_MISSING_MESSAGE = 'The XLSX export needs exceljs, which is not installed: npm install exceljs.';

async function loadExcel(): Promise<ExcelModule> {
  let excel: typeof Excel & { default?: ExcelModule };
  try {
    excel = await import('exceljs');
  } catch {
    throw new DomainError(500, XLSX_EXCELJS_MISSING_MESSAGE);
  }
  // A CommonJS module: its exports are `default` under Node's ESM loader, the namespace itself under some bundlers.
  return (excel.default as ExcelModule | undefined) ?? excel;
}

/** Node's stream classes, or null where there are none (a browser build stands an empty module in for them). */
async function nodeStreams(): Promise<{ PassThrough: typeof PassThroughClass; Readable: typeof ReadableClass } | null> {
  try {
    const { PassThrough, Readable } = await import('node:stream');
    return typeof PassThrough === 'function' && typeof Readable?.toWeb === 'function' ? { PassThrough, Readable } : null;
  } catch {
    return null;
  }
}

/**
 * The most bytes of the sheet's XML that may wait for the zip's compressor before the next slice of rows waits for it
 * (a slice of 100 instances is some 60 kB of XML).
 */
export const XLSX_SHEET_QUEUE_BYTES = 512 * 1024;

/** What of a stream the wait for the compressor reads: how much it holds, and its events. */
interface QueuedStream {
  writableLength?: number;
  _writableState?: { length?: number };
  once(event: string, listener: () => void): unknown;
  off(event: string, listener: () => void): unknown;
}

/**
 * The stream the streaming writer's sheet XML is written into on its way to the zip's compressor: exceljs' sheet
 * stream (a `StreamBuf`) writes to the streams it is piped to without heeding their backpressure, so what they hold is
 * the XML waiting to be compressed. Null where the writer is not shaped so (another exceljs version): then only the
 * reader's end is waited for.
 */
export function xlsxSheetQueue(sheet: unknown): QueuedStream | null {
  const stream = (sheet as { stream?: { pipes?: unknown } } | null)?.stream;
  const pipe = Array.isArray(stream?.pipes) ? (stream.pipes[0] as QueuedStream | undefined) : undefined;
  return pipe && typeof pipe.once === 'function' && typeof queuedBytes(pipe) === 'number' ? pipe : null;
}

function queuedBytes(stream: QueuedStream): number | undefined {
  return stream.writableLength ?? stream._writableState?.length;
}

/**
 * Resolves when one of the streams emits one of its events; every listener added is removed then, so waits repeated
 * for each slice of rows leave none behind on a stream that never emitted.
 */
function once(...waits: readonly (readonly [QueuedStream, readonly string[]])[]): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      for (const [stream, events] of waits) for (const event of events) stream.off(event, done);
      resolve();
    };
    for (const [stream, events] of waits) for (const event of events) stream.once(event, done);
  });
}

/** A sheet's rows as exceljs takes them (the streaming writer's and the whole workbook's sheets alike). */
interface SheetRows {
  addRow(values: CellValue[]): { font: unknown; getCell(column: number): { numFmt: string }; commit(): void };
}

/** The header rows, bold. */
function writeHeader(sheet: SheetRows, header: readonly (readonly string[])[]): void {
  for (const labels of header) {
    const row = sheet.addRow([...labels]);
    row.font = { bold: true };
    row.commit();
  }
}

/** One slice of rows, each cell typed (a date cell with its number format). */
function writeRows(sheet: SheetRows, rows: readonly ExportCell[][]): void {
  for (const cells of rows) {
    const row = sheet.addRow(cells.map(cellValue));
    cells.forEach((cell, i) => {
      if (isExportDate(cell)) row.getCell(i + 1).numFmt = XLSX_DATE_FORMAT[cell.kind];
    });
    row.commit();
  }
}

/**
 * The workbook written whole, for where Node's streams are not (the test fake in a browser, e.g. in Storybook): the
 * same sheet, rows and cells as {@link instanceXlsxStream}, held in memory until written, then given as one chunk.
 */
export async function bufferedInstanceXlsx(opened: OpenedInstanceExport): Promise<ReadableStream<Uint8Array>> {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(INSTANCE_XLSX_SHEET, { views: [{ state: 'frozen', ySplit: opened.table.header.length }] });
  writeHeader(sheet as unknown as SheetRows, opened.table.header);
  for await (const rows of opened.slices) writeRows(sheet as unknown as SheetRows, rows);
  const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

/**
 * The export as a byte stream: the query is checked, the schemas and the first batch of rows read before it is
 * returned (a refused query fails here, as a 400, before any byte); the workbook is then written as the reader takes
 * it. Where Node's streams are not, the workbook is written whole ({@link bufferedInstanceXlsx}).
 */
export async function instanceXlsxStream(
  source: InstanceCsvSource,
  query: ODataQuery,
  options: InstanceExportOptions = DEFAULT_INSTANCE_EXPORT_OPTIONS,
): Promise<ReadableStream<Uint8Array>> {
  const opened = await openInstanceExport(source, query, options);
  const { table, slices } = opened;
  const [ExcelJS, streams] = await Promise.all([loadExcel(), nodeStreams()]);
  if (!streams) return bufferedInstanceXlsx(opened);
  const { PassThrough, Readable } = streams;
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(INSTANCE_XLSX_SHEET, { views: [{ state: 'frozen', ySplit: table.header.length }] });
  const write = async () => {
    writeHeader(sheet as unknown as SheetRows, table.header);
    // Opened by the header's write: the sheet's entry in the zip.
    const queue = xlsxSheetQueue(sheet);
    for await (const rows of slices) {
      // The reader went away (a cancelled download): no more rows are read.
      if (out.destroyed) return;
      writeRows(sheet as unknown as SheetRows, rows);
      // The compressor has not taken the XML written yet: wait for it (it drains when it has taken all it holds).
      if (queue && (queuedBytes(queue) ?? 0) > XLSX_SHEET_QUEUE_BYTES) await once([queue, ['drain', 'close', 'error']], [out, ['close']]);
      // The reader has not taken what was written yet: wait for it rather than hold the rows.
      if (out.writableNeedDrain && !out.destroyed) await once([out, ['drain', 'close']]);
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => {
    void slices.return(undefined);
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return Readable.toWeb(out) as unknown as ReadableStream<Uint8Array>;
}
