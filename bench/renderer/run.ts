/**
 * `npm run bench:renderer`: our FormRenderer beside @rjsf/mantine, JSON Forms (vanilla), SurveyJS and a hand-written
 * Mantine form (the floor) on generated forms of N fields, in headless Chromium. Prints a table per N
 * with our/peer ratios and the goals as PASS or GAP, and writes bench/renderer/results.json.
 *
 * Options: --n=50,200,1000 (sizes), --reps=3 (measured runs per peer and size, after one calibration load),
 * --quick (N=50,200 and 1 run; results go to node_modules/.cache/bench-renderer/results-quick.json),
 * --peers=ours,rjsf,… (a subset), --no-build (reuse the last page builds), --no-server (skip the server's 1000-field
 * save and reload), --server-only (only that, no browser).
 * See bench/renderer/README.md for how each figure is measured.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { launchChromium } from '../../tests/support/chromium.mjs';
import { buildPage, measurePage, type PageBuild } from './build';
import { calibrate, KEYSTROKES, measureOnce, serveStatic, VIEWPORT, type Sample } from './measure';
import { figuresOf, judgeGoals, PEERS, renderTable, type Row } from './report';
import type { ServerResult } from './server';

const root = path.resolve(new URL('../..', import.meta.url).pathname);
const benchDir = path.join(root, 'bench/renderer');
const pagesDir = path.join(benchDir, 'pages');
// Built pages live under node_modules (ignored by git, ESLint and tsc), not in the bench folder.
const outRoot = path.join(root, 'node_modules/.cache/bench-renderer');
const VIEWER_PAGE = 'viewer';

interface Args {
  sizes: number[];
  reps: number;
  quick: boolean;
  build: boolean;
  peers: string[];
  /** Measure the server's save and reload of a 1000-field instance (after the browser runs). */
  server: boolean;
  /** Only the server figure: no page builds, no browser. */
  serverOnly: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { sizes: [50, 200, 1000], reps: 3, quick: false, build: true, peers: PEERS.map((p) => p.key), server: true, serverOnly: false };
  let sizesGiven = false;
  let repsGiven = false;
  for (const a of argv) {
    const [flag, value] = a.split('=', 2) as [string, string | undefined];
    const list = () => (value ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    if (flag === '--n') {
      args.sizes = list().map(Number);
      if (!args.sizes.length || args.sizes.some((n) => !Number.isInteger(n) || n < 10)) throw new Error('--n needs sizes of at least 10, e.g. --n=50,200,1000');
      sizesGiven = true;
    } else if (flag === '--reps') {
      args.reps = Number(value);
      if (!Number.isInteger(args.reps) || args.reps < 1) throw new Error('--reps needs a positive integer');
      repsGiven = true;
    } else if (flag === '--quick') args.quick = true;
    else if (flag === '--no-build') args.build = false;
    else if (flag === '--no-server') args.server = false;
    else if (flag === '--server-only') args.serverOnly = true;
    else if (flag === '--peers') {
      args.peers = list();
      const unknown = args.peers.filter((p) => !PEERS.some((q) => q.key === p));
      if (unknown.length) throw new Error(`Unknown peer ${unknown.join(', ')} (known: ${PEERS.map((p) => p.key).join(', ')})`);
    } else throw new Error(`Unknown option ${a} (see bench/renderer/README.md)`);
  }
  if (args.quick) {
    if (!sizesGiven) args.sizes = [50, 200];
    if (!repsGiven) args.reps = 1;
  }
  args.sizes.sort((a, b) => a - b);
  return args;
}

const log = (line: string) => process.stdout.write(`[bench:renderer] ${line}\n`);

function gitRevision(): string {
  const rev = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' });
  const dirty = spawnSync('git', ['status', '--porcelain', '--', 'src/forms', 'src/engine', 'src/viewer', 'bench/renderer/pages'], { cwd: root, encoding: 'utf8' });
  return `${rev.stdout.trim() || '?'}${dirty.stdout.trim() ? ' + uncommitted changes in src/forms, src/engine or src/viewer' : ''}`;
}

function chromiumVersion(): string {
  const result = spawnSync('/usr/bin/chromium', ['--version'], { encoding: 'utf8' });
  return result.stdout?.trim() || 'Chromium';
}

/** The server's save and reload of a 1000-field instance, or why it is missing. */
async function serverFigure(): Promise<{ result: ServerResult | null; why: string }> {
  try {
    // Imported here: the reference server's modules (oidc-provider, PGlite) load only when the figure is wanted.
    const { measureServerSaveReload } = await import('./server');
    const result = await measureServerSaveReload({ fields: 1000, log });
    log(
      `server: save + reload of a 1000-field instance, median ${result.median.totalMs.toFixed(0)} ms of ${result.runs.length} ` +
        `(save ${result.median.saveMs.toFixed(0)} ms, reload ${result.median.reloadMs.toFixed(0)} ms, max ${result.maxTotalMs.toFixed(0)} ms)`,
    );
    return { result, why: '' };
  } catch (error) {
    return { result: null, why: `failed: ${(error as Error).message}` };
  }
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const started = performance.now();
  if (args.serverOnly) {
    const { result, why } = await serverFigure();
    const [goal] = judgeGoals([], args.sizes, undefined, result, why).slice(-1);
    process.stdout.write(`\n${goal?.verdict}  ${goal?.goal}: ${goal?.ours} (limit ${goal?.reference}${goal?.note ? ` — ${goal.note}` : ''})\n`);
    if (!result) process.exitCode = 1;
    return;
  }
  const pages = [...args.peers, VIEWER_PAGE];
  const builds: Record<string, PageBuild> = {};
  for (const page of pages) {
    const dir = path.join(outRoot, page);
    if (!args.build && existsSync(path.join(dir, `${page}.html`))) builds[page] = await measurePage(page, dir, 0);
    else {
      builds[page] = await buildPage(page, pagesDir, outRoot);
      log(`built ${page} in ${(builds[page].buildMs / 1000).toFixed(1)} s: JS ${(builds[page].jsGzip / 1000).toFixed(1)} kB gzipped`);
    }
  }

  const probe = await readFile(path.join(benchDir, 'probe.js'), 'utf8');
  const { base, server } = await serveStatic(outRoot);
  const browser = await launchChromium();
  const rows: Row[] = [];
  const problems: string[] = [];
  try {
    for (const n of args.sizes) {
      const samples = new Map<string, Sample[]>();
      const controls = new Map<string, number | null>();
      const url = (peer: string) => `${base}/${peer}/${peer}.html?n=${n}`;
      for (const peer of args.peers) {
        // The fully mounted page's number of field controls, which the timed runs wait for (also a warm-up).
        try {
          const count = await calibrate(browser, probe, url(peer));
          controls.set(peer, count);
          if (count < n) problems.push(`${peer} N=${n}: only ${count} field controls once settled (expected ≥ ${n})`);
          log(`N=${n} ${peer}: ${count} field controls when fully mounted`);
        } catch (error) {
          controls.set(peer, null);
          problems.push(`${peer} N=${n}: ${(error as Error).message}`);
        }
        samples.set(peer, []);
      }
      for (let rep = 0; rep < args.reps; rep++) {
        // Rotate the order each repetition, so that no peer always runs right after the heaviest one.
        const order = args.peers.map((_, i) => args.peers[(i + rep) % args.peers.length] as string);
        for (const peer of order) {
          const expected = controls.get(peer);
          if (!expected) continue;
          const sample = await measureOnce(browser, probe, url(peer), expected);
          samples.get(peer)?.push(sample);
          problems.push(...sample.problems.map((p) => `${peer} N=${n} run ${rep + 1}: ${p}`));
          const key = sample.keystrokeMs.length ? [...sample.keystrokeMs].sort((a, b) => a - b)[Math.floor((sample.keystrokeMs.length - 1) / 2)] : null;
          log(
            `N=${n} run ${rep + 1}/${args.reps} ${peer}: paint ${sample.firstPaintMs?.toFixed(0)} ms, all ${sample.allInteractiveMs?.toFixed(0)} ms, ` +
              `key ${key?.toFixed(1)} ms, heap +${((sample.heapGrowthBytes ?? 0) / 1e6).toFixed(1)} MB, ${sample.domNodes} nodes`,
          );
        }
      }
      for (const peer of args.peers) {
        const s = samples.get(peer) ?? [];
        rows.push({ peer, n, controls: controls.get(peer) ?? null, samples: s, figures: figuresOf(s, builds[peer]) });
      }
    }
  } finally {
    await browser.close();
    server.close();
  }

  // After the browser runs, so that the server does not share the cores with them.
  const backend = args.server ? await serverFigure() : { result: null, why: 'skipped (--no-server)' };
  if (!backend.result && args.server) problems.push(`server: ${backend.why}`);
  const goals = judgeGoals(rows, args.sizes, builds[VIEWER_PAGE], backend.result, backend.why);
  const totalMs = performance.now() - started;
  const heading =
    `Renderer bench — generated forms of ${args.sizes.join(', ')} fields · ${KEYSTROKES} keystrokes per run · viewport ${VIEWPORT.width}×${VIEWPORT.height}\n` +
    `${new Date().toISOString()} · ${gitRevision()} · ${os.cpus().length} CPU (shared) · Node ${process.version} · ${chromiumVersion()} · run ${(totalMs / 1000).toFixed(0)} s`;
  const table = renderTable(heading, rows, args.sizes, args.reps, goals, problems);
  process.stdout.write(`\n${table}\n`);

  const results = { heading, args, table, goals, builds, rows, server: backend.result, problems, totalMs };
  const file = args.quick ? path.join(outRoot, 'results-quick.json') : path.join(benchDir, 'results.json');
  await writeFile(file, `${JSON.stringify(results, null, 2)}\n`);
  log(`wrote ${path.relative(root, file)}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`[bench:renderer] failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exitCode = 1;
});
