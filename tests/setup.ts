import { afterAll, afterEach, beforeAll, vi } from 'vitest';

// The files of the `browser` project (vitest.config.ts) run this file in Chromium: the jsdom stand-ins and shortcuts
// below are for jsdom only (they import Node modules, and a browser has the real APIs).
const inJsdom = typeof navigator !== 'undefined' && navigator.userAgent.includes('jsdom');
/** An environment variable of the test run (none in a browser, which has no `process`). */
const env = (name: string): string | undefined => (typeof process === 'undefined' ? undefined : process.env[name]);

// In a VM pool (vitest.config.ts, project `dom`) the global object is jsdom's window in a context of its own, which
// lacks Node's web streams (MSW's responses use them) and WebCrypto's `subtle` (the fake backend hashes with it) that
// a window on Node's own global has: they are Node's, as there.
if (inJsdom && typeof process !== 'undefined') {
  const nodeGlobals = globalThis as unknown as Record<string, unknown>;
  if (typeof nodeGlobals.TransformStream === 'undefined') {
    const web = (await import('node:stream/web')) as unknown as Record<string, unknown>;
    for (const name of ['ReadableStream', 'WritableStream', 'TransformStream', 'TextEncoderStream', 'TextDecoderStream', 'CompressionStream', 'DecompressionStream', 'ByteLengthQueuingStrategy', 'CountQueuingStrategy']) {
      if (typeof nodeGlobals[name] === 'undefined') nodeGlobals[name] = web[name];
    }
  }
  if (!(globalThis.crypto as Crypto | undefined)?.subtle) {
    const { webcrypto } = await import('node:crypto');
    Object.defineProperty(globalThis, 'crypto', { configurable: true, writable: true, value: webcrypto });
  }
}

// Mantine under jsdom needs these browser APIs.
if (inJsdom) {
  if (!window.matchMedia) {
    Object.defineProperty(window, 'matchMedia', {
      writable: true,
      // An empty media query matches everything, as in browsers (mantine-datatable shows a column whose
      // `visibleMediaQuery` is unset through `useMediaQuery('')`); every other query does not match.
      value: (query: string) => ({
        matches: query.trim() === '',
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }),
    });
  }
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  if (!('ResizeObserver' in window)) {
    Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
  }
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
    });
  }
  window.HTMLElement.prototype.scrollIntoView = function scrollIntoView() {};
  // Same answers as jsdom's own, in linear time (see the module): role queries over large screens spent seconds there.
  // CCQ_PLAIN_JSDOM=1 leaves jsdom as it is, to compare times or to rule the shortcut out when a test fails.
  if (!env('CCQ_PLAIN_JSDOM')) (await import('./support/jsdom-label-control')).speedUpLabelControl();
  if (!env('CCQ_PLAIN_JSDOM')) (await import('./support/jsdom-computed-style')).speedUpComputedStyle();
  // A <style> removed with an ancestor kept its sheet, and with it the removed subtree (see the module).
  if (!env('CCQ_PLAIN_JSDOM')) (await import('./support/jsdom-style-sheets')).dropStyleSheetsOfRemovedSubtrees();
}

// React's development build records, for each element it creates (up to 10,000 a second), where it was created: an
// Error with its stack and a console task (`console.createTask`), kept for the component stacks of its warnings and for
// debuggers. A large screen creates thousands of elements on each render, and a role-management journey spent about
// a tenth of its CPU there (--cpu-prof). Tests read no such stack: here React counts its budget as spent, so elements
// carry React's shared "unknown owner" stack instead. Rendering, effects, warnings and errors are the same; only the
// "at Component" lines of a warning's component stack are shorter. CCQ_REACT_OWNER_STACKS=1 keeps them, to debug a
// warning.
if (typeof window !== 'undefined' && !env('CCQ_REACT_OWNER_STACKS')) {
  const React = await import('react');
  const internals = (React as unknown as Record<string, unknown>).__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
  if (internals && typeof internals === 'object' && typeof (internals as Record<string, unknown>).recentlyCreatedOwnerStacks === 'number') {
    Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', {
      configurable: true,
      get: () => 10000,
      set: () => {},
    });
  }
}

// Testing Library and jest-dom's matchers need a document: files in the node environment (`@vitest-environment node`,
// about a third of them) do not load them, which saves each such file about a second of imports.
if (typeof window !== 'undefined') {
  await import('@testing-library/jest-dom/vitest');
  const { cleanup, configure, render } = await import('@testing-library/react');

  // findBy* and waitFor give up after 1 s by default. On a loaded CI core a screen's answer to a click can take longer
  // (a failed save's alert took over 1 s in a full run); waiting up to 5 s changes no result, only how long a failing
  // test takes to say so.
  configure({ asyncUtilTimeout: 5000 });

  // A failed getBy* query prints the whole document into its error. Inside waitFor and findBy* (which retry the query
  // on every DOM change until it passes) that error is thrown away at the next attempt, and printing a large screen
  // cost seconds per test (a tenth of a RoleManagement journey's CPU, measured with --cpu-prof). While Testing Library
  // runs such a callback (it then turns its "expensive error diagnostics" off) the error carries only its message; if
  // the wait times out, waitFor prints the document into the last error as before.
  const { getConfig } = await import('@testing-library/react');
  const printingError = getConfig().getElementError;
  configure({
    getElementError: (message, container) => {
      if (!(getConfig() as { _disableExpensiveErrorDiagnostics?: boolean })._disableExpensiveErrorDiagnostics) {
        return printingError(message, container);
      }
      const error = new Error(message ?? '');
      error.name = 'TestingLibraryElementError';
      return error;
    },
  });

  afterEach(() => {
    cleanup();
  });

  // A story played with Storybook's portable `.run()` is rendered by Storybook's React renderer into a canvas of its
  // own and stays mounted until the next `.run()` of the same module: the last story of a file outlived the file, and
  // work React did for it at a lower priority after jsdom's teardown threw an unhandled 'window is not defined', which
  // failed the whole vitest step. `setProjectAnnotations` keeps the composed annotations in
  // `globalThis.globalProjectAnnotations`; every composition made there gets Testing Library's `render` as its
  // `testingLibraryRender`, with which Storybook's React renderer mounts a story through Testing Library (into the
  // same canvas), so the `cleanup()` above unmounts it after each test as it does any rendered tree.
  let annotations: unknown;
  Object.defineProperty(globalThis, 'globalProjectAnnotations', {
    configurable: true,
    get: () => annotations,
    set: (value: unknown) => {
      annotations =
        value && typeof value === 'object' && !('testingLibraryRender' in value && value.testingLibraryRender)
          ? { ...value, testingLibraryRender: render }
          : value;
    },
  });
}

// A project without isolation (vitest.config.ts) runs file after file in one worker's globals, and this file runs
// again before each of them. Each file starts from what the first one found: after its last test, what it may have
// changed is put back — timers, stubbed globals and env vars and, in a DOM, storage, cookies, the URL, the title, the
// <html> element's attributes (Mantine's colour scheme), URL.createObjectURL and URL.revokeObjectURL (replaced with
// Object.assign by the tests that catch downloads) and whatever is left in <body>. (<head> is left alone: React
// keeps track of the style resources it hoisted there.)
interface Pristine {
  href: string;
  title: string;
  htmlAttributes: [string, string][];
  /** URL.createObjectURL and URL.revokeObjectURL as found (tests replace them to catch downloads). */
  urlStatics: [string, PropertyDescriptor | undefined][];
}
const URL_STATICS = ['createObjectURL', 'revokeObjectURL'];
const PRISTINE = Symbol.for('ccq.tests.pristine');
const holder = globalThis as typeof globalThis & { [PRISTINE]?: Pristine };
if (typeof window !== 'undefined' && !holder[PRISTINE]) {
  holder[PRISTINE] = {
    href: window.location.href,
    title: document.title,
    htmlAttributes: [...document.documentElement.attributes].map((a) => [a.name, a.value]),
    urlStatics: URL_STATICS.map((name): [string, PropertyDescriptor | undefined] => [
      name,
      Object.getOwnPropertyDescriptor(URL, name),
    ]),
  };
}

// The first file of a shared worker that used no Mantine loads @mantine/notifications here to clear its store: at load
// average 24 on two cores that import outlasted Vitest's 10 s hook timeout (tests/testing/seed, in a shuffled shared
// run). It is loaded once per worker; the clean-up itself takes milliseconds.
const CLEANUP_TIMEOUT_MS = 60000;

// A notice that arrives after a file's last clean-up (a failed call still in flight when its file ended) would show in
// the next file's first <Notifications />: a file that follows another in a shared window clears the store once more
// before its first test. The module is loaded already, by the file before.
const FILES_BEFORE = Symbol.for('ccq.tests.filesBefore');
const counter = globalThis as typeof globalThis & { [FILES_BEFORE]?: number };
beforeAll(async () => {
  if (!env('CCQ_SHARED_WINDOW') || typeof window === 'undefined' || !counter[FILES_BEFORE]) return;
  const { notifications } = await import('@mantine/notifications');
  notifications.clean();
  notifications.cleanQueue();
}, CLEANUP_TIMEOUT_MS);

afterAll(async () => {
  counter[FILES_BEFORE] = (counter[FILES_BEFORE] ?? 0) + 1;
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  const pristine = holder[PRISTINE];
  if (typeof window === 'undefined' || !pristine) return;
  // CCQ_REPORT_ROOTS=1 prints the React roots still mounted in <body> when a file ends (a tree rendered outside
  // Testing Library and never unmounted): such a tree may still render after jsdom's teardown.
  if (env('CCQ_REPORT_ROOTS')) {
    const live = [...document.body.children].filter((el) =>
      Object.keys(el).some((key) => key.startsWith('__reactContainer$') && (el as unknown as Record<string, unknown>)[key] != null),
    );
    if (live.length) console.warn(`React roots left mounted (${live.length}): ${live.map((el) => el.outerHTML.slice(0, 80)).join(' | ')}`);
  }
  // In a window the next file shares (vitest.config.ts sets CCQ_SHARED_WINDOW there), a mouse button a file left
  // pressed (src/forms/after-press.ts keeps the document's press state for the module's life) would hold back the
  // next file's field errors: release it, and let what waited for the release run now.
  if (env('CCQ_SHARED_WINDOW')) {
    document.dispatchEvent(new MouseEvent('mouseup'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Mantine keeps its notifications in a store of the module's life, not of the <Notifications /> that shows them: a
    // notice a file left (a saved group's, a failed call's) would show again in the next file's first <Notifications />,
    // as a second alert. The module is loaded already wherever a file used it, so this import costs nothing.
    const { notifications } = await import('@mantine/notifications');
    notifications.clean();
    notifications.cleanQueue();
  }
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  if (window.location.href !== pristine.href) window.history.replaceState(null, '', pristine.href);
  document.title = pristine.title;
  for (const [name, found] of pristine.urlStatics) {
    if (found) Object.defineProperty(URL, name, found);
    else Reflect.deleteProperty(URL, name);
  }
  const html = document.documentElement;
  for (const { name } of [...html.attributes]) html.removeAttribute(name);
  for (const [name, value] of pristine.htmlAttributes) html.setAttribute(name, value);
  document.body.replaceChildren();
  for (const { name } of [...document.body.attributes]) document.body.removeAttribute(name);
}, CLEANUP_TIMEOUT_MS);
