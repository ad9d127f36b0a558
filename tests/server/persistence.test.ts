// @vitest-environment node
/**
 * Storage: the hand-written migrations match the drizzle schema, an empty database is seeded once,
 * a PGlite folder keeps everything across restarts (data, signing keys, identity provider sessions),
 * DATABASE_URL without the driver fails clearly, and main.ts starts and stops on SIGTERM.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, eq, sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../example-host/server/server';
import { PG_MISSING_MESSAGE } from '../../example-host/server/db/index';
import { MIGRATIONS } from '../../example-host/server/db/migrate';
import { applicationUsers, claimGroups, schemaMigrations, tables } from '../../example-host/server/db/schema';
import { SEED_MIGRATION_ID } from '../../example-host/server/db/seed';
import { SEEDED_ACCOUNTS } from '../../example-host/server/accounts';
import { bundleBackend } from '../../scripts/server-bundle.mjs';
import {
  call,
  callJson,
  HOST_ORIGIN,
  pgliteTemplate,
  refresh,
  signIn,
  START_TIMEOUT_MS,
  startTestServer,
  type TestServer,
} from './helpers';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

describe('schema and migrations', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server?.stop();
  });

  it('every drizzle table and column exists in the migrated database, with the same nullability', async () => {
    const columns = rowsOf<{ table_name: string; column_name: string; is_nullable: 'YES' | 'NO' }>(
      await server.db.execute(
        sql`SELECT table_name, column_name, is_nullable FROM information_schema.columns WHERE table_schema = 'public'`,
      ),
    );
    const actual = new Map(columns.map((c) => [`${c.table_name}.${c.column_name}`, c.is_nullable === 'NO']));
    for (const table of Object.values(tables)) {
      const config = getTableConfig(table);
      for (const column of config.columns) {
        const key = `${config.name}.${column.name}`;
        expect(actual.has(key), `${key} is missing from the migrations`).toBe(true);
        expect(actual.get(key), `${key} nullability`).toBe(column.notNull);
      }
      const declared = new Set(config.columns.map((c) => c.name));
      const extra = [...actual.keys()].filter(
        (k) => k.startsWith(`${config.name}.`) && !declared.has(k.split('.')[1] ?? ''),
      );
      expect(extra, `${config.name} has columns unknown to schema.ts`).toEqual([]);
    }
  });

  it('records every migration and the seed', async () => {
    const rows = await server.db.select().from(schemaMigrations);
    expect(rows.map((r) => r.id).sort()).toEqual([...MIGRATIONS.map((m) => m.id), SEED_MIGRATION_ID].sort());
  });

  it('seeds one application user per identity provider account', async () => {
    const users = await server.db.select().from(applicationUsers);
    for (const account of SEEDED_ACCOUNTS) {
      expect(users.find((u) => u.oidcId === account.sub)).toMatchObject({
        name: account.displayName,
        userName: account.username,
        email: account.email,
      });
    }
  });

  it(
    'can start with an empty, unseeded database',
    async () => {
      // Always PGlite: a shared TEST_DATABASE_URL database is not empty.
      const empty = await startTestServer({
        seed: false,
        databaseUrl: null,
        memoryDatabaseTemplate: await pgliteTemplate(),
      });
      try {
        const [users] = await empty.db.select({ n: count() }).from(applicationUsers);
        expect(users?.n).toBe(0);
        expect((await callJson<boolean>(empty, '/api/Claim/CheckForUsers')).body).toBe(false);
      } finally {
        await empty.stop();
      }
    },
    START_TIMEOUT_MS,
  );
});

describe('a PGlite folder survives restarts', () => {
  let dataDir = '';
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'forms-admin-server-test-'));
  });
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'keeps data, keys and sign-ins; seeds only once',
    async () => {
      const ports = { port: await freePort(), oidcPort: await freePort() };
      const config = { ...ports, dataDir, hostOrigins: [HOST_ORIGIN], log: () => undefined };

      const first = await startServer(config);
      let tokenBefore: string;
      let refreshToken: string;
      let groupsBefore: number;
      try {
        expect(first.database).toEqual({ kind: 'pglite', location: path.resolve(dataDir) });
        tokenBefore = await first.mintAccessToken({ sub: 'restart-user', name: 'Restart User' });
        expect((await call(first, '/api/Claim/GetMyClaims', { token: tokenBefore })).status).toBe(200);
        await first.db.insert(claimGroups).values({ id: crypto.randomUUID(), name: 'Made Before Restart' });
        const signedIn = await signIn(first, 'editor', 'editor-password');
        refreshToken = signedIn.refresh_token ?? '';
        groupsBefore = (await first.db.select().from(claimGroups)).length;
      } finally {
        await first.stop();
      }

      const second = await startServer(config);
      try {
        expect(second.issuerUrl).toBe(first.issuerUrl);
        // Data.
        const groups = await second.db.select().from(claimGroups);
        expect(groups).toHaveLength(groupsBefore);
        expect(groups.map((g) => g.name)).toContain('Made Before Restart');
        const [restartUser] = await second.db
          .select()
          .from(applicationUsers)
          .where(eq(applicationUsers.oidcId, 'restart-user'));
        expect(restartUser?.name).toBe('Restart User');
        // Seeded once: still exactly one row per seeded account.
        const users = await second.db.select().from(applicationUsers);
        expect(users.filter((u) => SEEDED_ACCOUNTS.some((a) => a.sub === u.oidcId))).toHaveLength(3);
        // Signing keys: a token from before the restart still verifies.
        expect((await call(second, '/api/Claim/GetMyClaims', { token: tokenBefore })).status).toBe(200);
        // Identity provider state: the refresh token from before the restart still works.
        const renewed = await refresh(second, refreshToken);
        expect(renewed.status).toBe(200);
        const { access_token } = (await renewed.json()) as { access_token: string };
        expect((await call(second, '/api/Claim/GetMyClaims', { token: access_token })).status).toBe(200);

        // Deleting every user does not make the next start seed again.
        await second.db.delete(applicationUsers);
      } finally {
        await second.stop();
      }

      const third = await startServer(config);
      try {
        const [users] = await third.db.select({ n: count() }).from(applicationUsers);
        expect(users?.n).toBe(0);
      } finally {
        await third.stop();
      }
    },
    START_TIMEOUT_MS,
  );
});

describe('DATABASE_URL', () => {
  it('fails with a clear message when PostgreSQL cannot be used', async () => {
    let hasPg = true;
    try {
      const specifier = 'pg';
      await import(specifier);
    } catch {
      hasPg = false;
    }
    const attempt = startServer({
      port: 0,
      oidcPort: 0,
      databaseUrl: 'postgres://user:secret@127.0.0.1:1/forms',
      log: () => undefined,
    });
    if (hasPg) await expect(attempt).rejects.toThrow(/Cannot connect to PostgreSQL at postgres:\/\/user:\*\*\*@/);
    else await expect(attempt).rejects.toThrow(PG_MISSING_MESSAGE);
  });
});

describe('main.ts', () => {
  // main.ts runs as `npm run build:server` ships it: bundled by scripts/server-bundle.mjs (with the PDF worker beside
  // it) and run by plain Node. Run through tsx instead, every module of the server was compiled on the way, which cost
  // this test about as much CPU as the server's own start. The bundle keeps its packages as imports, so it is written
  // inside the repository (under the git-ignored .tmp/), where Node finds node_modules.
  let bundleDir = '';
  beforeAll(async () => {
    await mkdir(path.join(repoRoot, '.tmp'), { recursive: true });
    bundleDir = await mkdtemp(path.join(repoRoot, '.tmp', 'persistence-server-'));
    await bundleBackend(repoRoot, bundleDir, {
      main: 'example-host/server/main.ts',
      'pdf-worker': 'example-host/server/pdf/worker-main.ts',
    });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    if (bundleDir) await rm(bundleDir, { recursive: true, force: true });
  });

  it(
    'starts from the environment, prints URLs and accounts, and stops on SIGTERM',
    async () => {
      const child = spawn(process.execPath, [path.join(bundleDir, 'main.js')], {
        cwd: repoRoot,
        env: { ...process.env, PORT: '0', OIDC_PORT: '0', DATA_DIR: 'memory://', HOST_ORIGIN },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      child.stderr.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      try {
        const deadline = Date.now() + START_TIMEOUT_MS - 10_000;
        while (!output.includes('Press Ctrl+C to stop.')) {
          if (Date.now() > deadline || child.exitCode !== null) throw new Error(`main.ts did not start:\n${output}`);
          await new Promise((r) => setTimeout(r, 100));
        }
        const api = /API:\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
        const issuer = /OpenID provider:\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
        expect(api).toBeTruthy();
        expect(issuer).toBeTruthy();
        for (const account of SEEDED_ACCOUNTS) {
          expect(output).toContain(account.username);
          expect(output).toContain(account.password);
        }
        const health = await fetch(`${api}/api/HealthCheck/Get`);
        expect(health.status).toBe(200);
        const config = (await (await fetch(`${api}/api/Claim/GetOIDCConfig`)).json()) as { authority: string };
        expect(config.authority).toBe(issuer);
        // Request logs are JSON lines.
        await new Promise((r) => setTimeout(r, 50));
        const logLine = output.split('\n').find((l) => l.includes('"path":"/api/HealthCheck/Get"'));
        expect(JSON.parse(logLine ?? '{}')).toMatchObject({ method: 'GET', status: 200 });

        child.kill('SIGTERM');
        expect(await exited).toBe(0);
        expect(output).toContain('"msg":"server stopped"');
      } finally {
        if (child.exitCode === null) child.kill('SIGKILL');
      }
    },
    START_TIMEOUT_MS,
  );
});
