import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globals: true,
    environment: 'jsdom',
    setupFiles: ['./tests/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.{ts,tsx}', 'example-host/**/*.test.{ts,tsx}'],
    exclude: ['node_modules', 'dist', 'tests/e2e/**'],
    // The screens' journeys (pick, edit, switch tabs, confirm) take 7–10 s in jsdom on one of CI's two cores while the
    // other runs the next file; 15 s timed out once in a full run. Speed is judged by the benches, not here.
    testTimeout: 30000,
  },
});
