/**
 * `npm run bench:signing`: how long the reference server takes to produce a signed PDF, and whether it keeps every
 * envelope under load. On the real server (in-process, in-memory PGlite, over HTTP):
 *
 * 1. a 1-page form (sample_form.pdf as its PDF template) and the 13-page with_combed_fields.pdf, each sent to two
 *    signers in order; measured: the request (fill + flatten of the document as sent) and the second signer's Sign
 *    call, which completes the envelope and seals it (signature images, audit page, PAdES B-B), median of N runs;
 * 2. 50 envelopes (two signers each) completed at once: every one Completed with a signed PDF, no 5xx, wall time.
 *
 * A sealed PDF of each case is checked with pdfsig (valid, whole document). Prints a table with each goal's PASS or
 * GAP and writes bench/signing/results.json. Options: --runs N (default 5), --concurrent N (default 50).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FormLayout, SigningEnvelope, SignerLink } from '../../src/api/types';
import { startServer, type ServerHandle } from '../../example-host/server/server';
import { saveFormPdf } from '../../example-host/server/pdf/store';
import { loadOrCreateDevelopmentCertificate } from '../../example-host/server/signing/certificates';
import { pngDataUrl, signaturePng, templateFields } from '../../tests/server/signing-helpers';

const root = path.resolve(new URL('../..', import.meta.url).pathname);
const FIXTURES = path.join(root, 'tests/fixtures/pdfs');
const GOALS = { onePageMs: 1000, thirteenPagesMs: 3000 };
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const RUNS = arg('runs', 5);
const CONCURRENT = arg('concurrent', 50);
const log = (line: string) => process.stdout.write(`[bench:signing] ${line}\n`);

let server: ServerHandle;
let admin: string;
let fiveHundreds = 0;

async function api<T>(method: 'GET' | 'POST', pathName: string, body?: unknown, token: string | null = admin): Promise<{ status: number; body: T; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${server.url}${pathName}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }), 'user-agent': 'bench-signing/1.0' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  if (response.status >= 500) fiveHundreds += 1;
  return { status: response.status, body: (text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T, ms };
}

/** A form with `file` as its PDF template, its text fields asked and filled; returns a function making instances. */
async function formWithTemplate(file: string): Promise<() => Promise<string>> {
  const bytes = new Uint8Array(readFileSync(path.join(FIXTURES, file)));
  const { pageCount, fields } = await templateFields(bytes);
  const texts = fields.filter((f) => f.type === 'text').slice(0, 40);
  const properties = Object.fromEntries(texts.map((_, i) => [`f${i}`, { type: 'string' }]));
  const layout: FormLayout = {
    pages: [{ id: 'p', title: file, sections: [{ id: 's', title: 'Fields', fields: texts.map((f, i) => ({ id: `f${i}`, path: `/f${i}`, widget: 'text', label: f.name, pdfFieldName: f.name })) }] }],
  };
  const form = await api<{ formId: string }>('POST', '/api/crud/form/post', { name: `Bench ${file}`, pdfTemplate: { fileName: file, pageCount, fields } });
  if (form.status !== 200) throw new Error(`form post ${form.status}: ${JSON.stringify(form.body)}`);
  await saveFormPdf(server.db, { formId: form.body.formId, fileName: file, bytes, pageCount });
  const schema = await api<{ formSchemaId: string }>('POST', '/api/crud/formschema/post', {
    formId: form.body.formId,
    jsonSchema: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties },
    layout,
  });
  if (schema.status !== 200) throw new Error(`schema post ${schema.status}: ${JSON.stringify(schema.body)}`);
  const data = Object.fromEntries(texts.map((f, i) => [`f${i}`, `${f.maxLength ? '1234567890'.slice(0, Math.min(f.maxLength, 10)) : 'Ada 42'}`]));
  return async () => {
    const instance = await api<{ formInstanceId: string }>('POST', '/api/crud/forminstance/post', { formSchemaId: schema.body.formSchemaId, data });
    if (instance.status !== 200) throw new Error(`instance post ${instance.status}: ${JSON.stringify(instance.body)}`);
    return instance.body.formInstanceId;
  };
}

const SIGNERS = [
  { name: 'Ada Lovelace', email: 'ada@example.com', routingOrder: 1 },
  { name: 'Alan Turing', email: 'alan@example.com', routingOrder: 2 },
];
const drawn = pngDataUrl(signaturePng(300, 100));

/** Sends an instance to the two signers; returns the envelope, its links and the request's time. */
async function send(instanceId: string): Promise<{ envelope: SigningEnvelope; links: SignerLink[]; requestMs: number }> {
  const request = await api<SigningEnvelope>('POST', '/api/Signing/RequestSignature', { formInstanceId: instanceId, signers: SIGNERS });
  if (request.status !== 200) throw new Error(`RequestSignature ${request.status}: ${JSON.stringify(request.body)}`);
  const links: SignerLink[] = [];
  for (const s of request.body.signers) links.push((await api<SignerLink>('POST', '/api/Signing/GetSignerLink', { envelopeId: request.body.envelopeId, signerId: s.signerId })).body);
  return { envelope: request.body, links, requestMs: request.ms };
}

/** Both signers open and sign; returns the final Sign call's time (it completes and seals). */
async function signAll(links: readonly SignerLink[]): Promise<{ lastSignMs: number; status: number }> {
  let last = { ms: 0, status: 0 };
  for (const [i, link] of links.entries()) {
    const open = await api('POST', '/api/Signing/Open', { token: link.token }, null);
    if (open.status !== 200) return { lastSignMs: 0, status: open.status };
    const body = i === 0 ? { token: link.token, kind: 'drawn', image: drawn } : { token: link.token, kind: 'typed', typedName: SIGNERS[i]?.name, image: drawn };
    const sign = await api<SigningEnvelope>('POST', '/api/Signing/Sign', body, null);
    last = { ms: sign.ms, status: sign.status };
    if (sign.status !== 200) return { lastSignMs: sign.ms, status: sign.status };
  }
  return { lastSignMs: last.ms, status: last.status };
}

async function download(envelopeId: string): Promise<Uint8Array> {
  const response = await fetch(`${server.url}/api/Signing/DownloadDocument?envelopeId=${envelopeId}`, { headers: { authorization: `Bearer ${admin}` } });
  if (response.status >= 500) fiveHundreds += 1;
  return new Uint8Array(await response.arrayBuffer());
}

function pdfsigOk(pdf: Uint8Array, caPem: string): boolean {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-signing-'));
  try {
    const nss = path.join(dir, 'nss');
    spawnSync('mkdir', ['-p', nss]);
    spawnSync('certutil', ['-N', '-d', `sql:${nss}`, '--empty-password']);
    writeFileSync(path.join(dir, 'ca.pem'), caPem);
    spawnSync('certutil', ['-A', '-d', `sql:${nss}`, '-n', 'ca', '-t', 'CT,C,C', '-i', path.join(dir, 'ca.pem')]);
    writeFileSync(path.join(dir, 'doc.pdf'), pdf);
    const out = spawnSync('pdfsig', ['-nssdir', `sql:${nss}`, path.join(dir, 'doc.pdf')], { encoding: 'utf8' }).stdout;
    return out.includes('Signature is Valid.') && out.includes('Total document signed') && out.includes('Certificate is Trusted.');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

async function main() {
  server = await startServer({ port: 0, oidcPort: 0, dataDir: 'memory://', log: () => undefined, anonymousWriteLimits: null, signing: { sweepIntervalMs: null } });
  try {
    admin = await server.mintAccessToken({ sub: 'admin' }, { expiresInSeconds: 3600 });
    const caPem = (await loadOrCreateDevelopmentCertificate(server.db)).caPem;
    const cases = [
      { name: '1-page form (sample_form.pdf), two signers', file: 'sample_form.pdf', goal: GOALS.onePageMs },
      { name: '13-page with_combed_fields.pdf, two signers', file: 'with_combed_fields.pdf', goal: GOALS.thirteenPagesMs },
    ];
    const rows: { name: string; requestMs: number; sealMs: number; goal: number; bytes: number; verified: boolean }[] = [];
    for (const c of cases) {
      const make = await formWithTemplate(c.file);
      const requestTimes: number[] = [];
      const sealTimes: number[] = [];
      let last: Uint8Array = new Uint8Array();
      // One warm-up run (module loading, JIT), then the measured runs.
      for (let run = 0; run <= RUNS; run += 1) {
        const { envelope, links, requestMs } = await send(await make());
        const { lastSignMs, status } = await signAll(links);
        if (status !== 200) throw new Error(`${c.file}: Sign answered ${status}`);
        if (run > 0) {
          requestTimes.push(requestMs);
          sealTimes.push(lastSignMs);
        }
        last = await download(envelope.envelopeId);
      }
      rows.push({ name: c.name, requestMs: median(requestTimes), sealMs: median(sealTimes), goal: c.goal, bytes: last.byteLength, verified: pdfsigOk(last, caPem) });
      log(`${c.name}: request ${median(requestTimes).toFixed(0)} ms, last sign + seal ${median(sealTimes).toFixed(0)} ms`);
    }

    // Many envelopes completed at once.
    const make = await formWithTemplate('sample_form.pdf');
    const sent = [];
    for (let i = 0; i < CONCURRENT; i += 1) sent.push(await send(await make()));
    const started = performance.now();
    const results = await Promise.all(sent.map((s) => signAll(s.links)));
    const wallMs = performance.now() - started;
    const list = await api<SigningEnvelope[]>('GET', `/api/Signing/ListEnvelopes?top=1000&status=5`);
    const ids = new Set(sent.map((s) => s.envelope.envelopeId));
    const completed = list.body.filter((e) => ids.has(e.envelopeId)).length;
    let withPdf = 0;
    for (const s of sent) if ((await download(s.envelope.envelopeId)).byteLength > 1000) withPdf += 1;
    const failed = results.filter((r) => r.status !== 200).length;

    const pass = (ok: boolean) => (ok ? 'PASS' : 'GAP');
    const lines = [
      '| case | request (fill + flatten) | last Sign incl. seal (median) | goal | signed PDF | pdfsig |',
      '|---|---|---|---|---|---|',
      ...rows.map((r) => `| ${r.name} | ${r.requestMs.toFixed(0)} ms | ${r.sealMs.toFixed(0)} ms | ≤ ${r.goal} ms ${pass(r.sealMs <= r.goal)} | ${(r.bytes / 1024).toFixed(0)} KiB | ${r.verified ? 'valid, trusted, whole' : 'NOT VALID'} |`),
      '',
      '| concurrent envelopes | completed | signed PDFs | failed calls | 5xx | wall time |',
      '|---|---|---|---|---|---|',
      `| ${CONCURRENT} × two signers (open + sign each) | ${completed} / ${CONCURRENT} ${pass(completed === CONCURRENT)} | ${withPdf} / ${CONCURRENT} | ${failed} | ${fiveHundreds} ${pass(fiveHundreds === 0)} | ${(wallMs / 1000).toFixed(1)} s |`,
    ];
    process.stdout.write(`\n${lines.join('\n')}\n\n`);
    writeFileSync(
      path.join(root, 'bench/signing/results.json'),
      `${JSON.stringify({ at: new Date().toISOString(), node: process.version, runs: RUNS, cases: rows, concurrent: { envelopes: CONCURRENT, completed, withPdf, failed, fiveHundreds, wallMs: Math.round(wallMs) } }, null, 2)}\n`,
    );
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
