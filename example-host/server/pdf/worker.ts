/**
 * Parsing uploaded PDFs off the server's thread: a worker thread with bounded memory (`resourceLimits`) reads the
 * fields (read.ts), one PDF at a time, and is terminated when a parse passes the time limit or runs out of memory, so
 * a hostile file costs one worker and never the server. One warm worker is kept between uploads (starting one costs
 * more than a small form's whole parse); a terminated or crashed one is replaced on the next upload.
 */
import { Worker } from 'node:worker_threads';
import type { PdfReadLimits, PdfReadResult } from './read';

/** Limits of the parse worker. */
export interface PdfWorkerLimits extends PdfReadLimits {
  /** Longest parse before the worker is terminated, ms. */
  timeoutMs: number;
  /** The worker's heap (old generation), MiB. */
  maxHeapMb: number;
}

/** Why a parse did not finish: it took too long, needed too much memory, or the worker failed. */
export class PdfParseAbort extends Error {
  override readonly name = 'PdfParseAbort';
  constructor(
    readonly reason: 'timeout' | 'memory' | 'crash',
    message: string,
  ) {
    super(message);
  }
}

const OUT_OF_MEMORY = 'Reading this PDF needs more memory than an upload may use.';

interface Pending {
  id: number;
  bytes: Uint8Array;
  limits: PdfWorkerLimits;
  resolve: (result: PdfReadResult) => void;
  reject: (error: Error) => void;
}

/** A queue of parses run one at a time in a replaceable worker. */
export class PdfParser {
  private worker: Worker | null = null;
  private ready: Promise<void> | null = null;
  private readonly queue: Pending[] = [];
  private running = false;
  private nextId = 1;
  private closed = false;

  constructor(private readonly heapMb: number) {}

  /** Parses `bytes` (copied for the worker) within `limits`. */
  parse(bytes: Uint8Array, limits: PdfWorkerLimits): Promise<PdfReadResult> {
    if (this.closed) return Promise.reject(new PdfParseAbort('crash', 'The PDF parser is stopped.'));
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, bytes, limits, resolve, reject });
      void this.pump();
    });
  }

  /** Stops the worker; queued parses are refused. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new PdfParseAbort('crash', 'The PDF parser is stopped.'));
    const worker = this.worker;
    this.worker = null;
    this.ready = null;
    if (worker) await worker.terminate();
  }

  private start(): Promise<void> {
    if (this.worker && this.ready) return this.ready;
    const worker = new Worker(new URL('./parse-worker.mjs', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: this.heapMb, maxYoungGenerationSizeMb: Math.min(64, Math.max(8, this.heapMb / 4)) },
      stdout: false,
      stderr: true,
    });
    // Keeps no event loop alive on its own: a server that stops need not wait for it.
    worker.unref();
    this.worker = worker;
    this.ready = new Promise((resolve, reject) => {
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
        reject(new Error(`The PDF parser stopped while starting (exit code ${code}).`));
      };
      worker.on('message', onMessage);
      worker.once('error', onError);
      worker.once('exit', onExit);
    });
    return this.ready;
  }

  private drop(worker: Worker): void {
    if (this.worker === worker) {
      this.worker = null;
      this.ready = null;
    }
    void worker.terminate();
  }

  private async pump(): Promise<void> {
    if (this.running) return;
    const job = this.queue.shift();
    if (!job) return;
    this.running = true;
    try {
      job.resolve(await this.run(job));
    } catch (error) {
      job.reject(error instanceof Error ? error : new Error(String(error)));
    } finally {
      this.running = false;
      void this.pump();
    }
  }

  private async run(job: Pending): Promise<PdfReadResult> {
    const started = Date.now();
    try {
      await this.start();
    } catch (error) {
      if (this.worker) this.drop(this.worker);
      if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') throw new PdfParseAbort('memory', OUT_OF_MEMORY);
      throw new PdfParseAbort('crash', `The PDF parser could not start: ${error instanceof Error ? error.message : String(error)}`);
    }
    const worker = this.worker as Worker;
    const left = Math.max(1, job.limits.timeoutMs - (Date.now() - started));
    return new Promise<PdfReadResult>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      const onMessage = (message: { id?: number; result?: PdfReadResult; error?: string }) => {
        if (message.id !== job.id) return;
        done();
        if (message.result) resolve(message.result);
        else reject(new PdfParseAbort('crash', message.error ?? 'The PDF parser failed.'));
      };
      const onError = (error: Error & { code?: string }) => {
        done();
        this.drop(worker);
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new PdfParseAbort('memory', OUT_OF_MEMORY)
            : new PdfParseAbort('crash', error.message),
        );
      };
      const onExit = () => {
        done();
        this.drop(worker);
        reject(new PdfParseAbort('crash', 'The PDF parser stopped.'));
      };
      const timer = setTimeout(() => {
        done();
        this.drop(worker);
        reject(new PdfParseAbort('timeout', `Reading this PDF took longer than ${job.limits.timeoutMs} ms.`));
      }, left);
      worker.on('message', onMessage);
      worker.once('error', onError);
      worker.once('exit', onExit);
      const copy = job.bytes.slice();
      worker.postMessage({ id: job.id, bytes: copy, limits: { maxPages: job.limits.maxPages, maxFields: job.limits.maxFields } }, [copy.buffer]);
    });
  }
}
