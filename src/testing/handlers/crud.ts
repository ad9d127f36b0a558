/**
 * `/api/crud/{form|formgroup|forminstance|formschema}/{post|patch|delete|softdelete}`: the forms CRUD area of the one
 * route table (src/service/routes-forms.ts), bound over the fake's db: here only the use cases' ports and the caller.
 */
import { checkSchemaForSave, needsValidData, schemaShapeJson } from '../../domain/forms';
import type { AnonymousWrites } from '../../service/forms-ports';
import { FORMS_CRUD_ROUTES, type FormsRouteBackend } from '../../service/routes-forms';
import { memoryFormsStorage } from '../forms-model';
import { fakeFormLinks, formsCallerOf } from './forms';
import { tableRoute, type FakeRoute, type RouteContext } from './route';

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

/** The forms routes' backend over the fake: its db, clock and ids; the schema rules checked in place. */
function memoryFormsBackend(ctx: RouteContext): FormsRouteBackend {
  const { backend } = ctx;
  return {
    ports: async (bodyBytes) => ({
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
      anonymousWrites: bodyBytes === null ? null : anonymousWrites(ctx, bodyBytes),
    }),
    caller: async () => formsCallerOf(ctx),
  };
}

/** The CRUD routes of the four entities: the forms area of the one route table over the fake. */
export const crudRoutes: readonly FakeRoute[] = FORMS_CRUD_ROUTES.map((crudRoute) => tableRoute(crudRoute, memoryFormsBackend));
