import { createContext, Fragment, useContext, useId, useLayoutEffect, useSyncExternalStore, type ReactNode } from 'react';

/**
 * The canvas and the palette outside dnd-kit's `DndContext`, their registrations with dnd-kit inside it.
 *
 * `DndContext` renders again at every pointer move of a drag and gives new values to its React contexts (the drag's
 * transform, the collisions, the target under the pointer). React then looks for the readers of those contexts through
 * the whole tree under the provider, fiber by fiber, whether or not anything there reads them: at 300 fields, the
 * canvas's tens of thousands of fibers at every move and every autoscroll step. So the builder's items do not call
 * dnd-kit's hooks themselves: each hands an element that calls them (and draws nothing) to a {@link DndTunnel}, and
 * {@link DndTunnelHost}, the only child of `DndContext`, renders those elements. They register the items' elements
 * (kept in refs) with dnd-kit and pass back what the items show (dragged, over) through callbacks, so a move walks the
 * host's few fibers only. Without a tunnel (a canvas drawn alone inside a `DndContext`), the elements render in place.
 */
export class DndTunnel {
  private entries = new Map<string, ReactNode>();
  private list: readonly (readonly [string, ReactNode])[] = [];
  private listeners = new Set<() => void>();

  /** Puts the element of `key` in the host (or takes it out: null). */
  set(key: string, node: ReactNode): void {
    if (node === null || node === undefined) {
      if (!this.entries.delete(key)) return;
    } else if (this.entries.get(key) === node) return;
    else this.entries.set(key, node);
    this.list = [...this.entries];
    for (const l of this.listeners) l();
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly snapshot = (): readonly (readonly [string, ReactNode])[] => this.list;
}

/** The tunnel of the builder around its canvas and palette (none: the registrations render in place). */
export const DndTunnelContext = createContext<DndTunnel | null>(null);

/**
 * Hands `node` (an element that calls dnd-kit's hooks and draws nothing) to the tunnel's host; answers what to render
 * in place: nothing, or `node` itself when there is no tunnel.
 */
export function useDndTunnel(node: ReactNode): ReactNode {
  const tunnel = useContext(DndTunnelContext);
  const key = useId();
  useLayoutEffect(() => {
    tunnel?.set(key, node);
  }, [tunnel, key, node]);
  useLayoutEffect(() => () => tunnel?.set(key, null), [tunnel, key]);
  return tunnel ? null : node;
}

/** Renders the tunnel's elements: the only child of `DndContext` (with its overlay). */
export function DndTunnelHost({ tunnel }: { tunnel: DndTunnel }) {
  const entries = useSyncExternalStore(tunnel.subscribe, tunnel.snapshot, tunnel.snapshot);
  return entries.map(([key, node]) => <Fragment key={key}>{node}</Fragment>);
}
