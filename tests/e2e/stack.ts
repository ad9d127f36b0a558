/**
 * The whole product for a test file: the reference backend (in-memory PGlite) with its identity provider, serving the
 * built host on its own origin, shared by the files of a worker that ask for the same token lifetime (or the file's
 * own, see StackOptions.ownServer), and a Chromium to drive it (the run's one Chromium, in which the file opens its own
 * browser contexts). The files of a worker share its database: a file makes its own rows, with names of its own.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { BytesBlob } from '../support/bytes-blob';
import { launchChromium } from '../support/chromium.mjs';
import type * as Backend from './support/backend-entry';
import type { ServerHandle } from './support/backend-entry';

/**
 * The reference backend: the bundle the global setup built for this run, which Node imports natively (about half the
 * CPU of running its sources through Vite's module runner in every file), or, run without that setup, the sources.
 */
async function loadBackend(): Promise<typeof Backend> {
  const bundle = inject('e2eBackendBundle');
  return bundle ? ((await import(/* @vite-ignore */ bundle)) as typeof Backend) : import('./support/backend-entry');
}

/** A free loopback port (the host origin must be known before the provider starts). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface Stack {
  server: ServerHandle;
  browser: Browser;
  url: string;
  stop(): Promise<void>;
}

/**
 * The backend on two free ports. A probed port can be taken again before the server binds it (another process, or
 * the same port handed out twice): try again with new ports, three times at most.
 */
async function startServerOnFreePorts(options: { accessTokenTtlSeconds: number }): Promise<ServerHandle> {
  // The store starts from the dump the global setup wrote, already migrated and seeded (support/database-template);
  // run without that setup, from the empty PGlite folder dumped once after initdb (shared with the server tests).
  const migrated = inject('e2eDatabaseTemplate');
  const memoryDatabaseTemplate = migrated
    ? new BytesBlob(await readFile(migrated))
    : await (await import('../server/helpers')).pgliteTemplate();
  const { startServer } = await loadBackend();
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    let oidcPort = await freePort();
    while (oidcPort === port) oidcPort = await freePort();
    try {
      return await startServer({
        port,
        oidcPort,
        dataDir: 'memory://',
        memoryDatabaseTemplate,
        hostDist: new URL('../../example-host/dist', import.meta.url).pathname,
        hostOrigins: [],
        accessTokenTtlSeconds: options.accessTokenTtlSeconds,
        // Mail goes out over SMTP to the server's development sink, as in development: the signing journey reads it there.
        signing: { smtpSink: true },
        log: () => {},
      });
    } catch (error) {
      if (attempt >= 3 || (error as { code?: string }).code !== 'EADDRINUSE') throw error;
    }
  }
}

/**
 * The browser of a file: a connection to the Chromium the global setup started (closing it closes the contexts the file
 * opened and leaves that Chromium running for the other files), or, run without that setup, a Chromium of its own.
 */
function fileBrowser(): Promise<Browser> {
  const endpoint = inject('e2eBrowserEndpoint');
  return endpoint ? chromium.connect(endpoint) : launchChromium();
}

/**
 * With E2E_BOOT_TIMES set, each file prints how long its stack took to start: wall seconds and the CPU-seconds of its
 * worker process (backend import, database load, server and provider start, browser connection; a reused backend
 * costs the connection only), and whether its backend was the worker's shared one, new or reused, or its own.
 */
function reportBoot(started: number, cpu: NodeJS.CpuUsage, backend: string): void {
  if (!process.env.E2E_BOOT_TIMES) return;
  const used = process.cpuUsage(cpu);
  console.log(
    `e2e stack started in ${((performance.now() - started) / 1000).toFixed(2)} s, ` +
      `${((used.user + used.system) / 1e6).toFixed(2)} CPU-s (backend ${backend}; worker up ${process.uptime().toFixed(1)} s)`,
  );
}

/** What a file asks of its stack. */
export interface StackOptions {
  /** How long access tokens live (they renew at TTL − 60 s); 300 s unless given. */
  accessTokenTtlSeconds?: number;
  /**
   * A backend of the file's own, on a database nobody else writes, stopped when the file ends: for a file whose checks
   * read what the whole database holds (every mail of the outbox, the seeded rows as seeded).
   */
  ownServer?: boolean;
}

/**
 * The backends a worker keeps for its files, one per token lifetime, started by the first file that asks and left
 * running for the next files of that worker (the end-to-end run shares one worker's modules among its files, see
 * vitest.e2e.config.ts): a file's stack start was 8.7–9.5 CPU-seconds, most of it loading the database and starting
 * the server. Kept on globalThis so that a module loaded again still finds them; they end with the worker's process.
 */
const SHARED_KEY = Symbol.for('forms-admin.e2e.shared-servers');
type SharedServers = Map<number, Promise<ServerHandle>>;
function sharedServers(): SharedServers {
  const holder = globalThis as { [SHARED_KEY]?: SharedServers };
  return (holder[SHARED_KEY] ??= new Map());
}

/** The worker's backend for this token lifetime: the one already started, or a new one kept for the next files. */
function sharedServer(ttl: number): { server: Promise<ServerHandle>; reused: boolean } {
  const servers = sharedServers();
  const kept = servers.get(ttl);
  if (kept) return { server: kept, reused: true };
  const started = startServerOnFreePorts({ accessTokenTtlSeconds: ttl });
  servers.set(ttl, started);
  // A start that failed is not kept: the next file tries again (and reports its own failure).
  started.catch(() => servers.delete(ttl));
  return { server: started, reused: false };
}

/**
 * Starts backend, provider and browser. `accessTokenTtlSeconds` sets how soon tokens renew (TTL − 60 s). The backend is
 * the worker's shared one for that lifetime unless `ownServer` is set; the browser connection is always the file's
 * own, and `stop()` closes it (with every context the file opened) and the file's own backend, never a shared one.
 */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const begun = performance.now();
  const cpu = process.cpuUsage();
  const ttl = options.accessTokenTtlSeconds ?? 300;
  const own = options.ownServer === true;
  const { server: serverStart, reused } = own
    ? { server: startServerOnFreePorts({ accessTokenTtlSeconds: ttl }), reused: false }
    : sharedServer(ttl);
  // The browser connects while the backend starts; whichever fails, the other is closed again.
  const [server, browser] = await Promise.allSettled([serverStart, fileBrowser()]);
  reportBoot(begun, cpu, own ? 'own' : reused ? 'shared, reused' : 'shared, new');
  if (server.status === 'rejected' || browser.status === 'rejected') {
    if (server.status === 'fulfilled' && own) await server.value.stop();
    if (browser.status === 'fulfilled') await browser.value.close();
    throw server.status === 'rejected' ? server.reason : (browser as PromiseRejectedResult).reason;
  }
  const started = { server: server.value, browser: browser.value };
  return {
    ...started,
    url: started.server.url,
    async stop() {
      await started.browser.close();
      if (own) await started.server.stop();
    },
  };
}

/** Signs in on the provider's login form, from wherever the app sent the browser. */
export async function signInAtProvider(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username').waitFor({ timeout: 30_000 });
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The access token oidc-client-ts keeps in local storage, or null. */
export async function storedAccessToken(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key?.startsWith('oidc.user:')) {
        const value = localStorage.getItem(key);
        return value ? (JSON.parse(value) as { access_token: string }).access_token : null;
      }
    }
    return null;
  });
}

/** A new browser context whose page errors fail the test that reads them. */
export async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}
