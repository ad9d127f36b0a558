/**
 * What a bench page's JS holds: builds `pages/{page}.html` as the bench does (vite, production) with source maps
 * into node_modules/.cache/bench-renderer-breakdown/, attributes each byte of the emitted JS to its source module
 * through the maps, and prints the largest packages (or folders of src/) and modules with their share of the
 * gzipped size (apportioned by minified bytes; gzip compresses some code better than other, so the shares are
 * estimates that add up to the measured total).
 *
 *   node --import tsx bench/renderer/breakdown.ts [page=viewer] [--modules=40]
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const root = path.resolve(new URL('../..', import.meta.url).pathname);
const pagesDir = path.join(root, 'bench/renderer/pages');
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Decodes one source-map segment (base64 VLQ). */
function decodeSegment(text: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const ch of text) {
    let digit = B64.indexOf(ch);
    const more = digit & 32;
    digit &= 31;
    value += digit << shift;
    if (more) shift += 5;
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/** Bytes of `code` per source of its map (generated columns up to the next mapped segment). */
function bytesPerSource(code: string, map: { sources: string[]; mappings: string }): Map<string, number> {
  const out = new Map<string, number>();
  const lines = code.split('\n');
  let source = 0;
  map.mappings.split(';').forEach((segments, lineIndex) => {
    const line = lines[lineIndex] ?? '';
    let column = 0;
    const points: [number, number][] = [];
    for (const segment of segments ? segments.split(',') : []) {
      const fields = decodeSegment(segment);
      column += fields[0] ?? 0;
      if (fields.length > 1) {
        source += fields[1] ?? 0;
        points.push([column, source]);
      }
    }
    points.forEach(([start, src], i) => {
      const end = i + 1 < points.length ? (points[i + 1] as [number, number])[0] : line.length;
      const name = map.sources[src] ?? '?';
      out.set(name, (out.get(name) ?? 0) + end - start);
    });
  });
  return out;
}

/** `react-dom`, `@mantine/core`, `src/forms`, `bench/renderer`… (sources are relative to the asset's folder). */
function groupOf(absolute: string): string {
  const inPackage = absolute.split('/node_modules/').pop() as string;
  if (inPackage !== absolute) return (/^((?:@[^/]+\/)?[^/]+)/.exec(inPackage)?.[1] ?? inPackage) as string;
  return path.relative(root, absolute).split(path.sep).slice(0, 2).join('/');
}

function moduleOf(absolute: string): string {
  const inPackage = absolute.split('/node_modules/').pop() as string;
  return inPackage !== absolute ? inPackage : path.relative(root, absolute);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const page = args.find((a) => !a.startsWith('--')) ?? 'viewer';
  const modules = Number(/^--modules=(\d+)$/.exec(args.find((a) => a.startsWith('--modules=')) ?? '')?.[1] ?? 40);
  const outDir = path.join(root, 'node_modules/.cache/bench-renderer-breakdown', page);
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
      sourcemap: true,
      reportCompressedSize: false,
      chunkSizeWarningLimit: 5000,
      rolldownOptions: {
        input: path.join(pagesDir, `${page}.html`),
        onwarn(warning, defaultHandler) {
          if (warning.code !== 'MODULE_LEVEL_DIRECTIVE' && !/['"]use client['"]/.test(warning.message ?? '')) defaultHandler(warning);
        },
      },
    },
  });
  const assets = path.join(outDir, 'assets');
  const perSource = new Map<string, number>();
  let gzip = 0;
  let mapped = 0;
  for (const file of (await readdir(assets)).filter((f) => f.endsWith('.js'))) {
    const code = await readFile(path.join(assets, file), 'utf8');
    // Without the source-map comment, as the bench's own build emits it.
    gzip += gzipSync(code.replace(/\n\/\/# sourceMappingURL=.*\s*$/, ''), { level: 9 }).length;
    const map = JSON.parse(await readFile(path.join(assets, `${file}.map`), 'utf8')) as { sources: string[]; mappings: string };
    for (const [source, bytes] of bytesPerSource(code, map)) {
      const absolute = path.resolve(assets, source);
      perSource.set(absolute, (perSource.get(absolute) ?? 0) + bytes);
      mapped += bytes;
    }
  }
  const kb = (bytes: number) => `${((bytes / mapped) * gzip / 1000).toFixed(1).padStart(6)} kB`;
  const print = (title: string, key: (source: string) => string, limit: number) => {
    const totals = new Map<string, number>();
    for (const [source, bytes] of perSource) totals.set(key(source), (totals.get(key(source)) ?? 0) + bytes);
    process.stdout.write(`\n${title}\n`);
    for (const [name, bytes] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, limit)) process.stdout.write(`${kb(bytes)}  ${name}\n`);
  };
  process.stdout.write(`${page}: ${(gzip / 1000).toFixed(1)} kB of JS gzipped (${mapped} minified bytes mapped)\n`);
  print('By package (src/ by folder):', groupOf, 30);
  print(`Largest ${modules} modules:`, moduleOf, modules);
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exitCode = 1;
});
