/**
 * `/api/DynamicFormLinking/*`: the host's application model and instances pre-filled from it.
 */
import type { FormInstance, FormSchema, JsonObject } from '../../api/types';
import { Permission } from '../../api/enums';
import { newInstance, prefillFromApplication } from '../forms-model';
import { FakeHttpError, json, readJsonObject, requiredQuery } from '../http';
import { user, type FakeRoute, type RouteContext } from './route';

const P = Permission;
const base = '/api/DynamicFormLinking';

function schemaOf(ctx: RouteContext, id: string): FormSchema {
  const schema = ctx.backend.db.formSchemas.find((s) => s.formSchemaId === id && !s.isDeleted);
  if (!schema) throw new FakeHttpError(404, `No form schema '${id}'.`);
  return schema;
}

/** The dynamic form linking routes. */
export const dynamicFormLinkingRoutes: readonly FakeRoute[] = [
  {
    method: 'get',
    path: `${base}/GetAllPrimitivePaths`,
    access: user(P.DynamicFormLinking_GetAllPrimitivePaths),
    handle: (ctx) => json(ctx.backend.db.primitivePaths),
  },
  {
    method: 'get',
    path: `${base}/GetExampleApplication`,
    access: user(P.DynamicFormLinking_GetExampleApplication),
    handle: (ctx) => json(ctx.backend.db.exampleApplication),
  },
  {
    // The body is the application object; every path the schema's layout binds is copied from it.
    method: 'post',
    path: `${base}/Create`,
    access: user(P.DynamicFormLinking_Create),
    async handle(ctx) {
      const schema = schemaOf(ctx, requiredQuery(ctx.url, 'schemaId'));
      const application = (await readJsonObject(ctx.request)) as JsonObject;
      const instance = newInstance(schema, prefillFromApplication(schema, application), ctx.backend);
      ctx.backend.db.formInstances.push(instance);
      return json(instance);
    },
  },
  {
    // A copy of the instance's data in a new instance of the same schema, status Created, unsigned.
    method: 'get',
    path: `${base}/Duplicate`,
    access: user(P.DynamicFormLinking_Duplicate),
    handle(ctx) {
      const id = requiredQuery(ctx.url, 'formInstanceId');
      const source = ctx.backend.db.formInstances.find((i) => i.formInstanceId === id);
      if (!source) throw new FakeHttpError(404, `No form instance '${id}'.`);
      const schema = ctx.backend.db.formSchemas.find((s) => s.formSchemaId === source.formSchemaId);
      if (!schema) throw new FakeHttpError(404, `No form schema '${source.formSchemaId}'.`);
      const copy: FormInstance = newInstance(schema, structuredClone(source.data), ctx.backend);
      ctx.backend.db.formInstances.push(copy);
      return json(copy);
    },
  },
];
