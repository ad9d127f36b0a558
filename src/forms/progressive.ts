/**
 * Progressive mounting for long forms: the first fields mount as full Mantine widgets, the rest first as light
 * native controls (labelled, working, in the DOM for find-in-page, autofill and screen readers) and are upgraded in
 * small batches, one task each, so the first paint does not wait for a thousand widgets.
 */
import { useCallback, useSyncExternalStore } from 'react';

/** Settings of progressive mounting. */
export interface ProgressiveOptions {
  /** Fields (in layout order) mounted as full widgets in the first render. Default 40. */
  initial?: number;
  /** Fields upgraded per task afterwards; 0 keeps the light controls (tests, very slow devices). Default 40. */
  batch?: number;
}

/** The upgrade schedule of one form. */
export class Progressive {
  private count: number;
  private readonly listeners = new Set<() => void>();
  private timer: { cancel: () => void } | null = null;

  constructor(
    private readonly total: number,
    private readonly options: Required<ProgressiveOptions>,
  ) {
    this.count = options.initial;
  }

  /** Whether the field at this layout position is a full widget now. */
  isReady(order: number): boolean {
    return order < this.count;
  }

  get done(): boolean {
    return this.count >= this.total;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Starts upgrading, one batch per task, until every field is a full widget. */
  start(): void {
    if (this.timer || this.done || this.options.batch <= 0) return;
    const step = () => {
      this.timer = null;
      this.count = Math.min(this.total, this.count + this.options.batch);
      for (const listener of this.listeners) listener();
      if (!this.done) this.timer = nextTask(step);
    };
    this.timer = nextTask(step);
  }

  stop(): void {
    this.timer?.cancel();
    this.timer = null;
  }

  /** Upgrades everything now (e.g. before printing). */
  finish(): void {
    this.stop();
    this.count = this.total;
    for (const listener of this.listeners) listener();
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

/** Creates the schedule for a form of `total` fields. */
export function createProgressive(total: number, options: ProgressiveOptions = {}): Progressive {
  return new Progressive(total, { initial: options.initial ?? 40, batch: options.batch ?? 40 });
}

const alwaysReady = () => true;
const noSubscribe = () => () => {};

/** Whether the field at `order` renders its full widget (always, without progressive mounting). */
export function useProgressiveReady(progressive: Progressive | null, order: number): boolean {
  const snapshot = useCallback(() => (progressive ? progressive.isReady(order) : true), [progressive, order]);
  return useSyncExternalStore(progressive ? progressive.subscribe : noSubscribe, progressive ? snapshot : alwaysReady, progressive ? snapshot : alwaysReady);
}
