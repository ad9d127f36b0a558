/**
 * The XLSX export of form instances (`GET /api/Forms/ExportInstancesXlsx`): the same rows, columns and cells as the
 * CSV export (`export-table.ts`), written as a spreadsheet by exceljs' streaming `WorkbookWriter`, row by row, so the
 * file is never held whole. Runs where Node's streams are (the reference server, and the test fake under Node): exceljs
 * and `node:stream` are imported only when an XLSX export is asked for, so no browser bundle of the library carries
 * them.
 *
 * - One sheet, "Form instances"; the header rows (labels, and the data paths when asked for) bold and frozen.
 * - Typed cells: a number is a number cell, a boolean a boolean cell, a date a date cell shown `yyyy-mm-dd`, a
 *   date-time a date cell shown `yyyy-mm-dd hh:mm:ss` (an answer's wall-clock time as the person gave it; the created
 *   and updated times in UTC), any other value a text cell. A text is never written as a formula: an answer starting
 *   with `=` stays the text it is (an XLSX cell is a formula only when written as one), so the CSV's `'` guard is not
 *   needed and not added. A text longer than a spreadsheet cell holds (32,767 characters) is cut there.
 * - Backpressure: rows are added a slice at a time (the event loop runs between slices) and, while the reader has not
 *   taken what was written, the next slice waits.
 */
import type { ODataQuery } from '../odata/ast';
import type { InstanceCsvSource } from './export-source';
import { DEFAULT_INSTANCE_EXPORT_OPTIONS, isExportDate, openInstanceExport, type ExportCell, type InstanceExportOptions } from './export-table';

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

/**
 * The export as a byte stream: the query is checked, the schemas and the first batch of rows read before it is
 * returned (a refused query fails here, as a 400, before any byte); the workbook is then written as the reader takes
 * it.
 */
export async function instanceXlsxStream(
  source: InstanceCsvSource,
  query: ODataQuery,
  options: InstanceExportOptions = DEFAULT_INSTANCE_EXPORT_OPTIONS,
): Promise<ReadableStream<Uint8Array>> {
  const { table, slices } = await openInstanceExport(source, query, options);
  const [excel, { PassThrough, Readable }] = await Promise.all([import('exceljs'), import('node:stream')]);
  // A CommonJS module: its exports are `default` under Node's ESM loader, the namespace itself under some bundlers.
  const ExcelJS = (excel.default as typeof excel.default | undefined) ?? excel;
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(INSTANCE_XLSX_SHEET, { views: [{ state: 'frozen', ySplit: table.header.length }] });
  // Resolves when the reader has taken what was written, or has gone (the stream closed).
  const drained = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        out.off('drain', done);
        out.off('close', done);
        resolve();
      };
      out.on('drain', done);
      out.on('close', done);
    });
  const write = async () => {
    for (const labels of table.header) {
      const row = sheet.addRow([...labels]);
      row.font = { bold: true };
      row.commit();
    }
    for await (const rows of slices) {
      // The reader went away (a cancelled download): no more rows are read.
      if (out.destroyed) return;
      for (const cells of rows) {
        const row = sheet.addRow(cells.map(cellValue));
        cells.forEach((cell, i) => {
          if (isExportDate(cell)) row.getCell(i + 1).numFmt = XLSX_DATE_FORMAT[cell.kind];
        });
        row.commit();
      }
      // The reader has not taken what was written yet: wait for it rather than hold the rows.
      if (out.writableNeedDrain) await drained();
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
