import { createRouter } from '@tanstack/react-router';
import type { RouterHistory } from '@tanstack/react-router';
import { NotFoundPage } from './components/NotFoundPage';
import { PendingPage } from './components/PendingPage';
import { RouteErrorPage } from './components/RouteErrorPage';
import { routeTree } from './routes';

/**
 * Navigation behaviour of docs/spec.md, Screens and routes and Constants and limits.
 *
 * Scroll state "saved at most every 100 ms" (docs/spec.md, Constants and limits): @tanstack/react-router 1.170 (router-core 1.171) has no
 * throttle to configure because it no longer saves while scrolling. Its scroll listener only notes which element
 * scrolled; positions are read once per navigation (`onBeforeLoad`) and on `pagehide`, which writes them to
 * sessionStorage (node_modules/@tanstack/router-core/src/scroll-restoration.ts, `setupScrollRestoration`, the
 * `document.addEventListener('scroll', …)` / `router.subscribe('onBeforeLoad', …)` / `addEventListener('pagehide',
 * …)` block). Older versions saved from a 100 ms throttled scroll listener; the bound still holds and
 * tests/host/router.test.tsx checks it against the installed router.
 */
export const routerOptions = {
  defaultPreload: 'intent',
  defaultPreloadDelay: 50,
  defaultPreloadStaleTime: 0,
  defaultPendingMs: 1000,
  defaultPendingMinMs: 500,
  defaultGcTime: 5 * 60 * 1000,
  scrollRestoration: true,
  // scrollRestorationBehavior is left unset: restoring uses the browser's default ('auto'), never a smooth scroll.
  // The spec's routes keep their trailing slash ('/admin/', '/admin/form-group/'): links keep whatever they name.
  trailingSlash: 'preserve',
  defaultNotFoundComponent: NotFoundPage,
  defaultErrorComponent: RouteErrorPage,
  defaultPendingComponent: PendingPage,
} as const;

/** The host's router; tests pass a memory history. */
export function createAppRouter(options: { history?: RouterHistory } = {}) {
  return createRouter({ routeTree, ...routerOptions, ...options });
}

/** The host's router type. */
export type AppRouter = ReturnType<typeof createAppRouter>;

// The host (never the library) registers its router, so its links and params are type-checked.
declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
