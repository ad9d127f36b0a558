// @vitest-environment node
/**
 * The exports of form instances opened as a person's spreadsheet would open them: the CSV parsed (RFC 4180, its
 * byte-order mark read as bytes), the XLSX read back with exceljs' reader. The rows come from the domain's export
 * (`export-table`, `instance-csv`, `export-xlsx`) over the fake's OData evaluator, as both backends read them.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { FormLayout } from '../../src/api/types';
import { instanceCsvStream, readInstanceCsvSchemas } from '../../src/domain/forms/instance-csv';
import { EXPORT_SLICE_ROWS, instanceExportTable, openInstanceExport, parseInstanceExportOptions, type InstanceExportOptions } from '../../src/domain/forms/export-table';
import { bufferedInstanceXlsx, INSTANCE_XLSX_SHEET, instanceXlsxStream, XLSX_SHEET_QUEUE_BYTES, xlsxSheetQueue } from '../../src/domain/forms/export-xlsx';
import { evaluateODataQuery, FORMS_ODATA_SCHEMA, parseODataQuery, type ODataQuery, type ODataRow } from '../../src/domain/odata';

const FORM_ID = '20000000-0000-4000-8000-000000000001';
const SCHEMA_ID = '10000000-0000-4000-8000-000000000001';

const layout: FormLayout = {
  pages: [
    {
      id: 'p',
      title: 'P',
      sections: [
        {
          id: 'who',
          title: 'Applicant',
          fields: [
            { id: 'name', path: '/name', widget: 'text', label: 'Full name' },
            { id: 'note', path: '/note', widget: 'static', label: 'Read this' },
            { id: 'born', path: '/born', widget: 'date', label: 'Date of birth' },
            { id: 'at', path: '/at', widget: 'datetime', label: 'Appointment' },
            { id: 'age', path: '/age', widget: 'integer', label: 'Age' },
            {
              id: 'lang',
              path: '/lang',
              widget: 'select',
              label: 'Language',
              options: [
                { value: 'sql', label: 'SQL' },
                { value: 'ts', label: 'TypeScript' },
              ],
            },
            { id: 'ok', path: '/ok', widget: 'checkbox', label: 'Agreed' },
          ],
        },
        {
          id: 'jobs',
          title: 'Jobs',
          repeatable: { path: '/jobs' },
          fields: [{ id: 'employer', path: '/employer', widget: 'text', label: 'Employer' }],
          sections: [{ id: 'dates', title: 'Dates', fields: [{ id: 'from', path: '/from', widget: 'date', label: 'From' }] }],
        },
      ],
    },
  ],
};

const instance = (n: number, data: Record<string, unknown>): ODataRow => ({
  formInstanceId: `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`,
  formSchemaId: SCHEMA_ID,
  formId: FORM_ID,
  data,
  status: 2,
  envelopeId: null,
  envelopeStatus: null,
  isDeleted: false,
  createdDateTime: new Date(Date.UTC(2026, 0, n, 9, 30)),
  lastUpdatedDateTime: new Date(Date.UTC(2026, 0, n, 10, 0)),
});

const rows: ODataRow[] = [
  instance(1, {
    name: 'Zoë Ångström',
    born: '1990-05-06',
    at: '2026-12-03T14:30:00-05:00',
    age: 36,
    lang: 'sql',
    ok: true,
    jobs: [
      { employer: '=HYPERLINK("http://x")', from: '2010-01-02' },
      { employer: 'Looms, "North"', from: '2015-03-04' },
    ],
  }),
  instance(2, { name: '+cmd', age: 7, lang: 'gone' }),
];

function source(data: readonly ODataRow[], formLayout: FormLayout = layout) {
  const sets = (type: string) =>
    type === 'Form'
      ? [{ formId: FORM_ID, name: 'Loan', isDeleted: false }]
      : type === 'FormSchema'
        ? [{ formSchemaId: SCHEMA_ID, formId: FORM_ID, version: 2, layout: formLayout, isDeleted: false }]
        : data;
  const read = async (type: string, query: ODataQuery) => evaluateODataQuery(FORMS_ODATA_SCHEMA, type, query, { rows: sets }).value;
  return {
    rows: (query: ODataQuery) => read('FormInstance', query),
    schemas: () => readInstanceCsvSchemas([SCHEMA_ID], (query) => read('FormSchema', query)),
  };
}

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** RFC 4180: quoted cells may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      out.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell || row.length) out.push([...row, cell]);
  return out;
}

async function csvOf(options: InstanceExportOptions, data = rows, formLayout = layout) {
  const bytes = await bytesOf(await instanceCsvStream(source(data, formLayout), parseODataQuery('$orderby=createdDateTime'), options));
  return { bytes, table: parseCsv(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1)) };
}

async function xlsxOf(options: InstanceExportOptions, data = rows, formLayout = layout) {
  const bytes = await bytesOf(await instanceXlsxStream(source(data, formLayout), parseODataQuery('$orderby=createdDateTime'), options));
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes.buffer as ArrayBuffer);
  const sheet = workbook.getWorksheet(INSTANCE_XLSX_SHEET);
  if (!sheet) throw new Error('no sheet');
  return sheet;
}

describe('the CSV export, parsed', () => {
  it('starts with the byte-order mark, is headed by the labels (the paths in a second row when asked), and keeps "Zoë" intact', async () => {
    const { bytes, table } = await csvOf({ repeat: 'rows', pathRow: true });
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(table[0]).toEqual([
      'id',
      'form',
      'schema version',
      'status',
      'created',
      'updated',
      'item',
      'Full name',
      'Date of birth',
      'Appointment',
      'Age',
      'Language',
      'Agreed',
      'Jobs: Employer',
      'Jobs: From',
    ]);
    expect(table[1]?.slice(6)).toEqual(['item', '/name', '/born', '/at', '/age', '/lang', '/ok', '/jobs/*/employer', '/jobs/*/from']);
    // One row per item, the instance's own answers on each; the choice by its label; the formula guarded.
    expect(table.slice(2).map((row) => row.slice(6))).toEqual([
      ['1', 'Zoë Ångström', '1990-05-06', '2026-12-03 14:30 (UTC-05:00)', '36', 'SQL', 'true', `'=HYPERLINK("http://x")`, '2010-01-02'],
      ['2', 'Zoë Ångström', '1990-05-06', '2026-12-03 14:30 (UTC-05:00)', '36', 'SQL', 'true', 'Looms, "North"', '2015-03-04'],
      ['', "'+cmd", '', '', '7', 'gone', '', '', ''],
    ]);
    expect(table[2]?.slice(1, 6)).toEqual(['Loan', '2', 'Submitted', '2026-01-01T09:30:00.000Z', '2026-01-01T10:00:00.000Z']);
    expect(table).toHaveLength(5);
  });

  it('lays repeatable sections out one column per item when asked, as many as the most items any instance has', async () => {
    const { table } = await csvOf({ repeat: 'columns', pathRow: false });
    expect(table[0]?.slice(6)).toEqual(['Full name', 'Date of birth', 'Appointment', 'Age', 'Language', 'Agreed', 'Jobs 1: Employer', 'Jobs 1: From', 'Jobs 2: Employer', 'Jobs 2: From']);
    expect(table.slice(1).map((row) => row.slice(12))).toEqual([
      [`'=HYPERLINK("http://x")`, '2010-01-02', 'Looms, "North"', '2015-03-04'],
      ['', '', '', ''],
    ]);
    expect(table).toHaveLength(3);
  });
});

describe('the XLSX export, read back with exceljs', () => {
  it('has typed cells: labels in the header, a date as a date, a number as a number, "Zoë" intact, formulas never', async () => {
    const sheet = await xlsxOf({ repeat: 'rows', pathRow: false });
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(6)).toEqual(['item', 'Full name', 'Date of birth', 'Appointment', 'Age', 'Language', 'Agreed', 'Jobs: Employer', 'Jobs: From']);
    const cell = (row: number, label: string) => sheet.getRow(row).getCell(header.indexOf(label) + 1);
    expect(cell(2, 'Full name').value).toBe('Zoë Ångström');
    expect(cell(2, 'Date of birth').type).toBe(ExcelJS.ValueType.Date);
    expect(cell(2, 'Date of birth').value).toEqual(new Date(Date.UTC(1990, 4, 6)));
    expect(cell(2, 'Date of birth').numFmt).toBe('yyyy-mm-dd');
    // The wall-clock time the person gave (14:30 at UTC-05:00), as a date-time cell.
    expect(cell(2, 'Appointment').type).toBe(ExcelJS.ValueType.Date);
    expect(cell(2, 'Appointment').value).toEqual(new Date(Date.UTC(2026, 11, 3, 14, 30)));
    expect(cell(2, 'created').type).toBe(ExcelJS.ValueType.Date);
    expect(cell(2, 'Age').type).toBe(ExcelJS.ValueType.Number);
    expect(cell(2, 'Age').value).toBe(36);
    expect(cell(2, 'schema version').value).toBe(2);
    expect(cell(2, 'Agreed').type).toBe(ExcelJS.ValueType.Boolean);
    expect(cell(2, 'Language').value).toBe('SQL');
    // A text that starts like a formula is a text cell, never a formula.
    expect(cell(2, 'Jobs: Employer').type).toBe(ExcelJS.ValueType.String);
    expect(cell(2, 'Jobs: Employer').value).toBe('=HYPERLINK("http://x")');
    expect(cell(3, 'Jobs: Employer').value).toBe('Looms, "North"');
    expect(cell(3, 'item').value).toBe(2);
    expect(cell(4, 'Full name').value).toBe('+cmd');
    expect(cell(4, 'Language').value).toBe('gone');
    expect(sheet.rowCount).toBe(4);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  });

  it('lays repeatable sections out one column per item when asked, with the path row', async () => {
    const sheet = await xlsxOf({ repeat: 'columns', pathRow: true });
    expect((sheet.getRow(1).values as unknown[]).slice(13)).toEqual(['Jobs 1: Employer', 'Jobs 1: From', 'Jobs 2: Employer', 'Jobs 2: From']);
    expect((sheet.getRow(2).values as unknown[]).slice(13)).toEqual(['/jobs/0/employer', '/jobs/0/from', '/jobs/1/employer', '/jobs/1/from']);
    expect(sheet.getRow(3).getCell(15).value).toBe('Looms, "North"');
    expect(sheet.getRow(3).getCell(16).value).toEqual(new Date(Date.UTC(2015, 2, 4)));
    expect(sheet.rowCount).toBe(4);
  });

  it('writes the same workbook whole where Node\'s streams are not (the fake in a browser)', async () => {
    const query = parseODataQuery('$orderby=createdDateTime');
    const options: InstanceExportOptions = { repeat: 'rows', pathRow: true };
    const read = async (stream: ReadableStream<Uint8Array>) => {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load((await bytesOf(stream)).buffer as ArrayBuffer);
      const sheet = workbook.getWorksheet(INSTANCE_XLSX_SHEET);
      const rows: unknown[][] = [];
      sheet?.eachRow((row) => rows.push((row.values as unknown[]).map((value, i) => [row.getCell(i).type, value instanceof Date ? value.toISOString() : value])));
      return rows;
    };
    const whole = await read(await bufferedInstanceXlsx(await openInstanceExport(source(rows), query, options)));
    expect(whole).toHaveLength(5);
    expect(whole).toEqual(await read(await instanceXlsxStream(source(rows), query, options)));
  });

  it("asks the source for the item counts where it can (one aggregate), instead of a first pass over the rows", async () => {
    const base = source(rows);
    let reads = 0;
    const asked: unknown[] = [];
    const counted = {
      ...base,
      rows: (query: ODataQuery) => (reads++, base.rows(query)),
      itemCounts: async (_query: ODataQuery, paths: readonly string[]) => (asked.push(paths), new Map([['/jobs', 3]])),
    };
    const stream = await instanceCsvStream(counted, parseODataQuery('$orderby=createdDateTime'), { repeat: 'columns', pathRow: false });
    const header = parseCsv(new TextDecoder().decode(await bytesOf(stream)))[0];
    expect(asked).toEqual([['/jobs']]);
    expect(header?.slice(-2)).toEqual(['Jobs 3: Employer', 'Jobs 3: From']);
    // One pass: the two rows in one batch (no first pass to count the items).
    expect(reads).toBe(1);
  });

  it('writes many rows in slices, every row once', async () => {
    const many = Array.from({ length: EXPORT_SLICE_ROWS * 3 + 7 }, (_, i) => instance(i + 1, { name: `n${i}`, age: i }));
    const sheet = await xlsxOf({ repeat: 'rows', pathRow: false }, many);
    expect(sheet.rowCount).toBe(many.length + 1);
    const age = (sheet.getRow(1).values as unknown[]).indexOf('Age');
    expect(sheet.getRow(many.length + 1).getCell(age).value).toBe(many.length - 1);
    expect(sheet.getRow(2).getCell(age).value).toBe(0);
  });
});

describe("the XLSX export's memory", () => {
  it("never lets more than a bound of the sheet's XML wait for the zip's compressor, however many rows", async () => {
    // exceljs writes the sheet's XML to the zip without heeding its backpressure: the export waits for it instead.
    const sheets: unknown[] = [];
    const proto = ExcelJS.stream.xlsx.WorkbookWriter.prototype as unknown as { addWorksheet: (...args: unknown[]) => unknown };
    const addWorksheet = proto.addWorksheet;
    proto.addWorksheet = function (this: unknown, ...args: unknown[]) {
      const sheet = addWorksheet.apply(this, args);
      sheets.push(sheet);
      return sheet;
    };
    try {
      // Texts that do not compress well, some 6 MB of XML: written unpaced, much of it would wait for the compressor.
      let seed = 7;
      const noise = (length: number) =>
        Array.from({ length }, () => {
          // xorshift32
          seed ^= seed << 13;
          seed ^= seed >>> 17;
          seed ^= seed << 5;
          return String.fromCharCode(33 + ((seed >>> 0) % 90));
        }).join('');
      const many = Array.from({ length: 3_000 }, (_, i) => instance(i + 1, { name: noise(2_000), age: i }));
      const stream = await instanceXlsxStream(source(many), parseODataQuery('$orderby=createdDateTime'), { repeat: 'rows', pathRow: false });
      const queue = xlsxSheetQueue(sheets[0]);
      expect(queue).not.toBeNull();
      const queued = () => (queue as unknown as { writableLength?: number; _writableState: { length: number } })._writableState.length;
      let most = 0;
      const sampler = setInterval(() => (most = Math.max(most, queued())), 1);
      // Each wait removes its listeners: none pile up on a stream that never emitted (Node warns past 10).
      const warnings: string[] = [];
      const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
      process.on('warning', onWarning);
      let bytes = 0;
      try {
        const reader = stream.getReader();
        for (let next = await reader.read(); !next.done; next = await reader.read()) {
          most = Math.max(most, queued());
          bytes += next.value.byteLength;
        }
        await new Promise((resolve) => setImmediate(resolve));
      } finally {
        clearInterval(sampler);
        process.off('warning', onWarning);
      }
      expect(warnings.filter((w) => w.startsWith('MaxListenersExceededWarning'))).toEqual([]);
      expect(bytes).toBeGreaterThan(3_000_000);
      // At most the bound plus one slice of rows (100 rows of some 2.5 kB of XML each) and the writer's 64 KiB batch.
      expect(most).toBeLessThanOrEqual(XLSX_SHEET_QUEUE_BYTES + 400_000);
    } finally {
      proto.addWorksheet = addWorksheet;
    }
  }, 60_000);
});

describe('export options', () => {
  it('are read from the query string, refusing unknown values', () => {
    expect(parseInstanceExportOptions(new URLSearchParams(''))).toEqual({ repeat: 'columns', pathRow: false });
    expect(parseInstanceExportOptions(new URLSearchParams('repeat=rows&pathRow=true'))).toEqual({ repeat: 'rows', pathRow: true });
    expect(() => parseInstanceExportOptions(new URLSearchParams('repeat=sheets'))).toThrow(/'rows' or 'columns'/);
    expect(() => parseInstanceExportOptions(new URLSearchParams('pathRow=yes'))).toThrow(/'true' or 'false'/);
  });

  it('give the same columns from a table built without rows (the header comes from the layouts)', () => {
    const table = instanceExportTable([{ formSchemaId: SCHEMA_ID, version: 2, formName: 'Loan', layout }], { repeat: 'columns', pathRow: false }, new Map([['/jobs', 1]]));
    expect(table.columns.slice(6).map((c) => c.path)).toEqual(['/name', '/born', '/at', '/age', '/lang', '/ok', '/jobs/0/employer', '/jobs/0/from']);
  });
});

describe('a matrix question in the exports', () => {
  const columns = [
    { value: 'poor', label: 'Poor' },
    { value: 'good', label: 'Good' },
  ];
  const grid: FormLayout = {
    pages: [
      {
        id: 'p',
        title: 'P',
        sections: [
          {
            id: 's',
            title: 'Stay',
            fields: [
              { id: 'name', path: '/name', widget: 'text', label: 'Full name' },
              {
                id: 'stay',
                path: '/stay',
                widget: 'matrix',
                label: 'Rate the stay',
                rows: [
                  { value: 'room', label: 'Room' },
                  { value: 'food/drink', label: 'Food' },
                ],
                options: columns,
              },
            ],
          },
        ],
      },
    ],
  };
  const answered = [instance(1, { name: 'Ada', stay: { room: 'good', 'food/drink': 'poor' } }), instance(2, { name: 'Bo', stay: { room: 'gone' } })];

  it('is one column per row, headed "Question — Row", each cell the chosen column\'s label (CSV and XLSX)', async () => {
    const { table } = await csvOf({ repeat: 'columns', pathRow: true }, answered, grid);
    expect(table[0]?.slice(6)).toEqual(['Full name', 'Rate the stay — Room', 'Rate the stay — Food']);
    expect(table[1]?.slice(6)).toEqual(['/name', '/stay/room', '/stay/food~1drink']);
    expect(table.slice(2).map((row) => row.slice(6))).toEqual([
      ['Ada', 'Good', 'Poor'],
      // A value no column has is written as stored; a row left unanswered is empty.
      ['Bo', 'gone', ''],
    ]);
    const sheet = await xlsxOf({ repeat: 'columns', pathRow: false }, answered, grid);
    expect((sheet.getRow(1).values as unknown[]).slice(7)).toEqual(['Full name', 'Rate the stay — Room', 'Rate the stay — Food']);
    expect((sheet.getRow(2).values as unknown[]).slice(7)).toEqual(['Ada', 'Good', 'Poor']);
  });
});

describe('a file upload question in the exports', () => {
  const layout: FormLayout = {
    pages: [{ id: 'p', title: 'P', sections: [{ id: 's', title: 'S', fields: [{ id: 'papers', path: '/papers', widget: 'file', label: 'Payslips' }] }] }],
  };
  const papers = [
    { fileId: 'a', name: 'payslip.pdf', size: 183_422, type: 'application/pdf' },
    { fileId: 'b', name: 'id.png', size: 1_258_291, type: 'image/png' },
  ];

  it("is one column, each cell the files' names and sizes, never the bytes (CSV and XLSX)", async () => {
    const answered = [instance(1, { papers }), instance(2, {})];
    const { table } = await csvOf({ repeat: 'columns', pathRow: false }, answered, layout);
    expect(table[0]?.slice(6)).toEqual(['Payslips']);
    expect(table.slice(1).map((row) => row.slice(6))).toEqual([['payslip.pdf (179 KB); id.png (1.2 MB)'], ['']]);
    const sheet = await xlsxOf({ repeat: 'columns', pathRow: false }, answered, layout);
    expect((sheet.getRow(2).values as unknown[]).slice(7)).toEqual(['payslip.pdf (179 KB); id.png (1.2 MB)']);
  });
});
