/**
 * The measuring code of the builder benchmark, shared by its own run and the peers' run (`run.ts`, `peers/drivers.ts`):
 * the frame and long-task probe, the main thread's busy time per action (CDP `Performance.getMetrics`) until the page is
 * quiet again, the longest frame, opening to interactive, with --profile the CPU profile and the renders per action, and
 * with --trace the main thread's trace events per action.
 */
import type { CDPSession, Page } from 'playwright-core';

/** Watches frames (the gap between animation frames) and long tasks in the page. */
export const PROBE = `(() => {
  const b = (window.__bench = { frames: [], longTasks: [], last: performance.now() });
  // The frames of the last 20 to 40 seconds only: the quiet check and the longest frame scan the list, and a list kept
  // since the page opened made each scan cost more the longer a page had been measured (its own figures grew with it).
  const tick = (t) => { b.frames.push([t, t - b.last]); if (b.frames.length > 2400) b.frames.splice(0, 1200); b.last = t; requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) b.longTasks.push([e.startTime, e.duration]); })
      .observe({ type: 'longtask', buffered: true });
  } catch {}
})();`;

/**
 * With --profile: which components rendered, counted at each commit through the hook React calls for its DevTools (a
 * component rendered when React marked its fiber as having done work; a subtree React did not enter is skipped).
 */
export const RENDER_COUNTER = `(() => {
  const counts = (window.__renders = new Map());
  const nameOf = (t) => typeof t === 'function' ? (t.displayName || t.name) : t && typeof t === 'object' ? (t.displayName || nameOf(t.type) || nameOf(t.render)) : null;
  const add = (f, how) => { const n = nameOf(f.type); if (n) counts.set(n + how, (counts.get(n + how) || 0) + 1); };
  const mount = (f) => { for (let c = f; c; c = c.sibling) { add(c, ' (mount)'); if (c.child) mount(c.child); } };
  const visit = (f) => {
    const prev = f.alternate;
    if (!prev) { add(f, ' (mount)'); if (f.child) mount(f.child); return; }
    if (f.flags & 1) add(f, '');
    if (f.child !== prev.child) for (let c = f.child; c; c = c.sibling) visit(c);
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, renderers: new Map(), inject: () => 1, checkDCE() {}, onScheduleFiberRoot() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id, root) { for (let c = root.current.child; c; c = c.sibling) visit(c); },
  };
})();`;

export interface Sample {
  mainThreadMs: number;
  longestFrameMs: number;
  /** Of the main thread's time: running script (React, the builder, Mantine). */
  scriptMs?: number;
  /** Of the main thread's time: the browser's style recalculation and layout (the rest is paint, GC, tasks' own). */
  styleLayoutMs?: number;
  /** The main thread's time until the action called its `mark` (a drag: its moves, before the drop). */
  markMs?: number;
  /** The script time between the action's calls of `step` (a drag: each move, with the frame it asked for). */
  stepScriptMs?: number[];
}

/** The main thread's busy time, and its script and style + layout parts, so far (seconds, CDP's counters). */
interface TaskTimes {
  task: number;
  script: number;
  styleLayout: number;
}

async function taskTimes(cdp: CDPSession): Promise<TaskTimes> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  const value = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
  return { task: value('TaskDuration'), script: value('ScriptDuration'), styleLayout: value('RecalcStyleDuration') + value('LayoutDuration') };
}

/** Waits until no frame has been longer than 50 ms for `quietMs`. */
export async function settle(page: Page, quietMs = 300): Promise<void> {
  await page.waitForFunction(
    (quiet) => {
      const b = (window as unknown as { __bench: { frames: [number, number][] } }).__bench;
      const now = performance.now();
      const recent = b.frames.filter(([t]) => t > now - quiet);
      return recent.length > 3 && recent.every(([, gap]) => gap < 50) && now - (b.frames[0]?.[0] ?? now) > quiet;
    },
    quietMs,
    { polling: 50, timeout: 30_000 },
  );
}

/** A CPU profile as CDP's `Profiler.stop` answers it. */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

/** With --profile: the CPU time of each function (self, and with its callees) summed over every sample of an action. */
export const profiles = new Map<string, { self: Map<string, number>; total: Map<string, number>; raw: CpuProfile[] }>();

export function addProfile(action: string, profile: CpuProfile): void {
  const entry = profiles.get(action) ?? { self: new Map<string, number>(), total: new Map<string, number>(), raw: [] as CpuProfile[] };
  profiles.set(action, entry);
  entry.raw.push(profile);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const key = (id: number) => {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    return `${functionName || '(anonymous)'} ${url ? `${url.split('/').pop()}:${lineNumber + 1}` : ''}`.trim();
  };
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    entry.self.set(key(id), (entry.self.get(key(id)) ?? 0) + ms);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const k = key(at);
      if (seen.has(k)) continue;
      seen.add(k);
      entry.total.set(k, (entry.total.get(k) ?? 0) + ms);
    }
  });
}

/** Whether actions are profiled (--profile); set by the run. */
export const profiling = { on: false };
/** With --profile: the renders of each component, summed over the samples of each action. */
export const renders = new Map<string, Map<string, number>>();

function addRenders(action: string, counted: [string, number][]): void {
  const sum = renders.get(action) ?? new Map<string, number>();
  renders.set(action, sum);
  for (const [component, n] of counted) sum.set(component, (sum.get(component) ?? 0) + n);
}

/** Whether actions are traced (--trace); set by the run. */
export const tracing = { on: false };

/**
 * With --trace: for each action, the main thread's trace events (what the DevTools Performance panel shows) summed by name over its samples, in ms, and the samples' count. The sums are
 * inclusive: an event's time counts also in each event around it (a garbage collection inside a `FunctionCall` is in
 * both), so the names say where the main thread's time went, not parts that add up.
 */
export const traces = new Map<string, { samples: number; byName: Map<string, number> }>();

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  args?: { name?: string };
}

/** Starts a trace of the page's renderer; the answer stops it and adds its main thread's events to `action`'s sums. */
async function startTrace(cdp: CDPSession, action: string): Promise<(as?: string) => Promise<void>> {
  const events: TraceEvent[] = [];
  // CDP types the events as string maps; they are Chromium's trace events.
  const collect = (data: { value: object[] }) => {
    events.push(...(data.value as unknown as TraceEvent[]));
  };
  cdp.on('Tracing.dataCollected', collect);
  // The DevTools Performance panel's categories (its tasks, `RunTask`, are in the disabled-by-default one).
  await cdp.send('Tracing.start', { categories: 'toplevel,devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
  return async (as = action) => {
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await complete;
    cdp.off('Tracing.dataCollected', collect);
    // The renderer's main thread: of the threads named CrRendererMain (of every thread when the trace names none), the
    // one that ran the most tasks' time.
    const named = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
    const busy = new Map<string, number>();
    for (const e of events) if (e.name === 'RunTask' && (named.size === 0 || named.has(`${e.pid}:${e.tid}`))) busy.set(`${e.pid}:${e.tid}`, (busy.get(`${e.pid}:${e.tid}`) ?? 0) + (e.dur ?? 0));
    const main = [...busy].sort((a, b) => b[1] - a[1])[0]?.[0];
    const entry = traces.get(as) ?? { samples: 0, byName: new Map<string, number>() };
    traces.set(as, entry);
    entry.samples += 1;
    for (const e of events) {
      if (e.ph !== 'X' || !e.dur || `${e.pid}:${e.tid}` !== main) continue;
      entry.byName.set(e.name, (entry.byName.get(e.name) ?? 0) + e.dur / 1000);
    }
  };
}

/**
 * Runs `action` and measures it: main-thread time until the page is quiet again, and the longest frame meanwhile. The
 * action may call `mark` once (what comes before it is counted apart, `markMs`) and `step` after each of its parts (the
 * script time of each part, `stepScriptMs`: from the start or the step before).
 */
export async function measure(
  page: Page,
  cdp: CDPSession,
  action: (mark: () => Promise<void>, step: () => Promise<void>) => Promise<void>,
  name = '',
): Promise<Sample> {
  await settle(page);
  const start = await page.evaluate(() => performance.now());
  let stopTrace = tracing.on ? await startTrace(cdp, name) : null;
  if (profiling.on) {
    await page.evaluate(() => (window as unknown as { __renders: Map<string, number> }).__renders.clear());
    await cdp.send('Profiler.start');
  }
  const before = await taskTimes(cdp);
  let marked: TaskTimes | undefined;
  const steps: number[] = [];
  let lastStep = before;
  const step = async () => {
    const now = await taskTimes(cdp);
    steps.push((now.script - lastStep.script) * 1000);
    lastStep = now;
  };
  await action(async () => {
    marked = await taskTimes(cdp);
    // With --trace, what comes before the mark and what follows it are traced apart (as `<action> until the mark` and
    // `<action> after the mark`).
    if (stopTrace) {
      await stopTrace(`${name} until the mark`);
      stopTrace = await startTrace(cdp, `${name} after the mark`);
    }
    // With --profile, so are the CPU profile and the renders.
    if (profiling.on) {
      addProfile(`${name} until the mark`, ((await cdp.send('Profiler.stop')) as { profile: CpuProfile }).profile);
      await cdp.send('Profiler.start');
      addRenders(
        `${name} until the mark`,
        await page.evaluate(() => {
          const counted = (window as unknown as { __renders: Map<string, number> }).__renders;
          const list = [...counted];
          counted.clear();
          return list;
        }),
      );
    }
  }, step);
  await settle(page, 200);
  const after = await taskTimes(cdp);
  await stopTrace?.();
  if (profiling.on) {
    addProfile(marked ? `${name} after the mark` : name, ((await cdp.send('Profiler.stop')) as { profile: CpuProfile }).profile);
    addRenders(marked ? `${name} after the mark` : name, await page.evaluate(() => [...(window as unknown as { __renders: Map<string, number> }).__renders]));
  }
  const longest = await page.evaluate((from) => {
    const b = (window as unknown as { __bench: { frames: [number, number][] } }).__bench;
    return Math.max(0, ...b.frames.filter(([t]) => t > from).map(([, gap]) => gap));
  }, start);
  // The quiet window the measure waits for is idle time of the rAF probe only: it is not subtracted (it is < 1 ms).
  return {
    mainThreadMs: (after.task - before.task) * 1000,
    longestFrameMs: longest,
    scriptMs: (after.script - before.script) * 1000,
    styleLayoutMs: (after.styleLayout - before.styleLayout) * 1000,
    markMs: marked ? (marked.task - before.task) * 1000 : undefined,
    ...(steps.length ? { stepScriptMs: steps } : {}),
  };
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? 0;
export const max = (values: number[]) => Math.max(0, ...values);

/**
 * Opens `url` and answers when it became interactive (ms from navigation start): `count` items matching `selector` on
 * the page, then 500 ms without a long frame; the later of the items' arrival and the end of the last long task.
 */
export async function openMeasured(page: Page, cdp: CDPSession, url: string, selector: string, count: number): Promise<number> {
  if (profiling.on) await cdp.send('Profiler.start');
  await page.goto(url);
  await page.waitForFunction(
    ({ selector, count }) => document.querySelectorAll(selector).length >= count,
    { selector, count },
    { timeout: 60_000, polling: 50 },
  );
  const shownAt = await page.evaluate(() => performance.now());
  await settle(page, 500);
  if (profiling.on) addProfile('open', ((await cdp.send('Profiler.stop')) as { profile: CpuProfile }).profile);
  // Interactive: every field there and the last long task over (or the fields' arrival, if later).
  return page.evaluate((shown) => {
    const b = (window as unknown as { __bench: { longTasks: [number, number][] } }).__bench;
    const lastEnd = Math.max(0, ...b.longTasks.map(([s, d]) => s + d));
    return Math.max(shown, lastEnd);
  }, shownAt);
}

