/**
 * Test helpers for the reference backend: start it in-process (in-memory PGlite, random ports), call
 * the API, give users claims, and sign in through the real authorization-code + PKCE flow.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { startServer, type MintOptions, type ServerHandle } from '../../example-host/server/server';
import type { LogEntry, ServerConfig } from '../../example-host/server/config';
import {
  applicationUsers,
  claimGrantsUsers,
  claimGroupLinksUsers,
  memberships,
} from '../../example-host/server/db/schema';
import { claimTypeOfValue } from '../../example-host/server/db/seed';
import { BytesBlob } from '../support/bytes-blob';

export const HOST_ORIGIN = 'http://127.0.0.1:5173';
export const REDIRECT_URI = `${HOST_ORIGIN}/authentication/login-callback`;

export interface TestServer extends ServerHandle {
  logs: LogEntry[];
}

/** How long a hook that starts servers may take on a busy 2-core machine. */
export const START_TIMEOUT_MS = 120_000;

let templatePromise: Promise<Blob> | null = null;

/**
 * An empty PGlite data folder (right after initdb), dumped once into the temp folder and shared by
 * every test file: loading it takes about a second, running initdb several.
 */
export function pgliteTemplate(): Promise<Blob> {
  templatePromise ??= (async () => {
    const pkg = JSON.parse(
      await readFile(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url), 'utf8'),
    ) as { version: string };
    const file = path.join(os.tmpdir(), `forms-admin-pglite-template-${pkg.version}-checkpointed.tar`);
    try {
      return new BytesBlob(await readFile(file));
    } catch {
      const { PGlite } = await import('@electric-sql/pglite');
      const pg = new PGlite();
      await pg.waitReady;
      // A checkpoint first: a database started from the dump then has no write-ahead log to replay.
      await pg.exec('CHECKPOINT');
      const dump = await pg.dumpDataDir('none');
      await pg.close();
      const bytes = new Uint8Array(await dump.arrayBuffer());
      const tmp = `${file}.${process.pid}.${Date.now()}`;
      await writeFile(tmp, bytes);
      await rename(tmp, file);
      return new BytesBlob(bytes);
    }
  })();
  return templatePromise;
}

let seededPromise: Promise<Blob> | null = null;

/**
 * The database a test server starts from when it seeds (the default): PGlite with every migration applied and the seed
 * written, the same dump the end-to-end setup keeps in `.tmp/e2e-database/` (tests/e2e/support/database-template.ts:
 * named by a hash of the sources that migrate and seed, built once when they change, then read from disk). The server
 * then finds nothing left to migrate or seed; it still makes its own signing keys and seal certificate. Each server
 * gets a database of its own: the dump is only where it starts. Migrating and seeding took about 1.7 of a start's
 * 3 CPU-seconds in a fresh worker.
 */
export function seededPgliteTemplate(): Promise<Blob> {
  seededPromise ??= (async () => {
    const { migratedTemplate } = await import('../e2e/support/database-template');
    const { file } = await migratedTemplate();
    return new BytesBlob(await readFile(file));
  })();
  return seededPromise;
}

/** The dump a memory server starts from: migrated and seeded unless it is told not to seed. */
function memoryTemplateFor(overrides: ServerConfig): Promise<Blob> | null {
  if (TEST_DATABASE_URL) return null;
  return overrides.seed === false ? pgliteTemplate() : seededPgliteTemplate();
}

/**
 * `TEST_DATABASE_URL=postgres://…` runs the server tests against PostgreSQL instead of an in-memory
 * PGlite database (needs the `pg` package). The tests create uniquely named rows, so they may share it.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || null;

/**
 * Whether each test file has a database of its own (PGlite). Tests that change seeded rows for a
 * moment (and would disturb other files sharing a TEST_DATABASE_URL database) run only then.
 */
export const OWN_DATABASE = TEST_DATABASE_URL === null;

/**
 * Starts a server with an in-memory database (or TEST_DATABASE_URL) on random ports; its log lines
 * are collected.
 */
export async function startTestServer(overrides: ServerConfig = {}): Promise<TestServer> {
  const logs: LogEntry[] = [];
  const handle = await startServer({
    port: 0,
    oidcPort: 0,
    dataDir: 'memory://',
    databaseUrl: TEST_DATABASE_URL,
    memoryDatabaseTemplate: 'memoryDatabaseTemplate' in overrides ? null : await memoryTemplateFor(overrides),
    hostOrigins: [HOST_ORIGIN],
    // A stopping test server lets its requests finish for 2 s at most (the service default is 10 s).
    drainSeconds: 2,
    log: (entry) => {
      logs.push(entry);
    },
    ...overrides,
  });
  return Object.assign(handle, { logs });
}

export interface CallOptions {
  token?: string | null;
  method?: string;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Calls the API. */
export async function call(server: Pick<ServerHandle, 'url'>, path: string, options: CallOptions = {}) {
  const url = new URL(path, server.url);
  for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  return fetch(url, { method: options.method ?? 'GET', headers, body });
}

/** Calls the API and parses the JSON answer. */
export async function callJson<T>(server: Pick<ServerHandle, 'url'>, path: string, options: CallOptions = {}) {
  const response = await call(server, path, options);
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T, headers: response.headers };
}

/**
 * Creates (or reuses) the application user `sub` holding exactly the given claims as direct grants,
 * and returns a token for it.
 */
export async function userWithClaims(
  server: ServerHandle,
  sub: string,
  claims: readonly { value: number; allow?: boolean; priority?: number }[] | readonly number[],
  mint: MintOptions = {},
): Promise<{ token: string; userId: string }> {
  const { db } = server;
  let [user] = await db.select().from(applicationUsers).where(eq(applicationUsers.oidcId, sub));
  if (!user) {
    [user] = await db
      .insert(applicationUsers)
      .values({ id: crypto.randomUUID(), oidcId: sub, name: sub, userName: sub, email: `${sub}@example.com` })
      .returning();
  }
  if (!user) throw new Error('no user');
  if (!user.isEnabled || user.isDeleted) {
    await db
      .update(applicationUsers)
      .set({ isEnabled: true, isDeleted: false })
      .where(eq(applicationUsers.id, user.id));
  }
  await db.delete(memberships).where(eq(memberships.applicationUserId, user.id));
  await db.delete(claimGrantsUsers).where(eq(claimGrantsUsers.holderId, user.id));
  await db.delete(claimGroupLinksUsers).where(eq(claimGroupLinksUsers.holderId, user.id));
  const grants = claims.map((c) => (typeof c === 'number' ? { value: c } : c));
  if (grants.length) {
    await db.insert(claimGrantsUsers).values(
      grants.map((g) => ({
        id: crypto.randomUUID(),
        holderId: user.id,
        claimType: claimTypeOfValue(g.value),
        claimValue: g.value,
        allow: g.allow ?? true,
        priorityOfPermission: g.priority ?? 1,
      })),
    );
  }
  server.claims.invalidateAll();
  return { token: await server.mintAccessToken({ sub }, mint), userId: user.id };
}

// ---------------------------------------------------------------- real sign-in over HTTP

/** A minimal cookie jar for the identity provider's cookies (one host). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some(
        (a) => /^\s*expires=/i.test(a) && new Date(a.split('=')[1] ?? '').getTime() < Date.now(),
      );
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** fetch without following redirects, sending and storing cookies. */
  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookie = this.header();
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.store(response);
    return response;
  }
}

export interface Pkce {
  verifier: string;
  challenge: string;
}

export function createPkce(): Pkce {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export interface TokenResponse {
  access_token: string;
  id_token: string;
  refresh_token?: string;
  expires_in: number;
  token_type: string;
  scope?: string;
}

/** Decodes a JWT's payload (no verification). */
export function decodeJwt(token: string): Record<string, unknown> {
  const [, payload = ''] = token.split('.');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

export interface AuthorizeOptions {
  prompt?: string;
  state?: string;
  scope?: string;
  pkce?: Pkce;
}

/** The authorization URL of the test client. */
export function authorizationUrl(issuer: string, clientId: string, options: AuthorizeOptions & { pkce: Pkce }): string {
  const url = new URL('/auth', issuer);
  url.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope: options.scope ?? 'openid profile email offline_access',
    state: options.state ?? randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
    code_challenge: options.pkce.challenge,
    code_challenge_method: 'S256',
    ...(options.prompt ? { prompt: options.prompt } : {}),
  }).toString();
  return url.toString();
}

function location(response: Response, base: string): string {
  const value = response.headers.get('location');
  if (!value) throw new Error(`Expected a redirect, got ${response.status}`);
  return new URL(value, base).toString();
}

/** Opens the login form of a new authorization request; answers the form's action URL and HTML. */
export async function openLoginForm(
  server: Pick<ServerHandle, 'issuerUrl' | 'clientId'>,
  jar: CookieJar,
  options: AuthorizeOptions & { pkce: Pkce },
): Promise<{ action: string; html: string; status: number }> {
  const start = await jar.fetch(authorizationUrl(server.issuerUrl, server.clientId, options));
  if (start.status !== 303) throw new Error(`authorize: ${start.status} ${await start.text()}`);
  const interactionUrl = location(start, server.issuerUrl);
  const page = await jar.fetch(interactionUrl);
  const html = await page.text();
  const action = /action="([^"]+)"/.exec(html)?.[1];
  return { action: action ? new URL(action, server.issuerUrl).toString() : '', html, status: page.status };
}

/** Posts the login form. */
export function postLogin(jar: CookieJar, action: string, username: string, password: string): Promise<Response> {
  return jar.fetch(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }).toString(),
  });
}

/**
 * Posts the login form expecting it to fail: the answer must be a redirect back to the form (post/redirect/get), which
 * is then opened; returns that page (the form again, saying why).
 */
export async function postFailedLogin(jar: CookieJar, action: string, username: string, password: string): Promise<Response> {
  const posted = await postLogin(jar, action, username, password);
  const to = new URL(posted.headers.get('location') ?? '', action);
  if (posted.status !== 303 || to.toString() !== action.replace(/\/login$/, '')) {
    throw new Error(`a failed sign-in redirects back to its form; got ${posted.status} to ${to.pathname}`);
  }
  return jar.fetch(to.toString());
}

/** Whether a posted login signed in: a redirect that goes on with the authorization, not back to the form. */
export function signedIn(posted: Response): boolean {
  return posted.status === 303 && !/\/interaction\//.test(posted.headers.get('location') ?? '');
}

/** Follows redirects on the issuer until one leaves it (the callback with the code). */
export async function followToCallback(jar: CookieJar, issuer: string, response: Response): Promise<URL> {
  let current = response;
  for (let i = 0; i < 5; i += 1) {
    const next = location(current, issuer);
    if (!next.startsWith(issuer)) return new URL(next);
    current = await jar.fetch(next);
  }
  throw new Error('Too many redirects');
}

/** Exchanges an authorization code at the token endpoint. */
export async function exchangeCode(
  server: Pick<ServerHandle, 'issuerUrl' | 'clientId'>,
  code: string,
  verifier: string | null,
): Promise<Response> {
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT_URI,
    client_id: server.clientId,
  });
  if (verifier) body.set('code_verifier', verifier);
  return fetch(new URL('/token', server.issuerUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: HOST_ORIGIN },
    body,
  });
}

/** Uses a refresh token. */
export function refresh(server: Pick<ServerHandle, 'issuerUrl' | 'clientId'>, refreshToken: string): Promise<Response> {
  return fetch(new URL('/token', server.issuerUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: HOST_ORIGIN },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: server.clientId }),
  });
}

/** Signs in with username and password through the whole authorization-code + PKCE flow. */
export async function signIn(
  server: Pick<ServerHandle, 'issuerUrl' | 'clientId'>,
  username: string,
  password: string,
  jar = new CookieJar(),
): Promise<TokenResponse> {
  const pkce = createPkce();
  const { action } = await openLoginForm(server, jar, { pkce });
  const posted = await postLogin(jar, action, username, password);
  const callback = await followToCallback(jar, server.issuerUrl, posted);
  const code = callback.searchParams.get('code');
  if (!code) throw new Error(`No code in ${callback.toString()}`);
  const response = await exchangeCode(server, code, pkce.verifier);
  if (response.status !== 200) throw new Error(`token: ${response.status} ${await response.text()}`);
  return (await response.json()) as TokenResponse;
}

/** A name nobody else uses (tests may share a PostgreSQL database). */
export function uniqueName(prefix: string): string {
  return `${prefix} ${crypto.randomUUID().slice(0, 8)}`;
}

/** The seeded administrator's token (every claim, through the Administrators role). */
export function adminToken(server: ServerHandle): Promise<string> {
  return server.mintAccessToken({ sub: 'admin' });
}
