#!/usr/bin/env node
// Accessibility check of every Storybook story, with no extra test runner: serves storybook-static, opens each
// story's iframe in headless Chromium (light and dark color scheme) and runs axe-core in the page. A story also
// fails on an uncaught page error or a console error.
//
//   node tests/storybook/axe-stories.mjs [id-substring …] [--light-only] [--concurrency=N] [--details]
//
// --details prints axe's reason for each failing element (e.g. the measured colours and contrast ratio).
//
// Builds Storybook first only if storybook-static/index.json is missing ($STORYBOOK_STATIC_DIR picks another
// build). Exit code 1 on any failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../support/chromium.mjs';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const STATIC_DIR = resolve(ROOT, process.env.STORYBOOK_STATIC_DIR ?? 'storybook-static');
const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const STORY_TIMEOUT_MS = 30_000;

const argv = process.argv.slice(2);
const filters = argv.filter((a) => !a.startsWith('--'));
const schemes = argv.includes('--light-only') ? ['light'] : ['light', 'dark'];
const details = argv.includes('--details');
const concurrency = Number(argv.find((a) => a.startsWith('--concurrency='))?.split('=')[1] ?? 3);

// Chromium logs every HTTP error status as a console error. Error statuses that MSW answers are stories mocking a
// failing backend on purpose; one the static server answered (a file missing from the build) fails the story.
const FAILED_RESOURCE = /^Failed to load resource: the server responded with a status of \d+/;
/** Paths the static server answered with 404. */
const missingFiles = new Set();

// Storybook shows one component, not a page: page-level rules (landmarks, a page h1) do not apply.
const AXE_OPTIONS = {
  resultTypes: ['violations'],
  rules: {
    region: { enabled: false },
    'landmark-one-main': { enabled: false },
    'page-has-heading-one': { enabled: false },
  },
};

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.pdf': 'application/pdf',
};

function ensureBuild() {
  if (existsSync(join(STATIC_DIR, 'index.json'))) return;
  console.log('storybook-static/index.json not found; building Storybook…');
  const build = spawnSync('npx', ['storybook', 'build', '--quiet', '-o', 'storybook-static'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (build.status !== 0 || !existsSync(join(STATIC_DIR, 'index.json'))) {
    console.error('Storybook build failed.');
    process.exit(1);
  }
}

/** A tiny static file server for storybook-static on 127.0.0.1 and a random port. */
async function serveStatic(dir) {
  const server = createServer(async (req, res) => {
    try {
      const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
      if (pathname === '/favicon.ico') {
        res.writeHead(204).end(); // Storybook links favicon.svg, but Chromium asks for this anyway.
        return;
      }
      let file = normalize(join(dir, pathname));
      if (file !== dir && !file.startsWith(dir + sep)) {
        res.writeHead(403).end();
        return;
      }
      if ((await stat(file).catch(() => null))?.isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      // Vite's hashed assets never change, so each browser context downloads and compiles them once.
      const cache = pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
      res.writeHead(200, { 'content-type': MIME[extname(file)] ?? 'application/octet-stream', 'cache-control': cache });
      res.end(body);
    } catch {
      missingFiles.add(new URL(req.url ?? '/', 'http://localhost').pathname);
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return { server, origin: `http://127.0.0.1:${port}` };
}

/** Waits until Storybook has rendered (and played) the story; throws with Storybook's own error if it failed. */
async function waitForStory(page) {
  const handle = await page.waitForFunction(
    () => {
      const body = document.body;
      if (body.classList.contains('sb-show-errordisplay')) {
        const message = document.querySelector('#error-message')?.textContent ?? '';
        const stack = document.querySelector('#error-stack')?.textContent ?? '';
        return { error: `${message}\n${stack}`.trim() || 'Storybook error display shown' };
      }
      const phase = window.__STORYBOOK_PREVIEW__?.currentRender?.phase;
      if (phase === 'errored' || phase === 'aborted') return { error: `story render ${phase}` };
      if (phase !== 'completed' && phase !== 'finished') return false;
      const root = document.getElementById('storybook-root');
      const rendered = (root && root.childElementCount > 0) || document.querySelector('[data-portal]');
      return rendered ? { ok: true } : false;
    },
    undefined,
    { timeout: STORY_TIMEOUT_MS, polling: 50 },
  );
  const state = await handle.jsonValue();
  if (state.error) throw new Error(state.error);
  await settle(page);
}

/** Waits for the network to go quiet and for finite animations to end. */
async function settle(page) {
  // A loading-state story keeps a request open on purpose: quiet network is awaited, not required.
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
  // Let enter transitions (e.g. a Modal fading in) end, so contrast is measured at full opacity; spinners never end.
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
      .map((a) => a.finished.catch(() => {}));
    await Promise.race([Promise.all(finite), new Promise((ok) => setTimeout(ok, 2000))]);
  });
}

/** Switches the story's color scheme through Storybook's channel (as the toolbar does) and waits for the re-render. */
async function switchScheme(page, scheme) {
  const outcome = await page.evaluate(
    ([theme, timeout]) =>
      new Promise((done) => {
          const channel = window.__STORYBOOK_ADDONS_CHANNEL__;
        const finish = (result) => () => done(result);
        channel.once('storyFinished', finish('ok'));
        channel.once('storyErrored', finish('story errored'));
        channel.once('storyThrewException', finish('story threw'));
        setTimeout(finish('timed out'), timeout);
        channel.emit('updateGlobals', { globals: { theme } });
      }),
    [scheme, STORY_TIMEOUT_MS],
  );
  if (outcome !== 'ok') throw new Error(`switching to ${scheme}: ${outcome}`);
  await settle(page);
}

async function runAxe(page) {
  return page.evaluate(
    // Modals and notifications render in Mantine portals outside #storybook-root.
    // eslint-disable-next-line no-undef
    (options) => axe.run({ include: ['#storybook-root', '[data-portal]'] }, options).then((r) => r.violations),
    AXE_OPTIONS,
  );
}

/** Opens one story and checks it in every color scheme; returns the problems found (empty when it passes). */
async function checkStory(context, origin, id) {
  const problems = [];
  const failedResources = [];
  let scheme = schemes[0];
  const page = await context.newPage();
  page.on('pageerror', (error) => problems.push({ scheme, kind: 'page error', detail: error.message }));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (FAILED_RESOURCE.test(text)) failedResources.push({ scheme, url: message.location().url, text });
    else problems.push({ scheme, kind: 'console error', detail: text.split('\n')[0] });
  });
  try {
    const url = `${origin}/iframe.html?id=${encodeURIComponent(id)}&viewMode=story&globals=theme:${scheme}`;
    await page.goto(url, { waitUntil: 'load', timeout: STORY_TIMEOUT_MS });
    await waitForStory(page);
    await page.addScriptTag({ path: AXE_PATH });
    // An open Modal locks scrolling (body overflow: hidden); with a short story the body is then shorter than the
    // viewport and axe wrongly treats the fixed-position dialog as clipped, skipping its color-contrast check.
    await page.addStyleTag({ content: 'html, body { min-height: 100vh; }' });
    for (const [i, next] of schemes.entries()) {
      scheme = next;
      if (i > 0) await switchScheme(page, scheme);
      for (const v of await runAxe(page)) {
        problems.push({
          scheme,
          kind: 'axe',
          rule: v.id,
          detail: details
            ? `${v.help} (${v.impact})${v.nodes.map((n) => `\n      ${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ')}`).join('')}`
            : `${v.help} (${v.impact}) — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        });
      }
    }
  } catch (error) {
    problems.push({ scheme, kind: 'load', detail: error instanceof Error ? error.message.split('\n')[0] : String(error) });
  } finally {
    await page.close();
  }
  for (const { scheme: at, url, text } of failedResources) {
    if (url.startsWith(origin) && missingFiles.has(new URL(url).pathname)) {
      problems.push({ scheme: at, kind: 'console error', detail: `${text}: ${url}` });
    }
  }
  return problems;
}

async function main() {
  const started = Date.now();
  ensureBuild();
  const index = JSON.parse(await readFile(join(STATIC_DIR, 'index.json'), 'utf8'));
  const stories = Object.values(index.entries)
    .filter((entry) => entry.type === 'story')
    .filter((entry) => filters.length === 0 || filters.some((f) => entry.id.includes(f)))
    .map((entry) => entry.id);
  if (stories.length === 0) {
    console.error('No stories to check.');
    process.exit(1);
  }

  const { server, origin } = await serveStatic(STATIC_DIR);
  let browser;
  try {
    browser = await launchChromium();
  } catch (error) {
    server.close();
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }

  const queue = [...stories];
  let passed = 0;
  let failed = 0;

  // One context per lane keeps the MSW service worker and the cached Storybook bundle across the lane's stories.
  const lane = async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      for (let id = queue.shift(); id; id = queue.shift()) report(id, await checkStory(context, origin, id));
    } finally {
      await context.close();
    }
  };

  function report(id, problems) {
    if (problems.length === 0) {
      passed += 1;
      console.log(`✓ ${id}`);
      return;
    }
    failed += 1;
    const names = [...new Set(problems.map((p) => (p.kind === 'axe' ? p.rule : p.kind)))];
    console.log(`✗ ${id}: ${names.join(', ')}`);
    for (const p of problems) console.log(`    [${p.scheme}] ${p.kind === 'axe' ? p.rule : p.kind}: ${p.detail}`);
  }

  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, stories.length)) }, lane));
  } finally {
    await browser.close();
    server.close();
  }

  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`(${stories.length} stories × ${schemes.join(' + ')} in ${seconds} s)`);
  console.log(`${passed} passed, ${failed} failed`);
  // `npm test` adds these counts to its summary line.
  const results = join(fileURLToPath(new URL('../..', import.meta.url)), '.tmp', 'results');
  mkdirSync(results, { recursive: true });
  writeFileSync(join(results, 'axe.json'), JSON.stringify({ passed, failed }));
  process.exit(failed > 0 ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
