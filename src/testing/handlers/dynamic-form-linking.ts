/**
 * `/api/DynamicFormLinking/*`: the host's application model and instances pre-filled from it.
 */
import type { InstanceFromApplication, JsonObject } from '../../api/types';
import { Permission } from '../../api/enums';
import { QueryParams } from '../../domain';
import { typedPathsFromExample } from '../../domain/pdf';
import { instanceFromApplication, type InstancePorts } from '../../service/forms-instances';
import { DYNAMIC_FORM_LINKING_ROUTES } from '../../service/routes-forms';
import { memoryFormsStorage } from '../forms-model';
import { json, readJsonObject, requiredQuery } from '../http';
import { formsCallerOf, memoryFormsBackend } from './forms';
import { tableRoute, user, type FakeRoute, type RouteContext } from './route';

const P = Permission;
const base = '/api/DynamicFormLinking';

/** The instance calls' ports over the fake: its db, clock and ids. */
const portsOf = ({ backend }: RouteContext): InstancePorts => ({ storage: memoryFormsStorage(backend.db), clock: backend, ids: backend });

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
      const schemaId = requiredQuery(ctx.url, 'schemaId');
      const application = (await readJsonObject(ctx.request)) as JsonObject;
      const { saved, problems } = await instanceFromApplication(portsOf(ctx), schemaId, application, formsCallerOf(ctx));
      const answer: InstanceFromApplication = { ...saved.row, prefillProblems: problems };
      return json(answer);
    },
  },
  ...DYNAMIC_FORM_LINKING_ROUTES.map((linkingRoute) => tableRoute(linkingRoute, memoryFormsBackend)),
];
