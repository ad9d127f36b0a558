// @vitest-environment node
/**
 * Filling a PDF template (example-host/server/pdf/fill.ts) and storing templates (store.ts): values land in the
 * fields as pdf.js reads them back, radio groups take their `/Opt` labels, values a field cannot take are reported
 * and not written, flattening bakes values into the page (also a page without a content stream) and keeps signature
 * fields, and a stored template comes back byte for byte and leaves with its form.
 */
import { PDF } from '@libpdf/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPdf, fillPdfWithReport } from '../../example-host/server/pdf/fill';
import { loadFormPdf, saveFormPdf, sha256Hex } from '../../example-host/server/pdf/store';
import { formPdfTemplates, forms } from '../../example-host/server/db/schema';
import { START_TIMEOUT_MS, startTestServer, type TestServer } from './helpers';
import { fixture, readWithPdfJs } from './pdf-test-helpers';

describe('fillPdf', () => {
  it('writes text, checkbox, radio (by its label), dropdown and option list values', async () => {
    const filled = await fillPdf(fixture('create_form.pdf'), {
      'favorite.superhero': 'Ada',
      'favorite.rocket': 'Saturn IV',
      'favorite.planet': 'Mars',
      'favorite.person': ['Ada Lovelace'],
      'gundam.exia': true,
      'gundam.kyrios': false,
    });
    const { values } = await readWithPdfJs(filled);
    expect(values['favorite.superhero']).toBe('Ada');
    expect(values['favorite.planet']).toBe('Mars');
    expect([values['favorite.person']].flat()).toEqual(['Ada Lovelace']);
    expect(values['gundam.exia']).toBe('Yes');
    expect(values['gundam.kyrios'] ?? 'Off').toBe('Off');
    // The radio's states are '0'…'3'; the label 'Saturn IV' is /Opt's second entry, so state '1' is chosen.
    const reread = (await PDF.load(filled)).getForm()?.getRadioGroup('favorite.rocket');
    expect(reread?.getValue()).toBe('1');
  });

  it('reports values a field cannot take and leaves those fields as they were', async () => {
    const { bytes, skipped } = await fillPdfWithReport(fixture('create_form.pdf'), {
      'favorite.superhero': true,
      'favorite.rocket': 'Ariane 5',
      'favorite.planet': 'Vulcan',
      'no.such.field': 'x',
      'favorite.person': 'Ada Lovelace',
    });
    expect(skipped.map((s) => s.name).sort()).toEqual(['favorite.planet', 'favorite.rocket', 'favorite.superhero', 'no.such.field']);
    expect(skipped.find((s) => s.name === 'favorite.rocket')?.reason).toContain('Saturn IV');
    const before = (await readWithPdfJs(fixture('create_form.pdf'))).values;
    const { values } = await readWithPdfJs(bytes);
    expect(values['favorite.superhero']).toBe(before['favorite.superhero']);
    expect(values['favorite.planet']).toBe(before['favorite.planet']);
    expect(values['favorite.rocket']).toBe(before['favorite.rocket']);
    expect([values['favorite.person']].flat()).toEqual(['Ada Lovelace']);
  });

  it('leaves read-only fields as the PDF has them', async () => {
    const pdf = fixture('with_combed_fields.pdf');
    const form = (await PDF.load(pdf)).getForm();
    const readOnly = form?.getTextFields().find((f) => f.isReadOnly());
    expect(readOnly).toBeDefined();
    const { skipped } = await fillPdfWithReport(pdf, { [readOnly?.name ?? '']: 'x' });
    expect(skipped).toEqual([{ name: readOnly?.name, reason: 'the field is read-only in the PDF' }]);
  });

  it('flattens values into the page and keeps the signature field', async () => {
    const flat = await fillPdf(fixture('sample_form.pdf'), { Name_Last: 'Lovelace', Name_First: 'Augusta', Sex: 'FEMALE' }, { flatten: true });
    const { fieldNames, pageTexts } = await readWithPdfJs(flat);
    expect(fieldNames).toEqual(['EMPLOYEE SIGNATURE']);
    expect(pageTexts[0]).toContain('Lovelace');
    expect(pageTexts[0]).toContain('Augusta');
  });

  it('flattens a page that has no content stream without blanking it', async () => {
    const doc = PDF.create();
    const page = doc.addPage();
    const field = doc.getOrCreateForm().createTextField('name');
    page.drawField(field, { x: 100, y: 700, width: 200, height: 24 });
    const bare = await doc.save();
    expect((await PDF.load(bare)).getPage(0)?.dict.get('Contents')).toBeUndefined();
    const flat = await fillPdf(bare, { name: 'Flattened Value' }, { flatten: true });
    const { fieldNames, pageTexts } = await readWithPdfJs(flat);
    expect(fieldNames).toEqual([]);
    expect(pageTexts[0]).toContain('Flattened Value');
  });

  it('fills the 726-field form', async () => {
    const pdf = fixture('with_combed_fields.pdf');
    const form = (await PDF.load(pdf)).getForm();
    const writable = form?.getTextFields().filter((f) => !f.isReadOnly()) ?? [];
    const values = Object.fromEntries(writable.slice(0, 50).map((f, i) => [f.name, String(i % 10).repeat(f.maxLength > 0 ? Math.min(f.maxLength, 3) : 3)]));
    const { bytes, skipped } = await fillPdfWithReport(pdf, values);
    expect(skipped).toEqual([]);
    const read = await readWithPdfJs(bytes);
    const [name, value] = Object.entries(values)[7] ?? ['', ''];
    expect(read.values[name]).toBe(value);
  });
});

describe('stored PDF templates', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server?.stop();
  });

  it('stores a template by form id and loads it back byte for byte', async () => {
    const bytes = fixture('sample_form.pdf');
    const formId = crypto.randomUUID();
    const saved = await saveFormPdf(server.db, { formId, fileName: 'sample_form.pdf', pageCount: 1, bytes });
    expect(saved.sha256).toBe(sha256Hex(bytes));
    const loaded = await loadFormPdf(server.db, formId.toUpperCase());
    expect(loaded?.fileName).toBe('sample_form.pdf');
    expect(loaded?.sha256).toBe(sha256Hex(bytes));
    expect(Buffer.from(loaded?.bytes ?? []).equals(Buffer.from(bytes))).toBe(true);
    expect(Object.getPrototypeOf(loaded?.bytes)).toBe(Uint8Array.prototype);
  });

  it('answers undefined for a form without a template or an id that is not a UUID', async () => {
    expect(await loadFormPdf(server.db, crypto.randomUUID())).toBeUndefined();
    expect(await loadFormPdf(server.db, 'not-a-uuid')).toBeUndefined();
  });

  it('removes the template when its form is deleted', async () => {
    const formId = crypto.randomUUID();
    await server.db.insert(forms).values({ formId, name: 'With template' });
    await saveFormPdf(server.db, { formId, fileName: 'a.pdf', pageCount: 1, bytes: fixture('normal.pdf') });
    await server.db.delete(forms).where(eq(forms.formId, formId));
    expect(await server.db.select({ id: formPdfTemplates.formId }).from(formPdfTemplates).where(eq(formPdfTemplates.formId, formId))).toEqual([]);
  });
});
