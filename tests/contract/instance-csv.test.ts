// @vitest-environment node
/**
 * Contract of `GET /api/Forms/ExportInstancesCsv` and `GET /api/Forms/ExportInstancesXlsx` on the fake and the
 * reference server: the same rows as the OData read of the same query (filter, search, soft-deleted rule), the same
 * columns and cells (the domain's export-table, instance-csv and export-xlsx modules), the same refusals.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiError, odata, type ApiClient } from '../../src/api';
import type { FormInstance, FormLayout, JsonObject } from '../../src/api/types';
import { DEFAULT_FILE_LIMITS, fileSchema } from '../../src/engine/files';
import { startFakeTarget, startServerTarget, type ContractTarget } from './targets';

const jsonSchema: JsonObject = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: {
    name: { type: 'string' },
    age: { type: 'integer' },
    pets: { type: 'array', items: { type: 'string' } },
    color: { type: 'string', enum: ['r', 'b'] },
    at: { type: 'string', format: 'date-time' },
    clock: { type: 'string', format: 'time' },
  },
};
const layout: FormLayout = {
  pages: [{ id: 'p', title: 'P', sections: [{ id: 's', title: 'S', fields: [{ id: 'name', path: '/name', widget: 'text', label: 'Name' }] }] }],
};
// The second version asks the age, the pets, a colour, a date-time and a time too: the header is the union of the used
// schemas' fields.
const layoutV2: FormLayout = {
  pages: [
    {
      id: 'p',
      title: 'P',
      sections: [
        {
          id: 's',
          title: 'S',
          fields: [
            { id: 'name', path: '/name', widget: 'text', label: 'Name' },
            { id: 'age', path: '/age', widget: 'integer', label: 'Age' },
            { id: 'pets', path: '/pets', widget: 'multiselect', label: 'Pets', options: [{ value: 'cat', label: 'Cat' }, { value: '@dog', label: 'Dog' }] },
            { id: 'color', path: '/color', widget: 'select', label: 'Colour', options: [{ value: 'r', label: 'Red' }, { value: 'b', label: 'Blue' }] },
            { id: 'at', path: '/at', widget: 'datetime', label: 'At' },
            { id: 'clock', path: '/clock', widget: 'time', label: 'Clock' },
          ],
        },
      ],
    },
  ],
};

async function outcome(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
    return 'ok';
  } catch (error) {
    if (!isApiError(error)) throw error;
    return { status: error.status, detail: (error.result as { detail?: string } | null)?.detail };
  }
}

async function csvOf(client: ApiClient, query: Parameters<ApiClient['forms']['exportInstancesCsv']>[0], options?: Parameters<ApiClient['forms']['exportInstancesCsv']>[1]) {
  const file = await client.forms.exportInstancesCsv(query, options);
  const lines = (await file.data.text()).split('\r\n');
  expect(lines.pop()).toBe('');
  return { fileName: file.fileName, type: file.headers.get('content-type'), lines };
}

/** A row without what differs between backends (id and times), keyed by its instance's name answer. */
const stable = (line: string) => {
  const cells = line.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/);
  return [cells[1], cells[2], cells[3], ...cells.slice(6)].join(',');
};

async function runScenario(target: ContractTarget) {
  const facts = new Map<string, unknown>();
  const admin = target.client;
  const form = await admin.crud.form.post({ name: 'CSV, "export"' });
  const formId = form?.formId ?? '';
  const schema = await admin.crud.formschema.post({ formId, jsonSchema, layout });
  const schemaV2 = await admin.crud.formschema.post({ formId, jsonSchema, layout: layoutV2 });
  const post = async (data: JsonObject, formSchemaId = schemaV2?.formSchemaId ?? '') => (await admin.crud.forminstance.post({ formSchemaId, data })) as FormInstance;
  const a = await post({ name: '=SUM(A1:A2)', age: 3 });
  await post({ name: 'Ada, "L"', pets: ['@dog', 'cat'], color: 'b' });
  await post({ name: 'Bob', age: -5, at: '2026-12-03T14:30:00-05:00', clock: '09:15:00+00:00' });
  await post({ name: 'Zoë' });
  const gone = await post({ name: 'Gone', age: 9 }, schema?.formSchemaId ?? '');
  await admin.crud.forminstance.softDelete(gone.formInstanceId);
  const other = await admin.crud.form.post({ name: 'Other' });
  const otherSchema = await admin.crud.formschema.post({ formId: other?.formId ?? '', jsonSchema, layout });
  await admin.crud.forminstance.post({ formSchemaId: otherSchema?.formSchemaId ?? '', data: { name: 'Elsewhere' } });

  const ofForm = odata.eq<FormInstance>('formId', odata.guid(formId));
  const all = await csvOf(admin, { filter: ofForm, orderBy: [['createdDateTime', 'asc']] });
  facts.set('file', [all.fileName, all.type]);
  const bytes = new Uint8Array(await (await admin.forms.exportInstancesCsv({ filter: ofForm })).data.arrayBuffer());
  facts.set('bom', [...bytes.slice(0, 3)]);
  facts.set('path.row', (await csvOf(admin, { filter: ofForm }, { pathRow: true })).lines.slice(0, 2));
  // The XLSX of the same rows, read back: its header, and each row's cells as type and value (the times by type only).
  const xlsx = await admin.forms.exportInstancesXlsx({ filter: ofForm, orderBy: [['createdDateTime', 'asc']] });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await xlsx.data.arrayBuffer());
  const sheet = workbook.worksheets[0];
  facts.set('xlsx.file', [xlsx.fileName, xlsx.headers.get('content-type'), sheet?.name]);
  const cells: unknown[][] = [];
  sheet?.eachRow((row, at) => {
    const values = (row.values as unknown[]).slice(1);
    cells.push(
      at === 1
        ? values
        : values.map((value, i) => {
            const type = row.getCell(i + 1).type;
            return i === 0 || i === 4 || i === 5 ? type : [type, value instanceof Date ? value.toISOString() : value];
          }),
    );
  });
  facts.set('xlsx.rows', cells);
  facts.set('header', all.lines[0]);
  facts.set('rows', all.lines.slice(1).map(stable));
  // The same rows, in the same order, as the OData read of the same filter.
  const read = await admin.odata.formInstances.list({ filter: ofForm, orderBy: [['createdDateTime', 'asc'], ['formInstanceId', 'asc']] });
  facts.set('same.as.odata', all.lines.slice(1).map((line) => line.split(',')[0]).join() === read?.value.map((r) => r.formInstanceId).join());
  const deleted = await csvOf(admin, { filter: odata.and(ofForm, odata.eq<FormInstance>('isDeleted', true)) });
  facts.set('deleted', deleted.lines.slice(1).map(stable));
  const searched = await csvOf(admin, { filter: ofForm, search: odata.searchWords('bob') });
  facts.set('search', searched.lines.slice(1).map(stable));
  const desc = await csvOf(admin, { filter: ofForm, orderBy: [['formInstanceId', 'desc']] });
  const ids = desc.lines.slice(1).map((line) => line.split(',')[0] ?? '');
  facts.set('desc', ids.join() === [...ids].sort().reverse().join() && ids.includes(a.formInstanceId));

  // The summary of the same rows: counted by the backend (SQL aggregates on the server), the same on both.
  const ada = read?.value.find((r) => (r.data as { name?: string } | undefined)?.name === 'Ada, "L"');
  await new Promise((resolve) => setTimeout(resolve, 5));
  // Changed last (its colour now red), so the newest text answer on both backends whatever the others' times.
  if (ada) await admin.crud.forminstance.patch({ formInstanceId: ada.formInstanceId, data: { ...(ada.data as JsonObject), color: 'r' } });
  const summaryOf = async (query: Parameters<ApiClient['forms']['instanceSummary']>[0]) => {
    const summary = await admin.forms.instanceSummary(query);
    return {
      instances: summary?.instances,
      questions: summary?.questions.map((q) =>
        q.kind === 'text' ? { ...q, latest: q.latest.map((hit) => hit.text), at: q.latest.every((hit) => !Number.isNaN(Date.parse(hit.at))) } : q,
      ),
    };
  };
  facts.set('summary', await summaryOf({ filter: ofForm }));
  facts.set('summary.search', await summaryOf({ filter: ofForm, search: odata.searchWords('bob') }));
  facts.set('summary.deleted.view', await summaryOf({ filter: odata.and(ofForm, odata.deletedView<FormInstance>(true)) }));
  facts.set('summary.none', await summaryOf({ filter: odata.and(ofForm, odata.eq<FormInstance>('status', 99)) }));

  // A form of its own for the bins: decimals in bins of a round width (two of them on an edge that floating point
  // divides a hair short), days over more than ten, yes or no, a list holding
  // an item twice (counted once for its instance), a text of white space only (no answer), whole numbers over more
  // than ten, a rating, a file upload (an empty list no answer), a signature (typed or drawn).
  const binsForm = await admin.crud.form.post({ name: 'Summary bins' });
  const binsSchema = await admin.crud.formschema.post({
    formId: binsForm?.formId ?? '',
    jsonSchema: {
      type: 'object',
      properties: { score: { type: 'number' }, day: { type: 'string', format: 'date' }, ok: { type: 'boolean' }, tags: { type: 'array', items: { type: 'string' } }, note: { type: 'string' }, months: { type: 'integer' }, stars: { type: 'integer', minimum: 1, maximum: 5 }, proof: fileSchema(DEFAULT_FILE_LIMITS), signed: { type: 'string' } },
    },
    layout: {
      pages: [
        {
          id: 'p',
          title: 'P',
          sections: [
            {
              id: 's',
              title: 'S',
              fields: [
                { id: 'score', path: '/score', widget: 'number', label: 'Score' },
                { id: 'day', path: '/day', widget: 'date', label: 'Day' },
                { id: 'ok', path: '/ok', widget: 'checkbox', label: 'OK' },
                { id: 'tags', path: '/tags', widget: 'multiselect', label: 'Tags', options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }] },
                { id: 'note', path: '/note', widget: 'textarea', label: 'Note' },
                { id: 'months', path: '/months', widget: 'integer', label: 'Months' },
                { id: 'stars', path: '/stars', widget: 'rating', label: 'Stars' },
                { id: 'proof', path: '/proof', widget: 'file', label: 'Proof' },
                { id: 'signed', path: '/signed', widget: 'signature', label: 'Signed' },
              ],
            },
          ],
        },
      ],
    },
  });
  for (const data of [
    { score: 0.4, day: '2026-01-01', ok: true, tags: ['a', 'a', 'b'], note: ' \t ', months: 36, stars: 4, proof: [{ fileId: 'f1', name: 'a.pdf', size: 10, type: 'application/pdf' }], signed: 'Ada Lovelace' },
    { score: 0.6, day: '2026-01-15', ok: false, tags: ['a', 'zz'], months: 41, stars: 5, proof: [], signed: 'data:image/png;base64,iVBORw0KGgo=' },
    { score: 1.9, day: '2026-02-10', ok: true, tags: [], months: 60, stars: 4, proof: [{ fileId: 'f2', name: 'b.png', size: 20, type: 'image/png' }] },
    { score: 1, day: '2026-02-10', note: 'Fine', months: 48 },
  ] as JsonObject[]) {
    await admin.crud.forminstance.post({ formSchemaId: binsSchema?.formSchemaId ?? '', data });
  }
  const binsFilter = odata.eq<FormInstance>('formId', odata.guid(binsForm?.formId ?? ''));
  facts.set('summary.bins', (await summaryOf({ filter: binsFilter })).questions);
  // The same instances through a query that is not the whole form (the server bins its rows in SQL, not its counts).
  facts.set('summary.bins.rows', (await summaryOf({ filter: odata.and(binsFilter, odata.ne<FormInstance>('status', 99)) })).questions);

  // A form with a grid and a repeatable section (a choice, a number, a text and a grid in each item): the section's
  // questions counted per item, a grid one choice question per row.
  const itemsForm = await admin.crud.form.post({ name: 'Summary items' });
  const grid = (id: string, path: string) => ({
    id,
    path,
    widget: 'matrix',
    label: 'Ratings',
    rows: [{ value: 'speed', label: 'Speed' }, { value: 'care', label: 'Care' }],
    options: [{ value: 'good', label: 'Good' }, { value: 'bad', label: 'Bad' }],
  });
  const itemsSchema = await admin.crud.formschema.post({
    formId: itemsForm?.formId ?? '',
    jsonSchema: { type: 'object' },
    layout: {
      pages: [
        {
          id: 'p',
          title: 'P',
          sections: [
            { id: 's', title: 'S', fields: [grid('g', '/grid')] },
            {
              id: 'items',
              title: 'Items',
              repeatable: { path: '/items' },
              fields: [
                { id: 'kind', path: '/kind', widget: 'select', label: 'Kind', options: [{ value: 'x', label: 'X' }, { value: 'y', label: 'Y' }] },
                { id: 'qty', path: '/qty', widget: 'number', label: 'Quantity' },
                { id: 'what', path: '/what', widget: 'text', label: 'What' },
                grid('ig', '/grid'),
              ],
            },
          ],
        },
      ],
    },
  });
  for (const data of [
    { grid: { speed: 'good', care: 'bad' }, items: [{ kind: 'x', qty: 1, what: 'first', grid: { speed: 'good' } }, { kind: 'y', qty: 2 }, { kind: 'x', qty: 2, what: 'third' }] },
    { grid: { speed: 'good' }, items: [{ kind: 'x', what: 'fourth' }] },
    { items: 'not a list' },
  ] as JsonObject[]) {
    await admin.crud.forminstance.post({ formSchemaId: itemsSchema?.formSchemaId ?? '', data });
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  facts.set('summary.items', await summaryOf({ filter: odata.eq<FormInstance>('formId', odata.guid(itemsForm?.formId ?? '')) }));

  const raw = (query: string, token: string | null = target.adminToken, file = 'Csv') =>
    fetch(`${target.baseUrl}/api/Forms/ExportInstances${file}?${query}`, token ? { headers: { Authorization: `Bearer ${token}` } } : {}).then(async (r) => [
      r.status,
      r.status >= 400 ? ((await r.json()) as { detail?: string }).detail : null,
    ]);
  facts.set('refused.top', await raw('$top=5'));
  facts.set('refused.orderby', await raw('$orderby=data/name'));
  facts.set('refused.filter', await raw('$filter=nosuch eq 1'));
  facts.set('refused.repeat', await raw('repeat=sheets'));
  facts.set('anonymous', (await raw('', null))[0]);
  const rawSummary = (query: string, token: string | null = target.adminToken) =>
    fetch(`${target.baseUrl}/api/Forms/InstanceSummary?${query}`, token ? { headers: { Authorization: `Bearer ${token}` } } : {}).then((r) => r.status);
  facts.set('summary.refused', [await rawSummary('$filter=nosuch eq 1'), await rawSummary('', null)]);
  facts.set('xlsx.refused.top', await raw('$top=5', target.adminToken, 'Xlsx'));
  facts.set('xlsx.anonymous', (await raw('', null, 'Xlsx'))[0]);
  const { client: nobody } = await target.newUser();
  facts.set('noclaims', await outcome(() => nobody.forms.exportInstancesCsv()));
  facts.set('xlsx.noclaims', await outcome(() => nobody.forms.exportInstancesXlsx()));
  facts.set('summary.noclaims', await outcome(() => nobody.forms.instanceSummary()));
  return facts;
}

let fake: Map<string, unknown>;
let server: Map<string, unknown>;
const targets: ContractTarget[] = [];

beforeAll(async () => {
  const fakeTarget = await startFakeTarget();
  targets.push(fakeTarget);
  fake = await runScenario(fakeTarget);
  const serverTarget = await startServerTarget();
  targets.push(serverTarget);
  server = await runScenario(serverTarget);
}, 180_000);

afterAll(async () => {
  for (const target of targets) await target.stop();
});

describe('instances CSV export — the fake and the server agree', () => {
  it('exports the filtered instances with the fixed columns, the answers under their labels and guarded cells', () => {
    expect(fake.get('file')).toEqual(['form-instances.csv', 'text/csv; charset=utf-8']);
    expect(fake.get('bom')).toEqual([0xef, 0xbb, 0xbf]);
    // The columns are the fields of the layouts of the schemas the exported rows use, headed by their labels, in the
    // newest version's order; the data paths in a second row when asked for.
    expect(fake.get('header')).toBe('id,form,schema version,status,created,updated,Name,Age,Pets,Colour,At,Clock');
    expect(fake.get('path.row')).toEqual([
      'id,form,schema version,status,created,updated,Name,Age,Pets,Colour,At,Clock',
      'formInstanceId,form/name,formSchema/version,status,createdDateTime,lastUpdatedDateTime,/name,/age,/pets,/color,/at,/clock',
    ]);
    // Answers as the form shows them: a choice by its label (several in the options' order), a date-time or time
    // with the offset it was given.
    expect(fake.get('rows')).toEqual([
      `"CSV, ""export""",2,Created,'=SUM(A1:A2),3,,,,`,
      `"CSV, ""export""",2,Created,"Ada, ""L""",,Cat; Dog,Blue,,`,
      `"CSV, ""export""",2,Created,Bob,-5,,,2026-12-03 14:30 (UTC-05:00),09:15 (UTC+00:00)`,
      `"CSV, ""export""",2,Created,Zoë,,,,,`,
    ]);
    expect(fake.get('same.as.odata')).toBe(true);
    // Only the first version's fields here (the age it holds is no field of that layout, so not a column).
    expect(fake.get('deleted')).toEqual([`"CSV, ""export""",1,Created,Gone`]);
    expect(fake.get('search')).toEqual([`"CSV, ""export""",2,Created,Bob,-5,,,2026-12-03 14:30 (UTC-05:00),09:15 (UTC+00:00)`]);
    expect(fake.get('desc')).toBe(true);
  });

  it('exports the same rows as XLSX with typed cells: labels, numbers, dates, texts never formulas, "Zoë" intact', () => {
    const { String: text, Number: number, Date: date } = ExcelJS.ValueType;
    // An empty answer is no cell at all (a hole in the row's values).
    expect(fake.get('xlsx.file')).toEqual(['form-instances.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'Form instances']);
    const fixed = [text, [text, 'CSV, "export"'], [number, 2], [text, 'Created'], date, date];
    expect(fake.get('xlsx.rows')).toEqual([
      ['id', 'form', 'schema version', 'status', 'created', 'updated', 'Name', 'Age', 'Pets', 'Colour', 'At', 'Clock'],
      [...fixed, [text, '=SUM(A1:A2)'], [number, 3]],
      [...fixed, [text, 'Ada, "L"'], undefined, [text, 'Cat; Dog'], [text, 'Blue']],
      [...fixed, [text, 'Bob'], [number, -5], undefined, undefined, [date, '2026-12-03T14:30:00.000Z'], [text, '09:15 (UTC+00:00)']],
      [...fixed, [text, 'Zoë']],
    ]);
  });

  it('refuses what would not export the whole filtered set, and callers without the claim', () => {
    expect(fake.get('refused.top')).toEqual([400, expect.stringContaining('$top')]);
    expect(fake.get('refused.orderby')).toEqual([400, expect.stringContaining('sorted only by')]);
    expect(fake.get('refused.filter')).toEqual([400, expect.any(String)]);
    expect(fake.get('refused.repeat')).toEqual([400, "The parameter 'repeat' is 'rows' or 'columns', not 'sheets'."]);
    expect(fake.get('anonymous')).toBe(401);
    expect(fake.get('noclaims')).toMatchObject({ status: 403, detail: "The claim 'FormInstance_SelectList' is required." });
    expect(fake.get('xlsx.refused.top')).toEqual([400, expect.stringContaining('$top')]);
    expect(fake.get('xlsx.anonymous')).toBe(401);
    expect(fake.get('xlsx.noclaims')).toMatchObject({ status: 403, detail: "The claim 'FormInstance_SelectList' is required." });
  });

  it('sums up the same instances question by question: choices counted, numbers and dates binned, latest texts', () => {
    const questions = (fake.get('summary') as { instances: number; questions: { label: string }[] }).questions;
    expect(fake.get('summary')).toMatchObject({ instances: 4 });
    expect(questions.map((q) => q.label)).toEqual(['Name', 'Age', 'Pets', 'Colour', 'At', 'Clock']);
    const [name, age, pets, colour, at, clock] = questions;
    // The newest first: the instance changed last.
    expect(name).toEqual({ path: '/name', label: 'Name', widget: 'text', kind: 'text', answered: 4, latest: ['Ada, "L"', expect.any(String), expect.any(String), expect.any(String)], at: true });
    expect([...(name as unknown as { latest: string[] }).latest].sort()).toEqual(['=SUM(A1:A2)', 'Ada, "L"', 'Bob', 'Zoë']);
    // Whole numbers spanning 9: one bin per number.
    expect(age).toMatchObject({ kind: 'number', answered: 2, min: -5, max: 3 });
    const ageBins = (age as unknown as { bins: { from: number; to: number; count: number }[] }).bins;
    expect(ageBins).toHaveLength(9);
    expect(ageBins.filter((b) => b.count > 0)).toEqual([
      { from: -5, to: -5, count: 1 },
      { from: 3, to: 3, count: 1 },
    ]);
    expect(pets).toEqual({
      path: '/pets',
      label: 'Pets',
      widget: 'multiselect',
      kind: 'choices',
      answered: 1,
      counts: [
        { value: 'cat', label: 'Cat', count: 1 },
        { value: '@dog', label: 'Dog', count: 1 },
      ],
    });
    expect(colour).toMatchObject({ kind: 'choice', answered: 1, counts: [{ value: 'r', label: 'Red', count: 1 }, { value: 'b', label: 'Blue', count: 0 }] });
    // A date-time by the day it gives.
    expect(at).toMatchObject({ kind: 'date', answered: 1, min: '2026-12-03', max: '2026-12-03', bins: [{ from: '2026-12-03', to: '2026-12-03', count: 1 }] });
    expect(clock).toMatchObject({ kind: 'text', answered: 1, latest: ['09:15:00+00:00'] });
    // The list's filters apply: the search, the 'Show deleted' view (the deleted instance's first version too).
    type Summed = { instances: number; questions: unknown[] };
    const search = fake.get('summary.search') as Summed;
    expect(search.instances).toBe(1);
    expect(search.questions.slice(0, 2)).toMatchObject([{ label: 'Name', answered: 1, latest: ['Bob'] }, { label: 'Age', answered: 1, min: -5, max: -5 }]);
    const all = fake.get('summary.deleted.view') as Summed;
    expect(all.instances).toBe(5);
    expect(all.questions.slice(0, 2)).toMatchObject([{ label: 'Name', answered: 5 }, { label: 'Age', answered: 3, min: -5, max: 9 }]);
    expect(fake.get('summary.none')).toEqual({ instances: 0, questions: [] });
    const [score, day, ok, tags, note, months, stars, proof, signed] = fake.get('summary.bins') as unknown as [
      { bins: { from: number; to: number; count: number }[] },
      { bins: { from: string; to: string; count: number }[] },
      unknown,
      unknown,
      unknown,
      { bins: { from: number; to: number; count: number }[] },
      unknown,
      unknown,
      unknown,
    ];
    // Decimals: bins 0.2 wide from 0.4, the largest in the last; 0.6 and 1 in the bins they open, though
    // (0.6 - 0.4) / 0.2 and (1 - 0.4) / 0.2 fall a hair short of 1 and 3 in floating point.
    expect(score).toMatchObject({ kind: 'number', answered: 4, min: 0.4, max: 1.9 });
    expect(score.bins).toEqual([
      { from: 0.4, to: 0.6, count: 1 },
      { from: 0.6, to: 0.8, count: 1 },
      { from: 0.8, to: 1, count: 0 },
      { from: 1, to: 1.2, count: 1 },
      { from: 1.2, to: 1.4, count: 0 },
      { from: 1.4, to: 1.6, count: 0 },
      { from: 1.6, to: 1.8, count: 0 },
      { from: 1.8, to: 1.9, count: 1 },
    ]);
    expect(fake.get('summary.bins.rows')).toEqual(fake.get('summary.bins'));
    // 41 days in weeks from the Monday before the first (2026-01-01 is a Thursday), the last one up to the last day.
    expect(day).toMatchObject({ kind: 'date', answered: 4, min: '2026-01-01', max: '2026-02-10' });
    expect(day.bins).toHaveLength(7);
    expect(day.bins[0]).toEqual({ from: '2025-12-29', to: '2026-01-04', count: 1 });
    expect(day.bins[2]).toEqual({ from: '2026-01-12', to: '2026-01-18', count: 1 });
    expect(day.bins[6]).toEqual({ from: '2026-02-09', to: '2026-02-10', count: 2 });
    expect(day.bins.reduce((sum, b) => sum + b.count, 0)).toBe(4);
    expect(ok).toMatchObject({ kind: 'choice', answered: 3, counts: [{ value: true, label: null, count: 2 }, { value: false, label: null, count: 1 }] });
    expect(tags).toMatchObject({ kind: 'choices', answered: 2, counts: [{ value: 'a', label: 'A', count: 2 }, { value: 'b', label: 'B', count: 1 }, { value: 'zz', label: null, count: 1 }] });
    expect(note).toMatchObject({ kind: 'text', answered: 1, latest: ['Fine'] });
    // Whole numbers spanning 25: bins of 5 whole numbers from 35, each holding both ends.
    expect(months).toMatchObject({ kind: 'number', answered: 4, min: 36, max: 60 });
    expect(months.bins).toEqual([
      { from: 35, to: 39, count: 1 },
      { from: 40, to: 44, count: 1 },
      { from: 45, to: 49, count: 1 },
      { from: 50, to: 54, count: 0 },
      { from: 55, to: 59, count: 0 },
      { from: 60, to: 64, count: 1 },
    ]);
    // A rating: each of its 5 stars counted, those no one gave too, as the numbers stored.
    expect(stars).toEqual({
      path: '/stars',
      label: 'Stars',
      widget: 'rating',
      kind: 'choice',
      answered: 3,
      counts: [1, 2, 3, 4, 5].map((value) => ({ value, label: String(value), count: value === 4 ? 2 : value === 5 ? 1 : 0 })),
      stars: 5,
    });
    // A file upload: the instances with at least one file.
    expect(proof).toEqual({ path: '/proof', label: 'Proof', widget: 'file', kind: 'file', answered: 2 });
    // A signature: how many signed, typed or drawn; what they hold is never listed.
    expect(signed).toEqual({ path: '/signed', label: 'Signed', widget: 'signature', kind: 'signature', answered: 2 });
    const items = fake.get('summary.items') as { instances: number; questions: { path: string; label: string; row?: string; section?: { path: string; label: string; items: number }; answered: number }[] };
    expect(items.instances).toBe(3);
    const section = { path: '/items', label: 'Items', items: 4 };
    expect(items.questions).toMatchObject([
      // A grid: a choice question per row, the columns its options.
      { path: '/grid/speed', label: 'Ratings', row: 'Speed', kind: 'choice', answered: 2, counts: [{ value: 'good', label: 'Good', count: 2 }, { value: 'bad', label: 'Bad', count: 0 }] },
      { path: '/grid/care', label: 'Ratings', row: 'Care', kind: 'choice', answered: 1, counts: [{ value: 'good', count: 0 }, { value: 'bad', count: 1 }] },
      // The repeatable section's questions: out of its 4 items (an answer that is no list holds none).
      { path: '/kind', section, kind: 'choice', answered: 4, counts: [{ value: 'x', label: 'X', count: 3 }, { value: 'y', label: 'Y', count: 1 }] },
      { path: '/qty', section, kind: 'number', answered: 3, min: 1, max: 2, bins: [{ from: 1, to: 1, count: 1 }, { from: 2, to: 2, count: 2 }] },
      // The newest instance's items first, then each instance's in their order.
      { path: '/what', section, kind: 'text', answered: 3, latest: ['fourth', 'first', 'third'] },
      { path: '/grid/speed', section, row: 'Speed', answered: 1 },
      { path: '/grid/care', section, row: 'Care', answered: 0 },
    ]);
    expect(items.questions).toHaveLength(7);
    expect(fake.get('summary.refused')).toEqual([400, 401]);
    expect(fake.get('summary.noclaims')).toMatchObject({ status: 403, detail: "The claim 'FormInstance_SelectList' is required." });
  });

  it('answers the same on the server', () => {
    expect(Object.fromEntries(server)).toEqual(Object.fromEntries(fake));
  });
});
