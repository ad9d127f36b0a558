/**
 * The reference backend as one JavaScript bundle for the end-to-end files. Imported from the TypeScript sources, every
 * file's worker ran the backend's few hundred modules through Vite's module runner (transform and evaluation, about
 * 4 CPU-seconds a file); a bundle Node imports natively costs about half. The global setup builds it once per run with
 * scripts/server-bundle.mjs, as scripts/build-server.mjs builds the server (the packages of node_modules stay imports), into a folder of
 * its own under build/e2e-backend/, so that runs at the same time never import a bundle another run is rewriting.
 * vitest.e2e.config.ts hands that folder to Node instead of the module runner.
 */
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { bundleBackend } from '../../../scripts/server-bundle.mjs';

/** Where the bundles of the runs go, each in a folder named after the process that built it. */
export const BACKEND_BUNDLES = 'build/e2e-backend';

/** True while the process `pid` runs. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
}

/**
 * Bundles support/backend-entry.ts and the PDF worker beside it (the server starts `pdf-worker.js` next to its own code
 * when it does not run from TypeScript, and reads the example application model there too). Removes the folders of runs
 * whose process has ended. Returns the bundle's path and a function that deletes its folder.
 */
export async function buildBackendBundle(root: string): Promise<{ file: string; remove: () => Promise<void> }> {
  const bundles = join(root, BACKEND_BUNDLES);
  const left = await readdir(bundles).catch(() => [] as string[]);
  await Promise.all(
    left
      .filter((name) => /^run-\d+-\d+$/.test(name) && !alive(Number(name.split('-')[1])))
      .map((name) => rm(join(bundles, name), { recursive: true, force: true })),
  );
  const out = join(bundles, `run-${process.pid}-${Date.now()}`);
  await bundleBackend(root, out, { backend: 'tests/e2e/support/backend-entry.ts', 'pdf-worker': 'example-host/server/pdf/worker-main.ts' });
  return { file: join(out, 'backend.js'), remove: () => rm(out, { recursive: true, force: true }) };
}
