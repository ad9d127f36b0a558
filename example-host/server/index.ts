/**
 * The reference backend of the example host (docs/decisions.md, Reference backend): Hono + drizzle (PGlite or PostgreSQL) +
 * an embedded development OpenID provider.
 */
export { startServer, createServer, installSignalHandlers } from './server';
export type { ServerHandle, MintClaims, MintOptions } from './server';
export { SEEDED_ACCOUNTS } from './accounts';
export type { SeededAccount } from './accounts';
export { resolveConfig, configFromEnv, DEFAULT_AUDIENCE, DEFAULT_CLIENT_ID, DEFAULT_DATA_DIR } from './config';
export type { ServerConfig, ResolvedConfig, LogEntry, LogSink } from './config';
export { SEED_IDS, BUILT_IN_CLAIM_GROUPS } from './db/seed';
export { route, RouteRegistry, RouteDeclarationError } from './routes/registry';
export type { RouteDeclaration, RouteClaim } from './routes/registry';
