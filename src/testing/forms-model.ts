/**
 * The forms side of the fake: storage of forms, form groups, form schemas and form instances with
 * their cascades, pre-filling from an application and PDF generation. What a body may say, the
 * schema-version and instance-data rules are the domain's (src/domain/forms), shared with the server.
 */
import type {
  CrudEntities,
  CrudEntityName,
  Form,
  FormGroup,
  FormInstance,
  FormSchema,
  GeneratedForm,
  JsonObject,
  PdfField,
} from '../api/types';
import { FormInstanceStatus } from '../api/enums';
import {
  changedCurrentSchema,
  checkCurrentSchema,
  checkInstanceData,
  checkLiveInstanceTarget,
  idTaken,
  instancePatchSchemaId,
  instancePostSchemaId,
  postedCurrentSchema,
  readFormGroupPatch,
  readFormGroupPost,
  readFormInstancePatch,
  readFormInstancePost,
  readFormPatch,
  readFormPost,
  readFormSchemaPatch,
  readFormSchemaPost,
  schemaPostFormId,
  unknownForm,
  unknownFormGroup,
  unknownFormSchema,
} from '../domain/forms';
import { formFromPdf, titleFromFileName } from '../domain/pdf';
import { checkInstanceWriteAgainstSigning, signedDocumentFileName } from '../domain/signing';
import type { MutationContext } from './claims-model';
import type { FakeDb, FakeEnvelope, StoredPdf } from './db';
import { minimalPdf } from './pdf';

// ---------------------------------------------------------------- CRUD

/** How the fake stores one CRUD entity; what a body may say is the domain's (src/domain/forms). */
export interface CrudEntity<T> {
  /** The key property (`formId`, …). */
  key: keyof T & string;
  /** Type name for messages. */
  label: string;
  rows(db: FakeDb): T[];
  /** Builds a new row from a post body (400 / 409 on bad input). */
  create(db: FakeDb, body: Record<string, unknown>, ctx: MutationContext): T;
  /** Builds the updated row from a patch body. */
  update(db: FakeDb, existing: T, body: Record<string, unknown>, ctx: MutationContext): T;
  /** Removes the row and everything that belongs to it. */
  remove(db: FakeDb, id: string): void;
}

// Row versions (the `ETag` of CRUD answers): rows are replaced on update, so a weak map keeps each row's number.
const versions = new WeakMap<object, number>();

/** The version of a stored row: 1 until it is changed through the CRUD calls or `Forms/MarkCompleted`. */
export function rowVersion(row: object): number {
  return versions.get(row) ?? 1;
}

/** Records that `next` (possibly the same object, changed in place) replaces `previous`. */
export function bumpRowVersion(previous: object, next: object = previous): void {
  versions.set(next, rowVersion(previous) + 1);
}

function audit(ctx: MutationContext) {
  const now = ctx.now();
  return { isDeleted: false, createdDateTime: now, lastUpdatedDateTime: now };
}

function newId<T>(db: FakeDb, entity: CrudEntity<T>, id: string | null, ctx: MutationContext): string {
  if (id === null) return ctx.newId();
  if (entity.rows(db).some((row) => String(row[entity.key]).toLowerCase() === id)) throw idTaken(entity.label, id);
  return id;
}

function requireFormGroup(db: FakeDb, id: string | null): string | null {
  if (id !== null && !db.formGroups.some((g) => g.formGroupId === id)) throw unknownFormGroup(id);
  return id;
}

function requireSchema(db: FakeDb, id: string): FormSchema {
  const schema = db.formSchemas.find((s) => s.formSchemaId === id);
  if (!schema) throw unknownFormSchema(id);
  return schema;
}

function removeInstances(db: FakeDb, ids: ReadonlySet<string>): void {
  const envelopeIds = new Set(db.envelopes.filter((e) => ids.has(e.formInstanceId)).map((e) => e.envelopeId));
  db.formInstances = db.formInstances.filter((i) => !ids.has(i.formInstanceId));
  db.envelopes = db.envelopes.filter((e) => !envelopeIds.has(e.envelopeId));
  db.pdfs = db.pdfs.filter((p) => p.envelopeId === null || !envelopeIds.has(p.envelopeId));
  db.linkTokens = db.linkTokens.filter((t) => !ids.has(t.formInstanceId));
}

function removeSchemas(db: FakeDb, ids: ReadonlySet<string>): void {
  removeInstances(db, new Set(db.formInstances.filter((i) => ids.has(i.formSchemaId)).map((i) => i.formInstanceId)));
  db.formSchemas = db.formSchemas.filter((s) => !ids.has(s.formSchemaId));
}

const formEntity: CrudEntity<Form> = {
  key: 'formId',
  label: 'form',
  rows: (db) => db.forms,
  create(db, body, ctx) {
    const { id, fields } = readFormPost(body);
    requireFormGroup(db, fields.formGroupId);
    const schemaId = fields.currentFormSchemaId;
    fields.currentFormSchemaId = postedCurrentSchema(schemaId, db.formSchemas.find((s) => s.formSchemaId === schemaId));
    return { formId: newId(db, formEntity, id, ctx), ...fields, ...audit(ctx) };
  },
  update(db, existing, body, ctx) {
    const fields = readFormPatch(body, existing);
    requireFormGroup(db, fields.formGroupId);
    const schemaId = changedCurrentSchema(fields, existing);
    if (schemaId !== null) checkCurrentSchema(existing.formId, schemaId, db.formSchemas.find((s) => s.formSchemaId === schemaId));
    return { ...existing, ...fields, lastUpdatedDateTime: ctx.now() };
  },
  remove(db, id) {
    removeSchemas(db, new Set(db.formSchemas.filter((s) => s.formId === id).map((s) => s.formSchemaId)));
    db.forms = db.forms.filter((f) => f.formId !== id);
    db.pdfs = db.pdfs.filter((p) => p.formId !== id || p.kind !== 'template');
  },
};

const formGroupEntity: CrudEntity<FormGroup> = {
  key: 'formGroupId',
  label: 'form group',
  rows: (db) => db.formGroups,
  create(db, body, ctx) {
    const { id, fields } = readFormGroupPost(body);
    return { formGroupId: newId(db, formGroupEntity, id, ctx), ...fields, ...audit(ctx) };
  },
  update(_db, existing, body, ctx) {
    return { ...existing, ...readFormGroupPatch(body, existing), lastUpdatedDateTime: ctx.now() };
  },
  remove(db, id) {
    db.formGroups = db.formGroups.filter((g) => g.formGroupId !== id);
    for (const form of db.forms) if (form.formGroupId === id) form.formGroupId = null;
  },
};

const formSchemaEntity: CrudEntity<FormSchema> = {
  key: 'formSchemaId',
  label: 'form schema',
  rows: (db) => db.formSchemas,
  create(db, body, ctx) {
    const formId = schemaPostFormId(body);
    const form = db.forms.find((f) => f.formId === formId);
    if (!form) throw unknownForm(formId);
    const latest = Math.max(0, ...db.formSchemas.filter((s) => s.formId === formId).map((s) => s.version));
    const { id, fields } = readFormSchemaPost(body, form, latest);
    const schema: FormSchema = { formSchemaId: newId(db, formSchemaEntity, id, ctx), formId, ...fields, ...audit(ctx) };
    if (form.currentFormSchemaId === null) form.currentFormSchemaId = schema.formSchemaId;
    return schema;
  },
  update(db, existing, body, ctx) {
    const used = db.formInstances.some((i) => i.formSchemaId === existing.formSchemaId);
    return { ...existing, ...readFormSchemaPatch(body, existing, used), lastUpdatedDateTime: ctx.now() };
  },
  remove(db, id) {
    const schema = db.formSchemas.find((s) => s.formSchemaId === id);
    removeSchemas(db, new Set([id]));
    const form = schema ? db.forms.find((f) => f.formId === schema.formId) : undefined;
    if (form && form.currentFormSchemaId === id) {
      const newest = db.formSchemas.filter((s) => s.formId === form.formId).sort((a, b) => b.version - a.version)[0];
      form.currentFormSchemaId = newest?.formSchemaId ?? null;
    }
  },
};

const formInstanceEntity: CrudEntity<FormInstance> = {
  key: 'formInstanceId',
  label: 'form instance',
  rows: (db) => db.formInstances,
  create(db, body, ctx) {
    const schemaId = instancePostSchemaId(body);
    const found = db.formSchemas.find((s) => s.formSchemaId === schemaId);
    checkLiveInstanceTarget(schemaId, found, found ? db.forms.find((f) => f.formId === found.formId) : undefined);
    const schema = requireSchema(db, schemaId);
    const { id, fields } = readFormInstancePost(body, schema);
    return {
      formInstanceId: newId(db, formInstanceEntity, id, ctx),
      ...fields,
      data: checkInstanceData(schema, fields.data, fields.status),
      envelopeId: null,
      envelopeStatus: null,
      ...audit(ctx),
    };
  },
  update(db, existing, body, ctx) {
    const schema = requireSchema(db, instancePatchSchemaId(body, existing));
    const fields = readFormInstancePatch(body, existing, schema);
    checkInstanceWriteAgainstSigning(existing, fields);
    return { ...existing, ...fields, data: checkInstanceData(schema, fields.data, fields.status), lastUpdatedDateTime: ctx.now() };
  },
  remove(db, id) {
    removeInstances(db, new Set([id]));
  },
};

/** The four CRUD entities by their name in `/api/crud/{entity}/…`. */
export const CRUD_ENTITIES: { readonly [K in CrudEntityName]: CrudEntity<CrudEntities[K]> } = {
  form: formEntity,
  formgroup: formGroupEntity,
  forminstance: formInstanceEntity,
  formschema: formSchemaEntity,
};

// ---------------------------------------------------------------- dynamic form linking

// Pre-filling from an application is the domain's rule (src/domain/forms/prefill.ts), shared with the server.
export { prefillFromApplication } from '../domain/forms/prefill';

/** A new instance of `schema` holding `data`, status Created. */
export function newInstance(schema: FormSchema, data: JsonObject, ctx: MutationContext): FormInstance {
  const now = ctx.now();
  return {
    formInstanceId: ctx.newId(),
    formSchemaId: schema.formSchemaId,
    formId: schema.formId,
    data,
    status: FormInstanceStatus.Created,
    envelopeId: null,
    envelopeStatus: null,
    isDeleted: false,
    createdDateTime: now,
    lastUpdatedDateTime: now,
  };
}

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

/** The signed document of an envelope: the stored one, else one made now from the instance. */
export function signedDocumentFor(db: FakeDb, envelope: FakeEnvelope, ctx: MutationContext): StoredPdf {
  const stored = db.pdfs.find((p) => p.envelopeId === envelope.envelopeId && p.kind === 'signed');
  if (stored) return stored;
  const instance = db.formInstances.find((i) => i.formInstanceId === envelope.formInstanceId);
  const form = instance ? db.forms.find((f) => f.formId === instance.formId) : undefined;
  const formName = form?.name ?? 'Document';
  const signer = envelope.signers[0]?.name ?? 'Signer';
  return {
    id: ctx.newId(),
    kind: 'signed',
    fileName: signedDocumentFileName(form?.name ?? 'Form'),
    contentType: 'application/pdf',
    bytes: minimalPdf([formName, `Envelope ${envelope.envelopeId}`, `Signer: ${signer}`]),
    formId: form?.formId ?? null,
    envelopeId: envelope.envelopeId,
    createdDateTime: ctx.now(),
  };
}
