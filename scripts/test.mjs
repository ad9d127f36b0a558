#!/usr/bin/env node
// `npm test`: every check and test of the project, then one plain summary line `N passed, N failed` over all of them.
// Each test runner writes its counts to .tmp/results/*.json.
//
//   node scripts/test.mjs [step-name-substring …] [--sequential]
//
// Steps run in stages. The steps of a stage run at once where they do not compete for the same thing (the machines
// have two cores and tsc, ESLint and the builds each use about one): the type check, lint and the three builds
// (library, Storybook, example host) together; then the unit/component/contract/server tests alone (Vitest runs one
// file per core); then, together, the Storybook accessibility run (about 1.3 cores of its own: its lanes also wait for
// pages to settle) and the end-to-end tests (two files at a time, each with its own backend and Chromium; they use the
// example host built in the first stage): run one after another they left part of the machine idle. The package checks
// (mostly waiting on npm; about 50 CPU-seconds) start in the background as soon as the library build has ended and are
// counted at the end. The output of steps run together is printed whole when each ends. --sequential runs one step at
// a time with live output.
//
// Type checks and lint keep incremental state under .tmp/cache (git-ignored): a second run only re-checks what changed.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const results = join(root, '.tmp', 'results');
const cache = join(root, '.tmp', 'cache');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
mkdirSync(cache, { recursive: true });

/**
 * A tsconfig (under .tmp/cache) that checks what tsconfig.json and .storybook/tsconfig.json check, as one program:
 * the root project (its options, include and exclude, inherited) plus the files .storybook/tsconfig.json lists (the
 * root's include globs skip dot-folders). Both projects have the same compiler options, and the root program already
 * holds the ambient types Storybook's preview references (vite/client), so each file gets the same diagnostics as in
 * its own project. Returns its path.
 */
function typecheckConfig() {
  const storybook = join(root, '.storybook');
  const own = JSON.parse(
    readFileSync(join(storybook, 'tsconfig.json'), 'utf8')
      .replace(/^\s*\/\/.*$/gm, '')
      .replace(/,(\s*[}\]])/g, '$1'),
  );
  const path = join(cache, 'tsconfig.typecheck.json');
  const config = {
    extends: relative(cache, join(root, 'tsconfig.json')),
    files: (own.files ?? []).map((/** @type {string} */ file) => relative(cache, join(storybook, file))),
  };
  writeFileSync(path, `${JSON.stringify(config, null, 2)}\n`);
  return path;
}

/** Writes each test's duration and its own timeout beside the JSON report, for scripts/test-under-load.mjs. */
const TIMEOUTS_REPORTER = '--reporter=./scripts/test-timeouts-reporter.mjs';

/**
 * A step. `env`: variables added to its environment. `background`: the stage does not wait for it (it starts when the step named `after` in its stage has ended,
 * or at once) and it is awaited before the summary.
 * @typedef {{ name: string, cmd: string, args: string[], env?: Record<string, string>, counts?: string, optional?: string, after?: string, background?: boolean }} Step
 */

/** @type {Step[][]} */
const stages = [
  [
    // One program for tsconfig.json and .storybook/tsconfig.json (see typecheckConfig): a second tsc for Storybook's
    // two files checked most of src again. The check runs on TypeScript's native compiler (tsgo, the same checker
    // written in Go: about half the CPU of tsc here); tsc stays the compiler of the build and of editors.
    {
      name: 'typecheck (with storybook)',
      cmd: 'npx',
      args: ['tsgo', '-p', typecheckConfig(), '--noEmit', '--incremental', '--tsBuildInfoFile', join(cache, 'typecheck.tsbuildinfo')],
    },
    // The lint rules are per file (no type information), so ESLint's cache, keyed on each file's content and the
    // config, gives the same result as a full run.
    {
      name: 'lint',
      cmd: 'npx',
      args: ['eslint', '.', '--max-warnings', '0', '--cache', '--cache-strategy', 'content', '--cache-location', join(cache, 'eslint') + '/'],
    },
    { name: 'build', cmd: 'npm', args: ['run', 'build', '--silent'] },
    // Storybook's test build (see .storybook/main.ts): every story, guide and docs page, without the docs pages' prop
    // tables (react-docgen-typescript, a TypeScript program of its own) and tree shaking, which the accessibility run
    // does not need: about a third of the CPU of `npm run build-storybook`.
    { name: 'storybook build', cmd: 'npx', args: ['storybook', 'build', '--test', '--quiet', '-o', 'storybook-static'] },
    // The end-to-end tests serve this build; their global setup builds it again only when a source is newer.
    { name: 'example host build', cmd: 'npx', args: ['vite', 'build', '-c', 'example-host/vite.config.ts', '--logLevel', 'error'] },
    // The package checks need only the library build, and mostly wait on npm (installs with npm and pnpm): they start
    // when the build has ended and run beside the rest of this stage and the next ones; their result is counted at the
    // end. They include the Next.js App Router example (CHECK_NEXT=1: its install, next build, next start, Chromium).
    { name: 'package checks', cmd: 'node', args: ['scripts/check-pack.mjs'], env: { CHECK_NEXT: '1' }, counts: 'pack.json', after: 'build', background: true },
  ],
  [
    {
      name: 'unit, component, contract and server tests',
      cmd: 'npx',
      args: ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${join(results, 'vitest.json')}`, TIMEOUTS_REPORTER],
      env: { TEST_TIMEOUTS_FILE: join(results, 'vitest-timeouts.json') },
      counts: 'vitest.json',
    },
  ],
  [
    { name: 'storybook accessibility', cmd: 'node', args: ['tests/storybook/axe-stories.mjs'], counts: 'axe.json' },
    {
      name: 'end-to-end tests',
      cmd: 'npx',
      args: ['vitest', 'run', '-c', 'vitest.e2e.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${join(results, 'e2e.json')}`, TIMEOUTS_REPORTER],
      env: { TEST_TIMEOUTS_FILE: join(results, 'e2e-timeouts.json') },
      counts: 'e2e.json',
      optional: 'vitest.e2e.config.ts',
    },
  ],
];

const argv = process.argv.slice(2);
const sequential = argv.includes('--sequential');
const only = argv.filter((a) => !a.startsWith('--'));

let passed = 0;
let failed = 0;
const failures = [];
/** @type {{ name: string, seconds: number }[]} */
const timings = [];

/** Runs one step; with `live` its output goes straight to the terminal, otherwise it is printed whole at its end. */
function run(step, live) {
  return new Promise((resolve) => {
    const started = Date.now();
    if (live) console.log(`\n▶ ${step.name}`);
    const child = spawn(step.cmd, step.args, {
      cwd: root,
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...step.env, FORCE_COLOR: '0' },
    });
    /** @type {Buffer[]} */
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    const finish = (code) => {
      const seconds = (Date.now() - started) / 1000;
      if (!live) {
        console.log(`\n▶ ${step.name}`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve({ ok: code === 0, seconds });
    };
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      finish(1);
    });
    child.on('close', (code) => finish(code));
  });
}

function account(step, { ok, seconds }) {
  let counted = false;
  if (step.counts) {
    const file = join(results, step.counts);
    if (existsSync(file)) {
      const json = JSON.parse(readFileSync(file, 'utf8'));
      // vitest's JSON reporter and our own scripts share these two fields.
      const p = json.numPassedTests ?? json.passed ?? 0;
      const f = json.numFailedTests ?? json.failed ?? 0;
      passed += p;
      failed += f;
      counted = true;
      if (!ok && f === 0) failed += 1; // the runner failed outside any test
    }
  }
  if (!counted) {
    if (ok) passed += 1;
    else failed += 1;
  }
  if (!ok) failures.push(step.name);
  timings.push({ name: step.name, seconds });
  console.log(`${ok ? '✓' : '✗'} ${step.name} (${seconds.toFixed(1)} s)`);
}

/** The machine's 1, 5 and 15 minute load averages, as `uptime` prints them: step times mean little without them. */
const load = () => loadavg().map((l) => l.toFixed(2)).join(', ');
const loadAtStart = load();
const startedAll = Date.now();
/** Background steps still running: awaited before the summary. @type {Promise<void>[]} */
const background = [];
for (const stage of stages) {
  const steps = stage
    .filter((step) => !only.length || only.some((o) => step.name.includes(o)))
    .filter((step) => !step.optional || existsSync(join(root, step.optional)));
  if (steps.length === 0) continue;
  if (sequential || steps.length === 1) {
    for (const step of steps) account(step, await run(step, true));
  } else {
    const stageStarted = Date.now();
    const waited = steps.filter((step) => !step.background);
    const behind = steps.filter((step) => step.background);
    console.log(
      `\n▶ at once: ${waited.map((s) => s.name).join(', ')}` +
        `${behind.map((s) => `; ${s.name} in the background${s.after ? ` once ${s.after} has ended` : ''}`).join('')} (each one's output follows when it ends)`,
    );
    /** @type {Map<string, Promise<void>>} */
    const ended = new Map();
    for (const step of waited) ended.set(step.name, run(step, false).then((result) => account(step, result)));
    for (const step of behind) {
      const before = (step.after && ended.get(step.after)) || Promise.resolve();
      background.push(before.then(async () => account(step, await run(step, false))));
    }
    await Promise.all(ended.values());
    console.log(`  (this stage: ${((Date.now() - stageStarted) / 1000).toFixed(1)} s)`);
  }
}
if (background.length) await Promise.all(background);

// The ten slowest test files of the Vitest runs, from their JSON reports, also written to .tmp/results/slowest.txt.
const files = [];
for (const report of ['vitest.json', 'e2e.json']) {
  const file = join(results, report);
  if (!existsSync(file)) continue;
  const json = JSON.parse(readFileSync(file, 'utf8'));
  for (const r of json.testResults ?? []) {
    if (typeof r.startTime === 'number' && typeof r.endTime === 'number') {
      files.push({ name: relative(root, r.name), seconds: (r.endTime - r.startTime) / 1000, tests: r.assertionResults?.length ?? 0 });
    }
  }
}
if (files.length) {
  const slowest = files.sort((a, b) => b.seconds - a.seconds).slice(0, 10);
  const lines = slowest.map((f) => `${f.seconds.toFixed(1).padStart(7)} s  ${f.name} (${f.tests} tests)`);
  console.log(`\nSlowest test files:\n${lines.join('\n')}`);
  writeFileSync(join(results, 'slowest.txt'), `${lines.join('\n')}\n`);
}

// Every failed test, named at the end: CI keeps only the tail of the output, where a step's own report may be cut off.
const failedTests = [];
for (const report of ['vitest.json', 'e2e.json']) {
  const file = join(results, report);
  if (!existsSync(file)) continue;
  const json = JSON.parse(readFileSync(file, 'utf8'));
  for (const r of json.testResults ?? []) {
    const name = relative(root, r.name);
    const bad = (r.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of bad) {
      const first = String(a.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300);
      failedTests.push(`  ${name} › ${a.fullName ?? a.title}\n      ${first}`);
    }
    if (!bad.length && r.status === 'failed') failedTests.push(`  ${name}\n      ${String(r.message ?? '').split('\n')[0].slice(0, 300)}`);
  }
}
// The Storybook accessibility run names its failed stories in axe.json.
const axeReport = join(results, 'axe.json');
if (existsSync(axeReport)) {
  for (const line of JSON.parse(readFileSync(axeReport, 'utf8')).failures ?? []) failedTests.push(`  storybook accessibility › ${line}`);
}
if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.join('\n')}`);

console.log(`\nSteps: ${timings.map((t) => `${t.name} ${t.seconds.toFixed(1)} s`).join(', ')}`);
console.log(`Total: ${((Date.now() - startedAll) / 1000).toFixed(1)} s (load average ${loadAtStart} at the start, ${load()} at the end)`);
if (failures.length) console.log(`\nFailed: ${failures.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failures.length ? 1 : 0);
