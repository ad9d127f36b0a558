#!/usr/bin/env node
// `npm run build:server`: the reference backend as plain JavaScript in build/server/, which `node` runs without a
// TypeScript loader: `node build/server/main.js`. Two bundles made by esbuild, the packages of node_modules left as
// imports: main.js (the server) and pdf-worker.js (the PDF worker thread it starts beside itself, see
// example-host/server/pdf/worker.ts), plus the files the server reads next to its code (the example application
// model). build/server sits two folders below the repository as example-host/server does, so that paths the server
// finds from its own place (the default data folder .data/pglite) are the same built or not.
import { copyFile, mkdir, rm } from 'node:fs/promises';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url);
const out = new URL('build/server/', root);
const started = performance.now();

await rm(out, { recursive: true, force: true });
await mkdir(out, { recursive: true });
await build({
  absWorkingDir: root.pathname,
  entryPoints: { main: 'example-host/server/main.ts', 'pdf-worker': 'example-host/server/pdf/worker-main.ts' },
  outdir: out.pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  // Bundled CommonJS helpers ask for `require`; an ES module has none of its own.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});
await copyFile(new URL('example-host/server/pdf/application-model.json', root), new URL('application-model.json', out));
process.stdout.write(`Built the reference server into build/server/ in ${Math.round(performance.now() - started)} ms.\n`);
