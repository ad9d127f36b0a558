// @vitest-environment node
/**
 * Three servers on one throw-away PostgreSQL behind a real load balancer (Debian's nginx, round robin): the anonymous
 * write budget of an address is one budget, whichever server each write reaches, and every server refuses the 121st
 * write of the minute with the same answer; a sign-in locked on one is locked on the others; a signing journey spread
 * over the three completes; periodic jobs run once per period; metrics show requests, the event loop, the PDF
 * workers and the database pool; a stopping server drains; and `kill -9` of one loses no acknowledged save.
 *
 * The third server ('c') runs in a process of its own, listening on 127.0.0.2 (the `host` setting), so that it can be
 * killed; the first two run in this process.
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
import type { LogEntry } from '../../example-host/server/config';
import { startOidcServer, type OidcServer } from '../../example-host/server/oidc';
import { ServerMetrics } from '../../example-host/server/operations';
import { PdfParseAbort, PdfWorkerPool } from '../../example-host/server/pdf/worker';
import { loadOrCreateSecrets } from '../../example-host/server/secrets';
import { installSignalHandlers, type SignalSource } from '../../example-host/server/server';
import { Permission } from '../../src/api/enums';
import { FORM_LINK_TOKEN_HEADER } from '../../src/domain/forms';
import { ANONYMOUS_WRITE_LIMITS } from '../../src/domain/limits';
import { sql } from 'drizzle-orm';
import { EnvelopeStatus } from '../../src/api/enums';
import type { AuditVerification, SigningEnvelope } from '../../src/api/types';
import { callJson, CookieJar, createPkce, HOST_ORIGIN, openLoginForm, START_TIMEOUT_MS, startTestServer, userWithClaims, type TestServer } from './helpers';
import { freshInstance, pngDataUrl, requestSignature, signerLink, signingPage } from './signing-helpers';
import { startTemporaryPostgres, type TemporaryPostgres } from './postgres';

const NGINX = '/usr/sbin/nginx';
/** The signing sweep's period here. */
const SWEEP_MS = 200;

/** A sign-in fails this often for an account, and the account is locked for 300 s (on every server). */
const loginThrottle = { account: { freeFailures: 2, lockoutFailures: 3 } };
/** How long the drained server lets its requests finish. */
const DRAIN_SECONDS = 2;

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
  const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'forms-admin-child-')), 'server.mjs');
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
    startTestServer({ ...others, instanceId: 'b', drainSeconds: DRAIN_SECONDS }),
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
    expect(started.status).toBe(200);
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
    /** One sign-in attempt through nginx: authorize, the form, one more call (round robin moves on), the post. */
    const attempt = async (password: string) => {
      const jar = new CookieJar();
      const { action } = await openLoginForm(login, jar, { pkce: createPkce() });
      expect(action.startsWith(loginBalancer)).toBe(true);
      await (await jar.fetch(`${loginBalancer}/.well-known/openid-configuration`)).body?.cancel();
      const requestId = `login-${(n += 1)}`;
      const res = await jar.fetch(action, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-request-id': requestId },
        body: new URLSearchParams({ username: 'reader', password }).toString(),
      });
      return { res, html: await res.text(), by: servedBy(requestId) };
    };
    // Three failures, each posted to another server: the third locks the account.
    const failed = [];
    for (let i = 0; i < loginThrottle.account.lockoutFailures; i += 1) failed.push(await attempt(`guess-${i}`));
    expect(failed.map((f) => f.res.status)).toEqual([200, 200, 200]);
    expect(failed.every((f) => f.by.length === 1)).toBe(true);
    expect(new Set(failed.flatMap((f) => f.by)).size).toBeGreaterThan(1);
    expect(failed.at(-1)?.html).toMatch(/Try again in 5 minutes\./);
    // The right password is refused by every server now, with the wait left of the lock.
    const refusedBy = new Set<string>();
    for (let i = 0; i < 9 && refusedBy.size < 3; i += 1) {
      const { res, html, by } = await attempt('reader-password');
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(240);
      expect(html).toMatch(/Too many failed attempts\. Try again in 5 minutes\./);
      for (const name of by) refusedBy.add(name);
    }
    expect(refusedBy).toEqual(new Set(['a', 'b', 'c']));
    expect(new Set(instances.filter((s) => s.logs.some((l) => l.msg === 'login throttled')).map((s) => s.name))).toEqual(refusedBy);
  }, 30_000);

  it('show the request histogram, event-loop lag, PDF workers and database pool in /metrics during a short load', async () => {
    const load = Promise.all(Array.from({ length: 30 }, (_, i) => viaBalancer('GET', '/health/ready', `load-${i}`).then((r) => r.status)));
    const scraped = await Promise.all(instances.map((s) => fetch(`${s.url}/metrics`).then((r) => r.text())));
    expect(await load).toEqual(Array.from({ length: 30 }, () => 200));
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
    finishing.req.end(finishing.rest);
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
    await until(() => answeredByKilled() >= 5, 'the server to kill answers writes', 30_000);
    killedAt = performance.now();
    killed.child.kill('SIGKILL');
    await killed.exited;
    diedAt = performance.now();
    await visitors;

    const failed = writes.filter((w) => w.status !== 200);
    const lines = (await readFile(path.join(nginxDir, 'visitors.log'), 'utf8')).trim().split('\n');
    const upstreamsOf = new Map(lines.map((line) => [line.split('|')[0], line.split('|')[2]] as const));
    // Only requests in flight to the killed server failed (502 from nginx): sent before it died, answered after the
    // kill, by that server alone (nginx does not send a POST or PATCH it already sent to another).
    for (const w of failed) {
      expect(w.status, JSON.stringify(w)).toBe(502);
      expect(w.started).toBeLessThan(diedAt);
      expect(w.ended).toBeGreaterThan(killedAt);
      expect(upstreamsOf.get(w.requestId)).toBe(killedHost);
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
