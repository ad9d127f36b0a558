/**
 * Builds each bench page on its own with vite (production mode), so that a page's JS is exactly what that peer
 * needs, and measures its JS gzipped (every emitted .js file, level 9, as a host's server would send it).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

export interface PageBuild {
  page: string;
  dir: string;
  /** Emitted JS: raw bytes and gzipped bytes, summed over the page's files. */
  jsBytes: number;
  jsGzip: number;
  cssGzip: number;
  files: { file: string; bytes: number; gzip: number }[];
  buildMs: number;
}

/** Mantine's `'use client'` banners warn on every module; they mean nothing in a client-only bundle. */
function isNoise(warning: { code?: string; message?: string }): boolean {
  return warning.code === 'MODULE_LEVEL_DIRECTIVE' || /['"]use client['"]/.test(warning.message ?? '');
}

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : Promise.resolve([path.join(dir, e.name)]))));
  return nested.flat();
}

/** Sizes of an already built page folder. */
export async function measurePage(page: string, dir: string, buildMs: number): Promise<PageBuild> {
  const files: PageBuild['files'] = [];
  let cssGzip = 0;
  for (const file of await walk(dir)) {
    const content = await readFile(file);
    const gzip = gzipSync(content, { level: 9 }).length;
    if (file.endsWith('.js')) files.push({ file: path.relative(dir, file), bytes: content.length, gzip });
    else if (file.endsWith('.css')) cssGzip += gzip;
  }
  if (!files.length) throw new Error(`No JS in ${dir}: build the pages again (without --no-build).`);
  return {
    page,
    dir,
    jsBytes: files.reduce((s, f) => s + f.bytes, 0),
    jsGzip: files.reduce((s, f) => s + f.gzip, 0),
    cssGzip,
    files,
    buildMs,
  };
}

/** Builds `pages/{page}.html` into `{outRoot}/{page}` and returns its sizes. */
export async function buildPage(page: string, pagesDir: string, outRoot: string): Promise<PageBuild> {
  const outDir = path.join(outRoot, page);
  const t0 = performance.now();
  await build({
    configFile: false,
    root: pagesDir,
    base: './',
    mode: 'production',
    logLevel: 'warn',
    plugins: [react()],
    build: {
      outDir,
      emptyOutDir: true,
      sourcemap: false,
      reportCompressedSize: false,
      chunkSizeWarningLimit: 5000,
      rolldownOptions: {
        input: path.join(pagesDir, `${page}.html`),
        onwarn(warning, defaultHandler) {
          if (!isNoise(warning)) defaultHandler(warning);
        },
      },
    },
  });
  return measurePage(page, outDir, performance.now() - t0);
}
