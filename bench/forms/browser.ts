/**
 * The in-browser half of the forms bench: Chromium (playwright-core, /usr/bin/chromium) drives the real example host
 * build served by the bench's server. It signs in as the administrator at the development identity provider, then
 * on the Form Instances route measures, with the page's own clock (see page-probe.js):
 *
 * - navigation → usable table: from the navigation's start to the first paint where the table shows rows, no fetch
 *   is running and the first row's controls are enabled;
 * - keystroke → results: a term typed into "Text in the answers" one key at a time (60 ms apart, as a quick typist),
 *   then from the last keydown to the paint of the settled table with the filtered count. The screen waits
 *   `INSTANCE_SEARCH_DEBOUNCE_MS` (100 ms) after the last key before it asks the server; that wait is part of this figure.
 *
 * Every API call the page makes is recorded (path, query, status, bytes on the wire, time) so the report can show
 * what the screen asked for.
 */
import { readFile, writeFile } from 'node:fs/promises';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { launchChromium } from '../../tests/support/chromium.mjs';

/** The host route of the instance list and the table's accessible name (its labels' `formInstanceListTitle`). */
export const INSTANCES_PATH = '/admin/form-instances/';
const TABLE_LABEL = 'Form Instances';
const SEARCH_LABEL = 'Text in the answers';
/** Between two keys of a typed term. */
const KEY_GAP_MS = 60;

/** An API call the page made. */
export interface ObservedCall {
  phase: string;
  method: string;
  path: string;
  query: string;
  status: number;
  /** Response body bytes on the wire (as Chromium counts them). */
  wireBytes: number | null;
  /** Request start to response end, in ms. */
  ms: number | null;
}

/** One navigation to the list. */
export interface NavigationRun {
  run: number;
  warmup: boolean;
  /** Page clock when the table was first usable (painted), ms since the navigation started. */
  usableMs: number | null;
  rows: number | null;
  pagination: string | null;
  /** What the page loaded and when (page clock, ms since the navigation started): the document, scripts, styles, API calls. */
  timeline?: TimelineEntry[];
  problem?: string;
}

/** A resource the page loaded during a navigation, from the page's Resource Timing. */
export interface TimelineEntry {
  /** The path (and query, for API calls), or `document`. */
  name: string;
  kind: string;
  startMs: number;
  endMs: number;
  /** Bytes on the wire (0 for a cached or a same-connection reuse the browser does not count). */
  bytes: number;
}

/** One term typed into the search box. */
export interface SearchRun {
  term: string;
  run: number;
  /** Last keydown → the filtered table painted. */
  ms: number | null;
  pagination: string | null;
  problem?: string;
}

export interface BrowserResults {
  signInMs: number | null;
  navigations: NavigationRun[];
  searches: SearchRun[];
  calls: ObservedCall[];
  problems: string[];
}

interface Painted {
  timeout?: boolean;
  tDom?: number;
  tPaint?: number;
  lastKeydown?: number | null;
  rows?: number;
  pagination?: string;
}

const js = (value: unknown) => JSON.stringify(value);

async function signInAtProvider(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username').waitFor({ timeout: 60_000 });
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function navigate(page: Page, url: string, run: number, warmup: boolean): Promise<NavigationRun> {
  await page.goto(url, { waitUntil: 'commit' });
  // Polled inside the page: the host's CSP forbids the eval that waitForFunction would need.
  const ready = (await page.evaluate(`window.__forms.usableAt(${js(TABLE_LABEL)}, 60000)`)) as Painted;
  if (ready.timeout) {
    const state = await page.evaluate(`window.__forms.state(${js(TABLE_LABEL)})`).catch(() => null);
    return { run, warmup, usableMs: null, rows: null, pagination: null, problem: `no usable table within 60 s: ${js(state)}` };
  }
  const timeline = (await page.evaluate(TIMELINE_SCRIPT).catch(() => [])) as TimelineEntry[];
  return { run, warmup, usableMs: ready.tPaint ?? null, rows: ready.rows ?? null, pagination: ready.pagination ?? null, timeline };
}

// Evaluated in the page (a string: the host's CSP forbids the eval a function would need): the navigation's document
// and every resource, rounded to 0.1 ms.
const TIMELINE_SCRIPT = `(() => {
  const r = (n) => Math.round(n * 10) / 10;
  const nav = performance.getEntriesByType('navigation')[0];
  const out = nav ? [{ name: 'document', kind: 'navigation', startMs: 0, endMs: r(nav.responseEnd), bytes: nav.transferSize }] : [];
  if (nav) out.push({ name: 'domContentLoaded', kind: 'event', startMs: r(nav.domContentLoadedEventStart), endMs: r(nav.domContentLoadedEventEnd), bytes: 0 });
  for (const e of performance.getEntriesByType('resource')) {
    const u = new URL(e.name);
    const api = u.pathname.startsWith('/api/') || u.pathname.startsWith('/odata/');
    out.push({ name: api ? decodeURIComponent(u.pathname + u.search).slice(0, 160) : u.pathname, kind: e.initiatorType, startMs: r(e.startTime), endMs: r(e.responseEnd), bytes: e.transferSize });
  }
  return out.sort((a, b) => a.startMs - b.startMs);
})()`;

/** A navigation's timeline as lines: each resource's start and end, the usable table last. */
export function timelineLines(run: NavigationRun): string[] {
  const lines = (run.timeline ?? []).map((e) => `    ${String(Math.round(e.startMs)).padStart(5)} → ${String(Math.round(e.endMs)).padStart(5)} ms  ${e.kind.padEnd(10)} ${e.name}${e.bytes ? ` (${Math.round(e.bytes / 1024)} kB)` : ''}`);
  if (run.usableMs !== null) lines.push(`    ${String(Math.round(run.usableMs)).padStart(5)} ms  usable table`);
  return lines;
}

async function search(page: Page, term: string, total: number, run: number): Promise<SearchRun> {
  const box = page.getByLabel(SEARCH_LABEL);
  const before = ((await page.evaluate(`window.__forms.state(${js(TABLE_LABEL)})`)) as { pagination: string }).pagination;
  await box.click();
  await page.evaluate(`window.__forms.armResults(${js(TABLE_LABEL)}, ${js(before)}, 30000, ${js(total)})`);
  await page.keyboard.type(term, { delay: KEY_GAP_MS });
  const result = (await page.evaluate('window.__forms.pending')) as Painted;
  const out: SearchRun =
    result.timeout || result.tPaint === undefined || result.lastKeydown === null || result.lastKeydown === undefined
      ? { term, run, ms: null, pagination: null, problem: `the table did not show results for "${term}" within 30 s` }
      : { term, run, ms: result.tPaint - result.lastKeydown, pagination: result.pagination ?? null };
  // Back to the whole list (not measured), settled, before the next term.
  const filtered = ((await page.evaluate(`window.__forms.state(${js(TABLE_LABEL)})`)) as { pagination: string }).pagination;
  await page.evaluate(`window.__forms.armResults(${js(TABLE_LABEL)}, ${js(filtered)}, 30000)`);
  await box.fill('');
  await page.evaluate('window.__forms.pending');
  await page.waitForTimeout(200);
  return out;
}

async function startProfile(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
  await cdp.send('Profiler.start');
  return cdp;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

/** Stops the profile, writes it, and gives the heaviest scripts and functions by self time. */
async function stopProfile(cdp: CDPSession, file: string): Promise<string[]> {
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] } };
  await cdp.detach().catch(() => undefined);
  await writeFile(file, JSON.stringify(profile));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const byScript = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const [id, ms] of self) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    const script = frame.url ? new URL(frame.url).pathname : `(${frame.functionName || 'program'})`;
    byScript.set(script, (byScript.get(script) ?? 0) + ms);
    const fn = `${frame.functionName || '(anonymous)'} ${script}:${frame.lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map].sort((a, b) => b[1] - a[1]).slice(0, n).map(([name, ms]) => `    ${ms.toFixed(0).padStart(5)} ms  ${name}`);
  return [`  CPU profile → ${file}; self time by script:`, ...top(byScript, 15), '  by function:', ...top(byFunction, 25)];
}

/** Runs the browser measurements: `runs` measured navigations (after a warm-up) and each search term `runs` times. */
export async function measureBrowser(options: {
  base: string;
  runs: number;
  /** Each term and the total the list shows for it (the count of the same `$search`). */
  terms: readonly { term: string; total: number }[];
  username: string;
  password: string;
  log: (line: string) => void;
  /** Print each measured navigation's timeline (what loaded when). */
  timeline?: boolean;
  /** Write a CPU profile of the last measured navigation here (Chromium's own, `.cpuprofile`) and print its heaviest functions. */
  profile?: string;
}): Promise<BrowserResults> {
  const { base, runs, log } = options;
  const url = `${base}${INSTANCES_PATH}`;
  const probe = await readFile(new URL('./page-probe.js', import.meta.url), 'utf8');
  let browser: Browser | null = null;
  let context: BrowserContext | null = null;
  const results: BrowserResults = { signInMs: null, navigations: [], searches: [], calls: [], problems: [] };
  let phase = 'sign-in';
  try {
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    await context.addInitScript({ content: probe });
    const page = await context.newPage();
    page.on('pageerror', (error) => results.problems.push(`page error: ${error.message}`));
    page.on('requestfinished', (request) => {
      const at = new URL(request.url());
      if (at.origin !== base || !/^\/(api|odata)\//.test(at.pathname)) return;
      const current = phase;
      void (async () => {
        const sizes = await request.sizes().catch(() => null);
        const response = await request.response().catch(() => null);
        const timing = request.timing();
        results.calls.push({
          phase: current,
          method: request.method(),
          path: at.pathname,
          query: decodeURIComponent(at.search),
          status: response?.status() ?? 0,
          wireBytes: sizes?.responseBodySize ?? null,
          ms: timing.responseEnd >= 0 ? timing.responseEnd : null,
        });
      })();
    });

    const t0 = performance.now();
    await page.goto(url);
    await signInAtProvider(page, options.username, options.password);
    await page.waitForURL(url, { timeout: 60_000 });
    results.signInMs = performance.now() - t0;
    log(`signed in as ${options.username} in ${(results.signInMs / 1000).toFixed(1)} s`);

    for (let run = 0; run <= runs; run++) {
      phase = run === 0 ? 'navigation warm-up' : 'navigation';
      const profiling = options.profile && run === runs ? await startProfile(page) : null;
      const measured = await navigate(page, url, run, run === 0).catch((error: unknown) => ({
        run,
        warmup: run === 0,
        usableMs: null,
        rows: null,
        pagination: null,
        problem: `navigation failed: ${(error as Error).message.split('\n')[0] ?? ''}`,
      }));
      results.navigations.push(measured);
      if (profiling && options.profile) for (const line of await stopProfile(profiling, options.profile)) log(line);
      log(`  navigation ${run === 0 ? 'warm-up' : `run ${run}`}: usable table ${measured.usableMs === null ? '—' : `${Math.round(measured.usableMs)} ms`} (${measured.pagination ?? measured.problem ?? ''})`);
      if (run > 0 && options.timeline) for (const line of timelineLines(measured)) log(line);
    }
    for (let run = 0; run <= runs; run++) {
      for (const { term, total } of options.terms) {
        phase = `search "${term}"`;
        const measured = await search(page, term, total, run).catch((error: unknown) => ({
          term,
          run,
          ms: null,
          pagination: null,
          problem: `search failed: ${(error as Error).message.split('\n')[0] ?? ''}`,
        }));
        // The first round warms up (the first search of a page loads what it needs once).
        if (run > 0) results.searches.push(measured);
        log(`  search "${term}" ${run === 0 ? 'warm-up' : `run ${run}`}: ${measured.ms === null ? '—' : `${Math.round(measured.ms)} ms`} after the last key (${measured.pagination ?? measured.problem ?? ''})`);
      }
    }
    phase = 'done';
    await page.waitForTimeout(500);
  } catch (error) {
    results.problems.push(`browser measurement stopped in ${phase}: ${(error as Error).message.split('\n')[0] ?? ''}`);
  } finally {
    await context?.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
  }
  return results;
}
