/**
 * `/api/DynamicFormLinking/*`: the host's application model and instances pre-filled from it.
 */
import type { FormInstance, FormSchema, InstanceFromApplication, JsonObject } from '../../api/types';
import { Permission } from '../../api/enums';
import { QueryParams } from '../../domain';
import { allLive, duplicateInstanceFields } from '../../domain/forms';
import { checkedPrefill, typedPathsFromExample } from '../../domain/pdf';
import { newInstance } from '../forms-model';
import { FakeHttpError, json, readJsonObject, requiredQuery } from '../http';
import { user, type FakeRoute, type RouteContext } from './route';

const P = Permission;
const base = '/api/DynamicFormLinking';

/** A live schema of a live form (the server's rule: 404 for a missing or soft-deleted one). */
function schemaOf(ctx: RouteContext, id: string): FormSchema {
  const { db } = ctx.backend;
  const schema = db.formSchemas.find((s) => s.formSchemaId === id);
  if (!schema || !allLive(schema, db.forms.find((f) => f.formId === schema.formId))) throw new FakeHttpError(404, `No form schema '${id}'.`);
  return schema;
}

/** The dynamic form linking routes. */
export const dynamicFormLinkingRoutes: readonly FakeRoute[] = [
  {
    method: 'get',
    path: `${base}/GetAllPrimitivePaths`,
    access: user(P.DynamicFormLinking_GetAllPrimitivePaths),
    // `withTypes=true` answers each path with its type (the fake keeps no model: the example's value there says it).
    handle: (ctx) =>
      new QueryParams(ctx.url.searchParams).bool('withTypes')
        ? json(typedPathsFromExample(ctx.backend.db.primitivePaths, ctx.backend.db.exampleApplication))
        : json(ctx.backend.db.primitivePaths),
  },
  {
    method: 'get',
    path: `${base}/GetExampleApplication`,
    access: user(P.DynamicFormLinking_GetExampleApplication),
    handle: (ctx) => json(ctx.backend.db.exampleApplication),
  },
  {
    // The body is the application object; every path the schema's layout binds is copied from it (from the field's
    // link when it has one) and checked by the engine: values that do not fit are left out and listed.
    method: 'post',
    path: `${base}/Create`,
    access: user(P.DynamicFormLinking_Create),
    async handle(ctx) {
      const schema = schemaOf(ctx, requiredQuery(ctx.url, 'schemaId'));
      const application = (await readJsonObject(ctx.request)) as JsonObject;
      const { data, problems } = checkedPrefill(schema, application);
      const instance = newInstance(schema, data, ctx.backend);
      ctx.backend.db.formInstances.push(instance);
      const answer: InstanceFromApplication = { ...instance, prefillProblems: problems };
      return json(answer);
    },
  },
  {
    // The domain's duplicate: a copy of a live instance's data in a new instance of the same schema, status Created, unsigned.
    method: 'get',
    path: `${base}/Duplicate`,
    access: user(P.DynamicFormLinking_Duplicate),
    handle(ctx) {
      const id = requiredQuery(ctx.url, 'formInstanceId');
      const { db } = ctx.backend;
      const source = db.formInstances.find((i) => i.formInstanceId.toLowerCase() === id.toLowerCase());
      const schema = source && db.formSchemas.find((s) => s.formSchemaId === source.formSchemaId);
      const form = source && db.forms.find((f) => f.formId === source.formId);
      const fields = duplicateInstanceFields(id, source, schema, form);
      const now = ctx.backend.now();
      const copy: FormInstance = { formInstanceId: ctx.backend.newId(), ...fields, createdDateTime: now, lastUpdatedDateTime: now };
      db.formInstances.push(copy);
      return json(copy);
    },
  },
];
