/**
 * bench/pdf (`npm run bench:pdf`): for every real-world fixture, the time and memory to read its fields and generate
 * a form (in the server's parse worker and in-process), and to fill every writable field (and to fill and flatten);
 * plus the reader comparison that chose @libpdf/core over pdf.js (fields found, time, failures). Prints markdown
 * tables and writes bench/pdf/results.json. Goals: the 726-field with_combed_fields.pdf generates in ≤ 2 s and fills
 * in ≤ 1 s; a 1-page form generates in ≤ 200 ms.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { formFromPdf, PDF_UPLOAD_LIMITS } from '../../src/domain/pdf';
import { fillPdfWithReport, type PdfFillValue } from '../../example-host/server/pdf/fill';
import { readPdfFields } from '../../example-host/server/pdf/read';
import { PdfWorkerPool } from '../../example-host/server/pdf/worker';

const DIR = fileURLToPath(new URL('../../tests/fixtures/pdfs/', import.meta.url));
const RUNS = 3;
const mib = (bytes: number) => bytes / 1024 / 1024;
const load = (name: string) => {
  const buffer = readFileSync(DIR + name);
  return new Uint8Array(buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength));
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T; rssMb: number }> {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value, rssMb: mib(process.memoryUsage().rss) };
}

interface Row {
  file: string;
  pages: number | null;
  fields: number | null;
  refused: string | null;
  workerGenerateMs: number | null;
  inProcessGenerateMs: number | null;
  fillMs: number | null;
  fillFlattenMs: number | null;
  skipped: number | null;
  peakRssMb: number;
  pdfjsFields: number | null;
  pdfjsMs: number;
  pdfjsFailure: string | null;
}

const files = readdirSync(DIR).filter((f) => f.endsWith('.pdf')).sort();
const parser = new PdfWorkerPool({ heapMb: PDF_UPLOAD_LIMITS.parseHeapMb, size: 1 });
const limits = { maxPages: PDF_UPLOAD_LIMITS.maxPages, maxFields: PDF_UPLOAD_LIMITS.maxFields, maxInflatedBytes: PDF_UPLOAD_LIMITS.maxInflatedBytes, timeoutMs: 30_000 };
await parser.parse(load('create_form.pdf'), limits); // the warm worker the server keeps
const ctx = { newId: () => crypto.randomUUID(), now: () => new Date() };
const rows: Row[] = [];
let peak = mib(process.memoryUsage().rss);

for (const file of files) {
  const bytes = load(file);
  const worker: number[] = [];
  const inProcess: number[] = [];
  let read = await readPdfFields(bytes, limits);
  for (let i = 0; i < RUNS; i++) {
    // The worker's read generates the form too (and hashes the template), as the upload runs it.
    const w = await timed(() => parser.parse(bytes, limits, file));
    worker.push(w.ms);
    const p = await timed(async () => {
      read = await readPdfFields(bytes, limits);
      return read.ok ? formFromPdf({ fileName: file, pageCount: read.pageCount, fields: read.fields }, ctx) : read;
    });
    inProcess.push(p.ms);
    peak = Math.max(peak, w.rssMb, p.rssMb);
  }
  let fillMs: number | null = null;
  let fillFlattenMs: number | null = null;
  let skipped: number | null = null;
  if (read.ok) {
    // A value for every field that takes one: text, a checked box, the first option.
    const values: Record<string, PdfFillValue> = {};
    for (const f of read.fields) {
      if (f.readOnly || f.type === 'signature') continue;
      if (f.type === 'text') values[f.name] = 'X'.repeat(Math.min(f.maxLength ?? 8, 8));
      else if (f.type === 'checkbox') values[f.name] = true;
      else if (f.options?.[0] !== undefined) values[f.name] = f.type === 'optionList' ? [f.options[0]] : f.options[0];
    }
    const fills: number[] = [];
    const flats: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const a = await timed(() => fillPdfWithReport(bytes, values));
      fills.push(a.ms);
      skipped = a.value.skipped.length;
      const b = await timed(() => fillPdfWithReport(bytes, values, { flatten: true }));
      flats.push(b.ms);
      peak = Math.max(peak, a.rssMb, b.rssMb);
    }
    fillMs = median(fills);
    fillFlattenMs = median(flats);
  }
  let pdfjsFields: number | null = null;
  let pdfjsFailure: string | null = null;
  const started = performance.now();
  try {
    const doc = await pdfjs.getDocument({ data: bytes.slice(), isEvalSupported: false, verbosity: 0 }).promise;
    const objects = (await doc.getFieldObjects()) ?? {};
    pdfjsFields = Object.values(objects).filter((widgets) => (widgets as { type?: string }[]).some((w) => w.type && w.type !== 'button')).length;
    await doc.destroy();
  } catch (error) {
    pdfjsFailure = error instanceof Error ? `${error.name}` : 'failed';
  }
  const pdfjsMs = performance.now() - started;
  rows.push({
    file,
    pages: read.ok ? read.pageCount : (read.pageCount ?? null),
    fields: read.ok ? read.fields.length : null,
    refused: read.ok ? null : read.code,
    workerGenerateMs: median(worker),
    inProcessGenerateMs: median(inProcess),
    fillMs,
    fillFlattenMs,
    skipped,
    peakRssMb: peak,
    pdfjsFields,
    pdfjsMs,
    pdfjsFailure,
  });
  console.error(`${file}: done`);
}
await parser.close();

const f0 = (n: number | null) => (n === null ? '–' : n.toFixed(0));
console.log(`\nRead + generate and fill, median of ${RUNS} (node ${process.version}, ${new Date().toISOString()}):\n`);
console.log('| file | pages | fields | generate (worker) ms | generate (in-process) ms | fill ms | fill + flatten ms | not filled | RSS so far MiB |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(`| ${r.file} | ${r.pages ?? '–'} | ${r.fields ?? r.refused} | ${f0(r.workerGenerateMs)} | ${f0(r.inProcessGenerateMs)} | ${f0(r.fillMs)} | ${f0(r.fillFlattenMs)} | ${r.skipped ?? '–'} | ${r.peakRssMb.toFixed(0)} |`);
}
console.log('\nReaders (fields other than buttons; libpdf time is the in-process read + generate):\n');
console.log('| file | @libpdf/core fields | ms | pdf.js fields | ms | pdf.js failure |');
console.log('|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(`| ${r.file} | ${r.fields ?? r.refused} | ${f0(r.inProcessGenerateMs)} | ${r.pdfjsFields ?? '–'} | ${f0(r.pdfjsMs)} | ${r.pdfjsFailure ?? ''} |`);
}
writeFileSync(new URL('./results.json', import.meta.url), `${JSON.stringify({ at: new Date().toISOString(), node: process.version, rows }, null, 2)}\n`);
