#!/usr/bin/env node
// `npm run bench:size`: the gzipped size of each entry point, its shared chunks included, with
// every peer dependency left out (they are the host's). Builds first when dist/ is missing.
import { build } from 'esbuild';
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { execFileSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
if (!existsSync(`${root}dist/index.js`)) execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });

const peers = ['react', 'react-dom', 'react/jsx-runtime', '@mantine/*', '@tanstack/react-query', 'oidc-client-ts', 'msw', 'msw/*'];
const entries = { '.': 'index.js', './api': 'api.js', './viewer': 'viewer.js', './testing': 'testing.js' };

const rows = [];
for (const [name, file] of Object.entries(entries)) {
  // Bundle the entry with its chunks and minify, as a host's bundler would.
  const result = await build({
    entryPoints: [`${root}dist/${file}`],
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    external: peers,
    platform: 'browser',
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  rows.push({ entry: `@ccq/forms-admin${name === '.' ? '' : name.slice(1)}`, minified: code.length, gzip: gzipSync(code, { level: 9 }).length });
}
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
console.log('entry'.padEnd(28), 'minified'.padStart(10), 'gzip'.padStart(10));
for (const r of rows) console.log(r.entry.padEnd(28), kb(r.minified).padStart(10), kb(r.gzip).padStart(10));
