/**
 * `npm run bench:builder`: the form builder's speed on a 300-field form, in headless Chromium on the real host build.
 * Builds the example host (vite, production, into .tmp/bench-builder-dist), starts the reference server on free ports
 * serving it (in-memory PGlite), stores the 300-field form of `form-300.ts` through the API, signs in as the seeded
 * administrator and opens `/admin/form-builder/?formId=…`. Then, each action several times:
 *
 * - open the form: from navigation start to interactive (every field on the canvas, then 500 ms without a long task);
 * - select a field (a click on the canvas), type in the property panel (one key at a time), drag a field across the
 *   canvas (the mouse, in steps), undo (Ctrl+Z);
 *
 * and, for each, the main thread's busy time (CDP `Performance.getMetrics` TaskDuration, before and after, once the
 * page is quiet again) and the longest frame (the longest gap between two animation frames while the action runs).
 * Also the builder page's JavaScript, gzip-compressed, before and after the JSON view is opened. Prints a table with
 * each goal's PASS or GAP and writes bench/builder/results.json. See bench/builder/README.md.
 *
 * Options: --runs N (samples per action, default 5), --no-build (reuse the last build), --out FILE, --dist DIR (build
 * into and serve DIR instead: with --no-build, two builds can be measured in turns under the same load), --profile (an
 * unminified build in .tmp/bench-builder-dist-profile, and a CPU profile of every action: the functions that took the
 * most time, self and with their callees, per action; the profiles are written beside the results file).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { CDPSession, Locator, Page } from 'playwright-core';
import { startServer, type ServerHandle } from '../../example-host/server/server';
import { launchChromium } from '../../tests/support/chromium.mjs';
import { largeFormDraft } from './form-300';

const root = path.resolve(new URL('../..', import.meta.url).pathname);
let distDir = path.join(root, '.tmp/bench-builder-dist');

/** The goals on this 2-core machine. */
export const GOALS = { actionMainThreadMs: 50, longestFrameMs: 50, openMs: 1000 } as const;

/** How the benchmark finds the builder's parts (the builder's own names and landmarks). */
const SELECT = {
  canvas: '[data-builder-canvas]',
  field: '[data-builder-canvas] [data-builder-item][role="button"]',
  properties: 'aside',
};

interface Args {
  runs: number;
  build: boolean;
  out: string;
  profile: boolean;
  /** The build to serve (and to build into), instead of the default one: two builds can be compared in turns. */
  dist: string | null;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { runs: 5, build: true, out: path.join(root, 'bench/builder/results.json'), profile: false, dist: null };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--runs') args.runs = Math.max(1, Number(argv[++i]));
    else if (arg.startsWith('--runs=')) args.runs = Math.max(1, Number(arg.slice(7)));
    else if (arg === '--no-build') args.build = false;
    else if (arg === '--out') args.out = path.resolve(String(argv[++i]));
    else if (arg === '--profile') args.profile = true;
    else if (arg === '--dist') args.dist = path.resolve(String(argv[++i]));
    else throw new Error(`Unknown option ${arg}`);
  }
  return args;
}

const log = (message: string) => process.stderr.write(`[bench:builder] ${message}\n`);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function buildHost(minify: boolean): void {
  const result = spawnSync(
    'npx',
    ['vite', 'build', '-c', 'example-host/vite.config.ts', '--outDir', distDir, '--emptyOutDir', '--logLevel', 'warn', ...(minify ? [] : ['--minify', 'false'])],
    { cwd: root, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('The example host did not build (see above).');
}

async function startOnFreePorts(): Promise<ServerHandle> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    let oidcPort = await freePort();
    while (oidcPort === port) oidcPort = await freePort();
    try {
      return await startServer({ port, oidcPort, dataDir: 'memory://', hostDist: distDir, hostOrigins: [], log: () => {} });
    } catch (error) {
      if (attempt >= 3 || (error as { code?: string }).code !== 'EADDRINUSE') throw error;
    }
  }
}

/** Stores the 300-field form through the API as the administrator; answers its id. */
async function storeLargeForm(server: ServerHandle): Promise<string> {
  const token = await server.mintAccessToken({ sub: 'admin' });
  const call = async (entity: string, body: unknown) => {
    const response = await fetch(`${server.url}/api/crud/${entity}/post`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${entity} post: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, string>;
  };
  const form = await call('form', { name: 'Bench: 300 fields' });
  await call('formschema', { formId: form.formId, ...largeFormDraft() });
  return form.formId as string;
}

/** Watches frames (the gap between animation frames) and long tasks in the page. */
const PROBE = `(() => {
  const b = (window.__bench = { frames: [], longTasks: [], last: performance.now() });
  const tick = (t) => { b.frames.push([t, t - b.last]); b.last = t; requestAnimationFrame(tick); };
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
const RENDER_COUNTER = `(() => {
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

interface Sample {
  mainThreadMs: number;
  longestFrameMs: number;
  /** Of the main thread's time: running script (React, the builder, Mantine). */
  scriptMs?: number;
  /** Of the main thread's time: the browser's style recalculation and layout (the rest is paint, GC, tasks' own). */
  styleLayoutMs?: number;
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
async function settle(page: Page, quietMs = 300): Promise<void> {
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
interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

/** With --profile: the CPU time of each function (self, and with its callees) summed over every sample of an action. */
const profiles = new Map<string, { self: Map<string, number>; total: Map<string, number>; raw: CpuProfile[] }>();

function addProfile(action: string, profile: CpuProfile): void {
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

let profiling = false;
/** With --profile: the renders of each component, summed over the samples of each action. */
const renders = new Map<string, Map<string, number>>();

/** Runs `action` and measures it: main-thread time until the page is quiet again, and the longest frame meanwhile. */
async function measure(page: Page, cdp: CDPSession, action: () => Promise<void>, name = ''): Promise<Sample> {
  await settle(page);
  const start = await page.evaluate(() => performance.now());
  if (profiling) {
    await page.evaluate(() => (window as unknown as { __renders: Map<string, number> }).__renders.clear());
    await cdp.send('Profiler.start');
  }
  const before = await taskTimes(cdp);
  await action();
  await settle(page, 200);
  const after = await taskTimes(cdp);
  if (profiling) {
    addProfile(name, ((await cdp.send('Profiler.stop')) as { profile: CpuProfile }).profile);
    const counted = await page.evaluate(() => [...(window as unknown as { __renders: Map<string, number> }).__renders]);
    const sum = renders.get(name) ?? new Map<string, number>();
    renders.set(name, sum);
    for (const [component, n] of counted) sum.set(component, (sum.get(component) ?? 0) + n);
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
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? 0;
const max = (values: number[]) => Math.max(0, ...values);

async function signIn(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByLabel('Username').waitFor({ timeout: 60_000 });
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill('admin-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The gzip size of every script the page loaded so far (from the build's files, as the server would gzip them). */
async function scriptsGzip(loaded: Set<string>): Promise<{ files: string[]; bytes: number }> {
  let bytes = 0;
  const files = [...loaded].filter((p) => p.endsWith('.js')).sort();
  for (const file of files) {
    const full = path.join(distDir, file);
    if (existsSync(full)) bytes += gzipSync(await readFile(full), { level: 9 }).length;
  }
  return { files, bytes };
}

/** Waits until the n-th field item of the canvas is the real one (a sortable item), not a far section's stand-in. */
async function drawn(page: Page, n: number): Promise<void> {
  await page.waitForFunction(
    ({ selector, n }) => document.querySelectorAll(selector)[n]?.hasAttribute('aria-roledescription') === true,
    { selector: SELECT.field, n },
    { polling: 50, timeout: 30_000 },
  );
}

async function openMeasured(page: Page, cdp: CDPSession, url: string, fieldCount: number): Promise<number> {
  if (profiling) await cdp.send('Profiler.start');
  await page.goto(url);
  await page.waitForFunction(
    ({ selector, count }) => document.querySelectorAll(selector).length >= count,
    { selector: SELECT.field, count: fieldCount },
    { timeout: 60_000, polling: 50 },
  );
  const shownAt = await page.evaluate(() => performance.now());
  await settle(page, 500);
  if (profiling) addProfile('open', ((await cdp.send('Profiler.stop')) as { profile: CpuProfile }).profile);
  // Interactive: every field there and the last long task over (or the fields' arrival, if later).
  return page.evaluate((shown) => {
    const b = (window as unknown as { __bench: { longTasks: [number, number][] } }).__bench;
    const lastEnd = Math.max(0, ...b.longTasks.map(([s, d]) => s + d));
    return Math.max(shown, lastEnd);
  }, shownAt);
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  // The machine is shared: the load average (1, 5, 15 min) at the start and the end goes beside the figures.
  const loadAtStart = loadavg();
  if (args.profile) distDir = path.join(root, '.tmp/bench-builder-dist-profile');
  if (args.dist) distDir = args.dist;
  if (args.build || !existsSync(path.join(distDir, 'index.html'))) {
    log(`building the example host (vite build${args.profile ? ', unminified' : ''} → ${path.relative(root, distDir)})…`);
    buildHost(!args.profile);
  } else log(`reusing ${path.relative(root, distDir)} (--no-build)`);

  const server = await startOnFreePorts();
  const browser = await launchChromium();
  const results: Record<string, Sample[]> = { scroll: [], select: [], type: [], drag: [], undo: [] };
  const opens: number[] = [];
  /** Whether each drag moved a field and each undo changed the canvas back (a sample of nothing would pass falsely). */
  const checks: { dragMoved: boolean; undoChanged: boolean }[] = [];
  let jsBefore = { files: [] as string[], bytes: 0 };
  let jsAfter = { files: [] as string[], bytes: 0 };
  try {
    const formId = await storeLargeForm(server);
    const url = `${server.url}/admin/form-builder/?formId=${formId}`;
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    await page.addInitScript(PROBE);
    if (args.profile) await page.addInitScript(RENDER_COUNTER);
    const loaded = new Set<string>();
    page.on('response', (response) => {
      const pathname = new URL(response.url()).pathname;
      if (pathname.startsWith('/assets/')) loaded.add(pathname);
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    if (args.profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      profiling = true;
    }
    log('signing in as the seeded administrator');
    await signIn(page, url);
    const fieldCount = 300;
    await page.locator(SELECT.field).nth(fieldCount - 1).waitFor({ timeout: 60_000 });

    for (let i = 0; i < args.runs; i++) {
      loaded.clear();
      opens.push(await openMeasured(page, cdp, url, fieldCount));
      log(`open ${i + 1}/${args.runs}: interactive at ${Math.round(opens.at(-1) ?? 0)} ms`);
    }
    jsBefore = await scriptsGzip(loaded);

    const fields = page.locator(SELECT.field);
    const label = page.locator(SELECT.properties).getByRole('textbox', { name: /^Label/ }).first();
    for (let i = 0; i < args.runs; i++) {
      const index = (i * 61 + 7) % fieldCount;
      const target: Locator = fields.nth(index);
      // A jump to a far field: the canvas draws the sections that come into view (a stand-in until then).
      results.scroll!.push(await measure(page, cdp, () => target.scrollIntoViewIfNeeded().then(() => drawn(page, index)), 'scroll'));
      results.select!.push(await measure(page, cdp, () => target.click(), 'select'));
      await label.click();
      await page.keyboard.press('End');
      for (const key of ' edited') results.type!.push(await measure(page, cdp, () => page.keyboard.press(key === ' ' ? 'Space' : key), 'type'));
      // A drag across the canvas: the first field of a section to below the third field of the next one.
      const beforeDrag = await fields.evaluateAll((els) => els.slice(0, 70).map((e) => e.getAttribute('aria-label') ?? '').join('|'));
      const from = fields.nth(20 * (i % 3) + 1);
      const to = fields.nth(20 * (i % 3) + 23);
      await from.scrollIntoViewIfNeeded();
      // Sections far from the view draw stand-ins; scrolled into view they draw their fields: the boxes are read after.
      await drawn(page, 20 * (i % 3) + 1);
      await settle(page);
      const a = await from.boundingBox();
      const b = await to.boundingBox();
      if (a && b) {
        results.drag!.push(
          await measure(page, cdp, async () => {
            await page.mouse.move(a.x + 20, a.y + a.height / 2);
            await page.mouse.down();
            const steps = 12;
            for (let s = 1; s <= steps; s++) await page.mouse.move(a.x + 20, a.y + a.height / 2 + ((b.y - a.y + b.height) * s) / steps);
            await page.mouse.up();
          }, 'drag'),
        );
      }
      const order = () => fields.evaluateAll((els) => els.slice(0, 70).map((e) => e.getAttribute('aria-label') ?? '').join('|'));
      const afterDrag = await order();
      // The builder's shortcut, with the focus on the canvas (in a text box Ctrl+Z is the box's own undo).
      await fields.nth(0).focus();
      results.undo!.push(await measure(page, cdp, () => page.keyboard.press('Control+z'), 'undo'));
      const afterUndo = await order();
      checks.push({ dragMoved: afterDrag !== beforeDrag, undoChanged: afterUndo !== afterDrag });
      log(`actions ${i + 1}/${args.runs} done`);
    }

    const jsonToggle = page.getByRole('button', { name: /JSON/ }).or(page.getByRole('tab', { name: /JSON/ })).or(page.getByRole('radio', { name: /JSON/ }));
    if (await jsonToggle.count()) {
      await jsonToggle.first().click();
      await page.locator('.cm-editor').first().waitFor({ timeout: 30_000 });
      await page.waitForTimeout(1000);
      jsAfter = await scriptsGzip(new Set([...loaded]));
    } else log('no JSON view control found: the JS with the JSON view is not measured');
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }

  const rows: { action: string; values: Sample[] }[] = [
    { action: 'open the 300-field form (to interactive)', values: opens.map((v) => ({ mainThreadMs: v, longestFrameMs: Number.NaN })) },
    { action: 'scroll to a far field (its section drawn)', values: results.scroll! },
    { action: 'select a field', values: results.select! },
    { action: 'type in the property panel (per key)', values: results.type! },
    { action: 'drag a field across the canvas', values: results.drag! },
    { action: 'undo (Ctrl+Z)', values: results.undo! },
  ];
  const ms = (v: number) => (Number.isFinite(v) ? `${Math.round(v)} ms` : '—');
  const kB = (b: number) => `${(b / 1000).toFixed(1)} kB`;
  const lines = [
    '| action | samples | main thread median | main thread max | of it: script / style + layout (medians) | longest frame max | goal | result |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const row of rows.slice(1)) {
    const main = row.values.map((s) => s.mainThreadMs);
    const frames = row.values.map((s) => s.longestFrameMs);
    const parts = `${ms(median(row.values.map((s) => s.scriptMs ?? Number.NaN)))} / ${ms(median(row.values.map((s) => s.styleLayoutMs ?? Number.NaN)))}`;
    const pass = max(main) <= GOALS.actionMainThreadMs && max(frames) <= GOALS.longestFrameMs;
    lines.push(
      `| ${row.action} | ${row.values.length} | ${ms(median(main))} | ${ms(max(main))} | ${parts} | ${ms(max(frames))} | ≤ ${GOALS.actionMainThreadMs} ms, frames ≤ ${GOALS.longestFrameMs} ms | ${pass ? 'PASS' : 'GAP'} |`,
    );
  }
  const openMedian = median(opens);
  lines.push(`| open the 300-field form | ${opens.length} | interactive at ${ms(openMedian)} (median) | ${ms(max(opens))} | | | ≤ ${GOALS.openMs} ms | ${openMedian <= GOALS.openMs ? 'PASS' : 'GAP'} |`);
  lines.push('');
  lines.push(`Builder page JS, gzip: ${kB(jsBefore.bytes)} in ${jsBefore.files.length} files; with the JSON view opened: ${jsAfter.bytes ? `${kB(jsAfter.bytes)} in ${jsAfter.files.length} files (+${kB(jsAfter.bytes - jsBefore.bytes)})` : 'not measured'}`);
  const loadAtEnd = loadavg();
  const loads = (l: number[]) => l.map((v) => v.toFixed(2)).join(' ');
  lines.push(`Machine load (1, 5, 15 min): ${loads(loadAtStart)} at the start, ${loads(loadAtEnd)} at the end`);
  lines.push(`Drags that moved a field: ${checks.filter((c) => c.dragMoved).length} of ${checks.length}; undos that changed the canvas: ${checks.filter((c) => c.undoChanged).length} of ${checks.length}`);
  console.log(lines.join('\n'));
  await writeFile(
    args.out,
    `${JSON.stringify({ date: new Date().toISOString(), load: { start: loadAtStart, end: loadAtEnd }, goals: GOALS, opens, results, checks, jsGzip: { withoutJsonView: jsBefore, withJsonView: jsAfter } }, null, 2)}\n`,
  );
  log(`wrote ${path.relative(root, args.out)}`);
  for (const [action, { self, total, raw }] of profiles) {
    const top = (m: Map<string, number>, n: number) =>
      [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `  ${(v / raw.length).toFixed(1).padStart(7)} ms  ${k}`);
    console.log(`\n## ${action}: CPU per sample (${raw.length} samples), self time\n${top(self, 25).join('\n')}\n## ${action}: with callees\n${top(total, 40).join('\n')}`);
    const counted = [...(renders.get(action) ?? [])].sort((a, b) => b[1] - a[1]).slice(0, 40);
    if (counted.length) console.log(`## ${action}: renders per sample\n${counted.map(([k, n]) => `  ${(n / raw.length).toFixed(1).padStart(7)}  ${k}`).join('\n')}`);
    const file = args.out.replace(/\.json$/, `.${action}.cpuprofile`);
    await writeFile(file, JSON.stringify(raw.at(-1)));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
