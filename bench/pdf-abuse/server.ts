/**
 * The server half of `npm run bench:pdf-abuse`: the reference backend in its own process (so the probe's clients do
 * not share its event loop), on 127.0.0.1 with a free port and a fresh PGlite data folder, its PDF worker warmed as
 * `main.ts` does. Prints one JSON line `{ url, token }` (an administrator's token) once it listens; stops on SIGTERM.
 */
import { pdfWorkers } from '../../example-host/server/pdf/worker';
import { startServer } from '../../example-host/server/server';

const dataDir = process.env.BENCH_DATA_DIR;
if (!dataDir) throw new Error('BENCH_DATA_DIR is required');

const warming = pdfWorkers().warm();
const server = await startServer({ port: 0, oidcPort: 0, dataDir, log: () => undefined });
await warming;
const token = await server.mintAccessToken({ sub: 'admin' }, { expiresInSeconds: 6 * 60 * 60 });
process.stdout.write(`${JSON.stringify({ url: server.url, token })}\n`);
process.on('SIGTERM', () => {
  void server.stop().then(() => process.exit(0));
});
