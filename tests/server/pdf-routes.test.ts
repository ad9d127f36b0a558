// @vitest-environment node
/**
 * The PDF and linking routes of the reference server: UploadPdf generates a form from a real fillable PDF (read in the
 * worker) and stores the PDF; refusals are 4xx problem details in plain words; the generated form saved through CRUD
 * downloads filled (and flattened); the linking calls answer the configured application model and Create reports
 * values that do not fit; each route's permission is enforced.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Permission } from '../../src/api/enums';
import type { GeneratedForm, InstanceFromApplication, PrimitivePathInfo } from '../../src/api/types';
import { formPdfTemplates, forms } from '../../example-host/server/db/schema';
import { PDF_REFUSALS } from '../../example-host/server/pdf/read';
import { removeAbandonedDraftPdfs, saveFormPdf } from '../../example-host/server/pdf/store';
import { call, callJson, START_TIMEOUT_MS, startTestServer, userWithClaims, type TestServer } from './helpers';
import { loadOrCreateDevelopmentCertificate } from '../../example-host/server/signing/certificates';
import { bulkLinkOf, fieldValueType, primitivePathsOf as suggestablePaths, suggestLinks } from '../../src/domain/forms/linking-suggest';
import { allFields } from '../../src/engine/layout-walk';
import { actionMarkers, fixture, hostilePdf, qpdfFieldValues, readWithPdfJs } from './pdf-test-helpers';
import { pdfsig, pngDataUrl, requestSignature, signerLink, signingPage } from './signing-helpers';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.mintAccessToken({ sub: 'admin' });
}, START_TIMEOUT_MS);
afterAll(async () => {
  await server?.stop();
});

/** Posts a file as the multipart field `Pdf`. */
export async function upload(s: TestServer, bytes: Uint8Array, name: string, token: string | null, field = 'Pdf') {
  const body = new FormData();
  body.append(field, new Blob([bytes.slice()], { type: 'application/pdf' }), name);
  // A turn of the event loop first: after a long synchronous stretch of the test (linking 700 fields on a loaded
  // machine can pass the server's 5 s keep-alive), the client must see the server's close of an idle connection
  // before it reuses that connection for a POST, which it does not retry (ECONNRESET).
  await new Promise((resolve) => setTimeout(resolve, 1));
  const response = await fetch(new URL('/api/FormGenerator/UploadPdf', s.url), {
    method: 'POST',
    body,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as GeneratedForm & { detail?: string; code?: string }) : null };
}

describe('FormGenerator/UploadPdf', () => {
  it('generates a form from sample_form.pdf: its fields, labels from tooltips, the PDF field names kept', async () => {
    const { status, body } = await upload(server, fixture('sample_form.pdf'), 'sample_form.pdf', admin);
    expect(status).toBe(200);
    const generated = body as GeneratedForm;
    expect(generated.fields).toHaveLength(28); // 29 fields, the Print button left out
    const fields = generated.formSchema.layout.pages.flatMap((p) => p.sections.flatMap((s) => s.fields));
    // Labels from the tooltips in readable casing, or from the name where the tooltip is no label ("[1]", "LAST").
    const labels = Object.fromEntries(fields.map((f) => [f.pdfFieldName, f.label]));
    expect(labels).toMatchObject({ Name_Last: 'Name last', Address_2: 'Address 2', Name_Suffix: 'Name suffix', Sex: 'Sex', 'BACHELORS DEGREE': 'Bachelor’s degree', Birthdate: 'Birthdate' });
    expect(fields.find((f) => f.pdfFieldName === 'Sex')?.options?.map((o) => o.value)).toEqual(['MALE', 'FEMALE']);
    expect(fields.find((f) => f.pdfFieldName === 'EMPLOYEE SIGNATURE')?.widget).toBe('signature');
    expect(generated.form.pdfTemplate?.pageCount).toBe(1);
  });

  it('answers 4xx problem details in plain words for files it cannot use', async () => {
    const cases: [Uint8Array, string, number, string][] = [
      [new Uint8Array(0), 'empty.pdf', 400, 'The uploaded PDF is empty.'],
      [new TextEncoder().encode('hello, not a pdf'), 'letter.pdf', 415, 'not a PDF'],
      [fixture('encrypted_new.pdf'), 'e.pdf', 422, PDF_REFUSALS.encrypted],
      [fixture('us_constitution.pdf'), 'c.pdf', 422, PDF_REFUSALS.noFields],
      [fixture('invalid_root_ref.pdf'), 'r.pdf', 422, PDF_REFUSALS.corrupt],
      [new Uint8Array(11 * 1024 * 1024).fill(0x25), 'big.pdf', 413, 'larger than'],
    ];
    for (const [bytes, name, want, words] of cases) {
      const { status, body } = await upload(server, bytes, name, admin);
      expect(status, name).toBe(want);
      expect(body?.detail, name).toContain(words);
    }
    expect((await upload(server, fixture('sample_form.pdf'), 'a.pdf', admin, 'File')).status).toBe(400);
  });

  it('removes, at an upload, the PDFs of drafts never saved as forms once a day old; a saved form keeps its PDF', async () => {
    const day = 24 * 60 * 60 * 1000;
    const abandoned = crypto.randomUUID();
    const saved = crypto.randomUUID();
    const fresh = crypto.randomUUID();
    await server.db.insert(forms).values({ formId: saved, name: 'Saved from a PDF' });
    for (const formId of [abandoned, saved, fresh]) await saveFormPdf(server.db, { formId, fileName: 'a.pdf', pageCount: 1, bytes: fixture('normal.pdf') });
    const twoDaysAgo = new Date(Date.now() - 2 * day);
    await server.db.update(formPdfTemplates).set({ createdDateTime: twoDaysAgo }).where(inArray(formPdfTemplates.formId, [abandoned, saved]));
    // Just under a day old: kept.
    await server.db.update(formPdfTemplates).set({ createdDateTime: new Date(Date.now() - day + 60_000) }).where(eq(formPdfTemplates.formId, fresh));
    const stored = async () =>
      (await server.db.select({ id: formPdfTemplates.formId }).from(formPdfTemplates).where(inArray(formPdfTemplates.formId, [abandoned, saved, fresh])))
        .map((r) => r.id)
        .sort();

    const { status, body } = await upload(server, fixture('sample_form.pdf'), 'sample_form.pdf', admin);
    expect(status).toBe(200);
    expect(await stored()).toEqual([saved, fresh].sort());
    // The new upload's own draft PDF is kept.
    const own = await server.db.select({ id: formPdfTemplates.formId }).from(formPdfTemplates).where(eq(formPdfTemplates.formId, (body as GeneratedForm).form.formId));
    expect(own).toHaveLength(1);
    // A day on, the fresh draft goes too; the saved form's PDF stays.
    expect(await removeAbandonedDraftPdfs(server.db, new Date(Date.now() + 2 * day))).toBeGreaterThanOrEqual(2);
    expect(await stored()).toEqual([saved]);
  });

  it('needs FormGenerator_UploadPdf', async () => {
    const { token } = await userWithClaims(server, 'pdf-no-upload', [Permission.Form_Add]);
    expect((await upload(server, fixture('create_form.pdf'), 'a.pdf', token)).status).toBe(403);
    expect((await upload(server, fixture('create_form.pdf'), 'a.pdf', null)).status).toBe(401);
    const { token: allowed } = await userWithClaims(server, 'pdf-upload', [Permission.FormGenerator_UploadPdf]);
    expect((await upload(server, fixture('create_form.pdf'), 'a.pdf', allowed)).status).toBe(200);
  });
});

describe('filled PDF download and linking', () => {
  it('saves the generated form, creates an instance from an application and downloads it filled', async () => {
    const { body } = await upload(server, fixture('sample_form.pdf'), 'Employee record.pdf', admin);
    const generated = body as GeneratedForm;
    const fields = generated.formSchema.layout.pages.flatMap((p) => p.sections.flatMap((s) => s.fields));
    const last = fields.find((f) => f.pdfFieldName === 'Name_Last');
    const sex = fields.find((f) => f.pdfFieldName === 'Sex');
    if (!last || !sex) throw new Error('fields missing');
    last.linkedPath = '/applicant/lastName';
    sex.linkedPath = '/applicant/sex';
    const phone = fields.find((f) => f.pdfFieldName === 'Telephone_Home');
    if (phone) phone.linkedPath = '/employmentHistory/0/annualIncome'; // a number for a text: refused, reported
    expect((await callJson(server, '/api/crud/form/post', { method: 'POST', token: admin, body: { ...generated.form, currentFormSchemaId: null } })).status).toBe(200);
    expect((await callJson(server, '/api/crud/formschema/post', { method: 'POST', token: admin, body: generated.formSchema })).status).toBe(200);

    const example = await callJson<Record<string, unknown>>(server, '/api/DynamicFormLinking/GetExampleApplication', { token: admin });
    const created = await callJson<InstanceFromApplication>(server, '/api/DynamicFormLinking/Create', {
      method: 'POST',
      token: admin,
      query: { schemaId: generated.formSchema.formSchemaId },
      body: example.body,
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ [last.path.slice(1)]: 'Hopper', [sex.path.slice(1)]: 'FEMALE' });
    expect(created.body.prefillProblems.map((p) => p.source)).toEqual(phone ? ['/employmentHistory/0/annualIncome'] : []);

    const response = await call(server, '/api/Forms/DownloadPdf', { token: admin, query: { formInstanceId: created.body.formInstanceId } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toContain("filename*=UTF-8''Employee%20Record%20-%20filled.pdf");
    const filled = await readWithPdfJs(new Uint8Array(await response.arrayBuffer()));
    expect(filled.values.Name_Last).toBe('Hopper');

    const flat = await call(server, '/api/Forms/DownloadPdf', { token: admin, query: { formInstanceId: created.body.formInstanceId, flatten: 'true' } });
    const flattened = await readWithPdfJs(new Uint8Array(await flat.arrayBuffer()));
    expect(flattened.fieldNames).toEqual(['EMPLOYEE SIGNATURE']);
    expect(flattened.pageTexts[0]).toContain('Hopper');

    const { token: reader } = await userWithClaims(server, 'pdf-reader-only', [Permission.FormInstance_SelectList]);
    expect((await call(server, '/api/Forms/DownloadPdf', { token: reader, query: { formInstanceId: created.body.formInstanceId } })).status).toBe(403);
    expect((await call(server, '/api/Forms/DownloadPdf', { token: admin, query: { formInstanceId: crypto.randomUUID() } })).status).toBe(404);
  });

  it('answers the application model: paths (with types on request) and the example', async () => {
    const plain = await callJson<string[]>(server, '/api/DynamicFormLinking/GetAllPrimitivePaths', { token: admin });
    expect(plain.body).toContain('/applicant/lastName');
    expect(plain.body).toContain('/employmentHistory/2/employer');
    const typed = await callJson<PrimitivePathInfo[]>(server, '/api/DynamicFormLinking/GetAllPrimitivePaths', { token: admin, query: { withTypes: 'true' } });
    expect(typed.body).toContainEqual({ path: '/applicant/dateOfBirth', type: 'string', format: 'date' });
    expect(typed.body).toContainEqual({ path: '/employmentHistory/0/annualIncome', type: 'number' });
  });

  it('enforces each linking permission', async () => {
    const { token } = await userWithClaims(server, 'pdf-no-linking', [Permission.Form_Select]);
    expect((await call(server, '/api/DynamicFormLinking/GetAllPrimitivePaths', { token })).status).toBe(403);
    expect((await call(server, '/api/DynamicFormLinking/GetExampleApplication', { token })).status).toBe(403);
    expect((await call(server, '/api/DynamicFormLinking/Create', { token, method: 'POST', query: { schemaId: crypto.randomUUID() }, body: {} })).status).toBe(403);
    const { token: linker } = await userWithClaims(server, 'pdf-linker', [Permission.DynamicFormLinking_GetAllPrimitivePaths, Permission.DynamicFormLinking_GetExampleApplication, Permission.DynamicFormLinking_Create]);
    expect((await call(server, '/api/DynamicFormLinking/GetAllPrimitivePaths', { token: linker })).status).toBe(200);
    expect((await call(server, '/api/DynamicFormLinking/GetExampleApplication', { token: linker })).status).toBe(200);
    expect((await call(server, '/api/DynamicFormLinking/Create', { token: linker, method: 'POST', query: { schemaId: crypto.randomUUID() }, body: {} })).status).toBe(404);
  });
});

describe('linking a real PDF form: strong suggestions only, values in the field\'s format', () => {
  /** The links 'Link all strong suggestions' makes: each field's best strong suggestion whose type fits. */
  async function bulkLinks(file: string): Promise<{ generated: GeneratedForm; links: Record<string, string> }> {
    const { body } = await upload(server, fixture(file), file, admin);
    const generated = body as GeneratedForm;
    const typed = await callJson<PrimitivePathInfo[]>(server, '/api/DynamicFormLinking/GetAllPrimitivePaths', { token: admin, query: { withTypes: 'true' } });
    const paths = suggestablePaths(typed.body);
    const links: Record<string, string> = {};
    for (const field of allFields(generated.formSchema.layout)) {
      const type = fieldValueType(generated.formSchema.jsonSchema, field.path);
      const best = bulkLinkOf(suggestLinks(field, paths), type, (path) => paths.find((p) => p.path === path));
      if (best) links[field.pdfFieldName ?? field.path] = best.path;
    }
    return { generated, links };
  }

  it('links sample_form.pdf by name only where the name is exact, and writes the birth date as MONTH/DAY/YEAR', async () => {
    const { generated, links } = await bulkLinks('sample_form.pdf');
    // No Suffix or Prefix to the first name, no Address_2 to the city, no signature to an employer.
    expect(links).toEqual({
      Name_Last: '/applicant/lastName',
      Name_First: '/applicant/firstName',
      Name_Middle: '/applicant/middleName',
      City: '/address/city',
      STATE: '/address/state',
      ZIP: '/address/postalCode',
      Telephone_Home: '/contacts/homePhone',
      Telephone_Work: '/contacts/workPhone',
      SSN: '/applicant/socialSecurityNumber',
      Birthdate: '/applicant/dateOfBirth',
      Sex: '/applicant/sex',
    });
    for (const field of allFields(generated.formSchema.layout)) {
      const link = links[field.pdfFieldName ?? ''];
      if (link) field.linkedPath = link;
    }
    await callJson(server, '/api/crud/form/post', { method: 'POST', token: admin, body: { ...generated.form, currentFormSchemaId: null } });
    await callJson(server, '/api/crud/formschema/post', { method: 'POST', token: admin, body: generated.formSchema });
    const example = await callJson<Record<string, unknown>>(server, '/api/DynamicFormLinking/GetExampleApplication', { token: admin });
    const created = await callJson<InstanceFromApplication>(server, '/api/DynamicFormLinking/Create', {
      method: 'POST',
      token: admin,
      query: { schemaId: generated.formSchema.formSchemaId },
      body: example.body,
    });
    expect((example.body.applicant as { dateOfBirth?: string }).dateOfBirth).toBe('1906-12-09');
    const response = await call(server, '/api/Forms/DownloadPdf', { token: admin, query: { formInstanceId: created.body.formInstanceId } });
    const { values } = await readWithPdfJs(new Uint8Array(await response.arrayBuffer()));
    expect(values.Birthdate).toBe('12/09/1906');
    expect(values.Name_Suffix ?? '').toBe('');
    expect(values.Address_2 ?? '').toBe('');
  }, 30_000);

  it('links with_combed_fields.pdf only where a name is exact: its city and postal code', async () => {
    const { links } = await bulkLinks('with_combed_fields.pdf');
    expect(links).toEqual({
      'form1[0].Page1[0].BeforeYouBegin[0].PhysicalAddress[0].City[0]': '/address/city',
      'form1[0].Page1[0].BeforeYouBegin[0].PhysicalAddress[0].PostalCode[0]': '/address/postalCode',
    });
  }, 30_000);
});

describe('PDF round trip: no value nobody gave, nothing that runs', () => {
  /** The fixtures with fillable fields (the others are refused at upload). */
  const FILLABLE = [
    'create_form.pdf',
    'fancy_fields.pdf',
    'form_to_flatten.pdf',
    'sample_form.pdf',
    'dod_character.pdf',
    'with_combed_fields.pdf',
    'with_xfa_fields.pdf',
    'normal.pdf',
    'with_signature.pdf',
  ];

  // The flattened download is checked in pdf-fill.test.ts (the same filler); here the filled and the sealed PDF.
  it('imports each fillable fixture and a hostile PDF; an instance without answers downloads filled and signed with no value and no action, validly signed', async () => {
    const caPem = (await loadOrCreateDevelopmentCertificate(server.db)).caPem;
    const roundTrip = async (name: string) => {
      const bytes = name === 'hostile.pdf' ? hostilePdf() : fixture(name);
      const { status, body } = await upload(server, bytes, name, admin);
      expect(status, `${name}: ${body?.detail}`).toBe(200);
      const generated = body as GeneratedForm;
      expect(generated.cleanup, name).toBeDefined();
      // A PDF with a script, a launch, a javascript: link… in every place: the upload's answer names each removal.
      if (name === 'hostile.pdf') expect(new Set(generated.cleanup?.removedActions.map((r) => r.kind))).toEqual(new Set(['javascript', 'embedded-file', 'launch', 'submit-form', 'uri', 'import-data']));
      await callJson(server, '/api/crud/form/post', { method: 'POST', token: admin, body: { ...generated.form, currentFormSchemaId: null } });
      await callJson(server, '/api/crud/formschema/post', { method: 'POST', token: admin, body: generated.formSchema });
      const created = await callJson<InstanceFromApplication>(server, '/api/DynamicFormLinking/Create', {
        method: 'POST',
        token: admin,
        query: { schemaId: generated.formSchema.formSchemaId },
        body: {},
      });
      expect(created.status, name).toBe(200);
      const id = created.body.formInstanceId;
      const filled = new Uint8Array(await (await call(server, '/api/Forms/DownloadPdf', { token: admin, query: { formInstanceId: id } })).arrayBuffer());
      const envelope = await requestSignature(server, admin, { formInstanceId: id, signers: [{ name: 'Ada Lovelace', email: 'ada@example.com' }] });
      expect(envelope.status, `${name}: ${envelope.body.detail}`).toBe(200);
      const link = await signerLink(server, admin, envelope.body.envelopeId, envelope.body.signers[0]?.signerId ?? '');
      expect((await signingPage(server, 'Open', { token: link.token })).status).toBe(200);
      const sign = await signingPage(server, 'Sign', { token: link.token, kind: 'drawn', image: pngDataUrl() });
      expect(sign.status, `${name}: ${sign.body.detail}`).toBe(200);
      const signed = new Uint8Array(
        await (await call(server, '/api/Signing/DownloadDocument', { token: admin, query: { envelopeId: envelope.body.envelopeId } })).arrayBuffer(),
      );
      return { name, filled, signed };
    };
    // One fixture at a time: the server's PDF work queue is bounded, and a shared machine is slow enough already.
    const documents: Awaited<ReturnType<typeof roundTrip>>[] = [];
    for (const name of [...FILLABLE, 'hostile.pdf']) documents.push(await roundTrip(name));
    const found: Record<string, unknown> = {};
    for (const { name, filled, signed } of documents) {
      const report = await pdfsig(signed, caPem);
      found[name] = {
        values: [await qpdfFieldValues(filled), await qpdfFieldValues(signed)],
        actions: [await actionMarkers(filled), await actionMarkers(signed)],
        signature: [report.valid, report.trusted, report.wholeDocument],
      };
    }
    const clean = { markers: [], pdfinfoJavaScript: 'no' };
    expect(found).toEqual(Object.fromEntries([...FILLABLE, 'hostile.pdf'].map((n) => [n, { values: [{}, {}], actions: [clean, clean], signature: [true, true, true] }])));
  }, 120_000);
});

