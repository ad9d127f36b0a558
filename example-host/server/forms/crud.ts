/**
 * `/api/crud/{form|formgroup|forminstance|formschema}/{post|patch|delete|softdelete}` (docs/spec.md, Calls) on
 * the reference server, with the claims of the domain's route table:
 *
 * - `post` saves a new row (a new id unless the body brings an unused one) and answers it;
 * - `patch` merges the body's known properties into the row named by its key and answers it; an
 *   `If-Match` with a stale `ETag` answers 412 and changes nothing;
 * - `delete?Id` removes the row and what belongs to it (schemas → instances → envelopes, links) → 204;
 * - `softdelete?Id` sets `isDeleted` → `true`. Restore with a `patch` of `isDeleted: false`.
 *
 * Every answer with a row carries its version as `ETag`. Anonymous callers may post an instance of a
 * public schema and patch the one instance their edit link names (src/domain/forms: the fake's rules).
 * Each write runs in one transaction holding the changed row's lock.
 */
import { eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Form, FormGroup, FormInstance, FormSchema } from '../../../src/api/types';
import type { CrudEntityName } from '../../../src/api/types';
import { isUuid, type JsonRecord } from '../../../src/domain';
import {
  anonymousInstancePatch,
  changedCurrentSchema,
  checkAnonymousInstancePost,
  checkCurrentSchema,
  checkIfMatch,
  checkInstanceData,
  checkLiveInstanceTarget,
  checkInstanceStatusChange,
  etagOf,
  formSchemaPatchShape,
  formSchemaPostShape,
  idTaken,
  instancePatchSchemaId,
  instancePostSchemaId,
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
  needsValidData,
  requireLinkFor,
  rowNotFound,
  statusField,
  schemaPostFormId,
  unknownForm,
  unknownFormGroup,
  unknownFormSchema,
  FORMS_CRUD_ENTITIES,
  FORM_LINK_TOKEN_HEADER,
  type CheckedSchemaShape,
} from '../../../src/domain/forms';
import { MAX_INSTANCE_BODY_BYTES } from '../../../src/domain/limits';
import { checkInstanceWriteAgainstSigning } from '../../../src/domain/signing';
import { FormInstanceStatus } from '../../../src/api/enums';
import { anonymousWriteLimiter, clientAddress, type SharedNewInstanceTicket } from './anonymous-writes';
import type { Db } from '../db/index';
import { formGroups, formInstances, forms, formSchemas } from '../db/schema';
import { route, type AnyRouteDeclaration, type RouteContext } from '../routes/registry';
import { callerLink, readBody, versionedJson } from './http';
import { checkSchemaShape, nextTurn } from './schema-check';
import {
  findForm,
  findFormGroup,
  findFormInstance,
  findFormSchema,
  issueLinkToken,
  latestSchemaVersion,
  repointCurrentSchema,
  schemaUsed,
  type Versioned,
} from './store';

/** How the routes reach one entity's rows. */
interface Store<T> {
  table: PgTable;
  key: PgColumn;
  find(db: Db, id: string, lock?: boolean): Promise<Versioned<T> | undefined>;
  /** A new row from a post body (the caller already limited anonymous callers); `checked` from {@link Store.prepare}. */
  create(tx: Db, body: JsonRecord, ctx: RouteContext, checked: CheckedSchemaShape | null): Promise<string>;
  /** The patch of `existing` (locked) as column values, checks done; `checked` from {@link Store.prepare}. */
  update(tx: Db, existing: T, body: JsonRecord, checked: CheckedSchemaShape | null): Promise<Record<string, unknown>>;
  /**
   * Work done before the write's transaction, outside any lock: the schema rules of a schema's new shape, off the
   * request thread (schema-check.ts); null when there is no shape to check.
   */
  prepare?(db: Db, body: JsonRecord, existing: T | undefined): Promise<CheckedSchemaShape | null>;
  /** After the row is deleted. */
  afterDelete?(tx: Db, deleted: T): Promise<void>;
}

async function freeId(tx: Db, store: Store<unknown>, label: string, id: string | null): Promise<string> {
  if (id === null) return crypto.randomUUID();
  if (await store.find(tx, id)) throw idTaken(label, id);
  return id;
}

async function requireFormGroup(tx: Db, id: string | null): Promise<void> {
  if (id !== null && !(await findFormGroup(tx, id))) throw unknownFormGroup(id);
}

async function requireSchema(tx: Db, id: string): Promise<FormSchema> {
  const found = await findFormSchema(tx, id);
  if (!found) throw unknownFormSchema(id);
  return found.row;
}

const formStore: Store<Form> = {
  table: forms,
  key: forms.formId,
  find: findForm,
  async create(tx, body) {
    const { id, fields } = readFormPost(body);
    await requireFormGroup(tx, fields.formGroupId);
    const schemaId = fields.currentFormSchemaId;
    fields.currentFormSchemaId = postedCurrentSchema(schemaId, schemaId === null ? undefined : (await findFormSchema(tx, schemaId))?.row);
    const formId = await freeId(tx, formStore as Store<unknown>, 'form', id);
    await tx.insert(forms).values({ formId, ...fields, pdfTemplate: fields.pdfTemplate ?? null });
    return formId;
  },
  async update(tx, existing, body) {
    const fields = readFormPatch(body, existing);
    await requireFormGroup(tx, fields.formGroupId);
    const schemaId = changedCurrentSchema(fields, existing);
    if (schemaId !== null) checkCurrentSchema(existing.formId, schemaId, (await findFormSchema(tx, schemaId))?.row);
    return { ...fields, pdfTemplate: fields.pdfTemplate ?? null };
  },
};

const formGroupStore: Store<FormGroup> = {
  table: formGroups,
  key: formGroups.formGroupId,
  find: findFormGroup,
  async create(tx, body) {
    const { id, fields } = readFormGroupPost(body);
    const formGroupId = await freeId(tx, formGroupStore as Store<unknown>, 'form group', id);
    await tx.insert(formGroups).values({ formGroupId, ...fields });
    return formGroupId;
  },
  update: async (_tx, existing, body) => readFormGroupPatch(body, existing),
};

const formSchemaStore: Store<FormSchema> = {
  table: formSchemas,
  key: formSchemas.formSchemaId,
  find: findFormSchema,
  // The schema rules run once per save, before the transaction and off the request thread; the transaction stores
  // the checked shape. The steps a schema of 2,000 fields takes milliseconds for (reading its shape, writing it as
  // text, the database's statements) each get a turn of the event loop of their own.
  async prepare(_db, body, existing) {
    await nextTurn();
    if (!existing) return checkSchemaShape(body, formSchemaPostShape(body));
    const next = formSchemaPatchShape(body, existing);
    return next.changesShape ? checkSchemaShape(body, next.shape, next.json) : null;
  },
  async create(tx, body, _ctx, checked) {
    if (!checked) throw new Error('A form schema post is checked before its transaction.');
    const formId = schemaPostFormId(body);
    // The form's lock numbers its versions one after the other.
    const form = await findForm(tx, formId, true);
    if (!form) throw unknownForm(formId);
    const { id, fields } = readFormSchemaPost(body, form.row, await latestSchemaVersion(tx, form.row.formId), checked);
    const formSchemaId = await freeId(tx, formSchemaStore as Store<unknown>, 'form schema', id);
    await tx.insert(formSchemas).values({ formSchemaId, formId: form.row.formId, ...fields });
    if (form.row.currentFormSchemaId === null) {
      await tx.update(forms).set({ currentFormSchemaId: formSchemaId }).where(eq(forms.formId, form.row.formId));
    }
    return formSchemaId;
  },
  async update(tx, existing, body, checked) {
    const used = await schemaUsed(tx, existing.formSchemaId);
    await nextTurn();
    const next = formSchemaPatchShape(body, existing);
    await nextTurn();
    let receipt = checked ?? { body, shape: next.shape, json: next.json };
    if (next.changesShape && !used && checked?.json !== next.json) {
      // The row changed between the check and its lock (another save): the shape this patch makes of it now is
      // checked too, still off the request thread.
      receipt = await checkSchemaShape(body, next.shape, next.json);
    }
    return readFormSchemaPatch(body, existing, used, receipt, next);
  },
  afterDelete: (tx, deleted) => repointCurrentSchema(tx, deleted.formId, deleted.formSchemaId),
};

const formInstanceStore: Store<FormInstance> = {
  table: formInstances,
  key: formInstances.formInstanceId,
  find: findFormInstance,
  async create(tx, body, ctx) {
    const schemaId = instancePostSchemaId(body);
    const schema = await findFormSchema(tx, schemaId);
    if (!ctx.auth) checkAnonymousInstancePost(schemaId, schema?.row, schema ? (await findForm(tx, schema.row.formId))?.row : undefined);
    checkLiveInstanceTarget(schemaId, schema?.row, schema ? (await findForm(tx, schema.row.formId))?.row : undefined);
    if (!schema) throw unknownFormSchema(schemaId);
    checkInstanceStatusChange(body, undefined, ctx.auth ? 'staff' : 'visitor');
    const { id, fields } = readFormInstancePost(body, schema.row);
    const formInstanceId = await freeId(tx, formInstanceStore as Store<unknown>, 'form instance', id);
    const data = checkInstanceData(schema.row, fields.data, fields.status);
    await tx.insert(formInstances).values({ formInstanceId, ...fields, data, createdBy: ctx.auth?.user.id ?? null });
    return formInstanceId;
  },
  async update(tx, existing, body) {
    const schema = await requireSchema(tx, instancePatchSchemaId(body, existing));
    const fields = readFormInstancePatch(body, existing, schema);
    checkInstanceWriteAgainstSigning(existing, fields);
    return { ...fields, data: checkInstanceData(schema, fields.data, fields.status) };
  },
};

const STORES: { readonly [K in CrudEntityName]: Store<never> } = {
  form: formStore as Store<never>,
  formgroup: formGroupStore as Store<never>,
  forminstance: formInstanceStore as Store<never>,
  formschema: formSchemaStore as Store<never>,
};

/**
 * An anonymous caller starting an instance: the write counts against their address and the schema, and the new
 * instance must fit the address's bounds (429 otherwise); the ticket holds its place until it is stored.
 */
async function beginAnonymousInstance(ctx: RouteContext, body: JsonRecord): Promise<SharedNewInstanceTicket | null> {
  const limiter = anonymousWriteLimiter(ctx.services.config, ctx.services.db);
  if (!limiter) return null;
  const address = clientAddress(ctx.c);
  const schemaId = instancePostSchemaId(body);
  await limiter.write(address, schemaId, await bodyBytes(ctx));
  const isDraft = !needsValidData(statusField(body, FormInstanceStatus.Created));
  return limiter.beginNew(address, schemaId, isDraft);
}

/** The length of the request's body, already read (Hono keeps it). */
const bodyBytes = async (ctx: RouteContext): Promise<number> => (await ctx.c.req.text()).length;

/** The id of `?Id` (404 for one that is not a UUID: no row has it). */
function queryId(ctx: RouteContext, label: string): string {
  const id = ctx.query.required('Id').trim();
  if (!isUuid(id)) throw rowNotFound(label, id);
  return id.toLowerCase();
}

function entityRoutes(name: CrudEntityName): AnyRouteDeclaration[] {
  const { key, label } = FORMS_CRUD_ENTITIES[name];
  const store = STORES[name] as unknown as Store<Record<string, unknown>>;
  const isInstance = name === 'forminstance';
  const base = `/api/crud/${name}` as const;

  const post = async (ctx: RouteContext) => {
    const body = await readBody(ctx.c, isInstance ? MAX_INSTANCE_BODY_BYTES : undefined);
    if (!ctx.auth) await callerLink(ctx); // a presented token must be live (401), even for a post
    const ticket = isInstance && !ctx.auth ? await beginAnonymousInstance(ctx, body) : null;
    const checked = (await store.prepare?.(ctx.services.db, body, undefined)) ?? null;
    const saved = await ctx.services.db
      .transaction(async (tx) => {
        const id = await store.create(tx, body, ctx, checked);
        return store.find(tx, id);
      })
      .catch(async (error: unknown) => {
        await ticket?.cancel();
        throw error;
      });
    if (!saved) throw new Error(`The new ${label} was not found after its insert.`);
    await ticket?.commit(String(saved.row[key]));
    // An anonymous visitor who starts a public form gets an edit link for it, so their next saves are theirs alone.
    if (isInstance && !ctx.auth) {
      const token = await issueLinkToken(ctx.services.db, String(saved.row[key]), 'edit');
      ctx.c.header(FORM_LINK_TOKEN_HEADER, token);
    }
    return versionedJson(ctx.c, saved);
  };

  const patch = async (ctx: RouteContext) => {
    let body = await readBody(ctx.c, isInstance ? MAX_INSTANCE_BODY_BYTES : undefined);
    const id = patchKey(body, key);
    const link = await callerLink(ctx);
    if (isInstance && !ctx.auth) {
      const grant = requireLinkFor(link, id, true);
      await anonymousWriteLimiter(ctx.services.config, ctx.services.db)?.write(clientAddress(ctx.c), grant.formSchemaId, await bodyBytes(ctx));
    }
    const checked = store.prepare ? await store.prepare(ctx.services.db, body, (await store.find(ctx.services.db, id))?.row) : null;
    const saved = await ctx.services.db.transaction(async (tx) => {
      const existing = await store.find(tx, id, true);
      if (!existing) throw rowNotFound(label, id);
      if (isInstance && !ctx.auth) {
        requireLinkFor(link, id, true);
        body = anonymousInstancePatch(body, existing.row as unknown as FormInstance);
      } else if (isInstance) {
        checkInstanceStatusChange(body, existing.row as unknown as FormInstance, 'staff');
      }
      checkIfMatch(ctx.c.req.header('if-match'), etagOf(existing.version));
      const values = await store.update(tx, existing.row, body, checked);
      await tx
        .update(store.table)
        .set({ ...values, rowVersion: sql`row_version + 1`, lastUpdatedDateTime: sql`now()` } as never)
        .where(eq(store.key, String(existing.row[key])));
      return store.find(tx, id);
    });
    if (!saved) throw rowNotFound(label, id);
    return versionedJson(ctx.c, saved);
  };

  return [
    isInstance
      ? route({ method: 'POST', path: `${base}/post`, anonymous: true, summary: `Saves a new ${label}.`, handler: post })
      : route({ method: 'POST', path: `${base}/post`, summary: `Saves a new ${label}.`, handler: post }),
    isInstance
      ? route({ method: 'PATCH', path: `${base}/patch`, anonymous: true, summary: `Changes a ${label}.`, handler: patch })
      : route({ method: 'PATCH', path: `${base}/patch`, summary: `Changes a ${label}.`, handler: patch }),
    route({
      method: 'DELETE',
      path: `${base}/delete`,
      summary: `Removes a ${label} and what belongs to it.`,
      async handler(ctx) {
        const id = queryId(ctx, label);
        await ctx.services.db.transaction(async (tx) => {
          const existing = await store.find(tx, id, true);
          if (!existing) throw rowNotFound(label, id);
          await tx.delete(store.table).where(eq(store.key, id));
          await store.afterDelete?.(tx, existing.row);
        });
        return ctx.c.body(null, 204);
      },
    }),
    route({
      method: 'PATCH',
      path: `${base}/softdelete`,
      summary: `Marks a ${label} deleted (restore with a patch of isDeleted: false).`,
      async handler(ctx) {
        const id = queryId(ctx, label);
        const updated = await ctx.services.db
          .update(store.table)
          .set({ isDeleted: true, rowVersion: sql`row_version + 1`, lastUpdatedDateTime: sql`now()` } as never)
          .where(eq(store.key, id))
          .returning({ id: store.key });
        if (updated.length === 0) throw rowNotFound(label, id);
        return ctx.c.json(true);
      },
    }),
  ];
}

/** The CRUD routes of the four entities. */
export const crudRoutes: readonly AnyRouteDeclaration[] = [
  ...entityRoutes('form'),
  ...entityRoutes('formgroup'),
  ...entityRoutes('forminstance'),
  ...entityRoutes('formschema'),
];
