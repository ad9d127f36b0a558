// @vitest-environment node
/** The CSV export's rules (src/domain/forms/instance-csv.ts): cells, columns, and keyset batches over the fake's evaluator. */
import { describe, expect, it } from 'vitest';
import {
  csvCell,
  csvLine,
  INSTANCE_CSV_FIXED_COLUMNS,
  instanceCsvQuery,
  keysetAfter,
  layoutDataPaths,
  readInstanceCsvSchemas,
  streamInstanceCsv,
} from '../../src/domain/forms/instance-csv';
import type { FormLayout } from '../../src/api/types';
import { exportCell, instanceExportTable, type InstanceExportOptions } from '../../src/domain/forms/export-table';
import { evaluateODataQuery, FORMS_ODATA_SCHEMA, parseODataQuery, type ODataQuery, type ODataRow } from '../../src/domain/odata';

describe('csvCell', () => {
  it('guards formulas with a quote and quotes what must be quoted', () => {
    expect(csvCell('=SUM(A1:A9)')).toBe("'=SUM(A1:A9)");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=a,"b"')).toBe('"\'=a,""b"""');
    expect(csvCell('plain')).toBe('plain');
  });
  it('writes numbers, booleans, dates and nothing as they are (a negative number is a number, not a formula)', () => {
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(null)).toBe('');
    expect(csvCell(new Date('2026-01-02T03:04:05.000Z'))).toBe('2026-01-02T03:04:05.000Z');
    expect(csvLine(['a', 1, null])).toBe('a,1,\r\n');
  });
});

const field = (path: string) => ({ id: path, path, widget: 'text', label: path });
const layoutOf = (...paths: string[]): FormLayout => ({ pages: [{ id: 'p', title: 'P', sections: [{ id: 's', title: 'S', fields: paths.map(field) }] }] });

describe('layoutDataPaths', () => {
  it("gives each field's data path, and a repeatable section's list path once", () => {
    const layout: FormLayout = {
      pages: [
        { id: 'p1', title: 'P1', sections: [{ id: 's1', title: 'S1', fields: [field('/a/b'), field('/a/c~1d')] }] },
        { id: 'p2', title: 'P2', sections: [{ id: 's2', title: 'S2', repeatable: { path: '/items' }, fields: [field('/n'), field('/m')] }] },
      ],
    };
    expect(layoutDataPaths(layout)).toEqual(['/a/b', '/a/c~1d', '/items']);
    expect(layoutDataPaths(null)).toEqual([]);
  });
});

describe('instanceCsvQuery', () => {
  it('refuses options that would not export the whole filtered set, and sorts it totally', () => {
    for (const text of ['$top=5', '$skip=1', '$select=status', '$expand=form', '$count=true', '$orderby=data/name']) {
      expect(() => instanceCsvQuery(parseODataQuery(text)), text).toThrow();
    }
    expect(instanceCsvQuery(parseODataQuery('$orderby=status desc')).orderBy?.map((o) => [o.value, o.direction])).toEqual([
      [{ kind: 'property', path: ['status'] }, 'desc'],
      [{ kind: 'property', path: ['formInstanceId'] }, 'asc'],
    ]);
  });
});

const hex = (n: number) => n.toString(16).padStart(12, '0');
function instances(count: number): ODataRow[] {
  return Array.from({ length: count }, (_, i) => ({
    formInstanceId: `00000000-0000-4000-8000-${hex(count - i)}`,
    formSchemaId: '10000000-0000-4000-8000-000000000001',
    formId: '20000000-0000-4000-8000-000000000001',
    data: i % 3 === 0 ? { name: `n${i}`, extra: { x: i } } : { name: `n${i}` },
    status: i % 4,
    envelopeId: null,
    envelopeStatus: null,
    isDeleted: false,
    // Many ties, so the id decides within them.
    createdDateTime: new Date(Date.UTC(2026, 0, 1 + (i % 5))),
    lastUpdatedDateTime: new Date(Date.UTC(2026, 0, 1)),
  }));
}

async function exportOf(
  rows: ODataRow[],
  text: string,
  batchSize: number,
  layouts: (FormLayout | null)[] = [layoutOf('/name', '/extra/x')],
  options: InstanceExportOptions = { repeat: 'rows', pathRow: true },
) {
  const reads: ODataQuery[] = [];
  const schemaReads: ODataQuery[] = [];
  const forms = [{ formId: '20000000-0000-4000-8000-000000000001', name: 'Loan', isDeleted: false }];
  // The rows' schema has the first layout; the others are schemas of the same form (a deleted one among them).
  const schemas = layouts.map((layout, i) => ({
    formSchemaId: `10000000-0000-4000-8000-00000000000${i + 1}`,
    formId: '20000000-0000-4000-8000-000000000001',
    version: 3 + i,
    layout,
    isDeleted: i === 2,
  }));
  const source = (type: string) => (type === 'Form' ? forms : type === 'FormSchema' ? schemas : rows);
  const read = async (query: ODataQuery) => {
    reads.push(query);
    return evaluateODataQuery(FORMS_ODATA_SCHEMA, 'FormInstance', query, { rows: source }).value;
  };
  const readSchemas = async (query: ODataQuery) => {
    schemaReads.push(query);
    return readInstanceCsvSchemas(
      schemas.map((schema) => schema.formSchemaId.toUpperCase()),
      async (schemaQuery) => evaluateODataQuery(FORMS_ODATA_SCHEMA, 'FormSchema', schemaQuery, { rows: source }).value,
    );
  };
  let text_ = '';
  for await (const chunk of streamInstanceCsv({ rows: read, schemas: readSchemas }, parseODataQuery(text), options, batchSize)) text_ += chunk;
  // The byte-order mark first; with the path row, the labels, then the paths, then the rows.
  expect(text_.startsWith('\uFEFF')).toBe(true);
  const all = text_.slice(1).split('\r\n').slice(0, -1);
  // `lines`: the path row (or the labels, without it), then the rows.
  return { labels: all[0], lines: options.pathRow ? all.slice(1) : all, reads, layoutReads: schemaReads };
}

describe('streamInstanceCsv', () => {
  it('exports every matching row once, in the asked order, in batches that never exceed the batch size', async () => {
    const rows = instances(23);
    for (const order of ['', '$orderby=createdDateTime desc', '$orderby=status,createdDateTime desc']) {
      const { lines, reads } = await exportOf(rows, `$filter=status ne 3&${order}`, 4);
      const expected = evaluateODataQuery(FORMS_ODATA_SCHEMA, 'FormInstance', parseODataQuery(`$filter=status ne 3&$top=1000&${order}${order ? ',' : '$orderby='}formInstanceId`), {
        rows: () => rows,
      }).value.map((r) => r.formInstanceId);
      expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(expected);
      expect(reads.every((q) => q.top === 4)).toBe(true);
      // One pass: ceil(n / 4) batches, and the empty read that ends it when n divides evenly.
      expect(reads.length).toBe(Math.floor(expected.length / 4) + 1);
    }
  });

  it('writes the fixed columns, then the data paths of the layouts, and each cell by the rules (the same lines as the two-pass export wrote)', async () => {
    const rows = instances(4);
    (rows[1] as ODataRow).data = { name: '=HYPERLINK("x")' };
    const { labels, lines } = await exportOf(rows, '$orderby=createdDateTime', 2);
    // The labels (here each field is labelled with its path), then the paths, in the layout's order.
    expect(labels).toBe([...INSTANCE_CSV_FIXED_COLUMNS, '/name', '/extra/x'].join(','));
    expect(lines[0]).toBe(['formInstanceId', 'form/name', 'formSchema/version', 'status', 'createdDateTime', 'lastUpdatedDateTime', '/name', '/extra/x'].join(','));
    expect(lines[1]).toBe(`${rows[0]?.formInstanceId},Loan,3,Created,2026-01-01T00:00:00.000Z,2026-01-01T00:00:00.000Z,n0,0`);
    expect(lines[2]).toBe(`${rows[1]?.formInstanceId},Loan,3,InProgress,2026-01-02T00:00:00.000Z,2026-01-01T00:00:00.000Z,"'=HYPERLINK(""x"")",`);
  });

  it("takes the header from the schemas' layouts (a deleted schema's too), not from the rows, and reads the schemas of the selected rows once", async () => {
    const rows = instances(3);
    (rows[0] as ODataRow).data = { name: 'n0', notAsked: 'x', pets: ['cat', '@dog'], address: { city: 'Oslo' } };
    const { lines, layoutReads } = await exportOf(rows, "$filter=status ne 3&$search=n0&$orderby=createdDateTime", 2, [
      layoutOf('/name', '/pets'),
      null,
      layoutOf('/address', '/name'),
    ]);
    // Each path once, sorted; the answer at a path no layout has (`/notAsked`) is not a column.
    // The newest version's fields first (v5: /address, /name), then what older versions ask besides (v3: /pets).
    expect(lines[0]).toBe(['formInstanceId', 'form/name', 'formSchema/version', 'status', 'createdDateTime', 'lastUpdatedDateTime', '/address', '/name', '/pets'].join(','));
    // A list or an object at a column's path is its JSON (quoted, as it holds quotes and commas).
    expect(lines[1]?.split(',').slice(6).join(',')).toBe('"{""city"":""Oslo""}",n0,"[""cat"",""@dog""]"');
    expect(lines).toHaveLength(2);
    expect(layoutReads).toHaveLength(1);
    expect(layoutReads[0]?.filter).toEqual(parseODataQuery('$filter=status ne 3').filter);
    expect(layoutReads[0]?.search).toEqual(parseODataQuery('$search=n0').search);
  });

  it('writes a choice as its label, several in the options\' order, a date-time or time with its offset, a date, a number and a rating as given', async () => {
    const rows = instances(2);
    (rows[0] as ODataRow).data = {
      color: 'g',
      pets: ['dog', 'gone', 'cat'],
      at: '2026-12-03T14:30:00-05:00',
      clock: '09:15:00+00:00',
      born: '1990-05-06',
      amount: 1234567.5,
      stars: 4,
    };
    (rows[1] as ODataRow).data = { color: 'zz', pets: [], at: '2026-12-03T14:30:00Z', clock: '09:15', amount: -3 };
    const options = (...pairs: [string, string][]) => pairs.map(([value, label]) => ({ value, label }));
    const layout: FormLayout = {
      pages: [
        {
          id: 'p',
          title: 'P',
          sections: [
            {
              id: 's',
              title: 'S',
              fields: [
                { id: 'color', path: '/color', widget: 'select', label: 'Colour', options: options(['r', 'Red'], ['g', 'Green, dark']) },
                { id: 'pets', path: '/pets', widget: 'checkboxes', label: 'Pets', options: options(['cat', 'Cat'], ['dog', 'Dog']) },
                { id: 'at', path: '/at', widget: 'datetime', label: 'At' },
                { id: 'clock', path: '/clock', widget: 'time', label: 'Clock' },
                { id: 'born', path: '/born', widget: 'date', label: 'Born' },
                { id: 'amount', path: '/amount', widget: 'number', label: 'Amount' },
                { id: 'stars', path: '/stars', widget: 'rating', label: 'Stars' },
              ],
            },
          ],
        },
      ],
    };
    const { labels, lines } = await exportOf(rows, '$orderby=createdDateTime', 10, [layout]);
    expect(labels).toBe([...INSTANCE_CSV_FIXED_COLUMNS, 'Colour', 'Pets', 'At', 'Clock', 'Born', 'Amount', 'Stars'].join(','));
    expect(lines[0]).toBe(['formInstanceId', 'form/name', 'formSchema/version', 'status', 'createdDateTime', 'lastUpdatedDateTime', '/color', '/pets', '/at', '/clock', '/born', '/amount', '/stars'].join(','));
    // The option's label (an unknown code as it is, after the known ones); the offset the time was given with.
    // A rating is its number of stars (a number cell in XLSX too, not the words view mode shows).
    expect(lines[1]?.split(',').slice(6).join(',')).toBe('"Green, dark",Cat; Dog; gone,2026-12-03 14:30 (UTC-05:00),09:15 (UTC+00:00),1990-05-06,1234567.5,4');
    expect(exportCell({ id: 'stars', path: '/stars', widget: 'rating', label: 'Stars' }, 4)).toBe(4);
    // A number stays a number (no formula guard for -3); a time without an offset as given; no choice is empty.
    expect(lines[2]?.split(',').slice(6).join(',')).toBe('zz,,2026-12-03 14:30 (UTC+00:00),09:15,,-3,');
  });

  it('bounds the first sort column on its own in the keyset condition (an index range), with the same rows', () => {
    const orderBy = instanceCsvQuery(parseODataQuery('$orderby=createdDateTime desc')).orderBy ?? [];
    const last = { createdDateTime: '2026-01-03T00:00:00.000Z', formInstanceId: '00000000-0000-4000-8000-000000000009' };
    expect(keysetAfter(orderBy, last)).toEqual(
      parseODataQuery(
        '$filter=createdDateTime le 2026-01-03T00:00:00.000Z and (createdDateTime lt 2026-01-03T00:00:00.000Z or (createdDateTime eq 2026-01-03T00:00:00.000Z and formInstanceId gt 00000000-0000-4000-8000-000000000009))',
      ).filter,
    );
  });
});

describe('instanceCsvQuery with the id in $orderby', () => {
  it('keeps the direction asked for the id (it used to be replaced by ascending)', () => {
    expect(instanceCsvQuery(parseODataQuery('$orderby=formInstanceId desc,status')).orderBy).toEqual([
      { value: { kind: 'property', path: ['formInstanceId'] }, direction: 'desc' },
    ]);
  });
});

describe('instanceExportTable header', () => {
  it('names the path beside a label that two columns share, and leaves a label used once as it is', () => {
    const labelled = (path: string, label: string): FormLayout => ({
      pages: [{ id: 'p', title: 'P', sections: [{ id: 's', title: 'S', fields: [{ ...field(path), label }] }] }],
    });
    const table = instanceExportTable([
      { formSchemaId: 'a', version: 1, formName: 'Contact', layout: { pages: [...labelled('/fullName', 'Full name').pages, ...labelled('/email', 'Email').pages] } },
      { formSchemaId: 'b', version: 1, formName: 'Walk', layout: labelled('/text1', 'Full name') },
    ]);
    expect(table.header[0]?.slice(INSTANCE_CSV_FIXED_COLUMNS.length)).toEqual(['Full name (/fullName)', 'Email', 'Full name (/text1)']);
    expect(new Set(table.header[0]).size).toBe(table.header[0]?.length);
  });

  it('writes an answer only under its own form\'s question: a path two forms ask with different labels is two columns; with the same label, one; across versions, one', () => {
    const asking = (label: string): FormLayout => ({ pages: [{ id: 'p', title: 'P', sections: [{ id: 's', title: 'S', fields: [{ ...field('/consent'), widget: 'checkbox', label }] }] }] });
    const schemas = [
      { formSchemaId: 'c2', version: 2, formName: 'Contact', layout: asking('I agree to be contacted') },
      { formSchemaId: 'c1', version: 1, formName: 'Contact', layout: asking('Contact me') },
      { formSchemaId: 'h1', version: 1, formName: 'Household', layout: asking('I confirm that my answers are correct') },
      { formSchemaId: 'o1', version: 1, formName: 'Other', layout: asking('I agree to be contacted') },
    ];
    const table = instanceExportTable(schemas);
    expect(table.header[0]?.slice(INSTANCE_CSV_FIXED_COLUMNS.length)).toEqual(['I agree to be contacted', 'I confirm that my answers are correct']);
    const answers = (schema: (typeof schemas)[number] | undefined) =>
      table.rowsOf({ formInstanceId: 'i', status: 2, data: { consent: true } }, schema)[0]?.slice(INSTANCE_CSV_FIXED_COLUMNS.length);
    expect(answers(schemas[0])).toEqual([true, null]);
    expect(answers(schemas[1])).toEqual([true, null]);
    expect(answers(schemas[2])).toEqual([null, true]);
    expect(answers(schemas[3])).toEqual([true, null]);
    // A row whose schema was not read keeps its answer, in the path's first column.
    expect(answers(undefined)).toEqual([true, null]);
  });
});
