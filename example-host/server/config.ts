/**
 * Configuration of the reference backend: defaults, resolution and reading from the environment.
 */
import type { ApplicationModel } from '../../src/domain/pdf';
import { resolveApplicationModel } from './pdf/application-model';
import { isIP } from 'node:net';
import { fileURLToPath } from 'node:url';
import { resolveLoginThrottle, type LoginThrottleOptions, type LoginThrottlePolicy } from './login-throttle';
import { LOGIN_CALLBACK_PATH, SIGNED_OUT_PATH } from '../shared/paths';
import { describeError } from './error-log';
import { checkPublicBaseUrl } from '../../src/domain/forms/access';
import { resolveAnonymousWriteLimits } from '../../src/domain/forms/anonymous-writes';
import type { AnonymousWriteLimits } from '../../src/domain/limits';
import type { SigningOptions } from './signing/options';
import { defaultInstanceId, withRequestIds, type LogSink } from './operations';
import { VALUE_KIND_TYPES, withDeclaredWidgetKinds, type WidgetValueKind } from '../../src/engine/widget-kinds';

export type { LogEntry, LogSink } from './operations';

/** An external OpenID provider used instead of the embedded development provider. */
export interface ExternalOidcConfig {
  /** The issuer (authority) URL; its discovery document gives the JWKS. */
  issuer: string;
  /** The JWKS URL, when the discovery document should not be used. */
  jwksUri?: string;
}

/** What `startServer` accepts. Every field is optional; see `resolveConfig` for the defaults. */
export interface ServerConfig {
  /**
   * The address the API listens on (`HOST`): `127.0.0.1` (loopback only, behind a proxy on the same machine),
   * `0.0.0.0` or `::` (every interface, when the proxy runs elsewhere), or one interface's address. Default
   * `127.0.0.1`. The embedded identity provider stays on loopback.
   */
  host?: string;
  /** API port on `host`; 0 picks a free port. Default 5080. */
  port?: number;
  /** Embedded identity provider port on 127.0.0.1; 0 picks a free port. Default 5081. */
  oidcPort?: number;
  /** Origins of the host app: allowed for CORS on the API and the identity provider. */
  hostOrigins?: string[];
  /**
   * Where public form links (`GetEditUrl`, `GetViewUrl`) point: `{publicFormBaseUrl}/form-instance/…`, an absolute
   * http(s) URL such as `https://www.example.org/forms`. A form's own `publicBaseUrl` wins over it. Default: the first
   * host origin.
   */
  publicFormBaseUrl?: string | null;
  /** Redirect URIs of the client. Default: `<origin>/authentication/login-callback` for each host origin. */
  redirectUris?: string[];
  /** Post-logout redirect URIs. Default: `<origin>/` and `<origin>/signed-out` for each host origin. */
  postLogoutRedirectUris?: string[];
  /** PGlite data folder; `memory://` (or null) keeps the database in memory. Default `<repo>/.data/pglite`. */
  dataDir?: string | null;
  /** `postgres://…`: use PostgreSQL instead of PGlite (needs the `pg` package). */
  databaseUrl?: string | null;
  /** For an in-memory PGlite database: a data folder dump to start from instead of initdb (faster tests). */
  memoryDatabaseTemplate?: Blob | null;
  /** The public client id. Default `forms-admin-example`. */
  clientId?: string;
  /** The API audience (resource indicator). Default `api://forms-admin`. */
  audience?: string;
  /** Scopes beyond openid, profile and email that hosts request. Default `['offline_access']`. */
  extraScopes?: string[];
  /** Access token lifetime in seconds. Default 300. */
  accessTokenTtlSeconds?: number;
  /** Absolute refresh token lifetime in seconds (rotation never extends it). Default 8 hours. */
  refreshTokenTtlSeconds?: number;
  /** Clock leeway when verifying tokens, at most 60 s. Default 60. */
  clockToleranceSeconds?: number;
  /**
   * Longest accepted access-token lifetime (`exp` − `iat`) in seconds: a token meant to live longer is
   * refused, whoever signed it. Default 24 hours; must not be below `accessTokenTtlSeconds`.
   */
  maxAccessTokenLifetimeSeconds?: number;
  /**
   * The JWT `typ` header every access token must carry (RFC 9068: `at+jwt`, also as
   * `application/at+jwt`); null accepts any. Default `at+jwt` with the embedded provider (which issues
   * it), none with an external provider (Entra ID and Keycloak issue `JWT`).
   */
  accessTokenType?: string | null;
  /** Failed sign-in throttling of the embedded provider (`login-throttle.ts`); the defaults suit development. */
  loginThrottle?: LoginThrottleOptions;
  /** Seed an empty database (once). Default true. */
  seed?: boolean;
  /** Use this OpenID provider instead of starting the embedded one. */
  externalOidc?: ExternalOidcConfig | null;
  /** Largest accepted request body in bytes. Default 10 MiB (form instance writes: `MAX_INSTANCE_BODY_BYTES`). */
  maxBodyBytes?: number;
  /**
   * Bounds of anonymous writes to public forms, per client address and per public schema (src/domain/limits.ts,
   * `ANONYMOUS_WRITE_LIMITS`: any field given replaces its default); null turns them off (tests that start many
   * instances from one address). Default: the domain's numbers.
   */
  anonymousWriteLimits?: Partial<AnonymousWriteLimits> | null;
  /**
   * The application model dynamic form linking links to: `{ schema, example }` or the path of a JSON file holding it
   * (`APPLICATION_MODEL`). Default: the shipped example (example-host/server/pdf/application-model.json).
   */
  applicationModel?: ApplicationModel | string | null;
  /** Where the JSON log lines go. Default: one line on stdout per entry. */
  log?: LogSink;
  /**
   * A built example host (`example-host/dist`) to serve on the API's own origin, with SPA fallback.
   * Its origin (`http://127.0.0.1:<port>` and `http://localhost:<port>`) is then a host origin too.
   */
  hostDist?: string | null;
  /** Signing: the seal certificate (a PKCS#12 file instead of the development CA), mail, links, expiry pass. */
  signing?: SigningOptions;
  /** Serve Prometheus metrics on `/metrics` (`METRICS=1`). Default false. */
  metrics?: boolean;
  /** This instance's name in logs and in `job_runs` (`INSTANCE_ID`). Default: host name, process id and a random suffix. */
  instanceId?: string;
  /**
   * Start the PDF worker with the server; `/health/ready` waits for it (the started server does, `main.ts`). Default
   * false: the worker starts with the first PDF job, and readiness does not wait for it.
   */
  warmPdfWorker?: boolean;
  /**
   * How long a stopping server (SIGTERM) lets the requests it is answering finish, in seconds (`DRAIN_SECONDS`): it
   * takes no new connection and answers not-ready meanwhile; connections still open after it are closed. Default 10.
   */
  drainSeconds?: number;
  /**
   * A host's own widget kinds, each declared by the value kind it stores (`HOST_WIDGET_KINDS`, e.g.
   * `star-rating:number`): form schemas whose layouts name them are accepted and checked as that value kind (a
   * `number` kind bound to an integer or number path). A layout naming a kind neither built in nor declared is
   * refused (400, "which is not known"). Default: none, the built-in kinds only. One setting per process: the
   * schema check reads the last started server's.
   */
  hostWidgetKinds?: Readonly<Record<string, WidgetValueKind>> | null;
}

/** The configuration with every default applied. */
export interface ResolvedConfig {
  /** The API's listening address. */
  host: string;
  /** The embedded identity provider's listening address: always loopback. */
  oidcHost: '127.0.0.1';
  port: number;
  oidcPort: number;
  hostOrigins: string[];
  /** The checked base of public form links, or null for the first host origin. */
  publicFormBaseUrl: string | null;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  dataDir: string | null;
  databaseUrl: string | null;
  memoryDatabaseTemplate: Blob | null;
  clientId: string;
  audience: string;
  extraScopes: string[];
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  clockToleranceSeconds: number;
  maxAccessTokenLifetimeSeconds: number;
  accessTokenType: string | null;
  loginThrottle: LoginThrottlePolicy & { now?: () => number };
  seed: boolean;
  externalOidc: ExternalOidcConfig | null;
  maxBodyBytes: number;
  /** The bounds of anonymous writes, or null: off. */
  anonymousWriteLimits: AnonymousWriteLimits | null;
  applicationModel: ApplicationModel;
  log: LogSink;
  hostDist: string | null;
  signing: SigningOptions;
  metrics: boolean;
  instanceId: string;
  warmPdfWorker: boolean;
  drainSeconds: number;
  /** The host widget kinds by their value kinds (checked: none redeclares a built-in kind as another value kind). */
  hostWidgetKinds: Readonly<Record<string, WidgetValueKind>>;
}

/** The default PGlite folder: `.data/pglite` at the repository root (git-ignored). */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../.data/pglite', import.meta.url));
export const DEFAULT_PORT = 5080;
export const DEFAULT_OIDC_PORT = 5081;
export const DEFAULT_HOST_ORIGINS = ['http://127.0.0.1:5173', 'http://localhost:5173'];
export const DEFAULT_CLIENT_ID = 'forms-admin-example';
export const DEFAULT_AUDIENCE = 'api://forms-admin';
/** The default longest accepted access-token lifetime: 24 hours. */
export const DEFAULT_MAX_ACCESS_TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;
/** The access-token `typ` the embedded provider issues (RFC 9068). */
export const ACCESS_TOKEN_TYPE = 'at+jwt';
/** The path of the host's sign-in callback route (docs/spec.md, Screens and routes). */
export { LOGIN_CALLBACK_PATH, SIGNED_OUT_PATH };

/** Writes each entry as one JSON line on stdout. */
export const stdoutLog: LogSink = (entry) => {
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), ...entry })}\n`);
};

/** The log levels, least severe first; `silent` writes nothing. */
export const LOG_LEVELS = ['info', 'warn', 'error', 'silent'] as const;
/** How much the server logs: entries of this level and more severe ones. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** A sink that passes on only the entries at `level` or more severe. */
export function filterLog(level: LogLevel, sink: LogSink): LogSink {
  const min = LOG_LEVELS.indexOf(level);
  return (entry) => {
    if (LOG_LEVELS.indexOf(entry.level) >= min) sink(entry);
  };
}

function normalizeOrigin(origin: string): string {
  const url = new URL(origin);
  return url.origin;
}

function positiveInt(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got ${value}`);
  return value;
}

function port(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 0 || value > 65535)
    throw new Error(`${name} must be a port, got ${value}`);
  return value;
}

/** The default listening address: loopback only. */
export const DEFAULT_HOST = '127.0.0.1';
/** The default time a stopping server lets its requests finish, in seconds. */
export const DEFAULT_DRAIN_SECONDS = 10;

/** Checks a listening address: an IPv4 or IPv6 address, or a host name. */
function bindAddress(value: string | undefined): string {
  if (value === undefined) return DEFAULT_HOST;
  const host = value.trim().replace(/^\[(.*)\]$/, '$1');
  if (isIP(host) === 0 && !/^[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?$/.test(host)) {
    throw new Error(`host must be an IP address or a host name to listen on, got "${value}"`);
  }
  return host;
}

/** Applies the defaults and checks the values. */
export function resolveConfig(config: ServerConfig = {}): ResolvedConfig {
  const apiPort = port('port', config.port, DEFAULT_PORT);
  const sameOrigin =
    config.hostDist && apiPort !== 0 ? [`http://127.0.0.1:${apiPort}`, `http://localhost:${apiPort}`] : [];
  const hostOrigins = [...new Set([...sameOrigin, ...(config.hostOrigins ?? DEFAULT_HOST_ORIGINS)].map(normalizeOrigin))];
  const clock = config.clockToleranceSeconds ?? 60;
  if (!(clock >= 0 && clock <= 60)) throw new Error('clockToleranceSeconds must be between 0 and 60');
  const externalOidc = config.externalOidc ?? null;
  const accessTokenTtlSeconds = positiveInt('accessTokenTtlSeconds', config.accessTokenTtlSeconds, 300);
  const maxAccessTokenLifetimeSeconds = positiveInt(
    'maxAccessTokenLifetimeSeconds',
    config.maxAccessTokenLifetimeSeconds,
    DEFAULT_MAX_ACCESS_TOKEN_LIFETIME_SECONDS,
  );
  if (!externalOidc && accessTokenTtlSeconds > maxAccessTokenLifetimeSeconds) {
    throw new Error(
      `accessTokenTtlSeconds (${accessTokenTtlSeconds}) must not exceed maxAccessTokenLifetimeSeconds (${maxAccessTokenLifetimeSeconds}): the API would refuse the provider's own tokens`,
    );
  }
  const accessTokenType =
    config.accessTokenType === undefined ? (externalOidc ? null : ACCESS_TOKEN_TYPE) : config.accessTokenType?.trim() || null;
  const { now, ...throttle } = config.loginThrottle ?? {};
  const drainSeconds = config.drainSeconds ?? DEFAULT_DRAIN_SECONDS;
  if (!(Number.isFinite(drainSeconds) && drainSeconds >= 0 && drainSeconds <= 3600)) {
    throw new Error(`drainSeconds must be between 0 and 3600, got ${drainSeconds}`);
  }
  return {
    host: bindAddress(config.host),
    oidcHost: '127.0.0.1',
    port: apiPort,
    oidcPort: port('oidcPort', config.oidcPort, DEFAULT_OIDC_PORT),
    hostOrigins,
    publicFormBaseUrl: config.publicFormBaseUrl ? checkPublicBaseUrl(config.publicFormBaseUrl, 'publicFormBaseUrl') : null,
    redirectUris: config.redirectUris ?? hostOrigins.map((o) => `${o}${LOGIN_CALLBACK_PATH}`),
    postLogoutRedirectUris: config.postLogoutRedirectUris ?? hostOrigins.flatMap((o) => [`${o}/`, `${o}${SIGNED_OUT_PATH}`]),
    dataDir: config.dataDir === undefined ? DEFAULT_DATA_DIR : config.dataDir,
    databaseUrl: config.databaseUrl || null,
    memoryDatabaseTemplate: config.memoryDatabaseTemplate ?? null,
    clientId: config.clientId ?? DEFAULT_CLIENT_ID,
    audience: config.audience ?? DEFAULT_AUDIENCE,
    extraScopes: config.extraScopes ?? ['offline_access'],
    accessTokenTtlSeconds,
    refreshTokenTtlSeconds: positiveInt('refreshTokenTtlSeconds', config.refreshTokenTtlSeconds, 8 * 60 * 60),
    clockToleranceSeconds: clock,
    maxAccessTokenLifetimeSeconds,
    accessTokenType,
    loginThrottle: { ...resolveLoginThrottle(throttle), ...(now ? { now } : {}) },
    seed: config.seed ?? true,
    externalOidc,
    maxBodyBytes: positiveInt('maxBodyBytes', config.maxBodyBytes, 10 * 1024 * 1024),
    anonymousWriteLimits: config.anonymousWriteLimits === null ? null : resolveAnonymousWriteLimits(config.anonymousWriteLimits),
    applicationModel: resolveApplicationModel(config.applicationModel),
    // Every line written while a request runs carries its id.
    log: withRequestIds(config.log ?? stdoutLog),
    hostDist: config.hostDist ?? null,
    signing: config.signing ?? {},
    metrics: config.metrics ?? false,
    instanceId: config.instanceId?.trim() || defaultInstanceId(),
    warmPdfWorker: config.warmPdfWorker ?? false,
    drainSeconds,
    hostWidgetKinds: resolveHostWidgetKinds(config.hostWidgetKinds),
  };
}

/** The host widget kinds, each checked as the schema check will read it (a mistake stops the start with its sentence). */
function resolveHostWidgetKinds(declared: Readonly<Record<string, WidgetValueKind>> | null | undefined): Readonly<Record<string, WidgetValueKind>> {
  const kinds = { ...(declared ?? {}) };
  try {
    withDeclaredWidgetKinds(kinds);
  } catch (error) {
    throw new Error(`hostWidgetKinds: ${error instanceof Error ? error.message : String(error)}`);
  }
  return kinds;
}

/**
 * `HOST_WIDGET_KINDS`: comma-separated `kind:value` pairs (`star-rating:number, mood:choice`), the value one of the
 * engine's value kinds (string, number, boolean, choice, list, none).
 */
export function hostWidgetKindsFromText(text: string): Record<string, WidgetValueKind> {
  const kinds: Record<string, WidgetValueKind> = {};
  for (const pair of text.split(',').map((s) => s.trim()).filter(Boolean)) {
    const match = /^([A-Za-z][\w-]*)\s*:\s*([a-z]+)$/.exec(pair);
    if (!match || !Object.prototype.hasOwnProperty.call(VALUE_KIND_TYPES, match[2] as string)) {
      throw new Error(
        `HOST_WIDGET_KINDS must list kind:value pairs such as "star-rating:number", the value one of ${Object.keys(VALUE_KIND_TYPES).join(', ')}; got "${pair}"`,
      );
    }
    kinds[match[1] as string] = match[2] as WidgetValueKind;
  }
  return kinds;
}

function intFromEnv(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value)) throw new Error(`${name} must be an integer, got "${raw}"`);
  return value;
}

function listFromEnv(env: NodeJS.ProcessEnv, name: string): string[] | undefined {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * Reads the configuration from environment variables: HOST (the API's listening address, default 127.0.0.1),
 * DRAIN_SECONDS (how long a stopping server lets requests finish, default 10), PORT, OIDC_PORT, HOST_ORIGIN (comma-separated),
 * PUBLIC_FORM_BASE_URL (where public form links point), DATA_DIR, DATABASE_URL, OIDC_CLIENT_ID, API_AUDIENCE, ACCESS_TOKEN_TTL, REFRESH_TOKEN_TTL,
 * MAX_ACCESS_TOKEN_LIFETIME, ACCESS_TOKEN_TYPE (`none` accepts any), OIDC_ISSUER (external provider), OIDC_JWKS_URI, REDIRECT_URIS (comma-separated), LOG_LEVEL (info, warn,
 * error or silent; default info: one JSON line per request), ANONYMOUS_WRITE_LIMITS (`off` turns the bounds of
 * anonymous writes off), SIGNING_AUDIT_KEY (the audit trails' key, base64 or hex), METRICS (`1` serves `/metrics`),
 * INSTANCE_ID (this instance's name in logs and job records), HOST_WIDGET_KINDS (a host's own widget kinds by their
 * value kinds, `star-rating:number`).
 */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const config: ServerConfig = {};
  if (env.HOST?.trim()) config.host = env.HOST.trim();
  const drain = intFromEnv(env, 'DRAIN_SECONDS');
  if (drain !== undefined) config.drainSeconds = drain;
  const p = intFromEnv(env, 'PORT');
  if (p !== undefined) config.port = p;
  const op = intFromEnv(env, 'OIDC_PORT');
  if (op !== undefined) config.oidcPort = op;
  const origins = listFromEnv(env, 'HOST_ORIGIN');
  if (origins) config.hostOrigins = origins;
  if (env.PUBLIC_FORM_BASE_URL?.trim()) config.publicFormBaseUrl = env.PUBLIC_FORM_BASE_URL.trim();
  const redirects = listFromEnv(env, 'REDIRECT_URIS');
  if (redirects) config.redirectUris = redirects;
  if (env.DATA_DIR) config.dataDir = env.DATA_DIR;
  if (env.HOST_DIST) config.hostDist = env.HOST_DIST;
  if (env.DATABASE_URL) config.databaseUrl = env.DATABASE_URL;
  if (env.OIDC_CLIENT_ID) config.clientId = env.OIDC_CLIENT_ID;
  if (env.API_AUDIENCE) config.audience = env.API_AUDIENCE;
  const at = intFromEnv(env, 'ACCESS_TOKEN_TTL');
  if (at !== undefined) config.accessTokenTtlSeconds = at;
  const rt = intFromEnv(env, 'REFRESH_TOKEN_TTL');
  if (rt !== undefined) config.refreshTokenTtlSeconds = rt;
  const maxLifetime = intFromEnv(env, 'MAX_ACCESS_TOKEN_LIFETIME');
  if (maxLifetime !== undefined) config.maxAccessTokenLifetimeSeconds = maxLifetime;
  const type = env.ACCESS_TOKEN_TYPE?.trim();
  if (type) config.accessTokenType = type.toLowerCase() === 'none' ? null : type;
  if (env.OIDC_ISSUER) {
    config.externalOidc = { issuer: env.OIDC_ISSUER };
    if (env.OIDC_JWKS_URI) config.externalOidc.jwksUri = env.OIDC_JWKS_URI;
  }
  if (env.ANONYMOUS_WRITE_LIMITS?.trim().toLowerCase() === 'off') config.anonymousWriteLimits = null;
  if (env.APPLICATION_MODEL?.trim()) config.applicationModel = env.APPLICATION_MODEL.trim();
  // The seal certificate of signed documents: a PKCS#12 file and its passphrase (default: the development CA).
  if (env.SIGNING_P12_PATH?.trim()) config.signing = { p12Path: env.SIGNING_P12_PATH.trim(), p12Passphrase: env.SIGNING_P12_PASSPHRASE ?? '' };
  // The audit trails' key, kept apart from the database (default: a key file beside the data folder).
  if (env.SIGNING_AUDIT_KEY?.trim()) config.signing = { ...config.signing, auditKey: env.SIGNING_AUDIT_KEY.trim() };
  // Mail: over SMTP at SMTP_URL; without it the development SMTP sink keeps what is sent (the Outbox page).
  const smtpUrl = env.SMTP_URL?.trim();
  config.signing = { ...config.signing, ...(smtpUrl ? { smtpUrl } : { smtpSink: true }) };
  if (env.MAIL_FROM?.trim()) config.signing.mailFrom = env.MAIL_FROM.trim();
  if (env.SMTP_SINK_PORT?.trim()) config.signing.smtpSinkPort = Number(env.SMTP_SINK_PORT.trim());
  const metrics = env.METRICS?.trim().toLowerCase();
  if (metrics) config.metrics = ['1', 'true', 'on', 'yes'].includes(metrics);
  if (env.INSTANCE_ID?.trim()) config.instanceId = env.INSTANCE_ID.trim();
  if (env.HOST_WIDGET_KINDS?.trim()) config.hostWidgetKinds = hostWidgetKindsFromText(env.HOST_WIDGET_KINDS);
  const level = env.LOG_LEVEL?.trim().toLowerCase();
  if (level) {
    if (!(LOG_LEVELS as readonly string[]).includes(level)) {
      throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
    }
    config.log = filterLog(level as LogLevel, stdoutLog);
  }
  return config;
}

/** What to tell a person whose start failed: for a busy port, which variable to change. */
export function startFailureMessage(error: unknown, env: NodeJS.ProcessEnv = process.env): string {
  const e = error as NodeJS.ErrnoException & { port?: number };
  if (e.code === 'EADDRINUSE') {
    const busy = /:(\d+)$/.exec(e.message)?.[1] ?? String(e.port ?? '');
    const variable = busy === String(env.OIDC_PORT ?? '5081') ? 'OIDC_PORT' : 'PORT';
    return `Port ${busy} is already in use (is Forms Admin already running?). Stop that process, or start on another port with ${variable}=<port>.`;
  }
  // Every start failure is logged with a message, also for thrown objects that carry none.
  return typeof e.message === 'string' && e.message !== '' ? e.message : `The server could not start: ${describeError(error)}.`;
}
