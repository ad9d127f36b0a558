import { basename } from 'node:path';
import { BaseSequencer } from 'vitest/node';
import type { TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * How many end-to-end files run at once. The files of one worker run one after the other on that worker's backend
 * (tests/e2e/stack.ts), the workers share nothing but the run's Chromium; two at a time keep both cores of the CI
 * machine busy. E2E_WORKERS sets another number (1 runs them one after the other, on one backend).
 */
const workers = Math.max(1, Number(process.env.E2E_WORKERS) || 2);

/**
 * The end-to-end files, slowest first, as measured in the last fresh-clone CI run (seconds of a file beside the
 * Storybook accessibility run, load 3–10): signing-journey 137, layout 103, form-builder-journey 103, defects 84,
 * public-form-visitors 72, responses-journey 72, sign-in 66 (it waits for a token renewal), permission-journey 62; then,
 * from the runs before, pdf-forms-journey, forms-admin-journey and builder-keyboard-drag; the others are shorter. Two
 * workers take the files from one queue, so the slowest ones go first and the short ones fill the end: with Vitest's
 * own order on a fresh clone (largest file first, which put sign-in tenth of fifteen) one worker still ran a long file
 * after the other had finished. A file not listed here runs after the listed ones, largest first.
 */
const SLOWEST_FIRST = [
  'signing-journey',
  'layout',
  'form-builder-journey',
  'defects',
  'public-form-visitors',
  'responses-journey',
  'sign-in',
  'permission-journey',
  'pdf-forms-journey',
  'forms-admin-journey',
  'builder-keyboard-drag',
];

/**
 * E2E_SHUFFLE_SEED=n runs the files in an order drawn from n instead (the same n, the same order), to check that no file
 * depends on another that ran before it in its worker (they share that worker's backend, see tests/e2e/stack.ts).
 */
const shuffleSeed = process.env.E2E_SHUFFLE_SEED ? Number(process.env.E2E_SHUFFLE_SEED) : null;

/** `items` in an order drawn from `seed` (mulberry32 and a Fisher–Yates shuffle). */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Orders the files by {@link SLOWEST_FIRST}; the rest keep Vitest's order (failed first, then longest or largest). */
class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    if (shuffleSeed !== null) {
      // From the files' paths in order, not Vitest's (which puts the files that failed last time first).
      const order = shuffled([...files].sort((a, b) => a.moduleId.localeCompare(b.moduleId)), shuffleSeed);
      console.log(`e2e files shuffled with seed ${shuffleSeed}: ${order.map((file) => basename(file.moduleId)).join(', ')}`);
      return order;
    }
    const rank = (file: TestSpecification) => {
      const index = SLOWEST_FIRST.indexOf(basename(file.moduleId).replace(/\.test\.ts$/, ''));
      return index === -1 ? SLOWEST_FIRST.length : index;
    };
    return sorted.map((file, i) => ({ file, i })).sort((a, b) => rank(a.file) - rank(b.file) || a.i - b.i).map(({ file }) => file);
  }
}

// End-to-end tests: the real backend, identity provider and built host, driven in Debian's Chromium.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    fileParallelism: workers > 1,
    maxWorkers: workers,
    // The backend bundle of the run (tests/e2e/support/backend-bundle.ts) is imported by Node, not by the module runner.
    server: { deps: { external: [/\/build\/e2e-backend\/run-[^/]+\/[^/]+\.js$/] } },
    // The files of a worker share its modules and its backend (tests/e2e/stack.ts: one per token lifetime, started by
    // the first file that asks and kept for the next): the stack's start was 8.7–9.5 CPU-seconds a file, most of it
    // loading the database and starting the server. Isolated files, each starting its own backend on shared modules,
    // once failed a later file on CI (a visitor's public form in the builder journey never showed its fields; cause
    // not found, perhaps a process-wide part of the backend such as its PDF worker pool ended by an earlier stack's
    // stop); a shared backend is never stopped before its worker ends, and a file's stop closes only what it opened.
    isolate: false,
    sequence: { sequencer: SlowestFirst },
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
