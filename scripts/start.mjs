#!/usr/bin/env node
// `npm start`: builds the example host and the reference backend, and starts the whole product on loopback — the reference
// backend with its embedded database and development identity provider, serving the host on the
// same origin. Prints the URL and the seeded accounts. Ctrl-C stops everything.
import { spawn, spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const build = spawnSync('npx', ['vite', 'build', '-c', 'example-host/vite.config.ts', '--logLevel', 'warn'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

// The server runs as built JavaScript (scripts/build-server.mjs), as a deployment runs it: no TypeScript loader.
const serverBuild = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
if (serverBuild.status !== 0) process.exit(serverBuild.status ?? 1);

const server = spawn(process.execPath, ['build/server/main.js'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, HOST_DIST: process.env.HOST_DIST ?? 'example-host/dist' },
});
const stop = (signal) => {
  if (server.exitCode === null) server.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
