/**
 * Starts the whole reference backend in-process: database (migrations + one-time seed), the embedded
 * identity provider (unless an external one is configured, on loopback) and the API on `host` (default 127.0.0.1).
 * Stopping drains: no new connection is taken, readiness answers 503, the requests being answered finish within the
 * drain time, then everything closes.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { discardUnreadBody } from './unread-body';
import type { Hono } from 'hono';
import { createLocalJWKSet, createRemoteJWKSet, importJWK, SignJWT, type JWTVerifyGetKey } from 'jose';
import { findAccountBySub, SEEDED_ACCOUNTS } from './accounts';
import { createApp } from './app';
import { TokenVerifier, type AccountLookup } from './auth';
import { ClaimsService } from './claims-service';
import { ACCESS_TOKEN_TYPE, resolveConfig, type ResolvedConfig, type ServerConfig } from './config';
import { openDatabase, type Db, type OpenDatabase } from './db/index';
import { runMigrations } from './db/migrate';
import { seedOnce } from './db/seed';
import { startOidcServer, type OidcServer } from './oidc';
import { createRouteRegistry } from './routes/index';
import type { AppEnv, RouteRegistry } from './routes/registry';
import { loadOrCreateSecrets, publicJwk, type SigningJwk } from './secrets';
import { startSigning } from './signing/routes';
import { purgeExpiredLimits } from './forms/anonymous-writes';
import { purgeJobRuns, runOncePerPeriod, ServerMetrics, type PdfWorkerState } from './operations';
import { pdfWorkers } from './pdf/worker';
import { setHostWidgetKinds } from './forms/schema-check';
import type { ExternalAccount, Services } from './services';

/** Claims of a token minted by `mintAccessToken`. */
export interface MintClaims {
  sub: string;
  name?: string;
  email?: string;
  preferred_username?: string;
  [claim: string]: unknown;
}

/** Options of `mintAccessToken`. */
export interface MintOptions {
  /** Lifetime in seconds (negative for an already expired token). Default 300. */
  expiresInSeconds?: number;
  audience?: string;
  issuer?: string;
  /** `iat` in seconds since the epoch; null leaves it out. Default now. */
  issuedAt?: number | null;
  /** The `typ` header; null leaves it out. Default `at+jwt`, as the provider issues it. */
  type?: string | null;
}

/** A running server. */
export interface ServerHandle {
  /** The API base URL, e.g. `http://127.0.0.1:5080`. */
  url: string;
  /** The identity provider's issuer URL (the OIDC authority). */
  issuerUrl: string;
  clientId: string;
  audience: string;
  config: ResolvedConfig;
  database: Pick<OpenDatabase, 'kind' | 'location'>;
  db: Db;
  claims: ClaimsService;
  registry: RouteRegistry;
  app: Hono<AppEnv>;
  /**
   * Signs an access token with the embedded provider's signing key, as the provider would issue it.
   * For tests and scripts in the same process; not reachable over HTTP. Throws with an external provider.
   */
  mintAccessToken(claims: MintClaims, options?: MintOptions): Promise<string>;
  /**
   * Stops: takes no new connection, answers not-ready, lets the requests being answered finish (at most
   * `config.drainSeconds`; connections open after that are closed), then closes the identity provider and the
   * database. Safe to call twice.
   */
  stop(): Promise<void>;
}

/** How often expired limit windows and old job records are purged (by one instance per period). */
const PURGE_INTERVAL_MS = 10 * 60 * 1000;

async function listen(server: http.Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}

/** The URL clients of this machine reach a listening address at (a wildcard address by loopback). */
function urlOf(host: string, port: number): string {
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

/**
 * Drains an HTTP server: stops taking connections, closes the idle ones (also each one whose request finishes
 * meanwhile), and after `ms` closes what is still open. Answers how many connections were cut.
 */
function drain(server: http.Server, ms: number): Promise<{ cut: number }> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve({ cut: 0 });
    let cut = 0;
    const idle = setInterval(() => server.closeIdleConnections(), 50);
    const timer = setTimeout(() => {
      server.getConnections((_error, count) => {
        cut = count;
        server.closeAllConnections();
      });
    }, ms);
    server.close(() => {
      clearInterval(idle);
      clearTimeout(timer);
      resolve({ cut });
    });
    server.closeIdleConnections();
  });
}

async function externalKeys(issuer: string, jwksUri: string | undefined): Promise<JWTVerifyGetKey> {
  let uri = jwksUri;
  if (!uri) {
    const discoveryUrl = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
    const response = await fetch(discoveryUrl, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`Cannot read ${discoveryUrl}: HTTP ${response.status}`);
    const discovery = (await response.json()) as { jwks_uri?: unknown };
    if (typeof discovery.jwks_uri !== 'string') throw new Error(`${discoveryUrl} has no jwks_uri`);
    uri = discovery.jwks_uri;
  }
  return createRemoteJWKSet(new URL(uri), { cooldownDuration: 30_000, timeoutDuration: 5_000 });
}

/** Starts the database, the identity provider and the API. */
export async function startServer(input: ServerConfig = {}): Promise<ServerHandle> {
  const config = resolveConfig(input);
  const { log } = config;
  const cleanups: (() => Promise<void>)[] = [];
  const cleanup = async () => {
    for (const fn of cleanups.splice(0).reverse()) await fn().catch(() => undefined);
  };
  // The PDF worker starts beside the database when asked (the started server), so that the first upload finds it
  // ready and readiness can wait for it; a failure here is retried by the first PDF job, which reports it.
  let pdfWorker: PdfWorkerState = config.warmPdfWorker ? 'starting' : 'on-demand';
  if (config.warmPdfWorker) {
    pdfWorkers()
      .warm()
      .then(
        () => {
          pdfWorker = 'warm';
        },
        (error: unknown) => {
          pdfWorker = 'failed';
          log({ level: 'error', msg: 'the PDF worker did not start', error: String(error) });
        },
      );
  }
  let stopping: Promise<void> | null = null;
  try {
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      memoryTemplate: config.memoryDatabaseTemplate,
    });
    cleanups.push(() => database.close());
    const { db } = database;
    const applied = await runMigrations(db, config.seed ? seedOnce : undefined);
    if (applied.length) log({ level: 'info', msg: 'migrations applied', applied });

    let issuer: string;
    let keys: JWTVerifyGetKey;
    let signingKey: SigningJwk | null = null;
    let accountLookup: AccountLookup | undefined;
    let listAccounts: (() => readonly ExternalAccount[]) | undefined;
    let oidc: OidcServer | null = null;
    if (config.externalOidc) {
      issuer = config.externalOidc.issuer;
      keys = await externalKeys(issuer, config.externalOidc.jwksUri);
    } else {
      const secrets = await loadOrCreateSecrets(db);
      oidc = await startOidcServer({ config, secrets, log, db });
      const started = oidc;
      cleanups.push(() => started.close());
      issuer = oidc.issuer;
      keys = createLocalJWKSet({ keys: secrets.signingKeys.map(publicJwk) });
      signingKey = secrets.signingKeys[0] ?? null;
      accountLookup = (sub) => {
        const account = findAccountBySub(sub);
        return account ? { name: account.displayName, userName: account.username, email: account.email } : undefined;
      };
      listAccounts = () =>
        SEEDED_ACCOUNTS.map((a) => ({ sub: a.sub, name: a.displayName, userName: a.username, email: a.email }));
    }

    const claims = new ClaimsService(db);
    const verifier = new TokenVerifier({
      issuer,
      audience: config.audience,
      keys,
      clockToleranceSeconds: config.clockToleranceSeconds,
      maxLifetimeSeconds: config.maxAccessTokenLifetimeSeconds,
      requiredType: config.accessTokenType,
    });
    // The host widget kinds schema saves accept (HOST_WIDGET_KINDS), until this server stops.
    const restoreWidgetKinds = setHostWidgetKinds(config.hostWidgetKinds);
    cleanups.push(async () => restoreWidgetKinds());
    const services: Services = { config, db, claims, verifier, issuer, accountLookup, listAccounts };
    const registry = createRouteRegistry();
    const metrics = config.metrics ? new ServerMetrics(db) : null;
    if (metrics) cleanups.push(async () => metrics.close());
    const app = createApp(services, registry, {
      metrics,
      readiness: { db, pdfWorker: () => pdfWorker, stopping: () => stopping !== null },
    });
    // Windows and job records nobody reads any more are removed every 10 minutes, by one instance.
    const purgeTimer = setInterval(() => {
      runOncePerPeriod(db, {
        job: 'purge-limits',
        periodMs: PURGE_INTERVAL_MS,
        instance: config.instanceId,
        log,
        run: async () => {
          const events = config.anonymousWriteLimits ? await purgeExpiredLimits(db, config.anonymousWriteLimits) : 0;
          await purgeJobRuns(db);
          return { events };
        },
      }).catch((error: unknown) => log({ level: 'error', msg: 'purging expired limits failed', error: String(error) }));
    }, PURGE_INTERVAL_MS);
    purgeTimer.unref();
    cleanups.push(async () => clearInterval(purgeTimer));
    // The seal certificate is made (or a configured PKCS#12 file read) now, and the expiry and reminder pass starts.
    const stopSigning = await startSigning(services);
    cleanups.push(async () => stopSigning());

    // The body an answer leaves unread is thrown away by discardUnreadBody, within its limits, not by the adapter (which
    // closes the connection half a second after the answer: a client still sending saw a reset, not the answer).
    const listener = getRequestListener(app.fetch, { autoCleanupIncoming: false });
    const server = http.createServer((req, res) => {
      // While draining, each answer closes its connection: a proxy does not send it another request.
      if (stopping) res.setHeader('Connection', 'close');
      res.once('finish', () => discardUnreadBody(req));
      void listener(req, res);
    });
    server.keepAliveTimeout = 5_000;
    server.requestTimeout = 60_000;
    const port = await listen(server, config.port, config.host);
    cleanups.push(async () => {
      const started = performance.now();
      log({ level: 'info', msg: 'server draining', drainSeconds: config.drainSeconds, instance: config.instanceId });
      const { cut } = await drain(server, config.drainSeconds * 1000);
      log({ level: cut ? 'warn' : 'info', msg: 'server drained', ms: Math.round(performance.now() - started), cutConnections: cut });
    });
    const url = urlOf(config.host, port);
    log({ level: 'info', msg: 'server started', url, issuer, database: database.kind, location: database.location, instance: config.instanceId });

    return {
      url,
      issuerUrl: issuer,
      clientId: config.clientId,
      audience: config.audience,
      config,
      database: { kind: database.kind, location: database.location },
      db,
      claims,
      registry,
      app,
      async mintAccessToken(tokenClaims, options = {}) {
        if (!signingKey) throw new Error('mintAccessToken needs the embedded identity provider');
        const key = await importJWK(signingKey, 'RS256');
        const now = Math.floor(Date.now() / 1000);
        const { sub, ...rest } = tokenClaims;
        const type = options.type === undefined ? ACCESS_TOKEN_TYPE : options.type;
        const issuedAt = options.issuedAt === undefined ? now : options.issuedAt;
        const jwt = new SignJWT({ ...rest, client_id: config.clientId, scope: 'openid profile email api' })
          .setProtectedHeader({ alg: 'RS256', kid: signingKey.kid, ...(type === null ? {} : { typ: type }) })
          .setSubject(sub)
          .setIssuer(options.issuer ?? issuer)
          .setAudience(options.audience ?? config.audience)
          .setJti(crypto.randomUUID())
          .setExpirationTime(now + (options.expiresInSeconds ?? 300));
        if (issuedAt !== null) jwt.setIssuedAt(issuedAt);
        return jwt.sign(key);
      },
      stop() {
        stopping ??= (async () => {
          await cleanup();
          log({ level: 'info', msg: 'server stopped', url });
        })();
        return stopping;
      },
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/** Same as `startServer`: creates and starts the server. */
export const createServer = startServer;

/** Where signals come from: the process, or a stand-in in tests. */
export type SignalSource = Pick<NodeJS.Process, 'on' | 'off'>;

/** How long the rest of a stop (identity provider, database) may take after the drain before the process exits anyway. */
const STOP_AFTER_DRAIN_MS = 10_000;

/**
 * Stops the server on SIGINT / SIGTERM, then exits: the server drains (no new connections, not ready, the requests
 * being answered finish within `config.drainSeconds`), closes the database and the process exits 0. A stop that
 * hangs past the drain time and 10 s more, or a second signal, exits at once with 1.
 * Returns a function that removes the handlers.
 */
export function installSignalHandlers(
  handle: Pick<ServerHandle, 'stop'> & { config?: Pick<ResolvedConfig, 'drainSeconds'> },
  exit: (code: number) => void = process.exit,
  signals: SignalSource = process,
): () => void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    process.stdout.write(
      `${JSON.stringify({ time: new Date().toISOString(), level: 'info', msg: stopping ? 'stopping now' : 'shutting down', signal })}\n`,
    );
    if (stopping) return exit(1);
    stopping = true;
    const bound = setTimeout(() => exit(1), (handle.config?.drainSeconds ?? 10) * 1000 + STOP_AFTER_DRAIN_MS);
    bound.unref();
    handle.stop().then(
      () => {
        clearTimeout(bound);
        exit(0);
      },
      () => {
        clearTimeout(bound);
        exit(1);
      },
    );
  };
  signals.on('SIGINT', onSignal);
  signals.on('SIGTERM', onSignal);
  return () => {
    signals.off('SIGINT', onSignal);
    signals.off('SIGTERM', onSignal);
  };
}
