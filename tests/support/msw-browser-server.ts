/**
 * `msw/node`'s `setupServer`, for the files of the `browser` project (vitest.config.ts), which run in Chromium where
 * fetch is intercepted by MSW's service worker (public/mockServiceWorker.js) instead. The project aliases `msw/node` to
 * this module, so a file and its helpers (tests/admin/support/screen.tsx) start, reset and stop their fake API as they
 * do in jsdom: `listen` starts the worker (and `beforeAll` waits for it), `close` stops it; handlers, `use`,
 * `resetHandlers` and `events` are the worker's own.
 */
import { setupWorker } from 'msw/browser';
import type { RequestHandler, WebSocketHandler } from 'msw';

/** The `listen` options of `msw/node` that a worker understands. */
interface ListenOptions {
  onUnhandledRequest?: 'bypass' | 'warn' | 'error';
}

/** A worker with `msw/node`'s names for starting and stopping it. */
export function setupServer(...handlers: (RequestHandler | WebSocketHandler)[]) {
  const worker = setupWorker(...handlers);
  return Object.assign(worker, {
    listen: async (options: ListenOptions = {}) => {
      await worker.start({ quiet: true, onUnhandledRequest: options.onUnhandledRequest ?? 'warn' });
    },
    close: () => worker.stop(),
  });
}
