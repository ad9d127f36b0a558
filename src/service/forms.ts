/**
 * Forms CRUD (`/api/crud/{form|formgroup|forminstance|formschema}/{post|patch|delete|softdelete}` of docs/spec.md,
 * Calls), written once for both backends against the ports of src/service/forms-ports.ts:
 *
 * - post saves a new row (a new id unless the body brings an unused one) and answers it with its version;
 * - patch merges the body's known properties into the row its key names; a stale `If-Match` is 412 and changes
 *   nothing. Restoring a soft-deleted row is a patch of `isDeleted: false`;
 * - soft delete marks the row deleted; hard delete removes it and what it owns, and the rows that stay follow (a form
 *   whose current schema went gets the newest one left; the forms of a removed group are ungrouped).
 *
 * Anonymous callers may post an instance of a public schema within their bounds (and get an edit link for it), and
 * patch, data and status only, the one instance their link names. What a body may say is the domain's
 * (src/domain/forms); reading the request and who may call a route are the caller's. Each write runs in one
 * transaction holding the changed row's lock; a schema's new shape is checked before it, outside any lock.
 */
import type { CrudEntityName, Form, FormGroup, FormInstance, FormSchema } from '../contract/types';
import { FormInstanceStatus } from '../contract/enums';
import type { JsonRecord } from '../domain';
import {
  anonymousInstancePatch,
  changedCurrentSchema,
  checkAnonymousInstancePost,
  checkCurrentSchema,
  checkIfMatch,
  checkInstanceData,
  checkInstanceStatusChange,
  checkLiveInstanceTarget,
  etagOf,
  FORMS_CRUD_ENTITIES,
  formSchemaPatchShape,
  formSchemaPostShape,
  idTaken,
  instancePatchSchemaId,
  instancePostSchemaId,
  needsValidData,
  patchKey,
  postedCurrentSchema,
  readFormGroupPatch,
  readFormGroupPost,
  readFormInstancePatch,
  readFormInstancePost,
  readFormPatch,
  readFormPost,
  readFormSchemaPatch,
  readFormSchemaPost,
  requireLinkFor,
  rowNotFound,
  schemaPostFormId,
  statusField,
  unknownForm,
  unknownFormGroup,
  unknownFormSchema,
  type CheckedSchemaShape,
  type FormLinkGrant,
} from '../domain/forms';
import { checkInstanceWriteAgainstSigning } from '../domain/signing';
import type { AnonymousWrites, FormLinks, FormsRow, FormsStorage, FormsStore, SchemaChecks, Versioned } from './forms-ports';
import { recordStatus } from './status-history';
import type { Clock, Ids } from './ports';

/** What the forms use cases work with. */
export interface FormsPorts {
  storage: FormsStorage;
  clock: Clock;
  ids: Ids;
  schemas: SchemaChecks;
  links: FormLinks;
  /** The bounds of this request's anonymous writes; null when the backend sets none. */
  anonymousWrites: AnonymousWrites | null;
}

/** Who calls: a signed-in user, or an anonymous visitor with the link they presented (null: none). */
export interface FormsCaller {
  userId: string | null;
  link: FormLinkGrant | null;
}

/** A saved row with its version; an anonymous visitor's new instance also brings its edit link token. */
export interface SavedRow<K extends CrudEntityName> extends Versioned<FormsRow<K>> {
  editLink?: string;
}

const isVisitor = (entity: CrudEntityName, caller: FormsCaller) => entity === 'forminstance' && caller.userId === null;

async function reread<K extends CrudEntityName>(store: FormsStore, entity: K, id: string): Promise<Versioned<FormsRow<K>>> {
  const found = await store.find(entity, id);
  if (!found) throw new Error(`The ${FORMS_CRUD_ENTITIES[entity].label} '${id}' was not found after its write.`);
  return found;
}

async function freeId(store: FormsStore, ids: Ids, entity: CrudEntityName, id: string | null): Promise<string> {
  if (id === null) return ids.newId();
  if (await store.find(entity, id)) throw idTaken(FORMS_CRUD_ENTITIES[entity].label, id);
  return id;
}

async function requireFormGroup(store: FormsStore, id: string | null): Promise<void> {
  if (id !== null && !(await store.find('formgroup', id))) throw unknownFormGroup(id);
}

const audit = (now: Date) => ({ isDeleted: false, createdDateTime: now, lastUpdatedDateTime: now });

/** Writes `values` into `existing`, a row of `entity` locked by the caller: the change's time, and one version more. */
export async function changeRow<K extends CrudEntityName>(store: FormsStore, entity: K, existing: Versioned<FormsRow<K>>, values: Partial<FormsRow<K>>, now: Date): Promise<void> {
  const id = String(existing.row[FORMS_CRUD_ENTITIES[entity].key as keyof FormsRow<K>]);
  await store.update(entity, id, { ...values, lastUpdatedDateTime: now }, existing.version + 1);
}

/** Sets a form's current schema: bookkeeping, neither the form's version nor its update time moves. */
const setCurrentSchema = (store: FormsStore, formId: string, currentFormSchemaId: string | null) =>
  store.updateWhere('form', 'formId', formId, { currentFormSchemaId });

// ---------------------------------------------------------------- each entity's new row and patch

/** Builds each entity's new row from a post body (400 / 404 / 409 on bad input); `checked` from {@link prepare}. */
type Create = (store: FormsStore, ports: FormsPorts, body: JsonRecord, caller: FormsCaller, checked: CheckedSchemaShape | null) => Promise<FormsRow>;
/** Builds the values a patch changes in `existing` (locked); `checked` from {@link prepare}. */
type Patch = (store: FormsStore, ports: FormsPorts, existing: never, body: JsonRecord, checked: CheckedSchemaShape | null) => Promise<Partial<FormsRow>>;

const CREATE: { readonly [K in CrudEntityName]: Create } = {
  async form(store, { ids, clock }, body) {
    const { id, fields } = readFormPost(body);
    await requireFormGroup(store, fields.formGroupId);
    const schemaId = fields.currentFormSchemaId;
    fields.currentFormSchemaId = postedCurrentSchema(schemaId, schemaId === null ? undefined : (await store.find('formschema', schemaId))?.row);
    return { formId: await freeId(store, ids, 'form', id), ...fields, ...audit(clock.now()) } satisfies Form;
  },
  async formgroup(store, { ids, clock }, body) {
    const { id, fields } = readFormGroupPost(body);
    return { formGroupId: await freeId(store, ids, 'formgroup', id), ...fields, ...audit(clock.now()) } satisfies FormGroup;
  },
  async formschema(store, { ids, clock }, body, _caller, checked) {
    if (!checked) throw new Error('A form schema post is checked before its transaction.');
    const formId = schemaPostFormId(body);
    // The form's lock numbers its versions one after the other.
    const form = await store.find('form', formId, true);
    if (!form) throw unknownForm(formId);
    const { id, fields } = readFormSchemaPost(body, form.row, (await store.newestSchema(form.row.formId))?.version ?? 0, checked);
    const formSchemaId = await freeId(store, ids, 'formschema', id);
    return { formSchemaId, formId: form.row.formId, ...fields, ...audit(clock.now()) } satisfies FormSchema;
  },
  async forminstance(store, { ids, clock }, body, caller) {
    const schemaId = instancePostSchemaId(body);
    const schema = (await store.find('formschema', schemaId))?.row;
    const form = schema ? (await store.find('form', schema.formId))?.row : undefined;
    if (caller.userId === null) checkAnonymousInstancePost(schemaId, schema, form);
    checkLiveInstanceTarget(schemaId, schema, form);
    if (!schema) throw unknownFormSchema(schemaId);
    checkInstanceStatusChange(body, undefined, caller.userId === null ? 'visitor' : 'staff');
    const { id, fields } = readFormInstancePost(body, schema);
    const formInstanceId = await freeId(store, ids, 'forminstance', id);
    const data = checkInstanceData(schema, fields.data, fields.status);
    return { formInstanceId, ...fields, data, envelopeId: null, envelopeStatus: null, ...audit(clock.now()) } satisfies FormInstance;
  },
};

const PATCH: { readonly [K in CrudEntityName]: Patch } = {
  async form(store, _ports, existing: Form, body) {
    const fields = readFormPatch(body, existing);
    await requireFormGroup(store, fields.formGroupId);
    const schemaId = changedCurrentSchema(fields, existing);
    if (schemaId !== null) checkCurrentSchema(existing.formId, schemaId, (await store.find('formschema', schemaId))?.row);
    return fields;
  },
  formgroup: async (_store, _ports, existing: FormGroup, body) => readFormGroupPatch(body, existing),
  async formschema(store, { schemas }, existing: FormSchema, body, checked) {
    const used = await store.schemaUsed(existing.formSchemaId);
    await schemas.pause();
    const next = formSchemaPatchShape(body, existing);
    await schemas.pause();
    let receipt = checked ?? { body, shape: next.shape, json: next.json };
    // The row changed between the check and its lock (another save): the shape this patch makes of it now is checked too.
    if (next.changesShape && !used && checked?.json !== next.json) receipt = await schemas.check(body, next.shape, next.json);
    return readFormSchemaPatch(body, existing, used, receipt, next);
  },
  async forminstance(store, _ports, existing: FormInstance, body) {
    const schema = (await store.find('formschema', instancePatchSchemaId(body, existing)))?.row;
    if (!schema) throw unknownFormSchema(instancePatchSchemaId(body, existing));
    const fields = readFormInstancePatch(body, existing, schema);
    checkInstanceWriteAgainstSigning(existing, fields);
    return { ...fields, data: checkInstanceData(schema, fields.data, fields.status) };
  },
};

/**
 * Work done before a write's transaction, outside any lock: the schema rules of a schema's new shape (null when the
 * write brings no new shape to check, or is no schema's).
 */
async function prepare(ports: FormsPorts, entity: CrudEntityName, body: JsonRecord, existing: FormSchema | null | 'new'): Promise<CheckedSchemaShape | null> {
  if (entity !== 'formschema' || existing === null) return null;
  await ports.schemas.pause();
  if (existing === 'new') return ports.schemas.check(body, formSchemaPostShape(body));
  const next = formSchemaPatchShape(body, existing);
  return next.changesShape ? ports.schemas.check(body, next.shape, next.json) : null;
}

// ---------------------------------------------------------------- the use cases

/**
 * Saves a new row of `entity` from a post body and answers it with its version. A new schema becomes its form's
 * current one when the form has none. An anonymous visitor's instance counts against their bounds (429), must be of a
 * live public schema of a live form, and brings back an edit link token.
 */
export async function postFormsRow<K extends CrudEntityName>(ports: FormsPorts, entity: K, body: JsonRecord, caller: FormsCaller): Promise<SavedRow<K>> {
  const visitor = isVisitor(entity, caller);
  let place = null;
  if (visitor && ports.anonymousWrites) {
    const schemaId = instancePostSchemaId(body);
    await ports.anonymousWrites.write(schemaId);
    place = await ports.anonymousWrites.beginNew(schemaId, !needsValidData(statusField(body, FormInstanceStatus.Created)));
  }
  let saved: Versioned<FormsRow<K>>;
  try {
    const checked = await prepare(ports, entity, body, 'new');
    saved = await ports.storage.transaction(async (store) => {
      const row = await CREATE[entity](store, ports, body, caller, checked);
      await store.insert(entity, row, caller.userId);
      const id = String(row[FORMS_CRUD_ENTITIES[entity].key as keyof FormsRow]);
      if (entity === 'forminstance') await recordStatus(store, id, null, (row as FormInstance).status, caller.userId, (row as FormInstance).createdDateTime);
      if (entity === 'formschema') {
        // A turn of the event loop between the statements of a large schema's save (its storing, reading back).
        await ports.schemas.pause();
        const { formId } = row as FormSchema;
        if ((await store.find('form', formId))?.row.currentFormSchemaId === null) await setCurrentSchema(store, formId, id);
        await ports.schemas.pause();
      }
      return reread(store, entity, id);
    });
  } catch (error) {
    await place?.cancel();
    throw error;
  }
  // A turn between reading a large schema back and writing it into the answer.
  if (entity === 'formschema') await ports.schemas.pause();
  if (!visitor) return saved;
  const instance = saved.row as FormInstance;
  await place?.commit(instance.formInstanceId);
  // The visitor who starts a public form gets an edit link for it, so their next saves are theirs alone.
  return { ...saved, editLink: await ports.links.issue(instance, 'edit') };
}

/**
 * Merges a patch body into the row its key names and answers the row with its version: 404 for no such row, 412 for
 * a stale `ifMatch` (nothing changes). An anonymous visitor patches only the instance their edit link names, data and
 * status only, within their bounds; a signed-in caller's status change follows the instance statuses' rules.
 */
export async function patchFormsRow<K extends CrudEntityName>(
  ports: FormsPorts,
  entity: K,
  body: JsonRecord,
  caller: FormsCaller,
  ifMatch: string | null | undefined,
): Promise<SavedRow<K>> {
  const { key, label } = FORMS_CRUD_ENTITIES[entity];
  const id = patchKey(body, key);
  const visitor = isVisitor(entity, caller);
  if (visitor) await ports.anonymousWrites?.write(requireLinkFor(caller.link, id, true).formSchemaId);
  const before = entity === 'formschema' ? ((await ports.storage.find('formschema', id))?.row ?? null) : null;
  const checked = await prepare(ports, entity, body, before);
  const saved = await ports.storage.transaction(async (store) => {
    const existing = await store.find(entity, id, true);
    if (!existing) throw rowNotFound(label, id);
    let changes = body;
    if (visitor) {
      requireLinkFor(caller.link, id, true);
      changes = anonymousInstancePatch(body, existing.row as FormInstance);
    } else if (entity === 'forminstance') checkInstanceStatusChange(body, existing.row as FormInstance, 'staff');
    checkIfMatch(ifMatch, etagOf(existing.version));
    const values = await PATCH[entity](store, ports, existing.row as never, changes, checked);
    const rowId = String(existing.row[key as keyof FormsRow<K>]);
    const now = ports.clock.now();
    await changeRow(store, entity, existing, values as Partial<FormsRow<K>>, now);
    if (entity === 'formschema') await ports.schemas.pause();
    if (entity === 'forminstance') await recordStatus(store, rowId, (existing.row as FormInstance).status, (values as Partial<FormInstance>).status, caller.userId, now);
    return reread(store, entity, rowId);
  });
  // A turn between reading a large schema back and writing it into the answer.
  if (entity === 'formschema') await ports.schemas.pause();
  return saved;
}

/** Marks the row `id` of `entity` deleted (again, if it already is): 404 for no such row. */
export async function softDeleteFormsRow(ports: Pick<FormsPorts, 'storage' | 'clock'>, entity: CrudEntityName, id: string): Promise<void> {
  await ports.storage.transaction(async (store) => {
    const existing = await store.find(entity, id, true);
    if (!existing) throw rowNotFound(FORMS_CRUD_ENTITIES[entity].label, id);
    await changeRow(store, entity, existing, { isDeleted: true } as Partial<FormsRow>, ports.clock.now());
  });
}

/**
 * Removes the row `id` of `entity` and what it owns (404 for no such row). The rows that stay follow: a form whose
 * current schema is removed gets its newest schema left (or none); the forms of a removed group are ungrouped.
 */
export async function deleteFormsRow(ports: Pick<FormsPorts, 'storage'>, entity: CrudEntityName, id: string): Promise<void> {
  await ports.storage.transaction(async (store) => {
    const existing = await store.find(entity, id, true);
    if (!existing) throw rowNotFound(FORMS_CRUD_ENTITIES[entity].label, id);
    if (entity === 'formgroup') await store.updateWhere('form', 'formGroupId', id, { formGroupId: null });
    await store.remove(entity, id);
    if (entity !== 'formschema') return;
    const { formId } = existing.row as FormSchema;
    const form = await store.find('form', formId);
    if (form?.row.currentFormSchemaId === id) await setCurrentSchema(store, formId, (await store.newestSchema(formId))?.formSchemaId ?? null);
  });
}
