// Writes tests/support/file-durations.json, the seconds each Vitest file took, read by tests/support/sequencer.ts to
// start the slowest files first. Reads the JSON report of a full run (`npm test` writes .tmp/results/vitest.json; or
// `npx vitest run --reporter=json --outputFile.json=<file>`):
//   node tests/support/update-durations.mjs [report [root of the checkout that ran it]]
// Seconds are rounded to tenths; files the report does not hold keep their recorded seconds.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const report = process.argv[2] ?? join(root, '.tmp', 'results', 'vitest.json');
const runRoot = process.argv[3] ?? root;
const target = join(here, 'file-durations.json');

const json = JSON.parse(readFileSync(report, 'utf8'));
const files = existsSync(target) ? JSON.parse(readFileSync(target, 'utf8')).files : {};
let updated = 0;
for (const result of json.testResults ?? []) {
  if (typeof result.startTime !== 'number' || typeof result.endTime !== 'number') continue;
  const path = relative(runRoot, result.name).split('\\').join('/');
  files[path] = Math.round((result.endTime - result.startTime) / 100) / 10;
  updated += 1;
}
const sorted = Object.fromEntries(Object.entries(files).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
writeFileSync(target, `${JSON.stringify({ files: sorted }, null, 2)}\n`);
console.log(`${updated} files' seconds written to ${relative(root, target)} (${Object.keys(sorted).length} in all)`);
