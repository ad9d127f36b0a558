/**
 * The server half of `npm run bench:forms-abuse`: the reference backend in its own process (so the probe's clients do
 * not share its event loop), on 127.0.0.1 with a free port and a fresh PGlite data folder, with one public form to
 * write to. Prints one JSON line `{ url, formSchemaId, dataDir }` once it listens; stops on SIGTERM.
 *
 * Argument: `off` turns the bounds of anonymous writes off (the server as it was before them).
 */
import { startServer } from '../../example-host/server/server';

const dataDir = process.env.BENCH_DATA_DIR;
if (!dataDir) throw new Error('BENCH_DATA_DIR is required');
const limitsOff = process.argv.includes('off');

const server = await startServer({
  port: 0,
  oidcPort: 0,
  dataDir,
  log: () => undefined,
  ...(limitsOff ? { anonymousWriteLimits: null } : {}),
});
const token = await server.mintAccessToken({ sub: 'admin' });
const call = async (path: string, body: unknown): Promise<Record<string, unknown>> => {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
};
const form = await call('/api/crud/form/post', { name: 'Bench public form' });
const schema = await call('/api/crud/formschema/post', {
  formId: form.formId,
  isPublic: true,
  jsonSchema: { type: 'object', properties: { text: { type: 'string' } } },
  layout: { pages: [{ id: 'p', title: 'P', sections: [{ id: 's', title: 'S', fields: [{ id: 'text', path: '/text', widget: 'textarea', label: 'Text' }] }] }] },
});
process.stdout.write(`${JSON.stringify({ url: server.url, formSchemaId: schema.formSchemaId, dataDir })}\n`);
process.on('SIGTERM', () => {
  void server.stop().then(() => process.exit(0));
});
