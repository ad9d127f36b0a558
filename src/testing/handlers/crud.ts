/**
 * `/api/crud/{form|formgroup|forminstance|formschema}/{post|patch|delete|softdelete}` (docs/spec.md, Calls).
 *
 * - `post` saves a new row (a new id unless the body brings an unused one) and answers it;
 * - `patch` merges the body's known properties into the row named by its key and answers it; an
 *   `If-Match` with a stale `ETag` (every answer with a row carries its version) is 412;
 * - `delete?Id` removes the row and what belongs to it (schemas → instances → envelopes) → 204;
 * - `softdelete?Id` sets `isDeleted` → `true`. Restore with a `patch` of `isDeleted: false`.
 *
 * Anonymous callers may post an instance of a public schema, and patch (data and status) the one
 * instance their edit link names while it is not Completed (src/domain/forms: the rules the server
 * applies too).
 */
import type { CrudEntityName, FormInstance } from '../../api/types';
import { FormInstanceStatus, Permission } from '../../api/enums';
import { checkJsonContentType, MAX_INSTANCE_BODY_BYTES } from '../../domain';
import {
  anonymousInstancePatch,
  checkAnonymousInstancePost,
  checkIfMatch,
  checkInstanceStatusChange,
  checkPresentedLink,
  etagOf,
  FORM_LINK_TOKEN_HEADER,
  instancePostSchemaId,
  needsValidData,
  patchKey,
  requireLinkFor,
  rowNotFound,
  statusField,
  type NewInstanceTicket,
} from '../../domain/forms';
import type { FakeDb } from '../db';
import { bumpRowVersion, CRUD_ENTITIES, rowVersion, type CrudEntity } from '../forms-model';
import { json, noContent, readJsonObject, requiredQuery } from '../http';
import { issueLinkToken, presentedLinkToken } from './forms';
import { form, user, type FakeRoute, type RouteContext } from './route';

const PERMISSION_ENTITY: Readonly<Record<CrudEntityName, 'Form' | 'FormGroup' | 'FormInstance' | 'FormSchema'>> = {
  form: 'Form',
  formgroup: 'FormGroup',
  forminstance: 'FormInstance',
  formschema: 'FormSchema',
};

function findRow<T>(db: FakeDb, entity: CrudEntity<T>, id: string): T {
  const row = entity.rows(db).find((r) => r[entity.key] === id);
  if (!row) throw rowNotFound(entity.label, id);
  return row;
}

function replaceRow<T>(db: FakeDb, entity: CrudEntity<T>, updated: T): void {
  const rows = entity.rows(db);
  const index = rows.findIndex((r) => r[entity.key] === updated[entity.key]);
  rows[index] = updated;
}

/** Every anonymous caller of the fake comes from this one client address (MSW sees no socket). */
const FAKE_CLIENT_ADDRESS = 'fake-client';

/**
 * An anonymous caller's instance post: the bounds of anonymous writes (429; the ticket holds the new instance's
 * place), then a public, live schema of a live form only (the domain's rules).
 */
function checkAnonymousPost(ctx: RouteContext, body: Record<string, unknown>): NewInstanceTicket | null {
  if (ctx.caller.user) return null;
  const schemaId = instancePostSchemaId(body);
  const { db, anonymousWrites } = ctx.backend;
  let ticket: NewInstanceTicket | null = null;
  if (anonymousWrites) {
    anonymousWrites.write(FAKE_CLIENT_ADDRESS, schemaId, JSON.stringify(body).length);
    const started = new Set(anonymousWrites.startedBy(FAKE_CLIENT_ADDRESS, schemaId));
    const drafts = db.formInstances.filter((i) => started.has(i.formInstanceId) && !needsValidData(i.status)).map((i) => i.formInstanceId);
    const isDraft = !needsValidData(statusField(body, FormInstanceStatus.Created));
    ticket = anonymousWrites.beginNew(FAKE_CLIENT_ADDRESS, schemaId, isDraft, drafts);
  }
  const schema = db.formSchemas.find((s) => s.formSchemaId === schemaId);
  try {
    checkAnonymousInstancePost(schemaId, schema, schema ? db.forms.find((f) => f.formId === schema.formId) : undefined);
  } catch (error) {
    ticket?.cancel();
    throw error;
  }
  return ticket;
}

/** An anonymous caller's instance patch: its edit link's instance, data and status only (the domain's rule). */
function checkAnonymousPatch(ctx: RouteContext, existing: FormInstance, body: Record<string, unknown>): Record<string, unknown> {
  if (ctx.caller.user) {
    checkInstanceStatusChange(body, existing, 'staff');
    return body;
  }
  checkPresentedLink(presentedLinkToken(ctx), ctx.caller.link);
  const grant = requireLinkFor(ctx.caller.link, existing.formInstanceId, true);
  ctx.backend.anonymousWrites?.write(FAKE_CLIENT_ADDRESS, grant.formSchemaId, JSON.stringify(body).length);
  return anonymousInstancePatch(body, existing);
}

/** The JSON object body of a post or patch (415 unless sent as JSON, 413 over `maxBytes`, as on the server). */
async function readCrudBody(request: Request, maxBytes?: number): Promise<Record<string, unknown>> {
  checkJsonContentType(request.headers.get('content-type'));
  return readJsonObject(request, maxBytes);
}

function entityRoutes(name: CrudEntityName): FakeRoute[] {
  const entity = CRUD_ENTITIES[name] as unknown as CrudEntity<Record<string, unknown>>;
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
        const ticket = isInstance ? checkAnonymousPost(ctx, body) : null;
        let created: Record<string, unknown>;
        try {
          if (isInstance) checkInstanceStatusChange(body, undefined, ctx.caller.user ? 'staff' : 'visitor');
          created = entity.create(ctx.backend.db, body, ctx.backend);
        } catch (error) {
          ticket?.cancel();
          throw error;
        }
        entity.rows(ctx.backend.db).push(created);
        ticket?.commit(String(created[entity.key]));
        const headers: Record<string, string> = { etag: etagOf(rowVersion(created)) };
        // An anonymous visitor who starts a public form gets an edit link for it (the server does the same).
        if (isInstance && !ctx.caller.user) {
          headers[FORM_LINK_TOKEN_HEADER] = issueLinkToken(ctx.backend, created as unknown as FormInstance, 'edit');
        }
        return json(created, 200, headers);
      },
    },
    {
      method: 'patch',
      path: `${base}/patch`,
      access: access('Update'),
      async handle(ctx) {
        let body = await readCrudBody(ctx.request, isInstance ? MAX_INSTANCE_BODY_BYTES : undefined);
        const id = patchKey(body, entity.key);
        const existing = findRow(ctx.backend.db, entity, id);
        if (isInstance) body = checkAnonymousPatch(ctx, existing as unknown as FormInstance, body);
        checkIfMatch(ctx.request.headers.get('if-match'), etagOf(rowVersion(existing)));
        const updated = entity.update(ctx.backend.db, existing, body, ctx.backend);
        replaceRow(ctx.backend.db, entity, updated);
        bumpRowVersion(existing, updated);
        return json(updated, 200, { etag: etagOf(rowVersion(updated)) });
      },
    },
    {
      method: 'delete',
      path: `${base}/delete`,
      access: user(claim('Delete')),
      handle(ctx) {
        const id = requiredQuery(ctx.url, 'Id');
        findRow(ctx.backend.db, entity, id);
        entity.remove(ctx.backend.db, id);
        return noContent();
      },
    },
    {
      method: 'patch',
      path: `${base}/softdelete`,
      access: user(claim('MarkDeleted')),
      handle(ctx) {
        const id = requiredQuery(ctx.url, 'Id');
        const row = findRow(ctx.backend.db, entity, id);
        row.isDeleted = true;
        row.lastUpdatedDateTime = ctx.backend.now();
        bumpRowVersion(row);
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
