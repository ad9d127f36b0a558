#!/usr/bin/env node
// The test suite under load: runs it with CPU-burning processes beside it (two by default, as many as the machine's
// cores, at the tests' own priority) and reports failed tests, tests that used more than half of their timeout, and
// the slowest tests and files, with each test's share of its timeout (all of them in .tmp/under-load/ratios.txt). Not
// part of `npm test`: a check that the suite stays green on a busy machine. Each test is judged by the timeout it ran
// under (its own, its file's or its config's), as scripts/test-timeouts-reporter.mjs records it.
//
//   node scripts/test-under-load.mjs                        the unit, component, contract and server tests
//   node scripts/test-under-load.mjs tests/admin            only these files (any arguments are passed to vitest)
//   node scripts/test-under-load.mjs --e2e [files…]         the end-to-end tests (vitest.e2e.config.ts)
//   node scripts/test-under-load.mjs --axe [story ids…]     the Storybook accessibility run (a story's limit is that of
//                                                           each of its waits: opening, rendering, a scheme switch)
//   node scripts/test-under-load.mjs --npm-test [step …]    the whole `npm test` (or the named steps of it)
//   --burners=N   how many CPU burners (default 2)
//
// Exit code 1 when a test failed or came within half of its timeout.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, '.tmp', 'under-load');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const argv = process.argv.slice(2);
const flag = (name) => argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const burnerCount = Number(flag('burners') ?? 2);
const e2e = argv.includes('--e2e');
const npmTest = argv.includes('--npm-test');
const axe = argv.includes('--axe');
const rest = argv.filter((a) => !/^--(burners=|e2e$|npm-test$|axe$)/.test(a));
/** What the Storybook accessibility run writes (`npm test` and --axe): each story's longest wait and its limit. */
const axeReport = join(root, '.tmp/results/axe.json');

// The test timeout each config sets (read from vitest.config.ts and vitest.e2e.config.ts): the limit of a test the
// timeouts reporter did not record.
const configTimeout = (file, fallback) => {
  const text = existsSync(join(root, file)) ? readFileSync(join(root, file), 'utf8') : '';
  const found = /testTimeout:\s*([\d_]+)/.exec(text);
  return found ? Number(found[1].replaceAll('_', '')) : fallback;
};
const UNIT_TIMEOUT_MS = configTimeout('vitest.config.ts', 60_000);
const E2E_TIMEOUT_MS = configTimeout('vitest.e2e.config.ts', 90_000);

/** @type {{ cmd: string, args: string[], reports: string[] }} */
let command;
/** Where the timeouts reporter writes each test's limit (`npm test` writes one file per Vitest step). */
let timeoutFiles;
/** @type {Record<string, string>} */
let env = {};
if (axe) {
  command = { cmd: 'node', args: ['tests/storybook/axe-stories.mjs', ...rest], reports: [] };
  timeoutFiles = [];
  rmSync(axeReport, { force: true });
} else if (npmTest) {
  command = { cmd: 'node', args: ['scripts/test.mjs', ...rest], reports: [join(root, '.tmp/results/vitest.json'), join(root, '.tmp/results/e2e.json')] };
  timeoutFiles = [join(root, '.tmp/results/vitest-timeouts.json'), join(root, '.tmp/results/e2e-timeouts.json')];
} else {
  const report = join(out, e2e ? 'e2e.json' : 'vitest.json');
  timeoutFiles = [join(out, 'timeouts.json')];
  env = { TEST_TIMEOUTS_FILE: timeoutFiles[0] };
  command = {
    cmd: 'npx',
    args: [
      'vitest',
      'run',
      ...(e2e ? ['-c', 'vitest.e2e.config.ts'] : []),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      '--reporter=./scripts/test-timeouts-reporter.mjs',
      ...rest,
    ],
    reports: [report],
  };
}

const burners = Array.from({ length: burnerCount }, () =>
  spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
);
const stopBurners = () => {
  for (const b of burners) if (b.exitCode === null && b.signalCode === null) b.kill('SIGKILL');
};
process.on('exit', stopBurners);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
console.log(`${burnerCount} CPU burners running (pids ${burners.map((b) => b.pid).join(', ')}); ${command.cmd} ${command.args.join(' ')}`);

/** The machine's 1, 5 and 15 minute load averages, as `uptime` prints them. */
const load = () => loadavg().map((l) => l.toFixed(2)).join(', ');
const loadAtStart = load();
const started = Date.now();
const code = await new Promise((resolve) => {
  const child = spawn(command.cmd, command.args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env, FORCE_COLOR: '0' } });
  child.on('close', (c) => resolve(c ?? 1));
  child.on('error', () => resolve(1));
});
stopBurners();
const seconds = (Date.now() - started) / 1000;

/** Each test's own timeout (ms), keyed by file and full name, from the timeouts reporter. @type {Map<string, number>} */
const ownTimeouts = new Map();
for (const file of timeoutFiles) {
  if (!existsSync(file)) continue;
  for (const row of JSON.parse(readFileSync(file, 'utf8'))) {
    if (typeof row.timeoutMs === 'number' && row.timeoutMs > 0) ownTimeouts.set(`${row.file}\u0000${row.name}`, row.timeoutMs);
  }
}
const tests = [];
const files = [];
/** Files that failed outside any test (a hook that timed out, an import that threw): their tests did not run. */
const failedFiles = [];
for (const report of command.reports) {
  if (!existsSync(report)) continue;
  const json = JSON.parse(readFileSync(report, 'utf8'));
  for (const file of json.testResults ?? []) {
    const name = relative(root, file.name);
    const configured = name.startsWith('tests/e2e/') ? E2E_TIMEOUT_MS : UNIT_TIMEOUT_MS;
    files.push({ name, seconds: (file.endTime - file.startTime) / 1000 });
    const own = file.assertionResults ?? [];
    if (file.status === 'failed' && !own.some((t) => t.status === 'failed')) {
      failedFiles.push({ name, message: String(file.message ?? '').split('\n')[0], notRun: own.filter((t) => t.status !== 'passed').length });
    }
    for (const t of file.assertionResults ?? []) {
      const ms = t.duration ?? 0;
      const timeout = ownTimeouts.get(`${name}\u0000${t.fullName ?? t.title}`) ?? configured;
      tests.push({ file: name, title: t.fullName ?? t.title, status: t.status, ms, timeout, ratio: ms / timeout, messages: t.failureMessages ?? [] });
    }
  }
}

// Each story of the accessibility run counts as a test, judged by the longest of its bounded waits; its passed and
// failed stories count in the summary beside the tests'.
const stories = { passed: 0, failed: 0 };
if ((axe || npmTest) && existsSync(axeReport)) {
  const report = JSON.parse(readFileSync(axeReport, 'utf8'));
  stories.passed = Number(report.passed ?? 0);
  stories.failed = Number(report.failed ?? 0);
  const timeout = (report.timeoutSeconds ?? 30) * 1000;
  for (const [id, seconds] of Object.entries(report.longestWaits ?? {})) {
    const ms = Number(seconds) * 1000;
    // Which stories failed is in the run's own output; here each story is only timed.
    tests.push({ file: 'storybook accessibility', title: `${id} (longest wait)`, status: 'checked', ms, timeout, ratio: ms / timeout, messages: [] });
  }
  if (report.failed) console.log(`storybook accessibility: ${report.failed} stories failed (named in its output above)`);
}

const fmt = (ms) => `${(ms / 1000).toFixed(1)} s`;
const failedTests = tests.filter((t) => t.status === 'failed');
const timedOut = failedTests.filter((t) => t.messages.some((m) => /timed out/i.test(m)));
const nearTimeout = tests.filter((t) => t.status !== 'failed' && t.ratio > 0.5);
const byRatio = [...tests].sort((a, b) => b.ratio - a.ratio);
const ratioLine = (t) => `${(t.ratio * 100).toFixed(0).padStart(4)} %  ${fmt(t.ms).padStart(8)} of ${fmt(t.timeout)}  ${t.status}  ${t.file} › ${t.title}`;
writeFileSync(join(out, 'ratios.txt'), `${byRatio.map(ratioLine).join('\n')}\n`);

console.log(`\n— under load (${burnerCount} burners): ${seconds.toFixed(1)} s, exit code ${code}; load average ${loadAtStart} at the start, ${load()} at the end`);
console.log(
  `${tests.filter((t) => t.status === 'passed').length + stories.passed} passed, ${failedTests.length + stories.failed} failed (${timedOut.length} timed out` +
    (stories.passed + stories.failed ? `; the accessibility run's stories among them: ${stories.passed} passed, ${stories.failed} failed` : '') +
    `), ${failedFiles.length} files failed outside their tests`,
);
for (const t of failedTests) console.log(`  ✗ ${t.file} › ${t.title} (${fmt(t.ms)})${timedOut.includes(t) ? ' TIMED OUT' : ''}`);
for (const f of failedFiles) {
  console.log(`  ✗ ${f.name}: ${f.message}${/timed out/i.test(f.message) ? ' TIMED OUT' : ''} (${f.notRun} of its tests did not run)`);
}
console.log(`${nearTimeout.length} passed (or were checked) but took more than half of their timeout`);
for (const t of nearTimeout) console.log(`  ! ${t.file} › ${t.title} (${fmt(t.ms)} of ${fmt(t.timeout)})`);
console.log(`Highest share of the timeout (every test's in ${relative(root, join(out, 'ratios.txt'))}):`);
for (const t of byRatio.slice(0, 10)) console.log(`  ${ratioLine(t)}`);
console.log('Slowest tests:');
for (const t of [...tests].sort((a, b) => b.ms - a.ms).slice(0, 10)) console.log(`  ${fmt(t.ms).padStart(8)}  ${t.file} › ${t.title}`);
console.log('Slowest files:');
for (const f of [...files].sort((a, b) => b.seconds - a.seconds).slice(0, 10)) console.log(`  ${f.seconds.toFixed(1).padStart(6)} s  ${f.name}`);
process.exit(code !== 0 || failedTests.length || stories.failed || failedFiles.length || nearTimeout.length ? 1 : 0);
