/**
 * Progressive mounting for long forms. The sections on the first screen mount as full Mantine widgets and the next
 * ones as light native controls — labelled, described, working (typing reaches the engine) — in the first render;
 * the rest of the light controls join them right after the first paint, a few hundred fields per task, so that every
 * field is in the DOM for find-in-page, autofill, validation and screen readers a moment later without the first
 * screen waiting for a thousand fields. Light sections become Mantine widgets when they come near the viewport
 * (IntersectionObserver), or, where that is not available, in small batches one task at a time.
 * Mounting and upgrading are per section, so only the sections that change hear about it.
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
  /**
   * Fields (whole sections, counting the full ones) whose controls are in the DOM from the first render; the others
   * mount as light controls right after the first paint, `mountBatch` fields per task. `Infinity` mounts every field
   * in the first render. Default 100.
   */
  mount?: number;
  /**
   * Fields mounted per task after the first paint. 0 mounts the others only when they upgrade (on approach or in
   * batches) or when something needs them (an error link): for tests. Default 300.
   */
  mountBatch?: number;
}

/** How a section renders now: not yet (its fields mount after the first paint), light controls, or full widgets. */
export const SECTION_UNMOUNTED = 0;
export const SECTION_LIGHT = 1;
export const SECTION_FULL = 2;
export type SectionStage = typeof SECTION_UNMOUNTED | typeof SECTION_LIGHT | typeof SECTION_FULL;

/** The upgrade state of one form's sections (numbered in layout order). */
export class Progressive {
  private readonly ready: boolean[];
  private readonly mounted: boolean[];
  private readonly listeners = new Map<number, Set<() => void>>();
  private readonly elements = new Map<Element, number>();
  private observer: IntersectionObserver | null = null;
  private timer: { cancel: () => void } | null = null;
  private mounter: { cancel: () => void } | null = null;
  private next = 0;
  private nextMount = 0;

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
    this.mounted = [...this.ready];
    fields = 0;
    for (let i = 0; i < sizes.length && fields < options.mount; i++) {
      this.mounted[i] = true;
      fields += sizes[i] ?? 0;
      this.nextMount = i + 1;
    }
  }

  /** Whether the section at this position renders full widgets now. */
  isReady(section: number): boolean {
    return this.ready[section] ?? true;
  }

  /** How the section at this position renders now. */
  stage(section: number): SectionStage {
    if (this.isReady(section)) return SECTION_FULL;
    return this.mounted[section] === false ? SECTION_UNMOUNTED : SECTION_LIGHT;
  }

  /** Whether every section renders full widgets. */
  get done(): boolean {
    return this.ready.every(Boolean);
  }

  /** Whether every field is in the DOM (as a light control or a full widget). */
  get allMounted(): boolean {
    return this.mounted.every((m, i) => m || this.ready[i]);
  }

  private notify(section: number): void {
    this.listeners.get(section)?.forEach((listener) => listener());
  }

  private mount(section: number): void {
    if (this.mounted[section] !== false) return;
    this.mounted[section] = true;
    if (!this.ready[section]) this.notify(section);
  }

  /** Puts every field in the DOM now (e.g. before focusing a field far down that an error link names). */
  mountAll(): void {
    this.mounter?.cancel();
    this.mounter = null;
    this.mounted.forEach((_, i) => this.mount(i));
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
    this.mounted[section] = true;
    this.notify(section);
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

  /**
   * Mounts the fields not yet in the DOM after the first paint (a frame, then a task), `mountBatch` fields per task;
   * then starts upgrading in batches, unless sections upgrade on approach.
   */
  start(): void {
    if (this.allMounted || this.mounter || this.options.mountBatch <= 0) {
      this.startUpgrades();
      return;
    }
    const step = () => {
      let fields = 0;
      while (this.nextMount < this.sizes.length && fields < this.options.mountBatch) {
        fields += this.sizes[this.nextMount] ?? 0;
        this.mount(this.nextMount++);
      }
      if (this.nextMount < this.sizes.length) this.mounter = nextTask(step);
      else {
        this.mounter = null;
        this.startUpgrades();
      }
    };
    this.mounter = afterPaint(step);
  }

  private startUpgrades(): void {
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
    this.mounter?.cancel();
    this.mounter = null;
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

/** Runs `run` in a task after the next frame (so after the first paint), or in a new task without frames. */
function afterPaint(run: () => void): { cancel: () => void } {
  if (typeof requestAnimationFrame === 'undefined') return nextTask(run);
  let inner: { cancel: () => void } | null = null;
  const frame = requestAnimationFrame(() => {
    inner = nextTask(run);
  });
  return {
    cancel: () => {
      cancelAnimationFrame(frame);
      inner?.cancel();
    },
  };
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
  return new Progressive(sizes, {
    initial: options.initial ?? 20,
    batch: options.batch ?? 40,
    upgrade: options.upgrade ?? 'approach',
    mount: options.mount ?? 100,
    mountBatch: options.mountBatch ?? 300,
  });
}

const noSubscribe = () => () => {};
const alwaysFull = (): SectionStage => SECTION_FULL;

/** How the section at `index` renders now (always full widgets without progressive mounting). */
export function useSectionStage(progressive: Progressive | null, index: number): SectionStage {
  const subscribe = useCallback((listener: () => void) => (progressive ? progressive.subscribe(index, listener) : () => {}), [progressive, index]);
  const snapshot = useCallback(() => (progressive ? progressive.stage(index) : SECTION_FULL), [progressive, index]);
  return useSyncExternalStore(progressive ? subscribe : noSubscribe, progressive ? snapshot : alwaysFull, progressive ? snapshot : alwaysFull);
}
