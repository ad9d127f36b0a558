/**
 * The longest hold of the server's thread while a 10 MiB PDF template is stored in PGlite, and where it is: a fresh
 * PGlite data folder (as `npm start` uses), the migrations, then the template stored through `saveFormPdf` with the
 * event-loop delay monitored (perf_hooks.monitorEventLoopDelay) and a 1 ms timer's gaps recorded; then the same steps
 * one by one (row, parts, commit) with the time of each; and, for comparison, the 10 MiB in one statement. Not part of `npm test`:
 * `npx tsx bench/pdf-abuse/store-hold.ts [--memory]` (prints one JSON line).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../example-host/server/db/index';
import { runMigrations } from '../../example-host/server/db/migrate';
import { writeByteParts } from '../../example-host/server/db/byte-parts';
import { formPdfTemplateParts, formPdfTemplates } from '../../example-host/server/db/schema';
import { saveFormPdf } from '../../example-host/server/pdf/store';

const SIZE = 10 * 1024 * 1024;
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'store-hold-'));
const memory = process.argv.includes('--memory');
const { db, close } = await openDatabase({ dataDir: memory ? 'memory://' : dataDir });
await runMigrations(db);

/** Gaps of a 1 ms timer longer than 20 ms while `run` runs, with when they ended (ms from the start). */
async function watched<T>(run: () => Promise<T>): Promise<{ result: T; maxMs: number; gaps: { endMs: number; ms: number }[] }> {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  const gaps: { endMs: number; ms: number }[] = [];
  const start = performance.now();
  let last = start;
  let running = true;
  const tick = () => {
    const now = performance.now();
    if (now - last > 20) gaps.push({ endMs: Math.round(now - start), ms: Math.round(now - last) });
    last = now;
    if (running) setTimeout(tick, 1);
  };
  setTimeout(tick, 1);
  histogram.enable();
  const result = await run();
  // One more turn, so that a hold at the very end is seen too.
  await new Promise((resolve) => setTimeout(resolve, 5));
  running = false;
  histogram.disable();
  return { result, maxMs: Math.max(Math.round(histogram.max / 1e6), ...gaps.map((g) => g.ms)), gaps };
}

const bytes = randomBytes(SIZE);
const runs = [];
for (let i = 0; i < 3; i++) {
  const formId = randomUUID();
  runs.push((await watched(() => saveFormPdf(db, { formId, fileName: 'ten.pdf', pageCount: 1, bytes, sha256: 'x' }))).maxMs);
}

// The same steps one by one, each timed (ms from the start), with the process's CPU time of each statement (the CPU
// time does not count waiting for a core, which the wall time does on a loaded machine).
const cpu = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};
const marks: Record<string, number> = {};
const partCpuMs: number[] = [];
let commitCpuMs = 0;
let checkpointCpuMs = 0;
const formId = randomUUID();
const steps = await watched(async () => {
  const t0 = performance.now();
  const at = (name: string) => (marks[name] = Math.round(performance.now() - t0));
  let before = 0;
  await db.transaction(async (tx) => {
    at('begun');
    await tx.insert(formPdfTemplates).values({ formId, fileName: 'ten.pdf', sha256: 'x', byteSize: SIZE, pageCount: 1, bytes: new Uint8Array(0) });
    at('row');
    await writeByteParts(bytes, async (part, piece) => {
      const start = cpu();
      await tx.insert(formPdfTemplateParts).values({ formId, part, bytes: piece });
      partCpuMs.push(cpu() - start);
    });
    at('parts');
    before = cpu();
  });
  commitCpuMs = cpu() - before;
  at('committed');
  before = cpu();
  await db.execute(sql`CHECKPOINT`);
  checkpointCpuMs = cpu() - before;
  at('checkpoint');
});
const sortedParts = [...partCpuMs].sort((a, b) => a - b);
const cpuMs = {
  partMax: Math.round(sortedParts[sortedParts.length - 1] ?? 0),
  partMedian: Math.round(sortedParts[Math.floor(sortedParts.length / 2)] ?? 0),
  commit: Math.round(commitCpuMs),
  checkpoint: Math.round(checkpointCpuMs),
};

// Before the parts: the 10 MiB in one statement (as templates and envelope documents were stored).
const oneStatement = await watched(() =>
  db.insert(formPdfTemplates).values({ formId: randomUUID(), fileName: 'ten.pdf', sha256: 'x', byteSize: SIZE, pageCount: 1, bytes }),
);
await close();
await rm(dataDir, { recursive: true, force: true });
process.stdout.write(
  `${JSON.stringify({ storage: memory ? 'memory' : 'folder', saveFormPdfMaxDelayMs: runs, oneStatementMaxDelayMs: oneStatement.maxMs, stepsMaxDelayMs: steps.maxMs, cpuMs, marks, gaps: steps.gaps, load: os.loadavg().map((l) => l.toFixed(2)) })}\n`,
);
