#!/usr/bin/env node
// Accessibility check of every Storybook story, with no extra test runner: serves storybook-static, renders each
// story in headless Chromium and runs axe-core in the page, in four passes: light and dark color scheme with Mantine's
// default primary colour (blue), then light and dark again with a host theme of another primary colour (grape; the
// Storybook global `primaryColor`, .storybook/preview.tsx). A story also fails on an uncaught page error, a console
// error or a file missing from the build, and, with the other primary colour, on anything painted in Mantine's blue
// (a fixed colour: the library's colours follow the host's theme).
//
//   node tests/storybook/axe-stories.mjs [id-substring …] [--light-only] [--primary=COLOUR | --blue-only]
//                                        [--concurrency=N] [--max-lanes=N] [--details] [--self-test | --no-self-test] [--profile]
//                                        [--verify-reuse | --no-colour-reuse]
//
// --primary picks the other primary colour (a Mantine colour of the toolbar's list, not blue); --blue-only leaves its
// passes out. --details prints axe's reason for each failing element (e.g. the measured colours and contrast ratio);
// --profile prints the time spent in each step, summed over all lanes.
//
// The first pass gets every axe rule. A later pass whose DOM is the same as the first's (elements, attributes, text,
// form state, layout: domFingerprint; the primary colour's name in a CSS variable counts as the same) can differ only
// in what the style sheets paint, so it gets only the rules whose result depends on colours (COLOUR_RULES); a DOM that
// changed with the scheme or the colour gets every rule again. Those colour rules look again only at the elements
// whose colours (or those of their ancestors, or of what overlaps them) differ from an earlier pass on the same DOM;
// the others keep that pass's result (installColourReuse): with the other primary colour, most of a story is painted
// as with blue, so light grape is mostly light's result and dark grape dark's. --verify-reuse also runs the colour
// rules over every element in those passes and fails a story where the two differ; --no-colour-reuse keeps nothing.
//
// axe has no rule for non-text contrast (WCAG 1.4.11), so the resting border of every text input, select, textarea,
// checkbox and radio is also measured against the control's fill and the background behind it: 3:1 at least.
//
// Stories are shared among a few lanes (--concurrency, default 3; more, up to --max-lanes, default 5, while part of the
// machine stands idle: addLanesWhileIdle), each one page that renders story after story through Storybook's channel,
// as the Storybook UI does; a story that fails there is checked again in a new page,
// loaded by URL, and that result counts (see Lane and checkStory below).
//
// A full run (no id filter) also plants known faults into a story (faint text, a faint input border, a console
// error, a page error, a missing file) and asks for a story that does not exist, each after a story left alone, and
// fails unless every fault is reported and the story left alone passes: a checker that has gone blind fails. Two more
// hold the later passes to the rule above: a button without a name planted only in the last pass (its DOM changed:
// every rule must run there) and text planted alike in every pass that only the dark scheme's CSS makes faint (the
// same DOM: the colour rules alone must still report it, in each dark pass). One more holds the fixed-colour check:
// text in Mantine's blue is reported with the other primary colour, text in the theme's primary colour is not.
// --self-test runs only that; --no-self-test leaves it out.
//
// Builds Storybook (its test build) first only if storybook-static/index.json is missing ($STORYBOOK_STATIC_DIR picks
// another build). Exit code 1 on any failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../support/chromium.mjs';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const STATIC_DIR = resolve(ROOT, process.env.STORYBOOK_STATIC_DIR ?? 'storybook-static');
const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const STORY_TIMEOUT_MS = 30_000;
/**
 * How long a lane's warm-up page may take to open and render its story (see Lane.warmUp): the first page of a browser
 * context downloads and compiles the whole Storybook bundle, which three lanes do at about the same time. It is no
 * check: a warm-up that fails only leaves the lane's first story to be loaded by URL.
 */
const WARM_UP_TIMEOUT_MS = 120_000;

const argv = process.argv.slice(2);
const filters = argv.filter((a) => !a.startsWith('--'));
/** Mantine's default primary colour, the one the library's theme keeps. */
const DEFAULT_PRIMARY = 'blue';
const otherPrimary = argv.find((a) => a.startsWith('--primary='))?.split('=')[1] ?? 'grape';
if (otherPrimary === DEFAULT_PRIMARY) {
  console.error(`--primary must name a colour other than ${DEFAULT_PRIMARY}.`);
  process.exit(1);
}
/**
 * The passes over each story, in order: a color scheme and the host theme's primary colour. `label` names the pass in
 * the report ('light', 'dark', 'light grape', 'dark grape').
 * @typedef {{ scheme: 'light' | 'dark', primary: string, label: string }} Pass
 */
const colourSchemes = /** @type {('light' | 'dark')[]} */ (argv.includes('--light-only') ? ['light'] : ['light', 'dark']);
/** @type {Pass[]} */
const passes = [DEFAULT_PRIMARY, ...(argv.includes('--blue-only') ? [] : [otherPrimary])].flatMap((primary) =>
  colourSchemes.map((scheme) => ({ scheme, primary, label: primary === DEFAULT_PRIMARY ? scheme : `${scheme} ${primary}` })),
);
/** Storybook's globals of a pass (the toolbar's "Theme" and "Primary colour"). @param {Pass} pass */
const passGlobals = (pass) => ({ theme: pass.scheme, primaryColor: pass.primary });
const details = argv.includes('--details');
/** Colour-only passes keep an earlier pass's result for the elements whose colours did not change (installColourReuse). */
const reuseColours = !argv.includes('--no-colour-reuse');
/** Colour-only passes also run the colour rules over every element and report any difference from the kept results. */
const verifyReuse = argv.includes('--verify-reuse');
const concurrency = Number(argv.find((a) => a.startsWith('--concurrency='))?.split('=')[1] ?? 3);
/** The most lanes there may be once lanes are added to a machine left partly idle (addLanesWhileIdle). */
const maxLanes = Math.max(concurrency, Number(argv.find((a) => a.startsWith('--max-lanes='))?.split('=')[1] ?? 5));
/** How long a window of CPU times is (addLanesWhileIdle). */
const LANE_WINDOW_MS = 3_000;
/** The idle share of all cores in a window that counts toward adding a lane: on two cores, about two thirds of one. */
const IDLE_TO_ADD = 0.3;
const selfTestOnly = argv.includes('--self-test');
const profile = argv.includes('--profile');
/** Seconds spent per step of a visit, summed over the run (printed with --profile). */
const stepSeconds = new Map();
/** Runs `step` and adds its time to `name`'s sum. @template T @param {string} name @param {() => Promise<T>} step @returns {Promise<T>} */
async function timed(name, step) {
  const begun = performance.now();
  try {
    return await step();
  } finally {
    stepSeconds.set(name, (stepSeconds.get(name) ?? 0) + (performance.now() - begun) / 1000);
  }
}
/**
 * Runs one of a visit's waits that {@link STORY_TIMEOUT_MS} bounds (opening the page, a render, a scheme switch) and
 * keeps the longest in the visit's sink: `npm test` writes each story's longest to .tmp/results/axe.json, so that
 * scripts/test-under-load.mjs can name the stories that came within half of that limit.
 * @template T @param {Sink} sink @param {string} name @param {() => Promise<T>} step @returns {Promise<T>}
 */
async function bounded(sink, name, step) {
  const begun = performance.now();
  try {
    return await timed(name, step);
  } finally {
    sink.longestWaitMs = Math.max(sink.longestWaitMs, performance.now() - begun);
  }
}
/** How long the network must stay quiet (no request open, begun or ended) before a story is checked. */
const QUIET_MS = 150;
/** A request still open after this long is a loading state's request, held on purpose; it is not waited for. */
const NETWORK_CAP_MS = 2000;

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
// `preload`: before each run axe loads the assets its rules may ask for, 'cssom' (every style sheet of the page read
// again into a CSSOM of its own) and 'media' (the page's audio and video elements once ready). Of axe-core's rules
// only css-orientation-lock reads the first, and it is experimental (off unless turned on, as here); only
// no-autoplay-audio reads the second. So every rule gets the media, and none waits for a CSSOM no rule reads; the
// colour rules alone (runAxe's `colourOnly`) read neither, and preload nothing.
const AXE_OPTIONS = {
  resultTypes: ['violations'],
  preload: { assets: ['media'] },
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
  // The test build, as `npm test` makes it (.storybook/main.ts): the stories as in the full build, without prop tables.
  const build = spawnSync('npx', ['storybook', 'build', '--test', '--quiet', '-o', 'storybook-static'], {
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

/**
 * The mark in the pages' user agent by which Storybook's preview knows its test runner: at the end of each render (a
 * story's, and each pass's, which changes the globals) it then stops every CSS transition and pauses each CSS
 * animation at its end (a style sheet it adds, removed with the story), where otherwise it waits 100 ms and then for
 * every running animation to end: the transitions a colour scheme switch starts (Mantine's 150 ms) were waited for,
 * with their frames drawn, three times a story. The checks see each element at rest either way.
 */
const STORYBOOK_TEST_RUNNER = 'StorybookTestRunner';

/** Chromium's user agent, read from a page of its own. @param {import('playwright-core').Browser} browser */
async function chromiumUserAgent(browser) {
  const page = await browser.newPage();
  try {
    return await page.evaluate(() => navigator.userAgent);
  } finally {
    await page.close();
  }
}

/**
 * Waits until Storybook has rendered (and played) story `id`; throws with Storybook's own error if it failed. Looks
 * every 25 ms rather than on each animation frame: on a busy machine frames come late, and the look waited for them.
 */
async function waitForStory(page, id, timeout = STORY_TIMEOUT_MS) {
  const handle = await page.waitForFunction(
    (storyId) => {
      // A page is only given a new story after one that passed, so an error shown is this story's (a story that is
      // not in the build gets no render of its own, only the error).
      if (document.body.classList.contains('sb-show-errordisplay')) {
        const message = document.querySelector('#error-message')?.textContent ?? '';
        const stack = document.querySelector('#error-stack')?.textContent ?? '';
        return { error: `${message}\n${stack}`.trim() || 'Storybook error display shown' };
      }
      const render = window.__STORYBOOK_PREVIEW__?.currentRender;
      // Until the preview has taken up the story, the render still belongs to the last one.
      if (render?.id !== storyId) return false;
      const phase = render.phase;
      if (phase === 'errored' || phase === 'aborted') return { error: `story render ${phase}` };
      if (phase !== 'completed' && phase !== 'finished') return false;
      const root = document.getElementById('storybook-root');
      const rendered = (root && root.childElementCount > 0) || document.querySelector('[data-portal]');
      return rendered ? { ok: true } : false;
    },
    id,
    { timeout, polling: 25 },
  );
  const state = await handle.jsonValue();
  await handle.dispose();
  if (state.error) throw new Error(state.error);
}

/**
 * Waits for the page's requests to end and for finite animations to end. A request counts from Chromium's report of
 * it until its answer has been read or it failed; the network is quiet when no request is open and none began or
 * ended for {@link QUIET_MS}. A loading-state story keeps a request open on purpose: a request still open after
 * {@link NETWORK_CAP_MS} is taken as held and no longer waited for (in this or a later settle of the same story).
 * `switchedAt`: when a pass switch began (see switchPass); a switch that began no request has nothing to be quiet
 * after (a story's own requests begin as it mounts, and a pass keeps it mounted and its data cached).
 * @param {import('playwright-core').Page} page
 * @param {PageTracker} tracker
 * @param {number | null} [switchedAt]
 */
async function settle(page, tracker, switchedAt = null) {
  const started = Date.now();
  // A round trip first: Chromium reports every request the page began before it answers.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
  for (;;) {
    const open = [...tracker.inflight].filter((request) => !tracker.held.has(request));
    const now = Date.now();
    if (open.length === 0 && switchedAt !== null && tracker.lastActivity < switchedAt) break;
    if (open.length === 0 && now - Math.max(tracker.lastActivity, started) >= QUIET_MS) break;
    if (now - started >= NETWORK_CAP_MS) {
      for (const request of open) tracker.held.add(request);
      break;
    }
    await new Promise((done) => setTimeout(done, 20));
  }
  // Let enter transitions (e.g. a Modal fading in) end, so contrast is measured at full opacity; spinners never end,
  // nor does an animation Storybook paused at its end (STORYBOOK_TEST_RUNNER).
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity)
      .map((a) => a.finished.catch(() => {}));
    await Promise.race([Promise.all(finite), new Promise((ok) => setTimeout(ok, 2000))]);
  });
  await finishTransitions(page);
}

/**
 * Brings every element's style up to date and ends the CSS transitions that starts. An element Chromium skips
 * (`content-visibility: auto` off screen) keeps its style from before a color scheme switch until something reads it;
 * the read then starts a transition from the old scheme's colours, and a check made during it measures a colour
 * between the two (a dark-to-light border read as #d5d5d5). Finishing a transition fires its `transitionend`, as
 * waiting would. @param {import('playwright-core').Page} page
 */
async function finishTransitions(page) {
  await page.evaluate(() => {
    for (const element of document.querySelectorAll('*')) void getComputedStyle(element).color;
    for (const animation of document.getAnimations()) if (animation instanceof CSSTransition) animation.finish();
  });
}

/**
 * Switches the story to a pass's color scheme and primary colour through Storybook's channel (as the toolbar does) and
 * waits for the re-render. @param {import('playwright-core').Page} page @param {PageTracker} tracker @param {Pass} pass
 */
async function switchPass(page, tracker, pass) {
  const switchedAt = Date.now();
  const outcome = await page.evaluate(
    ([globals, timeout]) =>
      new Promise((done) => {
        const channel = window.__STORYBOOK_ADDONS_CHANNEL__;
        const finish = (result) => () => done(result);
        channel.once('storyFinished', finish('ok'));
        channel.once('storyErrored', finish('story errored'));
        channel.once('storyThrewException', finish('story threw'));
        setTimeout(finish('timed out'), timeout);
        channel.emit('updateGlobals', { globals });
      }),
    /** @type {[ReturnType<typeof passGlobals>, number]} */ ([passGlobals(pass), STORY_TIMEOUT_MS]),
  );
  if (outcome !== 'ok') throw new Error(`switching to ${pass.label}: ${outcome}`);
  await settle(page, tracker, switchedAt);
}

/**
 * The axe rules whose result depends on computed colours: on a DOM that is the same in every other respect, only these
 * can answer differently in another color scheme. Read from axe-core's checks: only color-contrast's and
 * link-in-text-block's evaluations ask for foreground and background colours (color-contrast-enhanced, the AAA level of
 * the first, is off in axe's defaults and here; it would belong in this list if it were turned on). The other rules
 * read the DOM (elements, attributes, text, accessible names) and its layout (visibility, sizes, scrolling), which
 * {@link domFingerprint} covers.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Runs axe over the story (its root and Mantine's portals, where Modals and notifications render) in pass `label`.
 * `colourOnly`: only {@link COLOUR_RULES}, for a pass whose DOM has the same fingerprint as the one fully checked
 * before; then, too, the colour rules look again only at the elements whose colour inputs differ from an earlier pass
 * of the same story on that DOM, and every other element keeps that pass's result (see installColourReuse). `keep`:
 * this pass's colour results may serve a later pass (the first pass, and the passes on its DOM).
 * @param {import('playwright-core').Page} page
 * @param {{ label: string, colourOnly: boolean, keep: boolean }} run
 * @returns {Promise<{ violations: AxeViolation[], reference: string | null, elements: number, looked: number, digestMs: number,
 *   mismatch: string | null }>} (`digestMs`: the time spent reading the elements' styles and finding those to look at)
 */
async function runAxe(page, { label, colourOnly, keep }) {
  const options = colourOnly ? { ...AXE_OPTIONS, runOnly: { type: 'rule', values: COLOUR_RULES }, preload: false } : AXE_OPTIONS;
  return page.evaluate(
    ([label, options, colourOnly, keep, reuse, verify]) =>
      window.__axeColourReuse.run({ label, options, colourOnly, keep, reuse, verify }),
    /** @type {const} */ ([label, options, colourOnly, keep, reuseColours, verifyReuse]),
  );
}

/**
 * @typedef {{ id: string, help: string, impact: string | null, nodes: { target: unknown[], failureSummary?: string }[] }} AxeViolation
 */

/**
 * Puts into the page (once per document, after axe) what lets a colour-only pass look again only where colours changed.
 *
 * What the colour rules read of an element is its computed style (colours, opacity, blending, filters, fonts, text
 * decoration, borders and outline, visibility, stacking, its ::before and ::after), that of its ancestors (inherited
 * colour, opacity, the backgrounds behind it) and that of the elements whose boxes overlap its own or its text (axe's
 * stack of what is painted behind the text). Each element's style is read into a digest (`sigOf`); every element
 * outside the story's root and portals (html, body, Storybook's own) into one digest. Two passes on the same DOM whose
 * outside digests agree differ only in the elements whose digest differs (D). An element can answer differently only
 * if it is in D, has an ancestor in D, or its box or text overlaps the box of an element of D (widened by 4 px); the
 * colour rules are evaluated on those alone (their `matches` is wrapped: it answers false for the others), and every
 * other element keeps the earlier pass's result. The earlier pass is the one of the story's kept passes (same DOM)
 * with the fewest elements in D: for light with another primary colour, light; for dark with it, dark. With
 * --verify-reuse each such pass runs the colour rules over every element as well and reports any difference.
 */
function installColourReuse(page) {
  return page.evaluate((colourRules) => {
    if (window.__axeColourReuse) return;
    const axe = window.axe;
    /** @type {Set<Element> | null} */
    let only = null;
    for (const rule of axe._audit.rules) {
      if (!colourRules.includes(rule.id)) continue;
      const matches = rule.matches;
      rule.matches = function (/** @type {Element} */ node, /** @type {unknown} */ vNode, /** @type {unknown} */ context) {
        if (only && !only.has(node)) return false;
        return matches.call(this, node, vNode, context);
      };
    }
    const PROPS = [
      'color', 'background-color', 'background-image', 'background-clip', 'opacity', 'mix-blend-mode', 'filter',
      'backdrop-filter', 'isolation', '-webkit-text-fill-color', '-webkit-text-stroke-color', '-webkit-text-stroke-width',
      'text-shadow', 'visibility', 'display', 'content-visibility', 'position', 'z-index', 'transform', 'will-change',
      'clip', 'clip-path', 'mask-image', 'font-family', 'font-size', 'font-weight', 'font-style', 'text-decoration-line',
      'text-decoration-style', 'text-decoration-color', 'border-top-color', 'border-top-style', 'border-top-width',
      'border-bottom-color', 'border-bottom-style', 'border-bottom-width', 'outline-color', 'outline-style', 'outline-width',
    ];
    const PSEUDO_PROPS = ['content', 'color', 'background-color', 'background-image', 'opacity', 'position', 'mix-blend-mode', 'display'];
    /** A 53-bit digest of a string (cyrb53). */
    const hash = (/** @type {string} */ text) => {
      let h1 = 0xdeadbeef;
      let h2 = 0x41c6ce57;
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        h1 = Math.imul(h1 ^ c, 2654435761);
        h2 = Math.imul(h2 ^ c, 1597334677);
      }
      h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
      h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
      return 4294967296 * (2097151 & h2) + (h1 >>> 0);
    };
    const styleText = (/** @type {Element} */ e) => {
      const style = getComputedStyle(e);
      let text = PROPS.map((p) => style.getPropertyValue(p)).join('|');
      for (const pseudo of ['::before', '::after']) {
        const own = getComputedStyle(e, pseudo);
        const content = own.getPropertyValue('content');
        if (content !== 'none' && content !== 'normal') text += `${pseudo}${PSEUDO_PROPS.map((p) => own.getPropertyValue(p)).join('|')}`;
      }
      return text;
    };
    const rootsOf = () =>
      /** @type {Element[]} */ ([document.getElementById('storybook-root'), ...document.querySelectorAll('[data-portal]')].filter(Boolean));
    /** The story's elements in document order, as domFingerprint walks them. */
    const elementsOf = (/** @type {Element[]} */ roots) => roots.flatMap((root) => [root, ...root.querySelectorAll('*')]);
    /** One digest of every element outside the story's roots (html, body, Storybook's own elements). */
    const outsideOf = (/** @type {Element[]} */ roots) => {
      const inside = new Set(roots);
      const parts = [];
      const walk = (/** @type {Element} */ e) => {
        if (inside.has(e)) return;
        parts.push(`${e.tagName}${styleText(e)}`);
        for (const child of e.children) walk(child);
      };
      parts.push(styleText(document.documentElement));
      if (document.body) walk(document.body);
      return hash(parts.join('\n'));
    };
    /** @type {Map<string, { sigs: number[], outside: number, found: Map<string, { meta: object, nodes: Map<number, object> }> }>} */
    const kept = new Map();
    const overlaps = (/** @type {DOMRect} */ a, /** @type {DOMRect[]} */ boxes) =>
      boxes.some((b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom);
    /**
     * The elements whose colour inputs may differ, given the indices D of the elements whose own digest differs: D,
     * their descendants, and the elements whose box or own text overlaps a box of D.
     */
    const changedOf = (/** @type {Element[]} */ list, /** @type {number[]} */ differ) => {
      const changed = new Set();
      const boxes = [];
      for (const i of differ) {
        const e = list[i];
        if (changed.has(e)) continue;
        changed.add(e);
        for (const d of e.querySelectorAll('*')) changed.add(d);
      }
      for (const i of differ) {
        const r = list[i].getBoundingClientRect();
        boxes.push(new DOMRect(r.left - 4, r.top - 4, r.width + 8, r.height + 8));
      }
      const range = document.createRange();
      for (const e of list) {
        if (changed.has(e)) continue;
        if (overlaps(e.getBoundingClientRect(), boxes)) {
          changed.add(e);
          continue;
        }
        for (const child of e.childNodes) {
          if (child.nodeType !== Node.TEXT_NODE || !(child.textContent ?? '').trim()) continue;
          range.selectNodeContents(child);
          if (overlaps(range.getBoundingClientRect(), boxes)) {
            changed.add(e);
            break;
          }
        }
      }
      return changed;
    };
    /** What a run found, per rule, with each node under its index in `list` (-1: not among the story's elements). */
    const collect = (/** @type {{ violations: any[] }} */ result, /** @type {Map<Element, number>} */ index) => {
      /** @type {Map<string, { meta: object, nodes: Map<number, object> }>} */
      const found = new Map();
      for (const v of result.violations) {
        const nodes = new Map();
        let outside = -1;
        for (const n of v.nodes) {
          const at = index.get(n.element) ?? outside--;
          nodes.set(at, { target: n.target, failureSummary: n.failureSummary });
        }
        found.set(v.id, { meta: { id: v.id, help: v.help, impact: v.impact }, nodes });
      }
      return found;
    };
    const describe = (/** @type {Map<string, { nodes: Map<number, object> }>} */ found) =>
      [...found].flatMap(([rule, { nodes }]) => [...nodes.keys()].map((i) => `${rule}@${i}`)).sort();
    window.__axeColourReuse = {
      async run(/** @type {{ label: string, options: object, colourOnly: boolean, keep: boolean, reuse: boolean, verify: boolean }} */ run) {
        if (!run.colourOnly && run.keep) kept.clear(); // a story's first pass: the passes kept are this story's
        const roots = rootsOf();
        const list = elementsOf(roots);
        /** @type {Map<Element, number>} */
        const index = new Map();
        list.forEach((e, i) => index.has(e) || index.set(e, i));
        const measure = run.keep || (run.colourOnly && run.reuse);
        const begun = performance.now();
        const sigs = measure ? list.map((e) => hash(styleText(e))) : [];
        const outside = measure ? outsideOf(roots) : 0;
        /** @type {{ label: string, found: Map<string, { meta: object, nodes: Map<number, object> }> } | null} */
        let reference = null;
        /** @type {Set<Element> | null} */
        let changed = null;
        if (run.colourOnly && run.reuse) {
          let fewest = Infinity;
          /** @type {number[]} */
          let differ = [];
          for (const [label, pass] of kept) {
            if (pass.outside !== outside || pass.sigs.length !== sigs.length) continue;
            const d = [];
            for (let i = 0; i < sigs.length; i++) if (pass.sigs[i] !== sigs[i]) d.push(i);
            if (d.length < fewest) [fewest, differ, reference] = [d.length, d, { label, found: pass.found }];
          }
          if (reference) changed = changedOf(list, differ);
        }
        const digestMs = performance.now() - begun;
        only = changed;
        let result = { violations: [] };
        try {
          // Only the changed elements' subtrees are gathered (their outermost ones; the rest of a subtree is not
          // evaluated: see `matches` above); none changed, no run: every result is kept.
          const include = changed ? [...changed].filter((e) => !(e.parentElement && changed.has(e.parentElement))) : roots;
          if (include.length > 0) result = await axe.run({ include }, { ...run.options, elementRef: true });
        } finally {
          only = null;
        }
        const found = collect(result, index);
        if (reference && changed) {
          for (const [rule, { meta, nodes }] of reference.found) {
            if (!colourRules.includes(rule)) continue;
            for (const [at, node] of nodes) {
              if (at >= 0 && changed.has(list[at])) continue;
              if (!found.has(rule)) found.set(rule, { meta, nodes: new Map() });
              found.get(rule)?.nodes.set(at, node);
            }
          }
        }
        let mismatch = null;
        if (run.verify && changed) {
          const every = collect(await axe.run({ include: roots }, { ...run.options, elementRef: true }), index);
          const [a, b] = [describe(found), describe(every)];
          if (a.join() !== b.join()) mismatch = `reused against ${reference?.label}: [${a.join(', ')}], every element: [${b.join(', ')}]`;
        }
        if (run.keep) {
          /** @type {Map<string, { meta: object, nodes: Map<number, object> }>} */
          const colours = new Map([...found].filter(([rule]) => colourRules.includes(rule)));
          kept.set(run.label, { sigs, outside, found: colours });
        }
        const violations = [...found.values()].map(({ meta, nodes }) => ({ ...meta, nodes: [...nodes.values()] }));
        return {
          violations,
          reference: reference?.label ?? null,
          elements: list.length,
          looked: changed ? changed.size : list.length,
          digestMs,
          mismatch,
        };
      },
    };
  }, COLOUR_RULES);
}

/**
 * Digests of what every axe rule but the colour ones reads, over the story's root and portals. `structure`: each
 * element's tag, every attribute (class and style included; ids by the order they first appear, see below) and form
 * state (value, checked), and the text; `layout`:
 * each element's box (rendered or not, size and place) and whether it scrolls, read from layout alone (no style is
 * resolved per element). Two passes with the same digests differ only in what the style sheets paint: the colours
 * Mantine's variables give per scheme and primary colour (`primary`, the pass's, is written as one name wherever a
 * CSS variable names it). Then the later pass is checked with the colour rules alone.
 * @param {import('playwright-core').Page} page @param {string} primary
 * @returns {Promise<{ structure: string, layout: string }>}
 */
function domFingerprint(page, primary) {
  return page.evaluate(async (primary) => {
    const structure = [];
    const layout = [];
    // Ids are written as the order in which each value first appears, in the element that has it and in every
    // attribute that refers to one: a component drawn again takes a new generated id (Mantine's Menu does), and what
    // the rules read of ids (which element one names, whether two are equal, whether one exists) stays the same.
    const ID_REFERENCES = new Set([
      'for', 'form', 'list', 'headers', 'aria-activedescendant', 'aria-controls', 'aria-describedby', 'aria-details',
      'aria-errormessage', 'aria-flowto', 'aria-labelledby', 'aria-owns', 'popovertarget',
    ]);
    /** @type {Map<string, number>} */
    const ids = new Map();
    /**
     * An attribute's value with the primary colour's name in Mantine's CSS variables made one word: a component that
     * follows the theme writes `var(--mantine-color-blue-light)` with the default primary colour and
     * `var(--mantine-color-grape-light)` with grape, which only the style sheets tell apart. A fixed colour keeps its
     * name, so its element differs between the passes (and is reported by the fixed-colour check).
     */
    const primaryVariable = new RegExp(`--mantine-color-${primary}-`, 'g');
    const unprimed = (/** @type {string} */ value) => value.replace(primaryVariable, '--mantine-color-PRIMARY-');
    const idOrdinal = (/** @type {string} */ value) => {
      if (value === '') return '';
      if (!ids.has(value)) ids.set(value, ids.size);
      return `#${ids.get(value)}`;
    };
    const walk = (node) => {
      if (node.nodeType === Node.TEXT_NODE) {
        // The theme's CSS variables, which MantineProvider writes into the story's root (a style element of its own):
        // Mantine writes only what differs from its default theme, so another primary colour writes other rules. What
        // they change is painted colours, or sizes and places, which the layout digest compares.
        if (node.parentElement?.matches('style[data-mantine-styles]')) return;
        structure.push(`"${node.data}`);
        return;
      }
      if (node.nodeType !== Node.ELEMENT_NODE) return;
      const e = /** @type {Element} */ (node);
      let line = `<${e.tagName}`;
      for (const a of e.attributes) {
        if (a.name === 'id') line += ` id=${idOrdinal(a.value)}`;
        else if (ID_REFERENCES.has(a.name)) line += ` ${a.name}=${a.value.split(/\s+/).map(idOrdinal).join(' ')}`;
        else if (a.name === 'href' && a.value.startsWith('#')) line += ` href=#${idOrdinal(a.value.slice(1))}`;
        else line += ` ${a.name}=${unprimed(a.value)}`;
      }
      if ('value' in e && typeof e.value === 'string') line += ` .value=${e.value}`;
      if ('checked' in e) line += ` .checked=${e.checked}`;
      structure.push(line);
      let box = e instanceof HTMLElement ? `${e.offsetWidth}x${e.offsetHeight}@${e.offsetLeft},${e.offsetTop}` : '-';
      if (e.scrollHeight > e.clientHeight || e.scrollWidth > e.clientWidth) box += ` scrolls ${e.scrollWidth}x${e.scrollHeight}`;
      layout.push(box);
      for (const child of e.childNodes) walk(child);
      structure.push('>');
    };
    for (const root of [document.getElementById('storybook-root'), ...document.querySelectorAll('[data-portal]')]) if (root) walk(root);
    const digest = async (/** @type {string[]} */ lines) => {
      const bytes = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(lines.join('\n')));
      return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
    };
    return { structure: await digest(structure), layout: await digest(layout) };
  }, primary);
}

/** WCAG 1.4.11: the contrast a control's boundary needs against what is next to it. */
const NON_TEXT_CONTRAST = 3;

/**
 * The resting form controls of the page whose boundary falls below 3:1: neither their border against their own fill
 * and the background behind them, nor their fill against that background, reaches it. Focused, checked (or
 * indeterminate: a checkbox filled as a checked one, with a dash), invalid and disabled controls are left out (other
 * colours mark those states), as are controls drawn by the browser itself
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
      if (control.disabled || control.checked || control.indeterminate || control.matches(':focus, [aria-invalid=true], [data-error]')) continue;
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

/**
 * The elements of the story's root and portals painted in a colour of Mantine's default primary colour (blue) while
 * the host theme's primary colour is another: each a fixed colour (e.g. `color="blue"`), which stays blue whatever the
 * host's theme. Every colour Mantine's variables give blue in the scheme (its shades and the filled, light and outline
 * variants) is resolved in the page, and each rendered element's text, background, border, outline, SVG fill and
 * stroke is compared with them. An element inside another one found is not named again (a blue text's icon, a blue
 * alert's title); at most five are named, and the count of the others given.
 * @param {import('playwright-core').Page} page @returns {Promise<string[]>}
 */
function fixedColours(page) {
  return page.evaluate((blue) => {
    const probe = document.createElement('span');
    document.body.append(probe);
    /** Each computed colour of blue's variables → the variable's name (the first that gives it). */
    const blues = new Map();
    const suffixes = [...Array(10).keys(), 'filled', 'filled-hover', 'light', 'light-hover', 'light-color', 'outline', 'outline-hover', 'text'];
    for (const suffix of suffixes) {
      probe.style.color = '';
      probe.style.color = `var(--mantine-color-${blue}-${suffix})`;
      const value = getComputedStyle(probe).color;
      if (!blues.has(value)) blues.set(value, `--mantine-color-${blue}-${suffix}`);
    }
    probe.remove();
    const describe = (/** @type {Element} */ e) => {
      const text = (e.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const name = e.getAttribute('aria-label');
      return `${e.tagName.toLowerCase()}${e.className && typeof e.className === 'string' ? `.${e.className.trim().split(/\s+/)[0]}` : ''}` +
        `${name ? ` "${name}"` : text ? ` "${text}"` : ''}`;
    };
    const found = [];
    const hits = new Set();
    let more = 0;
    for (const root of [document.getElementById('storybook-root'), ...document.querySelectorAll('[data-portal]')]) {
      if (!root) continue;
      for (const e of [root, ...root.querySelectorAll('*')]) {
        if (!e.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
        const style = getComputedStyle(e);
        /** @type {[string, string][]} */
        const painted = [];
        // The text colour paints text, and icons through `currentColor`.
        if ((e.textContent ?? '').trim() || e instanceof SVGElement) painted.push(['color', style.color]);
        painted.push(['background', style.backgroundColor]);
        for (const side of ['Top', 'Right', 'Bottom', 'Left']) {
          if (style[`border${side}Style`] !== 'none' && parseFloat(style[`border${side}Width`]) > 0) painted.push(['border', style[`border${side}Color`]]);
        }
        if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) painted.push(['outline', style.outlineColor]);
        if (e instanceof SVGElement) {
          if (style.fill.startsWith('rgb')) painted.push(['fill', style.fill]);
          if (style.stroke.startsWith('rgb')) painted.push(['stroke', style.stroke]);
        }
        const hit = painted.find(([, value]) => blues.has(value));
        if (!hit) continue;
        hits.add(e);
        let inside = false;
        for (let up = e.parentElement; up && !inside; up = up.parentElement) inside = hits.has(up);
        if (inside) continue;
        if (found.length < 5) found.push(`${describe(e)}: ${hit[0]} ${hit[1]} (${blues.get(hit[1])})`);
        else more += 1;
      }
    }
    if (more > 0) found.push(`and ${more} more`);
    return found;
  }, DEFAULT_PRIMARY);
}

/**
 * @typedef {{ scheme: string, kind: string, rule?: string, detail: string }} Problem
 * @typedef {{ scheme: string, problems: Problem[], failedResources: { scheme: string, url: string, text: string }[],
 *   longestWaitMs: number, colourOnly: boolean[] }} Sink
 *   What one visit of a story found (and the longest of its waits that STORY_TIMEOUT_MS bounds, and for each pass
 *   after the first whether its DOM was the first one's, so that it was checked with the colour rules alone); the
 *   page's events are written into the visit's sink.
 * @typedef {{ inflight: Set<import('playwright-core').Request>, held: Set<import('playwright-core').Request>,
 *   lastActivity: number, sink: Sink | null }} PageTracker
 * @typedef {{ pass: string, reference: string | null, looked: number, elements: number, digestMs: number }} ColourLook
 *   A colour-only pass: the earlier pass whose results it kept for the elements whose colours did not change (none:
 *   every element looked at again), and how many of the story's elements it looked at again.
 * @typedef {(page: import('playwright-core').Page, passIndex: number) => Promise<void>} Plant
 *   Self-test only: puts a known fault into the rendered story before it is checked in the pass `passes[passIndex]`.
 */

/**
 * A new page of `context`, asked for again once, a second later, if Chromium refuses the first ask: a tab it could not
 * open ("Target.createTarget: Failed to open a new tab", seen once in a full run with six lanes) says nothing about
 * the story, which has not been loaded yet. A second refusal is reported as the story's load problem.
 * @param {import('playwright-core').BrowserContext} context
 */
async function newPageOnce(context) {
  try {
    return await context.newPage();
  } catch (error) {
    console.log(`  (a new page was refused, asked again: ${error instanceof Error ? error.message.split('\n')[0] : error})`);
    await new Promise((done) => setTimeout(done, 1000));
    return context.newPage();
  }
}

/**
 * One lane: a browser context and the one page it checks its stories in. The page is first opened on a story that is
 * not checked there (the lane's warm-up, see warmUp); the stories are rendered in it through Storybook's channel, as
 * the Storybook UI does when another story is picked, so the preview bundle is parsed, the MSW worker started and axe
 * injected once per page instead of once per story.
 * The page is given up (and the next story loaded by URL in a new page) after any problem, after a page that left a
 * notification on screen (Mantine keeps them in a module-level store, so the next story would show them) and after the
 * document was navigated away.
 */
class Lane {
  /** @param {import('playwright-core').BrowserContext} context @param {string} origin */
  constructor(context, origin) {
    this.context = context;
    this.origin = origin;
    /** @type {import('playwright-core').Page | null} */
    this.page = null;
    /** @type {PageTracker} */
    this.tracker = { inflight: new Set(), held: new Set(), lastActivity: 0, sink: null };
    /** Whether the page may render the next story (the last visit passed and left nothing behind). */
    this.reusable = false;
    this.loads = 0;
    this.warmUps = 0;
    this.switches = 0;
    /** @type {() => void} */
    this.markOpened = () => {};
    /** Settles once the lane's first page has opened (or failed to): the next lane's first load waits for it. */
    this.opened = new Promise((done) => {
      this.markOpened = () => done(undefined);
    });
  }

  /**
   * Opens story `id` by URL in a new page (closing the lane's last page): a first visit. `timeout` bounds the page's
   * opening and the story's render.
   */
  async load(id, sink, timeout = STORY_TIMEOUT_MS) {
    await this.close();
    this.loads += 1;
    const page = await timed('load: new page', () => newPageOnce(this.context));
    /** @type {PageTracker} */
    const tracker = { inflight: new Set(), held: new Set(), lastActivity: Date.now(), sink };
    this.page = page;
    this.tracker = tracker;
    page.on('pageerror', (error) => tracker.sink?.problems.push({ scheme: tracker.sink.scheme, kind: 'page error', detail: error.message }));
    page.on('console', (message) => {
      const sink = tracker.sink;
      if (!sink || message.type() !== 'error') return;
      const text = message.text();
      if (FAILED_RESOURCE.test(text)) sink.failedResources.push({ scheme: sink.scheme, url: message.location().url, text });
      else sink.problems.push({ scheme: sink.scheme, kind: 'console error', detail: text.split('\n')[0] });
    });
    page.on('request', (request) => {
      tracker.inflight.add(request);
      tracker.lastActivity = Date.now();
    });
    const ended = (request) => {
      if (tracker.inflight.delete(request)) tracker.lastActivity = Date.now();
    };
    page.on('requestfinished', ended);
    page.on('requestfailed', ended);
    const globals = Object.entries(passGlobals(passes[0]))
      .map(([key, value]) => `${key}:${value}`)
      .join(';');
    const url = `${this.origin}/iframe.html?id=${encodeURIComponent(id)}&viewMode=story&globals=${globals}`;
    try {
      await bounded(sink, 'load: open page', () => page.goto(url, { waitUntil: 'load', timeout }));
    } finally {
      this.markOpened();
    }
    await bounded(sink, 'load: wait for render', () => waitForStory(page, id, timeout));
    await timed('load: settle', () => settle(page, tracker));
    await timed('load: inject axe', () => page.addScriptTag({ path: AXE_PATH }));
    await installColourReuse(page);
    // An open Modal locks scrolling (body overflow: hidden); with a short story the body is then shorter than the
    // viewport and axe wrongly treats the fixed-position dialog as clipped, skipping its color-contrast check.
    await page.addStyleTag({ content: 'html, body { min-height: 100vh; }' });
    // Marks this document: a story that navigates the page away leaves a document without the mark.
    await page.evaluate(() => {
      window.__axeStoriesDocument = true;
    });
  }

  /**
   * Opens the lane's first page on story `id` without checking it, so that the lane's first story is rendered in place
   * like the others: the first page of a context downloads, parses and compiles the whole Storybook bundle (and starts
   * the MSW worker), which on a busy machine took most of a story's 30 s; counted against the first story, a heavy one
   * (the queue starts with the slowest), it came near that limit or over it. The page is taken for the next story if
   * the warm-up story rendered without a problem; else the next story is loaded by URL, as before.
   * @param {string} id
   */
  async warmUp(id) {
    /** @type {Sink} */
    const sink = { scheme: passes[0].label, problems: [], failedResources: [], longestWaitMs: 0, colourOnly: [] };
    this.warmUps += 1;
    try {
      await timed('warm-up (not a check)', () => this.load(id, sink, WARM_UP_TIMEOUT_MS));
      this.reusable = sink.problems.length === 0 && sink.failedResources.length === 0;
    } catch (error) {
      console.log(`  (a lane's warm-up page on ${id} did not open: ${error instanceof Error ? error.message.split('\n')[0] : error})`);
      this.reusable = false;
    }
    if (this.tracker.sink === sink) this.tracker.sink = null;
  }

  /**
   * Asks the lane's page to render story `id` through Storybook's channel, in the first pass. Returns false
   * (and renders nothing) when the page cannot take it: then the caller loads the story by URL.
   */
  async switchTo(id, sink) {
    const page = this.page;
    if (!page || !this.reusable) return false;
    this.reusable = false;
    const tracker = this.tracker;
    tracker.sink = sink;
    // Requests the last story left open (a loading state's) are not this story's.
    tracker.inflight.clear();
    tracker.held.clear();
    tracker.lastActivity = Date.now();
    const taken = await page.evaluate(
      ([storyId, globals]) => {
        if (!window.__axeStoriesDocument) return false;
        if (document.querySelector('.mantine-Notification-root')) return false;
        const preview = window.__STORYBOOK_PREVIEW__;
        const channel = window.__STORYBOOK_ADDONS_CHANNEL__;
        if (!preview?.storyStoreValue || !channel) return false;
        // A new page starts in the first pass's scheme and colour with an empty sessionStorage (the viewer keeps its
        // step there, the story sign-in its user) at the top of the document: so does a story rendered in place of
        // another.
        preview.storyStoreValue.userGlobals.update(globals);
        sessionStorage.clear();
        window.scrollTo(0, 0);
        channel.emit('setCurrentStory', { storyId, viewMode: 'story' });
        return true;
      },
      /** @type {[string, ReturnType<typeof passGlobals>]} */ ([id, passGlobals(passes[0])]),
    );
    if (taken) this.switches += 1;
    return taken;
  }

  async close() {
    const page = this.page;
    this.page = null;
    this.reusable = false;
    if (page) await page.close().catch(() => undefined);
  }
}

/**
 * Checks story `id` in every pass (color scheme and primary colour), in the lane's page when it can take the story (else in a new page, or
 * always in a new one with `fresh`); returns the problems found (empty when it passes) and whether the page was reused.
 * @param {Lane} lane @param {string} id @param {{ fresh?: boolean, plant?: Plant }} [options]
 */
async function visit(lane, id, { fresh = false, plant } = {}) {
  /** @type {Sink} */
  const sink = { scheme: passes[0].label, problems: [], failedResources: [], longestWaitMs: 0, colourOnly: [] };
  let passed = false;
  let reused = false;
  /** Each colour-only pass: the earlier pass whose results it kept, and how many of the elements it looked at again. @type {ColourLook[]} */
  const colourLooks = [];
  try {
    // Set before asking, so that a page that breaks while it takes the story counts as reused (and is checked again).
    reused = !fresh && lane.reusable;
    if (reused) reused = await timed('switch story', () => lane.switchTo(id, sink));
    if (reused) {
      await bounded(sink, 'wait for render', () => waitForStory(/** @type {import('playwright-core').Page} */ (lane.page), id));
      await timed('settle', () => settle(/** @type {import('playwright-core').Page} */ (lane.page), lane.tracker));
    } else {
      await lane.load(id, sink);
    }
    const page = /** @type {import('playwright-core').Page} */ (lane.page);
    /**
     * The DOM the first pass was checked on with every rule: its structure before and after the checks (the story
     * did not change while axe read it) and its layout after them. Reading a page can lay out what was skipped before
     * (a section with `content-visibility: auto` off screen has no size until something asks for it), so the layout
     * the checks leave is the one compared.
     */
    let fullyChecked = { before: '', after: '', layout: '' };
    for (const [i, pass] of passes.entries()) {
      const next = pass.label;
      sink.scheme = next;
      // --profile sums the passes of the other primary colour apart: what they add to the run.
      const step = (/** @type {string} */ name) => (pass.primary === DEFAULT_PRIMARY ? name : `${name} [${pass.primary}]`);
      if (i > 0) await bounded(sink, step('switch pass + settle'), () => switchPass(page, lane.tracker, pass));
      if (plant) await plant(page, i);
      const print = await timed(step('fingerprint'), () => domFingerprint(page, pass.primary));
      const colourOnly =
        i > 0 && print.structure === fullyChecked.before && print.structure === fullyChecked.after && print.layout === fullyChecked.layout;
      if (i === 0) fullyChecked.before = print.structure;
      if (i > 0) sink.colourOnly.push(colourOnly);
      const keep = reuseColours && passes.length > 1 && (i === 0 || colourOnly);
      const axeRun = await timed(step(colourOnly ? 'axe (colour rules only)' : 'axe'), () => runAxe(page, { label: next, colourOnly, keep }));
      if (colourOnly) {
        colourLooks.push({ pass: next, reference: axeRun.reference, looked: axeRun.looked, elements: axeRun.elements, digestMs: axeRun.digestMs });
      }
      if (axeRun.mismatch) sink.problems.push({ scheme: next, kind: 'colour reuse', detail: axeRun.mismatch });
      for (const v of axeRun.violations) {
        sink.problems.push({
          scheme: next,
          kind: 'axe',
          rule: v.id,
          detail: details
            ? `${v.help} (${v.impact})${v.nodes.map((n) => `\n      ${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ')}`).join('')}`
            : `${v.help} (${v.impact}) — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        });
      }
      for (const control of await timed(step('non-text contrast'), () => lowContrastControls(page))) {
        sink.problems.push({ scheme: next, kind: 'axe', rule: 'non-text-contrast', detail: `form control boundary below 3:1 — ${control}` });
      }
      if (pass.primary !== DEFAULT_PRIMARY) {
        const fixed = await timed(step('fixed colours'), () => fixedColours(page));
        if (fixed.length > 0) {
          sink.problems.push({ scheme: next, kind: 'fixed colour', detail: `painted in ${DEFAULT_PRIMARY}, not the theme's ${pass.primary} — ${fixed.join('; ')}` });
        }
      }
      if (i === 0 && passes.length > 1) {
        const after = await timed('fingerprint', () => domFingerprint(page, pass.primary));
        fullyChecked = { ...fullyChecked, after: after.structure, layout: after.layout };
      }
    }
    passed = true;
  } catch (error) {
    sink.problems.push({ scheme: sink.scheme, kind: 'load', detail: error instanceof Error ? error.message.split('\n')[0] : String(error) });
  }
  const problems = [...sink.problems];
  for (const { scheme: at, url, text } of sink.failedResources) {
    if (url.startsWith(lane.origin) && missingFiles.has(new URL(url).pathname)) {
      problems.push({ scheme: at, kind: 'console error', detail: `${text}: ${url}` });
    }
  }
  // Events that arrive after the visit (a late timer of this story) are not the next story's.
  if (lane.tracker.sink === sink) lane.tracker.sink = null;
  lane.reusable = passed && problems.length === 0 && !plant;
  return { problems, reused, longestWaitMs: sink.longestWaitMs, colourOnly: sink.colourOnly, colourLooks };
}

/**
 * Checks one story as a first visit would: in the lane's page when it can take it; a story that fails there is
 * checked again by URL in a new page, and that result counts (what failed only in the reused page is returned as
 * `reuseOnly`, for the log: it would be a story leaving state behind for the next). `reused`: the story was first
 * rendered in a page that had shown another story.
 * @param {Lane} lane @param {string} id @param {Plant} [plant]
 */
async function checkStory(lane, id, plant) {
  const first = await visit(lane, id, { plant });
  const { longestWaitMs } = first;
  if (first.problems.length === 0 || !first.reused) {
    return { problems: first.problems, reuseOnly: [], reused: first.reused, longestWaitMs, colourOnly: first.colourOnly, colourLooks: first.colourLooks };
  }
  const again = await visit(lane, id, { fresh: true, plant });
  const longest = Math.max(longestWaitMs, again.longestWaitMs);
  return {
    problems: again.problems,
    reuseOnly: again.problems.length === 0 ? first.problems : [],
    reused: true,
    longestWaitMs: longest,
    colourOnly: again.colourOnly,
    colourLooks: again.colourLooks,
  };
}

/**
 * The self-test: faults planted into a real story, each of which the run must report, and a story that does not
 * exist. Each comes after a story left alone (`control`), which must pass, so that it is rendered in a page that has
 * shown another story, the way most stories are checked; it must be found there and again on a fresh load. A checker
 * that stops seeing any of them fails the run. Two of them hold the later passes' shortcut to its terms (see
 * {@link domFingerprint}): a DOM that changes in the last pass gets every rule there (a button without a name, only
 * in that pass, is reported), and a DOM that does not change but whose text is faint only in the dark scheme is
 * still reported by the colour rules in every dark pass, the pass with the other primary colour included, where its
 * result is kept from dark's (its colours did not change: installColourReuse). Text in shade 7 of the primary colour
 * on white (blue's too faint, the other colour's not) holds the converse: its colours change with the primary colour,
 * so there the colour rules look at it again and do not keep blue's finding. One more holds the fixed-colour check:
 * text in Mantine's blue is reported in the passes with another primary colour (and not in blue's), text in the
 * theme's primary colour never.
 * @param {string} control a story of the build, left alone
 * @param {string} target a story of the build, into which the faults are planted
 * @returns {{ id: string, control: string, plant?: Plant,
 *   expect: { name: string, seen: (problems: Problem[], colourOnly: boolean[], colourLooks: ColourLook[]) => boolean }[] }[]}
 */
function selfTestCases(control, target) {
  const lastIndex = passes.length - 1;
  const [first, last] = [passes[0].label, passes[lastIndex].label];
  /** An input whose border and fill fade into the page in the last pass. */
  const faintInput =
    passes[lastIndex].scheme === 'dark'
      ? '<input aria-label="axe self-test field" style="appearance:none;border:1px solid #2e2e2e;background:#262626;width:200px;height:30px">'
      : '<input aria-label="axe self-test field" style="appearance:none;border:1px solid #f2f2f2;background:#fafafa;width:200px;height:30px">';
  /** A button with no accessible name (axe button-name): a fault of structure, planted only in the last pass. */
  const unnamedButton = '<button id="axe-self-test-unnamed" style="width:40px;height:30px"></button>';
  /**
   * Puts `html` next to the story (where Modals render), replacing what an earlier pass put there; with `faults`,
   * also a console error, a page error and a file missing from the build.
   * @param {import('playwright-core').Page} page @param {string} html @param {boolean} faults
   */
  const put = (page, html, faults) =>
    page.evaluate(
      ([html, now]) =>
        new Promise((done) => {
          document.getElementById('axe-self-test')?.remove();
          const box = document.createElement('div');
          box.id = 'axe-self-test';
          box.setAttribute('data-portal', 'true');
          box.innerHTML = html;
          document.body.append(box);
          if (!now) return done(undefined);
          console.error('axe self-test: planted console error');
          setTimeout(() => {
            throw new Error('axe self-test: planted page error');
          }, 0);
          const image = new Image();
          image.onload = image.onerror = () => setTimeout(() => done(undefined), 50);
          image.src = '/axe-self-test-missing.png';
        }),
      /** @type {[string, boolean]} */ ([html, faults]),
    );
  /** In each pass only its own faults: the DOM of the last pass differs from the first's. @type {Plant} */
  const plant = async (page, index) => {
    await put(
      page,
      (index === 0 ? '<p style="color:#c8c8c8;background:#ffffff;font-size:14px">axe self-test: faint text</p>' : '') +
        (index === lastIndex ? faintInput : '') +
        (index === lastIndex && lastIndex > 0 ? unnamedButton : ''),
      index === 0,
    );
  };
  /**
   * The same elements in every pass, whose text only the dark scheme's CSS makes faint (#595959 on white is 7:1;
   * #333 on black 1.7:1), as Mantine's variables colour a story: the DOM does not change, the contrast does.
   * @type {Plant}
   */
  const plantFaintInDark = async (page) => {
    await put(
      page,
      '<style>#axe-self-test-dark-faint { color: #595959; background: #ffffff; font-size: 14px }' +
        " [data-mantine-color-scheme='dark'] #axe-self-test-dark-faint { color: #333333; background: #000000 }</style>" +
        '<p id="axe-self-test-dark-faint">axe self-test: faint in the dark scheme only</p>',
      false,
    );
  };
  /**
   * The same elements in every pass: text in shade 7 of the pass's primary colour on white, written with the colour's
   * name (which the DOM's fingerprint reads as the primary colour): blue's (#1c7ed6, 4.2:1) is too faint for 14 px
   * text, grape's (#ae3ec9, 4.9:1) is not. The style sheets give it the same colours in light and dark.
   * @type {Plant}
   */
  const plantPrimaryShade = async (page, index) => {
    await put(
      page,
      `<p id="axe-self-test-primary-shade" style="color:var(--mantine-color-${passes[index].primary}-7);background:#ffffff;font-size:14px">` +
        'axe self-test: the primary colour, shade 7</p>',
      false,
    );
  };
  /**
   * The same elements in every pass: text in Mantine's blue (a fixed colour) and text in the theme's primary colour
   * (blue-8 and the other colour's shade 8 on white pass contrast).
   * @type {Plant}
   */
  const plantFixedColour = async (page) => {
    await put(
      page,
      '<p style="color:var(--mantine-color-blue-filled);background:#ffffff;font-size:14px">axe self-test: fixed blue</p>' +
        '<p style="color:var(--mantine-primary-color-filled);background:#ffffff;font-size:14px">axe self-test: themed</p>',
      false,
    );
  };
  const has = (label, kind, match) => (/** @type {Problem[]} */ problems) =>
    problems.some((p) => p.scheme === label && (p.kind === 'axe' ? p.rule : p.kind) === kind && match.test(p.detail));
  const darkPasses = passes.filter((p) => p.scheme === 'dark').map((p) => p.label);
  const otherPrimaryPasses = passes.filter((p) => p.primary !== DEFAULT_PRIMARY).map((p) => p.label);
  const blueLabels = passes.filter((p) => p.primary === DEFAULT_PRIMARY).map((p) => p.label);
  return [
    {
      id: target,
      control,
      plant,
      expect: [
        { name: `faint text (axe color-contrast, ${first})`, seen: has(first, 'color-contrast', /contrast/i) },
        { name: `a faint input boundary (non-text contrast, ${last})`, seen: has(last, 'non-text-contrast', /axe self-test field/) },
        { name: 'a console error', seen: has(first, 'console error', /planted console error/) },
        { name: 'an uncaught page error', seen: has(first, 'page error', /planted page error/) },
        { name: 'a file missing from the build', seen: has(first, 'console error', /axe-self-test-missing\.png/) },
        ...(lastIndex > 0
          ? [
              {
                name: `a button without a name only in ${last}, whose DOM differs (every rule, button-name)`,
                seen: (/** @type {Problem[]} */ problems, /** @type {boolean[]} */ colourOnly) =>
                  colourOnly.at(-1) === false && has(last, 'button-name', /axe-self-test-unnamed/)(problems),
              },
            ]
          : []),
      ],
    },
    ...(darkPasses.length > 0 && passes[0].scheme === 'light'
      ? [
          {
            id: target,
            control,
            plant: plantFaintInDark,
            expect: [
              {
                name:
                  `text faint only in dark, on the same DOM (colour rules only, color-contrast in ${darkPasses.join(', ')}` +
                  `${darkPasses.length > 1 ? `; in ${darkPasses.slice(1).join(', ')} the result kept from ${darkPasses[0]}` : ''})`,
                seen: (/** @type {Problem[]} */ problems, /** @type {boolean[]} */ colourOnly, /** @type {ColourLook[]} */ looks) =>
                  colourOnly.every((same) => same) &&
                  (!reuseColours ||
                    darkPasses.slice(1).every((label) => looks.some((l) => l.pass === label && l.reference === darkPasses[0] && l.looked < l.elements))) &&
                  darkPasses.every((label) => has(label, 'color-contrast', /axe-self-test-dark-faint/)(problems)) &&
                  !problems.some((p) => !darkPasses.includes(p.scheme)),
              },
            ],
          },
        ]
      : []),
    ...(otherPrimaryPasses.length > 0 && passes[0].primary === DEFAULT_PRIMARY
      ? [
          {
            id: target,
            control,
            plant: plantPrimaryShade,
            expect: [
              {
                name:
                  `text in the primary colour's shade 7, faint in ${DEFAULT_PRIMARY} only (on the same DOM; reported in ` +
                  `${blueLabels.join(', ')}, looked at again and not reported in ${otherPrimaryPasses.join(', ')})`,
                seen: (/** @type {Problem[]} */ problems, /** @type {boolean[]} */ colourOnly, /** @type {ColourLook[]} */ looks) =>
                  colourOnly.every((same) => same) &&
                  (!reuseColours || otherPrimaryPasses.every((label) => looks.some((l) => l.pass === label && l.reference !== null))) &&
                  blueLabels.every((label) => has(label, 'color-contrast', /axe-self-test-primary-shade/)(problems)) &&
                  !problems.some((p) => !blueLabels.includes(p.scheme)),
              },
            ],
          },
        ]
      : []),
    ...(otherPrimaryPasses.length > 0
      ? [
          {
            id: target,
            control,
            plant: plantFixedColour,
            expect: [
              {
                name: `text in ${DEFAULT_PRIMARY} with the primary colour ${otherPrimary} (fixed colour, ${otherPrimaryPasses.join(', ')}), not text in the theme's colour`,
                seen: (/** @type {Problem[]} */ problems) =>
                  otherPrimaryPasses.every((label) => has(label, 'fixed colour', /fixed blue/)(problems)) &&
                  !problems.some((p) => p.kind === 'fixed colour' && (!otherPrimaryPasses.includes(p.scheme) || /themed/.test(p.detail))),
              },
            ],
          },
        ]
      : []),
    {
      id: 'axe-self-test--no-such-story',
      control,
      expect: [{ name: 'a story Storybook cannot render', seen: has(first, 'load', /./) }],
    },
  ];
}

/** Each story's seconds in the last runs (git-ignored), so that the next run can start the slowest first. */
const COSTS_FILE = join(ROOT, '.tmp', 'cache', 'axe-story-seconds.json');
/**
 * Each story's seconds as a full run recorded them, kept in git (tests/storybook/update-story-seconds.mjs writes it
 * from the record above): a fresh clone has no record of its own, and took its stories in the build's order but for
 * {@link SLOW_STORY}, so slow screens not named so (a role editor's 14 s story) came late and left lanes idle at the end.
 */
const COMMITTED_COSTS_FILE = join(ROOT, 'tests', 'storybook', 'story-seconds.json');

/**
 * Stories known to be slow without a record of an earlier run (a fresh clone): each takes several times a median
 * story (a thousand fields, lists at scale), and one of them started last leaves the other lanes idle at the end.
 */
const SLOW_STORY = /thousand|at-scale|large-form/;

/** A JSON object of story seconds read from `file`, or none. @returns {Promise<Record<string, number>>} */
async function readCostsFile(/** @type {string} */ file, /** @type {string | undefined} */ key) {
  try {
    const json = JSON.parse(await readFile(file, 'utf8'));
    const costs = key ? json?.[key] : json;
    return costs && typeof costs === 'object' ? costs : {};
  } catch {
    return {};
  }
}

/**
 * The story seconds recorded by earlier runs of this checkout, over those kept in git. @returns {Promise<Record<string, number>>}
 */
async function readStoryCosts() {
  return { ...(await readCostsFile(COMMITTED_COSTS_FILE, 'stories')), ...(await readCostsFile(COSTS_FILE)) };
}

/** Adds this run's story seconds to the record (a filtered run keeps the other stories' entries). */
async function writeStoryCosts(/** @type {Record<string, number>} */ costs) {
  const all = { ...(await readCostsFile(COSTS_FILE)), ...costs };
  mkdirSync(join(ROOT, '.tmp', 'cache'), { recursive: true });
  writeFileSync(COSTS_FILE, `${JSON.stringify(all)}\n`);
}

/**
 * The stories, longest first, so that the lanes end together (a shared queue taken longest first): by their recorded
 * seconds; a story without a record counts as slow when its id says so ({@link SLOW_STORY}), else as a median one.
 * Stories of equal cost keep the build's order.
 * @param {string[]} stories @param {Record<string, number>} costs @returns {string[]}
 */
function slowestFirst(stories, costs) {
  const recorded = Object.values(costs).filter((v) => typeof v === 'number').sort((a, b) => a - b);
  const median = recorded.length ? recorded[Math.floor((recorded.length - 1) / 2)] : 1;
  const max = recorded.length ? recorded[recorded.length - 1] : 10;
  const cost = (/** @type {string} */ id) => (typeof costs[id] === 'number' ? costs[id] : SLOW_STORY.test(id) ? max : median);
  return stories.map((id, i) => ({ id, i, seconds: cost(id) })).sort((a, b) => b.seconds - a.seconds || a.i - b.i).map((s) => s.id);
}

/**
 * Adds a lane while part of the machine stands idle. A lane spends much of a story waiting (its page settling, the
 * browser's frames), so the default lanes leave about a third of two cores idle when the run has the machine to
 * itself, as it does once the end-to-end tests beside it in `npm test` have ended. Every LANE_WINDOW_MS the share of
 * CPU time all cores spent idle is read (os.cpus); after two windows in a row at or above IDLE_TO_ADD a lane is added,
 * up to --max-lanes, once the lane added before has opened its first page and while the stories left would keep every
 * lane busy a while. A machine kept busy by others (the end-to-end tests, a load check's CPU burners) leaves no idle
 * share, and the lanes stay as they started. Returns the count added and a stop for the timer.
 * @param {{ lanes: () => number, left: () => number, opened: () => Promise<unknown>, add: () => void }} pool
 */
function addLanesWhileIdle(pool) {
  const state = { count: 0, stop: () => clearInterval(timer) };
  const times = () => cpus().reduce((sum, cpu) => ({ idle: sum.idle + cpu.times.idle, all: sum.all + Object.values(cpu.times).reduce((a, b) => a + b, 0) }), { idle: 0, all: 0 });
  let last = times();
  let idleWindows = 0;
  let waiting = false;
  const timer = setInterval(() => {
    const now = times();
    const share = now.all > last.all ? (now.idle - last.idle) / (now.all - last.all) : 0;
    last = now;
    idleWindows = share >= IDLE_TO_ADD ? idleWindows + 1 : 0;
    if (waiting || idleWindows < 2 || pool.lanes() >= maxLanes || pool.left() < pool.lanes() * 4) return;
    idleWindows = 0;
    waiting = true;
    pool.add();
    state.count += 1;
    void pool.opened().finally(() => {
      waiting = false;
    });
  }, LANE_WINDOW_MS);
  timer.unref();
  return state;
}

async function main() {
  const started = Date.now();
  ensureBuild();
  const index = JSON.parse(await readFile(join(STATIC_DIR, 'index.json'), 'utf8'));
  const allStories = Object.values(index.entries)
    .filter((entry) => entry.type === 'story')
    .map((entry) => entry.id);
  const stories = selfTestOnly ? [] : allStories.filter((id) => filters.length === 0 || filters.some((f) => id.includes(f)));
  if (stories.length === 0 && !selfTestOnly) {
    console.error('No stories to check.');
    process.exit(1);
  }
  const selfTest = selfTestOnly || (filters.length === 0 && !argv.includes('--no-self-test')) ? selfTestCases(allStories[0], allStories[1]) : [];

  const { server, origin } = await serveStatic(STATIC_DIR);
  let browser;
  /** The pages' user agent: Chromium's own, marked as Storybook's test runner (see STORYBOOK_TEST_RUNNER). */
  let userAgent;
  try {
    browser = await launchChromium();
    userAgent = `${await chromiumUserAgent(browser)} ${STORYBOOK_TEST_RUNNER}`;
  } catch (error) {
    server.close();
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }

  /** @type {({ kind: 'story', id: string } | { kind: 'self-test', test: ReturnType<typeof selfTestCases>[number] })[]} */
  const queue = [
    ...selfTest.map((test) => ({ kind: /** @type {const} */ ('self-test'), test })),
    ...slowestFirst(stories, await readStoryCosts()).map((id) => ({ kind: /** @type {const} */ ('story'), id })),
  ];
  let passed = 0;
  let failed = 0;
  /** Each failed story or self-test with its first problem, for the summary `npm test` prints at its end. @type {string[]} */
  const failures = [];
  let known = 0;
  let caught = 0;
  /** The stories reported, each once. @type {Set<string>} */
  const reported = new Set();
  /** @type {number[]} */
  const storySeconds = [];
  /** Each story's seconds in this run, kept for the next run's order. @type {Record<string, number>} */
  const costs = {};
  /** Each story's longest wait bounded by STORY_TIMEOUT_MS, in seconds. @type {Record<string, number>} */
  const longestWaits = {};
  /** @type {Lane[]} */
  const lanes = [];
  /** The stories' later passes checked with the colour rules only (same DOM) and with every rule (DOM changed). */
  const schemePasses = { sameDom: 0, changedDom: 0 };
  /** Over the colour-only passes: the story elements there were, and those the colour rules looked at again. */
  const colourElements = { all: 0, looked: 0 };

  // One context per lane keeps the MSW service worker and the cached Storybook bundle across the lane's pages. The
  // lanes open their first page one after the other: each context downloads and compiles the Storybook bundle once,
  // and three at the same moment on a busy machine took longer than a page's 30 s to open (the stories then failed).
  /** @param {Promise<unknown>} before settles once the lane started before this one has opened its first page */
  const lane = async (before, /** @type {(lane: Lane) => void} */ ready) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, userAgent });
    const own = new Lane(context, origin);
    lanes.push(own);
    try {
      await before;
      ready(own);
      if (queue.length > 0) await own.warmUp(warmUpStory);
      for (let item = queue.shift(); item; item = queue.shift()) {
        if (item.kind === 'self-test') {
          // A story left alone first, which must pass, so that the fault is planted into a story rendered in a page
          // that has shown another (the way most stories are checked), and must be found there and on a fresh load.
          const control = await checkStory(own, item.test.control);
          const planted = await checkStory(own, item.test.id, item.test.plant);
          reportSelfTest(item.test, control.problems, planted);
        } else {
          const begun = Date.now();
          const before = new Map(stepSeconds);
          const result = await checkStory(own, item.id);
          storySeconds.push((Date.now() - begun) / 1000);
          costs[item.id] = (Date.now() - begun) / 1000;
          longestWaits[item.id] = Math.round(result.longestWaitMs) / 1000;
          for (const same of result.colourOnly) schemePasses[same ? 'sameDom' : 'changedDom'] += 1;
          for (const look of result.colourLooks) {
            colourElements.all += look.elements;
            colourElements.looked += look.looked;
          }
          if (profile && result.colourLooks.length > 0) {
            const looks = result.colourLooks.map(
              (l) => `${l.pass} ${l.looked} of ${l.elements}${l.reference ? ` (else as ${l.reference})` : ''} [styles read in ${(l.digestMs / 1000).toFixed(2)} s]`,
            );
            console.log(`  (${item.id}: colour rules looked again at ${looks.join(', ')})`);
          }
          if (profile && result.colourOnly.includes(false)) {
            const changed = passes.slice(1).filter((_, i) => result.colourOnly[i] === false).map((p) => p.label);
            console.log(`  (${item.id}: its DOM changed in ${changed.join(', ')}: every rule again)`);
          }
          if (profile) {
            // A story's own steps (with one lane; with more, the other lanes' steps of the same time are counted in).
            const own = [...stepSeconds].map(([name, sum]) => [name, sum - (before.get(name) ?? 0)]).filter(([, s]) => s >= 0.05);
            const steps = own.map(([name, s]) => `${name} ${s.toFixed(2)}`).join(', ');
            console.log(`  ${((Date.now() - begun) / 1000).toFixed(2)} s: ${item.id} (${steps})`);
          }
          report(item.id, result);
        }
      }
    } finally {
      ready(own);
      own.markOpened();
      await own.close();
      await context.close();
    }
  };
  const laneCount = Math.max(1, Math.min(concurrency, queue.length));
  /** The story each lane's first page opens on (Lane.warmUp): the build's first, which the self-test also leaves alone. */
  const warmUpStory = allStories[0];
  /** The lanes' runs, in the order they started. @type {Promise<void>[]} */
  const running = [];
  /** Settles once the lane started last has opened its first page (or given up): the next lane's first load waits. */
  let lastOpened = Promise.resolve();
  const startLane = () => {
    const before = lastOpened;
    /** @type {(lane: Lane) => void} */
    let ready = () => {};
    lastOpened = new Promise((done) => {
      ready = (own) => done(own.opened);
    });
    running.push(lane(before, ready));
  };
  for (let i = 0; i < laneCount; i++) startLane();
  const added = addLanesWhileIdle({
    lanes: () => running.length,
    left: () => queue.length,
    opened: () => lastOpened,
    add: startLane,
  });

  function reportSelfTest(test, controlProblems, { problems, reused, colourOnly, colourLooks }) {
    const missed = test.expect.filter((e) => !e.seen(problems, colourOnly, colourLooks));
    for (const e of test.expect) console.log(`${missed.includes(e) ? '✗' : '✓'} self-test: ${e.name} on ${test.id}`);
    if (controlProblems.length > 0) console.log(`✗ self-test: ${test.control}, left alone, did not pass`);
    if (!reused) console.log(`✗ self-test: ${test.id} was not rendered in the page that showed ${test.control}`);
    caught += test.expect.length - missed.length;
    if (missed.length === 0 && reused && controlProblems.length === 0) return;
    failed += 1;
    failures.push(`self-test ${test.id}: ${missed.map((e) => e.name).join(', ') || 'control or reuse failed'}`);
    for (const p of [...controlProblems, ...problems]) console.log(`    [${p.scheme}] ${p.kind === 'axe' ? p.rule : p.kind}: ${p.detail}`);
  }

  function report(id, { problems, reuseOnly }) {
    reported.add(id);
    for (const p of reuseOnly) {
      console.log(`  (${id}: only after another story in the same page, not on a fresh load) [${p.scheme}] ${p.kind === 'axe' ? p.rule : p.kind}: ${p.detail}`);
    }
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
    failures.push(`${id}: ${names.join(', ')}\n      ${problems[0] ? `[${problems[0].scheme}] ${String(problems[0].detail).split('\n')[0].slice(0, 300)}` : ''}`);
    console.log(`✗ ${id}: ${names.join(', ')}`);
    for (const p of problems) console.log(`    [${p.scheme}] ${p.kind === 'axe' ? p.rule : p.kind}: ${p.detail}`);
  }

  try {
    // A lane may be added while others run: wait until every lane started has ended, the lanes added during a wait
    // too (counting them as waited for when they were not closed the browser under a lane's last story).
    for (let settled = 0; settled < running.length; ) {
      const waited = running.slice();
      const outcomes = await Promise.allSettled(waited);
      settled = waited.length;
      const failure = outcomes.find((o) => o.status === 'rejected');
      if (failure) throw failure.reason;
    }
  } finally {
    added.stop();
    await browser.close();
    server.close();
  }

  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const sorted = [...storySeconds].sort((a, b) => a - b);
  const median = sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : 0;
  const loads = lanes.reduce((sum, l) => sum + l.loads, 0);
  const switches = lanes.reduce((sum, l) => sum + l.switches, 0);
  const warmUps = lanes.reduce((sum, l) => sum + l.warmUps, 0);
  console.log(
    `(${stories.length} stories × ${passes.map((p) => p.label).join(' + ')} in ${seconds} s, ${lanes.length} lanes${added.count ? ` (${added.count} added while a share of the machine stood idle)` : ''}; a story ${median.toFixed(2)} s median, ` +
      `${sorted.at(-1)?.toFixed(2) ?? 0} s max; ${loads} page loads (${warmUps} of them a lane's warm-up), ${switches} stories rendered in place)`,
  );
  if (passes.length > 1) {
    console.log(
      `(${passes.slice(1).map((p) => p.label).join(' + ')}: ${schemePasses.sameDom} on the same DOM, colour rules only; ` +
        `${schemePasses.changedDom} on a changed DOM, every rule; there the colour rules looked again at ${colourElements.looked} of ` +
          `${colourElements.all} elements, the others kept an earlier pass's result${reuseColours ? '' : ' (--no-colour-reuse: none kept)'})`,
    );
  }
  if (profile) {
    for (const [name, sum] of stepSeconds) console.log(`  ${name}: ${sum.toFixed(1)} s in all lanes`);
  }
  // Every story picked must have been reported, as passed, failed or a known gap: one left out is a failure.
  const lost = stories.filter((id) => !reported.has(id));
  for (const id of lost) {
    failed += 1;
    failures.push(`${id}: not checked (the run ended without reporting it)`);
    console.log(`✗ ${id}: not checked (the run ended without reporting it)`);
  }
  if (selfTest.length) console.log(`self-test: ${caught} of ${selfTest.reduce((n, t) => n + t.expect.length, 0)} planted faults reported`);
  console.log(`${passed} passed, ${failed} failed${known ? `, ${known} known gaps (listed with '!' above; docs/accessibility-gaps.md)` : ''}`);
  if (Object.keys(costs).length) await writeStoryCosts(costs);
  if (!selfTestOnly) {
    // `npm test` adds these counts to its summary line.
    const results = join(fileURLToPath(new URL('../..', import.meta.url)), '.tmp', 'results');
    mkdirSync(results, { recursive: true });
    writeFileSync(join(results, 'axe.json'), JSON.stringify({ passed, failed, failures, timeoutSeconds: STORY_TIMEOUT_MS / 1000, longestWaits }));
  }
  process.exit(failed > 0 ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
