import { basename } from 'node:path';
import { BaseSequencer } from 'vitest/node';
import type { TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * How many end-to-end files run at once. Every file starts its own stack (backend and identity provider on free
 * ports, an in-memory store, its own Chromium), so files share nothing; two at a time keep both cores of the CI
 * machine busy. E2E_WORKERS sets another number (1 runs them one after the other).
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

/** Orders the files by {@link SLOWEST_FIRST}; the rest keep Vitest's order (failed first, then longest or largest). */
class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
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
    // Each file runs isolated, with its own copy of the backend's modules. Sharing them between the files of a worker
    // saved about 3 CPU-seconds a file, but on CI a later file then failed (a visitor's public form in the builder
    // journey never showed its fields; the file passes alone): some process-wide part of the backend (its shared PDF
    // worker pool, the pattern checker, or a cache) outlives the stack of the file that started it. Not found yet.
    sequence: { sequencer: SlowestFirst },
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
