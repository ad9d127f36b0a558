/**
 * What a post or patch of each forms CRUD entity may say (docs/spec.md, Calls; shapes docs/decisions.md, Forms model), without storage:
 * each reader turns a JSON body into the fields to store, and the checks that need other rows take
 * those rows as arguments, so the fake (arrays) and the server (SQL) look them up their own way and
 * refuse with the same status and text.
 */
import type { Form, FormGroup, FormInstance, FormLayout, FormSchema, JsonObject } from '../../contract/types';
import { FormInstanceStatus } from '../../contract/enums';
import { checkFormDraft, type CheckFormSchemaOptions, type DraftProblem, type FormDraft } from '../../engine';
import { WIDGET_KINDS, type WidgetKindRegistry } from '../../engine/widget-kinds';
import { DomainError } from '../errors';
import { checkPublicBaseUrl } from './public-base-url';
import { field, hasField, type JsonRecord } from '../json-body';
import {
  booleanField,
  nonBlankName,
  nullableStringField,
  objectField,
  referenceField,
  requestedId,
  stringField,
} from './fields';
import { readPdfTemplate } from './pdf-template';

/** The CRUD entities by their name in `/api/crud/{entity}/…`, with their key property and label. */
export const FORMS_CRUD_ENTITIES = {
  form: { key: 'formId', label: 'form', permission: 'Form' },
  formgroup: { key: 'formGroupId', label: 'form group', permission: 'FormGroup' },
  forminstance: { key: 'formInstanceId', label: 'form instance', permission: 'FormInstance' },
  formschema: { key: 'formSchemaId', label: 'form schema', permission: 'FormSchema' },
} as const;

/** 404 for a row a call names that does not exist. */
export function rowNotFound(label: string, id: string): DomainError {
  return new DomainError(404, `No ${label} '${id}'.`);
}

/** 409 for a post bringing an id that is taken. */
export function idTaken(label: string, id: string): DomainError {
  return new DomainError(409, `A ${label} with id '${id}' already exists.`);
}

/** 400 for a form group a body names that does not exist. */
export const unknownFormGroup = (id: string) => new DomainError(400, `Unknown form group '${id}'.`);
/** 400 for a form a body names that does not exist. */
export const unknownForm = (id: string) => new DomainError(400, `Unknown form '${id}'.`);
/** 400 for a form schema a body names that does not exist. */
export const unknownFormSchema = (id: string) => new DomainError(400, `Unknown form schema '${id}'.`);
/** 400 for a schema of one form used with another. */
export const schemaOfAnotherForm = (id: string) => new DomainError(400, `Form schema '${id}' belongs to another form.`);

/** The message of a schema version that instances use and a patch would change. */
export const SCHEMA_IN_USE_MESSAGE =
  'This form schema version is used by form instances and cannot change; create a new version instead.';
/** The `code` of the refusal of a change to a schema version that instances use: save a new version instead. */
export const SCHEMA_IN_USE_CODE = 'schema-in-use';

// ---------------------------------------------------------------- form group

/** The stored fields of a form group. */
export type FormGroupFields = Pick<FormGroup, 'name' | 'description'>;

/** A form group post: `{ id?, fields }`. */
export function readFormGroupPost(body: JsonRecord): { id: string | null; fields: FormGroupFields } {
  return {
    id: requestedId(body, 'formGroupId'),
    fields: { name: nonBlankName(stringField(body, 'name', ''), 'name'), description: nullableStringField(body, 'description', null) },
  };
}

/** A form group patch merged into `existing`. */
export function readFormGroupPatch(body: JsonRecord, existing: FormGroup): FormGroupFields & { isDeleted: boolean } {
  return {
    name: nonBlankName(stringField(body, 'name', existing.name), 'name'),
    description: nullableStringField(body, 'description', existing.description),
    isDeleted: booleanField(body, 'isDeleted', existing.isDeleted),
  };
}

// ---------------------------------------------------------------- form

/** The stored fields of a form. */
export type FormFields = Pick<Form, 'name' | 'description' | 'formGroupId' | 'currentFormSchemaId'> & {
  pdfTemplate: Form['pdfTemplate'];
  publicBaseUrl: string | null;
};

/** A form's `publicBaseUrl`: null, or the checked base of its public links ({@link checkPublicBaseUrl}). */
function publicBaseUrlField(body: JsonRecord, fallback: string | null): string | null {
  const value = nullableStringField(body, 'publicBaseUrl', fallback);
  return value === null || value === fallback ? value : checkPublicBaseUrl(value, 'publicBaseUrl');
}

function pdfTemplate(body: JsonRecord, fallback: Form['pdfTemplate']): Form['pdfTemplate'] {
  if (!hasField(body, 'pdfTemplate')) return fallback ?? null;
  return readPdfTemplate(field(body, 'pdfTemplate'));
}

/** A form post; the caller checks `formGroupId` exists ({@link unknownFormGroup}). */
export function readFormPost(body: JsonRecord): { id: string | null; fields: FormFields } {
  return {
    id: requestedId(body, 'formId'),
    fields: {
      name: nonBlankName(stringField(body, 'name', ''), 'name'),
      description: nullableStringField(body, 'description', null),
      formGroupId: referenceField(body, 'formGroupId', null),
      currentFormSchemaId: referenceField(body, 'currentFormSchemaId', null),
      pdfTemplate: pdfTemplate(body, null),
      publicBaseUrl: publicBaseUrlField(body, null),
    },
  };
}

/**
 * A form patch merged into `existing`; the caller checks `formGroupId` exists and, when
 * `currentFormSchemaId` changed, calls {@link checkCurrentSchema}.
 */
export function readFormPatch(body: JsonRecord, existing: Form): FormFields & { isDeleted: boolean } {
  return {
    name: nonBlankName(stringField(body, 'name', existing.name), 'name'),
    description: nullableStringField(body, 'description', existing.description),
    formGroupId: referenceField(body, 'formGroupId', existing.formGroupId),
    currentFormSchemaId: referenceField(body, 'currentFormSchemaId', existing.currentFormSchemaId),
    pdfTemplate: pdfTemplate(body, existing.pdfTemplate),
    publicBaseUrl: publicBaseUrlField(body, existing.publicBaseUrl ?? null),
    isDeleted: booleanField(body, 'isDeleted', existing.isDeleted),
  };
}

/** The schema a form patch makes current, when it changes it (the caller looks it up for {@link checkCurrentSchema}). */
export function changedCurrentSchema(fields: Pick<Form, 'currentFormSchemaId'>, existing: Pick<Form, 'currentFormSchemaId'>): string | null {
  const id = fields.currentFormSchemaId;
  return id !== null && id !== existing.currentFormSchemaId ? id : null;
}

/**
 * The current schema a form post stores: always none yet. A new form owns no schema, so a schema
 * the post names that exists is another form's (400). An id no schema has yet is the draft the
 * caller saves next (a generated form and its schema are saved in that order, keeping their ids):
 * the form is stored without a current schema rather than pointing nowhere, and that schema's post
 * makes itself current, as the first schema of a form does.
 */
export function postedCurrentSchema(schemaId: string | null, schema: Pick<FormSchema, 'formId'> | undefined): null {
  if (schemaId !== null && schema) throw schemaOfAnotherForm(schemaId);
  return null;
}

/** A form's current schema must exist and be one of its own. */
export function checkCurrentSchema(formId: string, schemaId: string, schema: Pick<FormSchema, 'formId'> | undefined): void {
  if (!schema) throw unknownFormSchema(schemaId);
  if (schema.formId !== formId) throw schemaOfAnotherForm(schemaId);
}

// ---------------------------------------------------------------- form schema

/** The JSON Schema of a schema post that brings none. */
export const EMPTY_JSON_SCHEMA: JsonObject = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: {},
};

/** The stored fields of a form schema. */
export type FormSchemaFields = Pick<FormSchema, 'name' | 'version' | 'jsonSchema' | 'layout' | 'isPublic'>;

/**
 * The engine's check of a schema about to be saved (docs/decisions.md, Security and limits): layout shape, data paths without
 * `__proto__` & co, catastrophic `pattern`s, the size, depth and field-count limits
 * (`FORM_LIMITS`), and that every field's widget can hold the type at its path (so no saved form asks for a value
 * nobody can give): the engine's `checkFormDraft`, which the builder runs before saving. 413 for size, 400
 * otherwise, with the first problem's message as `detail`, its kind as `code`, and every problem (up to
 * {@link MAX_LISTED_SCHEMA_PROBLEMS}) as `problems`: `{ code, message, fieldId, sectionId, pageId }`.
 */
export function checkSchemaForSave(schema: FormDraft, options: CheckFormSchemaOptions = {}): void {
  const refusal = schemaProblemsRefusal(checkFormDraft(schema, options.widgets ?? WIDGET_KINDS, options));
  if (refusal) throw refusal;
}

/**
 * The refusal {@link checkSchemaForSave} throws for a schema with `problems` (the engine's `checkFormDraft`, in its
 * order), or null when there are none.
 */
export function schemaProblemsRefusal(problems: readonly DraftProblem[]): DomainError | null {
  const first = problems[0];
  if (!first) return null;
  // The first problem is the refusal; the list (bounded, so a broken 2,000-field form answers a small body) lets a
  // builder show every problem at its field, with the same words the builder's own check gives.
  return new DomainError(first.status, first.message, {
    code: first.kind,
    problems: problems.slice(0, MAX_LISTED_SCHEMA_PROBLEMS).map(({ kind, message, fieldId, sectionId, pageId }) => ({
      code: kind,
      message,
      fieldId,
      sectionId,
      pageId,
    })),
  });
}

/** At most this many problems are listed in a schema save's refusal (`problems`). */
export const MAX_LISTED_SCHEMA_PROBLEMS = 50;

/**
 * The schema rules of {@link checkSchemaForSave} as one pass that a server can run away from its request thread:
 * every problem of `draft`, each `pattern` judged by `verdicts` (why it is refused, or null when it is safe; a
 * pattern without a verdict passes), and every pattern the draft holds, to be judged (the server's ReDoS analysis)
 * when the first pass had no verdicts. `widgets` is the registry the fields are checked against (default the
 * built-in kinds; a server configured with host kinds passes `withDeclaredWidgetKinds` of them).
 */
export function schemaProblemsAndPatterns(
  draft: FormDraft,
  verdicts: ReadonlyMap<string, string | null> | null,
  widgets: WidgetKindRegistry = WIDGET_KINDS,
): { problems: DraftProblem[]; patterns: string[] } {
  const patterns = new Set<string>();
  const problems = checkFormDraft(draft, widgets, {
    checkPattern: (pattern) => {
      patterns.add(pattern);
      return verdicts?.get(pattern) ?? null;
    },
  });
  return { problems, patterns: [...patterns] };
}

/**
 * A schema shape (`jsonSchema` and `layout`) that has passed the schema rules elsewhere: the reference server checks
 * the shape of a post or patch away from its request thread before its transaction, then hands the readers this
 * receipt instead of check options, so the rules run once per request. `body` is the request's body the shape was
 * read from (a receipt of another body is a programming error); `json` is {@link schemaShapeJson} of the shape.
 */
export interface CheckedSchemaShape {
  readonly body: JsonRecord;
  readonly shape: FormDraft;
  readonly json: string;
}

/** How a schema reader checks the shape it reads: the engine's options (checked here), or a receipt of a check done. */
export type SchemaSaveCheck = CheckFormSchemaOptions | CheckedSchemaShape;

const isReceipt = (check: SchemaSaveCheck): check is CheckedSchemaShape => 'shape' in check && 'body' in check;

/**
 * One string of a schema's shape, to tell whether two shapes are the same and to hand the shape to another thread
 * (a string is copied at once; an object graph of 2,000 fields is cloned piece by piece on the sending thread).
 */
export function schemaShapeJson(shape: FormDraft): string {
  return `${JSON.stringify(shape.jsonSchema)}\n${JSON.stringify(shape.layout)}`;
}

/** The shape {@link schemaShapeJson} wrote (JSON text never holds a raw line break, so the first one divides it). */
export function schemaShapeOfJson(json: string): FormDraft {
  const at = json.indexOf('\n');
  return { jsonSchema: JSON.parse(json.slice(0, at)) as JsonObject, layout: JSON.parse(json.slice(at + 1)) as FormLayout };
}

function layoutField(body: JsonRecord, fallback: FormLayout): FormLayout {
  if (!hasField(body, 'layout')) return fallback;
  return objectField(body, 'layout', {}) as unknown as FormLayout;
}

/** The form a schema post names (`formId`, required). */
export function schemaPostFormId(body: JsonRecord): string {
  const formId = stringField(body, 'formId', '');
  if (formId === '') throw new DomainError(400, "'formId' is required.");
  return formId.toLowerCase();
}

/** A schema post's fields in the order they are read and refused; the shape from `shape` when it is already read. */
function schemaPostFields(body: JsonRecord, form: Pick<Form, 'name'>, latestVersion: number, shape: FormDraft | null): FormSchemaFields {
  const version = field(body, 'version');
  return {
    name: nonBlankName(stringField(body, 'name', form.name), 'name'),
    version: typeof version === 'number' && Number.isInteger(version) && version > latestVersion && version <= 1_000_000 ? version : latestVersion + 1,
    jsonSchema: shape ? shape.jsonSchema : objectField(body, 'jsonSchema', structuredClone(EMPTY_JSON_SCHEMA)),
    layout: shape ? shape.layout : layoutField(body, { pages: [] }),
    isPublic: booleanField(body, 'isPublic', false),
  };
}

/**
 * The shape a schema post would store (`jsonSchema` and `layout`, deep copies), read with the post's other fields so
 * that a body refused for them is refused as {@link readFormSchemaPost} refuses it; not checked.
 */
export function formSchemaPostShape(body: JsonRecord): FormDraft {
  const { jsonSchema, layout } = schemaPostFields(body, { name: 'name' }, 0, null);
  return { jsonSchema, layout };
}

/**
 * A schema post for `form`, whose newest version is `latestVersion` (0 for none): a requested
 * version is kept only when newer, else the next number. The schema passes {@link checkSchemaForSave}, here with
 * `check`'s options, or before, when `check` is the receipt of that check of this body's shape (the receipt's shape
 * is stored).
 */
export function readFormSchemaPost(
  body: JsonRecord,
  form: Pick<Form, 'name'>,
  latestVersion: number,
  check: SchemaSaveCheck = {},
): { id: string | null; fields: FormSchemaFields } {
  if (isReceipt(check) && check.body !== body) throw new Error('The checked schema shape was read from another body.');
  const fields = schemaPostFields(body, form, latestVersion, isReceipt(check) ? check.shape : null);
  if (!isReceipt(check)) checkSchemaForSave(fields, check);
  return { id: requestedId(body, 'formSchemaId'), fields };
}

/**
 * The shape a schema patch makes of `existing` (the body's `jsonSchema` and `layout`, else the existing ones), and
 * whether it changes it; not checked. `json` is {@link schemaShapeJson} of the shape.
 */
export function formSchemaPatchShape(
  body: JsonRecord,
  existing: Pick<FormSchema, 'jsonSchema' | 'layout'>,
): { shape: FormDraft; json: string; changesShape: boolean } {
  const shape: FormDraft = { jsonSchema: objectField(body, 'jsonSchema', existing.jsonSchema), layout: layoutField(body, existing.layout) };
  const json = schemaShapeJson(shape);
  return { shape, json, changesShape: json !== schemaShapeJson(existing) };
}

/** What {@link formSchemaPatchShape} answers. */
export type SchemaPatchShape = ReturnType<typeof formSchemaPatchShape>;

/**
 * A schema patch merged into `existing`. A version is immutable once an instance uses it
 * (docs/decisions.md, Forms model): changing its `jsonSchema` or `layout` then answers 409 ({@link SCHEMA_IN_USE_MESSAGE}).
 * A changed shape passes {@link checkSchemaForSave} with `check`'s options, or before, when `check` is the receipt
 * of that check of the same shape read from this body. `read` is {@link formSchemaPatchShape} of this body and
 * `existing` when the caller has it (it is not read again).
 */
export function readFormSchemaPatch(
  body: JsonRecord,
  existing: FormSchema,
  usedByInstances: boolean,
  check: SchemaSaveCheck = {},
  read: SchemaPatchShape = formSchemaPatchShape(body, existing),
): Omit<FormSchemaFields, 'version'> & { isDeleted: boolean } {
  if (isReceipt(check) && check.body !== body) throw new Error('The checked schema shape was read from another body.');
  const { shape, json, changesShape } = read;
  if (changesShape) {
    if (usedByInstances) throw new DomainError(409, SCHEMA_IN_USE_MESSAGE, { code: SCHEMA_IN_USE_CODE });
    if (!isReceipt(check)) checkSchemaForSave(shape, check);
    else if (check.json !== json) throw new Error('The checked schema shape is not the shape this patch makes.');
  }
  return {
    name: nonBlankName(stringField(body, 'name', existing.name), 'name'),
    jsonSchema: shape.jsonSchema,
    layout: shape.layout,
    isPublic: booleanField(body, 'isPublic', existing.isPublic),
    isDeleted: booleanField(body, 'isDeleted', existing.isDeleted),
  };
}

// ---------------------------------------------------------------- form instance

const STATUSES = Object.values(FormInstanceStatus) as number[];

/** The `status` of a body (docs/spec.md, Entities enum); 400 for anything else. */
export function statusField(body: JsonRecord, fallback: FormInstanceStatus): FormInstanceStatus {
  if (!hasField(body, 'status')) return fallback;
  const value = field(body, 'status');
  if (typeof value !== 'number' || !STATUSES.includes(value)) {
    throw new DomainError(400, `'status' must be one of ${STATUSES.join(', ')}.`);
  }
  return value as FormInstanceStatus;
}

/** The schema an instance post names (`formSchemaId`, required). */
export function instancePostSchemaId(body: JsonRecord): string {
  const id = stringField(body, 'formSchemaId', '');
  if (id === '') throw new DomainError(400, "'formSchemaId' is required.");
  return id.toLowerCase();
}

/** The problem code of a new instance of a soft-deleted form schema, or of a schema of a soft-deleted form. */
export const DELETED_FORM_CODE = 'form-deleted';

/**
 * A new form instance (CRUD post, `DynamicFormLinking/Create`) needs a live schema of a live form, for staff as for
 * visitors: a soft-deleted form takes no new instances until it is restored. 400 for an unknown schema, 404 with
 * `code` {@link DELETED_FORM_CODE} for a soft-deleted schema or form (or a schema whose form is missing).
 */
export function checkLiveInstanceTarget(
  schemaId: string,
  schema: Pick<FormSchema, 'isDeleted'> | null | undefined,
  form: Pick<Form, 'isDeleted'> | null | undefined,
): void {
  if (!schema) throw unknownFormSchema(schemaId);
  if (schema.isDeleted) {
    throw new DomainError(404, `Form schema '${schemaId}' is deleted: restore it before starting a form instance of it.`, { code: DELETED_FORM_CODE });
  }
  if (!form || form.isDeleted) {
    throw new DomainError(404, `The form of form schema '${schemaId}' is deleted: restore the form before starting a form instance of it.`, {
      code: DELETED_FORM_CODE,
    });
  }
}

/** The stored fields of a form instance. */
export type FormInstanceFields = Pick<FormInstance, 'formSchemaId' | 'formId' | 'data' | 'status'>;

/** An instance post of `schema` (looked up by {@link instancePostSchemaId}); the data is checked by `checkInstanceData`. */
export function readFormInstancePost(body: JsonRecord, schema: Pick<FormSchema, 'formSchemaId' | 'formId'>): { id: string | null; fields: FormInstanceFields } {
  const formId = stringField(body, 'formId', schema.formId).toLowerCase();
  if (formId !== schema.formId.toLowerCase()) throw schemaOfAnotherForm(schema.formSchemaId);
  return {
    id: requestedId(body, 'formInstanceId'),
    fields: {
      formSchemaId: schema.formSchemaId,
      formId: schema.formId,
      data: objectField(body, 'data', {}),
      status: statusField(body, FormInstanceStatus.Created),
    },
  };
}

/** The schema an instance patch moves to (its own when the body names none). */
export function instancePatchSchemaId(body: JsonRecord, existing: Pick<FormInstance, 'formSchemaId'>): string {
  return stringField(body, 'formSchemaId', existing.formSchemaId).toLowerCase();
}

/** An instance patch merged into `existing`, moving it to `schema` (which must be of the same form). */
export function readFormInstancePatch(
  body: JsonRecord,
  existing: FormInstance,
  schema: Pick<FormSchema, 'formSchemaId' | 'formId'>,
): FormInstanceFields & { isDeleted: boolean } {
  if (schema.formId !== existing.formId) throw schemaOfAnotherForm(schema.formSchemaId);
  return {
    formSchemaId: schema.formSchemaId,
    formId: existing.formId,
    data: objectField(body, 'data', existing.data),
    status: statusField(body, existing.status),
    isDeleted: booleanField(body, 'isDeleted', existing.isDeleted),
  };
}
