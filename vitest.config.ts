import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { availableParallelism } from 'node:os';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import DurationSequencer from './tests/support/sequencer.mjs';
import { CHROMIUM_ARGS, ensureChromium } from './tests/support/chromium.mjs';

const roots = ['src', 'tests', 'example-host'];
const neverHere = ['node_modules', 'dist', 'tests/e2e/**'];
// The tests of the layers that never touch a DOM (docs/decisions.md, Layers: the React-free domain, engine and API
// client; the reference server and the contract suite) run in Node, as the server runs that code; a jsdom window costs
// each file about a second to build. A file elsewhere that needs no DOM says so with `// @vitest-environment node`.
// The React-free domain and engine (pure functions over plain data, no server, no database, no clock of their own and
// no fetch) and the API client (whose files that fetch do so through an MSW server of their own, tests/api/server.ts):
// their files run without isolation (project `unit` below).
const sharedWorker = ['tests/domain/', 'tests/engine/', 'tests/api/'];
// The contract suite and the reference server's tests (project `backend` below): each file starts its own backends (a
// fake behind a new MSW server, a reference server on a database of its own) and stops them in afterAll.
const sharedServerWorker = ['tests/contract/', 'tests/server/'];
const nodeOnly = ['tests/domain/', 'tests/engine/', 'tests/api/', 'tests/server/', 'tests/contract/', 'tests/docs/', 'tests/layers/'];

/**
 * Whether a file intercepts fetch with an MSW server (`msw/node`, directly or through tests/api/server.ts). Outside
 * `ownMswServers` such a file runs isolated: an MSW server patches the process's fetch, and one started, closed and
 * started again by files sharing a worker stopped turning `HttpResponse.error()` into a failed fetch
 * (tests/api/transport.test.ts failed so on CI, when tests/api/server.ts kept one server for the module's life).
 */
function usesMswServer(file: string, text: string): boolean {
  return /from ['"]msw\/node['"]/.test(text) || (file.startsWith('tests/api/') && /from ['"]\.\/server['"]/.test(text));
}

/**
 * Folders whose MSW servers may share a worker (and a window) all the same. Their files start a server of their own for
 * each file (in the file, or by calling a helper that creates one: tests/viewer/support/viewer.tsx,
 * tests/testing/helpers.ts, tests/api/server.ts), listen in beforeAll and close in afterAll, never re-listening a
 * server that a cached module keeps (the server started, closed and started again of `usesMswServer`). With tests/viewer
 * and tests/query in `component`, shuffled seeds 61, 62 and 63 passed on a quiet machine; with tests/forms-admin too
 * (its screens start theirs through tests/admin/support/screen.tsx), the whole project passed with seeds 401, 402 and
 * 403 at load average 4-6 (97 files, 714 tests, about 2 min wall each). At load average 20-25 the same files ran tests
 * past the 60 s timeout, shared as isolated. tests/admin, tests/builder and tests/exports start theirs through the same
 * helper (tests/admin/support/screen.tsx) or in the file, listening in beforeAll and closing in afterAll: their 30 files
 * of `component`, 18 of them until then isolated in `dom`, passed shuffled with seed 501 at load average 20-25 but for
 * tests that ran past the 60 s timeout (RoleManagement's search, 812 s for the file) and undo-one-step (`ownWindow`). Seven
 * of the 18 took 21.2 s of CPU shared instead of 36.3 s isolated (66 s wall instead of 120 s, load 15-27).
 */
const ownMswServers = [
  'tests/forms-admin/',
  'tests/api/',
  'tests/viewer/',
  'tests/query/',
  'tests/host/',
  'tests/testing/',
  'tests/permissions/',
  'tests/auth/',
  'tests/admin/',
  'tests/builder/',
  'tests/exports/',
  'tests/signing/',
];

/** The component and screen tests that may share a worker and its window (project `component`). */
// tests/forms: at load average 15-20 some of its files lost answers typed into the renderer in shuffled shared runs
// (the engine never got the text: progressive, widgets, keyboard), and the same failure ('signs by typing, with no
// pointer') came with the files isolated at load 28-32: a race under load, not state left by an earlier file. On a
// quiet machine its files pass shared in shuffled orders. The second alert of tests/ui/stories-as-fixtures was the
// file's own order (a story run with `.run()` stays mounted), fixed there.
const sharedWindow = [
  'tests/admin/',
  'tests/viewer/',
  'tests/builder/',
  'tests/query/',
  'tests/exports/',
  'tests/ui/',
  'tests/forms/',
  'tests/forms-admin/',
  'tests/signing/',
  'tests/host/',
  'tests/testing/',
  'tests/permissions/',
  'tests/auth/',
  'src/ui/',
  'tests/i18n/locale.test.tsx',
  'tests/support/jsdom-label-control.test.ts',
];

/**
 * Files of `sharedWindow` that keep a window of their own all the same. tests/host/ColorSchemeSwitch, once
 * here for finding no menu items in a shared run, was not failing for a neighbour: jsdom lays nothing out, floating-ui's
 * `hide` middleware counts every 0×0 box as clipped, and Mantine's Popover then hides an open menu (`display: none`)
 * once its first position arrives, in a window of its own as in a shared one. Its provider now takes the theme that
 * shows popovers in jsdom (tests/support/render.tsx `jsdomTheme`), and the test waits for the placed menu.
 * tests/builder/undo-one-step, whose page duplicate once did not take the focus in a shuffled shared run at load
 * 20-25, was not failing for a neighbour either: the builder focuses a new or duplicated item only when its selection
 * arrives within 1 s of the action (FormBuilder's focusNewItem), which a loaded machine can miss in any window.
 */
const ownWindow: string[] = [];

/**
 * Files that run in Chromium (project `browser`): see there. CCQ_JSDOM_ONLY=1 runs them in jsdom (project
 * `component`) instead, to compare.
 */
const inBrowser = process.env.CCQ_JSDOM_ONLY
  ? []
  : [
      'tests/admin/RoleManagement.test.tsx',
      'tests/admin/UserRoleManagement.test.tsx',
      // Whether the pointer reaches what a table's empty state shows: layout, which jsdom lacks.
      'tests/forms-admin/table-empty-state.test.tsx',
      // Whether a list stacks its columns in a narrow frame: the width the frame is laid out at.
      'tests/forms-admin/stacked-rows.test.tsx',
    ];

/**
 * Whether a file runs stories through Storybook's portable stories. Such a file shares a window only with other such
 * files (project `stories`), never with `component`'s: a story's play function acts through Storybook's bundled copy of
 * user-event, which prepares the document (focus handling, the value interceptors of fields) with symbols of its own,
 * beside @testing-library/user-event's, and those would outlive the file in a window where @testing-library/user-event
 * acts next. The last story's canvas, which Storybook keeps mounted module-wide until its next story run, no longer
 * outlives a test: tests/setup.ts has Storybook mount stories through Testing Library, whose cleanup unmounts them
 * after each test. msw-storybook-addon's loader, which keeps the first MSW server it is given for the module's life,
 * is replaced there by tests/support/msw-storybook-loader.ts, which hands each story to its own file's server.
 */
function runsStories(text: string): boolean {
  return /from ['"](@storybook\/|storybook\/)/.test(text);
}

/**
 * Whether a file starts no MSW server, or starts its own in the file itself (`setupServer()` at the top, `listen` in
 * beforeAll and `close` in afterAll, as every stories file does): the servers of `ownMswServers`.
 */
function startsOwnMswServerOrNone(file: string, text: string): boolean {
  if (/\bsetupServer\(/.test(text)) return /beforeAll\(\s*\(\)\s*=>\s*\w+\.listen\(/.test(text) && /\.close\(\)/.test(text);
  return !startsMswServer(file, text);
}

/** Whether `file` or a test module it imports (relative imports below tests/, followed) starts an MSW server. */
function startsMswServer(file: string, text: string, seen = new Set<string>()): boolean {
  if (/from ['"]msw\/node['"]|\bsetupServer\(/.test(text)) return true;
  seen.add(file);
  const dir = file.slice(0, file.lastIndexOf('/'));
  for (const [, spec] of text.matchAll(/from ['"](\.{1,2}\/[^'"]+)['"]/g)) {
    const base = join(dir, spec ?? '').split('\\').join('/');
    if (!base.startsWith('tests/')) continue;
    const found = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((f) => existsSync(f) && statSync(f).isFile());
    if (found && !seen.has(found) && startsMswServer(found, readFileSync(found, 'utf8'), seen)) return true;
  }
  return false;
}

/**
 * Every test file, sorted into the project that runs it.
 *
 * `unit` (tests/domain, tests/engine and tests/api, but for a file that times itself) runs its files one after another
 * in a worker thread that keeps its imported modules from one file to the next: the 41 files of tests/domain and
 * tests/engine took 4.4 s of CPU instead of 14.6 s isolated (import 17 s instead of 37 s of summed time), all green in
 * shuffled orders; tests/api's files that fetch start an MSW server of their own (tests/api/server.ts), so they joined
 * too. tests/setup.ts puts back after each file what a file may leave behind (timers, the system time, spies, stubbed
 * globals and env vars), and Vitest restores every mock.
 *
 * `node` runs its files isolated, like `dom`: the Node files that time themselves (`timesItself`) and are not of
 * `unit` or `backend`; the other Node files that share nothing run in `node-shared`. Without isolation (a worker keeping its imported modules from one file
 * to the next) two full runs out of three failed on state one file left for the next (an MSW server's fetch patch; a
 * clock a token test read). tests/setup.ts puts back after each file what a file may leave behind (timers, the system
 * time, stubbed globals and env vars; in a DOM also storage, cookies, the URL, the title and the document).
 *
 * `backend` runs the files of tests/contract and tests/server (`sharedServerWorker`) that neither replace a module nor
 * time themselves, without isolation: each of those files starts its servers in beforeAll and stops them in afterAll,
 * and an isolated file imported the whole reference server (oidc-provider, drizzle, PGlite, the PDF libraries) again
 * before its first test. The 19 contract files, at load average 8.5-14: 86 CPU-seconds (user+sys) shared against 143
 * isolated, 161 s wall against 219 s, 219/219 tests each way; in a run with the files in a shuffled order (seed 7)
 * every file passed but claim-area, whose tests are steps in order (a shuffle of tests, not of files, broke them).
 *
 * `component` runs the jsdom files of `sharedWindow` (but for `ownWindow`) that neither replace a module, start an MSW
 * server (directly or through a test helper, `startsMswServer`) unless they are of `ownMswServers`, nor run stories
 * (`runsStories`) one after another in a forked worker that keeps its window and imported modules (React, Mantine,
 * Testing Library) from file to file. tests/setup.ts empties the document, storage, cookies, the URL and the title
 * after each file, releases a mouse button left pressed and clears Mantine's notifications. The 35 files that moved
 * from `dom` and `node` to `component` and `unit` together (src/ui, tests/testing, tests/permissions, tests/auth, five
 * of tests/host, tests/api) took 35 s of CPU instead of 123 s isolated (3.1 min wall instead of 13.5, at load average
 * 23 on two cores). A worker of `component` builds its window once, when it starts: Vitest's summary still
 * adds that one set-up time to its `environment` sum once for each file the worker runs, so that sum overstates what a
 * shared project pays. The worker is kept only while the next file in Vitest's queue is of the same project
 * (tests/support/sequencer.mjs keeps a project's files together).
 *
 * `stories` runs, as `component` does (one forked worker keeping its window and modules from file to file), the jsdom
 * files that run stories (`runsStories`), but for those that replace a module or time themselves, and whose MSW
 * server, if any, is their own, started in the file (`startsOwnMswServerOrNone`).
 *
 * `dom` still gives each file a module graph and window of its own: a VM context per file, in a forked worker kept
 * from file to file (`vmForks`; Node's own modules, the process and its environment are shared). A file that replaces a
 * module (`vi.mock`, `vi.doMock`) needs its own module graph in any case — a module already imported by an earlier file
 * would keep the real one — so such a file never goes to a project without isolation; nor does a file that intercepts fetch with an MSW server
 * (`usesMswServer`, `startsMswServer`) outside `ownMswServers` (but for the stories files of `stories`). Its `@vitest-environment`
 * comment still chooses its environment there.
 */
function projectFiles() {
  const files = roots.flatMap((root) =>
    readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.test\.tsx?$/.test(f))
      .map((f) => `${root}/${f.split('\\').join('/')}`)
      .filter((f) => statSync(f).isFile()),
  );
  const sorted = { unit: [] as string[], backend: [] as string[], nodeShared: [] as string[], node: [] as string[], component: [] as string[], stories: [] as string[], dom: [] as string[], browser: [] as string[] };
  for (const file of files) {
    if (file.startsWith('tests/e2e/') || file.includes('/node_modules/')) continue;
    if (inBrowser.includes(file)) {
      sorted.browser.push(file);
      continue;
    }
    const text = readFileSync(file, 'utf8');
    const declared = /@vitest-environment\s+(\w[\w-]*)/.exec(text)?.[1];
    const environment = declared ?? (nodeOnly.some((dir) => file.startsWith(dir)) ? 'node' : 'jsdom');
    const mocks = /\bvi\.(do)?[mM]ock\(/.test(text);
    const ownServers = ownMswServers.some((dir) => file.startsWith(dir));
    const sharesNothing = !mocks && (ownServers || !usesMswServer(file, text));
    // A file that times the code under test against a budget (`performance.now()`) keeps a worker of its own: in a
    // shared worker thread, with both cores busy, the 200 ms budget of a 1,000-field validation failed where the same
    // file alone passed.
    const timesItself = /\bperformance\.now\(/.test(text);
    if (environment === 'node' && sharesNothing && !timesItself && sharedWorker.some((dir) => file.startsWith(dir))) {
      sorted.unit.push(file);
    } else if (environment === 'node' && sharesNothing && !timesItself && !mocks && sharedServerWorker.some((dir) => file.startsWith(dir))) {
      sorted.backend.push(file);
    } else if (environment === 'node' && sharesNothing && !timesItself) sorted.nodeShared.push(file);
    else if (environment === 'node' && sharesNothing) sorted.node.push(file);
    else if (
      environment === 'jsdom' &&
      !mocks &&
      !timesItself &&
      !runsStories(text) &&
      !ownWindow.includes(file) &&
      (ownServers || (sharesNothing && !startsMswServer(file, text))) &&
      sharedWindow.some((dir) => file.startsWith(dir))
    ) {
      sorted.component.push(file);
    } else if (environment === 'jsdom' && !mocks && !timesItself && runsStories(text) && startsOwnMswServerOrNone(file, text)) {
      sorted.stories.push(file);
    } else sorted.dom.push(file);
  }
  return sorted;
}
const files = projectFiles();

// `--sequence.shuffle` (or `.files`) asks for a random order of files, which a sequencer of our own would override.
const shuffling = process.argv.some((arg) => arg.startsWith('--sequence.shuffle'));

export default defineConfig({
  test: {
    globals: true,
    setupFiles: ['./tests/setup.ts'],
    // One test file per core. Vitest's default for `run` is one fewer than the cores, which on CI's two cores is a
    // single worker while the main process, which only collects results, leaves the other core nearly idle.
    maxWorkers: Math.max(1, availableParallelism()),
    // The screens' journeys (pick, edit, switch tabs, confirm) take 1–10 s in jsdom on a quiet core (React's
    // development build rendering a few hundred checkboxes, and role queries computing names and styles over them),
    // and two to three times that with both cores shared. Speed is judged by the benches, not here.
    testTimeout: 60000,
    // Hooks get the same time as tests: a `beforeAll` that starts a server or a database, or imports a large module
    // graph, ran past Vitest's default 10 s hook timeout with both cores shared, failing a file whose tests would pass.
    hookTimeout: 60000,
    // Slowest files first, from tests/support/file-durations.json (tests/support/sequencer.mjs says why and how the
    // projects stay whole); regenerate it from a full run's report with tests/support/update-durations.mjs.
    ...(shuffling ? {} : { sequence: { sequencer: DurationSequencer } }),
    projects: [
      {
        extends: true,
        test: { name: 'unit', environment: 'node', include: files.unit, exclude: neverHere, isolate: false, pool: 'threads' },
      },
      {
        extends: true,
        test: { name: 'node', environment: 'node', include: files.node, exclude: neverHere },
      },
      // `node-shared` runs the other Node files (`nodeShared`: the builder's model, the docs, exports, i18n, layers,
      // service and viewer files, the Chromium XSS checks) one after another in a forked worker that keeps its imported
      // modules, as `unit` does for the domain, engine and API client. Isolated, each of these files (most take well under
      // a second) paid a new process and its imports: the 26 files, in turns, took 47.0 and 46.9 CPU-seconds (user+sys)
      // isolated against 34.9 and 28.7 shared (load 8-12).
      {
        extends: true,
        test: { name: 'node-shared', environment: 'node', include: files.nodeShared, exclude: neverHere, isolate: false, pool: 'forks' },
      },
      // `backend` runs the contract suite's and the server's files one after another in a forked worker that keeps its imported modules
      // (the reference server, the fake, PGlite's compiled module and the dumps it starts from) from file to file,
      // where `node` imports them again for every file. With CONTRACT_POSTGRES each file keeps a worker of its own:
      // tests/contract/targets.ts stops the PostgreSQL it started in an afterAll registered once per module import.
      {
        extends: true,
        test: {
          name: 'backend',
          environment: 'node',
          include: files.backend,
          exclude: neverHere,
          isolate: Boolean(process.env.CONTRACT_POSTGRES),
          pool: 'forks',
        },
      },
      {
        extends: true,
        // Forks, not threads: a worker thread's process.env is its own copy, and setting TZ there does not change the
        // time zone Date uses (tests/forms/time-offset sets it).
        test: {
          name: 'component',
          environment: 'jsdom',
          include: files.component,
          exclude: neverHere,
          isolate: false,
          pool: 'forks',
          env: { CCQ_SHARED_WINDOW: '1' },
        },
      },
      {
        extends: true,
        resolve: { alias: [{ find: /^msw-storybook-addon\/csf3$/, replacement: resolve('tests/support/msw-storybook-loader.ts') }] },
        test: {
          name: 'stories',
          environment: 'jsdom',
          include: files.stories,
          exclude: neverHere,
          isolate: false,
          pool: 'forks',
          env: { CCQ_SHARED_WINDOW: '1' },
        },
      },
      // `dom` runs each file in a VM context of its own (its module graph, its mocks, its window) inside a forked worker
      // that Vitest keeps from file to file (`vmForks`), where a worker of its own (`forks`, isolated) started a new
      // process, loaded Vitest and built a window for each file. tests/setup.ts gives the context Node's web streams
      // and WebCrypto, which a window on Node's own global has.
      {
        extends: true,
        test: { name: 'dom', environment: 'jsdom', include: files.dom, exclude: neverHere, pool: 'vmForks' },
      },
      // `browser` runs its files (`inBrowser`) in headless Chromium (Debian's, tests/support/chromium.mjs) through
      // Playwright: the large screens whose role queries and visibility checks compute styles over hundreds of elements,
      // which jsdom does slowly (~20 ms a getComputedStyle) and a browser does natively. The same files, queries and
      // assertions: `msw/node` is tests/support/msw-browser-server.ts here (MSW's service worker,
      // public/mockServiceWorker.js, with setupServer's names), and tests/setup.ts leaves out its jsdom stand-ins. A browser shows a combobox's options and a panel's
      // header a frame after the click or the data, where jsdom did it in the same task: the tests wait for them
      // (findBy, waitFor). At load average 15-27 on two cores, per file: RoleManagement 131-202 s wall instead of 415 s,
      // UserRoleManagement 149-219 s instead of 444 s; CPU (Node and Chromium together) 82-90 s instead of 69-78 s.
      // Again at load average 8.5-12, the two files alone, 77 tests each way: here 124 s wall (files 80 and 75 s, the
      // longest test 5.6 s) for about 125 CPU-seconds (Chromium's processes 71, Node's 54, summed per process from
      // /proc); in jsdom (CCQ_JSDOM_ONLY=1) 216 s wall (files 177 and 173 s, the longest test 16.9 s) for 111. Chromium
      // costs about an eighth more CPU and keeps every test far from its timeout, so they stay here. `/usr/bin/time`
      // counts only the processes reaped through its child: it saw 34 of the ~125 CPU-seconds here, all of jsdom's.
      // The signing stories files ran 2-3 times faster here too, but beside two CPU burners (load average 33-38) two
      // of their tests timed out and one took 57 of its 60 s: they stay in `stories`.
      {
        extends: true,
        resolve: {
          alias: [
            { find: /^msw\/node$/, replacement: resolve('tests/support/msw-browser-server.ts') },
          ],
        },
        test: {
          name: 'browser',
          include: files.browser,
          exclude: neverHere,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: { executablePath: ensureChromium(), args: [...CHROMIUM_ARGS] } }),
            viewport: { width: 1280, height: 800 },
            // A failing test's screenshot would land beside the test file, in a folder named after it.
            screenshotFailures: false,
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
