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
 * Every answer with a row carries its version as `ETag`. Each call is a use case of src/service/forms.ts (the one the
 * test fake runs) over the server's database; here, only the HTTP of it: the body read, the caller, the answer.
 */
import type { CrudEntityName } from '../../../src/api/types';
import { isUuid, type JsonRecord } from '../../../src/domain';
import { FORMS_CRUD_ENTITIES, FORM_LINK_TOKEN_HEADER, rowNotFound } from '../../../src/domain/forms';
import { MAX_INSTANCE_BODY_BYTES } from '../../../src/domain/limits';
import { deleteFormsRow, patchFormsRow, postFormsRow, softDeleteFormsRow, type FormsCaller, type FormsPorts } from '../../../src/service/forms';
import { anonymousWriteLimiter, clientAddress } from './anonymous-writes';
import { route, type AnyRouteDeclaration, type RouteContext } from '../routes/registry';
import { callerLink, readBody, versionedJson } from './http';
import { checkSchemaShape, nextTurn } from './schema-check';
import { serverFormLinks, serverInstancePorts } from './store';

/**
 * The forms use cases' ports over the server: its database; the schema rules off the request thread, a turn of the
 * event loop between a large save's steps (schema-check.ts); the anonymous write bounds of the caller's address.
 */
async function portsOf(ctx: RouteContext): Promise<FormsPorts> {
  const { db, config } = ctx.services;
  const limiter = ctx.auth ? null : anonymousWriteLimiter(config, db);
  const address = limiter ? clientAddress(ctx.c) : '';
  // The length of the request's body, already read (Hono keeps it).
  const bytes = limiter ? (await ctx.c.req.text()).length : 0;
  return {
    ...serverInstancePorts(db),
    schemas: { check: (body, shape, json) => checkSchemaShape(body, shape, json), pause: nextTurn },
    links: serverFormLinks(db),
    anonymousWrites: limiter && {
      write: (schemaId) => limiter.write(address, schemaId, bytes),
      beginNew: (schemaId, isDraft) => limiter.beginNew(address, schemaId, isDraft),
    },
  };
}

/** The caller: a signed-in user, or a visitor whose presented link token must be live (401), even for a post. */
async function callerOf(ctx: RouteContext): Promise<FormsCaller> {
  return { userId: ctx.auth?.user.id ?? null, link: await callerLink(ctx) };
}

/** The id of `?Id` (404 for one that is not a UUID: no row has it). */
function queryId(ctx: RouteContext, label: string): string {
  const id = ctx.query.required('Id').trim();
  if (!isUuid(id)) throw rowNotFound(label, id);
  return id.toLowerCase();
}

function entityRoutes(name: CrudEntityName): AnyRouteDeclaration[] {
  const { label } = FORMS_CRUD_ENTITIES[name];
  const isInstance = name === 'forminstance';
  const base = `/api/crud/${name}` as const;
  const readCrudBody = (ctx: RouteContext): Promise<JsonRecord> => readBody(ctx.c, isInstance ? MAX_INSTANCE_BODY_BYTES : undefined);

  const post = async (ctx: RouteContext) => {
    const body = await readCrudBody(ctx);
    const saved = await postFormsRow(await portsOf(ctx), name, body, await callerOf(ctx));
    if (saved.editLink !== undefined) ctx.c.header(FORM_LINK_TOKEN_HEADER, saved.editLink);
    return versionedJson(ctx.c, saved);
  };

  const patch = async (ctx: RouteContext) => {
    const body = await readCrudBody(ctx);
    return versionedJson(ctx.c, await patchFormsRow(await portsOf(ctx), name, body, await callerOf(ctx), ctx.c.req.header('if-match')));
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
        await deleteFormsRow(serverInstancePorts(ctx.services.db), name, queryId(ctx, label));
        return ctx.c.body(null, 204);
      },
    }),
    route({
      method: 'PATCH',
      path: `${base}/softdelete`,
      summary: `Marks a ${label} deleted (restore with a patch of isDeleted: false).`,
      async handler(ctx) {
        await softDeleteFormsRow(serverInstancePorts(ctx.services.db), name, queryId(ctx, label));
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
