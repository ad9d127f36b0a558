// The reference backend bundled by esbuild as Node runs it without a TypeScript loader: the packages of node_modules
// left as imports, and beside the bundles the files the server reads next to its own code (the example application
// model). Used by scripts/build-server.mjs (build/server/, what `npm start` runs) and by the end-to-end global setup
// (tests/e2e/support/backend-bundle.ts), so both run the server built the same way.
import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';

/**
 * Bundles `entryPoints` (name → source file, relative to `root`) into `outDir`, each an ES module for Node 20, and
 * copies the example application model beside them.
 * @param {string} root the repository's folder
 * @param {string} outDir the folder of the bundles (made if missing)
 * @param {Record<string, string>} entryPoints
 * @returns {Promise<void>}
 */
export async function bundleBackend(root, outDir, entryPoints) {
  await mkdir(outDir, { recursive: true });
  await build({
    absWorkingDir: root,
    entryPoints,
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
    // Bundled CommonJS helpers ask for `require`; an ES module has none of its own.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  });
  await copyFile(join(root, 'example-host/server/pdf/application-model.json'), join(outDir, 'application-model.json'));
}
