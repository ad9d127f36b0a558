// @vitest-environment node
/**
 * Three servers on one throw-away PostgreSQL behind a real load balancer (Debian's nginx, round robin): the anonymous
 * write budget of an address is one budget, whichever server each write reaches, and every server refuses the 121st
 * write of the minute with the same answer; a sign-in locked on one is locked on the others; a signing journey spread
 * over the three completes; periodic jobs run once per period; metrics show requests, the event loop, the PDF
 * workers and the database pool; a stopping server drains; and `kill -9` of one loses no acknowledged save.
 *
 * The third server ('c') runs in a process of its own, listening on 127.0.0.2 (the `host` setting), so that it can be
 * killed; the first two run in this process. The same servers answer the single-server checks of running as a
 * service (health, request ids, metrics off unless asked for) and those of the shared limits (the anonymous write
 * windows and the login throttle in the database): one PostgreSQL and one set of servers for all of them.
 */
import { EventEmitter } from 'node:events';
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv, resolveConfig, type LogEntry } from '../../example-host/server/config';
import { anonymousWriteLimiter, purgeExpiredLimits, SharedAnonymousWriteLimiter } from '../../example-host/server/forms/anonymous-writes';
import { SharedLoginThrottle } from '../../example-host/server/login-throttle';
import { startOidcServer, type OidcServer } from '../../example-host/server/oidc';
import { readiness, ServerMetrics } from '../../example-host/server/operations';
import { PdfParseAbort, PdfWorkerPool } from '../../example-host/server/pdf/worker';
import { loadOrCreateSecrets } from '../../example-host/server/secrets';
import { installSignalHandlers, type SignalSource } from '../../example-host/server/server';
import { Permission } from '../../src/api/enums';
import { FORM_LINK_TOKEN_HEADER } from '../../src/domain/forms';
import { ANONYMOUS_WRITE_LIMITS } from '../../src/domain/limits';
import { DomainError } from '../../src/domain/errors';
import { resolveAnonymousWriteLimits } from '../../src/domain/forms/anonymous-writes';
import { AnonymousWriteLimiter } from '../../src/service/anonymous-writes';
import { sql } from 'drizzle-orm';
import { EnvelopeStatus } from '../../src/api/enums';
import type { AuditVerification, SigningEnvelope } from '../../src/api/types';
import {
  call,
  callJson,
  CookieJar,
  createPkce,
  HOST_ORIGIN,
  openLoginForm,
  postFailedLogin,
  postLogin,
  signedIn,
  START_TIMEOUT_MS,
  startTestServer,
  userWithClaims,
  type TestServer,
} from './helpers';
import { freshInstance, pngDataUrl, requestSignature, signerLink, signingPage } from './signing-helpers';
import { startTemporaryPostgres, type TemporaryPostgres } from './postgres';

const NGINX = '/usr/sbin/nginx';
/** The signing sweep's period here. */
const SWEEP_MS = 200;

/** A sign-in fails this often for an account, and the account is locked for 300 s (on every server). */
const loginThrottle = { account: { freeFailures: 2, lockoutFailures: 3 } };
/** How long the drained server lets its requests finish. */
const DRAIN_SECONDS = 3;

/** One of the three servers, wherever it runs: its name, API, sign-in provider and log lines. */
interface Instance {
  name: string;
  url: string;
  issuer: string;
  logs: LogEntry[];
}

let pg: TemporaryPostgres;
let a: TestServer;
let b: TestServer;
let bProvider: OidcServer | null = null;
let c: ChildServer | null = null;
let servers: TestServer[] = [];
let instances: Instance[] = [];
let nginx: ChildProcess | null = null;
let nginxDir = '';
/** Where the child server's start file is. */
let childDir = '';
/** nginx: the API round robin over the three, with connections kept open. */
let balancer = '';
/** nginx: the three servers' sign-in providers, round robin. */
let loginBalancer = '';
/** nginx: the API round robin, a new connection per request, from the address 127.0.1.<X-Client> (one per visitor). */
let visitorBalancer = '';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A server in a child process (so that it can be killed), with its sign-in provider; its log lines are collected. */
interface ChildServer extends Instance {
  child: ChildProcess;
  exited: Promise<void>;
}

/** Starts the server in a process of its own (tsx), with this configuration (JSON) and a sign-in provider. */
async function startChildServer(name: string, config: Record<string, unknown>): Promise<ChildServer> {
  const source = (file: string) => JSON.stringify(path.join(ROOT, file));
  const script = `
import { startServer } from ${source('example-host/server/server.ts')};
import { startOidcServer } from ${source('example-host/server/oidc.ts')};
import { loadOrCreateSecrets } from ${source('example-host/server/secrets.ts')};
const log = (entry) => process.stdout.write(JSON.stringify(entry) + '\\n');
const handle = await startServer({ ...JSON.parse(process.env.CHILD_SERVER_CONFIG), log });
const provider = await startOidcServer({ config: { ...handle.config, oidcPort: 0 }, db: handle.db, secrets: await loadOrCreateSecrets(handle.db), log: handle.config.log });
log({ msg: 'child ready', url: handle.url, issuer: provider.issuer });
`;
  // A file, not --eval: the PDF worker threads it starts inherit the process's options, and --input-type is none of theirs.
  childDir = await mkdtemp(path.join(os.tmpdir(), 'forms-admin-child-'));
  const file = path.join(childDir, 'server.mjs');
  await writeFile(file, script);
  const child = spawn(process.execPath, ['--import', 'tsx', file], {
    cwd: ROOT,
    env: { ...process.env, CHILD_SERVER_CONFIG: JSON.stringify(config) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: LogEntry[] = [];
  let stderr = '';
  let rest = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<{ url: string; issuer: string }>((resolve, reject) => {
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.trim()) continue;
        const entry = JSON.parse(line) as LogEntry & { url?: string; issuer?: string };
        logs.push(entry);
        if (entry.msg === 'child ready') resolve({ url: String(entry.url), issuer: String(entry.issuer) });
      }
    });
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    void exited.then(() => reject(new Error(`server ${name} exited before it was ready: ${stderr}`)));
  });
  const { url, issuer } = await ready;
  return { name, url, issuer, logs, child, exited };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts nginx in the foreground, round robin over the servers' APIs (`upstreams`) and their sign-in providers
 * (`providers`); resolves when it answers.
 */
async function startNginx(upstreams: readonly string[], providers: readonly string[]): Promise<void> {
  nginxDir = await mkdtemp(path.join(os.tmpdir(), 'forms-admin-nginx-'));
  await mkdir(path.join(nginxDir, 'temp'));
  // The workers run as an unprivileged user when nginx starts as root: they must reach the temp folders.
  await chmod(nginxDir, 0o755);
  await chmod(path.join(nginxDir, 'temp'), 0o777);
  const [port, loginPort, visitorPort] = [await freePort(), await freePort(), await freePort()];
  const temp = path.join(nginxDir, 'temp');
  const list = (hosts: readonly string[]) => hosts.map((u) => `    server ${u};`).join('\n');
  await writeFile(
    path.join(nginxDir, 'nginx.conf'),
    `daemon off;
worker_processes 1;
pid ${nginxDir}/nginx.pid;
error_log ${nginxDir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
  upstream forms_admin {
${list(upstreams)}
    keepalive 8;
    # Below the server's 5 s keep-alive: nginx never reuses a connection the server may be closing.
    keepalive_timeout 3s;
  }
  upstream forms_admin_visitors {
${list(upstreams)}
  }
  upstream forms_admin_login {
${list(providers)}
  }
  log_format upstreams '$http_x_request_id|$status|$upstream_addr|$upstream_status';
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 11m;
    location / {
      proxy_pass http://forms_admin;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
    }
  }
  server {
    listen 127.0.0.1:${loginPort};
    location / {
      proxy_pass http://forms_admin_login;
      proxy_set_header Host $host;
    }
  }
  server {
    listen 127.0.0.1:${visitorPort};
    access_log ${nginxDir}/visitors.log upstreams;
    location / {
      # Each visitor its own address, as the servers see it (a new connection per request: no pooled one of another).
      proxy_bind 127.0.1.$http_x_client;
      proxy_pass http://forms_admin_visitors;
      proxy_set_header Host $host;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`,
  );
  nginx = spawn(NGINX, ['-p', nginxDir, '-c', path.join(nginxDir, 'nginx.conf'), '-e', path.join(nginxDir, 'error.log')], { stdio: 'ignore' });
  balancer = `http://127.0.0.1:${port}`;
  loginBalancer = `http://127.0.0.1:${loginPort}`;
  visitorBalancer = `http://127.0.0.1:${visitorPort}`;
  await until(() => fetch(`${balancer}/health/live`).then((r) => r.ok, () => false), 'nginx answers');
}

/** Polls `check` every 25 ms until it holds; fails after `ms`. */
async function until(check: () => boolean | Promise<boolean>, what: string, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

beforeAll(async () => {
  pg = await startTemporaryPostgres();
  // The first server runs the identity provider and the migrations; the API of the others trusts its tokens, as
  // instances behind one load balancer would. Each also runs the sign-in pages on the shared database.
  // They share the audit trails' key, as a deployment's instances must, and sweep every 200 ms.
  const shared = {
    databaseUrl: pg.url,
    memoryDatabaseTemplate: null,
    metrics: true,
    loginThrottle,
    signing: { auditKey: 'ab'.repeat(32), sweepIntervalMs: SWEEP_MS },
  };
  a = await startTestServer({ ...shared, instanceId: 'a' });
  const others = { ...shared, seed: false, externalOidc: { issuer: a.issuerUrl } };
  [b, c] = await Promise.all([
    // b serves no metrics (they are off unless asked for).
    startTestServer({ ...others, instanceId: 'b', metrics: false, drainSeconds: DRAIN_SECONDS }),
    startChildServer('c', { ...others, instanceId: 'c', host: '127.0.0.2', port: 0, oidcPort: 0, dataDir: 'memory://', hostOrigins: [HOST_ORIGIN] }),
  ]);
  bProvider = await startOidcServer({ config: { ...b.config, oidcPort: 0 }, db: b.db, secrets: await loadOrCreateSecrets(b.db), log: b.config.log });
  servers = [a, b];
  instances = [
    { name: 'a', url: a.url, issuer: a.issuerUrl, logs: a.logs },
    { name: 'b', url: b.url, issuer: bProvider.issuer, logs: b.logs },
    c,
  ];
  await startNginx(
    instances.map((s) => new URL(s.url).host),
    instances.map((s) => new URL(s.issuer).host),
  );
}, START_TIMEOUT_MS);

afterAll(async () => {
  nginx?.kill('SIGTERM');
  c?.child.kill('SIGKILL');
  await bProvider?.close();
  await Promise.all(servers.map((s) => s.stop()));
  await c?.exited;
  await pg?.stop();
  if (nginxDir) await rm(nginxDir, { recursive: true, force: true });
  if (childDir) await rm(childDir, { recursive: true, force: true });
});

/** A request through the load balancer, with its request id (to find which server answered). */
async function viaBalancer(method: string, path: string, requestId: string, body?: unknown, token?: string): Promise<Response> {
  return fetch(`${balancer}${path}`, {
    method,
    headers: {
      'x-request-id': requestId,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Which server logged the request with this id. */
function servedBy(requestId: string): string[] {
  return instances.filter((s) => s.logs.some((l) => l.requestId === requestId)).map((s) => s.name);
}

describe('three servers behind nginx, round robin', () => {
  it('spread requests over all three', async () => {
    for (let i = 0; i < 6; i += 1) expect((await viaBalancer('GET', '/health/ready', `rr-${i}`)).status).toBe(200);
    const by = Array.from({ length: 6 }, (_, i) => servedBy(`rr-${i}`));
    expect(by.every((b) => b.length === 1)).toBe(true);
    expect(new Set(by.flat())).toEqual(new Set(['a', 'b', 'c']));
  });

  it('refuse the 121st anonymous write of a minute from one address, whichever server gets it', async () => {
    const { token: admin } = await userWithClaims(servers[0] as TestServer, 'lb-admin', [Permission.GlobalDataAdmin]);
    const form = (await (await viaBalancer('POST', '/api/crud/form/post', 'lb-form', { name: 'Load balanced' }, admin)).json()) as { formId: string };
    const schemaBody = {
      formId: form.formId,
      isPublic: true,
      jsonSchema: { type: 'object', properties: { name: { type: 'string' } } },
      layout: { pages: [{ id: 'p', title: 'P', sections: [{ id: 's', title: 'S', fields: [{ id: 'name', path: '/name', widget: 'text', label: 'Name' }] }] }] },
    };
    const schema = (await (await viaBalancer('POST', '/api/crud/formschema/post', 'lb-schema', schemaBody, admin)).json()) as { formSchemaId: string };

    // Every visitor reaches the servers from nginx's address: one address, one budget of 120 writes a minute.
    const max = ANONYMOUS_WRITE_LIMITS.perAddress.max;
    const started = await viaBalancer('POST', '/api/crud/forminstance/post', 'w-0', { formSchemaId: schema.formSchemaId, data: { name: 'v0' } });
    expect(started.status, `${servedBy('w-0').join()}: ${await started.clone().text()}`).toBe(200);
    const link = started.headers.get(FORM_LINK_TOKEN_HEADER) ?? '';
    const { formInstanceId } = (await started.json()) as { formInstanceId: string };
    // 125 more writes, 16 at a time: exactly 119 of them fit the budget, wherever they land.
    const statuses: number[] = [];
    const ids = Array.from({ length: max + 5 }, (_, i) => `w-${i + 1}`);
    for (let i = 0; i < ids.length; i += 16) {
      const batch = ids.slice(i, i + 16);
      const answers = await Promise.all(
        batch.map((id) => viaBalancer('PATCH', '/api/crud/forminstance/patch', id, { formInstanceId, data: { name: id } }, link)),
      );
      for (const res of answers) {
        statuses.push(res.status);
        if (res.status === 429) {
          expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
          expect(((await res.json()) as { code?: string }).code).toBe('address-rate');
        } else await res.body?.cancel();
      }
    }
    expect(statuses.filter((s) => s === 200), statuses.join(' ')).toHaveLength(max - 1);
    expect(statuses.filter((s) => s === 429), statuses.join(' ')).toHaveLength(6);
    // Three more, one at a time: round robin hands each to the next server, and each refuses it.
    for (const id of ['w-over-1', 'w-over-2', 'w-over-3']) {
      const res = await viaBalancer('PATCH', '/api/crud/forminstance/patch', id, { formInstanceId, data: { name: id } }, link);
      expect(res.status).toBe(429);
      expect(((await res.json()) as { code?: string }).code).toBe('address-rate');
      ids.push(id);
      statuses.push(res.status);
    }
    // Writes were accepted by all three, and each of them refused some (round robin spreads the last ones too).
    const accepted = new Set(ids.filter((_, i) => statuses[i] === 200).flatMap(servedBy));
    const refused = new Set(ids.filter((_, i) => statuses[i] === 429).flatMap(servedBy));
    expect(accepted).toEqual(new Set(['a', 'b', 'c']));
    expect(refused).toEqual(new Set(['a', 'b', 'c']));
  });

  it('complete a signing journey whose calls land on different servers', async () => {
    const editor = await (servers[0] as TestServer).mintAccessToken({ sub: 'editor' });
    // The helpers call the load balancer: each call goes to the next server.
    const lb = { ...(servers[0] as TestServer), url: balancer } as TestServer;
    const before = instances.map((srv) => srv.logs.filter((l) => String(l.path).startsWith('/api/Signing/')).length);
    const instance = await freshInstance(lb, editor);
    const signers = [{ name: 'Ada Lovelace', email: 'ada@example.com', routingOrder: 1 }];
    const requested = await requestSignature(lb, editor, { formInstanceId: instance.formInstanceId, signers, emailMessage: 'Please sign.' });
    expect(requested.status, JSON.stringify(requested.body)).toBe(200);
    const envelope = requested.body;
    for (const signer of envelope.signers) {
      const { token } = await signerLink(lb, editor, envelope.envelopeId, signer.signerId);
      expect((await signingPage(lb, 'Open', { token })).status).toBe(200);
      const signed = await signingPage<SigningEnvelope>(lb, 'Sign', { token, kind: 'drawn', image: pngDataUrl() });
      expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    }
    const done = await callJson<SigningEnvelope>(lb, '/api/Signing/GetEnvelope', { token: editor, query: { envelopeId: envelope.envelopeId } });
    expect(done.body.status).toBe(EnvelopeStatus.Completed);
    const audit = await callJson<AuditVerification>(lb, '/api/Signing/VerifyAudit', { token: editor, query: { envelopeId: envelope.envelopeId } });
    expect(audit.body).toMatchObject({ valid: true, firstBrokenSequence: null });
    const pdf = await fetch(`${balancer}/api/Signing/DownloadDocument?envelopeId=${envelope.envelopeId}`, { headers: { authorization: `Bearer ${editor}` } });
    expect(pdf.status).toBe(200);
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    // Every server answered some of the journey's signing calls.
    const after = instances.map((srv) => srv.logs.filter((l) => String(l.path).startsWith('/api/Signing/')).length);
    expect(after.map((n, i) => n - (before[i] ?? 0)).every((n) => n > 0)).toBe(true);
  }, 60_000);

  it('run the signing sweep once per period across the three (the log and job_runs agree)', async () => {
    const ran = instances.flatMap((srv) => srv.logs.filter((l) => l.msg === 'job ran' && l.job === 'signing-sweep'));
    const periods = ran.map((l) => Number(l.period));
    expect(periods.length).toBeGreaterThanOrEqual(5);
    expect(new Set(periods).size).toBe(periods.length);
    const result = (await (servers[0] as TestServer).db.execute(sql`SELECT period, instance FROM job_runs WHERE job = 'signing-sweep'`)) as unknown as {
      rows: { period: string; instance: string }[];
    };
    const recorded = new Map(result.rows.map((r) => [Number(r.period), r.instance]));
    for (const line of ran) expect(recorded.get(Number(line.period))).toBe(line.instance);
  });

  it('lock a sign-in on every server once failures lock it on one (the throttle is in the database)', async () => {
    const login = { issuerUrl: loginBalancer, clientId: a.clientId };
    let n = 0;
    /**
     * One sign-in attempt through nginx: authorize, the form, one more call (round robin moves on), the post, and the
     * form it redirects back to (what it says travels in a cookie, so any server shows it).
     */
    const attempt = async (password: string) => {
      const jar = new CookieJar();
      const { action } = await openLoginForm(login, jar, { pkce: createPkce() });
      expect(action.startsWith(loginBalancer)).toBe(true);
      await (await jar.fetch(`${loginBalancer}/.well-known/openid-configuration`)).body?.cancel();
      const requestId = `login-${(n += 1)}`;
      const res = await jar.fetch(action, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-request-id': requestId },
        body: new URLSearchParams({ username: 'admin', password }).toString(),
      });
      expect(res.status).toBe(303);
      const page = await jar.fetch(new URL(res.headers.get('location') ?? '', action).toString());
      return { res, page, html: await page.text(), by: servedBy(requestId) };
    };
    // Three failures, each posted to another server: the third locks the account.
    const failed = [];
    for (let i = 0; i < loginThrottle.account.lockoutFailures; i += 1) failed.push(await attempt(`guess-${i}`));
    expect(failed.map((f) => f.page.status)).toEqual([200, 200, 200]);
    expect(failed.every((f) => f.by.length === 1)).toBe(true);
    expect(new Set(failed.flatMap((f) => f.by)).size).toBeGreaterThan(1);
    expect(failed.at(-1)?.html).toMatch(/Try again in 5 minutes\./);
    // The right password is refused by every server now, with the wait left of the lock.
    const refusedBy = new Set<string>();
    for (let i = 0; i < 9 && refusedBy.size < 3; i += 1) {
      const { res, page, html, by } = await attempt('admin-password');
      expect(page.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(240);
      expect(html).toMatch(/Too many failed attempts\. Try again in 5 minutes\./);
      for (const name of by) refusedBy.add(name);
    }
    expect(refusedBy).toEqual(new Set(['a', 'b', 'c']));
    expect(new Set(instances.filter((s) => s.logs.some((l) => l.msg === 'login throttled')).map((s) => s.name))).toEqual(refusedBy);
  }, 30_000);

  it('show the request histogram, event-loop lag, PDF workers and database pool in /metrics during a short load', async () => {
    const load = Promise.all(Array.from({ length: 30 }, (_, i) => viaBalancer('GET', '/health/ready', `load-${i}`).then((r) => r.status)));
    const scraped = await Promise.all([a, c as ChildServer].map((s) => fetch(`${s.url}/metrics`).then((r) => r.text())));
    expect(await load).toEqual(Array.from({ length: 30 }, () => 200));
    expect((await fetch(`${b.url}/metrics`)).status).toBe(404);
    for (const text of scraped) {
      expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/health\/ready",status="200"\} \d+/m);
      expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
      expect(text).toMatch(/^pdf_worker_queue_jobs \d+$/m);
      expect(text).toMatch(/^pdf_workers\{state="busy"\} \d+$/m);
      expect(text).toMatch(/^pdf_jobs_refused_total\{reason="busy"\} \d+$/m);
      expect(text).toMatch(/^db_pool_connections\{state="total"\} [1-9]\d*$/m);
      expect(text).toMatch(/^db_pool_connections\{state="waiting"\} \d+$/m);
    }
    // The PDF workers of the signing journey (this process's pool) show up; a refusal is counted by its reason.
    const pool = new PdfWorkerPool({ heapMb: 64, size: 1, maxQueued: 0 });
    const metrics = new ServerMetrics(a.db, pool);
    try {
      const first = pool.run('render', { answers: [] } as never).catch((error: unknown) => error);
      const second = await pool.run('render', { answers: [] } as never).catch((error: unknown) => error);
      expect(second).toBeInstanceOf(PdfParseAbort);
      expect((second as PdfParseAbort).reason).toBe('busy');
      expect(pool.stats()).toMatchObject({ queued: 0, busy: 1, refused: { busy: 1 } });
      const text = await metrics.registry.metrics();
      expect(text).toMatch(/^pdf_jobs_refused_total\{reason="busy"\} 1$/m);
      expect(text).toMatch(/^pdf_workers\{state="busy"\} 1$/m);
      await pool.close();
      await first;
    } finally {
      metrics.close();
      await pool.close();
    }
  });
});

describe('health', () => {
  it('answers live and ready, and the API health check still answers', async () => {
    const live = await call(a, '/health/live');
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'live' });
    const ready = await call(b, '/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', pdfWorker: 'on-demand', stopping: false } });
    expect((await call(a, '/api/HealthCheck/Get')).status).toBe(200);
    expect((await call(a, '/health/ready', { method: 'POST' })).status).toBe(404);
  });

  it('is not ready while the PDF worker starts or failed, while stopping, or without the database', async () => {
    const source = { db: a.db, pdfWorker: () => 'warm' as const, stopping: () => false };
    expect((await readiness(source)).status).toBe('ready');
    expect(await readiness({ ...source, pdfWorker: () => 'starting' })).toMatchObject({ status: 'not-ready', checks: { pdfWorker: 'starting' } });
    expect(await readiness({ ...source, pdfWorker: () => 'failed' })).toMatchObject({ status: 'not-ready' });
    expect(await readiness({ ...source, stopping: () => true })).toMatchObject({ status: 'not-ready', checks: { stopping: true } });
    const broken = { execute: () => Promise.reject(new Error('connection refused')) } as unknown as typeof a.db;
    expect(await readiness({ ...source, db: broken })).toMatchObject({ status: 'not-ready', checks: { database: 'unreachable' } });
    // A database missing a migration this build knows (an older schema): not ready either.
    const behind = { execute: () => Promise.resolve({ rows: [{ applied: 3 }] }) } as unknown as typeof a.db;
    expect(await readiness({ ...source, db: behind })).toMatchObject({ status: 'not-ready', checks: { database: 'ok', migrations: 'pending' } });
  });
});

describe('listening address and drain time', () => {
  it('HOST sets the API’s address (c listens on 127.0.0.2 only), DRAIN_SECONDS the drain; the provider stays on loopback', async () => {
    const port = new URL((c as ChildServer).url).port;
    expect((c as ChildServer).url).toBe(`http://127.0.0.2:${port}`);
    expect((await fetch(`http://127.0.0.2:${port}/health/live`)).status).toBe(200);
    await expect(fetch(`http://127.0.0.1:${port}/health/live`)).rejects.toThrow();
    expect(new URL((c as ChildServer).issuer).hostname).toBe('127.0.0.1');

    expect(resolveConfig({})).toMatchObject({ host: '127.0.0.1', oidcHost: '127.0.0.1', drainSeconds: 10 });
    const fromEnv = resolveConfig(configFromEnv({ HOST: '0.0.0.0', DRAIN_SECONDS: '30' }));
    expect(fromEnv).toMatchObject({ host: '0.0.0.0', oidcHost: '127.0.0.1', drainSeconds: 30 });
    expect(resolveConfig({ host: '[::]' }).host).toBe('::');
    expect(resolveConfig({ host: 'web-1.internal' }).host).toBe('web-1.internal');
    expect(() => resolveConfig({ host: 'not an address' })).toThrow(/host must be an IP address or a host name/);
    expect(() => resolveConfig({ drainSeconds: -1 })).toThrow(/drainSeconds/);
    expect(() => configFromEnv({ DRAIN_SECONDS: 'soon' })).toThrow(/DRAIN_SECONDS must be an integer/);
  });
});

describe('request ids', () => {
  it('returns the id a request sent, or a new one, and puts it on every log line of that request', async () => {
    const sent = await call(a, '/api/HealthCheck/Get', { headers: { 'X-Request-Id': 'lb-7f3a.42' } });
    expect(sent.headers.get('x-request-id')).toBe('lb-7f3a.42');
    expect(a.logs.filter((l) => l.requestId === 'lb-7f3a.42').map((l) => l.path)).toEqual(['/api/HealthCheck/Get']);

    for (const bad of ['has spaces', 'x'.repeat(129), '<script>']) {
      const res = await call(a, '/api/HealthCheck/Get', { headers: { 'X-Request-Id': bad } });
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
    // Errors and unknown paths carry one too, and each request its own.
    const missing = await call(a, '/api/Nothing/Here');
    const again = await call(a, '/api/Nothing/Here');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(again.headers.get('x-request-id')).not.toBe(missing.headers.get('x-request-id'));
  });

  it('never logs form data, also on the lines of a request with an id', async () => {
    const before = b.logs.length;
    const res = await call(b, '/api/crud/forminstance/post', {
      method: 'POST',
      headers: { 'X-Request-Id': 'post-with-data' },
      body: { formSchemaId: crypto.randomUUID(), data: { name: 'SECRET-ANSWER-3141' }, status: 0 },
    });
    expect(res.headers.get('x-request-id')).toBe('post-with-data');
    const lines = b.logs.slice(before);
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
    expect((await call(b, '/metrics')).status).toBe(404);
    expect(configFromEnv({ METRICS: '1' }).metrics).toBe(true);
    expect(configFromEnv({ METRICS: '0' }).metrics).toBe(false);
    expect(resolveConfig({}).metrics).toBe(false);
  });

  it('show the request latency by route pattern, the event-loop lag and the database pool', async () => {
    await Promise.all(Array.from({ length: 20 }, (_, i) => call(a, i % 2 ? '/api/HealthCheck/Get' : `/api/crud/form/get?Id=${crypto.randomUUID()}`)));
    const res = await call(a, '/metrics');
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
    const sweeps = () => instances.flatMap((s) => s.logs).filter((l) => l.msg === 'job ran' && l.job === 'signing-sweep');
    // At least three periods (a loaded machine may take longer than three periods for them).
    for (let waited = 0; sweeps().length < 3 && waited < 15_000; waited += SWEEP_MS) {
      await new Promise((resolve) => setTimeout(resolve, SWEEP_MS));
    }
    const ran = sweeps();
    const rows = (await a.db.execute(sql`SELECT period, instance FROM job_runs WHERE job = 'signing-sweep' ORDER BY period`)) as unknown as {
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
      expect(['a', 'b', 'c']).toContain(line.instance);
    }
  });
});

/** 'ok', or what a refusal says (status, message, code, seconds to wait). */
async function answer(call: () => unknown): Promise<unknown> {
  try {
    await call();
    return 'ok';
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { status: error.status, message: error.message, ...error.extensions };
  }
}

describe('anonymous write limits shared by the instances', () => {
  it('use the numbers of the domain by default', () => {
    expect(anonymousWriteLimiter(a.config, a.db)?.limits).toEqual(ANONYMOUS_WRITE_LIMITS);
    expect(anonymousWriteLimiter(a.config, a.db)).toBe(anonymousWriteLimiter(a.config, a.db));
  });

  it('one address has one budget across both, refused with the in-memory limiter’s answers', async () => {
    let now = Date.UTC(2026, 0, 1, 12, 0, 0);
    const clock = () => now;
    const limits = resolveAnonymousWriteLimits({
      perAddress: { max: 4, windowSeconds: 60 },
      perSchema: { max: 7, windowSeconds: 60 },
      bytesPerAddress: { max: 1000, windowSeconds: 60 },
    });
    const onA = new SharedAnonymousWriteLimiter(a.db, limits, clock);
    const onB = new SharedAnonymousWriteLimiter(b.db, limits, clock);
    const memory = new AnonymousWriteLimiter(limits, clock);
    const schema = crypto.randomUUID();
    const other = crypto.randomUUID();
    const shared: unknown[] = [];
    const alone: unknown[] = [];
    // Writes from one address land on either instance in turn; the memory limiter sees them all, as one instance would.
    const steps: [string, string, number][] = [
      ['10.0.0.1', schema, 100],
      ['10.0.0.1', schema, 100],
      ['::ffff:10.0.0.1', schema, 100],
      ['10.0.0.1', other, 600],
      ['10.0.0.1', schema, 10], // the fifth: over 4 a minute
      ['10.0.0.2', schema, 950],
      ['10.0.0.2', schema, 100], // over 1000 bytes a minute
      ['10.0.0.3', schema, 1],
      ['10.0.0.4', schema, 1],
      ['10.0.0.5', schema, 1],
      ['10.0.0.6', schema, 1], // the schema's eighth: over 7 a minute
    ];
    for (const [i, [address, formSchemaId, bytes]] of steps.entries()) {
      now += 1_000;
      shared.push(await answer(() => (i % 2 === 0 ? onA : onB).write(address, formSchemaId, bytes)));
      alone.push(await answer(() => memory.write(address, formSchemaId, bytes)));
    }
    expect(shared).toEqual(alone);
    expect(shared[4]).toMatchObject({ status: 429, code: 'address-rate', retryAfterSeconds: 56 });
    expect(shared[6]).toMatchObject({ status: 429, code: 'address-bytes', retryAfterSeconds: 59 });
    expect(shared[10]).toMatchObject({ status: 429, code: 'schema-rate' });
    expect(shared.filter((s) => s === 'ok')).toHaveLength(8);
    // A minute later the window has room again, on both.
    now += 60_000;
    expect(await answer(() => onB.write('10.0.0.1', schema, 1))).toBe('ok');
    // Events older than every window are purged.
    now += 25 * 60 * 60 * 1000;
    expect(await purgeExpiredLimits(a.db, limits, now)).toBeGreaterThanOrEqual(8);
  });

  it('new instances and drafts count across both; a given-back place is free again', async () => {
    let now = Date.UTC(2026, 0, 2, 12, 0, 0);
    const clock = () => now;
    const limits = resolveAnonymousWriteLimits({
      newInstancesPerAddress: { max: 4, windowSeconds: 3600 },
      draftsPerAddressAndSchema: { max: 2, windowSeconds: 86_400 },
    });
    const onA = new SharedAnonymousWriteLimiter(a.db, limits, clock);
    const onB = new SharedAnonymousWriteLimiter(b.db, limits, clock);
    const schema = crypto.randomUUID();
    const one = await onA.beginNew('10.1.0.1', schema, true);
    await one.commit(crypto.randomUUID()); // not a stored instance: it is no draft, so it frees its place
    now += 1_000;
    const two = await onB.beginNew('10.1.0.1', schema, true);
    now += 1_000;
    const three = await onA.beginNew('10.1.0.1', schema, true);
    // Two places held (pending): a third draft is refused on either instance, with the domain's words.
    now += 1_000;
    const refused = await answer(() => onB.beginNew('10.1.0.1', schema, true));
    expect(refused).toEqual({
      status: 429,
      message: 'You have 2 unsubmitted drafts of this form; submit one of them before starting another (at most 2 in 24 hours).',
      code: 'draft-limit',
      retryAfterSeconds: 86_400 - 2,
    });
    await three.cancel();
    // The place given back is free again (the refusal counted nothing) ...
    const four = await onB.beginNew('10.1.0.1', schema, true);
    await four.commit(crypto.randomUUID());
    // ... but the address has started four instances this hour, the most.
    expect(await answer(() => onA.beginNew('10.1.0.1', schema, false))).toMatchObject({ status: 429, code: 'new-instance-rate' });
    await two.cancel();
  });
});

describe('login throttle shared by the instances', () => {
  it('an account locked by failures on both instances is refused by either, with Retry-After', async () => {
    // a's provider, and the one b runs on its own connection pool.
    const bLogin = { issuerUrl: (bProvider as OidcServer).issuer, clientId: b.clientId, logs: b.logs };
    const form = async (server: Pick<TestServer, 'issuerUrl' | 'clientId' | 'logs'>) => {
      const jar = new CookieJar();
      const { action } = await openLoginForm(server, jar, { pkce: createPkce() });
      return { jar, action };
    };
    // Failures alternate between the instances: the third, wherever it lands, locks the account.
    for (const [i, server] of [a, bLogin, a].entries()) {
      const { jar, action } = await form(server);
      expect((await postFailedLogin(jar, action, 'editor', `guess-${i}`)).status).toBe(200);
    }
    for (const server of [bLogin, a]) {
      const { jar, action } = await form(server);
      // Refused with a redirect back to the form, which answers 429 and says how long to wait.
      const refused = await postLogin(jar, action, 'editor', 'editor-password');
      expect(refused.status).toBe(303);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(290);
      const page = await jar.fetch(new URL(refused.headers.get('location') ?? '', action).toString());
      expect(page.status).toBe(429);
      expect(await page.text()).toMatch(/Too many failed attempts\. Try again in 5 minutes\./);
      // The provider's answers carry a request id too, and so does the warning logged for the refusal.
      const requestId = refused.headers.get('x-request-id') ?? '';
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(server.logs.filter((l) => l.requestId === requestId).map((l) => l.msg ?? l.path)).toContain('login throttled');
    }
    // Another account is not held back.
    const { jar, action } = await form(bLogin);
    expect(signedIn(await postLogin(jar, action, 'reader', 'reader-password'))).toBe(true);
  });

  it('keeps the memory throttle’s policy and counts failures made at once on both', async () => {
    const now = Date.UTC(2026, 0, 3);
    const options = { account: { freeFailures: 3, lockoutFailures: 50 }, address: { freeFailures: 100, lockoutFailures: 200 }, now: () => now };
    const onA = new SharedLoginThrottle(a.db, options);
    const onB = new SharedLoginThrottle(b.db, options);
    const attempt = { username: `Someone-${crypto.randomUUID()}`, address: '10.2.0.1' };
    const waits = await Promise.all([onA, onB, onA, onB, onA, onB].map((t) => t.fail(attempt)));
    // Six failures counted: the sixth waits 2^(6-3-1) = 4 s, whichever order they were counted in.
    expect(Math.max(...waits)).toBe(4_000);
    expect(waits.filter((w) => w === 0)).toHaveLength(3);
    expect(await onB.wait({ ...attempt, username: attempt.username.toUpperCase() })).toBe(4_000);
    await onA.succeed(attempt);
    expect(await onB.wait(attempt)).toBe(0);
    expect(await onB.addressWait('::ffff:10.2.0.1')).toBe(0);
  });
});

// Last: these stop one server each.
describe('stopping servers', () => {
  it('drain a server on SIGTERM: no new connections, not ready, the request it answers finishes, then it exits', async () => {
    const { token } = await userWithClaims(a, 'drain-admin', [Permission.GlobalDataAdmin]);
    // Two requests in flight on b, their bodies half sent: one is finished during the drain, one never is.
    const open = (name: string) => {
      const body = JSON.stringify({ name });
      const req = http.request(`${b.url}/api/crud/form/post`, {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), authorization: `Bearer ${token}`, 'x-request-id': `drain-${name}` },
      });
      const answered = new Promise<{ status: number; connection: string | undefined; body: string } | Error>((resolve) => {
        req.on('response', (res) => {
          let text = '';
          res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: text }));
        });
        req.on('error', resolve);
      });
      req.write(body.slice(0, 5));
      return { req, rest: body.slice(5), answered };
    };
    const finishing = open(`drained ${crypto.randomUUID()}`);
    const stalled = open('stalled');
    // A later connection answered: b has accepted the two earlier ones.
    expect((await fetch(`${b.url}/health/live`)).status).toBe(200);

    const signals = new EventEmitter();
    const exits: number[] = [];
    installSignalHandlers(b, (code) => void exits.push(code), signals as unknown as SignalSource);
    const sent = performance.now();
    signals.emit('SIGTERM', 'SIGTERM');
    // The request in flight goes on: the rest of its body is sent now.
    finishing.req.end(finishing.rest);
    // No new connection is taken, and the server says it is not ready.
    await until(() => fetch(`${b.url}/health/live`).then(() => false, () => true), 'b refuses connections');
    const ready = await b.app.request('/health/ready');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'not-ready', checks: { stopping: true } });
    // The balancer's clients do not notice: the other servers answer.
    const through = await Promise.all(Array.from({ length: 6 }, (_, i) => viaBalancer('GET', '/health/ready', `drain-lb-${i}`).then((r) => r.status)));
    expect(through).toEqual([200, 200, 200, 200, 200, 200]);
    expect(Array.from({ length: 6 }, (_, i) => servedBy(`drain-lb-${i}`)).flat()).not.toContain('b');
    // The request in flight finishes, its connection closed after the answer; its save is in the database.
    const done = await finishing.answered;
    if (done instanceof Error) throw done;
    expect(done.status, done.body).toBe(200);
    expect(done.connection).toBe('close');
    const { formId } = JSON.parse(done.body) as { formId: string };
    const saved = (await a.db.execute(sql`SELECT count(*)::int AS n FROM forms WHERE form_id = ${formId}`)) as unknown as { rows: { n: number }[] };
    expect(saved.rows[0]?.n).toBe(1);
    // The one never finished is cut at the end of the drain time, and the process exits with 0.
    await until(() => exits.length > 0, 'the stop exits', (DRAIN_SECONDS + 15) * 1000);
    const ms = performance.now() - sent;
    expect(exits).toEqual([0]);
    expect(await stalled.answered).toBeInstanceOf(Error);
    expect(ms).toBeGreaterThanOrEqual(DRAIN_SECONDS * 1000 - 50);
    expect(b.logs.find((l) => l.msg === 'server drained')).toMatchObject({ cutConnections: 1 });
    expect(b.logs.some((l) => l.msg === 'server stopped')).toBe(true);
  }, 40_000);

  // Last: it kills a server.
  it('lose no acknowledged save when one server is killed (kill -9) during 20 visitors’ writes; only its requests in flight fail', async () => {
    const { token: admin } = await userWithClaims(a, 'kill-admin', [Permission.GlobalDataAdmin]);
    const form = (await callJson<{ formId: string }>(a, '/api/crud/form/post', { method: 'POST', token: admin, body: { name: 'Killed' } })).body;
    const schemaBody = {
      formId: form.formId,
      isPublic: true,
      jsonSchema: { type: 'object', properties: { name: { type: 'string' } } },
      layout: { pages: [{ id: 'p', title: 'P', sections: [{ id: 's', title: 'S', fields: [{ id: 'name', path: '/name', widget: 'text', label: 'Name' }] }] }] },
    };
    const { formSchemaId } = (await callJson<{ formSchemaId: string }>(a, '/api/crud/formschema/post', { method: 'POST', token: admin, body: schemaBody })).body;
    const killed = c as ChildServer;
    const killedHost = new URL(killed.url).host;

    interface Write {
      client: number;
      seq: number;
      requestId: string;
      instanceId: string | null;
      started: number;
      ended: number;
      status: number;
      upstream: string;
      /** The answer of a failed write. */
      detail?: string;
    }
    const writes: Write[] = [];
    let killedAt = Infinity;
    let diedAt = Infinity;
    const answeredByKilled = () => writes.filter((w) => w.status === 200 && w.upstream === killedHost).length;
    /** One visitor (its own address): starts an instance, then saves it again and again, one write at a time. */
    const visitor = async (client: number) => {
      let instanceId: string | null = null;
      let link = '';
      for (let seq = 0; seq < 12; seq += 1) {
        const after = writes.filter((w) => w.client === client && w.started > diedAt && w.status === 200).length;
        if (after >= 2) return;
        const requestId = `kill-${client}-${seq}`;
        const started = performance.now();
        const res: Response = await fetch(`${visitorBalancer}/api/crud/forminstance/${instanceId ? 'patch' : 'post'}`, {
          method: instanceId ? 'PATCH' : 'POST',
          headers: {
            'content-type': 'application/json',
            'x-client': String(client + 1),
            'x-request-id': requestId,
            // The edit link the first save gave the visitor.
            ...(instanceId ? { authorization: `Bearer ${link}` } : {}),
          },
          body: JSON.stringify(instanceId ? { formInstanceId: instanceId, data: { name: requestId } } : { formSchemaId, data: { name: requestId } }),
        });
        const upstream = res.headers.get('x-upstream') ?? '';
        const write: Write = { client, seq, requestId, instanceId, started, ended: 0, status: res.status, upstream };
        if (res.ok && !instanceId) {
          instanceId = ((await res.json()) as { formInstanceId: string }).formInstanceId;
          link = res.headers.get(FORM_LINK_TOKEN_HEADER) ?? '';
          write.instanceId = instanceId;
        } else if (!res.ok) write.detail = await res.text();
        else await res.body?.cancel();
        write.ended = performance.now();
        writes.push(write);
      }
    };
    const visitors = Promise.all(Array.from({ length: 20 }, (_, i) => visitor(i)));
    // Killed once it has answered some writes, while the visitors keep writing.
    await until(() => answeredByKilled() >= 5, 'the server to kill answers writes', 30_000).catch((error: unknown) => {
      throw new Error(`${String(error)}: ${JSON.stringify(writes.filter((w) => w.status !== 200).slice(0, 3))}`);
    });
    killedAt = performance.now();
    killed.child.kill('SIGKILL');
    await killed.exited;
    diedAt = performance.now();
    await visitors;

    const failed = writes.filter((w) => w.status !== 200);
    const lines = (await readFile(path.join(nginxDir, 'visitors.log'), 'utf8')).trim().split('\n');
    // Per request: the servers nginx tried, in order, and what each attempt gave (502 or 504 for one that failed in
    // nginx: a connection refused or reset, or timed out).
    const attemptsOf = new Map(
      lines.map((line) => {
        const [id, , addresses = '', statuses = ''] = line.split('|');
        const status = statuses.split(', ');
        return [id, addresses.split(', ').map((address, i) => ({ address, status: status[i] }))] as const;
      }),
    );
    // Only requests in flight to the killed server failed (502 from nginx): sent before it died, answered after the
    // kill, by that server alone. nginx passes a POST or PATCH on to another server only when it could not send it to
    // the one it tried (a connection that failed), so a failed write's last attempt is the killed server and any
    // attempt before it failed in nginx, never answered by a server.
    for (const w of failed) {
      expect(w.status, JSON.stringify(w)).toBe(502);
      expect(w.started).toBeLessThan(diedAt);
      expect(w.ended).toBeGreaterThan(killedAt);
      const attempts = attemptsOf.get(w.requestId) ?? [];
      expect(attempts.at(-1)?.address, JSON.stringify(attempts)).toBe(killedHost);
      for (const earlier of attempts.slice(0, -1)) expect(['502', '504'], JSON.stringify(attempts)).toContain(earlier.status);
    }
    // Every write sent after it died succeeded elsewhere: nginx took the killed server out (a refused connection goes
    // on to the next server).
    const later = writes.filter((w) => w.started > diedAt);
    expect(later.length).toBeGreaterThanOrEqual(40);
    expect(later.every((w) => w.status === 200 && !w.upstream.endsWith(killedHost))).toBe(true);
    // Every acknowledged save is in the database: an instance holds its last acknowledged value, or a later one whose
    // answer was lost with the server.
    const byInstance = new Map<string, Write[]>();
    for (const w of writes) if (w.instanceId) byInstance.set(w.instanceId, [...(byInstance.get(w.instanceId) ?? []), w]);
    const rows = (await a.db.execute(
      sql`SELECT form_instance_id AS id, data->>'name' AS name FROM form_instances WHERE form_schema_id = ${formSchemaId}`,
    )) as unknown as { rows: { id: string; name: string }[] };
    const stored = new Map(rows.rows.map((r) => [r.id, r.name]));
    for (const [id, list] of byInstance) {
      const acked = list.filter((w) => w.status === 200).at(-1) as Write;
      const lostLater = list.filter((w) => w.status !== 200 && w.seq > acked.seq).map((w) => w.requestId);
      expect([acked.requestId, ...lostLater], id).toContain(stored.get(id));
    }
    expect(byInstance.size).toBeGreaterThanOrEqual(20);
    console.info(
      `kill -9: ${writes.length} writes by 20 visitors, ${failed.length} failed (in flight to the killed server), ${later.length} after the kill all saved elsewhere`,
    );
  }, 60_000);
});
