#!/usr/bin/env node
// Writes tests/storybook/story-seconds.json, each story's seconds in the accessibility run, from the record a run
// keeps in .tmp/cache/axe-story-seconds.json (git-ignored): tests/storybook/axe-stories.mjs reads it so that a fresh
// clone starts the slowest stories first. Run it after a full run (`npm test` or `node tests/storybook/axe-stories.mjs`):
//   node tests/storybook/update-story-seconds.mjs [record]
// Seconds are rounded to tenths; stories the record does not hold keep their recorded seconds.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const record = process.argv[2] ?? join(root, '.tmp', 'cache', 'axe-story-seconds.json');
const target = join(here, 'story-seconds.json');

const seconds = JSON.parse(readFileSync(record, 'utf8'));
const stories = existsSync(target) ? JSON.parse(readFileSync(target, 'utf8')).stories : {};
let updated = 0;
for (const [id, value] of Object.entries(seconds)) {
  if (typeof value !== 'number') continue;
  stories[id] = Math.round(value * 10) / 10;
  updated += 1;
}
const sorted = Object.fromEntries(Object.entries(stories).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
writeFileSync(target, `${JSON.stringify({ stories: sorted }, null, 2)}\n`);
console.log(`${updated} stories' seconds written to ${relative(root, target)} (${Object.keys(sorted).length} in all)`);
