/**
 * What the end-to-end stack takes from the reference backend. The global setup bundles this module once per run
 * (support/backend-bundle.ts) and every file imports that bundle natively; run without that setup, stack.ts imports
 * this module from the sources.
 */
export { startServer } from '../../../example-host/server/server';
export type { ServerHandle } from '../../../example-host/server/server';
export { openDatabase } from '../../../example-host/server/db/index';
export { runMigrations } from '../../../example-host/server/db/migrate';
export { seedOnce } from '../../../example-host/server/db/seed';
