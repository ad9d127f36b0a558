import { memo, type ReactNode } from 'react';

/** Props of {@link Redrawn}. */
export interface RedrawnProps {
  /** What the part shows: it is drawn again when one of these changes (compared one by one, by identity). */
  deps: readonly unknown[];
  /** Draws the part; called only when `deps` changed, so whatever its elements call later must read the latest state. */
  render: () => ReactNode;
}

const sameDeps = (a: RedrawnProps, b: RedrawnProps) => a.deps.length === b.deps.length && a.deps.every((d, i) => Object.is(d, b.deps[i]));

/**
 * A part of a screen drawn again only when what it shows changes: the builder's screen renders on every key typed in
 * the property pane, and the parts that do not show that key (the palette and canvas in their drag-and-drop context,
 * the panel's other editors) are left as they are. The handlers inside read the latest state through refs, never
 * through what was current when the part was last drawn.
 */
export const Redrawn = memo(function Redrawn({ render }: RedrawnProps) {
  return <>{render()}</>;
}, sameDeps);
