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
 * most time, self and with their callees, per action; the profiles are written beside the results file), --peers (also
 * SurveyJS Creator and the Form.io builder on the same form, installed by `npm install` in bench/builder/peers, their
 * actions interleaved with ours, and a table of ours / the better peer per action: see peers/drivers.ts), --trace (a
 * Chromium trace of every action, the peers' too: the main thread's time per trace event — script, style, layout, paint,
 * garbage collection — summed per action; on the production build, unlike --profile).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Locator, Page } from 'playwright-core';
import { startServer, type ServerHandle } from '../../example-host/server/server';
import { launchChromium } from '../../tests/support/chromium.mjs';
import { largeFormDraft } from './form-300';
import { emptySamples, openPeer, type PeerDriver, peerRound, PEERS, type PeerSamples } from './peers/drivers';
import { servePeers, type PeersHandle } from './peers/serve';
import { max, measure, median, openMeasured, PROBE, profiles, profiling, RENDER_COUNTER, renders, settle, traces, tracing, type Sample } from './measure';

const root = path.resolve(new URL('../..', import.meta.url).pathname);
let distDir = path.join(root, '.tmp/bench-builder-dist');

/** The goals on this 2-core machine. */
export const GOALS = { actionMainThreadMs: 50, longestFrameMs: 50, openMs: 1000, dragMs: 300, dragMoveScriptMs: 16 } as const;

/** How the benchmark finds the builder's parts (the builder's own names and landmarks). */
const SELECT = {
  canvas: '[data-builder-canvas]',
  // Field items only: a section's drag handle is an item with role="button" too (dnd-kit's attributes), and counting
  // them made 'the first field' of the form its first section's handle (a drag of that section onto itself).
  field: '[data-builder-canvas] [data-builder-kind="field"][role="button"]',
  properties: 'aside',
};

/** Our builder as the peer run drives it (the same rounds as the peers': `peers/drivers.ts`). */
const OURS: PeerDriver = {
  name: 'ours',
  page: '',
  field: SELECT.field,
  fieldName: (item) => item.getAttribute('data-builder-key') ?? '',
  firstDrawn: 300,
  select: (_page, item) => item.click(),
  label: (page) => page.locator(SELECT.properties).getByRole('textbox', { name: /^Label/ }).first(),
  // The item's button lies over the drawn widget, which shows the label: its parent holds both.
  labelShown: async (page, item, text) => {
    await page.waitForFunction(([el, t]) => ((el as Element).parentElement?.textContent ?? '').includes(t as string), [await item.elementHandle(), text] as const, { timeout: 30_000, polling: 'raf' });
  },
  dragHandle: async (_page, item) => item,
  beforeDrag: (page, index) => drawn(page, index),
  dragSaid: (page) => page.evaluate(() => document.querySelector('[id^="DndLiveRegion"]')?.textContent ?? 'nothing'),
  beforeUndo: (page) => page.locator(SELECT.field).nth(0).focus(),
  undo: (page) => page.keyboard.press('Control+z'),
};

interface Args {
  runs: number;
  build: boolean;
  out: string;
  profile: boolean;
  trace: boolean;
  /** The build to serve (and to build into), instead of the default one: two builds can be compared in turns. */
  dist: string | null;
  /** Also SurveyJS Creator and the Form.io builder (installed in bench/builder/peers), interleaved with ours. */
  peers: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { runs: 5, build: true, out: path.join(root, 'bench/builder/results.json'), profile: false, trace: false, dist: null, peers: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--runs') args.runs = Math.max(1, Number(argv[++i]));
    else if (arg.startsWith('--runs=')) args.runs = Math.max(1, Number(arg.slice(7)));
    else if (arg === '--no-build') args.build = false;
    else if (arg === '--out') args.out = path.resolve(String(argv[++i]));
    else if (arg === '--profile') args.profile = true;
    else if (arg === '--trace') args.trace = true;
    else if (arg === '--dist') args.dist = path.resolve(String(argv[++i]));
    else if (arg === '--peers') args.peers = true;
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

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  // The machine is shared: the load average (1, 5, 15 min) at the start and the end goes beside the figures.
  const loadAtStart = loadavg();
  if (args.profile) distDir = path.join(root, '.tmp/bench-builder-dist-profile');
  if (args.dist) distDir = args.dist;
  if (args.build || !existsSync(path.join(distDir, 'index.html'))) {
    log(`building the example host (vite build${args.profile ? ', unminified' : ''} → ${path.relative(root, distDir)})…`);
    buildHost(!args.profile);
  } else {
    // An A/B is only as good as the build served: when it was made goes beside it (a B build written elsewhere, e.g.
    // with a relative --outDir that Vite resolves against example-host/, leaves an old build here).
    const built = statSync(path.join(distDir, 'index.html')).mtime;
    log(`reusing ${path.relative(root, distDir)} (--no-build), built ${built.toISOString().replace('T', ' ').slice(0, 19)} UTC`);
  }

  const server = await startOnFreePorts();
  const peersServer: PeersHandle | null = args.peers ? await servePeers(path.join(root, '.tmp/bench-builder-peers-dist'), args.build) : null;
  const peerSamples = new Map<string, PeerSamples>(args.peers ? PEERS.map((p) => [p.name, emptySamples()]) : []);
  const oursInPeerRounds = emptySamples();
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
      profiling.on = true;
    }
    tracing.on = args.trace;
    log('signing in as the seeded administrator');
    await signIn(page, url);
    const fieldCount = 300;
    await page.locator(SELECT.field).nth(fieldCount - 1).waitFor({ timeout: 60_000 });
    // With --peers: each peer in its own page, its actions interleaved with ours (ours, SurveyJS, Form.io, ours, …).
    const peerPages = [];
    for (const peer of peersServer ? PEERS : []) {
      const peerContext = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
      const peerPage = await peerContext.newPage();
      await peerPage.addInitScript(PROBE);
      const peerCdp = await peerContext.newCDPSession(peerPage);
      await peerCdp.send('Performance.enable');
      peerPages.push({ peer, page: peerPage, cdp: peerCdp, samples: peerSamples.get(peer.name)! });
    }

    for (let i = 0; i < args.runs; i++) {
      loaded.clear();
      opens.push(await openMeasured(page, cdp, url, SELECT.field, fieldCount));
      log(`open ${i + 1}/${args.runs}: interactive at ${Math.round(opens.at(-1) ?? 0)} ms`);
      for (const p of peerPages) {
        await openPeer(p.page, p.cdp, peersServer!.url, p.peer, p.samples);
        log(`  ${p.peer.name}: interactive at ${Math.round(p.samples.open.at(-1) ?? 0)} ms`);
      }
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
      // Each key until the canvas's widget shows the label so far (then the page quiet), as the peers' keys are measured.
      let text = await label.inputValue();
      const item = await target.elementHandle();
      for (const key of ' edited') {
        text += key;
        const shown = text.trimEnd();
        results.type!.push(
          await measure(page, cdp, async () => {
            await page.keyboard.press(key === ' ' ? 'Space' : key);
            // The item's button lies over the drawn widget, which shows the label: its parent holds both.
            await page.waitForFunction(([el, t]) => ((el as Element).parentElement?.textContent ?? '').includes(t as string), [item, shown] as const, { timeout: 30_000, polling: 'raf' });
          }, 'type'),
        );
      }
      // A drag across the canvas: the first field of a section to below the third field of the next one.
      const beforeDrag = await fields.evaluateAll((els) => els.slice(0, 70).map((e) => e.getAttribute('aria-label') ?? '').join('|'));
      const from = fields.nth(20 * (i % 3));
      const to = fields.nth(20 * (i % 3) + 22);
      await from.scrollIntoViewIfNeeded();
      // Sections far from the view draw stand-ins; scrolled into view they draw their fields: the boxes are read after.
      await drawn(page, 20 * (i % 3));
      await settle(page);
      const a = await from.boundingBox();
      const b = await to.boundingBox();
      const made = Boolean(a && b);
      if (!a || !b) {
        const missing = [a ? null : 20 * (i % 3) + 1, b ? null : 20 * (i % 3) + 23].filter((n) => n !== null);
        log(`drag ${i + 1}/${args.runs} not made: field ${missing.join(' and ')} has no box (not drawn)`);
      } else {
        results.drag!.push(
          await measure(page, cdp, async (mark, step) => {
            await page.mouse.move(a.x + 20, a.y + a.height / 2);
            await page.mouse.down();
            const steps = 12;
            // A move, then the frame it asks for (Chromium hands a page at most one mouse move a frame), counted apart:
            // each move's script.
            for (let s = 1; s <= steps; s++) {
              await page.mouse.move(a.x + 20, a.y + a.height / 2 + ((b.y - a.y + b.height) * s) / steps);
              await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
              await step();
            }
            // The moves apart from the drop (main thread until the button is released, then until quiet again).
            await mark();
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
      if (made) checks.push({ dragMoved: afterDrag !== beforeDrag, undoChanged: afterUndo !== afterDrag });
      log(`actions ${i + 1}/${args.runs} done`);
      if (peerPages.length) {
        await peerRound(page, cdp, OURS, i, oursInPeerRounds);
        log(`  ours in the peers' round ${i + 1}/${args.runs} done`);
      }
      for (const p of peerPages) {
        await peerRound(p.page, p.cdp, p.peer, i, p.samples);
        log(`  ${p.peer.name}: actions ${i + 1}/${args.runs} done`);
      }
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
    await peersServer?.stop();
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
  // A drag's script per move: the largest of its 12 moves (each drag's), judged against the drag's own goal.
  const largestMove = results.drag!.map((s) => max(s.stepScriptMs ?? [Number.NaN]));
  for (const row of rows.slice(1)) {
    const main = row.values.map((s) => s.mainThreadMs);
    const frames = row.values.map((s) => s.longestFrameMs);
    const parts = `${ms(median(row.values.map((s) => s.scriptMs ?? Number.NaN)))} / ${ms(median(row.values.map((s) => s.styleLayoutMs ?? Number.NaN)))}`;
    const drag = row.values === results.drag;
    const pass = row.values.length > 0 && (drag
      ? max(main) <= GOALS.dragMs && max(largestMove) <= GOALS.dragMoveScriptMs
      : max(main) <= GOALS.actionMainThreadMs && max(frames) <= GOALS.longestFrameMs);
    const goal = drag ? `≤ ${GOALS.dragMs} ms, each move's script ≤ ${GOALS.dragMoveScriptMs} ms` : `≤ ${GOALS.actionMainThreadMs} ms, frames ≤ ${GOALS.longestFrameMs} ms`;
    lines.push(`| ${row.action} | ${row.values.length} | ${ms(median(main))} | ${ms(max(main))} | ${parts} | ${ms(max(frames))} | ${goal} | ${pass ? 'PASS' : 'GAP'} |`);
  }
  const moves = results.drag!.map((s) => s.markMs ?? Number.NaN);
  const drops = results.drag!.map((s, i) => s.mainThreadMs - (moves[i] ?? Number.NaN));
  lines.push(`| of the drag: the 12 moves / the drop | ${moves.length} | ${ms(median(moves))} / ${ms(median(drops))} | ${ms(max(moves))} / ${ms(max(drops))} | | | | |`);
  lines.push(`| of the drag: its largest move's script | ${largestMove.length} | ${ms(median(largestMove))} | ${ms(max(largestMove))} | | | | |`);
  const openMedian = median(opens);
  lines.push(`| open the 300-field form | ${opens.length} | interactive at ${ms(openMedian)} (median) | ${ms(max(opens))} | | | ≤ ${GOALS.openMs} ms | ${openMedian <= GOALS.openMs ? 'PASS' : 'GAP'} |`);
  lines.push('');
  lines.push(`Builder page JS, gzip: ${kB(jsBefore.bytes)} in ${jsBefore.files.length} files; with the JSON view opened: ${jsAfter.bytes ? `${kB(jsAfter.bytes)} in ${jsAfter.files.length} files (+${kB(jsAfter.bytes - jsBefore.bytes)})` : 'not measured'}`);
  const loadAtEnd = loadavg();
  const loads = (l: number[]) => l.map((v) => v.toFixed(2)).join(' ');
  lines.push(`Machine load (1, 5, 15 min): ${loads(loadAtStart)} at the start, ${loads(loadAtEnd)} at the end`);
  lines.push(`Drags that moved a field: ${checks.filter((c) => c.dragMoved).length} of ${checks.length}; undos that changed the canvas: ${checks.filter((c) => c.undoChanged).length} of ${checks.length}`);
  if (peerSamples.size) lines.push('', ...peerTable(opens, oursInPeerRounds, peerSamples));
  console.log(lines.join('\n'));
  await writeFile(
    args.out,
    `${JSON.stringify({ date: new Date().toISOString(), load: { start: loadAtStart, end: loadAtEnd }, goals: GOALS, opens, results, checks, peers: { ours: oursInPeerRounds, ...Object.fromEntries(peerSamples) }, jsGzip: { withoutJsonView: jsBefore, withJsonView: jsAfter } }, null, 2)}\n`,
  );
  log(`wrote ${path.relative(root, args.out)}`);
  for (const [action, { samples, byName }] of traces) {
    const top = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 20);
    console.log(`\n## ${action}: main thread's trace events per sample (${samples} samples; inclusive: nested events count in each)\n${top.map(([k, v]) => `  ${(v / samples).toFixed(1).padStart(7)} ms  ${k}`).join('\n')}`);
  }
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

/** The peer run's table: each action's main-thread median, ours and each peer's, and ours / the better peer's. */
function peerTable(opens: number[], ours: PeerSamples, peers: Map<string, PeerSamples>): string[] {
  const names = [...peers.keys()];
  const rows: { action: string; ours: number[]; of: (p: PeerSamples) => number[] }[] = [
    { action: 'open (to interactive)', ours: opens, of: (p) => p.open },
    { action: 'select a field', ours: ours.select.map((s) => s.mainThreadMs), of: (p) => p.select.map((s) => s.mainThreadMs) },
    { action: 'a key in the label (to the canvas)', ours: ours.type.map((s) => s.mainThreadMs), of: (p) => p.type.map((s) => s.mainThreadMs) },
    { action: 'drag a field (12 moves)', ours: ours.drag.map((s) => s.mainThreadMs), of: (p) => p.drag.map((s) => s.mainThreadMs) },
    { action: 'undo (Ctrl+Z)', ours: ours.undo.map((s) => s.mainThreadMs), of: (p) => p.undo.map((s) => s.mainThreadMs) },
  ];
  const ms = (v: number) => `${Math.round(v).toLocaleString('en')} ms`;
  const lines = [
    `| action (main thread, median) | ours | ${names.join(' | ')} | ours / the better peer | goal | result |`,
    `| --- | --- | ${names.map(() => '---').join(' | ')} | --- | --- | --- |`,
  ];
  for (const row of rows) {
    const peerMedians = names.map((n) => row.of(peers.get(n)!)).map((v) => (v.length ? median(v) : Number.NaN));
    const better = Math.min(...peerMedians.filter((v) => Number.isFinite(v)));
    const ratio = median(row.ours) / better;
    const shown = peerMedians.map((v, k) => (Number.isFinite(v) ? `${ms(v)} (${row.of(peers.get(names[k]!)!).length})` : 'none'));
    lines.push(`| ${row.action} | ${ms(median(row.ours))} (${row.ours.length}) | ${shown.join(' | ')} | ${Number.isFinite(ratio) ? `${ratio.toFixed(2)}×` : '—'} | ≤ 0.5× | ${ratio <= 0.5 ? 'PASS' : 'GAP'} |`);
  }
  for (const [name, p] of [['ours', ours] as const, ...peers]) {
    lines.push(`${name}: drags that moved a field ${p.checks.filter((c) => c.dragMoved).length} of ${p.checks.length}; undos that changed the canvas ${p.checks.filter((c) => c.undoChanged).length} of ${p.checks.filter((c) => c.undoChanged !== null).length}`);
  }
  return lines;
}
