/**
 * `npm run bench:forms-abuse`: what an anonymous visitor can do to the reference server through a public form, and
 * what it costs everyone else. Starts the server in a child process (bench/forms-abuse/server.ts) on 127.0.0.1 with a
 * fresh PGlite data folder, then, with bounded loops only:
 *
 * 1. baseline: the health check (`GET /api/HealthCheck/Get`) alone, one call every 10 ms for 2 s;
 * 2. flood: 4 connections post 1 MiB instances of the public form for 5 s while the health check is timed;
 * 3. deep bodies: 5 connections post deeply nested bodies (9.5 MiB: under the 10 MiB of other calls; then 1 MiB) 10
 *    times each while it is timed.
 *
 * Prints a table (health check p50/p99/max per phase, instances stored, answers by status, data folder growth) and
 * writes bench/forms-abuse/results.json. `--limits off` runs the server without the bounds of anonymous writes (as it
 * was before them), for comparison.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Worker } from 'node:worker_threads';

const limitsOff = process.argv.includes('off');
const here = path.dirname(new URL(import.meta.url).pathname);

interface Started {
  url: string;
  formSchemaId: string;
  dataDir: string;
}

async function du(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    total += entry.isDirectory() ? await du(full) : (await stat(full)).size;
  }
  return total;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

const round = (n: number) => Math.round(n * 10) / 10;

/** Times the health check every `everyMs` until `stop()`; answers the latencies in ms. */
function probeHealth(url: string, everyMs: number) {
  const times: number[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      const res = await fetch(`${url}/api/HealthCheck/Get`);
      await res.arrayBuffer();
      times.push(performance.now() - started);
      const left = everyMs - (performance.now() - started);
      if (left > 0) await new Promise((r) => setTimeout(r, left));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      const sorted = [...times].sort((a, b) => a - b);
      return { calls: times.length, p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)), max: round(sorted[sorted.length - 1] ?? Number.NaN) };
    },
  };
}

/** Runs the attacking clients in a worker thread (bench/forms-abuse/attack.mjs); answers the count per status. */
function attack(data: { url: string; body: string; connections: number; maxRequests: number; seconds: number }): Promise<Record<number, number>> {
  const worker = new Worker(new URL('./attack.mjs', import.meta.url), { workerData: data });
  return new Promise((resolve, reject) => {
    worker.once('message', (message: { statuses: Record<number, number> }) => resolve(message.statuses));
    worker.once('error', reject);
  });
}

async function startChild(): Promise<{ started: Started; stop: () => Promise<void> }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'forms-abuse-'));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'server.ts'), ...(limitsOff ? ['off'] : [])], {
    env: { ...process.env, BENCH_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    const rl = createInterface({ input: child.stdout });
    rl.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the bench server exited (${code})`)));
  });
  return {
    started: JSON.parse(line) as Started,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function main(): Promise<void> {
  const { started, stop } = await startChild();
  const { url, formSchemaId, dataDir } = started;
  try {
    // Let the database settle, then the baseline.
    await new Promise((r) => setTimeout(r, 500));
    const baselineProbe = probeHealth(url, 10);
    await new Promise((r) => setTimeout(r, 2000));
    const baseline = await baselineProbe.stop();

    // Flood: 4 connections, 5 s, 1 MiB instances.
    const sizeBefore = await du(dataDir);
    // Incompressible text (PostgreSQL compresses repeated characters to almost nothing).
    const text = randomBytes(768 * 1024).toString('base64').slice(0, 1024 * 1024 - 100);
    const body = JSON.stringify({ formSchemaId, data: { text }, status: 1 });
    const floodProbe = probeHealth(url, 10);
    const floodStarted = performance.now();
    const statuses = await attack({ url, body, connections: 4, maxRequests: 10_000, seconds: 5 });
    const floodSeconds = (performance.now() - floodStarted) / 1000;
    const flood = await floodProbe.stop();
    await new Promise((r) => setTimeout(r, 1000));
    const grown = (await du(dataDir)) - sizeBefore;

    // Deep bodies: 5 connections × 10 posts, 9.5 MiB then 1 MiB of nesting.
    const deep: Record<string, { statuses: Record<number, number>; health: Awaited<ReturnType<ReturnType<typeof probeHealth>['stop']>> }> = {};
    for (const mib of [9.5, 1]) {
      const depth = Math.floor((mib * 1024 * 1024 - 40) / 2);
      const nested = `{"formSchemaId":"${formSchemaId}","data":{"a":${'['.repeat(depth)}${']'.repeat(depth)}}}`;
      const probe = probeHealth(url, 10);
      const counts = await attack({ url, body: nested, connections: 5, maxRequests: 10, seconds: 60 });
      deep[`${mib} MiB`] = { statuses: counts, health: await probe.stop() };
    }

    const results = {
      limits: limitsOff ? 'off' : 'default',
      node: process.version,
      cpus: os.cpus().length,
      baseline,
      flood: {
        seconds: round(floodSeconds),
        statuses,
        stored: statuses[200] ?? 0,
        dataDirGrowthMiB: round(grown / 1024 / 1024),
        growthMiBPerSecond: round(grown / 1024 / 1024 / floodSeconds),
        health: flood,
      },
      deep,
    };
    console.log(`\nforms-abuse bench (limits ${results.limits}, ${results.cpus} cores, Node ${results.node})\n`);
    console.log('| phase | health p50 | health p99 | health max | calls | answers |');
    console.log('| --- | --- | --- | --- | --- | --- |');
    console.log(`| baseline | ${baseline.p50} ms | ${baseline.p99} ms | ${baseline.max} ms | ${baseline.calls} | – |`);
    console.log(`| flood (4 × 1 MiB posts, ${results.flood.seconds} s) | ${flood.p50} ms | ${flood.p99} ms | ${flood.max} ms | ${flood.calls} | ${JSON.stringify(statuses)} |`);
    for (const [name, d] of Object.entries(deep)) {
      console.log(`| deep bodies ${name} (5 × 10) | ${d.health.p50} ms | ${d.health.p99} ms | ${d.health.max} ms | ${d.health.calls} | ${JSON.stringify(d.statuses)} |`);
    }
    console.log(`\nflood: ${results.flood.stored} instances stored, data folder +${results.flood.dataDirGrowthMiB} MiB (${results.flood.growthMiBPerSecond} MiB/s)`);
    await writeFile(path.join(here, limitsOff ? 'results-limits-off.json' : 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  } finally {
    await stop();
  }
}

await main();
