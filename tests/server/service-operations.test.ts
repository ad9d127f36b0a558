// @vitest-environment node
/**
 * Running the server as a service: health answers for a load balancer, request ids on answers and log lines,
 * Prometheus metrics (off unless asked for), and periodic jobs that run once per period across instances.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv, resolveConfig } from '../../example-host/server/config';
import { readiness } from '../../example-host/server/operations';
import { call, START_TIMEOUT_MS, startTestServer, type TestServer } from './helpers';
import { startTemporaryPostgres, type TemporaryPostgres } from './postgres';

let pg: TemporaryPostgres;
let first: TestServer;
let second: TestServer;

/** The signing sweep's period in these tests. */
const SWEEP_MS = 150;

beforeAll(async () => {
  pg = await startTemporaryPostgres();
  first = await startTestServer({ databaseUrl: pg.url, memoryDatabaseTemplate: null, metrics: true, instanceId: 'one', signing: { sweepIntervalMs: SWEEP_MS } });
  second = await startTestServer({ databaseUrl: pg.url, memoryDatabaseTemplate: null, instanceId: 'two', signing: { sweepIntervalMs: SWEEP_MS } });
}, START_TIMEOUT_MS);

afterAll(async () => {
  await second?.stop();
  await first?.stop();
  await pg?.stop();
});

describe('health', () => {
  it('answers live and ready, and the API health check still answers', async () => {
    const live = await call(first, '/health/live');
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'live' });
    const ready = await call(second, '/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', pdfWorker: 'on-demand', stopping: false } });
    expect((await call(first, '/api/HealthCheck/Get')).status).toBe(200);
    expect((await call(first, '/health/ready', { method: 'POST' })).status).toBe(404);
  });

  it('is not ready while the PDF worker starts or failed, while stopping, or without the database', async () => {
    const source = { db: first.db, pdfWorker: () => 'warm' as const, stopping: () => false };
    expect((await readiness(source)).status).toBe('ready');
    expect(await readiness({ ...source, pdfWorker: () => 'starting' })).toMatchObject({ status: 'not-ready', checks: { pdfWorker: 'starting' } });
    expect(await readiness({ ...source, pdfWorker: () => 'failed' })).toMatchObject({ status: 'not-ready' });
    expect(await readiness({ ...source, stopping: () => true })).toMatchObject({ status: 'not-ready', checks: { stopping: true } });
    const broken = { execute: () => Promise.reject(new Error('connection refused')) } as unknown as typeof first.db;
    expect(await readiness({ ...source, db: broken })).toMatchObject({ status: 'not-ready', checks: { database: 'unreachable' } });
    // A database missing a migration this build knows (an older schema): not ready either.
    const behind = { execute: () => Promise.resolve({ rows: [{ applied: 3 }] }) } as unknown as typeof first.db;
    expect(await readiness({ ...source, db: behind })).toMatchObject({ status: 'not-ready', checks: { database: 'ok', migrations: 'pending' } });
  });
});

describe('request ids', () => {
  it('returns the id a request sent, or a new one, and puts it on every log line of that request', async () => {
    const sent = await call(first, '/api/HealthCheck/Get', { headers: { 'X-Request-Id': 'lb-7f3a.42' } });
    expect(sent.headers.get('x-request-id')).toBe('lb-7f3a.42');
    expect(first.logs.filter((l) => l.requestId === 'lb-7f3a.42').map((l) => l.path)).toEqual(['/api/HealthCheck/Get']);

    for (const bad of ['has spaces', 'x'.repeat(129), '<script>']) {
      const res = await call(first, '/api/HealthCheck/Get', { headers: { 'X-Request-Id': bad } });
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
    // Errors and unknown paths carry one too, and each request its own.
    const missing = await call(first, '/api/Nothing/Here');
    const again = await call(first, '/api/Nothing/Here');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(again.headers.get('x-request-id')).not.toBe(missing.headers.get('x-request-id'));
  });

  it('never logs form data, also on the lines of a request with an id', async () => {
    const before = second.logs.length;
    const res = await call(second, '/api/crud/forminstance/post', {
      method: 'POST',
      headers: { 'X-Request-Id': 'post-with-data' },
      body: { formSchemaId: crypto.randomUUID(), data: { name: 'SECRET-ANSWER-3141' }, status: 0 },
    });
    expect(res.headers.get('x-request-id')).toBe('post-with-data');
    const lines = second.logs.slice(before);
    expect(lines.some((l) => l.requestId === 'post-with-data' && l.status === res.status)).toBe(true);
    expect(JSON.stringify(lines)).not.toContain('SECRET-ANSWER-3141');
  });

  it('keeps LOG_LEVEL, and a line written outside any request has no id', () => {
    const written: string[] = [];
    const write = process.stdout.write;
    process.stdout.write = ((chunk: string) => {
      written.push(chunk);
      return true;
    }) as unknown as typeof process.stdout.write;
    try {
      const { log } = resolveConfig(configFromEnv({ LOG_LEVEL: 'warn' }));
      log({ level: 'info', msg: 'dropped' });
      log({ level: 'warn', msg: 'kept' });
    } finally {
      process.stdout.write = write;
    }
    expect(written.map((w) => JSON.parse(w) as Record<string, unknown>)).toEqual([expect.objectContaining({ level: 'warn', msg: 'kept' })]);
    expect(written.join('')).not.toContain('requestId');
  });
});

describe('metrics', () => {
  it('are off unless asked for; METRICS=1 turns them on', async () => {
    expect((await call(second, '/metrics')).status).toBe(404);
    expect(configFromEnv({ METRICS: '1' }).metrics).toBe(true);
    expect(configFromEnv({ METRICS: '0' }).metrics).toBe(false);
    expect(resolveConfig({}).metrics).toBe(false);
  });

  it('show the request latency by route pattern, the event-loop lag and the database pool', async () => {
    await Promise.all(Array.from({ length: 20 }, (_, i) => call(first, i % 2 ? '/api/HealthCheck/Get' : `/api/crud/form/get?Id=${crypto.randomUUID()}`)));
    const res = await call(first, '/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/HealthCheck\/Get",status="200"\} \d+/);
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/HealthCheck\/Get",status="200"\} (\d+)/);
    expect(Number(/http_request_duration_seconds_count\{method="GET",route="\/api\/HealthCheck\/Get",status="200"\} (\d+)/.exec(text)?.[1])).toBeGreaterThanOrEqual(10);
    // Unknown ids do not make labels of their own: the route is the declared pattern.
    expect(text).not.toMatch(/route="[^"]*Id=/);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^db_pool_connections\{state="total"\} \d+/m);
  });
});

describe('periodic jobs', () => {
  it('the signing sweep runs once per period across the instances, recorded in the log and the database', async () => {
    const sweeps = () => [...first.logs, ...second.logs].filter((l) => l.msg === 'job ran' && l.job === 'signing-sweep');
    // At least three periods (a loaded machine may take longer than three periods for them).
    for (let waited = 0; sweeps().length < 3 && waited < 15_000; waited += SWEEP_MS) {
      await new Promise((resolve) => setTimeout(resolve, SWEEP_MS));
    }
    const ran = sweeps();
    const rows = (await first.db.execute(sql`SELECT period, instance FROM job_runs WHERE job = 'signing-sweep' ORDER BY period`)) as unknown as {
      rows: { period: string; instance: string }[];
    };
    expect(ran.length).toBeGreaterThanOrEqual(3);
    // One log line per period, and one row per period naming the instance that ran it.
    const periods = ran.map((l) => Number(l.period));
    expect(new Set(periods).size).toBe(periods.length);
    const ranRows = rows.rows.filter((r) => periods.includes(Number(r.period)));
    expect(ranRows).toHaveLength(ran.length);
    for (const line of ran) {
      expect(ranRows.find((r) => Number(r.period) === Number(line.period))?.instance).toBe(line.instance);
      expect(['one', 'two']).toContain(line.instance);
    }
  });
});
