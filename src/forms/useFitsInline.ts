import { useLayoutEffect, useRef, useState } from 'react';

/** What {@link useFitsInline} answers. */
export interface FitsInline<C extends HTMLElement, E extends HTMLElement> {
  /** The element whose width is available (a block box: its content width is what the content may take). */
  containerRef: React.RefObject<C | null>;
  /** The content laid out on one line; rendered only while `fits`. */
  contentRef: React.RefObject<E | null>;
  /** Whether the one-line content fits the container (true until measured). */
  fits: boolean;
}

/**
 * Whether a one-line layout (a horizontal segmented control, a row of checkboxes, a stepper) fits its container, so
 * that the caller can fall back to another layout of the same Mantine component (vertical, collapsed) rather than
 * overflow the page. The one-line layout is measured before paint; when it does not fit, its width is remembered and
 * the one-line layout comes back once the container is that wide (a rotated phone, a wider window). `layoutKey`
 * names what the one-line width depends on (the labels): when it changes, the layout is measured again.
 *
 * The width an author's labels need is known only once rendered in the page's font, so a media query cannot decide
 * this: a three-option "Yes / No / Maybe" fits a phone, a five-option agree/disagree scale does not fit one.
 */
export function useFitsInline<C extends HTMLElement, E extends HTMLElement>(layoutKey: string): FitsInline<C, E> {
  const containerRef = useRef<C>(null);
  const contentRef = useRef<E>(null);
  // The width the one-line content needed when it did not fit, for the labels of `key`; null: it fits.
  const [needed, setNeeded] = useState<{ key: string; width: number } | null>(null);
  const fits = needed === null || needed.key !== layoutKey;

  useLayoutEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const check = () => {
      const available = container.clientWidth;
      const content = contentRef.current;
      // Hidden (display: none) or not laid out yet: nothing to decide.
      if (available === 0) return;
      if (content) {
        const width = content.scrollWidth;
        if (width > available + 1) setNeeded({ key: layoutKey, width });
      } else {
        setNeeded((current) => (current && available >= current.width ? null : current));
      }
    };
    check();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(check);
    observer.observe(container);
    return () => observer.disconnect();
  }, [layoutKey, fits]);

  return { containerRef, contentRef, fits };
}
