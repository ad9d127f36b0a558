/**
 * The in-browser half of the admin benchmark: signs in as the administrator through the development identity
 * provider, then on each permission screen measures (with the page's own clock, see page-probe.js) the time from
 * navigation to a usable picker, keystroke-to-filtered-options times and the time to open the chosen holder's panel.
 * Every API call the pages make is recorded, so the API half can time exactly the calls the screens make.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../../tests/support/chromium.mjs';

/** One permission screen and what to do on it. */
export interface ScreenSpec {
  key: string;
  title: string;
  path: string;
  /** The picker's accessible label(s), first the current one. */
  pickerLabels: string[];
  /**
   * The option to filter for (its full label) and the prefixes to type, one keystroke each: at least the first
   * `minKeystrokes`, then on until the target is offered (a search-first picker shows one page of matches).
   */
  target: { label: string; prefixes: string[]; minKeystrokes: number };
  /** The panel that opens when the target is chosen. */
  panel: { name: string; headingPrefix: string; headingIncludes: string | null; checkedKeys: string[] };
}

/** An API call a page made. */
export interface ObservedCall {
  screen: string;
  method: string;
  path: string;
  query: string;
  status: number;
  /** Response body bytes on the wire (as Chromium counts them). */
  wireBytes: number | null;
  /** Request start to response end, in ms. */
  ms: number | null;
}

/** One navigation to a screen and what was measured there. */
export interface ScreenRun {
  run: number;
  warmup: boolean;
  /** Page clock when the picker's input was first in the DOM / first enabled. */
  foundAtMs: number | null;
  enabledAtMs: number | null;
  /** Click on the picker to its options painted. */
  openMs: number | null;
  /** enabledAt + open: when a user who clicked the picker as soon as it was enabled would see options. */
  usableMs: number | null;
  keystrokes: { query: string; ms: number | null; options: number | null }[];
  panelMs: number | null;
  problems: string[];
}

export interface ScreenResult {
  key: string;
  title: string;
  path: string;
  runs: ScreenRun[];
}

export interface BrowserResults {
  signInMs: number;
  screens: ScreenResult[];
  calls: ObservedCall[];
  problems: string[];
}

interface WaitResult {
  timeout?: boolean;
  tEvent?: number;
  tDom?: number;
  tPaint?: number;
  count?: number;
}

const js = (value: unknown) => JSON.stringify(value);

async function pending(page: Page): Promise<WaitResult> {
  return (await page.evaluate('window.__bench.pending')) as WaitResult;
}

async function describe(page: Page, labels: string[]): Promise<string> {
  return JSON.stringify(await page.evaluate(`window.__bench.describe(${js(labels)})`));
}

/** Signs in at the provider's login form, wherever the app sent the browser. */
async function signInAtProvider(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username').waitFor({ timeout: 60_000 });
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function measureRun(page: Page, base: string, screen: ScreenSpec, run: number, warmup: boolean): Promise<ScreenRun> {
  const result: ScreenRun = {
    run,
    warmup,
    foundAtMs: null,
    enabledAtMs: null,
    openMs: null,
    usableMs: null,
    keystrokes: [],
    panelMs: null,
    problems: [],
  };
  const labels = screen.pickerLabels;
  await page.goto(`${base}${screen.path}`, { waitUntil: 'commit' });
  // Polled inside the page: the host's CSP forbids the eval that waitForFunction would need.
  const ready = (await page.evaluate(`window.__bench.whenEnabled(${js(screen.key)}, 90000)`).catch(() => null)) as {
    foundAt: number | null;
    enabledAt: number;
  } | null;
  if (!ready) {
    result.problems.push(`no enabled picker labelled ${labels.join(' / ')} within 90 s: ${await describe(page, labels)}`);
    return result;
  }
  result.enabledAtMs = ready.enabledAt;
  result.foundAtMs = ready.foundAt;

  // Open the picker: options must appear.
  await page.evaluate(`window.__bench.mark(${js(screen.key)}, ${js(labels)})`);
  const input = page.locator(`[data-bench-picker=${js(screen.key)}]`);
  await page.evaluate(`window.__bench.armOpen(${js(labels)}, 5000)`);
  await input.click();
  const open = await pending(page);
  if (open.timeout) {
    result.problems.push(`clicking the picker showed no options within 5 s (a search-first picker? usable counted to the first keystroke's options): ${await describe(page, labels)}`);
  } else {
    result.openMs = (open.tPaint as number) - (open.tEvent as number);
    result.usableMs = result.enabledAtMs + result.openMs;
  }

  // Keystrokes: each narrows the options.
  let typed = '';
  const target = page.getByRole('option', { name: screen.target.label, exact: true });
  for (const [index, prefix] of screen.target.prefixes.entries()) {
    if (index >= screen.target.minKeystrokes && (await target.isVisible().catch(() => false))) break;
    const char = prefix.slice(typed.length);
    await page.evaluate(`window.__bench.armFilter(${js(labels)}, ${js(prefix)}, 5000)`);
    await page.keyboard.type(char);
    typed = prefix;
    const filtered = await pending(page);
    if (filtered.timeout) {
      result.keystrokes.push({ query: prefix, ms: null, options: null });
      result.problems.push(`options did not reflect "${prefix}" within 5 s: ${await describe(page, labels)}`);
    } else {
      result.keystrokes.push({
        query: prefix,
        ms: (filtered.tPaint as number) - (filtered.tEvent as number),
        options: filtered.count ?? null,
      });
    }
    await page.waitForTimeout(150);
  }

  // A picker that shows nothing until typed into is usable once the first keystroke's options are painted.
  const firstKey = result.keystrokes[0]?.ms;
  if (result.openMs === null && firstKey !== undefined && firstKey !== null) result.usableMs = result.enabledAtMs + firstKey;

  // Choose the target: its panel must show its permissions.
  const { panel } = screen;
  await page.evaluate(
    `window.__bench.armPanel(${js(panel.headingPrefix)}, ${js(panel.headingIncludes)}, ${js(panel.checkedKeys)}, 15000)`,
  );
  try {
    await page.getByRole('option', { name: screen.target.label, exact: true }).click({ timeout: 10_000 });
    const opened = await pending(page);
    if (opened.timeout) {
      result.problems.push(`'${panel.name}' did not show the chosen holder's permissions within 15 s: ${await describe(page, labels)}`);
    } else {
      result.panelMs = (opened.tPaint as number) - (opened.tEvent as number);
    }
  } catch (error) {
    result.problems.push(`could not choose "${screen.target.label}": ${(error as Error).message.split('\n')[0]}`);
  }
  await page.waitForTimeout(300);
  return result;
}

/** Runs the browser measurements. `runs` measured navigations per screen, after one warm-up navigation each. */
export async function measureScreens(options: {
  base: string;
  screens: ScreenSpec[];
  runs: number;
  username: string;
  password: string;
  log: (line: string) => void;
}): Promise<BrowserResults> {
  const { base, screens, runs, log } = options;
  const probe = await readFile(new URL('./page-probe.js', import.meta.url), 'utf8');
  const watch = Object.fromEntries(screens.map((s) => [s.path, { [s.key]: s.pickerLabels }]));
  const content = `${probe}\n;window.__bench.watchPickers((${js(watch)})[location.pathname.replace(/\\/$/, '')] || {});`;

  let browser: Browser | null = null;
  let context: BrowserContext | null = null;
  const results: BrowserResults = { signInMs: 0, screens: [], calls: [], problems: [] };
  try {
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    await context.addInitScript({ content });
    const page = await context.newPage();
    page.on('pageerror', (error) => results.problems.push(`page error: ${error.message}`));
    let current = 'sign-in';
    page.on('requestfinished', (request) => {
      const url = new URL(request.url());
      if (url.origin !== base || !/^\/(api|odata)\//.test(url.pathname)) return;
      const screen = current;
      void (async () => {
        const sizes = await request.sizes().catch(() => null);
        const response = await request.response().catch(() => null);
        const timing = request.timing();
        results.calls.push({
          screen,
          method: request.method(),
          path: url.pathname,
          query: url.search,
          status: response?.status() ?? 0,
          wireBytes: sizes?.responseBodySize ?? null,
          ms: timing.responseEnd >= 0 ? timing.responseEnd : null,
        });
      })();
    });

    const first = screens[0];
    if (!first) return results;
    const t0 = performance.now();
    await page.goto(`${base}${first.path}`);
    await signInAtProvider(page, options.username, options.password);
    await page.waitForURL(`${base}${first.path}`, { timeout: 60_000 });
    results.signInMs = performance.now() - t0;
    log(`signed in as ${options.username} in ${(results.signInMs / 1000).toFixed(1)} s`);

    for (const screen of screens) {
      current = screen.key;
      const screenResult: ScreenResult = { key: screen.key, title: screen.title, path: screen.path, runs: [] };
      results.screens.push(screenResult);
      for (let run = 0; run <= runs; run++) {
        const measured = await measureRun(page, base, screen, run, run === 0).catch((error: unknown) => ({
          run,
          warmup: run === 0,
          foundAtMs: null,
          enabledAtMs: null,
          openMs: null,
          usableMs: null,
          keystrokes: [],
          panelMs: null,
          problems: [`run failed: ${(error as Error).message.split('\n')[0]}`],
        }));
        screenResult.runs.push(measured);
        const keys = measured.keystrokes.map((k) => (k.ms === null ? '—' : Math.round(k.ms))).join('/');
        log(
          `${screen.title} ${run === 0 ? 'warm-up' : `run ${run}`}: enabled ${fmt(measured.enabledAtMs)}, usable ${fmt(measured.usableMs)}, ` +
            `keys ${keys} ms, ${screen.panel.name} ${fmt(measured.panelMs)}${measured.problems.length ? ` (${measured.problems.length} problem(s))` : ''}`,
        );
      }
    }
    current = 'done';
    // Let pending size reads settle.
    await page.waitForTimeout(500);
  } catch (error) {
    results.problems.push(`browser measurement stopped: ${(error as Error).message.split('\n')[0]}`);
  } finally {
    await context?.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
  }
  return results;
}

const fmt = (v: number | null) => (v === null ? '—' : `${Math.round(v)} ms`);
