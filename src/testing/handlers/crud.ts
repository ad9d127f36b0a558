/**
 * `/api/crud/{form|formgroup|forminstance|formschema}/{post|patch|delete|softdelete}` (docs/spec.md, Calls).
 *
 * - `post` saves a new row (a new id unless the body brings an unused one) and answers it;
 * - `patch` merges the body's known properties into the row named by its key and answers it; an
 *   `If-Match` with a stale `ETag` (every answer with a row carries its version) is 412;
 * - `delete?Id` removes the row and what belongs to it (schemas → instances → envelopes) → 204;
 * - `softdelete?Id` sets `isDeleted` → `true`. Restore with a `patch` of `isDeleted: false`.
 *
 * Each call is a use case of src/service/forms.ts (the one the server runs) over the fake's db; here, only the HTTP
 * of it: the body read, the caller, the answer.
 */
import type { CrudEntityName } from '../../api/types';
import { Permission } from '../../api/enums';
import { checkJsonContentType, MAX_INSTANCE_BODY_BYTES, type JsonRecord } from '../../domain';
import { checkSchemaForSave, etagOf, FORM_LINK_TOKEN_HEADER, needsValidData, schemaShapeJson } from '../../domain/forms';
import { deleteFormsRow, patchFormsRow, postFormsRow, softDeleteFormsRow, type FormsPorts } from '../../service/forms';
import type { AnonymousWrites } from '../../service/forms-ports';
import { memoryFormsStorage } from '../forms-model';
import { json, noContent, readJsonObject, requiredQuery } from '../http';
import { fakeFormLinks, formsCallerOf } from './forms';
import { form, user, type FakeRoute, type RouteContext } from './route';

const PERMISSION_ENTITY: Readonly<Record<CrudEntityName, 'Form' | 'FormGroup' | 'FormInstance' | 'FormSchema'>> = {
  form: 'Form',
  formgroup: 'FormGroup',
  forminstance: 'FormInstance',
  formschema: 'FormSchema',
};

/** Every anonymous caller of the fake comes from this one client address (MSW sees no socket). */
const FAKE_CLIENT_ADDRESS = 'fake-client';

/** The bounds of anonymous writes of this request (the fake's limiter, when it has one); `bytes` is the body's size. */
function anonymousWrites({ backend }: RouteContext, bytes: number): AnonymousWrites | null {
  const limiter = backend.anonymousWrites;
  if (!limiter) return null;
  return {
    write: async (schemaId) => limiter.write(FAKE_CLIENT_ADDRESS, schemaId, bytes),
    async beginNew(schemaId, isDraft) {
      const started = new Set(limiter.startedBy(FAKE_CLIENT_ADDRESS, schemaId));
      const drafts = backend.db.formInstances.filter((i) => started.has(i.formInstanceId) && !needsValidData(i.status)).map((i) => i.formInstanceId);
      return limiter.beginNew(FAKE_CLIENT_ADDRESS, schemaId, isDraft, drafts);
    },
  };
}

/** The forms use cases' ports over the fake: its db, clock and ids; the schema rules checked in place. */
function portsOf(ctx: RouteContext, body: JsonRecord | null): FormsPorts {
  const { backend } = ctx;
  return {
    storage: memoryFormsStorage(backend.db),
    clock: backend,
    ids: backend,
    schemas: {
      async check(checkedBody, shape, json) {
        checkSchemaForSave(shape, { widgets: backend.widgetKinds });
        return { body: checkedBody, shape, json: json ?? schemaShapeJson(shape) };
      },
      pause: async () => undefined,
    },
    links: fakeFormLinks(backend),
    anonymousWrites: body ? anonymousWrites(ctx, JSON.stringify(body).length) : null,
  };
}

/** The JSON object body of a post or patch (415 unless sent as JSON, 413 over `maxBytes`, as on the server). */
async function readCrudBody(request: Request, maxBytes?: number): Promise<JsonRecord> {
  checkJsonContentType(request.headers.get('content-type'));
  return readJsonObject(request, maxBytes);
}

function entityRoutes(name: CrudEntityName): FakeRoute[] {
  const claim = (action: 'Add' | 'Update' | 'Delete' | 'MarkDeleted'): number => Permission[`${PERMISSION_ENTITY[name]}_${action}`];
  const isInstance = name === 'forminstance';
  const access = (action: 'Add' | 'Update') => (isInstance ? form(claim(action)) : user(claim(action)));
  const base = `/api/crud/${name}`;
  return [
    {
      method: 'post',
      path: `${base}/post`,
      access: access('Add'),
      async handle(ctx) {
        const body = await readCrudBody(ctx.request, isInstance ? MAX_INSTANCE_BODY_BYTES : undefined);
        const { row, version, editLink } = await postFormsRow(portsOf(ctx, body), name, body, formsCallerOf(ctx));
        const headers: Record<string, string> = { etag: etagOf(version) };
        if (editLink !== undefined) headers[FORM_LINK_TOKEN_HEADER] = editLink;
        return json(row, 200, headers);
      },
    },
    {
      method: 'patch',
      path: `${base}/patch`,
      access: access('Update'),
      async handle(ctx) {
        const body = await readCrudBody(ctx.request, isInstance ? MAX_INSTANCE_BODY_BYTES : undefined);
        const { row, version } = await patchFormsRow(portsOf(ctx, body), name, body, formsCallerOf(ctx), ctx.request.headers.get('if-match'));
        return json(row, 200, { etag: etagOf(version) });
      },
    },
    {
      method: 'delete',
      path: `${base}/delete`,
      access: user(claim('Delete')),
      async handle(ctx) {
        await deleteFormsRow(portsOf(ctx, null), name, requiredQuery(ctx.url, 'Id'));
        return noContent();
      },
    },
    {
      method: 'patch',
      path: `${base}/softdelete`,
      access: user(claim('MarkDeleted')),
      async handle(ctx) {
        await softDeleteFormsRow(portsOf(ctx, null), name, requiredQuery(ctx.url, 'Id'));
        return json(true);
      },
    },
  ];
}

/** The CRUD routes of the four entities. */
export const crudRoutes: readonly FakeRoute[] = [
  ...entityRoutes('form'),
  ...entityRoutes('formgroup'),
  ...entityRoutes('forminstance'),
  ...entityRoutes('formschema'),
];
