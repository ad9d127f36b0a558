/**
 * The renderer's server goal: "a 1000-field instance saves and reloads on the real server in under 200 ms".
 *
 * Starts the reference backend in this process as the server tests do (example-host/server, in-memory PGlite, random
 * ports), creates a public form schema of N generated fields (the renderer bench's form), and then does what the
 * public `FormInstanceViewer` does, through the library's own calls: an anonymous visitor starts an instance (POST,
 * which hands out a link token), and each timed run saves the whole data with status Submitted (so the server
 * validates it with the form engine) carrying the link token and `If-Match`, then reloads it through OData — with
 * `saveFormInstance` and `client.odata.formInstances.getOne`, over HTTP on 127.0.0.1.
 *
 * Kept apart: the first save and reload of the freshly started process (everything cold), and the first of a new
 * schema version once the server is warm (the server compiles that version's validator then). The goal is judged on
 * the median of the runs after those.
 */
import { createApiClient } from '../../src/api/client';
import { FormInstanceStatus } from '../../src/api/enums';
import { eq, guid } from '../../src/api/odata';
import type { FormInstance, JsonObject } from '../../src/api/types';
import { generateForm, generateFormData } from '../../src/forms/generateForm';
import { saveFormInstance } from '../../src/query/forms-viewer';
import { startServer } from '../../example-host/server/server';
import { percentile } from '../admin/stats';

/** One timed save + reload. */
export interface ServerRun {
  saveMs: number;
  reloadMs: number;
  totalMs: number;
}

/** What {@link measureServerSaveReload} measured. */
export interface ServerResult {
  fields: number;
  /** Characters of the saved data as JSON. */
  dataChars: number;
  /** The first save + reload of a freshly started server process (cold code and the schema's validator to compile). */
  cold: ServerRun;
  /** The first save + reload of a new schema version in a warm server (its validator compiled then). */
  firstOfSchema: ServerRun;
  /** The timed runs after it. */
  runs: ServerRun[];
  /** Medians of the timed runs. */
  median: ServerRun;
  maxTotalMs: number;
  database: string;
}

const HOST_ORIGIN = 'http://127.0.0.1:5173';

function fail(message: string): never {
  throw new Error(`server bench: ${message}`);
}

/** Starts the reference server, measures `runs` saves and reloads of an N-field instance, stops it. */
export async function measureServerSaveReload(options: { fields?: number; runs?: number; log?: (line: string) => void } = {}): Promise<ServerResult> {
  const fields = options.fields ?? 1000;
  const runs = options.runs ?? 15;
  const errors: string[] = [];
  const server = await startServer({
    port: 0,
    oidcPort: 0,
    dataDir: 'memory://',
    hostOrigins: [HOST_ORIGIN],
    log: (entry) => {
      if (entry.level === 'error') errors.push(JSON.stringify(entry));
    },
  });
  try {
    // Setup as the seeded administrator: a form and two public schema versions of the generated form (A warms the
    // server up, B is measured: its first save is the first use of a schema version in a warm server).
    const adminToken = await server.mintAccessToken({ sub: 'admin' });
    const admin = createApiClient({ baseUrl: server.url, getAccessToken: () => adminToken });
    const generated = generateForm(fields);
    const form = await admin.request<{ formId: string }>({ method: 'POST', path: '/api/crud/form/post', json: { name: `Bench ${fields} fields` } });
    if (!form) fail('the form was not created');
    const newSchema = async () => {
      const schema = await admin.request<{ formSchemaId: string }>({
        method: 'POST',
        path: '/api/crud/formschema/post',
        json: { formId: form.formId, jsonSchema: generated.jsonSchema, layout: generated.layout, isPublic: true },
      });
      return schema?.formSchemaId ?? fail('the form schema was not created');
    };
    const data = generateFormData(generated);
    const group = Object.keys(data)[0] ?? fail('no data');

    /** A visitor (no account) on a public schema: the first save hands out the instance's link token. */
    const visit = async (formSchemaId: string) => {
      let linkToken: string | null = null;
      const visitor = createApiClient({ baseUrl: server.url, getAccessToken: () => linkToken });
      const started = await saveFormInstance(visitor, {
        formInstanceId: null,
        formSchemaId,
        formId: form.formId,
        data,
        status: FormInstanceStatus.InProgress,
        version: null,
        linkToken: null,
      });
      linkToken = started.linkToken ?? fail('no link token for the new instance');
      const formInstanceId = started.instance.formInstanceId;
      let version = started.version;
      return async (i: number): Promise<ServerRun> => {
        // A real change each time (one answer), the whole data sent, as the viewer's saves do.
        const next: JsonObject = { ...data, [group]: { ...(data[group] as JsonObject), field1: `Run ${i}` } };
        const t0 = performance.now();
        const saved = await saveFormInstance(visitor, { formInstanceId, formSchemaId, formId: form.formId, data: next, status: FormInstanceStatus.Submitted, version, linkToken });
        const t1 = performance.now();
        const reloaded: FormInstance | null = await visitor.odata.formInstances.getOne({ filter: eq('formInstanceId', guid(formInstanceId)) });
        const t2 = performance.now();
        version = saved.version;
        if (saved.instance.status !== FormInstanceStatus.Submitted) fail(`saved with status ${saved.instance.status}`);
        if (JSON.stringify(reloaded?.data) !== JSON.stringify(saved.instance.data)) fail('the reloaded data differs from the saved data');
        if ((reloaded?.data[group] as JsonObject | undefined)?.field1 !== `Run ${i}`) fail('the reloaded data misses the change');
        return { saveMs: t1 - t0, reloadMs: t2 - t1, totalMs: t2 - t0 };
      };
    };

    const warmUp = await visit(await newSchema());
    const cold = await warmUp(0);
    options.log?.(`server: first save of a fresh server ${cold.saveMs.toFixed(0)} ms + reload ${cold.reloadMs.toFixed(0)} ms`);
    for (let i = 1; i <= 3; i++) await warmUp(i);
    const once = await visit(await newSchema());
    const firstOfSchema = await once(0);
    options.log?.(`server: first save of a new schema version ${firstOfSchema.saveMs.toFixed(0)} ms + reload ${firstOfSchema.reloadMs.toFixed(0)} ms`);
    const measured: ServerRun[] = [];
    for (let i = 1; i <= runs; i++) measured.push(await once(i));
    if (errors.length) fail(`the server logged errors: ${errors.slice(0, 3).join('; ')}`);
    const med = (pick: (r: ServerRun) => number) => percentile(measured.map(pick), 50) as number;
    return {
      fields,
      dataChars: JSON.stringify(data).length,
      cold,
      firstOfSchema,
      runs: measured,
      median: { saveMs: med((r) => r.saveMs), reloadMs: med((r) => r.reloadMs), totalMs: med((r) => r.totalMs) },
      maxTotalMs: Math.max(...measured.map((r) => r.totalMs)),
      database: `${server.database.kind} (${server.database.location})`,
    };
  } finally {
    await server.stop();
  }
}
