// @vitest-environment node
/**
 * PDF work never stalls the reference server: a stored template whose appearance stream inflates past the limit is
 * refused when filled, flattened or sent for signature (413 `pdf-inflated-size`, in the worker) while the health check
 * keeps answering, and refused at upload too; a field tree 20,000 levels deep is refused in words a person
 * understands; a field whose fully qualified name is longer than the limit (its own, or with its parents') is refused
 * at upload with a sentence and a code, one of 8 MiB while the health check keeps answering.
 */
import { watchLoopHolds } from '../support/event-loop-holds';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedForm, InstanceFromApplication } from '../../src/api/types';
import { PDF_FIELD_NAME_TOO_LONG_MESSAGE, PDF_TOO_DEEP_MESSAGE, PDF_UPLOAD_LIMITS } from '../../src/domain/pdf/limits';
import { saveFormPdf } from '../../example-host/server/pdf/store';
import { deepFieldTreePdf, deflateBombPdf, longFieldNamesPdf, writePdf } from '../support/hostile-pdfs';
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

/** A multipart body holding `bytes` as the upload's `Pdf` part, encoded ahead: its bytes and content type. */
async function multipartBody(bytes: Uint8Array, name: string): Promise<{ bytes: Uint8Array<ArrayBuffer>; contentType: string }> {
  const form = new FormData();
  form.append('Pdf', new Blob([bytes.slice()], { type: 'application/pdf' }), name);
  const encoded = new Response(form);
  return { bytes: new Uint8Array(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type') ?? '' };
}

async function send(body: { bytes: Uint8Array<ArrayBuffer>; contentType: string }) {
  const response = await fetch(new URL('/api/FormGenerator/UploadPdf', server.url), {
    method: 'POST',
    body: body.bytes,
    headers: { authorization: `Bearer ${admin}`, 'content-type': body.contentType },
  });
  return { status: response.status, body: (await response.json()) as GeneratedForm & { detail?: string; code?: string } };
}

async function upload(bytes: Uint8Array, name: string) {
  return send(await multipartBody(bytes, name));
}


/**
 * The most CPU time the server's thread may run without a turn of its event loop while a hostile PDF is handled: the
 * bytes are read in slices and parsed in a worker, so what is left on the thread is short turns (a slice, a database
 * statement, an answer). A health check waits behind no more than that. Measured at the wall, the slowest health
 * answer also counts the time the thread waits for a core: 1.2 s at load 20 on two cores, where the thread ran
 * tens of milliseconds at a time.
 */
const MAX_HOLD_CPU_MS = 250;

interface Held<T> {
  result: T;
  /** Health checks answered while `work` ran, and how many of them were not 200. */
  healthAnswers: number;
  healthFailures: number;
  /** The slowest health answer, wall ms (reported, not judged: it includes waiting for a core). */
  slowestHealthMs: number;
  /** The longest gap of a 1 ms timer, wall ms, and the most CPU time this thread ran within one gap. */
  maxGapMs: number;
  maxGapCpuMs: number;
}

/**
 * Runs `work` while asking the health check every 50 ms and timing the event loop (the server runs in the test's
 * process, so its event loop is this one): a 1 ms timer's gaps, the longest by wall time and the most CPU time the
 * thread ran within one gap. On a busy machine a gap is long while the thread waits for a core; the CPU time in it is
 * the work that held the loop, which is what a health check, or any other request, waits behind.
 */
async function withHealthChecks<T>(work: () => Promise<T>): Promise<Held<T>> {
  let slowestHealthMs = 0;
  let healthAnswers = 0;
  let healthFailures = 0;
  let running = true;
  const watch = watchLoopHolds();
  const probe = (async () => {
    while (running) {
      const started = performance.now();
      const answer = await call(server, '/api/HealthCheck/Get');
      await answer.arrayBuffer();
      healthAnswers += 1;
      if (answer.status !== 200) healthFailures += 1;
      slowestHealthMs = Math.max(slowestHealthMs, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  try {
    const result = await work();
    return { result, healthAnswers, healthFailures, slowestHealthMs: Math.round(slowestHealthMs), ...watch.stop() };
  } finally {
    running = false;
    watch.stop();
    await probe;
  }
}

/** The event loop kept turning while `work` ran: health checks answered 200, and no turn held the thread long. */
function expectLoopNotHeld(held: Held<unknown>, what: string) {
  console.log(
    `${what}: ${held.healthAnswers} health answers, slowest ${held.slowestHealthMs} ms; longest event-loop gap ${held.maxGapMs} ms wall, ` +
      `${held.maxGapCpuMs} ms CPU`,
  );
  expect(held.healthAnswers, 'health answers').toBeGreaterThan(0);
  expect(held.healthFailures, 'health failures').toBe(0);
  expect(held.maxGapCpuMs, 'longest CPU hold of the server thread').toBeLessThan(MAX_HOLD_CPU_MS);
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

    const held = await withHealthChecks(async () => [
      await callJson<{ code?: string; detail?: string }>(server, '/api/Forms/DownloadPdf', { token: admin, query: { formInstanceId } }),
      await callJson<{ code?: string; detail?: string }>(server, '/api/Forms/DownloadPdf', { token: admin, query: { formInstanceId, flatten: 'true' } }),
      await requestSignature(server, admin, { formInstanceId, signers: [{ name: 'Ada Lovelace', email: 'ada@example.com' }] }),
    ]);
    for (const answer of held.result) {
      expect(answer.status).toBe(413);
      expect(answer.body).toMatchObject({ code: 'pdf-inflated-size' });
      expect(answer.body.detail).toContain('MiB when read');
    }
    // The fill ran in the worker, not on the server's thread.
    expectLoopNotHeld(held, 'inflating template');
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

  it('takes a field name of exactly the limit and refuses one a character longer, with a sentence and a code', async () => {
    const max = PDF_UPLOAD_LIMITS.maxFieldNameLength;
    const atLimit = await upload(longFieldNamesPdf(1, max), 'at-limit.pdf');
    expect(atLimit.status, atLimit.body.detail).toBe(200);
    expect(atLimit.body.formSchema.layout.pages[0]?.sections[0]?.fields[0]?.pdfFieldName).toHaveLength(max);
    const over = await upload(longFieldNamesPdf(1, max + 1), 'over.pdf');
    expect(over).toEqual({ status: 422, body: expect.objectContaining({ code: 'pdf-field-name', detail: PDF_FIELD_NAME_TOO_LONG_MESSAGE }) });
    expect(over.body.detail).toContain('1,000 characters');
  }, 60_000);

  it('counts the names of the fields a field sits in: two parts of 600 characters are refused', async () => {
    const nested = writePdf([
      '<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [4 0 R] /DA (/Helv 0 Tf 0 g) >> >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots [5 0 R] >>',
      `<< /T (${'p'.repeat(600)}) /Kids [5 0 R] >>`,
      `<< /Type /Annot /Subtype /Widget /FT /Tx /T (${'c'.repeat(600)}) /Parent 4 0 R /Rect [50 700 300 720] /P 3 0 R >>`,
    ]);
    const { status, body } = await upload(nested, 'nested.pdf');
    expect(status).toBe(422);
    expect(body).toMatchObject({ code: 'pdf-field-name', detail: PDF_FIELD_NAME_TOO_LONG_MESSAGE });
  }, 30_000);

  it('refuses a field name of 8 MiB at upload while the health check keeps answering', async () => {
    // The file and its multipart body are built before the measure: the test's own work on the shared thread (copying
    // and encoding 8 MiB) is not the server's.
    const body = await multipartBody(longFieldNamesPdf(1, 8 * 1024 * 1024), 'long.pdf');
    const held = await withHealthChecks(() => send(body));
    expect(held.result.status).toBe(422);
    expect(held.result.body).toMatchObject({ code: 'pdf-field-name', detail: PDF_FIELD_NAME_TOO_LONG_MESSAGE });
    // The body was read in slices and parsed in the worker.
    expectLoopNotHeld(held, '8 MiB field name');
  }, 60_000);
});
