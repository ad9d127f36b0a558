import { spawnSync } from 'node:child_process';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, ensureChromium } from '../support/chromium.mjs';
import { buildBackendBundle } from './support/backend-bundle';
import { hostBuildIsCurrent } from './support/host-build.mjs';
import { migratedTemplate } from './support/database-template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated and seeded database dump every file's backend starts from (see support/database-template). */
    e2eDatabaseTemplate: string;
    /** The Chromium every file connects to (see stack.ts): each file opens its own contexts in it. */
    e2eBrowserEndpoint: string;
    /** The reference backend bundled for this run (see support/backend-bundle), which the files import natively. */
    e2eBackendBundle: string;
  }
}

/**
 * Builds the example host once for every end-to-end test file, unless `example-host/dist` is already newer than every
 * file it is built from (`npm test` builds it in its first stage, beside the other builds); finds or writes the
 * database dump the files' backends start from (kept between runs while its sources do not change, see
 * support/database-template), and writes the backend as one bundle the files import, deleted again when the run
 * ends; and starts the one Chromium of the run, which the files connect to instead of each launching its own (about
 * 1.3 CPU-seconds a launch), closed when the run ends.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = new URL('../..', import.meta.url).pathname;
  if (!hostBuildIsCurrent(root)) {
    const result = spawnSync('npx', ['vite', 'build', '-c', 'example-host/vite.config.ts', '--logLevel', 'error'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (result.status !== 0) throw new Error('The example host did not build.');
  }
  const [template, bundle, browser] = await Promise.all([
    migratedTemplate(),
    buildBackendBundle(root),
    chromium.launchServer({ executablePath: ensureChromium(), args: [...CHROMIUM_ARGS] }),
  ]);
  console.log(
    `e2e database: ${template.reused ? 'reused' : 'built'} ${template.file.slice(root.length)} (${template.seconds.toFixed(1)} s)`,
  );
  project.provide('e2eDatabaseTemplate', template.file);
  project.provide('e2eBackendBundle', bundle.file);
  project.provide('e2eBrowserEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
    await bundle.remove();
  };
}
