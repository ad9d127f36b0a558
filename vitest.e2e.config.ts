import { defineConfig } from 'vitest/config';

/**
 * How many end-to-end files run at once. Every file starts its own stack (backend and identity provider on free
 * ports, an in-memory store, its own Chromium), so files share nothing; two at a time keep both cores of the CI
 * machine busy. E2E_WORKERS sets another number (1 runs them one after the other).
 */
const workers = Math.max(1, Number(process.env.E2E_WORKERS) || 2);

// End-to-end tests: the real backend, identity provider and built host, driven in Debian's Chromium.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    fileParallelism: workers > 1,
    maxWorkers: workers,
    // Each file runs isolated, with its own copy of the backend's modules. Sharing them between the files of a worker
    // saved about 3 CPU-seconds a file, but on CI a later file then failed (a visitor's public form in the builder
    // journey never showed its fields; the file passes alone): some process-wide part of the backend (its shared PDF
    // worker pool, the pattern checker, or a cache) outlives the stack of the file that started it. Not found yet.
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
