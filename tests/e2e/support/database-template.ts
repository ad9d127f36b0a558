/**
 * The database every end-to-end file's backend starts from: an in-memory PGlite with the reference backend's
 * migrations applied and its seed data written, dumped by the global setup. Each file's server then loads the dump and
 * finds nothing left to migrate or seed, instead of running every migration and the seed itself (about 1–3
 * CPU-seconds a file, in a worker that has not compiled that code yet). Each file still gets its own database: the
 * dump is only where it starts.
 *
 * The dump is kept between runs in `.tmp/e2e-database/` (git-ignored), named by a hash of what it is made from: the
 * PGlite version, this module, and every source file the migrations, the seed and the database opener import
 * (followed through their relative imports). A run whose sources hash the same reuses the file; a change to a
 * migration, the seed or anything they import gives a new name, so the next run builds the dump again (migrating and
 * seeding took 30–100 s of the global setup under load). A fresh clone builds it once. Seeded rows keep the creation
 * times of the run that built the dump. A dump no run has used for a day is removed (not at once: a run beside this
 * one, on other sources, may still read its own).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../../example-host/server/db/index';
import { runMigrations } from '../../../example-host/server/db/migrate';
import { seedOnce } from '../../../example-host/server/db/seed';
import { pgliteTemplate } from '../../server/helpers';

/** What `PGlite#dumpDataDir` needs of the client drizzle keeps as `$client`. */
interface DumpableClient {
  exec(query: string): Promise<unknown>;
  dumpDataDir(compression: 'none'): Promise<Blob | File>;
}

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../../..');
/** Where the dumps are kept between runs. */
export const TEMPLATE_DIR = join(root, '.tmp', 'e2e-database');
/**
 * The modules the dump is made with; their relative imports are followed. This module is hashed as well, but its
 * imports are not followed: the test server helpers it takes PGlite's empty dump from import the whole backend.
 */
const ENTRIES = [
  join(root, 'example-host/server/db/index.ts'),
  join(root, 'example-host/server/db/migrate.ts'),
  join(root, 'example-host/server/db/seed.ts'),
];

/** The file a relative import names, as TypeScript would resolve it (`.js` written for a `.ts` source included). */
function resolveImport(fromFile: string, spec: string): string | null {
  const base = resolve(dirname(fromFile), spec);
  const stem = base.replace(/\.(m?js|jsx)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((file) => existsSync(file) && statSync(file).isFile()) ?? null;
}

/** Every source file `entries` import through relative imports (static, dynamic and type-only), themselves included. */
export function sourcesOf(entries: readonly string[]): string[] {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!/\.(m?[jt]sx?)$/.test(file)) continue;
    const text = readFileSync(file, 'utf8');
    for (const [, spec] of text.matchAll(/(?:\bfrom|\bimport\s*\(?)\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const found = resolveImport(file, spec as string);
      if (found && !seen.has(found)) queue.push(found);
    }
  }
  return [...seen].sort();
}

/** The hash that names the dump: the PGlite version and the path and content of every source it is made from. */
export function templateKey(): string {
  const pglite = JSON.parse(readFileSync(join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as {
    version: string;
  };
  const hash = createHash('sha256').update(`pglite ${pglite.version}\n`);
  for (const file of [fileURLToPath(import.meta.url), ...sourcesOf(ENTRIES)]) hash.update(`${relative(root, file)}\n`).update(readFileSync(file)).update('\n');
  return hash.digest('hex').slice(0, 16);
}

/** Migrates and seeds a new in-memory database as the server would at its start, and returns its dump. */
async function buildDump(): Promise<Uint8Array> {
  const opened = await openDatabase({ dataDir: 'memory://', memoryTemplate: await pgliteTemplate() });
  try {
    await runMigrations(opened.db, seedOnce);
    const client = (opened.db as unknown as { $client: DumpableClient }).$client;
    // A checkpoint first: a database started from the dump then has no write-ahead log to replay (migrating and
    // seeding left about 2.4 MB of it, replayed at every start).
    await client.exec('CHECKPOINT');
    const dump = await client.dumpDataDir('none');
    return new Uint8Array(await dump.arrayBuffer());
  } finally {
    await opened.close();
  }
}

/**
 * The migrated and seeded dump for the current sources: the kept file when there is one, else built, written
 * (atomically, so a run beside this one reads a whole file or none) and kept. `reused` says which; `seconds` what
 * it took.
 */
export async function migratedTemplate(): Promise<{ file: string; reused: boolean; seconds: number }> {
  const started = performance.now();
  const file = join(TEMPLATE_DIR, `${templateKey()}.tar`);
  const reused = existsSync(file);
  if (reused) {
    const now = new Date();
    await utimes(file, now, now);
  } else {
    const bytes = await buildDump();
    await mkdir(TEMPLATE_DIR, { recursive: true });
    const partial = `${file}.${process.pid}.${Date.now()}.partial`;
    await writeFile(partial, bytes);
    await rename(partial, file);
  }
  await removeUnused(file);
  return { file, reused, seconds: (performance.now() - started) / 1000 };
}

/** Removes the dumps (and partial files) other than `keep` that no run has used for a day. */
async function removeUnused(keep: string): Promise<void> {
  const dayAgo = Date.now() - 24 * 3600 * 1000;
  for (const name of await readdir(TEMPLATE_DIR)) {
    const path = join(TEMPLATE_DIR, name);
    if (path === keep) continue;
    const info = await stat(path).catch(() => null);
    if (info && info.mtimeMs < dayAgo) await rm(path, { force: true });
  }
}
