// @vitest-environment node
/** The CSV export's rules (src/domain/forms/instance-csv.ts): cells, columns, and keyset batches over the fake's evaluator. */
import { describe, expect, it } from 'vitest';
import {
  csvCell,
  csvLine,
  flattenAnswers,
  INSTANCE_CSV_FIXED_COLUMNS,
  instanceCsvQuery,
  streamInstanceCsv,
} from '../../src/domain/forms/instance-csv';
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

describe('flattenAnswers', () => {
  it('flattens objects and arrays to data paths (JSON pointers), primitives only', () => {
    expect([...flattenAnswers({ a: { b: 1, 'c/d': 'x' }, items: [{ n: 'p' }, { n: null }], ok: true, empty: {} })]).toEqual([
      ['/a/b', 1],
      ['/a/c~1d', 'x'],
      ['/items/0/n', 'p'],
      ['/items/1/n', null],
      ['/ok', true],
    ]);
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

async function exportOf(rows: ODataRow[], text: string, batchSize: number) {
  const reads: ODataQuery[] = [];
  const forms = [{ formId: '20000000-0000-4000-8000-000000000001', name: 'Loan', isDeleted: false }];
  const schemas = [{ formSchemaId: '10000000-0000-4000-8000-000000000001', version: 3, isDeleted: false }];
  const read = async (query: ODataQuery) => {
    reads.push(query);
    const source = (type: string) => (type === 'Form' ? forms : type === 'FormSchema' ? schemas : rows);
    return evaluateODataQuery(FORMS_ODATA_SCHEMA, 'FormInstance', query, { rows: source }).value;
  };
  let text_ = '';
  for await (const chunk of streamInstanceCsv(read, parseODataQuery(text), batchSize)) text_ += chunk;
  return { lines: text_.split('\r\n').slice(0, -1), reads };
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
      // Two passes of ceil(n / 4) batches (and the empty read that ends a pass when n divides evenly).
      expect(reads.length).toBeGreaterThanOrEqual(2 * Math.ceil(expected.length / 4));
    }
  });

  it('writes the fixed columns, then every data path found, and each cell by the rules', async () => {
    const rows = instances(4);
    (rows[1] as ODataRow).data = { name: '=HYPERLINK("x")' };
    const { lines } = await exportOf(rows, '$orderby=createdDateTime', 2);
    expect(lines[0]).toBe([...INSTANCE_CSV_FIXED_COLUMNS, '/extra/x', '/name'].join(','));
    expect(lines[1]).toBe(`${rows[0]?.formInstanceId},Loan,3,Created,2026-01-01T00:00:00.000Z,2026-01-01T00:00:00.000Z,0,n0`);
    expect(lines[2]).toBe(`${rows[1]?.formInstanceId},Loan,3,InProgress,2026-01-02T00:00:00.000Z,2026-01-01T00:00:00.000Z,,"'=HYPERLINK(""x"")"`);
  });
});

describe('instanceCsvQuery with the id in $orderby', () => {
  it('keeps the direction asked for the id (it used to be replaced by ascending)', () => {
    expect(instanceCsvQuery(parseODataQuery('$orderby=formInstanceId desc,status')).orderBy).toEqual([
      { value: { kind: 'property', path: ['formInstanceId'] }, direction: 'desc' },
    ]);
  });
});
