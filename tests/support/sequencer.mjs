// The Vitest sequencer of vitest.config.ts (types in sequencer.d.mts). Plain JavaScript with its extension, so that
// Vite's config loader takes it as it is.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer } from 'vitest/node';

/** Shared projects that run before the isolated files, in this order: their files are the slow screens and stories. */
const SHARED_FIRST = ['component', 'stories'];
/** Shared projects that run after the isolated files, in this order (any other shared project runs last). */
const SHARED_LAST = ['dom', 'backend', 'node-shared', 'unit'];

/**
 * Starts the slowest test files first, from the durations of an earlier full run kept in the repository (a fresh
 * clone has no Vitest cache, and Vitest's own order then puts larger files first, whatever they take), so that no long
 * file starts while the other core has nothing left to do.
 *
 * The files of a project that shares its worker (`isolate: false`) stay together: Vitest's pool reuses a shared worker
 * only while the next queued file is of the same project, and otherwise ends it, so that the next file of the project
 * pays for a new window and its imports again. So `component` runs first, then `stories`, then the isolated projects'
 * files (`dom`, `node`: no worker to keep) merged into one list, then `backend`, then `unit`, each slowest first. A file with no recorded duration
 * (a new one) counts as the slowest, as in Vitest's own order.
 */
export default class DurationSequencer extends BaseSequencer {
  /** @param {import('vitest/node').TestSpecification[]} files */
  sort(files) {
    const durations = readDurations();
    const root = this.ctx.config.root;
    const path = (spec) => relative(root, spec.moduleId).split('\\').join('/');
    const seconds = (spec) => durations[path(spec)] ?? Number.POSITIVE_INFINITY;
    const rank = (spec) => {
      if (spec.project.config.isolate) return SHARED_FIRST.length;
      const first = SHARED_FIRST.indexOf(spec.project.name);
      if (first !== -1) return first;
      const last = SHARED_LAST.indexOf(spec.project.name);
      return SHARED_FIRST.length + 1 + (last === -1 ? SHARED_LAST.length : last);
    };
    const together = (a, b) =>
      a.project.name === b.project.name || (a.project.config.isolate && b.project.config.isolate);
    const sorted = [...files].sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        rank(a) - rank(b) ||
        (together(a, b) ? bySecondsDown(seconds(a), seconds(b)) : a.project.name < b.project.name ? -1 : 1),
    );
    // CCQ_PRINT_ORDER=1 prints the order chosen, one `<project> <recorded seconds> <file>` a line.
    if (process.env.CCQ_PRINT_ORDER) {
      for (const spec of sorted) console.log(`${spec.project.name} ${seconds(spec)} ${path(spec)}`);
    }
    return Promise.resolve(sorted);
  }
}

/** @param {number} a @param {number} b */
function bySecondsDown(a, b) {
  if (a === b) return 0;
  return a > b ? -1 : 1;
}

/**
 * Seconds each test file took in a full run, by path from the repository's root (whichever project ran it), from
 * tests/support/file-durations.json.
 * @returns {Record<string, number>}
 */
function readDurations() {
  try {
    const text = readFileSync(new URL('./file-durations.json', import.meta.url), 'utf8');
    return JSON.parse(text).files;
  } catch {
    return {};
  }
}
