/**
 * Fixtures of the PDF import and the data linking stories, also used by their component tests: the fields pdf.js
 * 5.6 reads from tests/fixtures/pdfs/sample_form.pdf (29: text 17, checkbox 9, radio group 1, signature 1, button
 * 1), and a form generated from a PDF whose fields are not yet linked to the application's data.
 */
import type { Form, FormSchema, GeneratedForm, JsonObject, PdfField, PdfImportCleanup } from '../../src/api/types';
import type { FakeDb } from '../../src/testing/db';
import sampleForm from '../../tests/fixtures/pdfs/sample_form.fields.json';

/** The fields of sample_form.pdf, as the server reads them. */
export const sampleFormFields = sampleForm.fields as PdfField[];

/**
 * What `FormGenerator/UploadPdf` answers for sample_form.pdf, made from `base` (the fake's answer for any file, which
 * brings the form's and schema's ids) with the real fields: every field of the PDF a text, checkbox or signature of
 * the generated layout.
 */
export function sampleFormGenerated(base: GeneratedForm): GeneratedForm {
  const fields = sampleFormFields;
  const valueFields = fields.filter((f) => f.type !== 'button');
  const key = (name: string) => name.replace(/[^A-Za-z0-9]+/g, '_');
  const properties: JsonObject = {};
  for (const f of valueFields) properties[key(f.name)] = f.type === 'checkbox' ? { type: 'boolean' } : { type: 'string' };
  const widget = (f: PdfField) => (f.type === 'checkbox' ? 'checkbox' : f.type === 'signature' ? 'signature' : 'text');
  return {
    fields,
    form: { ...base.form, name: 'Sample Form', pdfTemplate: { fileName: 'sample_form.pdf', pageCount: 1, fields } },
    formSchema: {
      ...base.formSchema,
      name: 'Sample Form',
      jsonSchema: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties },
      layout: {
        pages: [
          {
            id: 'page-1',
            title: 'Page 1',
            sections: [
              {
                id: 'pdf-fields',
                title: 'Fields from the PDF',
                fields: valueFields.map((f) => ({
                  id: key(f.name),
                  path: `/${key(f.name)}`,
                  widget: widget(f),
                  label: f.name.replace(/_/g, ' '),
                  pdfFieldName: f.name,
                })),
              },
            ],
          },
        ],
      },
    },
  };
}

/** The form and version {@link seedGeneratedLoanRequest} adds. */
export const loanRequestIds = {
  formId: '7a0c1e52-0b7e-4f51-9a51-3d1f2e000001',
  formSchemaId: '7a0c1e52-0b7e-4f51-9a51-3d1f2e000002',
} as const;

/**
 * Adds a form generated from a PDF, not yet linked: its fields' paths are its own (`/fullName`), not the
 * application's. Its names suggest links (Applicant.Name, Email, DOB, Loan.Amount), one of them of another type (the
 * loan amount is text in the form, a number in the application), and one suggests nothing (Town).
 */
export function seedGeneratedLoanRequest(db: FakeDb): FormSchema {
  const { formId, formSchemaId } = loanRequestIds;
  const now = new Date('2026-11-01T10:00:00Z');
  const audit = { isDeleted: false, createdDateTime: now, lastUpdatedDateTime: now };
  const form: Form = { formId, name: 'Loan Request', description: null, formGroupId: null, currentFormSchemaId: formSchemaId, publicBaseUrl: null, ...audit };
  const schema: FormSchema = {
    formSchemaId,
    formId,
    name: 'Loan Request',
    version: 1,
    isPublic: false,
    jsonSchema: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        fullName: { type: 'string' },
        email: { type: 'string', format: 'email' },
        birthDate: { type: 'string', format: 'date' },
        amount: { type: 'string' },
        agree: { type: 'boolean' },
        town: { type: 'string' },
      },
    },
    layout: {
      pages: [
        {
          id: 'page-1',
          title: 'Page 1',
          sections: [
            {
              id: 'pdf',
              title: 'Fields from the PDF',
              fields: [
                { id: 'full-name', path: '/fullName', widget: 'text', label: 'Full name', pdfFieldName: 'Applicant.Name' },
                { id: 'email', path: '/email', widget: 'email', label: 'Email', pdfFieldName: 'Email' },
                { id: 'birth', path: '/birthDate', widget: 'date', label: 'Date of birth', pdfFieldName: 'DOB' },
                { id: 'amount', path: '/amount', widget: 'text', label: 'Loan amount', pdfFieldName: 'Loan.Amount' },
                { id: 'agree', path: '/agree', widget: 'checkbox', label: 'I agree', pdfFieldName: 'Agree' },
                { id: 'town', path: '/town', widget: 'text', label: 'Town', pdfFieldName: 'Town' },
              ],
            },
          ],
        },
      ],
    },
    ...audit,
  };
  db.forms.push(form);
  db.formSchemas.push(schema);
  return schema;
}

/** What the reference server cleared and removed from sample_form.pdf at import (its `GeneratedForm.cleanup`). */
export const sampleFormCleanup: PdfImportCleanup = {
  clearedValues: [
    { field: 'HIGH SCHOOL DIPLOMA', type: 'checkbox' },
    { field: 'COLLEGE NO DEGREE', type: 'checkbox' },
    { field: 'OTHER DOCTORATE', type: 'checkbox' },
    { field: 'PROFESSIONAL DEGREE', type: 'checkbox' },
    { field: 'STATE', type: 'text' },
    { field: 'ZIP', type: 'text' },
    { field: 'Name_Last', type: 'text' },
    { field: 'Name_First', type: 'text' },
    { field: 'Name_Middle', type: 'text' },
    { field: 'Name_Suffix', type: 'text' },
    { field: 'Name_Prefix', type: 'text' },
    { field: 'Telephone_Home', type: 'text' },
    { field: 'Telephone_Work', type: 'text' },
    { field: 'SSN', type: 'text' },
    { field: 'BACHELORS DEGREE', type: 'checkbox' },
    { field: 'Address_1', type: 'text' },
    { field: 'Address_2', type: 'text' },
    { field: 'City', type: 'text' },
    { field: 'Emergency_Phone', type: 'text' },
    { field: 'Emergency_Contact', type: 'text' },
    { field: 'Emergency_Relationship', type: 'text' },
    { field: 'Sex', type: 'radio' },
    { field: 'Birthdate', type: 'text' },
  ],
  removedActions: [
    { kind: 'other', place: 'field', field: 'Print', count: 1 },
    { kind: 'javascript', place: 'field', field: 'Birthdate', count: 2 },
    { kind: 'javascript', place: 'field', field: 'Emergency_Phone', count: 2 },
    { kind: 'javascript', place: 'field', field: 'SSN', count: 2 },
    { kind: 'javascript', place: 'field', field: 'Telephone_Work', count: 2 },
    { kind: 'javascript', place: 'field', field: 'Telephone_Home', count: 2 },
    { kind: 'javascript', place: 'field', field: 'ZIP', count: 2 },
  ],
};
