/**
 * Opens the database: embedded PGlite (a folder on disk, or in memory) by default, or a real
 * PostgreSQL server through node-postgres when a `postgres://` URL is given.
 */
import { mkdir, realpath } from 'node:fs/promises';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { describeError } from '../error-log';
import { tables } from './schema';

/** The drizzle database, whichever driver is underneath. Transactions have the same type. */
export type Db = PgDatabase<PgQueryResultHKT, typeof tables>;
/** A database or a transaction. */
export type DbExecutor = Db;

export interface OpenDatabase {
  db: Db;
  /** `pglite` (embedded) or `postgres` (node-postgres). */
  kind: 'pglite' | 'postgres';
  /** Where the data lives: a folder, `memory://`, or the PostgreSQL URL without its password. */
  location: string;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** `postgres://…`: use a PostgreSQL server (needs the `pg` package). */
  databaseUrl?: string | null;
  /** PGlite data folder; `memory://` or null/undefined for an in-memory database. */
  dataDir?: string | null;
  /**
   * For in-memory PGlite only: a data folder dump (`PGlite#dumpDataDir`) to start from instead of
   * running initdb. Tests use it to start faster.
   */
  memoryTemplate?: Blob | null;
}

/** Whether a data dir option means "in memory". */
export function isMemoryDataDir(dataDir: string | null | undefined): boolean {
  return !dataDir || dataDir === 'memory://' || dataDir.startsWith('memory://');
}

function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://…';
  }
}

interface PgPoolLike {
  end(): Promise<void>;
  query(text: string): Promise<unknown>;
}
interface PgModuleLike {
  Pool: new (options: { connectionString: string; max?: number }) => PgPoolLike;
}

/** The message shown when `DATABASE_URL` is set but the `pg` package is not installed. */
export const PG_MISSING_MESSAGE =
  'DATABASE_URL is set, so the server needs the PostgreSQL driver, but the package "pg" is not installed. ' +
  'Run `npm i -D pg` (or unset DATABASE_URL to use the embedded PGlite database).';

async function openPostgres(databaseUrl: string): Promise<OpenDatabase> {
  let pgModule: PgModuleLike;
  try {
    // A variable specifier keeps bundlers and the type checker from requiring `pg` up front.
    const specifier = 'pg';
    const loaded = (await import(specifier)) as { default?: PgModuleLike } & Partial<PgModuleLike>;
    const candidate = loaded.default ?? loaded;
    if (!candidate.Pool) throw new Error('pg has no Pool export');
    pgModule = candidate as PgModuleLike;
  } catch (error) {
    throw new Error(PG_MISSING_MESSAGE, { cause: error });
  }
  const pool = new pgModule.Pool({ connectionString: databaseUrl, max: 10 });
  // Fail fast with a clear message when the server cannot be reached.
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new Error(`Cannot connect to PostgreSQL at ${redactUrl(databaseUrl)}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const db = drizzle({ client: pool as never, schema: tables }) as unknown as Db;
  return { db, kind: 'postgres', location: redactUrl(databaseUrl), close: () => pool.end() };
}

/** PostgreSQL's type id of `bytea`. */
const BYTEA_OID = 17;

/**
 * `bytea` to and from PGlite's text form (`\\x` and hex) with Node's native hex codec. PGlite's own codec maps every
 * byte through a JavaScript string on the server's thread: seconds for a PDF of a few MiB, during which no request is
 * answered; this one takes milliseconds.
 */
const BYTEA_CODEC = {
  serializers: { [BYTEA_OID]: (value: unknown) => `\\x${Buffer.from(value as Uint8Array).toString('hex')}` },
  parsers: {
    [BYTEA_OID]: (text: string) => {
      const bytes = Buffer.from(text.slice(2), 'hex');
      return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
  },
};

async function openPglite(dataDir: string | null | undefined, template?: Blob | null): Promise<OpenDatabase> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  // pg_trgm serves the name search's trigram index (migration 0007).
  const extensions = { pg_trgm };
  const options = { extensions, serializers: BYTEA_CODEC.serializers, parsers: BYTEA_CODEC.parsers };
  let client: InstanceType<typeof PGlite>;
  let location: string;
  if (isMemoryDataDir(dataDir)) {
    client = template ? new PGlite({ loadDataDir: template, ...options }) : new PGlite(options);
    location = 'memory://';
  } else {
    await mkdir(path.resolve(dataDir as string), { recursive: true });
    // PGlite's file system cannot follow symbolic links: it is given the folder's real path.
    location = await realpath(path.resolve(dataDir as string));
    client = new PGlite(location, options);
  }
  try {
    await client.waitReady;
  } catch (error) {
    // PGlite raises bare objects (`ErrnoError { errno }`) without a message: say what failed.
    throw new Error(`The PGlite database in ${location} could not be opened: ${describeError(error)}.`, { cause: error });
  }
  const db = drizzle({ client, schema: tables }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    location,
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/** Opens the database chosen by the options (PostgreSQL when `databaseUrl` is set). */
export async function openDatabase(options: DatabaseOptions): Promise<OpenDatabase> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir, options.memoryTemplate);
}
