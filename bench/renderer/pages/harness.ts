/**
 * What every bench page shares: the number of fields from `?n=`, and `?hold` — the page loads its code and builds its
 * schema, then waits for `window.__benchGo()` before rendering, so that the heap can be read before and after.
 */
import { createRoot } from 'react-dom/client';
import type { ReactNode } from 'react';

declare global {
  interface Window {
    __benchGo?: () => void;
    __benchHolding?: boolean;
  }
}

const params = new URLSearchParams(location.search);

/** Fields to render (`?n=`, default 50). */
export const size = Number(params.get('n') ?? 50);

/** Renders `make()` into #root now, or when the runner calls `__benchGo()` (with `?hold`). */
export function start(make: () => ReactNode): void {
  const run = () => createRoot(document.getElementById('root') as HTMLElement).render(make());
  if (params.has('hold')) {
    window.__benchGo = run;
    window.__benchHolding = true;
  } else run();
}
