import { spawnSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { hostBuildIsCurrent } from './support/host-build.mjs';
import { writeMigratedTemplate } from './support/database-template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated and seeded database dump every file's backend starts from (see support/database-template). */
    e2eDatabaseTemplate: string;
  }
}

/**
 * Builds the example host once for every end-to-end test file, unless `example-host/dist` is already newer than every
 * file it is built from (`npm test` builds it in its first stage, beside the other builds); and writes the database
 * dump the files' backends start from, deleted again when the run ends.
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
  const template = await writeMigratedTemplate();
  project.provide('e2eDatabaseTemplate', template.file);
  return template.remove;
}
