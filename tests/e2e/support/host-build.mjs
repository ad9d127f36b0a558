// Whether the built example host (example-host/dist) is current: built after the last change to anything it is built
// from. The end-to-end tests' global setup builds it only when it is not; `npm test` builds it in its first stage.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What `vite build -c example-host/vite.config.ts` reads, relative to the repository root. */
export const HOST_SOURCES = [
  'example-host/index.html',
  'example-host/vite.config.ts',
  'example-host/precompress.ts',
  'example-host/src',
  'example-host/public',
  'example-host/shared',
  'src',
  'package.json',
  'package-lock.json',
  'node_modules/.package-lock.json',
];

/** The built page: vite writes it last of the host's own files. */
export const HOST_BUILT = 'example-host/dist/index.html';

/** The latest modification time (ms) of a file, or of any file under a folder; 0 when it does not exist. */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

/**
 * True when `example-host/dist` exists and is newer than every file it is built from.
 * @param {string} root the repository root
 * @returns {boolean}
 */
export function hostBuildIsCurrent(root) {
  const built = join(root, HOST_BUILT);
  if (!existsSync(built)) return false;
  const builtAt = statSync(built).mtimeMs;
  return HOST_SOURCES.every((source) => newest(join(root, source)) < builtAt);
}
