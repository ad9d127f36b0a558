/**
 * The database every end-to-end file's backend starts from: an in-memory PGlite with the reference backend's
 * migrations applied and its seed data written, dumped once per run by the global setup. Each file's server then
 * loads the dump and finds nothing left to migrate or seed, instead of running every migration and the seed itself
 * (about 1–3 CPU-seconds a file, in a worker that has not compiled that code yet). Each file still gets its own
 * database: the dump is only where it starts.
 */
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../../example-host/server/db/index';
import { runMigrations } from '../../../example-host/server/db/migrate';
import { seedOnce } from '../../../example-host/server/db/seed';
import { pgliteTemplate } from '../../server/helpers';

/** What `PGlite#dumpDataDir` needs of the client drizzle keeps as `$client`. */
interface DumpableClient {
  dumpDataDir(compression: 'none'): Promise<Blob | File>;
}

/**
 * Migrates and seeds a new in-memory database as the server would at its start, and writes its dump to a temporary
 * file. Returns the file's path and a function that deletes it.
 */
export async function writeMigratedTemplate(): Promise<{ file: string; remove: () => Promise<void> }> {
  const opened = await openDatabase({ dataDir: 'memory://', memoryTemplate: await pgliteTemplate() });
  try {
    await runMigrations(opened.db, seedOnce);
    const client = (opened.db as unknown as { $client: DumpableClient }).$client;
    const dump = await client.dumpDataDir('none');
    const file = join(tmpdir(), `forms-admin-e2e-database-${process.pid}-${Date.now()}.tar`);
    await writeFile(file, new Uint8Array(await dump.arrayBuffer()));
    return { file, remove: () => rm(file, { force: true }) };
  } finally {
    await opened.close();
  }
}
