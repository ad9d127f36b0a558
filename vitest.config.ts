import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globals: true,
    environment: 'jsdom',
    setupFiles: ['./tests/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.{ts,tsx}', 'example-host/**/*.test.{ts,tsx}'],
    exclude: ['node_modules', 'dist', 'tests/e2e/**'],
    // One test file per core. Vitest's default for `run` is one fewer than the cores, which on CI's two cores is a
    // single worker while the main process, which only collects results, leaves the other core nearly idle.
    maxWorkers: Math.max(1, availableParallelism()),
    // The screens' journeys (pick, edit, switch tabs, confirm) take 1–10 s in jsdom on a quiet core (React's
    // development build rendering a few hundred checkboxes, and role queries computing names and styles over them),
    // and two to three times that with both cores shared. Speed is judged by the benches, not here.
    testTimeout: 60000,
  },
});
