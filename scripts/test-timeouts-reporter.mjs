// A Vitest reporter that writes every test's duration beside the timeout it actually ran under (the config's, or the
// one the test or its file set), for scripts/test-under-load.mjs to judge each test by its own limit. Vitest's JSON
// report has the durations but not the timeouts.
//
//   vitest run --reporter=default --reporter=./scripts/test-timeouts-reporter.mjs
//
// Writes $TEST_TIMEOUTS_FILE (default .tmp/results/timeouts.json): [{ file, name, state, ms, timeoutMs }].
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

export default class TestTimeoutsReporter {
  /** @param {ReadonlyArray<import('vitest/node').TestModule>} testModules */
  onTestRunEnd(testModules) {
    const out = process.env.TEST_TIMEOUTS_FILE || join(root, '.tmp', 'results', 'timeouts.json');
    const rows = [];
    for (const module of testModules) {
      const file = relative(root, module.moduleId);
      for (const test of module.children.allTests()) {
        const result = test.result();
        const task = /** @type {{ name: string, timeout?: number, suite?: { name: string, suite?: unknown } }} */ (test.task);
        // The name as Vitest's JSON reporter writes it (`fullName`): the titles of the task's suites and its own.
        const titles = [];
        for (let suite = task.suite; suite; suite = /** @type {typeof task.suite} */ (suite.suite)) titles.unshift(suite.name);
        const name = [...titles, task.name].join(' ');
        rows.push({ file, name, state: result.state, ms: test.diagnostic()?.duration ?? 0, timeoutMs: task.timeout ?? null });
      }
    }
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, `${JSON.stringify(rows)}\n`);
  }
}
