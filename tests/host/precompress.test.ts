// @vitest-environment node
/** The build step that writes brotli and gzip copies of the host's text files for the server to send. */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, expect, it } from 'vitest';
import { precompress } from '../../example-host/precompress';

let dir: string | null = null;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = null;
});

it('writes .br and .gz beside each text file of 1 kB and more, and nothing for small or binary files', async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'forms-admin-precompress-'));
  // Vite has written the files themselves before this hook runs.
  await mkdir(path.join(dir, 'assets'));
  const script = 'console.log("a line of the host");\n'.repeat(100);
  const css = '.a { color: red; }\n'.repeat(100);
  const bundle = {
    'assets/index-AAAAAAAA.js': { type: 'chunk', fileName: 'assets/index-AAAAAAAA.js', code: script },
    'assets/index-BBBBBBBB.css': { type: 'asset', fileName: 'assets/index-BBBBBBBB.css', source: new TextEncoder().encode(css) },
    'assets/tiny-CCCCCCCC.js': { type: 'chunk', fileName: 'assets/tiny-CCCCCCCC.js', code: 'export {};' },
    'assets/logo-DDDDDDDD.png': { type: 'asset', fileName: 'assets/logo-DDDDDDDD.png', source: new Uint8Array(4096) },
    'assets/index-AAAAAAAA.js.map': { type: 'asset', fileName: 'assets/index-AAAAAAAA.js.map', source: '{}'.padEnd(4096) },
  };
  const plugin = precompress();
  const hook = plugin.writeBundle as unknown as (options: { dir: string }, bundle: Record<string, unknown>) => Promise<void>;
  await hook.call({}, { dir }, bundle);
  const at = (name: string) => path.join(dir as string, name);
  expect(brotliDecompressSync(await readFile(at('assets/index-AAAAAAAA.js.br'))).toString()).toBe(script);
  expect(gunzipSync(await readFile(at('assets/index-AAAAAAAA.js.gz'))).toString()).toBe(script);
  expect(brotliDecompressSync(await readFile(at('assets/index-BBBBBBBB.css.br'))).toString()).toBe(css);
  for (const skipped of ['assets/tiny-CCCCCCCC.js', 'assets/logo-DDDDDDDD.png', 'assets/index-AAAAAAAA.js.map']) {
    expect(existsSync(at(`${skipped}.br`)), skipped).toBe(false);
    expect(existsSync(at(`${skipped}.gz`)), skipped).toBe(false);
  }
});
