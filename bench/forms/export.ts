/**
 * The exports' own cost: the CSV and the XLSX of N instances (default 10,000) written by the domain's export
 * (src/domain/forms/export-table.ts, instance-csv.ts, export-xlsx.ts) over rows held in memory, handed over in
 * batches of 1,000 as both backends hand them. Measures, per file and layout: wall
 * time, CPU time (user + sys), bytes, peak RSS and heap over the baseline (sampled every 20 ms), and the event loop's
 * longest delay while the file streams (`monitorEventLoopDelay`) and the longest CPU hold between two ticks of a 1 ms
 * timer (the goal being ≤ 50 ms; unlike the delay, it does not grow on a loaded machine). No database: the reads'
 * own cost is bench/forms/run.ts's.
 *
 * Run: `node --expose-gc --import tsx bench/forms/export.ts [--instances 10000] [--files csv,xlsx] [--repeat columns,rows]`.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FormLayout } from '../../src/contract/types';
import { instanceCsvStream, readInstanceCsvSchemas } from '../../src/domain/forms/instance-csv';
import { instanceXlsxStream } from '../../src/domain/forms/export-xlsx';
import type { InstanceExportOptions } from '../../src/domain/forms/export-table';
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
          id: 's',
          title: 'Applicant',
          fields: [
            { id: 'name', path: '/name', widget: 'text', label: 'Full name' },
            { id: 'born', path: '/born', widget: 'date', label: 'Date of birth' },
            { id: 'at', path: '/at', widget: 'datetime', label: 'Appointment' },
            { id: 'amount', path: '/amount', widget: 'number', label: 'Amount' },
            { id: 'lang', path: '/lang', widget: 'select', label: 'Language', options: [{ value: 'sql', label: 'SQL' }, { value: 'ts', label: 'TypeScript' }] },
            { id: 'notes', path: '/notes', widget: 'textarea', label: 'Notes' },
          ],
        },
        { id: 'jobs', title: 'Jobs', repeatable: { path: '/jobs' }, fields: [{ id: 'employer', path: '/employer', widget: 'text', label: 'Employer' }, { id: 'from', path: '/from', widget: 'date', label: 'From' }] },
      ],
    },
  ],
};

function instances(count: number): ODataRow[] {
  return Array.from({ length: count }, (_, i) => ({
    formInstanceId: `00000000-0000-4000-8000-${(i + 1).toString(16).padStart(12, '0')}`,
    formSchemaId: SCHEMA_ID,
    formId: FORM_ID,
    status: i % 4,
    isDeleted: false,
    envelopeId: null,
    envelopeStatus: null,
    createdDateTime: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
    lastUpdatedDateTime: new Date(Date.UTC(2026, 0, 2) + i * 60_000),
    data: {
      name: `Zoë Applicant ${i}`,
      born: `19${50 + (i % 50)}-0${1 + (i % 9)}-1${i % 10}`,
      at: '2026-12-03T14:30:00-05:00',
      amount: i * 1.25,
      lang: i % 2 ? 'sql' : 'ts',
      notes: 'A note, with a comma and "quotes", about this application.',
      jobs: Array.from({ length: i % 4 }, (_, j) => ({ employer: `Employer ${j}`, from: `20${10 + j}-01-02` })),
    },
  }));
}

function source(rows: readonly ODataRow[]) {
  const sets = (type: string) =>
    type === 'Form' ? [{ formId: FORM_ID, name: 'Loan', isDeleted: false }] : type === 'FormSchema' ? [{ formSchemaId: SCHEMA_ID, formId: FORM_ID, version: 1, layout, isDeleted: false }] : rows;
  const read = async (type: string, query: ODataQuery) => evaluateODataQuery(FORMS_ODATA_SCHEMA, type, query, { rows: sets }).value;
  // The rows are in the export's order already (by created time, each distinct): each pass (its first read has no
  // keyset condition, the export being unfiltered) reads them slice after slice, at the cost a database's index range
  // would have, rather than the fake's evaluator's scan of every row per batch (which would be the bench's own cost).
  let cursor = 0;
  const rowsOf = async (query: ODataQuery) => {
    if (!query.filter) cursor = 0;
    const batch = rows.slice(cursor, cursor + (query.top ?? 1000));
    cursor += batch.length;
    return batch;
  };
  return { rows: rowsOf, schemas: () => readInstanceCsvSchemas([SCHEMA_ID], (query) => read('FormSchema', query)) };
}

interface Figure {
  file: string;
  layout: string;
  wallMs: number;
  cpuMs: number;
  bytes: number;
  peakRssMiB: number;
  peakHeapMiB: number;
  loopDelayMaxMs: number;
  cpuHoldMaxMs: number;
}

async function measure(file: 'csv' | 'xlsx', options: InstanceExportOptions, rows: readonly ODataRow[]): Promise<Figure> {
  global.gc?.();
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakHeap = base.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 20);
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  // The longest CPU hold: the process's CPU time between two ticks of a 1 ms timer (a tick runs only when the loop is
  // free, so the CPU spent between two ticks is work that held it; the zlib threads' time counts too: an upper bound).
  // Unlike the loop delay, it does not grow when other processes take the cores.
  let lastCpu = process.cpuUsage();
  let cpuHoldMax = 0;
  const ticker = setInterval(() => {
    const now = process.cpuUsage();
    cpuHoldMax = Math.max(cpuHoldMax, (now.user - lastCpu.user + now.system - lastCpu.system) / 1000);
    lastCpu = now;
  }, 1);
  const cpu = process.cpuUsage();
  const started = performance.now();
  const query = parseODataQuery('$orderby=createdDateTime');
  const stream = file === 'csv' ? await instanceCsvStream(source(rows), query, options) : await instanceXlsxStream(source(rows), query, options);
  let bytes = 0;
  const reader = stream.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) bytes += next.value.byteLength;
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  delay.disable();
  clearInterval(sampler);
  clearInterval(ticker);
  const MiB = 1024 * 1024;
  return {
    file,
    layout: `repeat=${options.repeat}`,
    wallMs: Math.round(wallMs),
    cpuMs: Math.round((used.user + used.system) / 1000),
    bytes,
    peakRssMiB: Math.round(((peakRss - base.rss) / MiB) * 10) / 10,
    peakHeapMiB: Math.round(((peakHeap - base.heapUsed) / MiB) * 10) / 10,
    loopDelayMaxMs: Math.round(delay.max / 1e6),
    cpuHoldMaxMs: Math.round(cpuHoldMax),
  };
}

async function main() {
  const at = process.argv.indexOf('--instances');
  const count = at >= 0 ? Number(process.argv[at + 1]) : 10_000;
  const arg = (name: string) => {
    const i = process.argv.indexOf(name);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const files = (arg('--files') ?? 'csv,xlsx').split(',') as ('csv' | 'xlsx')[];
  const repeats = (arg('--repeat') ?? 'columns,rows').split(',') as ('columns' | 'rows')[];
  const rows = instances(count);
  // Warm-up: the first XLSX export of a process loads exceljs and the parts it requires on first use (some 0.3-0.4 s
  // of CPU, once); the figures are of the exports after it.
  const warm = performance.now();
  await measure('xlsx', { repeat: 'columns', pathRow: false }, rows.slice(0, 10));
  console.log(`warm-up (exceljs loaded, 10 rows): ${Math.round(performance.now() - warm)} ms`);
  const figures: Figure[] = [];
  for (const file of files) {
    for (const repeat of repeats) figures.push(await measure(file, { repeat, pathRow: false }, rows));
  }
  console.log(`${count.toLocaleString('en')} instances (rows held in memory; peak RSS / heap over the baseline; longest event-loop delay)`);
  console.table(figures);
}

await main();
