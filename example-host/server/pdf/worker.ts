/**
 * PDF work off the server's thread: worker threads with bounded memory (`resourceLimits`) run every job that reads or
 * writes a PDF (worker-tasks.ts: reading an upload, filling and flattening, building the document for signature,
 * rendering answers, sealing), so a hostile file costs one job (at worst one worker) and never the server.
 *
 * A job past its time limit is refused at once ('timeout') and asked to stop through memory the pool shares with its
 * worker (job-stop.ts): the job reads the stop between its steps and ends itself, and the worker, kept, takes the
 * next job. A job that does not end within {@link PdfWorkerPoolOptions.stopGraceMs} (a long step inside the PDF
 * library) has its worker terminated, and never while a zlib call runs: Node 20 aborts the whole process when a
 * worker is terminated as it creates a zlib handle. A worker that runs out of memory is stopped by Node itself.
 *
 * The time limit measures the job itself: it starts when the job is handed to a ready worker, not while the job waits
 * in the queue or a worker starts. One worker is started with the server ({@link PdfWorkerPool.warm}) and kept warm;
 * a second starts when a job arrives while the first is busy; a terminated or crashed one is replaced on demand.
 *
 * The worker runs built JavaScript next to the built server (`pdf-worker.js`, see scripts/build-server.mjs); from the
 * TypeScript sources (tests, `tsx`) it starts through `parse-worker.mjs`, which loads the sources with tsx.
 */
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { PDF_UPLOAD_LIMITS } from '../../../src/domain/pdf';
import { newPdfJobControl, pdfJobOutsideZlib, requestPdfJobStop, type PdfJobControl } from './job-stop';
import type { PdfReadLimits } from './read';
import type { PdfContentLimits, PdfJobKind, PdfJobMessage, PdfJobs } from './worker-tasks';

/** Limits of a read (the upload's parse). */
export interface PdfWorkerLimits extends PdfReadLimits, PdfContentLimits {
  /** Longest parse before the worker is terminated, ms. */
  timeoutMs: number;
}

/**
 * Why a PDF job did not finish: it took too long, needed too much memory, the worker failed, or too many jobs were
 * already waiting (`busy`: try again shortly).
 */
export class PdfParseAbort extends Error {
  override readonly name = 'PdfParseAbort';
  constructor(
    readonly reason: 'timeout' | 'memory' | 'crash' | 'busy',
    message: string,
  ) {
    super(message);
  }
}

/** What each job is called in a sentence ("Reading this PDF took longer than …"). */
const DOING: Readonly<Record<PdfJobKind, string>> = {
  read: 'Reading this PDF',
  upload: 'Reading this PDF',
  fill: 'Filling in this PDF',
  sent: 'Preparing this PDF for signature',
  render: 'Writing the answers as a PDF',
  seal: 'Sealing the signed PDF',
  'schema-check': 'Checking this form schema',
};

const outOfMemory = (kind: PdfJobKind) => `${DOING[kind]} needs more memory than a PDF job may use.`;

/** Where the worker's code is: built JavaScript beside the built server, else the sources through tsx. */
function workerUrl(): URL {
  return import.meta.url.endsWith('.ts') ? new URL('./parse-worker.mjs', import.meta.url) : new URL('./pdf-worker.js', import.meta.url);
}

interface Pending {
  message: PdfJobMessage;
  timeoutMs: number;
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  /** Shared with the worker: the stop of its job, and whether a zlib call runs. */
  control: PdfJobControl;
  /** The job it runs (0: none). */
  jobId: number;
  ready: Promise<void>;
  busy: boolean;
}

/**
 * Makes the isolates created from now on (the PDF workers) optimize their hot code on their own thread instead of on
 * V8's background threads. Node 20 aborts the whole process ("Assertion failed: (data.first) != nullptr" in
 * NodePlatform::ForIsolate, from OptimizingCompileDispatcher::CompileTask) when a worker is terminated while a
 * background compile of its code runs: the compile outlives the isolate's registration with the platform. A worker
 * with no such compile cannot leave one behind. The flag is read when an isolate is made, so the server's own thread,
 * made before, keeps optimizing in the background (a long optimization never holds its event loop). Measured with
 * tests/server/pdf-worker-stop.child.ts (light mode, 200 jobs, workers terminated at once) beside CPU-burning processes
 * at load 7-12: 3 aborts in 15 runs without it, none in 15 with it, run in turns.
 */
function withoutBackgroundOptimizer(): void {
  setFlagsFromString('--no-concurrent-recompilation');
}

/** How often a worker to terminate is looked at again while a zlib call runs in it, ms. */
const ZLIB_WAIT_MS = 5;

/** Options of {@link PdfWorkerPool}. */
export interface PdfWorkerPoolOptions {
  /** The heap (old generation) of each worker, MiB. */
  heapMb: number;
  /** Most workers at once. Default 2. */
  size?: number;
  /** Most jobs waiting for a worker; one more is refused as `busy` at once. Default 32. */
  maxQueued?: number;
  /**
   * How long a job asked to stop at its time limit may take to end itself before its worker is terminated, ms.
   * Default 1,000. The job is refused at its time limit either way; its worker takes no other job meanwhile.
   */
  stopGraceMs?: number;
  /**
   * The worker's script. Default: the PDF worker (worker-main.ts). A test may give a worker of its own that answers
   * the same messages (`{ ready: true }` once started; `{ id, result }`, `{ id, error }` or `{ id, stopped }` a job).
   */
  workerUrl?: URL;
}

/** What a pool is doing now, and the jobs it refused since it was made (for metrics). */
export interface PdfWorkerPoolStats {
  /** Jobs waiting for a worker. */
  queued: number;
  /** Workers running a job, and workers started and free. */
  busy: number;
  idle: number;
  /** Jobs that did not finish, by reason, since the pool was made. */
  refused: Readonly<Record<PdfParseAbort['reason'], number>>;
  /**
   * Jobs past their time limit since the pool was made: ended by themselves when asked (their worker kept), or ended
   * by terminating their worker after the grace period.
   */
  stopped: { byThemselves: number; terminated: number };
}

/** A queue of PDF jobs run in replaceable worker threads. */
export class PdfWorkerPool {
  private readonly refused: Record<PdfParseAbort['reason'], number> = { busy: 0, timeout: 0, memory: 0, crash: 0 };
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;
  private readonly heapMb: number;
  private readonly size: number;
  private readonly maxQueued: number;
  private readonly stopGraceMs: number;
  private readonly workerUrl: URL;
  private stoppedByThemselves = 0;
  private terminatedAtLimit = 0;

  constructor(options: PdfWorkerPoolOptions | number) {
    const o = typeof options === 'number' ? { heapMb: options } : options;
    this.heapMb = o.heapMb;
    this.size = Math.max(1, o.size ?? 2);
    this.maxQueued = Math.max(0, o.maxQueued ?? 32);
    this.stopGraceMs = Math.max(0, o.stopGraceMs ?? 1000);
    this.workerUrl = o.workerUrl ?? workerUrl();
  }

  /** Starts one worker ahead of the first job (a no-op when one runs); resolves when it is ready. */
  async warm(): Promise<void> {
    if (this.closed) return;
    const slot = this.slots[0] ?? this.start();
    await slot.ready;
  }

  /** The queue's length, the workers' state and the refusals so far. */
  stats(): PdfWorkerPoolStats {
    const busy = this.slots.filter((s) => s.busy).length;
    return {
      queued: this.queue.length,
      busy,
      idle: this.slots.length - busy,
      refused: { ...this.refused },
      stopped: { byThemselves: this.stoppedByThemselves, terminated: this.terminatedAtLimit },
    };
  }

  /** Runs a job within `timeoutMs` of its start in a worker. */
  run<K extends PdfJobKind>(kind: K, input: PdfJobs[K]['input'], timeoutMs: number = PDF_UPLOAD_LIMITS.parseTimeoutMs): Promise<PdfJobs[K]['output']> {
    return this.counted(this.runJob(kind, input, timeoutMs));
  }

  /** Counts a job that did not finish by its reason. */
  private counted<T>(job: Promise<T>): Promise<T> {
    return job.catch((error: unknown) => {
      if (error instanceof PdfParseAbort) this.refused[error.reason] += 1;
      throw error;
    });
  }

  private runJob<K extends PdfJobKind>(kind: K, input: PdfJobs[K]['input'], timeoutMs: number): Promise<PdfJobs[K]['output']> {
    if (this.closed) return Promise.reject(new PdfParseAbort('crash', 'The PDF worker is stopped.'));
    // Jobs waiting beyond the bound would only wait longer: the caller is told at once to come back.
    const idle = this.slots.some((s) => !s.busy) || this.slots.length < this.size;
    if (!idle && this.queue.length >= this.maxQueued) {
      return Promise.reject(new PdfParseAbort('busy', `The server is busy with other PDFs (${this.queue.length} waiting). Try again in a minute.`));
    }
    return new Promise((resolve, reject) => {
      const message = { id: this.nextId++, kind, input } as PdfJobMessage;
      this.queue.push({ message, timeoutMs, resolve: resolve as (result: unknown) => void, reject });
      this.pump();
    });
  }

  /** Reads an upload's fields and generates its form within `limits` (see {@link PdfJobs}.read). */
  parse(bytes: Uint8Array, limits: PdfWorkerLimits, fileName = 'document.pdf'): Promise<PdfJobs['read']['output']> {
    const { timeoutMs, maxPages, maxFields, maxInflatedBytes } = limits;
    return this.run('read', { bytes, fileName, limits: { maxPages, maxFields, maxInflatedBytes } }, timeoutMs);
  }

  /** Stops the workers (each job running is asked to stop; none is terminated inside zlib); queued jobs are refused. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new PdfParseAbort('crash', 'The PDF worker is stopped.'));
    await Promise.all(this.slots.splice(0).map((slot) => terminateOutsideZlib(slot)));
  }

  private start(): Slot {
    const control = newPdfJobControl();
    withoutBackgroundOptimizer();
    const worker = new Worker(this.workerUrl, {
      workerData: { control },
      resourceLimits: { maxOldGenerationSizeMb: this.heapMb, maxYoungGenerationSizeMb: Math.min(64, Math.max(8, this.heapMb / 4)) },
      stdout: false,
      stderr: true,
    });
    // Keeps no event loop alive on its own: a server that stops need not wait for it.
    worker.unref();
    const ready = new Promise<void>((resolve, reject) => {
      const off = () => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      const onMessage = (message: { ready?: boolean }) => {
        if (message.ready) {
          off();
          resolve();
        }
      };
      const onError = (error: Error) => {
        off();
        reject(error);
      };
      const onExit = (code: number) => {
        off();
        reject(new Error(`The PDF worker stopped while starting (exit code ${code}).`));
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
    });
    const slot: Slot = { worker, control, jobId: 0, ready, busy: false };
    // A start that fails is seen by the job waiting on it; nothing else waits.
    ready.catch(() => this.drop(slot));
    this.slots.push(slot);
    return slot;
  }

  private drop(slot: Slot): void {
    const at = this.slots.indexOf(slot);
    if (at !== -1) this.slots.splice(at, 1);
    void terminateOutsideZlib(slot);
  }

  private pump(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => !s.busy);
      if (!slot && this.slots.length < this.size) slot = this.start();
      if (!slot) return;
      const job = this.queue.shift() as Pending;
      slot.busy = true;
      void this.runOn(slot, job).finally(() => {
        slot.busy = false;
        if (!this.closed) this.pump();
      });
    }
  }

  private async runOn(slot: Slot, job: Pending): Promise<void> {
    const kind = job.message.kind;
    try {
      await slot.ready;
    } catch (error) {
      this.drop(slot);
      job.reject(
        (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new PdfParseAbort('memory', outOfMemory(kind))
          : new PdfParseAbort('crash', `The PDF worker could not start: ${error instanceof Error ? error.message : String(error)}`),
      );
      return;
    }
    const worker = slot.worker;
    const id = job.message.id;
    slot.jobId = id;
    await new Promise<void>((settled) => {
      // Set at the time limit: the job is refused and asked to stop; the worker stays busy until the job ends.
      let timedOut = false;
      let grace: ReturnType<typeof setTimeout> | undefined;
      const done = () => {
        clearTimeout(timer);
        clearTimeout(grace);
        slot.jobId = 0;
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        settled();
      };
      const onMessage = (message: { id?: number; result?: unknown; error?: string; stopped?: string }) => {
        if (message.id !== id) return;
        done();
        if (timedOut) {
          // Refused already; the worker ended the job (stopped, or finished just then) and takes the next one.
          this.stoppedByThemselves += 1;
          return;
        }
        if (message.result !== undefined) job.resolve(message.result);
        // The library's own message is no sentence for the person who sent the file; it is kept as the cause.
        else job.reject(Object.assign(new PdfParseAbort('crash', `${DOING[kind]} failed: the PDF library could not process the file.`), { cause: message.error }));
      };
      const onError = (error: Error & { code?: string }) => {
        done();
        this.drop(slot);
        job.reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new PdfParseAbort('memory', outOfMemory(kind)) : new PdfParseAbort('crash', error.message));
      };
      const onExit = () => {
        done();
        this.drop(slot);
        job.reject(new PdfParseAbort('crash', 'The PDF worker stopped.'));
      };
      // Past the grace period: terminated (once no zlib call runs, see terminateOutsideZlib).
      const terminate = () => {
        done();
        this.terminatedAtLimit += 1;
        this.drop(slot);
      };
      worker.on('message', onMessage);
      worker.once('error', onError);
      worker.once('exit', onExit);
      const { message, transfer } = copyForWorker(job.message);
      // The time limit starts here: the job is in a ready worker.
      const timer = setTimeout(() => {
        timedOut = true;
        requestPdfJobStop(slot.control, id);
        job.reject(new PdfParseAbort('timeout', `${DOING[kind]} took longer than ${job.timeoutMs} ms.`));
        grace = setTimeout(terminate, this.stopGraceMs);
      }, job.timeoutMs);
      worker.postMessage(message, transfer);
    });
  }
}

/**
 * Terminates a slot's worker: its job, if any, is asked to stop first, and the worker is terminated once no zlib call
 * runs in it (the stopped job makes no new one; a call runs within the inflated-size budget).
 */
async function terminateOutsideZlib(slot: Slot): Promise<void> {
  if (slot.jobId !== 0) requestPdfJobStop(slot.control, slot.jobId);
  while (!pdfJobOutsideZlib(slot.control)) await new Promise((resolve) => setTimeout(resolve, ZLIB_WAIT_MS));
  await slot.worker.terminate();
}

/**
 * The job with its PDF bytes copied into buffers of their own, transferred to the worker (a copy: the caller keeps
 * its bytes, and a view into a larger buffer does not send the whole buffer). An upload's raw body is moved, not
 * copied, when it fills its buffer: the caller hands it over.
 */
function copyForWorker(message: PdfJobMessage): { message: PdfJobMessage; transfer: ArrayBuffer[] } {
  const transfer: ArrayBuffer[] = [];
  const own = (bytes: Uint8Array) => {
    const copy = bytes.slice();
    transfer.push(copy.buffer);
    return copy;
  };
  switch (message.kind) {
    case 'upload': {
      const body = message.input.body;
      const whole = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength && body.buffer instanceof ArrayBuffer;
      const moved = whole ? body : own(body);
      if (whole) transfer.push(body.buffer as ArrayBuffer);
      return { message: { ...message, input: { ...message.input, body: moved } }, transfer };
    }
    case 'read':
    case 'fill':
    case 'sent':
      return { message: { ...message, input: { ...message.input, bytes: own(message.input.bytes) } } as PdfJobMessage, transfer };
    case 'seal':
      return { message: { ...message, input: { ...message.input, sent: own(message.input.sent) } }, transfer };
    case 'render':
    case 'schema-check':
      return { message, transfer };
  }
}

let shared: PdfWorkerPool | null = null;

/** The process's PDF workers (shared by every server of the process; replaced workers as needed). */
export function pdfWorkers(): PdfWorkerPool {
  shared ??= new PdfWorkerPool({ heapMb: PDF_UPLOAD_LIMITS.parseHeapMb });
  return shared;
}

/** The limits every PDF job that reads a file obeys (see `PDF_UPLOAD_LIMITS`). */
export const PDF_CONTENT_LIMITS: PdfContentLimits = { maxInflatedBytes: PDF_UPLOAD_LIMITS.maxInflatedBytes };
