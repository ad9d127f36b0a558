/**
 * The in-browser half of the renderer bench: serves the built pages over HTTP on 127.0.0.1 and, in headless
 * Chromium (tests/support/chromium.mjs → /usr/bin/chromium), measures one page at one size per call. Each navigation
 * gets a fresh browser context (no HTTP or code cache carried over) and the probe (probe.js) as an init script.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';

/** What the probe records (page clock, ms since navigation start). */
interface Probe {
  firstDom: number | null;
  firstPaint: number | null;
  allDom: number | null;
  allPaint: number | null;
  controls: number;
  checks: number;
}

/** One timed navigation (plus its keystrokes) and one heap navigation. */
export interface Sample {
  firstPaintMs: number | null;
  allInteractiveMs: number | null;
  domNodes: number | null;
  /** Main-thread CPU time (thread time of its tasks) of each keystroke, ms. */
  keystrokeMs: number[];
  /** Wall time of the same tasks, ms (longer than the CPU time when the machine is busy). */
  keystrokeWallMs: number[];
  heapBeforeBytes: number | null;
  heapAfterBytes: number | null;
  heapGrowthBytes: number | null;
  problems: string[];
}

export const VIEWPORT = { width: 1280, height: 900 } as const;
/** The field typed into: a text field of the second group (on the first screen, not required, maxLength 30). */
export const KEY_FIELD_LABEL = /^\s*Text 2\.2\s*\*?\s*$/;
export const KEYSTROKES = 20;
const TIMEOUT = 180_000;
const CONTROLS = 'input:not([type="hidden"]), select, textarea, [role="combobox"]:not(input)';
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.woff2': 'font/woff2' };

/** Serves `root` (the built pages, one folder each) on a free port of 127.0.0.1; no compression, no caching. */
export async function serveStatic(root: string): Promise<{ base: string; server: Server }> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const file = path.join(root, path.normalize(decodeURIComponent(url.pathname)));
    if (!file.startsWith(root)) {
      res.writeHead(403).end();
      return;
    }
    readFile(file).then(
      (body) => res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' }).end(body),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

async function openContext(browser: Browser, probe: string): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addInitScript({ content: probe });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  return { context, page, cdp };
}

const readProbe = (page: Page) => page.evaluate(() => (window as unknown as { __probe: Probe }).__probe);

async function usedHeap(cdp: CDPSession): Promise<number> {
  // Twice: the first pass may leave garbage that finalisers free for the second.
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  return (await cdp.send('Runtime.getHeapUsage')).usedSize;
}

/** Waits for the next frame and a task after it in the page: the work a keystroke started has run. */
const settle = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 16))));

/** Trace categories: top-level tasks (with thread time) and DOM event dispatches (to find each keydown). */
const TRACE_CATEGORIES = ['toplevel', 'devtools.timeline'];

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { data?: { type?: string } };
}

/**
 * Splits a trace into keystrokes: keystroke i is every top-level task of the page's main thread from the task that
 * dispatched its keydown up to the task that dispatched the next one (or the end). Its CPU is the summed thread time
 * (`tdur`: time on a core, so a busy machine's waiting is left out), its wall time the summed durations.
 */
export function keystrokeTasks(trace: Buffer, expected: number): { cpu: number[]; wall: number[]; problem?: string } {
  const parsed = JSON.parse(trace.toString('utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const keydowns = events.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'keydown').sort((a, b) => a.ts - b.ts);
  const first = keydowns[0];
  if (!first) return { cpu: [], wall: [], problem: 'no keydown in the trace' };
  const onMain = (e: TraceEvent) => e.pid === first.pid && e.tid === first.tid;
  const all = events.filter((e) => onMain(e) && e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask').sort((a, b) => a.ts - b.ts);
  // Only outermost tasks: a nested run loop's tasks are inside their parent's time already.
  const tasks: TraceEvent[] = [];
  let end = -Infinity;
  for (const task of all) {
    if (task.ts < end) continue;
    tasks.push(task);
    end = task.ts + (task.dur ?? 0);
  }
  const starts = keydowns.filter(onMain).map((k) => tasks.findLast((t) => t.ts <= k.ts)?.ts ?? k.ts);
  const cpu: number[] = [];
  const wall: number[] = [];
  starts.forEach((start, i) => {
    const next = starts[i + 1] ?? Infinity;
    const own = tasks.filter((t) => t.ts >= start && t.ts < next);
    cpu.push(own.reduce((sum, t) => sum + (t.tdur ?? t.dur ?? 0), 0) / 1000);
    wall.push(own.reduce((sum, t) => sum + (t.dur ?? 0), 0) / 1000);
  });
  return { cpu, wall, ...(starts.length !== expected ? { problem: `${starts.length} keydowns traced, ${expected} pressed` } : {}) };
}

/**
 * Loads the page without an expected count and waits until its number of field controls has not changed for 1.5 s:
 * the count of a fully mounted page, which the timed runs then wait for. Doubles as a warm-up of the server and disk.
 */
export async function calibrate(browser: Browser, probe: string, url: string): Promise<number> {
  const { context, page } = await openContext(browser, probe);
  try {
    await page.goto(url, { timeout: TIMEOUT });
    let last = -1;
    let stableSince = performance.now();
    const started = performance.now();
    for (;;) {
      const count = await page.evaluate((sel) => document.querySelectorAll(sel).length, CONTROLS);
      if (count !== last || count === 0) {
        last = count;
        stableSince = performance.now();
      } else if (performance.now() - stableSince > 1500) return count;
      if (performance.now() - started > TIMEOUT) throw new Error(`${url}: the number of controls never settled (last ${last})`);
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    await context.close();
  }
}

/** One timed navigation with keystrokes, then one heap navigation. */
export async function measureOnce(browser: Browser, probe: string, url: string, expected: number, keystrokes = KEYSTROKES): Promise<Sample> {
  const sample: Sample = {
    firstPaintMs: null,
    allInteractiveMs: null,
    domNodes: null,
    keystrokeMs: [],
    keystrokeWallMs: [],
    heapBeforeBytes: null,
    heapAfterBytes: null,
    heapGrowthBytes: null,
    problems: [],
  };
  const withExpect = `${url}${url.includes('?') ? '&' : '?'}expect=${expected}`;

  // Timed navigation: paint times, DOM nodes, keystrokes.
  {
    const { context, page } = await openContext(browser, probe);
    try {
      await page.goto(withExpect, { timeout: TIMEOUT });
      await page.waitForFunction(() => (window as unknown as { __probe: Probe }).__probe.allPaint !== null, undefined, { timeout: TIMEOUT, polling: 100 });
      const p = await readProbe(page);
      sample.firstPaintMs = p.firstPaint;
      sample.allInteractiveMs = p.allPaint;
      sample.domNodes = await page.evaluate(() => document.getElementsByTagName('*').length);

      const field = page.getByLabel(KEY_FIELD_LABEL);
      const found = await field.count();
      if (found !== 1) sample.problems.push(`${found} fields labelled ${KEY_FIELD_LABEL}`);
      await field.first().click();
      // Let the click's work and any leftover work of loading finish before tracing.
      await page.waitForTimeout(300);
      await settle(page);
      await browser.startTracing(page, { categories: TRACE_CATEGORIES });
      try {
        for (let i = 0; i < keystrokes; i++) {
          await page.keyboard.press('a');
          await settle(page);
        }
      } finally {
        const trace = await browser.stopTracing();
        const keys = keystrokeTasks(trace, keystrokes);
        sample.keystrokeMs = keys.cpu;
        sample.keystrokeWallMs = keys.wall;
        if (keys.problem) sample.problems.push(keys.problem);
      }
      const typed = await field.first().inputValue();
      if (typed !== 'a'.repeat(keystrokes)) sample.problems.push(`typed ${keystrokes} × "a" but the field holds ${JSON.stringify(typed)}`);
    } catch (error) {
      sample.problems.push(`timed run: ${(error as Error).message.split('\n')[0]}`);
    } finally {
      await context.close();
    }
  }

  // Heap navigation: the page loads and builds its schema, then waits; heap before and after rendering, after GC.
  {
    const { context, page, cdp } = await openContext(browser, probe);
    try {
      await page.goto(`${withExpect}&hold`, { timeout: TIMEOUT });
      await page.waitForFunction(() => window.__benchHolding === true, undefined, { timeout: TIMEOUT, polling: 50 });
      sample.heapBeforeBytes = await usedHeap(cdp);
      await page.evaluate(() => window.__benchGo?.());
      await page.waitForFunction(() => (window as unknown as { __probe: Probe }).__probe.allPaint !== null, undefined, { timeout: TIMEOUT, polling: 100 });
      // Let effects, observers and idle work that follow mounting run before reading the heap.
      await page.waitForTimeout(500);
      sample.heapAfterBytes = await usedHeap(cdp);
      sample.heapGrowthBytes = sample.heapAfterBytes - sample.heapBeforeBytes;
    } catch (error) {
      sample.problems.push(`heap run: ${(error as Error).message.split('\n')[0]}`);
    } finally {
      await context.close();
    }
  }
  return sample;
}
