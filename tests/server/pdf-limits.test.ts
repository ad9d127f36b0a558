// @vitest-environment node
/**
 * PDF work never stalls the reference server: a stored template whose appearance stream inflates past the limit is
 * refused when filled, flattened or sent for signature (413 `pdf-inflated-size`, in the worker) while the health check
 * keeps answering, and refused at upload too; a field tree 20,000 levels deep is refused in words a person
 * understands.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedForm, InstanceFromApplication } from '../../src/api/types';
import { PDF_TOO_DEEP_MESSAGE, PDF_UPLOAD_LIMITS } from '../../src/domain/pdf/limits';
import { saveFormPdf } from '../../example-host/server/pdf/store';
import { deepFieldTreePdf, deflateBombPdf } from '../support/hostile-pdfs';
import { call, callJson, START_TIMEOUT_MS, startTestServer, type TestServer } from './helpers';
import { fixture } from './pdf-test-helpers';
import { requestSignature } from './signing-helpers';

let server: TestServer;
let admin: string;
let bomb: Uint8Array;

beforeAll(async () => {
  [server, bomb] = await Promise.all([startTestServer(), deflateBombPdf(PDF_UPLOAD_LIMITS.maxInflatedBytes + 16 * 1024 * 1024)]);
  admin = await server.mintAccessToken({ sub: 'admin' });
}, START_TIMEOUT_MS);
afterAll(async () => {
  await server?.stop();
});

async function upload(bytes: Uint8Array, name: string) {
  const body = new FormData();
  body.append('Pdf', new Blob([bytes.slice()], { type: 'application/pdf' }), name);
  const response = await fetch(new URL('/api/FormGenerator/UploadPdf', server.url), { method: 'POST', body, headers: { authorization: `Bearer ${admin}` } });
  return { status: response.status, body: (await response.json()) as GeneratedForm & { detail?: string; code?: string } };
}

/** Runs `work` while asking the health check every 50 ms; answers its result and the slowest health answer, ms. */
async function withHealthChecks<T>(work: () => Promise<T>): Promise<{ result: T; slowestMs: number }> {
  let slowestMs = 0;
  let running = true;
  const probe = (async () => {
    while (running) {
      const started = performance.now();
      await call(server, '/api/HealthCheck/Get');
      slowestMs = Math.max(slowestMs, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  try {
    return { result: await work(), slowestMs };
  } finally {
    running = false;
    await probe;
  }
}

describe('PDF limits', () => {
  it('refuses to fill, flatten or send a template that inflates past the limit, and the health check keeps answering', async () => {
    // A form of an ordinary PDF whose stored template is then replaced by the bomb (as one stored before the check).
    const { body: generated } = await upload(fixture('create_form.pdf'), 'bomb.pdf');
    expect((await callJson(server, '/api/crud/form/post', { method: 'POST', token: admin, body: { ...generated.form, currentFormSchemaId: null } })).status).toBe(200);
    expect((await callJson(server, '/api/crud/formschema/post', { method: 'POST', token: admin, body: generated.formSchema })).status).toBe(200);
    const created = await callJson<InstanceFromApplication>(server, '/api/DynamicFormLinking/Create', {
      method: 'POST',
      token: admin,
      query: { schemaId: generated.formSchema.formSchemaId },
      body: {},
    });
    expect(created.status).toBe(200);
    await saveFormPdf(server.db, { formId: generated.form.formId, fileName: 'bomb.pdf', pageCount: 1, bytes: bomb });
    const formInstanceId = created.body.formInstanceId;

    const { result, slowestMs } = await withHealthChecks(async () => [
      await callJson<{ code?: string; detail?: string }>(server, '/api/Forms/DownloadPdf', { token: admin, query: { formInstanceId } }),
      await callJson<{ code?: string; detail?: string }>(server, '/api/Forms/DownloadPdf', { token: admin, query: { formInstanceId, flatten: 'true' } }),
      await requestSignature(server, admin, { formInstanceId, signers: [{ name: 'Ada Lovelace', email: 'ada@example.com' }] }),
    ]);
    for (const answer of result) {
      expect(answer.status).toBe(413);
      expect(answer.body).toMatchObject({ code: 'pdf-inflated-size' });
      expect(answer.body.detail).toContain('MiB when read');
    }
    // Generous for a busy CI machine: the fill ran in the worker, not on the server's thread.
    expect(slowestMs).toBeLessThan(1_000);
  }, 60_000);

  it('refuses the bomb at upload with the same code', async () => {
    const { status, body } = await upload(bomb, 'bomb.pdf');
    expect(status).toBe(413);
    expect(body).toMatchObject({ code: 'pdf-inflated-size' });
  }, 30_000);

  it('refuses a field tree 20,000 levels deep with a sentence, not the engine message', async () => {
    const { status, body } = await upload(deepFieldTreePdf(20_000), 'deep.pdf');
    expect(status).toBe(422);
    expect(body).toMatchObject({ code: 'pdf-too-deep', detail: PDF_TOO_DEEP_MESSAGE });
  }, 30_000);
});
