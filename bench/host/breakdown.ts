/**
 * What the public route's JavaScript holds: reads the last bench build (.tmp/bench-host-dist, written by
 * `npm run bench:host`) and the scripts its results file says the public route loaded, attributes each byte of those
 * scripts to its source module through the build's hidden source maps, and prints the largest packages (or folders
 * of src/ and example-host/) and modules with their share of the brotli size (apportioned by minified bytes, so the
 * shares are estimates that add up to the measured total of each file).
 *
 *   node --import tsx bench/host/breakdown.ts [--results=bench/host/results.json] [--modules=40] [file.js …]
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

const root = path.resolve(new URL('../..', import.meta.url).pathname);
const assets = path.join(root, '.tmp/bench-host-dist/assets');
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

/** `react-dom`, `@mantine/core`, `src/forms`, `example-host/src`… */
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
  const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const modules = Number(option('modules') ?? 40);
  let files = args.filter((a) => !a.startsWith('--'));
  if (!files.length) {
    const resultsFile = path.resolve(option('results') ?? path.join(root, 'bench/host/results.json'));
    const results = JSON.parse(await readFile(resultsFile, 'utf8')) as { runs: { resources: { url: string }[] }[] };
    files = (results.runs[0]?.resources ?? [])
      .map((r) => new URL(r.url).pathname)
      .filter((p) => p.startsWith('/assets/') && p.endsWith('.js'))
      .map((p) => p.slice('/assets/'.length));
  }
  const perSource = new Map<string, number>();
  let total = 0;
  for (const file of files) {
    const code = await readFile(path.join(assets, file), 'utf8');
    const br = brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    total += br;
    const mapFile = path.join(assets, `${file}.map`);
    if (!existsSync(mapFile)) {
      perSource.set(file, (perSource.get(file) ?? 0) + br);
      continue;
    }
    const map = JSON.parse(await readFile(mapFile, 'utf8')) as { sources: string[]; mappings: string };
    const bytes = bytesPerSource(code, map);
    const mapped = [...bytes.values()].reduce((a, b) => a + b, 0) || 1;
    for (const [source, n] of bytes) {
      const absolute = path.resolve(assets, source);
      perSource.set(absolute, (perSource.get(absolute) ?? 0) + (n / mapped) * br);
    }
    process.stdout.write(`${(br / 1000).toFixed(1).padStart(6)} kB  ${file}\n`);
  }
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1).padStart(6)} kB`;
  const print = (title: string, key: (source: string) => string, limit: number) => {
    const totals = new Map<string, number>();
    for (const [source, bytes] of perSource) totals.set(key(source), (totals.get(key(source)) ?? 0) + bytes);
    process.stdout.write(`\n${title}\n`);
    for (const [name, bytes] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, limit)) process.stdout.write(`${kb(bytes)}  ${name}\n`);
  };
  process.stdout.write(`\nThe public route: ${kb(total)} of JS brotli (quality 11) in ${files.length} files\n`);
  print('By package (src/ by folder):', groupOf, 30);
  print(`Largest ${modules} modules:`, moduleOf, modules);
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exitCode = 1;
});
