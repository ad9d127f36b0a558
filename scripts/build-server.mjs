#!/usr/bin/env node
// `npm run build:server`: the reference backend as plain JavaScript in build/server/, which `node` runs without a
// TypeScript loader: `node build/server/main.js`. Two bundles made by esbuild, the packages of node_modules left as
// imports: main.js (the server) and pdf-worker.js (the PDF worker thread it starts beside itself, see
// example-host/server/pdf/worker.ts), plus the files the server reads next to its code (the example application
// model). build/server sits two folders below the repository as example-host/server does, so that paths the server
// finds from its own place (the default data folder .data/pglite) are the same built or not.
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { bundleBackend } from './server-bundle.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = `${root}build/server/`;
const started = performance.now();
await rm(out, { recursive: true, force: true });
await bundleBackend(root, out, { main: 'example-host/server/main.ts', 'pdf-worker': 'example-host/server/pdf/worker-main.ts' });
process.stdout.write(`Built the reference server into build/server/ in ${Math.round(performance.now() - started)} ms.\n`);
