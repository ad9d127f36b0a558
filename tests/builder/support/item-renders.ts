import type * as CoreModule from '@dnd-kit/core';
import type * as SortableModule from '@dnd-kit/sortable';

/**
 * Counts the renders of each canvas item by its id: every section calls `useSortable` and every field `useDraggable`
 * once per render of its shell. For `vi.mock('@dnd-kit/sortable', …)` and `vi.mock('@dnd-kit/core', …)`.
 */
export async function countingSortable(importOriginal: <T>() => Promise<T>, renders: Map<string, number>) {
  const original = await importOriginal<typeof SortableModule>();
  return {
    ...original,
    useSortable: (args: Parameters<typeof original.useSortable>[0]) => {
      renders.set(String(args.id), (renders.get(String(args.id)) ?? 0) + 1);
      return original.useSortable(args);
    },
  };
}

/** See {@link countingSortable}: the fields' `useDraggable`. */
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
