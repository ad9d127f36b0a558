import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const everything = ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.{ts,tsx}', 'example-host/**/*.test.{ts,tsx}'];
const neverHere = ['node_modules', 'dist', 'tests/e2e/**'];
// The tests of the layers that never touch a DOM (docs/decisions.md, Layers: the React-free domain, engine and API
// client; the reference server and the contract suite) run in Node, as the server runs that code; a jsdom window costs
// each file about a second to build. A file that needs one says so with `// @vitest-environment jsdom`.
const nodeOnly = ['tests/domain/**', 'tests/engine/**', 'tests/api/**', 'tests/server/**', 'tests/contract/**', 'tests/docs/**', 'tests/layers/**'];

export default defineConfig({
  test: {
    globals: true,
    setupFiles: ['./tests/setup.ts'],
    // One test file per core. Vitest's default for `run` is one fewer than the cores, which on CI's two cores is a
    // single worker while the main process, which only collects results, leaves the other core nearly idle.
    maxWorkers: Math.max(1, availableParallelism()),
    // The screens' journeys (pick, edit, switch tabs, confirm) take 1–10 s in jsdom on a quiet core (React's
    // development build rendering a few hundred checkboxes, and role queries computing names and styles over them),
    // and two to three times that with both cores shared. Speed is judged by the benches, not here.
    testTimeout: 60000,
    projects: [
      {
        extends: true,
        test: { name: 'node', environment: 'node', include: nodeOnly.map((dir) => `${dir}/*.test.{ts,tsx}`), exclude: neverHere },
      },
      {
        extends: true,
        test: { name: 'dom', environment: 'jsdom', include: everything, exclude: [...neverHere, ...nodeOnly] },
      },
    ],
  },
});
