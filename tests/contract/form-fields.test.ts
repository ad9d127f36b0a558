// @vitest-environment node
/**
 * The checked fields of a form, on the fake and the server alike: `pdfTemplate` takes only the
 * PDF template shape the form generator makes, within its size limit; a form post cannot make
 * another form's schema current (and does not point at a schema that does not exist yet); the CRUD
 * calls take JSON bodies only (415 otherwise).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiError } from '../../src/api';
import type { PdfTemplate } from '../../src/api/types';
import { PDF_TEMPLATE_LIMITS } from '../../src/domain';
import { startFakeTarget, startServerTarget, type ContractTarget } from './targets';
import { START_TIMEOUT_MS } from '../server/helpers';

let targets: ContractTarget[] = [];

beforeAll(async () => {
  targets = [await startFakeTarget(), await startServerTarget()];
}, START_TIMEOUT_MS);

afterAll(async () => {
  for (const target of targets) await target.stop();
});

/** The status and detail of a refused call, or 'ok'. */
async function outcome(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
    return 'ok';
  } catch (error) {
    if (!isApiError(error)) throw error;
    return { status: error.status, detail: (error.result as { detail?: string } | null)?.detail };
  }
}

/** What a template the form generator makes looks like (the fake's upload flow stores these). */
const TEMPLATE: PdfTemplate = {
  fileName: 'loan-application.pdf',
  pageCount: 2,
  fields: [
    { name: 'Applicant.Name', type: 'text', page: 0, rect: { x: 72, y: 700, width: 240, height: 18 }, required: true },
    { name: 'Applicant.DateOfBirth', type: 'text', page: 0, rect: { x: 72, y: 640, width: 120, height: 18 }, maxLength: 10 },
    { name: 'Loan.Kind', type: 'dropdown', options: ['Car', 'House'], page: 1, rect: { x: 72, y: 700, width: 120, height: 18 } },
    { name: 'Consent', type: 'checkbox', page: 1, rect: { x: 72, y: 660, width: 12, height: 12 } },
    { name: 'Notes', type: 'text', page: 1, rect: { x: 72, y: 500, width: 400, height: 90 }, multiline: true },
  ],
};

async function facts(target: ContractTarget): Promise<Record<string, unknown>> {
  const admin = target.client;
  const result: Record<string, unknown> = {};
  const post = (pdfTemplate: unknown) => outcome(() => admin.crud.form.post({ name: `PDF ${crypto.randomUUID()}`, pdfTemplate } as never));

  // The generator's shape is stored as given, on post and on patch.
  const form = await admin.crud.form.post({ name: `Template ${crypto.randomUUID()}`, pdfTemplate: TEMPLATE });
  result.stored = form?.pdfTemplate;
  const formId = form?.formId ?? '';
  result.patched = (await admin.crud.form.patch({ formId, pdfTemplate: { ...TEMPLATE, pageCount: 3 } }))?.pdfTemplate?.pageCount;
  result.cleared = (await admin.crud.form.patch({ formId, pdfTemplate: null }))?.pdfTemplate ?? null;

  // Anything else is refused with a message naming the property.
  result.notObject = await post('a string');
  result.unknownKey = await post({ ...TEMPLATE, extra: 'x'.repeat(100) });
  result.unknownFieldKey = await post({ ...TEMPLATE, fields: [{ ...TEMPLATE.fields[0], script: 'x' }] });
  result.badType = await post({ ...TEMPLATE, fields: [{ ...TEMPLATE.fields[0], type: 'image' }] });
  result.pageOutside = await post({ ...TEMPLATE, fields: [{ ...TEMPLATE.fields[0], page: 2 }] });
  result.noFileName = await post({ ...TEMPLATE, fileName: ' ' });
  result.deep = await post({ ...TEMPLATE, fields: [{ ...TEMPLATE.fields[0], rect: { x: { y: { z: 1 } }, y: 0, width: 1, height: 1 } }] });
  result.patchUnknown = await outcome(() => admin.crud.form.patch({ formId, pdfTemplate: { ...TEMPLATE, extra: 1 } } as never));
  // Too many fields, and a template over the size limit (long names and options within their own limits).
  const field = TEMPLATE.fields[0] as PdfTemplate['fields'][number];
  result.tooManyFields = await post({ ...TEMPLATE, fields: Array.from({ length: PDF_TEMPLATE_LIMITS.maxFields + 1 }, () => field) });
  const bulky = { ...field, type: 'dropdown', options: Array.from({ length: 100 }, (_, i) => `${i}`.padEnd(PDF_TEMPLATE_LIMITS.maxOptionLength, 'o')) };
  result.tooLarge = await post({ ...TEMPLATE, fields: Array.from({ length: 10 }, () => bulky) });

  // The current schema of a new form: another form's is refused; one that does not exist yet is not stored
  // (the generated form's draft schema, posted next with its id, then becomes current).
  const other = await admin.crud.form.post({ name: `Other ${crypto.randomUUID()}` });
  const otherSchema = await admin.crud.formschema.post({ formId: other?.formId ?? '' });
  const otherSchemaId = otherSchema?.formSchemaId ?? '';
  result.currentOfAnother = await outcome(() => admin.crud.form.post({ name: `Steal ${crypto.randomUUID()}`, currentFormSchemaId: otherSchemaId }));
  const draftSchemaId = crypto.randomUUID();
  const drafted = await admin.crud.form.post({ name: `Drafted ${crypto.randomUUID()}`, currentFormSchemaId: draftSchemaId });
  result.currentOfNone = drafted?.currentFormSchemaId;
  await admin.crud.formschema.post({ formId: drafted?.formId ?? '', formSchemaId: draftSchemaId });
  const [reread] = (await admin.odata.forms.list({ filter: `formId eq ${drafted?.formId ?? ''}` }))?.value ?? [];
  result.draftBecameCurrent = reread?.currentFormSchemaId === draftSchemaId;
  result.patchCurrentOfAnother = await outcome(() => admin.crud.form.patch({ formId, currentFormSchemaId: otherSchemaId }));

  // JSON bodies only.
  for (const entity of ['form', 'formgroup', 'forminstance', 'formschema']) {
    for (const action of ['post', 'patch']) {
      const res = await fetch(`${target.baseUrl}/api/crud/${entity}/${action}`, {
        method: action === 'post' ? 'POST' : 'PATCH',
        headers: { 'content-type': 'text/plain', authorization: `Bearer ${target.adminToken}` },
        body: JSON.stringify({ name: 'Plain' }),
      });
      result[`plain.${entity}.${action}`] = [res.status, ((await res.json()) as { detail?: string }).detail];
    }
  }
  // Ids differ between the backends: the other form's schema is named by role.
  return JSON.parse(JSON.stringify(result).replaceAll(otherSchemaId, '<other schema>')) as Record<string, unknown>;
}

describe('form fields — the fake and the server agree', () => {
  it('store the generator template shape, refuse anything else, bound the current schema and the content type', async () => {
    const [fake, server] = (await Promise.all(targets.map((target) => facts(target)))) as [Record<string, unknown>, Record<string, unknown>];
    expect(server).toEqual(fake);
    expect(fake.stored).toEqual(TEMPLATE);
    expect(fake.patched).toBe(3);
    expect(fake.cleared).toBeNull();
    expect(fake.notObject).toEqual({ status: 400, detail: "'pdfTemplate' must be an object." });
    expect(fake.unknownKey).toMatchObject({ status: 400, detail: expect.stringMatching(/^'pdfTemplate\.extra' is not a property of a PDF template/) });
    expect(fake.unknownFieldKey).toMatchObject({ status: 400, detail: expect.stringMatching(/^'pdfTemplate\.fields\[0\]\.script' is not a property/) });
    expect(fake.badType).toMatchObject({ status: 400, detail: expect.stringMatching(/^'pdfTemplate\.fields\[0\]\.type' must be one of text, checkbox/) });
    expect(fake.pageOutside).toEqual({ status: 400, detail: "'pdfTemplate.fields[0].page' must be an integer from 0 to 1." });
    expect(fake.noFileName).toEqual({ status: 400, detail: "'pdfTemplate.fileName' must be a non-blank string." });
    expect(fake.deep).toEqual({ status: 400, detail: "'pdfTemplate.fields[0].rect.x' must be a number." });
    expect(fake.patchUnknown).toMatchObject({ status: 400 });
    expect(fake.tooManyFields).toEqual({ status: 400, detail: `'pdfTemplate.fields' has more than ${PDF_TEMPLATE_LIMITS.maxFields} items.` });
    expect(fake.tooLarge).toMatchObject({ status: 413, detail: expect.stringMatching(/^'pdfTemplate' is too large/) });
    expect(fake.currentOfAnother).toEqual({ status: 400, detail: "Form schema '<other schema>' belongs to another form." });
    expect(fake.currentOfNone).toBeNull();
    expect(fake.draftBecameCurrent).toBe(true);
    expect(fake.patchCurrentOfAnother).toEqual({ status: 400, detail: "Form schema '<other schema>' belongs to another form." });
    for (const [key, value] of Object.entries(fake).filter(([k]) => k.startsWith('plain.'))) {
      expect(value, key).toEqual([415, 'The body must be JSON (Content-Type: application/json).']);
    }
  }, 120_000);
});
