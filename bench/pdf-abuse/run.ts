/**
 * `npm run bench:pdf-abuse`: what hostile and limit-sized PDFs cost the reference server and everyone else. Starts
 * the server in a child process (bench/pdf-abuse/server.ts) with a fresh PGlite data folder, generates the hostile
 * corpus (tests/support/hostile-pdfs.ts) beside the fixtures of /work/shared/fixtures/pdfs (else tests/fixtures/pdfs),
 * and for each file: uploads it, and when the upload is taken saves the generated form and schema, creates an
 * instance, downloads it filled and flattened, and sends it for signature. During every step the health check is
 * asked every 100 ms (from a thread of its own, so that the bench's own work on a request, such as encoding a 10 MiB
 * multipart body, is not counted as the server's) and the server's RSS read from /proc every 100 ms. After every refusal (a 4xx), the server
 * process's CPU time over the next 500 ms is read from /proc: a job left running after its refusal would spend it.
 *
 * Prints a table per file and step (answer status and code, time, health p99 / max, RSS above idle) and the goals'
 * verdict, and writes bench/pdf-abuse/results.json. Not part of `npm test`.
 *
 * `PDF_ABUSE_FILES=with_combed,1,000 npm run bench:pdf-abuse` runs only the files whose name contains one of the
 * comma-separated words (case-insensitive), and `PDF_ABUSE_STEPS=save` runs each file's steps up to the last one
 * named (upload, save, create, fill, flatten, send: each needs the ones before it); a filtered run writes
 * results-filtered.json, so the full run's results.json is kept.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Worker } from 'node:worker_threads';
import { PDF_UPLOAD_LIMITS } from '../../src/domain/pdf/limits';
import { deepFieldTreePdf, deflateBombPdf, longFieldNamesPdf, paddedPdf } from '../../tests/support/hostile-pdfs';

const here = path.dirname(new URL(import.meta.url).pathname);
const MiB = 1024 * 1024;

/** The corpus: name → bytes. */
async function corpus(): Promise<[string, Uint8Array][]> {
  const shared = '/work/shared/fixtures/pdfs/';
  const dir = existsSync(shared) ? shared : path.join(here, '../../tests/fixtures/pdfs/');
  const files: [string, Uint8Array][] = readdirSync(dir)
    .filter((f) => f.endsWith('.pdf'))
    .sort()
    .map((f) => [f, new Uint8Array(readFileSync(path.join(dir, f)))]);
  files.push(
    ['bomb 1 GiB appearance stream', await deflateBombPdf(1024 * MiB)],
    ['bomb just over the limit', await deflateBombPdf(PDF_UPLOAD_LIMITS.maxInflatedBytes + MiB)],
    ['field tree 20,000 levels', deepFieldTreePdf(20_000)],
    ['exactly 10 MiB', paddedPdf(PDF_UPLOAD_LIMITS.maxBytes)],
    ['10 MiB - 4 KiB', paddedPdf(PDF_UPLOAD_LIMITS.maxBytes - 4096)],
    ['10 MiB + 1 byte', paddedPdf(PDF_UPLOAD_LIMITS.maxBytes + 1)],
    ['4 field names of 2 MiB', longFieldNamesPdf(4, 2 * MiB)],
    ['1 field name of 8 MiB', longFieldNamesPdf(1, 8 * MiB)],
    ['1,000 fields', longFieldNamesPdf(1000, 16)],
  );
  return files.filter(([name]) => wanted(name, FILES));
}

/** The comma-separated words of an environment variable, lower-cased; null when it is unset or empty. */
function words(name: string): string[] | null {
  const list = (process.env[name] ?? '').split(',').map((w) => w.trim().toLowerCase()).filter((w) => w !== '');
  return list.length === 0 ? null : list;
}

const FILES = words('PDF_ABUSE_FILES');
const STEPS = words('PDF_ABUSE_STEPS');
const wanted = (name: string, filter: string[] | null) => filter === null || filter.some((w) => name.toLowerCase().includes(w));
const STEP_ORDER = ['upload', 'save', 'create', 'fill', 'flatten', 'send'] as const;
/** How many of {@link STEP_ORDER} each file runs. */
const STEP_COUNT = STEPS === null ? STEP_ORDER.length : Math.max(1, ...STEP_ORDER.map((s, i) => (STEPS.includes(s) ? i + 1 : 0)));
const runs = (name: (typeof STEP_ORDER)[number]) => STEP_ORDER.indexOf(name) < STEP_COUNT;

interface Started {
  url: string;
  token: string;
}

interface ServerChild {
  started: Started;
  pid: number;
  /** Starts a step's measure of the server's event loop. */
  loopReset(): void;
  /**
   * The longest event loop delay since {@link ServerChild.loopReset}, and the most CPU time the server's thread ran
   * between two turns of a 2 ms timer (the work that held the loop, not the wait for a core), ms.
   */
  loopMax(): Promise<{ loopMaxMs: number; holdCpuMaxMs: number }>;
  stop: () => Promise<void>;
}

function startServer(dataDir: string): Promise<ServerChild> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'server.ts')], {
    env: { ...process.env, BENCH_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const stdout = child.stdout;
  if (!stdout) throw new Error('The server child has no stdout.');
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`The server stopped (${code}).`)));
    createInterface({ input: stdout }).once('line', (line) => {
      resolve({
        started: JSON.parse(line) as Started,
        pid: child.pid ?? 0,
        loopReset: () => child.send('loop-reset'),
        loopMax: () =>
          new Promise((answer) => {
            child.once('message', (message) => answer(message as { loopMaxMs: number; holdCpuMaxMs: number }));
            child.send('loop-read');
          }),
        stop: () =>
          new Promise((done) => {
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

/** The server's resident memory, MiB (from /proc; 0 where there is none). */
function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
}

/**
 * The server's CPU time (user and system), ms, from /proc (0 where there is none): the whole process, or with
 * `mainThread` its main thread only (the event loop's, not the PDF workers').
 */
function cpuMs(pid: number, mainThread = false): number {
  try {
    const fields = readFileSync(mainThread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
    return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * 10;
  } catch {
    return 0;
  }
}

/**
 * The health probe, in a worker thread with an event loop of its own: on 'start' it asks the health check every
 * 100 ms (each answer's time from the request's start), on 'stop' it answers the times.
 */
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
let running = false;
let times = [];
async function loop() {
  while (running) {
    const started = performance.now();
    try { await (await fetch(workerData.url + '/api/HealthCheck/Get')).arrayBuffer(); } catch {}
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
let done = Promise.resolve();
parentPort.on('message', async (message) => {
  if (message === 'start') { times = []; running = true; done = loop(); }
  else if (message === 'stop') { running = false; await done; parentPort.postMessage(times); }
  else { running = false; await done; process.exit(0); }
});
`;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);
};

interface Row {
  file: string;
  step: string;
  status: number;
  code: string;
  ms: number;
  healthP99: number;
  healthMax: number;
  healthCount: number;
  rssAboveIdleMb: number;
  /** The longest delay of the server's event loop during the step, ms (its own measure, 5 ms resolution). */
  loopMaxMs: number;
  /** CPU time of the server's main thread during the step, ms (10 ms ticks): work the event loop did itself. */
  mainThreadCpuMs: number;
  /** The most CPU time the server's thread ran in one gap of a 2 ms timer during the step, ms: its longest hold. */
  holdCpuMaxMs: number;
  sentence: boolean;
  /** After a refusal: the server's CPU time in the 500 ms after it, ms (a job still running would spend it). */
  cpuAfterRefusalMs?: number;
}

async function main(): Promise<void> {
  const loadAtStart = os.loadavg().map((l) => l.toFixed(1)).join(' ');
  const files = await corpus();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pdf-abuse-'));
  const server = await startServer(dataDir);
  const { url, token } = server.started;
  const auth = { authorization: `Bearer ${token}` };
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const idleMb = rssMb(server.pid);
  const rows: Row[] = [];
  let peakAboveIdle = 0;
  const probe = new Worker(PROBE, { eval: true, workerData: { url } });

  /** Runs one step while timing the health check and sampling RSS every 100 ms. */
  async function step(file: string, name: string, work: () => Promise<Response>): Promise<{ status: number; body: unknown }> {
    let peak = 0;
    probe.postMessage('start');
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(server.pid) - idleMb);
    }, 100);
    server.loopReset();
    const cpuBefore = cpuMs(server.pid, true);
    const started = performance.now();
    let status = 0;
    let body: unknown = null;
    try {
      const response = await work();
      status = response.status;
      const type = response.headers.get('content-type') ?? '';
      body = type.includes('json') ? await response.json() : { bytes: (await response.arrayBuffer()).byteLength };
    } catch (error) {
      body = { error: error instanceof Error ? error.message : String(error) };
    }
    const ms = performance.now() - started;
    const mainThreadCpuMs = cpuMs(server.pid, true) - cpuBefore;
    const { loopMaxMs, holdCpuMaxMs } = await server.loopMax();
    const health = await new Promise<number[]>((resolve) => {
      probe.once('message', resolve);
      probe.postMessage('stop');
    });
    clearInterval(sampler);
    peak = Math.max(peak, rssMb(server.pid) - idleMb);
    peakAboveIdle = Math.max(peakAboveIdle, peak);
    const problem = body as { code?: string; detail?: string };
    let cpuAfterRefusalMs: number | undefined;
    if (status >= 400) {
      const before = cpuMs(server.pid);
      await new Promise((resolve) => setTimeout(resolve, 500));
      cpuAfterRefusalMs = cpuMs(server.pid) - before;
    }
    rows.push({
      file,
      step: name,
      status,
      code: status >= 400 ? (problem.code ?? '') : '',
      ms: Math.round(ms),
      healthP99: Math.round(percentile(health, 99)),
      healthMax: Math.round(Math.max(0, ...health)),
      healthCount: health.length,
      rssAboveIdleMb: Math.round(peak),
      loopMaxMs: Math.round(loopMaxMs),
      mainThreadCpuMs,
      holdCpuMaxMs: Math.round(holdCpuMaxMs),
      sentence: status < 400 || (typeof problem.detail === 'string' && /[a-z].*\.$/.test(problem.detail)),
      ...(cpuAfterRefusalMs === undefined ? {} : { cpuAfterRefusalMs }),
    });
    return { status, body };
  }

  const json = (method: string, p: string, body: unknown) =>
    fetch(`${url}${p}`, { method, headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });

  for (const [file, bytes] of files) {
    const upload = await step(file, 'upload', () => {
      const form = new FormData();
      form.append('Pdf', new Blob([bytes.slice()], { type: 'application/pdf' }), file.endsWith('.pdf') ? file : `${file}.pdf`);
      return fetch(`${url}/api/FormGenerator/UploadPdf`, { method: 'POST', headers: auth, body: form });
    });
    if (upload.status !== 200 || !runs('save')) continue;
    const generated = upload.body as { form: Record<string, unknown>; formSchema: Record<string, unknown> & { formSchemaId: string } };
    const saved = await step(file, 'save', async () => {
      const form = await json('POST', '/api/crud/form/post', { ...generated.form, currentFormSchemaId: null });
      if (!form.ok) return form;
      return json('POST', '/api/crud/formschema/post', generated.formSchema);
    });
    if (saved.status !== 200 || !runs('create')) continue;
    const created = await step(file, 'create', () => json('POST', `/api/DynamicFormLinking/Create?schemaId=${generated.formSchema.formSchemaId}`, {}));
    const id = (created.body as { formInstanceId?: string }).formInstanceId;
    if (!id || !runs('fill')) continue;
    await step(file, 'fill', () => fetch(`${url}/api/Forms/DownloadPdf?formInstanceId=${id}`, { headers: auth }));
    if (!runs('flatten')) continue;
    await step(file, 'flatten', () => fetch(`${url}/api/Forms/DownloadPdf?formInstanceId=${id}&flatten=true`, { headers: auth }));
    if (!runs('send')) continue;
    await step(file, 'send', () => json('POST', '/api/Signing/RequestSignature', { formInstanceId: id, signers: [{ name: 'Ada Lovelace', email: 'ada@example.com', routingOrder: 1 }] }));
  }
  probe.postMessage('exit');
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });

  const load = os.loadavg().map((l) => l.toFixed(1)).join(' ');
  const lines = [
    `| file | step | answer | ms | health p99 / max ms | event loop max ms | longest hold, CPU ms | main thread CPU ms | RSS above idle MiB | server CPU in the 500 ms after a refusal, ms |`,
    `|---|---|---|---|---|---|---|---|---|---|`,
    ...rows.map(
      (r) =>
        `| ${r.file} | ${r.step} | ${r.status}${r.code ? ` ${r.code}` : ''} | ${r.ms} | ${r.healthP99} / ${r.healthMax} | ${r.loopMaxMs} | ${r.holdCpuMaxMs} | ${r.mainThreadCpuMs} | ${r.rssAboveIdleMb} | ${r.cpuAfterRefusalMs ?? ''} |`,
    ),
  ];
  const afterRefusals = rows.flatMap((r) => (r.cpuAfterRefusalMs === undefined ? [] : [r.cpuAfterRefusalMs]));
  const worstP99 = Math.max(...rows.map((r) => r.healthP99));
  const worstMax = Math.max(...rows.map((r) => r.healthMax));
  const worstLoop = Math.max(...rows.map((r) => r.loopMaxMs));
  const worstHold = Math.max(...rows.map((r) => r.holdCpuMaxMs));
  const bad = rows.filter((r) => r.status >= 500 || r.status === 0 || !r.sentence);
  process.stdout.write(`${lines.join('\n')}\n\n`);
  process.stdout.write(
    `load average ${loadAtStart} at the start, ${load} at the end; idle RSS ${Math.round(idleMb)} MiB; worst health p99 ${worstP99} ms (goal ≤ 100), max ${worstMax} ms (goal ≤ 250); longest event loop delay ${worstLoop} ms, longest hold ${worstHold} ms of CPU (goal ≤ 50); ` +
      `peak RSS above idle ${Math.round(peakAboveIdle)} MiB (goal ≤ 1024); answers without 2xx/4xx and a sentence: ${bad.length}; ` +
      `server CPU in the 500 ms after each of ${afterRefusals.length} refusals: max ${Math.max(0, ...afterRefusals)} ms\n`,
  );
  const filtered = FILES !== null || STEPS !== null;
  await writeFile(path.join(here, filtered ? 'results-filtered.json' : 'results.json'), `${JSON.stringify({ loadAtStart, load, idleMb: Math.round(idleMb), rows }, null, 2)}\n`);
}

await main();
