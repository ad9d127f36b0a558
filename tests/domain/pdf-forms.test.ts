/**
 * The domain's PDF form rules (src/domain/pdf): the form generated from PDF fields (reading order, labels, widgets from
 * the registry, schema facts, buttons left out), the engine-checked pre-fill, the application model's paths and the
 * values an instance writes into its PDF.
 */
import { describe, expect, it } from 'vitest';
import type { FormSchema, PdfField } from '../../src/api/types';
import { checkFormSchema, checkWidgetBindings, WIDGET_KINDS } from '../../src/engine';
import {
  checkedPrefill,
  formFromPdf,
  pdfValuesFromData,
  primitivePathsOf,
  readableFieldName,
  readingOrder,
  titleFromFileName,
  typedPathsFromExample,
  type PdfFieldFound,
} from '../../src/domain/pdf';
import { fieldFormatFromLabel, fieldFormatFromScript, formatDateForPdf, valueForPdfField } from '../../src/domain/pdf/field-format';
import { generatedLabel } from '../../src/domain/pdf/form-from-pdf';
import { DomainError } from '../../src/domain';
import { checkSchemaForSave } from '../../src/domain/forms';

let n = 0;
const ctx = { newId: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`, now: () => new Date(0) };
const rect = (x: number, y: number, width = 100, height = 18) => ({ x, y, width, height });

const fields: PdfFieldFound[] = [
  { name: 'Applicant.Email', type: 'text', page: 0, rect: rect(300, 700) },
  { name: 'Applicant.Name_First[0]', type: 'text', page: 0, rect: rect(50, 702), required: true, maxLength: 40 },
  { name: 'Notes', type: 'text', page: 1, rect: rect(50, 500), multiline: true },
  { name: 'Birthdate', type: 'text', page: 0, rect: rect(50, 650), tooltip: '  Date of   birth ' },
  { name: 'Agree', type: 'checkbox', page: 0, rect: rect(50, 600, 12, 12) },
  { name: 'Rocket', type: 'radio', page: 0, rect: rect(50, 550), options: ['Falcon Heavy', 'Saturn IV'] },
  { name: 'Planet', type: 'dropdown', page: 0, rect: rect(200, 550), options: ['Mars', 'Venus', 'Mars'] },
  { name: 'People', type: 'optionList', page: 1, rect: rect(50, 400), options: ['Ada', 'Grace'] },
  { name: 'Print', type: 'button', page: 0, rect: rect(400, 50) },
  { name: 'Sign here', type: 'signature', page: 1, rect: rect(50, 100) },
  { name: 'Account', type: 'text', page: 1, rect: rect(50, 300), comb: true, maxLength: 9, readOnly: true },
  { name: 'EmptyChoice', type: 'dropdown', page: 1, rect: rect(50, 200), options: [] },
];

describe('formFromPdf', () => {
  const generated = formFromPdf({ fileName: 'C:\\forms\\loan_application-v2.pdf', pageCount: 2, fields }, ctx);
  const layoutFields = generated.formSchema.layout.pages.flatMap((p) => p.sections.flatMap((s) => s.fields));
  const byName = (name: string) => layoutFields.find((f) => f.pdfFieldName === name);

  it('makes one page per PDF page with fields, in reading order (rows top to bottom, then left to right)', () => {
    expect(generated.formSchema.layout.pages.map((p) => p.title)).toEqual(['Page 1', 'Page 2']);
    expect(generated.formSchema.layout.pages[0]?.sections[0]?.fields.map((f) => f.pdfFieldName)).toEqual([
      'Applicant.Name_First[0]',
      'Applicant.Email',
      'Birthdate',
      'Agree',
      'Rocket',
      'Planet',
    ]);
  });

  it('reads labels from tooltips in readable casing, and takes the name for a tooltip that is no label', () => {
    const label = (name: string, tooltip?: string) => generatedLabel(tooltip === undefined ? { name } : { name, tooltip });
    expect(label('Sex', 'SEx')).toBe('Sex');
    expect(label('Name_Suffix', 'SUFFIx')).toBe('Name suffix');
    expect(label('BACHELORS DEGREE', 'bACHELOR’S DEGREE')).toBe('Bachelor’s degree');
    expect(label('Address_2', '[1]')).toBe('Address 2');
    expect(label('Name_Last', 'LAST')).toBe('Name last');
    expect(label('Birthdate', 'MONTH/DAY/YEAR')).toBe('Birthdate');
    expect(label('SSN', 'SOCIAL SECURITY NO. (MANDATORY')).toBe('Social security no.');
    expect(label('EMPLOYEE SIGNATURE', 'EMPLOYEE SIGNATURE')).toBe('Employee signature');
    expect(label('SSN')).toBe('SSN');
    expect(label('First', 'First Name 🚀')).toBe('First Name 🚀');
  });

  it('keeps the format a field writes its value in on its layout field, and writes dates, numbers and codes in it', () => {
    expect(fieldFormatFromScript('AFDate_FormatEx("mm/dd/yyyy");')).toEqual({ kind: 'date', pattern: 'mm/dd/yyyy' });
    expect(fieldFormatFromScript('AFNumber_Format(2, 0, 0, 0, "$", true);')).toEqual({ kind: 'number', decimals: 2, grouping: 0, currency: '$', currencyBefore: true });
    expect(fieldFormatFromScript('AFSpecial_Format(3);')).toEqual({ kind: 'special', special: 3 });
    expect(fieldFormatFromScript('app.alert(1)')).toBeUndefined();
    expect(fieldFormatFromLabel('MONTH/DAY/YEAR')).toEqual({ kind: 'date', pattern: 'mm/dd/yyyy' });
    expect(fieldFormatFromLabel('Date (DD.MM.YYYY)')).toEqual({ kind: 'date', pattern: 'dd.mm.yyyy' });
    expect(formatDateForPdf('1906-12-09', 'mm/dd/yyyy')).toBe('12/09/1906');
    expect(formatDateForPdf('1906-12-09', 'd-mmm-yy')).toBe('9-Dec-06');
    expect(valueForPdfField(1234.5, { kind: 'number', decimals: 2, grouping: 2, currency: ' €', currencyBefore: false })).toBe('1.234,50 €');
    expect(valueForPdfField('123456789', { kind: 'special', special: 3 })).toBe('123-45-6789');
    const generated = formFromPdf(
      {
        fileName: 'dates.pdf',
        pageCount: 1,
        fields: [
          { name: 'Birthdate', type: 'text', page: 0, rect: rect(50, 700), tooltip: 'MONTH/DAY/YEAR' },
          { name: 'Paid', type: 'text', page: 0, rect: rect(50, 650), format: { kind: 'number', decimals: 2, grouping: 0 } },
        ],
      },
      ctx,
    );
    const fields = generated.formSchema.layout.pages[0]?.sections[0]?.fields ?? [];
    expect(fields.map((f) => [f.label, f.pdfFormat])).toEqual([
      ['Birthdate', { kind: 'date', pattern: 'mm/dd/yyyy' }],
      ['Paid', { kind: 'number', decimals: 2, grouping: 0 }],
    ]);
    expect(generated.fields.every((f) => !('format' in f))).toBe(true);
    expect(pdfValuesFromData(generated.formSchema.layout, { birthdate: '1906-12-09', paid: '1500' })).toEqual({ Birthdate: '12/09/1906', Paid: '1,500.00' });
  });

  it('labels fields by their tooltip, else a readable form of the name, and keeps the PDF field name', () => {
    expect(byName('Birthdate')?.label).toBe('Date of birth');
    expect(byName('Applicant.Name_First[0]')?.label).toBe('Name first');
    expect(byName('Applicant.Name_First[0]')?.path).toBe('/nameFirst');
    expect(readableFieldName('HIGH SCHOOL DIPLOMA')).toBe('High school diploma');
    expect(readableFieldName('form1[0].Page1[0].BusinessNumber_RT[0]')).toBe('Business number rt');
    expect(titleFromFileName('C:\\forms\\loan_application-v2.pdf')).toBe('Loan Application V2');
  });

  it('chooses widgets the registry says can fill each AcroForm type, the name guess when it can, and skips buttons', () => {
    expect(Object.fromEntries(layoutFields.map((f) => [f.pdfFieldName, f.widget]))).toEqual({
      'Applicant.Name_First[0]': 'text',
      'Applicant.Email': 'email',
      Birthdate: 'date',
      Agree: 'checkbox',
      Rocket: 'radio',
      Planet: 'select',
      Notes: 'textarea',
      People: 'multiselect',
      Account: 'text',
      EmptyChoice: 'text',
      'Sign here': 'signature',
    });
    expect(generated.fields.map((f) => f.name)).not.toContain('Print');
    for (const field of layoutFields) {
      const source = generated.fields.find((f) => f.name === field.pdfFieldName) as PdfField;
      const type = source.type === 'dropdown' && (source.options ?? []).length === 0 ? 'text' : source.type;
      expect(WIDGET_KINDS[field.widget as keyof typeof WIDGET_KINDS].pdfFieldTypes, field.id).toContain(type);
    }
  });

  it('says in the schema what the PDF says: required, maximum length, options; read-only in the layout', () => {
    const properties = generated.formSchema.jsonSchema.properties as Record<string, Record<string, unknown>>;
    expect(generated.formSchema.jsonSchema.required).toEqual(['nameFirst']);
    expect(properties.nameFirst).toEqual({ type: 'string', maxLength: 40 });
    expect(properties.account).toEqual({ type: 'string', maxLength: 9 });
    expect(byName('Account')?.readOnly).toBe(true);
    expect(properties.planet).toEqual({ type: 'string', enum: ['Mars', 'Venus'] });
    expect(properties.people).toEqual({ type: 'array', items: { type: 'string', enum: ['Ada', 'Grace'] }, uniqueItems: true });
    expect(properties.agree).toEqual({ type: 'boolean' });
    expect(properties.email).toEqual({ type: 'string', format: 'email' });
    expect(byName('Rocket')?.options).toEqual([
      { value: 'Falcon Heavy', label: 'Falcon Heavy' },
      { value: 'Saturn IV', label: 'Saturn IV' },
    ]);
  });

  it('generates a schema the save checks accept, and a template that keeps comb and read-only', () => {
    expect(() => checkFormSchema(generated.formSchema)).not.toThrow();
    expect(() => checkWidgetBindings(generated.formSchema)).not.toThrow();
    expect(() => checkSchemaForSave(generated.formSchema)).not.toThrow();
    expect(generated.form.pdfTemplate?.fields.find((f) => f.name === 'Account')).toMatchObject({ comb: true, readOnly: true, maxLength: 9 });
    expect(generated.form.currentFormSchemaId).toBe(generated.formSchema.formSchemaId);
  });

  it('gives each field its own data path and id', () => {
    const twins = formFromPdf({ fileName: 'a.pdf', pageCount: 1, fields: [
      { name: 'a.Name', type: 'text', page: 0, rect: rect(0, 100) },
      { name: 'b.Name', type: 'text', page: 0, rect: rect(0, 50) },
    ] }, ctx);
    const f = twins.formSchema.layout.pages[0]?.sections[0]?.fields ?? [];
    expect(f.map((x) => x.path)).toEqual(['/name', '/name2']);
    expect(new Set(f.map((x) => x.id)).size).toBe(2);
  });

  it('orders fields in one row by x even when their tops differ a little', () => {
    const order = readingOrder([
      { page: 0, rect: rect(300, 700, 100, 20) },
      { page: 0, rect: rect(10, 703, 100, 20) },
      { page: 0, rect: rect(10, 600, 100, 20) },
    ]);
    expect(order.map((f) => f.rect.x)).toEqual([10, 300, 10]);
  });
});

const schema: FormSchema = {
  formSchemaId: 's1', formId: 'f1', name: 'S', version: 1, isPublic: false, isDeleted: false,
  createdDateTime: new Date(0), lastUpdatedDateTime: new Date(0),
  jsonSchema: {
    type: 'object',
    properties: {
      name: { type: 'string', maxLength: 10 },
      age: { type: 'integer' },
      planet: { type: 'string', enum: ['Mars', 'Venus'] },
      email: { type: 'string', format: 'email' },
    },
  },
  layout: { pages: [{ id: 'p', title: 'P', sections: [{ id: 's', title: 'S', fields: [
    { id: 'name', path: '/name', widget: 'text', label: 'Name', pdfFieldName: 'PdfName' },
    { id: 'age', path: '/age', widget: 'integer', label: 'Age', linkedPath: '/applicant/age', pdfFieldName: 'PdfAge' },
    { id: 'planet', path: '/planet', widget: 'select', label: 'Planet', options: [{ value: 'Mars', label: 'Mars' }, { value: 'Venus', label: 'Venus' }] },
    { id: 'email', path: '/email', widget: 'email', label: 'Email' },
  ] }] }] },
};

describe('checkedPrefill', () => {
  it('copies values that fit and leaves out, with the engine message, those that do not (never coerced)', () => {
    const { data, problems } = checkedPrefill(schema, { name: 'Ada Lovelace the first', applicant: { age: '36' }, planet: 'Mars', email: 'ada@example.com' });
    expect(data).toEqual({ planet: 'Mars', email: 'ada@example.com' });
    expect(problems.map((p) => [p.path, p.source])).toEqual([
      ['/name', '/name'],
      ['/age', '/applicant/age'],
    ]);
    for (const p of problems) expect(p.message).not.toBe('');
  });

  it('reports a value outside the options and keeps missing values silent', () => {
    const { data, problems } = checkedPrefill(schema, { planet: 'Pluto' });
    expect(data).toEqual({});
    expect(problems).toEqual([{ path: '/planet', source: '/planet', message: expect.any(String) }]);
  });

  it('refuses an application over the data limits with a 4xx', () => {
    let deep: Record<string, unknown> = {};
    const root = deep;
    for (let i = 0; i < 200; i++) deep = (deep.a = {}) as Record<string, unknown>;
    expect(() => checkedPrefill(schema, root as never)).toThrow(DomainError);
  });
});

describe('the application model', () => {
  it('lists primitive paths with their types, array items by position', () => {
    const paths = primitivePathsOf({
      type: 'object',
      properties: {
        applicant: { type: 'object', properties: { name: { type: 'string' }, born: { type: 'string', format: 'date' } } },
        history: { type: 'array', maxItems: 2, items: { type: 'object', properties: { employer: { type: 'string' }, years: { type: 'integer' } } } },
        vip: { type: ['null', 'boolean'] },
        tags: { type: 'array', items: { type: 'string' } },
      },
    });
    expect(paths).toEqual([
      { path: '/applicant/name', type: 'string' },
      { path: '/applicant/born', type: 'string', format: 'date' },
      { path: '/history/0/employer', type: 'string' },
      { path: '/history/0/years', type: 'integer' },
      { path: '/history/1/employer', type: 'string' },
      { path: '/history/1/years', type: 'integer' },
      { path: '/vip', type: 'boolean' },
      { path: '/tags/0', type: 'string' },
      { path: '/tags/1', type: 'string' },
      { path: '/tags/2', type: 'string' },
    ]);
  });

  it('types a list of paths by an example (the fake keeps no model)', () => {
    expect(typedPathsFromExample(['/a', '/b', '/c', '/d'], { a: 'x', b: 2.5, c: 3, d: true })).toEqual([
      { path: '/a', type: 'string' },
      { path: '/b', type: 'number' },
      { path: '/c', type: 'integer' },
      { path: '/d', type: 'boolean' },
    ]);
  });
});

describe('pdfValuesFromData', () => {
  it('maps each layout field with a PDF field name to its value as text, yes/no or a list', () => {
    expect(pdfValuesFromData(schema.layout, { name: 'Ada', age: 36, planet: 'Mars' })).toEqual({ PdfName: 'Ada', PdfAge: '36' });
    expect(pdfValuesFromData(schema.layout, { name: '' })).toEqual({});
  });

  it('writes a matrix into a text field as its answered rows in words', () => {
    const layout = {
      pages: [{ id: 'p', title: 'P', sections: [{ id: 's', title: '', fields: [{ id: 'stay', path: '/stay', widget: 'matrix', label: 'Stay', pdfFieldName: 'PdfStay', rows: [{ value: 'room', label: 'Room' }, { value: 'food', label: 'Food' }], options: [{ value: 'good', label: 'Good' }] }] }] }],
    };
    expect(pdfValuesFromData(layout, { stay: { food: 'good', room: 'good' } })).toEqual({ PdfStay: 'Room — Good; Food — Good' });
    expect(pdfValuesFromData(layout, { stay: {} })).toEqual({});
  });
});
