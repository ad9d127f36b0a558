/**
 * The forms side of the fake: storage of forms, form groups, form schemas and form instances with what each
 * owns (the forms use cases' store, src/service/forms.ts, which the server implements too), pre-filling from an
 * application and PDF generation.
 */
import type { CrudEntities, CrudEntityName, GeneratedForm, PdfField } from '../api/types';
import { formFromPdf, titleFromFileName } from '../domain/pdf';
import type { FormsStorage, FormsStore } from '../service/forms-ports';
import type { MutationContext } from './claims-model';
import type { FakeDb } from './db';
import { memoryStatusHistory } from './status-history';

// ---------------------------------------------------------------- CRUD

// Row versions (the `ETag` of CRUD answers): rows are replaced on update, so a weak map keeps each row's number.
const versions = new WeakMap<object, number>();

/** The version of a stored row: 1 until it is changed through the CRUD calls or `Forms/MarkCompleted`. */
export function rowVersion(row: object): number {
  return versions.get(row) ?? 1;
}

/** The rows of each forms entity in the in-memory db, and their key. */
const TABLES: { readonly [K in CrudEntityName]: { key: keyof CrudEntities[K] & string; rows(db: FakeDb): CrudEntities[K][] } } = {
  form: { key: 'formId', rows: (db) => db.forms },
  formgroup: { key: 'formGroupId', rows: (db) => db.formGroups },
  formschema: { key: 'formSchemaId', rows: (db) => db.formSchemas },
  forminstance: { key: 'formInstanceId', rows: (db) => db.formInstances },
};

function rowsOf<K extends CrudEntityName>(db: FakeDb, entity: K): { rows: CrudEntities[K][]; at(id: string): number } {
  const { key, rows } = TABLES[entity];
  const list = rows(db);
  return { rows: list, at: (id) => list.findIndex((row) => String(row[key]).toLowerCase() === id.toLowerCase()) };
}

function removeInstances(db: FakeDb, ids: ReadonlySet<string>): void {
  const envelopeIds = new Set(db.envelopes.filter((e) => ids.has(e.formInstanceId)).map((e) => e.envelopeId));
  db.formInstances = db.formInstances.filter((i) => !ids.has(i.formInstanceId));
  db.envelopes = db.envelopes.filter((e) => !envelopeIds.has(e.envelopeId));
  db.pdfs = db.pdfs.filter((p) => p.envelopeId === null || !envelopeIds.has(p.envelopeId));
  db.linkTokens = db.linkTokens.filter((t) => !ids.has(t.formInstanceId));
  db.instanceStatusChanges = db.instanceStatusChanges.filter((c) => !ids.has(c.formInstanceId));
}

function removeSchemas(db: FakeDb, ids: ReadonlySet<string>): void {
  removeInstances(db, new Set(db.formInstances.filter((i) => ids.has(i.formSchemaId)).map((i) => i.formInstanceId)));
  db.formSchemas = db.formSchemas.filter((s) => !ids.has(s.formSchemaId));
}

const schemasOf = (db: FakeDb, formId: string) => db.formSchemas.filter((s) => s.formId === formId);

/**
 * The forms use cases' storage (src/service/forms-ports.ts) over the in-memory db: a row's version is kept beside it,
 * and a transaction is the work itself (the use cases check before they write).
 */
export function memoryFormsStorage(db: FakeDb): FormsStorage {
  const store: FormsStore = {
    async find(entity, id) {
      const { rows, at } = rowsOf(db, entity);
      const row = rows[at(id)];
      return row && { row, version: rowVersion(row) };
    },
    newestSchema: async (formId) => schemasOf(db, formId).sort((a, b) => b.version - a.version)[0],
    schemaUsed: async (formSchemaId) => db.formInstances.some((i) => i.formSchemaId === formSchemaId),
    async insert(entity, row) {
      rowsOf(db, entity).rows.push(row);
    },
    async update(entity, id, values, version) {
      const { rows, at } = rowsOf(db, entity);
      const index = at(id);
      if (index < 0) return;
      rows[index] = { ...rows[index]!, ...values };
      versions.set(rows[index], version);
    },
    async updateWhere(entity, column, value, values) {
      for (const row of rowsOf(db, entity).rows) if (row[column] === value) Object.assign(row, values);
    },
    async remove(entity, id) {
      if (entity === 'forminstance') removeInstances(db, new Set([id]));
      if (entity === 'formschema') removeSchemas(db, new Set([id]));
      if (entity === 'formgroup') db.formGroups = db.formGroups.filter((g) => g.formGroupId !== id);
      if (entity !== 'form') return;
      removeSchemas(db, new Set(schemasOf(db, id).map((s) => s.formSchemaId)));
      db.forms = db.forms.filter((f) => f.formId !== id);
      db.pdfs = db.pdfs.filter((p) => p.formId !== id || p.kind !== 'template');
    },
    ...memoryStatusHistory(db),
  };
  return { ...store, transaction: (work) => work(store) };
}

// ---------------------------------------------------------------- dynamic form linking

// Pre-filling from an application is the domain's rule (src/domain/forms/prefill.ts), shared with the server.
export { prefillFromApplication } from '../domain/forms/prefill';

// ---------------------------------------------------------------- PDFs

/**
 * The form the fake "generates" from an uploaded PDF. The fake does not read the PDF: it always finds the same five
 * fields, named after the file (`LoanApplication.FullName`, …), and builds the form from them with the domain's rule
 * (`formFromPdf`), the one the reference server runs on the fields it reads. The form and schema are drafts (not
 * stored): save them through the CRUD calls, keeping their ids.
 */
export function generateFormFromPdf(fileName: string, ctx: MutationContext): GeneratedForm {
  const prefix = titleFromFileName(fileName).replace(/\s+/g, '');
  const rect = (row: number, width = 240, height = 18) => ({ x: 72, y: 700 - row * 40, width, height });
  const fields: PdfField[] = [
    { name: `${prefix}.FullName`, type: 'text', page: 0, rect: rect(0), required: true },
    { name: `${prefix}.Email`, type: 'text', page: 0, rect: rect(1) },
    { name: `${prefix}.Date`, type: 'text', page: 0, rect: rect(2, 120), maxLength: 10 },
    { name: `${prefix}.Agree`, type: 'checkbox', page: 0, rect: rect(3, 12, 12) },
    { name: `${prefix}.Signature`, type: 'signature', page: 0, rect: rect(4, 200, 40) },
  ];
  return formFromPdf({ fileName, pageCount: 1, fields }, ctx);
}
