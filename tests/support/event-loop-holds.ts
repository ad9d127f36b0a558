/**
 * How long the thread's event loop is held while work runs (a server under test runs in the test's process, so its
 * event loop is this one): a 1 ms timer's gaps, the longest by wall time and the most CPU time the thread ran within
 * one gap. On a busy machine a gap is long while the thread waits for a core; the CPU time in it is the work that held
 * the loop, which is what any other request waits behind.
 */
import { readFileSync } from 'node:fs';

/** CPU time this thread has run, ms (/proc/thread-self/schedstat, ns), or null where there is no such file. */
export function threadCpuMs(): number | null {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return null;
  }
}

/** The longest gap of the timer, wall ms, and the most CPU time (wall time where it cannot be read) within one gap. */
export interface LoopHolds {
  maxGapMs: number;
  maxGapCpuMs: number;
}

/** Starts the 1 ms timer; `stop()` takes a last reading, stops it and answers the holds seen, rounded to ms. */
export function watchLoopHolds(): { stop(): LoopHolds } {
  let maxGapMs = 0;
  let maxGapCpuMs = 0;
  let last = performance.now();
  let lastCpu = threadCpuMs();
  let running = true;
  const tick = () => {
    const now = performance.now();
    const cpu = threadCpuMs();
    maxGapMs = Math.max(maxGapMs, now - last);
    maxGapCpuMs = Math.max(maxGapCpuMs, cpu === null || lastCpu === null ? now - last : cpu - lastCpu);
    last = now;
    lastCpu = cpu;
    if (running) setTimeout(tick, 1);
  };
  setTimeout(tick, 1);
  return {
    stop() {
      tick();
      running = false;
      return { maxGapMs: Math.round(maxGapMs), maxGapCpuMs: Math.round(maxGapCpuMs) };
    },
  };
}

/** Runs `work` while watching the loop: its result and the holds seen meanwhile. */
export async function holdsDuring<T>(work: () => Promise<T>): Promise<{ result: T } & LoopHolds> {
  const watch = watchLoopHolds();
  let holds: LoopHolds | null = null;
  try {
    const result = await work();
    holds = watch.stop();
    return { result, ...holds };
  } finally {
    if (!holds) watch.stop();
  }
}
