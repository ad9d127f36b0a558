/**
 * The two backends the contract suite runs against, each behind the typed client:
 * - the in-memory fake (`@ccq/forms-admin/testing`) served by MSW on a made-up origin, with claims
 *   enforced and nobody signed in: callers carry a `fake-user:` bearer token, as they carry an access
 *   token to the server, and a call without one is anonymous on both;
 * - the reference server started in-process (memory PGlite from the shared template, or a PostgreSQL database of its
 *   own with `CONTRACT_POSTGRES` set), called with access tokens minted for the seeded accounts.
 */
import { eq, sql } from 'drizzle-orm';
import { setupServer } from 'msw/node';
import type { Client } from 'pg';
import { afterAll } from 'vitest';
import { createApiClient, type ApiClient } from '../../src/api';
import type { AnonymousWriteLimits } from '../../src/domain';
import type { ApplicationModel } from '../../src/domain/pdf';
import { createFakeBackend } from '../../src/testing';
import type { ServerConfig } from '../../example-host/server/config';
import { forms } from '../../example-host/server/db/schema';
import { adminToken, startTestServer, type TestServer } from '../server/helpers';
import { startTemporaryPostgres, type TemporaryPostgres } from '../server/postgres';

/** The accounts both backends seed (by oidcId), with the same effective claims. */
export const SEEDED_OIDC_IDS = ['admin', 'editor', 'reader'] as const;
export type SeededOidcId = (typeof SEEDED_OIDC_IDS)[number];

export interface ContractTarget {
  name: 'fake' | 'server';
  /** Where the backend answers (for clients with other tokens, e.g. public form links). */
  baseUrl: string;
  /** The client acting as the seeded administrator. */
  client: ApiClient;
  /** The seeded administrator's bearer token (for requests the typed client would not send). */
  adminToken: string;
  /** A bearer token that names no user (the fake's for an unknown user; a JWT the server cannot verify). */
  invalidUserToken: string;
  /** A client acting as a seeded account, or anonymous (null: no token at all). */
  clientAs(oidcId: SeededOidcId | null): ApiClient;
  /** A client acting as a new signed-in user who holds no claim; `oidcId` is theirs. */
  newUser(): Promise<{ client: ApiClient; oidcId: string }>;
  /**
   * Stores a form straight in the backend's tables (the Claim area has no call that makes one) and
   * answers its id; `isDeleted` makes it a soft-deleted row.
   */
  addForm(name: string, isDeleted: boolean): Promise<string>;
  /** Removes a form `addForm` stored. */
  removeForm(formId: string): Promise<void>;
  /**
   * Tampers with an envelope's stored audit trail, as someone with access to the storage could: `change` rewrites an
   * event's details, `delete` removes one event.
   */
  tamperAudit(envelopeId: string, action: 'change' | 'delete', sequence: number): Promise<void>;
  stop(): Promise<void>;
}

/** Where the fake answers. Requests to any other origin (the real server) pass through MSW untouched. */
export const FAKE_BASE = 'http://fake-backend.contract.test';

const clientWith = (baseUrl: string, token: string | null) =>
  createApiClient({ baseUrl, retry: { retries: 0 }, ...(token === null ? {} : { getAccessToken: () => token }) });

/** What both backends may be started with (the same numbers on each). */
export interface TargetOptions {
  /** The bounds of anonymous writes (default: the domain's; null: off). */
  anonymousWriteLimits?: Partial<AnonymousWriteLimits> | null;
  /** The server's application model (the fake keeps its seeded paths and example: give the model they describe). */
  applicationModel?: ApplicationModel;
  /** The fake's verdict on a pattern that compiles (the server always runs its own analysis of backtracking). */
  checkPattern?: (pattern: string) => string | null | Promise<string | null>;
  /** The server's signing settings, e.g. its development SMTP sink (the fake records its mail in memory anyway). */
  signing?: ServerConfig['signing'];
}

export async function startFakeTarget(options: TargetOptions = {}): Promise<ContractTarget> {
  const { signing: _serverOnly, ...fakeOptions } = options;
  const backend = createFakeBackend({ enforceClaims: true, currentUserId: null, ...fakeOptions });
  const msw = setupServer(...backend.handlers(FAKE_BASE));
  msw.listen({ onUnhandledRequest: 'bypass' });
  const as = (oidcId: string | null) => clientWith(FAKE_BASE, oidcId === null ? null : backend.tokenFor(oidcId));
  return {
    name: 'fake',
    baseUrl: FAKE_BASE,
    client: as('admin'),
    adminToken: backend.tokenFor('admin'),
    invalidUserToken: 'fake-user:nobody',
    clientAs: as,
    newUser: async () => {
      // The server makes an application user of a new token's subject on its first call; the fake is told.
      const now = backend.now();
      const id = backend.newId();
      const oidcId = `contract-user-${id.slice(-6)}`;
      backend.db.applicationUsers.push({
        id,
        oidcId,
        name: oidcId,
        userName: oidcId,
        email: null,
        phoneNumber: null,
        isEnabled: true,
        failedLoginAttempts: 0,
        isDeleted: false,
        createdDateTime: now,
        lastUpdatedDateTime: now,
      });
      return { client: as(oidcId), oidcId };
    },
    addForm: async (name, isDeleted) => {
      const now = backend.now();
      const formId = backend.newId();
      backend.db.forms.push({
        formId,
        name,
        description: null,
        formGroupId: null,
        currentFormSchemaId: null,
        pdfTemplate: null,
        publicBaseUrl: null,
        isDeleted,
        createdDateTime: now,
        lastUpdatedDateTime: now,
      });
      return formId;
    },
    removeForm: async (formId) => {
      backend.db.forms = backend.db.forms.filter((f) => f.formId !== formId);
    },
    tamperAudit: async (envelopeId, action, sequence) => {
      const life = backend.db.envelopes.find((e) => e.envelopeId === envelopeId)?.lifecycle;
      if (!life) throw new Error(`No envelope '${envelopeId}' with a trail.`);
      life.events =
        action === 'delete'
          ? life.events.filter((e) => e.sequence !== sequence)
          : life.events.map((e) => (e.sequence === sequence ? { ...e, details: { ...e.details, tampered: true } } : e));
    },
    stop: async () => msw.close(),
  };
}

/**
 * `CONTRACT_POSTGRES` runs the reference server of the contract suite on PostgreSQL instead of PGlite: `1` starts a
 * throw-away PostgreSQL server for each test file (tests/server/postgres.ts, Debian's binaries), a `postgres://` URL uses
 * that server (its user may create databases). Either way each server target gets a new database of its own, dropped
 * when it stops, so every scenario starts from the seeds as on PGlite.
 */
export const CONTRACT_POSTGRES = process.env.CONTRACT_POSTGRES || null;

let postgres: Promise<{ url: string; temporary: TemporaryPostgres | null }> | null = null;

afterAll(async () => {
  const running = await postgres?.catch(() => null);
  postgres = null;
  await running?.temporary?.stop();
}, 60_000);

async function onAdminDatabase<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Starts the reference server as the contract suite runs it: on memory PGlite, or with `CONTRACT_POSTGRES` on a new
 * PostgreSQL database that its `stop` drops.
 */
export async function startContractServer(options: TargetOptions = {}): Promise<TestServer> {
  if (!CONTRACT_POSTGRES) return startTestServer(options);
  postgres ??= CONTRACT_POSTGRES === '1'
    ? startTemporaryPostgres().then((temporary) => ({ url: temporary.url, temporary }))
    : Promise.resolve({ url: CONTRACT_POSTGRES, temporary: null });
  const { url } = await postgres;
  const name = `contract_${crypto.randomUUID().replaceAll('-', '')}`;
  await onAdminDatabase(url, (client) => client.query(`CREATE DATABASE ${name}`));
  const databaseUrl = new URL(url);
  databaseUrl.pathname = `/${name}`;
  const server = await startTestServer({ ...options, databaseUrl: databaseUrl.href, memoryDatabaseTemplate: null });
  const stop = server.stop.bind(server);
  return Object.assign(server, {
    stop: async () => {
      await stop();
      await onAdminDatabase(url, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  });
}

export async function startServerTarget(options: TargetOptions = {}): Promise<ContractTarget> {
  const server = await startContractServer(options);
  const tokens = new Map<string, string>();
  for (const oidcId of SEEDED_OIDC_IDS) {
    tokens.set(oidcId, oidcId === 'admin' ? await adminToken(server) : await server.mintAccessToken({ sub: oidcId }));
  }
  const as = (oidcId: SeededOidcId | null) => clientWith(server.url, oidcId === null ? null : (tokens.get(oidcId) ?? null));
  return {
    name: 'server',
    baseUrl: server.url,
    client: as('admin'),
    adminToken: tokens.get('admin') ?? '',
    invalidUserToken: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJub2JvZHkifQ.bm90LXNpZ25lZA',
    clientAs: as,
    newUser: async () => {
      const oidcId = `contract-user-${crypto.randomUUID().slice(0, 8)}`;
      return { client: clientWith(server.url, await server.mintAccessToken({ sub: oidcId })), oidcId };
    },
    addForm: async (name, isDeleted) => {
      const formId = crypto.randomUUID();
      await server.db.insert(forms).values({ formId, name, isDeleted });
      return formId;
    },
    removeForm: async (formId) => {
      await server.db.delete(forms).where(eq(forms.formId, formId));
    },
    tamperAudit: async (envelopeId, action, sequence) => {
      if (action === 'delete') {
        await server.db.execute(sql`DELETE FROM envelope_events WHERE envelope_id = ${envelopeId} AND sequence = ${sequence}`);
        return;
      }
      // The table refuses updates (a trigger): someone with the database's owner rights can still switch it off.
      await server.db.transaction(async (tx) => {
        await tx.execute(sql`ALTER TABLE envelope_events DISABLE TRIGGER envelope_events_no_update`);
        await tx.execute(sql`UPDATE envelope_events SET details = details || '{"tampered": true}'::jsonb WHERE envelope_id = ${envelopeId} AND sequence = ${sequence}`);
        await tx.execute(sql`ALTER TABLE envelope_events ENABLE TRIGGER envelope_events_no_update`);
      });
    },
    stop: () => server.stop(),
  };
}
