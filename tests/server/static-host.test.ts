// @vitest-environment node
/**
 * The weight of the served host on the wire: compressed text files (brotli, else gzip; precompressed copies from the
 * build when current, else compressed on the fly) with `Vary: Accept-Encoding`, hashed assets cached as immutable,
 * index.html revalidated, source maps never served.
 */
import { request } from 'node:http';
import { mkdtemp, mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding } from '../../example-host/shared/compression';
import { START_TIMEOUT_MS, startTestServer, type TestServer } from './helpers';

let server: TestServer;
let hostDist: string;

/** A script of about 60 kB that compresses well, as real bundles do. */
const SCRIPT = Array.from({ length: 2000 }, (_, i) => `export const value${i} = ${JSON.stringify(`text ${i % 37}`)};`).join('\n');
/** Large enough to be compressed (1 kB and more). */
const INDEX_HTML = `<!doctype html><title>Host</title><div id="root"></div><!-- ${'padding '.repeat(300)} -->`;
const HASHED_SCRIPT = '/assets/index-B9k8X82G.js';
const PRECOMPRESSED_SCRIPT = '/assets/vendor-Q1w2E3r4.js';
const STALE_SCRIPT = '/assets/stale-Z9y8X7w6.js';

beforeAll(async () => {
  hostDist = await mkdtemp(path.join(os.tmpdir(), 'forms-admin-host-weight-'));
  await mkdir(path.join(hostDist, 'assets'));
  await writeFile(path.join(hostDist, 'index.html'), INDEX_HTML);
  await writeFile(path.join(hostDist, HASHED_SCRIPT), SCRIPT);
  await writeFile(path.join(hostDist, `${HASHED_SCRIPT}.map`), JSON.stringify({ version: 3, sources: ['secret.ts'] }));
  await writeFile(path.join(hostDist, 'assets', 'plain.js'), SCRIPT);
  await writeFile(path.join(hostDist, 'top-level.map'), '{}');
  // A build's copies: they hold a marker the file itself has not, so a test sees which one was sent.
  await writeFile(path.join(hostDist, PRECOMPRESSED_SCRIPT), SCRIPT);
  await writeFile(path.join(hostDist, `${PRECOMPRESSED_SCRIPT}.br`), brotliCompressSync(`/* from the build */${SCRIPT}`));
  // A copy older than its file (left by an earlier build) must not be sent.
  await writeFile(path.join(hostDist, STALE_SCRIPT), SCRIPT);
  await writeFile(path.join(hostDist, `${STALE_SCRIPT}.br`), brotliCompressSync(`/* earlier build */${SCRIPT}`));
  const past = new Date(Date.now() - 60_000);
  await utimes(path.join(hostDist, `${STALE_SCRIPT}.br`), past, past);
  server = await startTestServer({ hostDist });
}, START_TIMEOUT_MS);

afterAll(async () => {
  await server?.stop();
  if (hostDist) await rm(hostDist, { recursive: true, force: true });
});

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as sent (fetch would decode them). */
  body: Buffer;
}

/** A GET that leaves the body as it came over the wire. */
function get(pathname: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(pathname, server.url), { method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function varyOf(res: RawResponse): string[] {
  return String(res.headers.vary ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase());
}

describe('compression', () => {
  it('sends brotli to a browser that takes it, with Vary: Accept-Encoding', async () => {
    const res = await get(HASHED_SCRIPT, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(varyOf(res)).toContain('accept-encoding');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
    expect(res.body.byteLength).toBeLessThan(SCRIPT.length / 4);
    expect(Number(res.headers['content-length'])).toBe(res.body.byteLength);
  });

  it('sends gzip to a client without brotli, and the file as it is to one that takes neither', async () => {
    const gz = await get(HASHED_SCRIPT, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(varyOf(gz)).toContain('accept-encoding');
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);

    const plain = await get(HASHED_SCRIPT);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(varyOf(plain)).toContain('accept-encoding');
    expect(plain.body.toString()).toBe(SCRIPT);

    const refused = await get(HASHED_SCRIPT, { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('sends the build’s current precompressed copy, and compresses the file itself when the copy is older', async () => {
    const fromBuild = await get(PRECOMPRESSED_SCRIPT, { 'accept-encoding': 'br' });
    expect(fromBuild.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(fromBuild.body).toString()).toBe(`/* from the build */${SCRIPT}`);

    const stale = await get(STALE_SCRIPT, { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(stale.body).toString()).toBe(SCRIPT);
  });

  it('compresses index.html, also when it answers a route of the host', async () => {
    for (const pathname of ['/', '/form-instance/5b0c1f0e-0000-4000-8000-000000000001?mode=new']) {
      const res = await get(pathname, { 'accept-encoding': 'br, gzip' });
      expect(res.status, pathname).toBe(200);
      expect(res.headers['content-encoding'], pathname).toBe('br');
      expect(brotliDecompressSync(res.body).toString(), pathname).toBe(INDEX_HTML);
    }
  });

  it('keeps the CORS middleware’s Vary: Origin beside Accept-Encoding', async () => {
    const res = await get(HASHED_SCRIPT, { 'accept-encoding': 'br', origin: 'http://127.0.0.1:5173' });
    expect(varyOf(res)).toEqual(expect.arrayContaining(['origin', 'accept-encoding']));
  });

  it('chooses brotli over gzip, honours q=0 and *', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip;q=1.0, br;q=0.5')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });
});

describe('caching', () => {
  it('caches hashed assets for a year as immutable', async () => {
    const res = await get(HASHED_SCRIPT, { 'accept-encoding': 'br' });
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates index.html (also for routes) and files without a content hash', async () => {
    for (const pathname of ['/', '/index.html', '/admin/auth/assign-claims-to-roles', '/assets/plain.js']) {
      const res = await get(pathname);
      expect(res.status, pathname).toBe(200);
      expect(res.headers['cache-control'], pathname).toBe('no-cache');
    }
  });
});

describe('source maps', () => {
  it('are never served, whether or not the file exists', async () => {
    for (const pathname of [`${HASHED_SCRIPT}.map`, '/top-level.map', '/assets/missing-AAAAAAAA.js.map', '/%61ssets/index-B9k8X82G.js.map']) {
      const res = await get(pathname);
      expect(res.status, pathname).toBe(404);
      expect(res.headers['content-type'], pathname).toContain('application/problem+json');
      expect(res.body.toString(), pathname).not.toContain('secret.ts');
    }
  });
});
