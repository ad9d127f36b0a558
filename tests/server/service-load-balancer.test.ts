// @vitest-environment node
/**
 * Three servers on one throw-away PostgreSQL behind a real load balancer (Debian's nginx, round robin): the anonymous
 * write budget of an address is one budget, whichever server each write reaches, and every server refuses the 121st
 * write of the minute with the same answer.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Permission } from '../../src/api/enums';
import { FORM_LINK_TOKEN_HEADER } from '../../src/domain/forms';
import { ANONYMOUS_WRITE_LIMITS } from '../../src/domain/limits';
import { sql } from 'drizzle-orm';
import { EnvelopeStatus } from '../../src/api/enums';
import type { AuditVerification, SigningEnvelope } from '../../src/api/types';
import { callJson, START_TIMEOUT_MS, startTestServer, userWithClaims, type TestServer } from './helpers';
import { freshInstance, pngDataUrl, requestSignature, signerLink, signingPage } from './signing-helpers';
import { startTemporaryPostgres, type TemporaryPostgres } from './postgres';

const NGINX = '/usr/sbin/nginx';
/** The signing sweep's period here. */
const SWEEP_MS = 200;

let pg: TemporaryPostgres;
let servers: TestServer[] = [];
let nginx: ChildProcess | null = null;
let nginxDir = '';
let balancer = '';

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

/** Starts nginx in the foreground, round robin over the servers; resolves when it answers. */
async function startNginx(upstreams: readonly string[]): Promise<string> {
  nginxDir = await mkdtemp(path.join(os.tmpdir(), 'forms-admin-nginx-'));
  await mkdir(path.join(nginxDir, 'temp'));
  // The workers run as an unprivileged user when nginx starts as root: they must reach the temp folders.
  await chmod(nginxDir, 0o755);
  await chmod(path.join(nginxDir, 'temp'), 0o777);
  const port = await freePort();
  const temp = path.join(nginxDir, 'temp');
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
${upstreams.map((u) => `    server ${u};`).join('\n')}
    keepalive 8;
    # Below the server's 5 s keep-alive: nginx never reuses a connection the server may be closing.
    keepalive_timeout 3s;
  }
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
}
`,
  );
  nginx = spawn(NGINX, ['-p', nginxDir, '-c', path.join(nginxDir, 'nginx.conf'), '-e', path.join(nginxDir, 'error.log')], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i += 1) {
    if (await fetch(`${url}/health/live`).then((r) => r.ok, () => false)) return url;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('nginx did not answer');
}

beforeAll(async () => {
  pg = await startTemporaryPostgres();
  // The first server runs the identity provider and the migrations; the others trust its tokens, as instances
  // behind one load balancer would.
  // They share the audit trails' key, as a deployment's instances must, and sweep every 200 ms.
  const shared = { databaseUrl: pg.url, memoryDatabaseTemplate: null, signing: { auditKey: 'ab'.repeat(32), sweepIntervalMs: SWEEP_MS } };
  const first = await startTestServer({ ...shared, instanceId: 'a' });
  const others = await Promise.all(
    ['b', 'c'].map((instanceId) => startTestServer({ ...shared, instanceId, seed: false, externalOidc: { issuer: first.issuerUrl } })),
  );
  servers = [first, ...others];
  balancer = await startNginx(servers.map((s) => new URL(s.url).host));
}, START_TIMEOUT_MS);

afterAll(async () => {
  nginx?.kill('SIGTERM');
  await Promise.all(servers.map((s) => s.stop()));
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
  return servers.filter((s) => s.logs.some((l) => l.requestId === requestId)).map((s) => s.config.instanceId);
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
    const before = servers.map((srv) => srv.logs.filter((l) => String(l.path).startsWith('/api/Signing/')).length);
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
    const after = servers.map((srv) => srv.logs.filter((l) => String(l.path).startsWith('/api/Signing/')).length);
    expect(after.map((n, i) => n - (before[i] ?? 0)).every((n) => n > 0)).toBe(true);
  }, 60_000);

  it('run the signing sweep once per period across the three (the log and job_runs agree)', async () => {
    const ran = servers.flatMap((srv) => srv.logs.filter((l) => l.msg === 'job ran' && l.job === 'signing-sweep'));
    const periods = ran.map((l) => Number(l.period));
    expect(periods.length).toBeGreaterThanOrEqual(5);
    expect(new Set(periods).size).toBe(periods.length);
    const result = (await (servers[0] as TestServer).db.execute(sql`SELECT period, instance FROM job_runs WHERE job = 'signing-sweep'`)) as unknown as {
      rows: { period: string; instance: string }[];
    };
    const recorded = new Map(result.rows.map((r) => [Number(r.period), r.instance]));
    for (const line of ran) expect(recorded.get(Number(line.period))).toBe(line.instance);
  });
});
