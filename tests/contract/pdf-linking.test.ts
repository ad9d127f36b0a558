// @vitest-environment node
/**
 * Contract of dynamic form linking and the PDF upload's refusals, on the fake and the reference server alike: the
 * application model's paths (plain and typed) and example, an instance created from an application (values that fit
 * copied, the others left out and listed with the engine's message), each linking permission, the upload's 4xx for
 * an empty file, a file that is not a PDF and a missing part (each with its `pdf-…` code), a file of exactly the
 * documented 10 MiB (taken) and a byte more (413 `pdf-size`), and the filled-PDF download's 404; on the server, which
 * reads the file, a field tree too deep to read is refused with a sentence. The server runs with
 * the application model the fake's seeded paths and example describe.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiError } from '../../src/api';
import type { JsonObject, PdfImportCleanup } from '../../src/api/types';
import type { ApplicationModel } from '../../src/domain/pdf';
import { exampleApplication, SEED_PRIMITIVE_PATHS } from '../../src/testing';
import { actionMarkers, qpdfFieldValues } from '../server/pdf-test-helpers';
import { PDF_TOO_DEEP_MESSAGE, PDF_TOO_LARGE_MESSAGE, PDF_UPLOAD_LIMITS } from '../../src/domain/pdf/limits';
import { deepFieldTreePdf, paddedPdf } from '../support/hostile-pdfs';
import { startFakeTarget, startServerTarget, type ContractTarget } from './targets';

/** The cleanup each backend answered for sample_form.pdf. */
const cleanups = new Map<string, PdfImportCleanup | undefined>();

/** An id no row has, the same on both backends (the answers name it). */
const UNKNOWN_ID = '00000000-0000-4000-8000-00000000dead';
const str = { type: 'string' };
const int = { type: 'integer' };
/** The JSON Schema of the fake's seeded application model. */
const MODEL: ApplicationModel = {
  schema: {
    type: 'object',
    properties: {
      applicant: { type: 'object', properties: { name: str, email: str, dateOfBirth: str, phone: str } },
      address: { type: 'object', properties: { street: str, city: str, postalCode: str, country: str } },
      employment: { type: 'object', properties: { status: str, employerName: str, annualIncome: int, startDate: str, department: str } },
      loan: { type: 'object', properties: { amount: int, termMonths: int, purpose: str } },
    },
  },
  example: exampleApplication(),
};

async function outcome<T>(call: () => Promise<T>): Promise<T | { status: number; detail?: string }> {
  try {
    return await call();
  } catch (error) {
    if (!isApiError(error)) throw error;
    return { status: error.status, detail: (error.result as { detail?: string } | null)?.detail };
  }
}

async function upload(target: ContractTarget, bytes: Uint8Array | null, field = 'Pdf') {
  const body = new FormData();
  if (bytes) body.append(field, new Blob([bytes.slice()], { type: 'application/pdf' }), 'upload.pdf');
  const response = await fetch(`${target.baseUrl.replace(/\/$/, '')}/api/FormGenerator/UploadPdf`, {
    method: 'POST',
    body,
    headers: { authorization: `Bearer ${target.adminToken}` },
  });
  const answer = (await response.json()) as { detail?: string; code?: string };
  return { status: response.status, detail: answer.detail, code: answer.code };
}

async function scenario(target: ContractTarget): Promise<Map<string, unknown>> {
  const facts = new Map<string, unknown>();
  const admin = target.client;
  facts.set('paths', await admin.dynamicFormLinking.getAllPrimitivePaths());
  facts.set('typed', (await admin.dynamicFormLinking.getAllPrimitivePathsWithTypes())?.map((p) => ({ path: p.path, type: p.type })));
  facts.set('example', await admin.dynamicFormLinking.getExampleApplication());

  const form = await admin.crud.form.post({ name: `Linking ${target.name}`, description: null, formGroupId: null });
  const jsonSchema: JsonObject = {
    type: 'object',
    properties: { name: { type: 'string', maxLength: 5 }, amount: { type: 'integer' }, city: { type: 'string' }, purpose: { type: 'integer' } },
  };
  const schema = await admin.crud.formschema.post({
    formId: form?.formId ?? '',
    jsonSchema,
    isPublic: false,
    layout: {
      pages: [{ id: 'p', title: 'P', sections: [{ id: 's', title: 'S', fields: [
        { id: 'name', path: '/name', widget: 'text', label: 'Name', linkedPath: '/applicant/name' },
        { id: 'amount', path: '/amount', widget: 'integer', label: 'Amount', linkedPath: '/loan/amount' },
        { id: 'city', path: '/city', widget: 'text', label: 'City', linkedPath: '/address/city' },
        { id: 'purpose', path: '/purpose', widget: 'integer', label: 'Purpose', linkedPath: '/loan/purpose' },
      ] }] }],
    },
  });
  const created = await admin.dynamicFormLinking.create(schema?.formSchemaId ?? '', exampleApplication());
  facts.set('created', { data: created?.data, status: created?.status, problems: created?.prefillProblems });
  facts.set('create unknown schema', await outcome(() => admin.dynamicFormLinking.create(UNKNOWN_ID, {})));

  const reader = target.clientAs('reader');
  facts.set('reader paths', await outcome(() => reader.dynamicFormLinking.getAllPrimitivePaths()));
  facts.set('reader example', await outcome(() => reader.dynamicFormLinking.getExampleApplication()));
  facts.set('reader create', await outcome(() => reader.dynamicFormLinking.create(schema?.formSchemaId ?? '', {})));
  facts.set('anonymous paths', await outcome(() => target.clientAs(null).dynamicFormLinking.getAllPrimitivePaths()));

  facts.set('upload empty', await upload(target, new Uint8Array(0)));
  facts.set('upload not a pdf', await upload(target, new TextEncoder().encode('GIF89a not a pdf')));
  facts.set('upload no part', await upload(target, null));
  // The documented limit is the file's size: a file of exactly 10 MiB is taken (its multipart body is larger), a byte
  // more is refused with the upload's code.
  const atLimit = await upload(target, paddedPdf(PDF_UPLOAD_LIMITS.maxBytes));
  facts.set('upload 10 MiB', { status: atLimit.status, code: atLimit.code });
  facts.set('upload 10 MiB + 1 byte', await upload(target, paddedPdf(PDF_UPLOAD_LIMITS.maxBytes + 1)));
  const download = await fetch(`${target.baseUrl.replace(/\/$/, '')}/api/Forms/DownloadPdf?formInstanceId=${UNKNOWN_ID}`, {
    headers: { authorization: `Bearer ${target.adminToken}` },
  });
  facts.set('download unknown', download.status);

  // A form generated from a PDF, saved, and an instance of it downloaded through the client (the fake answers the
  // template as uploaded, the server fills it: the same name and type either way).
  const pdf = readFileSync(fileURLToPath(new URL('../fixtures/pdfs/sample_form.pdf', import.meta.url)));
  const generated = await admin.formGenerator.uploadPdf({ data: new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), fileName: 'sample_form.pdf' });
  if (!generated) throw new Error('no form generated');
  await admin.crud.form.post({ ...generated.form, currentFormSchemaId: null });
  await admin.crud.formschema.post(generated.formSchema);
  const instance = await admin.dynamicFormLinking.create(generated.formSchema.formSchemaId, {});
  const file = await admin.forms.downloadPdf(instance?.formInstanceId ?? '', { flatten: true });
  facts.set('download', { status: file.status, fileName: file.fileName, type: file.data.type, pdf: new TextDecoder().decode(await file.data.slice(0, 5).arrayBuffer()) });
  // The file arrives with values (Name_Last "Bar", SSN…) and field scripts: an instance without answers downloads
  // with no value in any field and nothing that runs, and the upload's answer says what was cleared and removed.
  const unflattened = new Uint8Array(await (await admin.forms.downloadPdf(instance?.formInstanceId ?? '')).data.arrayBuffer());
  facts.set('download values', await qpdfFieldValues(unflattened));
  facts.set('download actions', await actionMarkers(unflattened));
  // The instance list's read of the forms that offer 'Download filled PDF' on their rows (FormInstanceList): by a
  // navigation into the template, the ids only. The generated form is among them, and none without a template.
  const withTemplate = await admin.odata.forms.list({ filter: 'isDeleted eq false and pdfTemplate/fileName ne null', select: ['formId'], top: 1000 });
  const everyForm = await admin.odata.forms.list({ filter: 'isDeleted eq false', top: 1000 });
  const templated = new Set((everyForm?.value ?? []).filter((f) => f.pdfTemplate?.fileName).map((f) => f.formId.toLowerCase()));
  const listed = (withTemplate?.value ?? []).map((f) => f.formId.toLowerCase());
  facts.set('forms with a template', {
    generated: listed.includes(generated.form.formId.toLowerCase()),
    same: listed.length === templated.size && listed.every((id) => templated.has(id)),
    withoutTemplate: (everyForm?.value.length ?? 0) > templated.size,
  });
  facts.set('cleanup shape', { cleared: Array.isArray(generated.cleanup?.clearedValues), removed: Array.isArray(generated.cleanup?.removedActions) });
  cleanups.set(target.name, generated.cleanup);
  return facts;
}

let fake: ContractTarget;
let server: ContractTarget;
beforeAll(async () => {
  fake = await startFakeTarget();
  server = await startServerTarget({ applicationModel: MODEL });
}, 120_000);
afterAll(async () => {
  await fake?.stop();
  await server?.stop();
});

describe('dynamic form linking and PDF upload refusals', () => {
  it('answer the same on the fake and the reference server', async () => {
    const onFake = await scenario(fake);
    const onServer = await scenario(server);
    expect(onFake.get('paths')).toEqual([...SEED_PRIMITIVE_PATHS]);
    expect(onFake.get('created')).toMatchObject({ data: { amount: 25000, city: 'Halifax' }, status: 0 });
    expect((onFake.get('created') as { problems: { path: string }[] }).problems.map((p) => p.path)).toEqual(['/name', '/purpose']);
    expect(onFake.get('reader paths')).toMatchObject({ status: 403 });
    expect(onFake.get('upload not a pdf')).toMatchObject({ status: 415, code: 'pdf-not-pdf' });
    expect(onFake.get('upload 10 MiB')).toEqual({ status: 200, code: undefined });
    expect(onFake.get('upload 10 MiB + 1 byte')).toEqual({ status: 413, detail: PDF_TOO_LARGE_MESSAGE, code: 'pdf-size' });
    expect(onFake.get('download')).toEqual({ status: 200, fileName: 'Sample Form - filled.pdf', type: 'application/pdf', pdf: '%PDF-' });
    expect(onFake.get('forms with a template')).toEqual({ generated: true, same: true, withoutTemplate: true });
    expect(onFake.get('download values')).toEqual({});
    expect(onFake.get('download actions')).toEqual({ markers: [], pdfinfoJavaScript: 'no' });
    for (const key of onFake.keys()) expect(onServer.get(key), key).toEqual(onFake.get(key));
    // The server read the file: it names the values it cleared and the scripts it removed (the fake reads none).
    const read = cleanups.get('server');
    expect(read?.clearedValues.map((c) => c.field)).toEqual(expect.arrayContaining(['Name_Last', 'SSN', 'Sex', 'HIGH SCHOOL DIPLOMA']));
    expect(read?.removedActions).toContainEqual({ kind: 'javascript', place: 'field', field: 'SSN', count: 2 });
    expect(cleanups.get('fake')).toEqual({ clearedValues: [], removedActions: [] });
  }, 60_000);

  it('a field tree 20,000 levels deep is refused by the server in words a person understands (the fake reads no PDF)', async () => {
    const answer = await upload(server, deepFieldTreePdf(20_000));
    expect(answer).toEqual({ status: 422, detail: PDF_TOO_DEEP_MESSAGE, code: 'pdf-too-deep' });
    expect(answer.detail).not.toMatch(/call stack/i);
  }, 30_000);
});
