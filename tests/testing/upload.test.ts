// @vitest-environment node
// Multipart uploads need one realm: under vitest's jsdom environment `File` is jsdom's while
// fetch and FormData serialise with Node's undici, which drops the file's name and bytes before
// the request reaches MSW. Browsers and the node environment are fine.
import { describe, expect, it } from 'vitest';
import type { GeneratedForm } from '../../src/api/types';
import { call, getJson, send, sendJson, startFakeBackend, type Wire } from './helpers';

const { backend } = startFakeBackend();

describe('form generator', () => {
  it('generates a draft form from an uploaded PDF (multipart field Pdf)', async () => {
    const body = new FormData();
    body.append('Pdf', new File(['%PDF-1.4 fake'], 'loan-application_v2.pdf', { type: 'application/pdf' }));
    const generated = await getJson<Wire<GeneratedForm>>('/api/FormGenerator/UploadPdf', { method: 'POST', body });
    expect(generated.form).toMatchObject({ name: 'Loan Application V2', currentFormSchemaId: generated.formSchema.formSchemaId });
    expect(generated.form.pdfTemplate?.fileName).toBe('loan-application_v2.pdf');
    expect(generated.fields.map((f) => f.name)).toEqual([
      'LoanApplicationV2.FullName',
      'LoanApplicationV2.Email',
      'LoanApplicationV2.Date',
      'LoanApplicationV2.Agree',
      'LoanApplicationV2.Signature',
    ]);
    expect(generated.formSchema.layout.pages[0]?.sections[0]?.fields.map((f) => f.pdfFieldName)).toEqual(generated.fields.map((f) => f.name));
    // a draft: not stored until posted through CRUD, but its PDF is kept
    expect(backend.db.forms.some((f) => f.formId === generated.form.formId)).toBe(false);
    const pdf = backend.db.pdfs.find((p) => p.formId === generated.form.formId);
    expect(new TextDecoder().decode(pdf?.bytes)).toBe('%PDF-1.4 fake');
    const saved = await sendJson<{ formId: string }>('POST', '/api/crud/form/post', generated.form);
    expect(saved.formId).toBe(generated.form.formId);
  });

  it('answers 400 without the Pdf field, and 415 for a non-multipart body', async () => {
    const body = new FormData();
    body.append('Other', new File(['x'], 'x.pdf'));
    expect((await call('/api/FormGenerator/UploadPdf', { method: 'POST', body })).status).toBe(400);
    const text = new FormData();
    text.append('Pdf', 'not a file');
    expect((await call('/api/FormGenerator/UploadPdf', { method: 'POST', body: text })).status).toBe(400);
    expect((await send('POST', '/api/FormGenerator/UploadPdf', { Pdf: 'x' })).status).toBe(415);
  });
});
