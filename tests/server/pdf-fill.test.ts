// @vitest-environment node
/**
 * Filling a PDF template (example-host/server/pdf/fill.ts) and storing templates (store.ts): values land in the
 * fields as pdf.js reads them back, radio groups take their `/Opt` labels, values a field cannot take are reported
 * and not written, flattening bakes values into the page (also a page without a content stream) and keeps signature
 * fields, and a stored template comes back byte for byte and leaves with its form.
 */
import { PDF } from '@libpdf/core';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPdf, fillPdfWithReport } from '../../example-host/server/pdf/fill';
import { readPdfFields } from '../../example-host/server/pdf/read';
import { cleanPdfTemplate } from '../../example-host/server/pdf/sanitize';
import { loadFormPdf, saveFormPdf, sha256Hex } from '../../example-host/server/pdf/store';
import { formPdfTemplateParts, formPdfTemplates, forms } from '../../example-host/server/db/schema';
import { START_TIMEOUT_MS, startTestServer, type TestServer } from './helpers';
import { actionMarkers, fixture, hostilePdf, qpdfFieldValues, readWithPdfJs } from './pdf-test-helpers';
import { pdfText } from './signing-helpers';

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

  it('reports values a field cannot take and leaves those fields empty', async () => {
    const { bytes, skipped } = await fillPdfWithReport(fixture('create_form.pdf'), {
      'favorite.superhero': true,
      'favorite.rocket': 'Ariane 5',
      'favorite.planet': 'Vulcan',
      'no.such.field': 'x',
      'favorite.person': 'Ada Lovelace',
    });
    expect(skipped.map((s) => s.name).sort()).toEqual(['favorite.planet', 'favorite.rocket', 'favorite.superhero', 'no.such.field']);
    expect(skipped.find((s) => s.name === 'favorite.rocket')?.reason).toContain('Saturn IV');
    // The template's own values ('One Punch Man', 'Pluto', a rocket) are cleared: only the answer given remains.
    expect(await qpdfFieldValues(bytes)).toEqual({ 'favorite.person': '"u:Ada Lovelace"' });
  });

  it('writes nothing into read-only fields', async () => {
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

  it('keeps a long answer\'s line breaks in a multi-line field, flattened too', async () => {
    const story = 'First line of the story.\nSecond line after a break.';
    const flat = await fillPdf(fixture('dod_character.pdf'), { Backstory: story }, { flatten: true });
    // poppler's pdftotext keeps the page's lines: the two lines of the answer are two lines of the page.
    const lines = (await pdfText(flat)).split('\n').map((l) => l.trim());
    expect(lines).toContain('First line of the story.');
    expect(lines).toContain('Second line after a break.');
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

describe('the template rule: no value nobody gave, nothing that runs', () => {
  it('clears every value sample_form.pdf arrives with: only the answers given are in the filled and flattened PDF', async () => {
    expect(Object.keys(await qpdfFieldValues(fixture('sample_form.pdf')))).toEqual(expect.arrayContaining(['Name_Last', 'SSN', 'Sex', 'HIGH SCHOOL DIPLOMA']));
    const filled = await fillPdf(fixture('sample_form.pdf'), { Name_First: 'Ada' });
    expect(await qpdfFieldValues(filled)).toEqual({ Name_First: '"u:Ada"' });
    const flat = await fillPdf(fixture('sample_form.pdf'), { Name_First: 'Ada' }, { flatten: true });
    const text = (await readWithPdfJs(flat)).pageTexts.join(' ');
    expect(text).toContain('Ada');
    for (const value of ['Bar', '111111111', '1234567890']) expect(text).not.toContain(value);
  });

  it('removes, at import, the values and every action that runs or launches anything, and says what it removed', async () => {
    const before = await actionMarkers(hostilePdf());
    expect(before.pdfinfoJavaScript).toBe('yes');
    expect(before.markers).toEqual(expect.arrayContaining(['/JS', '/Launch', '/SubmitForm', '/ImportData', '/EmbeddedFiles', 'javascript:']));
    const read = await readPdfFields(hostilePdf(), { maxPages: 10, maxFields: 10 });
    if (!read.ok) throw new Error(read.message);
    expect(read.cleanup.clearedValues).toEqual([{ field: 'Name_Last', type: 'text' }]);
    const removed = read.cleanup.removedActions.map((r) => `${r.kind} ${r.place}${r.page ? ` ${r.page}` : ''}${r.field ? ` ${r.field}` : ''} ×${r.count}`);
    expect(removed.sort()).toEqual(
      [
        'javascript document ×2',
        'javascript document ×1', // the named scripts
        'embedded-file document ×1',
        'launch page 1 ×1',
        'javascript field Name_Last ×1',
        'submit-form field Name_Last ×1',
        'uri annotation 1 ×1',
        'import-data annotation 1 ×1',
        'embedded-file annotation 1 ×1',
        'launch bookmark ×1',
      ]
        .map((r) => r.replace('javascript document ×2', 'javascript document ×3').replace('javascript document ×1', ''))
        .filter(Boolean)
        .sort(),
    );
    const after = await actionMarkers(read.bytes);
    expect(after).toEqual({ markers: [], pdfinfoJavaScript: 'no' });
    expect(await qpdfFieldValues(read.bytes)).toEqual({});
    // A link to an https address stays.
    expect(Buffer.from(read.bytes).toString('latin1')).toContain('https://example.org/help');
  });

  it('checks again before filling: a template stored with values and scripts is filled without them', async () => {
    const filled = await fillPdf(hostilePdf(), {});
    expect(await actionMarkers(filled)).toEqual({ markers: [], pdfinfoJavaScript: 'no' });
    expect(await qpdfFieldValues(filled)).toEqual({});
  });

  it('finds nothing to clear or remove in a template it cleaned', async () => {
    const doc = await PDF.load(fixture('sample_form.pdf'));
    const first = cleanPdfTemplate(doc);
    expect(first.clearedValues.length).toBeGreaterThan(10);
    expect(first.removedActions.some((r) => r.kind === 'javascript' && r.field === 'SSN')).toBe(true);
    const again = cleanPdfTemplate(await PDF.load(await doc.save()));
    expect(again).toEqual({ clearedValues: [], removedActions: [] });
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

  it("lets other queries run between a new template's parts, and never serves one whose parts are not all written", async () => {
    // 10 MiB: 40 parts. On the embedded database (one connection) a transaction around them held every other query.
    const bytes = new Uint8Array(10 * 1024 * 1024).map((_, i) => i % 251);
    const formId = crypto.randomUUID();
    let saveDone = false;
    const saving = saveFormPdf(server.db, { formId, fileName: 'big.pdf', pageCount: 1, bytes }).then(() => {
      saveDone = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    await server.db.execute(sql`SELECT 1`);
    expect(saveDone).toBe(false);
    // Meanwhile the half-written template is not served.
    expect(await loadFormPdf(server.db, formId)).toBeUndefined();
    await saving;
    const loaded = await loadFormPdf(server.db, formId);
    expect(loaded?.bytes.byteLength).toBe(bytes.byteLength);
    expect(loaded?.sha256).toBe(sha256Hex(bytes));
    // A template that lost a part is not served either.
    await server.db.delete(formPdfTemplateParts).where(and(eq(formPdfTemplateParts.formId, formId), eq(formPdfTemplateParts.part, 39)));
    expect(await loadFormPdf(server.db, formId)).toBeUndefined();
  });

  it('removes the template when its form is deleted', async () => {
    const formId = crypto.randomUUID();
    await server.db.insert(forms).values({ formId, name: 'With template' });
    await saveFormPdf(server.db, { formId, fileName: 'a.pdf', pageCount: 1, bytes: fixture('normal.pdf') });
    await server.db.delete(forms).where(eq(forms.formId, formId));
    expect(await server.db.select({ id: formPdfTemplates.formId }).from(formPdfTemplates).where(eq(formPdfTemplates.formId, formId))).toEqual([]);
  });
});
