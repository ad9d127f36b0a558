/**
 * What operators of a deployment see and rely on: the request id of each request (carried to its response and to
 * every log line written while it runs), the health answers a load balancer asks (`/health/live`, `/health/ready`),
 * the Prometheus metrics (`/metrics`, off unless `metrics` is set), and periodic jobs that run once per period across
 * every instance on one database.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from './db/index';
import { MIGRATIONS } from './db/migrate';
import { pdfWorkers, type PdfWorkerPool } from './pdf/worker';

/** One structured log entry (one JSON line). */
export type LogEntry = { level: 'info' | 'warn' | 'error'; msg?: string } & Record<string, unknown>;
/** Where log entries go. */
export type LogSink = (entry: LogEntry) => void;

// ---------------------------------------------------------------- request id

/** The header that carries a request's id, from the client (or a proxy) and back on the response. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/** A request id a client may choose: 1 to 128 letters, digits and `._:-` (anything else is replaced by a new one). */
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

const requestContext = new AsyncLocalStorage<{ requestId: string }>();

/** The id of the request being answered (what it sent in `X-Request-Id` when that is a valid id, else a new UUID). */
export function requestIdOf(sent: string | undefined | null): string {
  const id = sent?.trim();
  return id && REQUEST_ID_PATTERN.test(id) ? id : randomUUID();
}

/** Runs `fn` as part of the request with this id: every log line written meanwhile carries it. */
export function withRequestId<T>(requestId: string, fn: () => T): T {
  return requestContext.run({ requestId }, fn);
}

/** The id of the request the caller runs for, if any. */
export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}

/** A sink that adds the current request's id (`requestId`) to each entry written while a request runs. */
export function withRequestIds(sink: LogSink): LogSink {
  return (entry) => {
    const requestId = currentRequestId();
    sink(requestId && entry.requestId === undefined ? { ...entry, requestId } : entry);
  };
}

/** This process's name in logs and job records: `INSTANCE_ID`, or the host name, process id and a random suffix. */
export function defaultInstanceId(): string {
  return `${os.hostname()}-${process.pid}-${randomUUID().slice(0, 6)}`;
}

// ---------------------------------------------------------------- health

/** Where the PDF worker stands: started and answering (`warm`), still starting, failed to start, or started on demand. */
export type PdfWorkerState = 'warm' | 'starting' | 'failed' | 'on-demand';

/** What readiness needs to know of a server besides its database. */
export interface ReadinessSource {
  db: Db;
  /** The PDF worker's state (`starting` and `failed` keep the server not ready). */
  pdfWorker(): PdfWorkerState;
  /** Whether the server is stopping (a load balancer should stop sending it requests). */
  stopping(): boolean;
}

/** The answer of `/health/ready`: `ready` and each check. */
export interface Readiness {
  status: 'ready' | 'not-ready';
  checks: { database: 'ok' | 'unreachable'; migrations: 'ok' | 'pending' | 'unknown'; pdfWorker: PdfWorkerState; stopping: boolean };
}

/** The longest a readiness check waits for the database. */
const READY_DB_TIMEOUT_MS = 2_000;

/** Checks the database (reachable within 2 s, every migration of this build applied), the PDF worker and shutdown. */
export async function readiness(source: ReadinessSource): Promise<Readiness> {
  let database: Readiness['checks']['database'] = 'ok';
  let migrations: Readiness['checks']['migrations'] = 'unknown';
  try {
    const ids = MIGRATIONS.map((m) => m.id);
    const query = source.db.execute(
      sql`SELECT count(*)::int AS applied FROM schema_migrations WHERE id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), READY_DB_TIMEOUT_MS);
    });
    const result = await Promise.race([query, timeout]).finally(() => clearTimeout(timer));
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { applied: number | string }[];
    migrations = Number(rows[0]?.applied) === ids.length ? 'ok' : 'pending';
  } catch {
    database = 'unreachable';
  }
  const pdfWorker = source.pdfWorker();
  const stopping = source.stopping();
  const ok = database === 'ok' && migrations === 'ok' && (pdfWorker === 'warm' || pdfWorker === 'on-demand') && !stopping;
  return { status: ok ? 'ready' : 'not-ready', checks: { database, migrations, pdfWorker, stopping } };
}

// ---------------------------------------------------------------- metrics

/** The Prometheus metrics of one server (a registry of its own: several servers may run in one process). */
export class ServerMetrics {
  readonly registry = new Registry();
  private readonly requests: Histogram<'method' | 'route' | 'status'>;

  /**
   * @param db the server's database (its pool's connections are shown when it is PostgreSQL)
   * @param pdf the PDF worker pool whose queue and refusals are shown (default: the process's pool)
   */
  constructor(db: Db, pdf: Pick<PdfWorkerPool, 'stats'> = pdfWorkers()) {
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 10 });
    this.requests = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    new Gauge({
      name: 'pdf_worker_queue_jobs',
      help: 'PDF jobs waiting for a worker (at most 32; one more is refused as busy).',
      registers: [this.registry],
      collect() {
        this.set(pdf.stats().queued);
      },
    });
    new Gauge({
      name: 'pdf_workers',
      help: 'PDF worker threads running a job (busy) and started but free (idle).',
      labelNames: ['state'],
      registers: [this.registry],
      collect() {
        const { busy, idle } = pdf.stats();
        this.set({ state: 'busy' }, busy);
        this.set({ state: 'idle' }, idle);
      },
    });
    new Counter({
      name: 'pdf_jobs_refused_total',
      help: 'PDF jobs that did not finish, by reason: busy (the queue was full), timeout, memory, crash.',
      labelNames: ['reason'],
      registers: [this.registry],
      collect() {
        // The pool counts; the counter shows its numbers (reset, then set to them: they only grow).
        this.reset();
        for (const [reason, count] of Object.entries(pdf.stats().refused)) this.inc({ reason }, count);
      },
    });
    // node-postgres's pool, when the database is PostgreSQL (drizzle keeps it as `$client`).
    const pool = (db as unknown as { $client?: { totalCount?: number; idleCount?: number; waitingCount?: number } }).$client;
    if (pool && typeof pool.totalCount === 'number') {
      new Gauge({
        name: 'db_pool_connections',
        help: 'Connections of the PostgreSQL pool: total, idle, and requests waiting for one.',
        labelNames: ['state'],
        registers: [this.registry],
        collect() {
          this.set({ state: 'total' }, pool.totalCount ?? 0);
          this.set({ state: 'idle' }, pool.idleCount ?? 0);
          this.set({ state: 'waiting' }, pool.waitingCount ?? 0);
        },
      });
    }
  }

  /** Counts one answered request (`route`: the declared route's pattern, never the raw path of an unknown one). */
  observe(method: string, route: string, status: number, seconds: number): void {
    this.requests.observe({ method, route, status: String(status) }, seconds);
  }

  /** The metrics in Prometheus's text format. */
  async answer(c: Context): Promise<Response> {
    return c.body(await this.registry.metrics(), 200, { 'Content-Type': this.registry.contentType, 'Cache-Control': 'no-store' });
  }

  /** Stops the event-loop monitor and forgets the metrics. */
  close(): void {
    this.registry.clear();
  }
}

// ---------------------------------------------------------------- jobs

/** What one periodic job needs. */
export interface PeriodicJob<T> {
  /** The job's name (the lock's key and the `job_runs` row). */
  job: string;
  /** The period: the job runs once per `periodMs` window of the clock, whichever instance gets there first. */
  periodMs: number;
  /** This instance's name (logged and recorded). */
  instance: string;
  log: LogSink;
  /** The job itself; its answer is logged. */
  run(): Promise<T>;
  /** The clock in milliseconds. Default `Date.now`. */
  now?: () => number;
}

/**
 * Runs the job unless another instance runs or ran it in this period: an advisory lock on the job's name (tried, not
 * waited for) while the instance claims the period in `job_runs` (one row per job and period). The job itself runs
 * after the claim's transaction, holding nothing. Answers whether this instance ran it.
 */
export async function runOncePerPeriod<T>(db: Db, job: PeriodicJob<T>): Promise<boolean> {
  const period = Math.floor((job.now ?? Date.now)() / job.periodMs);
  const claimed = await db.transaction(async (tx) => {
    const lock = await tx.execute(sql`SELECT pg_try_advisory_xact_lock(hashtextextended(${`job:${job.job}`}, 0)) AS locked`);
    const lockRows = (Array.isArray(lock) ? lock : (lock as { rows: unknown[] }).rows) as { locked: boolean }[];
    if (!lockRows[0]?.locked) return false;
    const inserted = await tx.execute(
      sql`INSERT INTO job_runs (job, period, instance) VALUES (${job.job}, ${period}, ${job.instance}) ON CONFLICT (job, period) DO NOTHING RETURNING period`,
    );
    const rows = Array.isArray(inserted) ? inserted : (inserted as { rows: unknown[] }).rows;
    return rows.length === 1;
  });
  if (!claimed) return false;
  const started = performance.now();
  const result = await job.run();
  job.log({
    level: 'info',
    msg: 'job ran',
    job: job.job,
    period,
    instance: job.instance,
    ms: Math.round(performance.now() - started),
    ...(result && typeof result === 'object' ? { result } : {}),
  });
  return true;
}

/** Removes `job_runs` rows older than a day (the record of which instance ran what is for looking back a little). */
export async function purgeJobRuns(db: Db): Promise<void> {
  await db.execute(sql`DELETE FROM job_runs WHERE started_at < now() - interval '1 day'`);
}
