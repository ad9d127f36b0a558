#!/usr/bin/env node
// Accessibility check of every Storybook story, with no extra test runner: serves storybook-static, opens each
// story's iframe in headless Chromium (light and dark color scheme) and runs axe-core in the page. A story also
// fails on an uncaught page error or a console error.
//
//   node tests/storybook/axe-stories.mjs [id-substring …] [--light-only] [--concurrency=N] [--details]
//
// --details prints axe's reason for each failing element (e.g. the measured colours and contrast ratio).
//
// axe has no rule for non-text contrast (WCAG 1.4.11), so the resting border of every text input, select, textarea,
// checkbox and radio is also measured against the control's fill and the background behind it: 3:1 at least.
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

// Stories whose problems are known and written down in docs/accessibility-gaps.md, with what fixes them. They still
// run and their problems are printed with '!'; they do not fail the run. Every entry must name its document section.
// None at present: an entry is added with its section in that document, and removed with its fix.
/** @type {{ prefix: string, why: string }[]} */
const KNOWN_GAPS = [];

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

/** WCAG 1.4.11: the contrast a control's boundary needs against what is next to it. */
const NON_TEXT_CONTRAST = 3;

/**
 * The resting form controls of the page whose boundary falls below 3:1: neither their border against their own fill
 * and the background behind them, nor their fill against that background, reaches it. Focused, checked, invalid and
 * disabled controls are left out (other colours mark those states), as are controls drawn by the browser itself
 * (`appearance: auto`) and hidden inputs under a custom control (segmented controls, switches).
 */
function lowContrastControls(page) {
  return page.evaluate((minimum) => {
    const probe = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
    /** Any CSS colour as [r, g, b, a] (0–255, alpha 0–1), through the canvas (it understands every syntax). */
    const rgba = (colour) => {
      probe.clearRect(0, 0, 1, 1);
      probe.fillStyle = '#000';
      probe.fillStyle = colour;
      probe.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = probe.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a / 255];
    };
    const over = (top, bottom) => top.slice(0, 3).map((c, i) => c * top[3] + bottom[i] * (1 - top[3])).concat(1);
    /** The opaque colour behind `element`: its ancestors' backgrounds composited over the page's white or black. */
    const behind = (element) => {
      const layers = [];
      for (let e = element; e; e = e.parentElement) {
        const colour = rgba(getComputedStyle(e).backgroundColor);
        if (colour[3] > 0) layers.push(colour);
        if (colour[3] === 1) break;
      }
      const dark = document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark';
      return layers.reverse().reduce((acc, layer) => over(layer, acc), dark ? [0, 0, 0, 1] : [255, 255, 255, 1]);
    };
    const luminance = ([r, g, b]) =>
      [r, g, b]
        .map((c) => c / 255)
        .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
        .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
    const ratio = (a, b) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (hi + 0.05) / (lo + 0.05);
    };
    const hex = (c) => `#${c.slice(0, 3).map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
    const describe = (e) =>
      `${e.tagName.toLowerCase()}${e.getAttribute('type') ? `[type=${e.getAttribute('type')}]` : ''}${e.id ? `#${e.id}` : ''}` +
      `${e.getAttribute('aria-label') ? ` "${e.getAttribute('aria-label')}"` : ''}`;

    const found = [];
    const seen = new Set();
    for (const control of document.querySelectorAll('input:not([type=hidden]), select, textarea')) {
      if (control.disabled || control.checked || control.matches(':focus, [aria-invalid=true], [data-error]')) continue;
      // The element that draws the boundary: the control itself, or the box a pills input puts around its field.
      const own = getComputedStyle(control);
      const box = parseFloat(own.borderTopWidth) > 0 ? control : control.closest('.mantine-Input-input');
      if (!box || seen.has(box) || box.matches('[data-error], [data-disabled]')) continue;
      seen.add(box);
      const style = getComputedStyle(box);
      const rect = box.getBoundingClientRect();
      if (style.appearance !== 'none' || style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
      if (rect.width < 4 || rect.height < 4 || style.borderTopStyle === 'none' || parseFloat(style.borderTopWidth) === 0) continue;
      const outside = behind(box.parentElement);
      const fillColour = rgba(style.backgroundColor);
      const fill = over(fillColour, outside);
      const border = over(rgba(style.borderTopColor), fill);
      const borderOk = ratio(border, outside) >= minimum && ratio(border, fill) >= minimum;
      if (borderOk || ratio(fill, outside) >= minimum) continue;
      found.push(
        `${describe(control)}: border ${hex(border)} on ${hex(outside)} ${ratio(border, outside).toFixed(2)}:1, ` +
          `on its fill ${hex(fill)} ${ratio(border, fill).toFixed(2)}:1`,
      );
    }
    return found;
  }, NON_TEXT_CONTRAST);
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
      for (const control of await lowContrastControls(page)) {
        problems.push({ scheme, kind: 'axe', rule: 'non-text-contrast', detail: `form control boundary below 3:1 — ${control}` });
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
  let known = 0;

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
    const names = [...new Set(problems.map((p) => (p.kind === 'axe' ? p.rule : p.kind)))];
    const gap = KNOWN_GAPS.find((g) => id.startsWith(g.prefix));
    if (gap) {
      known += 1;
      console.log(`! ${id} (known gap: ${gap.why}): ${names.join(', ')}`);
      for (const p of problems) console.log(`    [${p.scheme}] ${p.kind === 'axe' ? p.rule : p.kind}: ${p.detail}`);
      return;
    }
    failed += 1;
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
  console.log(`${passed} passed, ${failed} failed${known ? `, ${known} known gaps (listed with '!' above; docs/accessibility-gaps.md)` : ''}`);
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
