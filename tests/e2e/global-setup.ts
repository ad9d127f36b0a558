import { spawnSync } from 'node:child_process';
import { hostBuildIsCurrent } from './support/host-build.mjs';

/**
 * Builds the example host once for every end-to-end test file, unless `example-host/dist` is already newer than every
 * file it is built from (`npm test` builds it in its first stage, beside the other builds).
 */
export default function setup(): void {
  const root = new URL('../..', import.meta.url).pathname;
  if (hostBuildIsCurrent(root)) return;
  const result = spawnSync('npx', ['vite', 'build', '-c', 'example-host/vite.config.ts', '--logLevel', 'error'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('The example host did not build.');
}
