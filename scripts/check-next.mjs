#!/usr/bin/env node
// The Next.js App Router example (examples/next) on the packed package: installs it with the tarball, builds it with
// `next build`, starts `next start`, and checks in Chromium that the public form viewer, the form builder and Form
// Instances are rendered by the server, hydrate without a warning or error in the console, and answer a click.
//
//   node scripts/check-next.mjs [--tarball path.tgz] [--keep]   (npm run check:next; packs the built dist/ unless given
//   a tarball; --keep leaves the installed and built example in the temporary folder it names)
//
// Writes .tmp/results/next.json ({ passed, failed }).
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium } from '../tests/support/chromium.mjs';

const root = new URL('..', import.meta.url).pathname;
const began = Date.now();
const elapsed = () => `${((Date.now() - began) / 1000).toFixed(1)} s`;
// Outside the repository: Node and TypeScript look for packages in every parent folder's node_modules, and the
// repository's would hide a package the example forgot to install. A folder of its own per run (two runs at once do
// not meet), removed at the end unless --keep.
const work = mkdtempSync(join(tmpdir(), 'ccq-forms-admin-next-'));
const app = join(work, 'app');

let tarball = process.argv.includes('--tarball') ? process.argv[process.argv.indexOf('--tarball') + 1] : undefined;
if (!tarball) {
  const packDir = join(work, 'pack');
  rmSync(packDir, { recursive: true, force: true });
  mkdirSync(packDir, { recursive: true });
  execFileSync('npm', ['pack', '--silent', '--pack-destination', packDir], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  tarball = join(packDir, readdirSync(packDir).find((f) => f.endsWith('.tgz')) ?? '');
}

// A copy of the example (its sources, not an install or build of it), with the tarball added as a host adds a package.
mkdirSync(app, { recursive: true });
cpSync(join(root, 'examples', 'next'), app, { recursive: true, filter: (src) => !/[/\\](node_modules|\.next)$/.test(src) });
const sh = (cmd, args, env = {}) =>
  execFileSync(cmd, args, { cwd: app, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0', ...env } });

const checks = [];
/** Stops `next start` once it runs. */
let stopServer = () => undefined;
async function check(name, fn) {
  try {
    const out = await fn();
    console.log(`✓ ${name} (done at ${elapsed()})${out ? `\n${out}` : ''}`);
    checks.push(true);
  } catch (error) {
    console.log(`✗ ${name} (done at ${elapsed()})\n${[error.stdout, error.stderr, error.message].filter(Boolean).join('\n')}`);
    checks.push(false);
  }
}
function finish() {
  const passed = checks.filter(Boolean).length;
  mkdirSync(join(root, '.tmp', 'results'), { recursive: true });
  writeFileSync(join(root, '.tmp', 'results', 'next.json'), JSON.stringify({ passed, failed: checks.length - passed }));
  if (process.argv.includes('--keep')) console.log(`the example: ${app}`);
  console.log(`Next.js example: ${passed} passed, ${checks.length - passed} failed (${elapsed()})`);
  stopServer();
  if (!process.argv.includes('--keep')) {
    try {
      rmSync(work, { recursive: true, force: true, maxRetries: 3 });
    } catch (error) {
      console.log(`left ${work}: ${error.message}`);
    }
  }
  process.exit(checks.length - passed ? 1 : 0);
}

await check('install the example with the packed package', () => {
  sh('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts', tarball]);
  return '';
});
await check('next build (strict TypeScript)', () => {
  const out = sh('npx', ['next', 'build'], { NEXT_TELEMETRY_DISABLED: '1' });
  return out.split('\n').filter((line) => /Route|[○ƒ●]\s/.test(line)).join('\n');
});
if (!existsSync(join(app, '.next', 'BUILD_ID'))) finish();

const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address();
    probe.close(() => resolve(free));
  });
});
const origin = `http://127.0.0.1:${port}`;
const server = spawn('npx', ['next', 'start', '-p', String(port), '-H', '127.0.0.1'], {
  cwd: app,
  stdio: ['ignore', 'pipe', 'pipe'],
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  detached: true,
});
const serverLog = [];
server.stdout.on('data', (d) => serverLog.push(String(d)));
server.stderr.on('data', (d) => serverLog.push(String(d)));
stopServer = () => {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
};
process.on('exit', stopServer);

/** Waits until the server answers its home page (at most 120 s). */
async function serverUp() {
  for (let i = 0; i < 240; i += 1) {
    try {
      const res = await fetch(origin);
      if (res.ok) return;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`next start did not answer within 120 s:\n${serverLog.join('')}`);
}
await check('next start answers', serverUp);

const contactRequestV1 = '60000000-0000-4000-8000-000000000003';
const pages = [
  {
    name: 'the public form viewer',
    path: `/form-instance/${contactRequestV1}?mode=edit`,
    serverText: 'Contact us',
    /** Sending the form with its required fields empty: the viewer's own validation answers, which needs hydration. */
    async interact(page) {
      const submit = page.getByRole('button', { name: /^submit$/i });
      await submit.waitFor({ timeout: 60_000 });
      await submit.click();
      await page.getByText('This field is required').first().waitFor({ timeout: 30_000 });
      return 'Submit on an empty form shows the required fields';
    },
  },
  {
    name: 'the form builder',
    path: '/admin/form-builder',
    serverText: 'Form builder',
    async interact(page) {
      const before = await page.getByRole('textbox').count();
      const add = page.getByRole('button', { name: /^add short text$/i }).first();
      await add.waitFor({ timeout: 60_000 });
      await add.click();
      await page.waitForFunction((n) => document.querySelectorAll('input[type="text"], input:not([type]), textarea').length > n, before, { timeout: 30_000 });
      return 'a palette click adds a field to the canvas';
    },
  },
  {
    name: 'Form Instances',
    path: '/admin/form-instances',
    serverText: 'Form instances',
    async interact(page) {
      // The fake backend's seeded instances, listed with their forms' names.
      await page.getByRole('table').first().waitFor({ timeout: 60_000 });
      await page.getByText('Loan Application').first().waitFor({ timeout: 30_000 });
      return `the list shows ${await page.locator('tbody tr').count()} rows of seeded instances`;
    },
  },
];

const browser = await launchChromium();
try {
  for (const spec of pages) {
    await check(`${spec.name} (${spec.path}): server-rendered, hydrated without warnings, answers a click`, async () => {
      const html = await (await fetch(origin + spec.path)).text();
      if (!html.includes(spec.serverText)) throw new Error(`the server's HTML lacks '${spec.serverText}'`);
      const context = await browser.newContext();
      const page = await context.newPage();
      const console_ = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error' || msg.type() === 'warning') console_.push(`${msg.type()}: ${msg.text()}`);
      });
      page.on('pageerror', (error) => console_.push(`pageerror: ${error.message}`));
      // The console names no address for a failed load: the answers do.
      page.on('response', (response) => {
        if (response.status() >= 400) console_.push(`answer ${response.status()}: ${response.request().method()} ${response.url()}`);
      });
      await page.goto(origin + spec.path, { waitUntil: 'load', timeout: 90_000 });
      const done = await spec.interact(page);
      await context.close();
      if (console_.length) throw new Error(`the console says:\n${console_.join('\n')}`);
      return done;
    });
  }
} finally {
  await browser.close();
  stopServer();
}
finish();
