/**
 * `npm run bench:host`: the weight of the example host on a slow connection. Builds the host (vite, production, into
 * .tmp/bench-host-dist), starts the reference server on free ports serving it, and opens the public form in headless
 * Chromium with the network throttled through CDP (`Network.emulateNetworkConditions`: 1.6 Mbps down, 750 kbps up,
 * 150 ms latency — a slow 4G connection). Each run is a fresh browser context (empty HTTP cache). Prints a table with
 * each goal's PASS or GAP and writes bench/host/results.json. See bench/host/README.md.
 *
 * Options: --runs N (measured loads, default 5), --no-build (reuse the last build), --out FILE (another results file).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser, CDPSession } from 'playwright-core';
import { SEED_IDS } from '../../example-host/server/db/seed';
import { startServer, type ServerHandle } from '../../example-host/server/server';
import { launchChromium } from '../../tests/support/chromium.mjs';

const root = path.resolve(new URL('../..', import.meta.url).pathname);
const distDir = path.join(root, '.tmp/bench-host-dist');

/** The connection of the goal: slow 4G. CDP takes bytes per second and milliseconds. */
export const CONNECTION = { downloadKbps: 1600, uploadKbps: 750, latencyMs: 150 } as const;
/** The goals: first paint of the public form, and the compressed JavaScript its route loads. */
export const GOALS = { firstContentfulPaintMs: 2500, publicRouteJsBytes: 200_000 } as const;
/** A public seeded form, opened for a new instance as an anonymous visitor would. */
const PUBLIC_FORM_PATH = `/form-instance/${SEED_IDS.formSchemas.contactDetailsV1}?mode=edit`;
/** Chunks of the admin area: the public route must load none of them. */
const ADMIN_CHUNK = /\/assets\/(adminArea|AdminHomePage)-/;
/**
 * Source modules the public route must never carry, found through the build's hidden source maps whatever chunk the
 * bundler puts them in: the admin screens, the builder, the signing page and the packages only they use (pdf.js,
 * signature_pad, CodeMirror, dnd-kit, the data table), and `defaultLabels` (every screen's texts; the public pages
 * read their own label groups).
 */
export const NOT_ON_PUBLIC_ROUTE =
  /(^|\/)(src\/(forms-admin|builder|signing)\/|src\/query\/labels\.ts$|example-host\/src\/(adminArea|pages\/(?!PublicFormInstancePage)\w+)\.tsx?$|node_modules\/(pdfjs-dist|signature_pad|@codemirror|@dnd-kit|mantine-datatable)\/)/;

interface Args {
  runs: number;
  build: boolean;
  out: string;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { runs: 5, build: true, out: path.join(root, 'bench/host/results.json') };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw new Error(`${arg} needs a value`);
      return next;
    };
    if (arg === '--runs') args.runs = Math.max(1, Number(value()));
    else if (arg.startsWith('--runs=')) args.runs = Math.max(1, Number(arg.slice(7)));
    else if (arg === '--no-build') args.build = false;
    else if (arg === '--out') args.out = path.resolve(value());
    else throw new Error(`Unknown option ${arg}`);
  }
  return args;
}

function log(message: string): void {
  process.stderr.write(`[bench:host] ${message}\n`);
}

/** A free loopback port. */
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

function buildHost(): number {
  const t0 = performance.now();
  const result = spawnSync(
    'npx',
    ['vite', 'build', '-c', 'example-host/vite.config.ts', '--outDir', distDir, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: root, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('The example host did not build (see above).');
  return performance.now() - t0;
}

/** The server on two free ports (a probed port may be taken again before it binds: three tries). */
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

/** What one response cost. */
export interface LoadedResource {
  url: string;
  type: string;
  status: number;
  /** `content-encoding` as sent, or null. */
  encoding: string | null;
  /** The body as sent (compressed when `encoding` is set). */
  bodyBytes: number;
  /** Everything on the wire for it, headers included (CDP's `encodedDataLength`). */
  wireBytes: number;
}

/** One measured load of the public form. */
export interface Run {
  firstPaintMs: number | null;
  firstContentfulPaintMs: number | null;
  /** When the form's first field was in the page (the form is usable). */
  formFieldMs: number | null;
  resources: LoadedResource[];
}

/** Marks when the first form control appears (the init script runs before any page script). */
const PROBE = `(() => {
  const mark = () => {
    if (window.__formFieldMs !== undefined) return true;
    if (document.querySelector('main input:not([type=hidden]), main textarea, main select, form input:not([type=hidden])')) {
      window.__formFieldMs = performance.now();
      return true;
    }
    return false;
  };
  new MutationObserver((_, observer) => { if (mark()) observer.disconnect(); })
    .observe(document, { childList: true, subtree: true });
})();`;

async function throttle(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: CONNECTION.latencyMs,
    downloadThroughput: (CONNECTION.downloadKbps * 1000) / 8,
    uploadThroughput: (CONNECTION.uploadKbps * 1000) / 8,
  });
}

async function measureOnce(browser: Browser, url: string): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(PROBE);
    const cdp = await context.newCDPSession(page);
    await throttle(cdp);
    const responses = new Map<string, Omit<LoadedResource, 'wireBytes'>>();
    const resources: LoadedResource[] = [];
    cdp.on('Network.responseReceived', (event) => {
      const headers = Object.fromEntries(Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
      responses.set(event.requestId, {
        url: event.response.url,
        type: event.type ?? 'Other',
        status: event.response.status,
        encoding: headers['content-encoding'] ?? null,
        bodyBytes: Number(headers['content-length'] ?? NaN),
      });
    });
    cdp.on('Network.loadingFinished', (event) => {
      const response = responses.get(event.requestId);
      if (!response) return;
      resources.push({
        ...response,
        // Without a Content-Length (chunked), the wire bytes less a typical header block.
        bodyBytes: Number.isFinite(response.bodyBytes) ? response.bodyBytes : event.encodedDataLength,
        wireBytes: event.encodedDataLength,
      });
    });
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForFunction(() => (window as unknown as { __formFieldMs?: number }).__formFieldMs !== undefined, undefined, {
      timeout: 120_000,
      polling: 100,
    });
    // Whatever the page still loads once the form is there (lazy chunks, data) counts too: wait for 2 s of quiet.
    let seen = -1;
    while (seen !== resources.length) {
      seen = resources.length;
      await page.waitForTimeout(2000);
    }
    // No helper functions inside: tsx would wrap them in its own `__name`, which the page does not have.
    const timings = await page.evaluate(() => ({
      paints: performance.getEntriesByType('paint').map((e) => ({ name: e.name, startTime: e.startTime })),
      formFieldMs: (window as unknown as { __formFieldMs?: number }).__formFieldMs ?? null,
    }));
    const paint = (name: string) => timings.paints.find((e) => e.name === name)?.startTime ?? null;
    return { firstPaintMs: paint('first-paint'), firstContentfulPaintMs: paint('first-contentful-paint'), formFieldMs: timings.formFieldMs, resources };
  } finally {
    await context.close();
  }
}

/** Median (nearest rank, the lower middle for an even count). */
function median(values: readonly number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] as number;
}

/** The source modules of the build's scripts the public route loaded (from their hidden `.map` files). */
async function sourcesOf(scriptPaths: readonly string[]): Promise<string[]> {
  const sources = new Set<string>();
  for (const scriptPath of scriptPaths) {
    if (!scriptPath.startsWith('/assets/')) continue;
    const mapFile = path.join(distDir, `${scriptPath}.map`);
    if (!existsSync(mapFile)) continue;
    const map = JSON.parse(await readFile(mapFile, 'utf8')) as { sources: string[] };
    const assets = path.join(distDir, 'assets');
    for (const source of map.sources) sources.add(path.relative(root, path.resolve(assets, source)));
  }
  return [...sources].sort();
}

const isScript = (r: LoadedResource) => r.type === 'Script' || /\.m?js(\?|$)/.test(new URL(r.url).pathname);
const sum = (rs: readonly LoadedResource[], key: 'bodyBytes' | 'wireBytes') => rs.reduce((n, r) => n + r[key], 0);

/** The files of the build, with the size of each as written and compressed by the build. */
async function buildFiles(): Promise<{ file: string; bytes: number; br: number | null; gzip: number | null }[]> {
  const assets = path.join(distDir, 'assets');
  const files = (await readdir(assets)).filter((f) => /\.(js|css)$/.test(f)).sort();
  const size = async (f: string) => (existsSync(f) ? (await stat(f)).size : null);
  return Promise.all(
    files.map(async (file) => {
      const full = path.join(assets, file);
      return { file, bytes: (await stat(full)).size, br: await size(`${full}.br`), gzip: await size(`${full}.gz`) };
    }),
  );
}

const kB = (bytes: number | null) => (bytes === null ? '—' : `${(bytes / 1000).toFixed(1)} kB`);
const ms = (value: number | null) => (value === null ? '—' : `${Math.round(value)} ms`);

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const loadBefore = os.loadavg();
  let buildMs: number | null = null;
  if (args.build || !existsSync(path.join(distDir, 'index.html'))) {
    log(`building the example host (vite build → ${path.relative(root, distDir)})…`);
    buildMs = buildHost();
  } else log(`reusing ${path.relative(root, distDir)} (--no-build)`);
  const files = await buildFiles();

  const server = await startOnFreePorts();
  const browser = await launchChromium();
  const browserVersion = browser.version();
  const runs: Run[] = [];
  try {
    const url = `${server.url}${PUBLIC_FORM_PATH}`;
    log(`warming the server once (unthrottled): ${url}`);
    await (await fetch(url)).text();
    for (let i = 0; i < args.runs; i++) {
      const run = await measureOnce(browser, url);
      runs.push(run);
      const scripts = run.resources.filter(isScript);
      log(
        `run ${i + 1}/${args.runs}: FP ${ms(run.firstPaintMs)}, FCP ${ms(run.firstContentfulPaintMs)}, form field ${ms(run.formFieldMs)}, ` +
          `JS ${kB(sum(scripts, 'bodyBytes'))} in ${scripts.length} files`,
      );
    }
  } finally {
    await browser.close();
    await server.stop();
  }

  const first = runs[0] as Run;
  const scripts = first.resources.filter(isScript);
  const styles = first.resources.filter((r) => r.type === 'Stylesheet');
  const jsBytes = median(runs.map((r) => sum(r.resources.filter(isScript), 'bodyBytes'))) as number;
  const fcp = median(runs.flatMap((r) => (r.firstContentfulPaintMs === null ? [] : [r.firstContentfulPaintMs])));
  const fp = median(runs.flatMap((r) => (r.firstPaintMs === null ? [] : [r.firstPaintMs])));
  const formField = median(runs.flatMap((r) => (r.formFieldMs === null ? [] : [r.formFieldMs])));
  const adminChunks = [...new Set(runs.flatMap((r) => r.resources.filter((x) => ADMIN_CHUNK.test(x.url)).map((x) => x.url)))];
  const forbidden = (await sourcesOf(first.resources.filter(isScript).map((r) => new URL(r.url).pathname))).filter((m) =>
    NOT_ON_PUBLIC_ROUTE.test(m),
  );
  const sourceMaps = runs.flatMap((r) => r.resources.filter((x) => /\.map(\?|$)/.test(x.url)).map((x) => x.url));
  const uncompressedText = first.resources.filter(
    (r) => /\.(js|css|html)$/.test(new URL(r.url).pathname) && r.bodyBytes >= 1024 && !r.encoding,
  );

  const goals = [
    {
      goal: `first contentful paint ≤ ${GOALS.firstContentfulPaintMs} ms`,
      value: ms(fcp),
      pass: fcp !== null && fcp <= GOALS.firstContentfulPaintMs,
      // Timing moves with the load other work puts on the machine: reported, never a failed run.
      timing: true,
    },
    { goal: `compressed JS of the public route ≤ ${kB(GOALS.publicRouteJsBytes)}`, value: kB(jsBytes), pass: jsBytes <= GOALS.publicRouteJsBytes },
    { goal: 'no admin chunk on the public route', value: adminChunks.length ? adminChunks.join(', ') : 'none', pass: adminChunks.length === 0 },
    {
      goal: 'no admin, builder or signing code, pdf.js, other pages or every screen’s texts on the public route (source maps)',
      value: forbidden.length ? forbidden.slice(0, 8).join(', ') + (forbidden.length > 8 ? ` and ${forbidden.length - 8} more` : '') : 'none',
      pass: forbidden.length === 0,
    },
    { goal: 'no source map requested', value: sourceMaps.length ? sourceMaps.join(', ') : 'none', pass: sourceMaps.length === 0 },
    {
      goal: 'every text file ≥ 1 kB compressed',
      value: uncompressedText.length ? uncompressedText.map((r) => new URL(r.url).pathname).join(', ') : 'all',
      pass: uncompressedText.length === 0,
    },
  ];

  const lines: string[] = [];
  lines.push(
    `Public form ${PUBLIC_FORM_PATH} on ${CONNECTION.downloadKbps / 1000} Mbps down / ${CONNECTION.uploadKbps} kbps up / ` +
      `${CONNECTION.latencyMs} ms latency, ${args.runs} runs (medians)`,
  );
  const load = (l: number[]) => l.map((n) => n.toFixed(2)).join(' / ');
  lines.push(`Machine load average (1 / 5 / 15 min, ${os.cpus().length} cores): ${load(loadBefore)} before the build, ${load(os.loadavg())} after the runs`);
  lines.push('');
  lines.push('| figure | median | runs |');
  lines.push('| --- | --- | --- |');
  lines.push(`| first paint | ${ms(fp)} | ${runs.map((r) => ms(r.firstPaintMs)).join(', ')} |`);
  lines.push(`| first contentful paint | ${ms(fcp)} | ${runs.map((r) => ms(r.firstContentfulPaintMs)).join(', ')} |`);
  lines.push(`| first form field in the page | ${ms(formField)} | ${runs.map((r) => ms(r.formFieldMs)).join(', ')} |`);
  lines.push(`| JS loaded (compressed bodies) | ${kB(jsBytes)} | ${runs.map((r) => kB(sum(r.resources.filter(isScript), 'bodyBytes'))).join(', ')} |`);
  lines.push(`| CSS loaded (compressed bodies) | ${kB(sum(styles, 'bodyBytes'))} | |`);
  lines.push(`| everything on the wire (headers included) | ${kB(sum(first.resources, 'wireBytes'))} | ${first.resources.length} responses |`);
  lines.push('');
  lines.push('Scripts and styles the public route loads (first run):');
  lines.push('');
  lines.push('| file | encoding | body | on the wire |');
  lines.push('| --- | --- | --- | --- |');
  for (const r of [...scripts, ...styles]) {
    lines.push(`| ${new URL(r.url).pathname} | ${r.encoding ?? 'none'} | ${kB(r.bodyBytes)} | ${kB(r.wireBytes)} |`);
  }
  lines.push('');
  lines.push('Files of the build (assets/):');
  lines.push('');
  lines.push('| file | as built | brotli | gzip | loaded by the public route |');
  lines.push('| --- | --- | --- | --- | --- |');
  const loaded = new Set(first.resources.map((r) => new URL(r.url).pathname));
  for (const f of files) {
    lines.push(`| ${f.file} | ${kB(f.bytes)} | ${kB(f.br)} | ${kB(f.gzip)} | ${loaded.has(`/assets/${f.file}`) ? 'yes' : 'no'} |`);
  }
  lines.push('');
  lines.push('| goal | measured | result |');
  lines.push('| --- | --- | --- |');
  for (const g of goals) lines.push(`| ${g.goal} | ${g.value} | ${g.pass ? 'PASS' : 'GAP'} |`);
  console.log(lines.join('\n'));

  const results = {
    date: new Date().toISOString(),
    url: PUBLIC_FORM_PATH,
    connection: CONNECTION,
    goals: GOALS,
    buildMs,
    chromium: browserVersion,
    medians: { firstPaintMs: fp, firstContentfulPaintMs: fcp, formFieldMs: formField, publicRouteJsBytes: jsBytes },
    // The machine's load average (1, 5, 15 min) before the build and after the last run: the timings move with it.
    loadAverage: { before: loadBefore, after: os.loadavg() },
    verdicts: goals.map((g) => ({ goal: g.goal, measured: g.value, pass: g.pass })),
    build: files,
    runs,
  };
  await writeFile(args.out, `${JSON.stringify(results, null, 2)}\n`);
  log(`wrote ${path.relative(root, args.out)}`);
  // The build's own goals (bytes, chunks, compression) do not depend on the machine: a GAP there fails the run.
  const gaps = goals.filter((g) => !g.pass && !('timing' in g));
  if (gaps.length) {
    log(`GAP: ${gaps.map((g) => g.goal).join('; ')}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
