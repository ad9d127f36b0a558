/**
 * Run by pdf-worker-stop.test.ts in a process of its own (`node --import tsx`), so that an abort of the process is
 * seen as such: jobs over a PDF of many small compressed streams, each with a time limit drawn at random within the
 * time its inflated-size check takes, so that each is stopped at a random instant of the check (of its zlib calls).
 * Prints one line of JSON: the jobs' outcomes, the pool's counts of stops, and the most CPU time this (the server's)
 * thread ran without a turn of its event loop while the jobs ran and were stopped.
 *
 * Arguments: `light` or `real`, the number of jobs, the number of streams of the PDF, and a time budget in seconds
 * after which no further job starts (on a loaded machine a job takes seconds; the report says how many ran).
 * - light: the pool (worker.ts) with a worker that runs only the check (pdf-worker-stop.worker.mjs, bundled here into
 *   plain JavaScript) and is terminated as soon as it may (`stopGraceMs` 0): it starts in milliseconds, so that many
 *   terminations fit in the test's time.
 * - real: the pool with the PDF worker and its grace period: each job ends itself when asked, the worker is kept.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { deflateSync } from 'node:zlib';
import { buildSync } from 'esbuild';
import { inflatedSize } from '../../example-host/server/pdf/inflate';
import { PdfParseAbort, PdfWorkerPool } from '../../example-host/server/pdf/worker';
import { writePdf } from '../support/hostile-pdfs';
import { watchLoopHolds } from '../support/event-loop-holds';

const mode = process.argv[2] === 'real' ? 'real' : 'light';
const jobs = Number(process.argv[3] ?? 100);
const streams = Number(process.argv[4] ?? 20_000);
const budgetMs = Number(process.argv[5] ?? 600) * 1000;

/** A one-page PDF with one text field and `count` tiny FlateDecode streams (unused objects). */
function manyStreamsPdf(count: number): Uint8Array {
  const data = new Uint8Array(deflateSync(Buffer.from('0 0 m 1 1 l S\n')));
  const objects: (string | { dict: string; data: Uint8Array })[] = [
    '<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [4 0 R] /DA (/Helv 0 Tf 0 g) >> >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots [4 0 R] >>',
    '<< /Type /Annot /Subtype /Widget /FT /Tx /T (name) /Rect [50 700 300 720] /P 3 0 R >>',
  ];
  for (let i = 0; i < count; i++) objects.push({ dict: '/Filter /FlateDecode', data });
  return writePdf(objects);
}

const pdf = manyStreamsPdf(streams);
const limits = { maxPages: 10, maxFields: 10, maxInflatedBytes: 128 * 1024 * 1024 };
// How long the check takes here (the fastest of three): the time limits are drawn within it.
let checkMs = Infinity;
for (let i = 0; i < 3; i++) {
  const started = performance.now();
  inflatedSize(pdf, limits.maxInflatedBytes);
  checkMs = Math.min(checkMs, performance.now() - started);
}
/** The light worker as one plain JavaScript file (no loader to start in each worker). */
function lightWorker(dir: string): URL {
  const outfile = join(dir, 'light-worker.mjs');
  const entry = fileURLToPath(new URL('./pdf-worker-stop.worker.mjs', import.meta.url));
  buildSync({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile, logLevel: 'error' });
  return pathToFileURL(outfile);
}
const dir = mkdtempSync(join(tmpdir(), 'pdf-worker-stop-'));
const pool =
  mode === 'light'
    ? new PdfWorkerPool({ heapMb: 64, size: 1, stopGraceMs: 0, workerUrl: lightWorker(dir) })
    : new PdfWorkerPool({ heapMb: 256, size: 1 });
await pool.warm();

// The most CPU time (wall time where it cannot be read) the thread ran between two of its turns.
const holds = watchLoopHolds();
const outcomes: Record<string, number> = {};
const started = performance.now();
for (let i = 0; i < jobs && performance.now() - started < budgetMs; i++) {
  const timeoutMs = 1 + Math.floor(Math.random() * checkMs);
  const outcome = await pool.parse(pdf, { ...limits, timeoutMs }).then(
    (result) => (result.ok ? 'ok' : result.code),
    // A timeout by its reason alone; anything else with its message, for the report.
    (error: unknown) => (error instanceof PdfParseAbort && error.reason === 'timeout' ? 'timeout' : `${error instanceof PdfParseAbort ? error.reason : 'other'}: ${String(error)}`),
  );
  outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
}
// After the stops, a job in time: the worker (kept or replaced) still answers.
const after = await pool.parse(manyStreamsPdf(1), { ...limits, timeoutMs: 60_000 }).then(
  (result) => (mode === 'light' || !result.ok ? result.ok : result.pageCount === 1),
  (error: unknown) => String(error),
);
const maxHoldMs = holds.stop().maxGapCpuMs;
const { stopped } = pool.stats();
await pool.close();
rmSync(dir, { recursive: true, force: true });
process.stdout.write(`${JSON.stringify({ mode, checkMs: Math.round(checkMs), outcomes, after, stopped, maxHoldMs })}\n`);
