/**
 * The palette's keys: one tab stop for the whole palette (a roving tabindex, as the canvas has), the arrow keys inside
 * it. Up and Down go to the entry before or after, on the same control (its drag handle or its 'Add'); Left and
 * Right between an entry's handle and its 'Add'; Home and End to the first and last entry. While an entry is dragged
 * by keyboard (its handle pressed), the keys are the drag's.
 */
import { useCallback, useLayoutEffect, useRef, type FocusEvent, type KeyboardEvent } from 'react';

/** The attribute that marks a control of a palette entry: `drag` (its handle) or `add` (its 'Add' button). */
export const PALETTE_STOP = 'data-palette-stop';

/** The props of one control of a palette entry: out of the tab order (the palette keeps one stop), marked as a stop. */
export const paletteStop = (control: 'drag' | 'add') => ({ tabIndex: -1, [PALETTE_STOP]: control }) as const;

const stopsIn = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>(`[${PALETTE_STOP}]`)];

/**
 * The props of the element that holds the palette's entries: a vertical toolbar whose one tab stop is the control
 * last focused (at first, the first entry's 'Add'). Kept on the elements, not in state: moving the focus re-renders
 * nothing (React leaves `tabIndex` alone while a control's own prop, -1, does not change).
 */
export function usePaletteKeys() {
  const ref = useRef<HTMLDivElement>(null);
  const stop = useRef<HTMLElement | null>(null);
  const setStop = useCallback((element: HTMLElement) => {
    if (stop.current && stop.current !== element) stop.current.tabIndex = -1;
    element.tabIndex = 0;
    stop.current = element;
  }, []);
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    const current = stop.current;
    if (current && current.tabIndex === 0 && root.contains(current)) return;
    const first = root.querySelector<HTMLElement>(`[${PALETTE_STOP}="add"]`) ?? root.querySelector<HTMLElement>(`[${PALETTE_STOP}]`);
    if (first) setStop(first);
  });
  const onFocus = useCallback(
    (event: FocusEvent<HTMLElement>) => {
      const target = event.target as HTMLElement;
      if (target.hasAttribute(PALETTE_STOP)) setStop(target);
    },
    [setStop],
  );
  const onKeyDown = useCallback((event: KeyboardEvent<HTMLElement>) => {
    const root = event.currentTarget;
    const target = event.target as HTMLElement;
    const control = target.getAttribute(PALETTE_STOP);
    if (control === null || event.altKey || event.ctrlKey || event.metaKey) return;
    // An entry picked up by keyboard: the arrow keys move the drag.
    if (root.querySelector('[aria-pressed="true"]')) return;
    const stops = stopsIn(root);
    const same = stops.filter((element) => element.getAttribute(PALETTE_STOP) === control);
    const at = same.indexOf(target);
    const index = stops.indexOf(target);
    let next: HTMLElement | undefined;
    if (event.key === 'ArrowDown') next = same[at + 1];
    else if (event.key === 'ArrowUp') next = same[at - 1];
    else if (event.key === 'Home') next = same[0];
    else if (event.key === 'End') next = same[same.length - 1];
    else if (event.key === 'ArrowRight' && control === 'drag') next = stops[index + 1];
    else if (event.key === 'ArrowLeft' && control === 'add') next = stops[index - 1];
    else return;
    event.preventDefault();
    next?.focus();
  }, []);
  return { ref, onFocus, onKeyDown, role: 'toolbar', 'aria-orientation': 'vertical' } as const;
}
