/**
 * The worker's first parse after a start, through HTTP: the built server (`build/server/main.js`, as `npm start` runs
 * it; run `npm run build:server` first) on free ports with a fresh PGlite folder; as soon as its health check answers,
 * the seeded administrator signs in through the identity provider (authorization code + PKCE, as the server tests do)
 * and a small fixture PDF is uploaded to FormGenerator/UploadPdf, timed; then the same file again, and a second
 * fixture. Not part of `npm test`: `npx tsx bench/pdf-abuse/first-parse.ts [fixture.pdf …]` (prints one JSON line).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { signIn } from '../../tests/server/helpers';

const root = fileURLToPath(new URL('../../', import.meta.url));
const fixtures = '/work/shared/fixtures/pdfs';
const files = process.argv.slice(2).length ? process.argv.slice(2) : ['create_form.pdf', 'sample_form.pdf'];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'first-parse-'));
const [port, oidcPort] = [await freePort(), await freePort()];
const loadBefore = os.loadavg().map((l) => l.toFixed(2));
const t0 = performance.now();
const child = spawn(process.execPath, ['build/server/main.js'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), OIDC_PORT: String(oidcPort), DATA_DIR: path.join(dataDir, 'pglite'), LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let bannerMs: number | undefined;
let issuerUrl = '';
createInterface({ input: child.stdout }).on('line', (line) => {
  const issuer = /OpenID provider:\s+(\S+)/.exec(line);
  if (issuer?.[1]) {
    issuerUrl = issuer[1];
    bannerMs = Math.round(performance.now() - t0);
  }
});
const url = `http://127.0.0.1:${port}`;
let healthMs: number | undefined;
while (healthMs === undefined) {
  const ok = await fetch(`${url}/api/HealthCheck/Get`).then((r) => r.ok, () => false);
  if (ok) healthMs = Math.round(performance.now() - t0);
  else await new Promise((resolve) => setTimeout(resolve, 20));
  if (performance.now() - t0 > 120_000) throw new Error('The server did not answer its health check in 2 minutes.');
}
// The provider's issuer is printed with the banner; until then it is the default form of main.ts.
const issuer = issuerUrl || `http://127.0.0.1:${oidcPort}`;
const { access_token: token } = await signIn({ issuerUrl: issuer, clientId: 'forms-admin-example' }, 'admin', 'admin-password');
const signedInMs = Math.round(performance.now() - t0);

const uploads: { file: string; status: number; ms: number; atMs: number }[] = [];
for (const file of [files[0]!, ...files]) {
  const bytes = await readFile(path.join(fixtures, file));
  const form = new FormData();
  form.append('Pdf', new Blob([bytes], { type: 'application/pdf' }), file);
  const start = performance.now();
  const response = await fetch(`${url}/api/FormGenerator/UploadPdf`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  await response.arrayBuffer();
  uploads.push({ file, status: response.status, ms: Math.round(performance.now() - start), atMs: Math.round(start - t0) });
}
child.kill('SIGTERM');
await new Promise((resolve) => child.once('exit', resolve));
await rm(dataDir, { recursive: true, force: true });
process.stdout.write(`${JSON.stringify({ healthMs, bannerMs, signedInMs, uploads, loadBefore, loadAfter: os.loadavg().map((l) => l.toFixed(2)) })}\n`);
