/**
 * The cooperative stop of a PDF job: the pool (worker.ts) and its worker share a small `SharedArrayBuffer`; at a
 * job's time limit the pool writes the job's id into it, and the job, reading it between its steps (before each
 * stream of the inflated-size check, between the reader's and the filler's steps), ends itself with
 * {@link PdfJobStopped}. The worker is terminated only when the job does not end within a grace period, and never
 * while a zlib call runs.
 *
 * Why: Node 20 aborts the whole process ("close before init", a failed assertion at the worker's teardown) when a
 * worker thread is terminated while it is creating a zlib handle, and the inflated-size check creates one per stream.
 * So every zlib call of a job goes through {@link PdfJobStop.zlib}, which marks the call in the shared buffer and
 * then reads the stop; the pool writes the stop and then reads the mark. Both are sequentially consistent atomics, so
 * at least one side sees the other's write: either the job sees the stop and makes no call, or the pool sees the call
 * and waits for its end (a call is bounded by the inflated-size budget) before it terminates. The PDF library itself
 * inflates with JavaScript (pako), so a worker terminated inside the library holds no zlib handle being made.
 *
 * React-free and free of side effects; imported by the pool (the server's thread) and the worker.
 */

/** The shared buffer's cells (32-bit each). */
const STOP = 0;
const IN_ZLIB = 1;
const CELLS = 2;

/** The shared control of one worker: the id of the job to stop, and whether a zlib call runs. */
export type PdfJobControl = Int32Array<SharedArrayBuffer>;

/** A new control for a worker, passed to it as its `workerData`. */
export function newPdfJobControl(): PdfJobControl {
  return new Int32Array(new SharedArrayBuffer(CELLS * Int32Array.BYTES_PER_ELEMENT));
}

/** Asks the job `jobId` to stop (the pool's side, at the job's time limit). */
export function requestPdfJobStop(control: PdfJobControl, jobId: number): void {
  Atomics.store(control, STOP, jobId);
}

/**
 * Whether the worker may be terminated now: no zlib call runs. Read after {@link requestPdfJobStop}: once it answers
 * true, the stopped job makes no further zlib call.
 */
export function pdfJobOutsideZlib(control: PdfJobControl): boolean {
  return Atomics.load(control, IN_ZLIB) === 0;
}

/** The error a job ends with when it is asked to stop; the worker answers it as a stop, never as a failure. */
export class PdfJobStopped extends Error {
  override readonly name = 'PdfJobStopped';
  constructor() {
    super('The PDF job was stopped at its time limit.');
  }
}

/** What a job reads its stop through. */
export interface PdfJobStop {
  /** Throws {@link PdfJobStopped} when the job has been asked to stop. */
  check(): void;
  /** Runs one zlib call, unless the job has been asked to stop (then throws {@link PdfJobStopped}, no call made). */
  zlib<T>(call: () => T): T;
}

/** The stop of a job run outside the pool (tests, benches): never asked. */
export const NEVER_STOPPED: PdfJobStop = {
  check() {},
  zlib: (call) => call(),
};

/** The stop of the job `jobId`, read from the worker's `control`. */
export function pdfJobStop(control: PdfJobControl, jobId: number): PdfJobStop {
  const check = () => {
    if (Atomics.load(control, STOP) === jobId) throw new PdfJobStopped();
  };
  return {
    check,
    zlib(call) {
      // The mark first, then the stop: the pool writes the stop first, then reads the mark.
      Atomics.store(control, IN_ZLIB, 1);
      try {
        check();
        return call();
      } finally {
        Atomics.store(control, IN_ZLIB, 0);
      }
    },
  };
}
