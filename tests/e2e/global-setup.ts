import { spawnSync } from 'node:child_process';

/** Builds the example host once for every end-to-end test file. */
export default function setup(): void {
  const root = new URL('../..', import.meta.url).pathname;
  const result = spawnSync('npx', ['vite', 'build', '-c', 'example-host/vite.config.ts', '--logLevel', 'error'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('The example host did not build.');
}
