import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globals: true,
    environment: 'jsdom',
    setupFiles: ['./tests/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.{ts,tsx}', 'example-host/**/*.test.{ts,tsx}'],
    exclude: ['node_modules', 'dist', 'tests/e2e/**'],
    // The screens' journeys (pick, edit, switch tabs, confirm) take 7–25 s in jsdom on one of CI's two cores while the
    // other runs the next file (jsdom's getComputedStyle, which role queries call per element, costs ~20 ms over
    // Mantine's styles); 30 s timed out in a full run. Speed is judged by the benches, not here.
    testTimeout: 60000,
  },
});
