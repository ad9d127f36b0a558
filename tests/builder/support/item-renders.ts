import { createElement, forwardRef, type ComponentType } from 'react';
import type * as CoreModule from '@dnd-kit/core';
import type * as LazyDraggableModule from '../../../src/builder/lazy-draggable';

/**
 * Counts the calls of dnd-kit's `useDraggable` by id: the registration of the one armed item (a field, section or
 * palette entry a pointer or key went down on; see `lazy-draggable.tsx`), once per render. For
 * `vi.mock('@dnd-kit/core', …)`; the shells themselves are counted by {@link countingLazyDraggable}.
 */
export async function countingDraggable(importOriginal: <T>() => Promise<T>, renders: Map<string, number>, droppables?: Map<string, number>) {
  const original = await importOriginal<typeof CoreModule>();
  return {
    ...original,
    useDraggable: countingById(original.useDraggable, renders),
    // With `droppables`: the renders of each drop target (`useDroppable`) by its id besides.
    ...(droppables ? { useDroppable: countingById(original.useDroppable, droppables) } : {}),
  };
}

/**
 * Counts the renders of each item shell that is a lazy draggable (canvas fields, palette entries: `useLazyDraggable`,
 * once per render of the shell, armed or not) by its id; a section's shell (also a lazy draggable, its data of type
 * 'section') is counted in `sections` when given, else not at all. For `vi.mock('../../src/builder/lazy-draggable', …)`,
 * beside `countingDraggable` (which counts the armed item's registration).
 */
export async function countingLazyDraggable(importOriginal: <T>() => Promise<T>, renders: Map<string, number>, sections?: Map<string, number>) {
  const original = await importOriginal<typeof LazyDraggableModule>();
  const hook = original.useLazyDraggable;
  return {
    ...original,
    useLazyDraggable: (args: Parameters<typeof hook>[0]) => {
      const ofSection = (args.data as { type?: unknown } | undefined)?.type === 'section';
      const into = ofSection ? sections : renders;
      if (into) into.set(String(args.id), (into.get(String(args.id)) ?? 0) + 1);
      return hook(args);
    },
  };
}

/** `hook` counting each call in `renders` under the id of its arguments. */
function countingById<A extends { id: unknown }, R>(hook: (args: A) => R, renders: Map<string, number>): (args: A) => R {
  return (args) => {
    renders.set(String(args.id), (renders.get(String(args.id)) ?? 0) + 1);
    return hook(args);
  };
}

/** The renders counted so far, by id. */
export const renderCounts = (renders: Map<string, number>): Record<string, number> => Object.fromEntries(renders);

/** The ids whose count changed since `before` (a {@link renderCounts}), sorted. */
export const changedSince = (renders: Map<string, number>, before: Record<string, number>): string[] =>
  [...renders.keys()].filter((id) => renders.get(id) !== before[id]).sort();

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
