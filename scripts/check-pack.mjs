#!/usr/bin/env node
// Package checks on the real tarball: publint, Are the Types Wrong, and scratch ESM and CJS
// projects that install the tarball and import the entry points. Writes .tmp/results/pack.json.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const tmp = join(root, '.tmp', 'pack');
rmSync(tmp, { recursive: true, force: true });
mkdirSync(tmp, { recursive: true });

const run = (cmd, args, cwd = root) =>
  execFileSync(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } });

execFileSync('npm', ['pack', '--silent', '--pack-destination', tmp], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
const tarball = join(tmp, readdirSync(tmp).find((f) => f.endsWith('.tgz')));

const checks = [];
function check(name, fn) {
  try {
    const out = fn();
    console.log(`✓ ${name}${out ? `\n${out.trim()}` : ''}`);
    checks.push({ name, ok: true });
  } catch (error) {
    const detail = [error.stdout, error.stderr, error.message].filter(Boolean).join('\n');
    console.log(`✗ ${name}\n${detail}`);
    checks.push({ name, ok: false });
  }
}

check('publint --strict', () => {
  const out = run('npx', ['publint', 'run', tarball, '--strict']);
  if (!/All good/i.test(out)) throw Object.assign(new Error('publint reported messages'), { stdout: out });
  return '';
});
check('attw (node16 + bundler)', () => run('npx', ['attw', tarball, '--profile', 'node16', '--format', 'table-flipped', '--no-emoji']));

const peers = ['react@19', 'react-dom@19', '@mantine/core@9.5.2', '@mantine/hooks@9.5.2', '@mantine/notifications@9.5.2', '@mantine/modals@9.5.2', '@tanstack/react-query@5', 'oidc-client-ts@3', 'msw@2'];
const scratch = join(tmp, 'scratch');
mkdirSync(scratch, { recursive: true });
writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'scratch', private: true, version: '0.0.0' }));
check('install the tarball into a scratch project', () =>
  run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts', tarball, ...peers], scratch) && '');

writeFileSync(
  join(scratch, 'esm.mjs'),
  `import { APIProvider, useApi } from '@ccq/forms-admin';
import { createApiClient, ApiError, Permission } from '@ccq/forms-admin/api';
import * as viewer from '@ccq/forms-admin/viewer';
import { createFakeBackend } from '@ccq/forms-admin/testing';
if (typeof APIProvider !== 'function' || typeof useApi !== 'function') throw new Error('root exports missing');
if (typeof createApiClient !== 'function' || typeof ApiError !== 'function' || Permission.GlobalDataAdmin !== 0) throw new Error('api exports missing');
if (typeof createFakeBackend !== 'function') throw new Error('testing exports missing');
if (Object.keys(viewer).length === 0) throw new Error('viewer exports missing');
const client = createApiClient({ baseUrl: 'http://127.0.0.1:9' });
if (typeof client.healthCheck.get !== 'function') throw new Error('client shape');
console.log('esm ok');
`,
);
writeFileSync(
  join(scratch, 'cjs.cjs'),
  `const { APIProvider } = require('@ccq/forms-admin');
const { createApiClient, ApiError } = require('@ccq/forms-admin/api');
const viewer = require('@ccq/forms-admin/viewer');
const { createFakeBackend } = require('@ccq/forms-admin/testing');
if (typeof APIProvider !== 'function') throw new Error('root exports missing');
if (typeof createApiClient !== 'function' || typeof ApiError !== 'function') throw new Error('api exports missing');
if (typeof createFakeBackend !== 'function' || Object.keys(viewer).length === 0) throw new Error('entry missing');
console.log('cjs ok');
`,
);
check('scratch ESM project imports the entry points', () => run('node', ['esm.mjs'], scratch));

// The built `/viewer` entry and every chunk it imports, as published: an integrator's public page must not carry the
// admin screens, the fake backend or MSW. Marks: the displayNames of the admin screens and of their shared
// parts (permission editor, "why can they?" panel, change history), a claim-catalogue description (the admin screens'
// and the server's claim texts), the fake's factory name, and MSW imports.
const VIEWER_FORBIDDEN = [
  ...['RoleManagement', 'RoleManagementView', 'UserRoleManagement', 'UserRoleManagementView', 'PermissionEditor', 'PermissionEditorView', 'EffectivePermissionsPanel', 'PermissionHistoryPanel'].map(
    (name) => `'@ccq/forms-admin/${name}'`,
  ),
  'Full access to every record and every administration function',
  'createFakeBackend',
  'from "msw"',
  "from 'msw'",
];
check('the built /viewer entry reaches no admin screen, fake backend or MSW', () => {
  const dist = join(scratch, 'node_modules', '@ccq', 'forms-admin', 'dist');
  const seen = new Set();
  const queue = ['viewer.js'];
  while (queue.length) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(join(dist, file), 'utf8');
    for (const m of text.matchAll(/(?:from|import)\s*["']\.\/([^"']+)["']/g)) queue.push(m[1]);
    for (const mark of VIEWER_FORBIDDEN) {
      // A displayName may be written with either quote by the bundler.
      const marks = mark.startsWith("'") ? [mark, `"${mark.slice(1, -1)}"`] : [mark];
      if (marks.some((m) => text.includes(m))) throw new Error(`dist/${file} (reached from dist/viewer.js) contains ${mark}`);
    }
  }
  const viewer = readFileSync(join(dist, 'viewer.js'), 'utf8');
  if (!/FormInstanceViewer/.test([...seen].map((f) => readFileSync(join(dist, f), 'utf8')).join('\n'))) {
    throw new Error('dist/viewer.js does not reach FormInstanceViewer');
  }
  return `${seen.size} files reached from dist/viewer.js (${viewer.length} bytes entry)`;
});
check('scratch CJS project requires the entry points', () => run('node', ['cjs.cjs'], scratch));

const passed = checks.filter((c) => c.ok).length;
const failed = checks.length - passed;
mkdirSync(join(root, '.tmp', 'results'), { recursive: true });
writeFileSync(join(root, '.tmp', 'results', 'pack.json'), JSON.stringify({ passed, failed }));
console.log(`package checks: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
