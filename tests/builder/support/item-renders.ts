import { createElement, forwardRef, type ComponentType } from 'react';
import type * as CoreModule from '@dnd-kit/core';

/**
 * Counts the renders of each canvas item by its id: every section and every field calls `useDraggable` once per render
 * of its shell. For `vi.mock('@dnd-kit/core', …)`.
 */
export async function countingDraggable(importOriginal: <T>() => Promise<T>, renders: Map<string, number>) {
  const original = await importOriginal<typeof CoreModule>();
  return {
    ...original,
    useDraggable: (args: Parameters<typeof original.useDraggable>[0]) => {
      renders.set(String(args.id), (renders.get(String(args.id)) ?? 0) + 1);
      return original.useDraggable(args);
    },
  };
}

/**
 * `Component` wrapped so that each of its renders calls `count` with its props first (its statics kept). For a
 * `vi.mock('@mantine/core', …)` that counts what a screen draws again.
 */
export function countedComponent(Component: unknown, count: (props: Record<string, unknown>) => void) {
  const Inner = Component as ComponentType<Record<string, unknown>>;
  const Counted = forwardRef<HTMLElement, Record<string, unknown>>((props, ref) => {
    count(props);
    return createElement(Inner, { ...props, ref });
  });
  return Object.assign(Counted, Component);
}
