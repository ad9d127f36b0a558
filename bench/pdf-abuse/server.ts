/**
 * The server half of `npm run bench:pdf-abuse`: the reference backend in its own process (so the probe's clients do
 * not share its event loop), on 127.0.0.1 with a free port and a fresh PGlite data folder, its PDF worker warmed as
 * `main.ts` does. Prints one JSON line `{ url, token }` (an administrator's token) once it listens; stops on SIGTERM.
 * Started with an IPC channel, it measures its event loop's delays (`monitorEventLoopDelay`, 5 ms resolution) and,
 * with a 2 ms timer, the CPU time its thread ran between two of the timer's turns (/proc/thread-self/schedstat: the
 * work that held the loop, apart from waiting for a core): the message 'loop-reset' starts a step's measures,
 * 'loop-read' answers `{ loopMaxMs, holdCpuMaxMs }`, the longest delay and the most CPU in one gap since.
 */
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pdfWorkers } from '../../example-host/server/pdf/worker';
import { startServer } from '../../example-host/server/server';

const dataDir = process.env.BENCH_DATA_DIR;
if (!dataDir) throw new Error('BENCH_DATA_DIR is required');

const warming = pdfWorkers().warm();
const server = await startServer({ port: 0, oidcPort: 0, dataDir, log: () => undefined });
await warming;
const token = await server.mintAccessToken({ sub: 'admin' }, { expiresInSeconds: 6 * 60 * 60 });
process.stdout.write(`${JSON.stringify({ url: server.url, token })}\n`);
const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();
/** CPU time of this thread, ms (0 where /proc has none). */
const threadCpuMs = (): number => {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return 0;
  }
};
let holdCpuMaxMs = 0;
let lastCpu = threadCpuMs();
setInterval(() => {
  const cpu = threadCpuMs();
  holdCpuMaxMs = Math.max(holdCpuMaxMs, cpu - lastCpu);
  lastCpu = cpu;
}, 2).unref();
process.on('message', (message) => {
  if (message === 'loop-reset') {
    loop.reset();
    holdCpuMaxMs = 0;
    lastCpu = threadCpuMs();
  } else if (message === 'loop-read') process.send?.({ loopMaxMs: loop.max / 1e6, holdCpuMaxMs });
});
process.channel?.unref();
process.on('SIGTERM', () => {
  void server.stop().then(() => process.exit(0));
});
