#!/usr/bin/env node
// `npm test`: every check and test of the project, in order, then one plain summary line
// `N passed, N failed` over all of them. Each test runner writes its counts to .tmp/results/*.json.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const results = join(root, '.tmp', 'results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

/** @type {{ name: string, cmd: string, args: string[], counts?: string }[]} */
const steps = [
  { name: 'typecheck', cmd: 'npx', args: ['tsc', '-p', 'tsconfig.json', '--noEmit'] },
  { name: 'typecheck storybook', cmd: 'npx', args: ['tsc', '-p', '.storybook/tsconfig.json', '--noEmit'] },
  { name: 'lint', cmd: 'npx', args: ['eslint', '.', '--max-warnings', '0'] },
  {
    name: 'unit, component, contract and server tests',
    cmd: 'npx',
    args: ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${join(results, 'vitest.json')}`],
    counts: 'vitest.json',
  },
  { name: 'build', cmd: 'npm', args: ['run', 'build', '--silent'] },
  { name: 'package checks', cmd: 'node', args: ['scripts/check-pack.mjs'], counts: 'pack.json' },
  { name: 'storybook build', cmd: 'npm', args: ['run', 'build-storybook', '--silent'] },
  { name: 'storybook accessibility', cmd: 'node', args: ['tests/storybook/axe-stories.mjs'], counts: 'axe.json' },
  {
    name: 'end-to-end tests',
    cmd: 'npx',
    args: ['vitest', 'run', '-c', 'vitest.e2e.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${join(results, 'e2e.json')}`],
    counts: 'e2e.json',
    optional: 'vitest.e2e.config.ts',
  },
];

let passed = 0;
let failed = 0;
const failures = [];
const only = process.argv.slice(2);

for (const step of steps) {
  if (only.length && !only.some((o) => step.name.includes(o))) continue;
  if (step.optional && !existsSync(join(root, step.optional))) continue;
  console.log(`\n▶ ${step.name}`);
  const started = Date.now();
  const r = spawnSync(step.cmd, step.args, { cwd: root, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } });
  const ok = r.status === 0;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  let counted = false;
  if (step.counts) {
    const file = join(results, step.counts);
    if (existsSync(file)) {
      const json = JSON.parse(readFileSync(file, 'utf8'));
      // vitest's JSON reporter and our own scripts share these two fields.
      const p = json.numPassedTests ?? json.passed ?? 0;
      const f = json.numFailedTests ?? json.failed ?? 0;
      passed += p;
      failed += f;
      counted = true;
      if (!ok && f === 0) failed += 1; // the runner failed outside any test
    }
  }
  if (!counted) {
    if (ok) passed += 1;
    else failed += 1;
  }
  if (!ok) failures.push(step.name);
  console.log(`${ok ? '✓' : '✗'} ${step.name} (${seconds} s)`);
}

if (failures.length) console.log(`\nFailed: ${failures.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failures.length ? 1 : 0);
