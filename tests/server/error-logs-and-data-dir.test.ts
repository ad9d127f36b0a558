// @vitest-environment node
/**
 * What the reference server logs when something fails unexpectedly, and how it starts: an error of
 * a database query is logged without its SQL parameters (the request's data) or values quoted by
 * PostgreSQL; a PGlite data folder reached through a symbolic link opens; a start failure that
 * throws an object without a message is still logged with one.
 */
import { mkdtemp, mkdir, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteRule } from '../../src/domain';
import { createApp } from '../../example-host/server/app';
import { startFailureMessage } from '../../example-host/server/config';
import { openDatabase } from '../../example-host/server/db/index';
import { describeError, errorLogFields, maskQuotedValues } from '../../example-host/server/error-log';
import { route, RouteRegistry } from '../../example-host/server/routes/registry';
import type { Services } from '../../example-host/server/services';
import { START_TIMEOUT_MS, startTestServer, type TestServer } from './helpers';

/** Form data as a visitor would send it: it must never reach the log. */
const SECRET = 'Ada Lovelace, 10 Downing Street, IBAN GB33BUKB20201555555555';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, START_TIMEOUT_MS);

afterAll(async () => {
  await server?.stop();
});

/** The error a failed query raises, with the secret as one of its parameters. */
async function failedQuery(): Promise<unknown> {
  try {
    await server.db.execute(sql`select ${SECRET}::int as n`);
  } catch (error) {
    return error;
  }
  throw new Error('The query was expected to fail.');
}

describe('error logs', () => {
  it('a failed query is described by its SQLSTATE and masked message, never its parameters', async () => {
    const error = await failedQuery();
    // What the log used to carry: drizzle's message lists the SQL and every parameter.
    expect(String((error as Error).message)).toContain(SECRET);
    const fields = errorLogFields(error);
    expect(JSON.stringify(fields)).not.toContain('Lovelace');
    expect(fields.msg).toMatch(/^A database query failed: invalid input syntax for type integer/);
    expect(fields.sqlState).toBe('22P02');
    expect(fields.stack).toMatch(/^\s+at /);
  });

  it('the app logs a route failing in the database without the request data', async () => {
    const rule: RouteRule = { method: 'POST', path: '/api/Test/Store', claim: 'public' };
    const lookup = (method: string, p: string) => (method === rule.method && p === rule.path ? rule : undefined);
    const registry = new RouteRegistry(lookup).add(
      route(
        {
          method: 'POST',
          path: '/api/Test/Store',
          anonymous: true,
          handler: async ({ c, services }) => {
            const body = await c.req.text();
            await services.db.execute(sql`select ${body}::jsonb -> 'a' -> ${SECRET}::int as n`);
            return c.json(true);
          },
        },
        lookup,
      ),
    );
    const services = { config: server.config, db: server.db, claims: server.claims, issuer: server.issuerUrl };
    const app = createApp(services as unknown as Services, registry);
    const before = server.logs.length;
    const res = await app.request('/api/Test/Store', { method: 'POST', body: JSON.stringify({ name: SECRET }) });
    expect(res.status).toBe(500);
    const errors = server.logs.slice(before).filter((entry) => entry.level === 'error');
    expect(errors.length).toBeGreaterThan(0);
    expect(JSON.stringify(errors)).not.toContain('Lovelace');
    expect(errors[0]).toMatchObject({ msg: expect.stringMatching(/^A database query failed/), sqlState: '22P02', path: '/api/Test/Store' });
  });

  it('masks the values PostgreSQL quotes in its messages', () => {
    expect(maskQuotedValues('invalid input syntax for type uuid: "secret"')).toBe('invalid input syntax for type uuid: "…"');
    expect(maskQuotedValues("unknown key 'secret'")).toBe("unknown key '…'");
  });

  it('other errors keep their message; objects without one are named', () => {
    expect(errorLogFields(new Error('secret internals')).msg).toBe('secret internals');
    expect(describeError({ name: 'ErrnoError', errno: 44 })).toBe('ErrnoError (errno 44)');
    expect(describeError('text')).toBe('text');
  });
});

describe('start', () => {
  let dir = '';

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'forms-admin-symlink-'));
  });

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('opens a PGlite data folder reached through a symbolic link (at its real path)', async () => {
    const real = path.join(dir, 'real');
    await mkdir(real);
    const link = path.join(dir, 'link');
    await symlink(real, link);
    const db = await openDatabase({ dataDir: link });
    try {
      expect(db.location).toBe(real);
      const result = (await db.db.execute(sql`select 1 as one`)) as { rows: unknown[] };
      expect(result.rows).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
    }
  }, START_TIMEOUT_MS);

  it('logs every start failure with a message, also for a thrown object without one', () => {
    // PGlite's file system throws `ErrnoError { errno }` objects: the log line used to be `{"level":"error"}`.
    expect(startFailureMessage({ name: 'ErrnoError', errno: 44 }, {})).toBe('The server could not start: ErrnoError (errno 44).');
    expect(startFailureMessage({}, {})).toBe('The server could not start: an error without a message.');
    expect(startFailureMessage(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {})).toBe('connect ECONNREFUSED 127.0.0.1:5432');
  });
});
