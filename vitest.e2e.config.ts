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
    // The files of a worker share its loaded modules (the backend, playwright-core): each file still starts its own
    // stack, so nothing but code is shared (the backend's process-wide parts, its PDF workers and pattern verdicts, are
    // made to be shared by every server of a process). Loading the backend anew for every file cost about 3 CPU-seconds
    // a file (four files, one worker, busy machine: 65-68 CPU-seconds isolated, 54 not).
    isolate: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
