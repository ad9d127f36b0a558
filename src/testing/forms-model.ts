/**
 * The forms side of the fake: CRUD of forms, form groups, form schemas and form instances with
 * their checks and cascades, pre-filling from an application, PDF generation and public links.
 */
import type {
  CrudEntities,
  CrudEntityName,
  Form,
  FormGroup,
  FormInstance,
  FormLayout,
  FormSchema,
  GeneratedForm,
  JsonObject,
  PdfField,
} from '../api/types';
import { FormInstanceStatus } from '../api/enums';
import { getAt, JsonPointerError, parsePointer, setAt } from '../domain';
import type { MutationContext } from './claims-model';
import type { FakeDb, FakeEnvelope, StoredPdf } from './db';
import { FakeHttpError, hasProp, isRecord, prop } from './http';
import { minimalPdf } from './pdf';

// ---------------------------------------------------------------- JSON Pointer (src/domain/json-pointer.ts)

/** Checks a data path of a layout: a JSON Pointer without `__proto__` & co (400 otherwise). */
function checkDataPath(pointer: string): void {
  try {
    parsePointer(pointer);
  } catch (error) {
    if (error instanceof JsonPointerError) throw new FakeHttpError(400, error.message);
    throw error;
  }
}

// ---------------------------------------------------------------- body readers

function str(body: Record<string, unknown>, key: string, fallback: string): string {
  if (!hasProp(body, key)) return fallback;
  const value = prop(body, key);
  if (typeof value !== 'string') throw new FakeHttpError(400, `'${key}' must be a string.`);
  return value;
}

function nullableStr(body: Record<string, unknown>, key: string, fallback: string | null): string | null {
  if (!hasProp(body, key)) return fallback;
  const value = prop(body, key);
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') throw new FakeHttpError(400, `'${key}' must be a string or null.`);
  return value === '' ? null : value;
}

function bool(body: Record<string, unknown>, key: string, fallback: boolean): boolean {
  if (!hasProp(body, key)) return fallback;
  const value = prop(body, key);
  if (typeof value !== 'boolean') throw new FakeHttpError(400, `'${key}' must be a boolean.`);
  return value;
}

function obj(body: Record<string, unknown>, key: string, fallback: JsonObject): JsonObject {
  if (!hasProp(body, key)) return fallback;
  const value = prop(body, key);
  if (!isRecord(value)) throw new FakeHttpError(400, `'${key}' must be an object.`);
  return structuredClone(value) as JsonObject;
}

function nonBlank(value: string, key: string): string {
  if (value.trim() === '') throw new FakeHttpError(400, `'${key}' must not be blank.`);
  return value.trim();
}

function layoutOf(body: Record<string, unknown>, fallback: FormLayout): FormLayout {
  if (!hasProp(body, 'layout')) return fallback;
  const layout = prop(body, 'layout');
  if (!isRecord(layout) || !Array.isArray(layout.pages)) throw new FakeHttpError(400, "'layout' must be an object with 'pages'.");
  for (const page of layout.pages) {
    if (!isRecord(page) || !Array.isArray(page.sections)) throw new FakeHttpError(400, "Every layout page needs 'sections'.");
    for (const section of page.sections) {
      if (!isRecord(section) || !Array.isArray(section.fields)) throw new FakeHttpError(400, "Every layout section needs 'fields'.");
      if (isRecord(section.repeatable) && typeof section.repeatable.path === 'string') checkDataPath(section.repeatable.path);
      for (const field of section.fields) {
        if (!isRecord(field) || typeof field.path !== 'string') throw new FakeHttpError(400, "Every layout field needs a 'path'.");
        checkDataPath(field.path);
      }
    }
  }
  return structuredClone(layout) as unknown as FormLayout;
}

const NIL_GUID = '00000000-0000-0000-0000-000000000000';

/** The id a post may bring: absent, empty or the nil GUID mean "make one". */
function requestedId(body: Record<string, unknown>, key: string): string | null {
  const value = prop(body, key);
  if (value === undefined || value === null || value === '' || value === NIL_GUID) return null;
  if (typeof value !== 'string') throw new FakeHttpError(400, `'${key}' must be a string.`);
  return value;
}

const STATUSES = Object.values(FormInstanceStatus) as number[];

function status(body: Record<string, unknown>, fallback: FormInstanceStatus): FormInstanceStatus {
  if (!hasProp(body, 'status')) return fallback;
  const value = prop(body, 'status');
  if (typeof value !== 'number' || !STATUSES.includes(value)) {
    throw new FakeHttpError(400, `'status' must be one of ${STATUSES.join(', ')}.`);
  }
  return value as FormInstanceStatus;
}

// ---------------------------------------------------------------- CRUD

/** How the fake stores one CRUD entity. */
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

function audit(ctx: MutationContext) {
  const now = ctx.now();
  return { isDeleted: false, createdDateTime: now, lastUpdatedDateTime: now };
}

function newId<T>(db: FakeDb, entity: CrudEntity<T>, body: Record<string, unknown>, ctx: MutationContext): string {
  const id = requestedId(body, entity.key);
  if (id === null) return ctx.newId();
  if (entity.rows(db).some((row) => row[entity.key] === id)) throw new FakeHttpError(409, `A ${entity.label} with id '${id}' already exists.`);
  return id;
}

function requireFormGroup(db: FakeDb, id: string | null): string | null {
  if (id !== null && !db.formGroups.some((g) => g.formGroupId === id)) throw new FakeHttpError(400, `Unknown form group '${id}'.`);
  return id;
}

function requireSchema(db: FakeDb, id: string): FormSchema {
  const schema = db.formSchemas.find((s) => s.formSchemaId === id);
  if (!schema) throw new FakeHttpError(400, `Unknown form schema '${id}'.`);
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
    return {
      formId: newId(db, formEntity, body, ctx),
      name: nonBlank(str(body, 'name', ''), 'name'),
      description: nullableStr(body, 'description', null),
      formGroupId: requireFormGroup(db, nullableStr(body, 'formGroupId', null)),
      currentFormSchemaId: nullableStr(body, 'currentFormSchemaId', null),
      pdfTemplate: hasProp(body, 'pdfTemplate') ? (structuredClone(prop(body, 'pdfTemplate')) as Form['pdfTemplate']) : null,
      ...audit(ctx),
    };
  },
  update(db, existing, body, ctx) {
    const currentFormSchemaId = nullableStr(body, 'currentFormSchemaId', existing.currentFormSchemaId);
    if (currentFormSchemaId !== null && requireSchema(db, currentFormSchemaId).formId !== existing.formId) {
      throw new FakeHttpError(400, `Form schema '${currentFormSchemaId}' belongs to another form.`);
    }
    return {
      ...existing,
      name: nonBlank(str(body, 'name', existing.name), 'name'),
      description: nullableStr(body, 'description', existing.description),
      formGroupId: requireFormGroup(db, nullableStr(body, 'formGroupId', existing.formGroupId)),
      currentFormSchemaId,
      pdfTemplate: hasProp(body, 'pdfTemplate') ? (structuredClone(prop(body, 'pdfTemplate')) as Form['pdfTemplate']) : existing.pdfTemplate,
      isDeleted: bool(body, 'isDeleted', existing.isDeleted),
      lastUpdatedDateTime: ctx.now(),
    };
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
    return {
      formGroupId: newId(db, formGroupEntity, body, ctx),
      name: nonBlank(str(body, 'name', ''), 'name'),
      description: nullableStr(body, 'description', null),
      ...audit(ctx),
    };
  },
  update(_db, existing, body, ctx) {
    return {
      ...existing,
      name: nonBlank(str(body, 'name', existing.name), 'name'),
      description: nullableStr(body, 'description', existing.description),
      isDeleted: bool(body, 'isDeleted', existing.isDeleted),
      lastUpdatedDateTime: ctx.now(),
    };
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
    const formId = str(body, 'formId', '');
    const form = db.forms.find((f) => f.formId === formId);
    if (!form) throw new FakeHttpError(400, `Unknown form '${formId}'.`);
    const latest = Math.max(0, ...db.formSchemas.filter((s) => s.formId === formId).map((s) => s.version));
    const version = prop(body, 'version');
    const schema: FormSchema = {
      formSchemaId: newId(db, formSchemaEntity, body, ctx),
      formId,
      name: nonBlank(str(body, 'name', form.name), 'name'),
      version: typeof version === 'number' && Number.isInteger(version) && version > latest ? version : latest + 1,
      jsonSchema: obj(body, 'jsonSchema', { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties: {} }),
      layout: layoutOf(body, { pages: [] }),
      isPublic: bool(body, 'isPublic', false),
      ...audit(ctx),
    };
    if (form.currentFormSchemaId === null) form.currentFormSchemaId = schema.formSchemaId;
    return schema;
  },
  update(db, existing, body, ctx) {
    const jsonSchema = obj(body, 'jsonSchema', existing.jsonSchema);
    const layout = layoutOf(body, existing.layout);
    const changesShape = JSON.stringify(jsonSchema) !== JSON.stringify(existing.jsonSchema) || JSON.stringify(layout) !== JSON.stringify(existing.layout);
    if (changesShape && db.formInstances.some((i) => i.formSchemaId === existing.formSchemaId)) {
      throw new FakeHttpError(409, 'This form schema version is used by form instances and cannot change; create a new version instead.');
    }
    return {
      ...existing,
      name: nonBlank(str(body, 'name', existing.name), 'name'),
      jsonSchema,
      layout,
      isPublic: bool(body, 'isPublic', existing.isPublic),
      isDeleted: bool(body, 'isDeleted', existing.isDeleted),
      lastUpdatedDateTime: ctx.now(),
    };
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
    const schema = requireSchema(db, str(body, 'formSchemaId', ''));
    const formId = str(body, 'formId', schema.formId);
    if (formId !== schema.formId) throw new FakeHttpError(400, `Form schema '${schema.formSchemaId}' belongs to another form.`);
    return {
      formInstanceId: newId(db, formInstanceEntity, body, ctx),
      formSchemaId: schema.formSchemaId,
      formId,
      data: obj(body, 'data', {}),
      status: status(body, FormInstanceStatus.Created),
      envelopeId: null,
      envelopeStatus: null,
      ...audit(ctx),
    };
  },
  update(db, existing, body, ctx) {
    const schema = requireSchema(db, str(body, 'formSchemaId', existing.formSchemaId));
    if (schema.formId !== existing.formId) throw new FakeHttpError(400, `Form schema '${schema.formSchemaId}' belongs to another form.`);
    return {
      ...existing,
      formSchemaId: schema.formSchemaId,
      data: obj(body, 'data', existing.data),
      status: status(body, existing.status),
      isDeleted: bool(body, 'isDeleted', existing.isDeleted),
      lastUpdatedDateTime: ctx.now(),
    };
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

/** The data paths a layout binds, absolute; repeatable sections give their array path. */
function layoutPaths(layout: FormLayout): string[] {
  const paths: string[] = [];
  for (const page of layout.pages) {
    for (const section of page.sections) {
      if (section.repeatable) paths.push(section.repeatable.path);
      else for (const field of section.fields) paths.push(field.path);
    }
  }
  return [...new Set(paths)];
}

/** The data of a new instance of `schema`, taking every bound path's value from `application`. */
export function prefillFromApplication(schema: FormSchema, application: JsonObject): JsonObject {
  let data: JsonObject = {};
  for (const path of layoutPaths(schema.layout)) {
    const value = getAt(application, path);
    if (value === undefined) continue;
    try {
      data = setAt(data, path, structuredClone(value));
    } catch (error) {
      // A path under a value another path already set (e.g. '/a' then '/a/b'): the first one stays.
      if (!(error instanceof JsonPointerError)) throw error;
    }
  }
  return data;
}

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

function titleFromFileName(fileName: string): string {
  const base = (fileName.split(/[\\/]/).pop() ?? fileName).replace(/\.pdf$/i, '');
  const words = base.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const title = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
  return title === '' ? 'Uploaded Form' : title;
}

/**
 * The form the fake "generates" from an uploaded PDF. The fake does not read the PDF: it always
 * finds the same five fields, named after the file (`LoanApplication.FullName`, …). The form and
 * schema are drafts (not stored): save them through the CRUD calls, keeping their ids.
 */
export function generateFormFromPdf(fileName: string, ctx: MutationContext): GeneratedForm {
  const title = titleFromFileName(fileName);
  const prefix = title.replace(/\s+/g, '');
  const rect = (row: number, width = 240, height = 18) => ({ x: 72, y: 700 - row * 40, width, height });
  const fields: PdfField[] = [
    { name: `${prefix}.FullName`, type: 'text', page: 0, rect: rect(0), required: true },
    { name: `${prefix}.Email`, type: 'text', page: 0, rect: rect(1) },
    { name: `${prefix}.Date`, type: 'text', page: 0, rect: rect(2, 120), maxLength: 10 },
    { name: `${prefix}.Agree`, type: 'checkbox', page: 0, rect: rect(3, 12, 12) },
    { name: `${prefix}.Signature`, type: 'signature', page: 0, rect: rect(4, 200, 40) },
  ];
  const now = ctx.now();
  const formId = ctx.newId();
  const formSchemaId = ctx.newId();
  const audit = { isDeleted: false, createdDateTime: now, lastUpdatedDateTime: now };
  const form: Form = {
    formId,
    name: title,
    description: `Generated from ${fileName}`,
    formGroupId: null,
    currentFormSchemaId: formSchemaId,
    pdfTemplate: { fileName, pageCount: 1, fields },
    ...audit,
  };
  const formSchema: FormSchema = {
    formSchemaId,
    formId,
    name: title,
    version: 1,
    isPublic: false,
    jsonSchema: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      title,
      type: 'object',
      properties: {
        fullName: { type: 'string', minLength: 1 },
        email: { type: 'string', format: 'email' },
        date: { type: 'string', format: 'date' },
        agree: { type: 'boolean' },
        signature: { type: 'string' },
      },
      required: ['fullName'],
    },
    layout: {
      pages: [
        {
          id: 'page-1',
          title,
          sections: [
            {
              id: 'pdf-fields',
              title: 'Fields from the PDF',
              fields: [
                { id: 'full-name', path: '/fullName', widget: 'text', label: 'Full name', pdfFieldName: `${prefix}.FullName` },
                { id: 'email', path: '/email', widget: 'email', label: 'Email', pdfFieldName: `${prefix}.Email` },
                { id: 'date', path: '/date', widget: 'date', label: 'Date', pdfFieldName: `${prefix}.Date` },
                { id: 'agree', path: '/agree', widget: 'checkbox', label: 'Agree', pdfFieldName: `${prefix}.Agree` },
                { id: 'signature', path: '/signature', widget: 'signature', label: 'Signature', pdfFieldName: `${prefix}.Signature` },
              ],
            },
          ],
        },
      ],
    },
    ...audit,
  };
  return { form, formSchema, fields };
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
    fileName: `${formName} – ${signer}.pdf`,
    contentType: 'application/pdf',
    bytes: minimalPdf([formName, `Envelope ${envelope.envelopeId}`, `Signer: ${signer}`]),
    formId: form?.formId ?? null,
    envelopeId: envelope.envelopeId,
    createdDateTime: ctx.now(),
  };
}
