/**
 * Progressive mounting for long forms. The sections on the first screen mount as full Mantine widgets; the others
 * first as light native controls — labelled, described, working (typing reaches the engine), and in the DOM for
 * find-in-page, autofill, validation and screen readers — and become Mantine widgets when they come near the
 * viewport (IntersectionObserver), or, where that is not available, in small batches one task at a time.
 * Upgrading is per section, so only the sections that change hear about it.
 */
import { useCallback, useSyncExternalStore } from 'react';

/** Settings of progressive mounting. */
export interface ProgressiveOptions {
  /** Fields (in layout order, whole sections) mounted as full widgets in the first render. Default 20. */
  initial?: number;
  /**
   * How the other sections become full widgets: `'approach'` when they come within a screen of the viewport (and in
   * batches where IntersectionObserver is missing), `'batches'` all of them, a few sections per task.
   * @default 'approach'
   */
  upgrade?: 'approach' | 'batches';
  /** Fields upgraded per task in batches; 0 keeps the light controls (tests, very slow devices). Default 40. */
  batch?: number;
}

/** The upgrade state of one form's sections (numbered in layout order). */
export class Progressive {
  private readonly ready: boolean[];
  private readonly listeners = new Map<number, Set<() => void>>();
  private readonly elements = new Map<Element, number>();
  private observer: IntersectionObserver | null = null;
  private timer: { cancel: () => void } | null = null;
  private next = 0;

  constructor(
    /** Fields per section, in layout order. */
    private readonly sizes: readonly number[],
    private readonly options: Required<ProgressiveOptions>,
  ) {
    this.ready = sizes.map((size) => size === 0);
    let fields = 0;
    for (let i = 0; i < sizes.length && fields < options.initial; i++) {
      this.ready[i] = true;
      fields += sizes[i] ?? 0;
      this.next = i + 1;
    }
  }

  /** Whether the section at this position renders full widgets now. */
  isReady(section: number): boolean {
    return this.ready[section] ?? true;
  }

  /** Whether every section renders full widgets. */
  get done(): boolean {
    return this.ready.every(Boolean);
  }

  subscribe(section: number, listener: () => void): () => void {
    let set = this.listeners.get(section);
    if (!set) this.listeners.set(section, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  private upgrade(section: number): void {
    if (this.ready[section] !== false) return;
    this.ready[section] = true;
    this.listeners.get(section)?.forEach((listener) => listener());
  }

  private get approaching(): boolean {
    return this.options.upgrade === 'approach' && typeof IntersectionObserver !== 'undefined';
  }

  /**
   * Watches a section's element so it upgrades when it comes near the viewport. Sections call this from their own
   * effects, which run before the form's, so the observer is made here on first use.
   */
  observe(element: Element, section: number): () => void {
    if (this.isReady(section) || !this.approaching) return () => {};
    this.observer ??= new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const index = this.elements.get(entry.target);
          if (!entry.isIntersecting || index === undefined) continue;
          this.observer?.unobserve(entry.target);
          this.elements.delete(entry.target);
          this.upgrade(index);
        }
      },
      // A screen ahead in both directions, so widgets are ready before they scroll into view.
      { rootMargin: '100% 0px 100% 0px' },
    );
    this.elements.set(element, section);
    this.observer.observe(element);
    return () => {
      this.elements.delete(element);
      this.observer?.unobserve(element);
    };
  }

  /** Starts upgrading in batches, unless sections upgrade on approach. */
  start(): void {
    if (this.done || this.approaching || this.timer || this.options.batch <= 0) return;
    const step = () => {
      this.timer = null;
      let fields = 0;
      while (this.next < this.sizes.length && fields < this.options.batch) {
        fields += this.sizes[this.next] ?? 0;
        this.upgrade(this.next++);
      }
      if (this.next < this.sizes.length) this.timer = nextTask(step);
    };
    this.timer = nextTask(step);
  }

  stop(): void {
    this.timer?.cancel();
    this.timer = null;
    this.observer?.disconnect();
    this.observer = null;
    this.elements.clear();
  }

  /** Upgrades every section now (e.g. before printing, or when an error link jumps far down). */
  finish(): void {
    this.stop();
    this.ready.forEach((_, i) => this.upgrade(i));
  }
}

/** Runs `run` in a new task: a MessageChannel avoids the 4 ms clamp of nested timeouts. */
function nextTask(run: () => void): { cancel: () => void } {
  if (typeof MessageChannel !== 'undefined') {
    const channel = new MessageChannel();
    let cancelled = false;
    channel.port1.onmessage = () => {
      channel.port1.close();
      if (!cancelled) run();
    };
    channel.port2.postMessage(null);
    return {
      cancel: () => {
        cancelled = true;
        channel.port1.close();
      },
    };
  }
  const id = setTimeout(run, 0);
  return { cancel: () => clearTimeout(id) };
}

/** Creates the schedule for sections of the given sizes (fields per section, in layout order). */
export function createProgressive(sizes: readonly number[], options: ProgressiveOptions = {}): Progressive {
  return new Progressive(sizes, { initial: options.initial ?? 20, batch: options.batch ?? 40, upgrade: options.upgrade ?? 'approach' });
}

const noSubscribe = () => () => {};
const alwaysReady = () => true;

/** Whether the section at `index` renders full widgets (always, without progressive mounting). */
export function useSectionReady(progressive: Progressive | null, index: number): boolean {
  const subscribe = useCallback((listener: () => void) => (progressive ? progressive.subscribe(index, listener) : () => {}), [progressive, index]);
  const snapshot = useCallback(() => (progressive ? progressive.isReady(index) : true), [progressive, index]);
  return useSyncExternalStore(progressive ? subscribe : noSubscribe, progressive ? snapshot : alwaysReady, progressive ? snapshot : alwaysReady);
}
