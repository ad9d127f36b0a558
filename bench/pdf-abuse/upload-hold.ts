/**
 * The longest holds of the server's thread during one UploadPdf of a 10 MiB PDF (10 MiB − 4 KiB, padded): the server
 * in a child process (`--server`) with the event-loop delay monitored (perf_hooks.monitorEventLoopDelay) and a 1 ms
 * timer's gaps over 20 ms recorded, each with the CPU time the server's thread ran during it (`cpuMs`, from
 * /proc/thread-self/schedstat, in nanoseconds: a gap much longer than its CPU is the thread waiting for a core, which
 * the machine's load decides, not the server's code) and the time it waited runnable for a core (`waitMs`, the
 * second field; the rest of a gap is the thread blocked, e.g. in a synchronous file call); the parent uploads and then asks the child for what it saw. Not part of
 * `npm test`: `npx tsx bench/pdf-abuse/upload-hold.ts` (prints one JSON line per upload).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

if (process.argv.includes('--server')) {
  const { pdfWorkers } = await import('../../example-host/server/pdf/worker');
  const { startServer } = await import('../../example-host/server/server');
  const dataDir = process.env.BENCH_DATA_DIR;
  if (!dataDir) throw new Error('BENCH_DATA_DIR is required');
  const warming = pdfWorkers().warm();
  const server = await startServer({ port: 0, oidcPort: 0, dataDir, log: () => undefined });
  await warming;
  const token = await server.mintAccessToken({ sub: 'admin' }, { expiresInSeconds: 3600 });
  let histogram = monitorEventLoopDelay({ resolution: 1 });
  let gaps: { atMs: number; ms: number; cpuMs: number; waitMs: number }[] = [];
  /** CPU time this thread has run and time it waited runnable for a core, ms (schedstat's first two fields, ns). */
  const schedstat = () => readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ').slice(0, 2).map((n) => Number(n) / 1e6);
  const threadCpuMs = () => schedstat()[0] ?? 0;
  const threadWaitMs = () => schedstat()[1] ?? 0;
  let start = performance.now();
  let last = performance.now();
  let lastCpu = threadCpuMs();
  let lastWait = threadWaitMs();
  let startUs = process.hrtime.bigint() / 1000n;
  const tick = () => {
    const now = performance.now();
    const cpu = threadCpuMs();
    const wait = threadWaitMs();
    if (now - last > 20) {
      gaps.push({ atMs: Math.round(last - start), ms: Math.round(now - last), cpuMs: Math.round(cpu - lastCpu), waitMs: Math.round(wait - lastWait) });
    }
    last = now;
    lastCpu = cpu;
    lastWait = wait;
    setTimeout(tick, 1).unref();
  };
  tick();
  process.stdout.write(`${JSON.stringify({ url: server.url, token })}\n`);
  for await (const line of createInterface({ input: process.stdin })) {
    if (line === 'start') {
      histogram = monitorEventLoopDelay({ resolution: 1 });
      histogram.enable();
      gaps = [];
      start = performance.now();
      startUs = process.hrtime.bigint() / 1000n;
      process.stdout.write('started\n');
    } else if (line === 'report') {
      histogram.disable();
      const windowUs = [Number(startUs), Number(process.hrtime.bigint() / 1000n)];
      const maxCpuMs = Math.max(0, ...gaps.map((g) => g.cpuMs));
      process.stdout.write(`${JSON.stringify({ maxDelayMs: Math.round(histogram.max / 1e6), maxGapCpuMs: maxCpuMs, gaps, windowUs })}\n`);
    } else break;
  }
  await server.stop();
  process.exit(0);
}

const { paddedPdf } = await import('../../tests/support/hostile-pdfs');
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'upload-hold-'));
// With UPLOAD_HOLD_PROFILE=<folder>, the server writes a CPU profile there (windowUs tells the uploads' times in it).
const profile = process.env.UPLOAD_HOLD_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.UPLOAD_HOLD_PROFILE}`, '--cpu-prof-interval=200'] : [];
const child = spawn(process.execPath, [...profile, '--import', 'tsx', fileURLToPath(import.meta.url), '--server'], {
  env: { ...process.env, BENCH_DATA_DIR: dataDir },
  stdio: ['pipe', 'pipe', 'inherit'],
});
const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
const next = async () => JSON.parse(String((await lines.next()).value)) as Record<string, unknown>;
const { url, token } = (await next()) as { url: string; token: string };
const bytes = paddedPdf(10 * 1024 * 1024 - 4096);
for (let i = 0; i < 3; i++) {
  child.stdin.write('start\n');
  await lines.next();
  const t0 = performance.now();
  const form = new FormData();
  form.append('Pdf', new Blob([bytes.slice()], { type: 'application/pdf' }), 'ten.pdf');
  const response = await fetch(`${url}/api/FormGenerator/UploadPdf`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  await response.arrayBuffer();
  const ms = Math.round(performance.now() - t0);
  child.stdin.write('report\n');
  const seen = await next();
  process.stdout.write(`${JSON.stringify({ upload: response.status, ms, ...seen, load: os.loadavg().map((l) => l.toFixed(2)) })}\n`);
}
child.stdin.end();
await new Promise((resolve) => child.once('exit', resolve));
await rm(dataDir, { recursive: true, force: true });
