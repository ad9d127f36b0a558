/**
 * `/api/DynamicFormLinking/Duplicate?formInstanceId=` on the reference server: a copy of a live form instance (the
 * domain's `duplicateInstanceFields`, the test fake's rule too): a new id, the same schema, form and data, status
 * Created, no envelope. A missing or soft-deleted instance (or one of a soft-deleted schema or form) is 404. Who may
 * call it is the route table's (DynamicFormLinking Duplicate).
 */
import { duplicateInstance } from '../../../src/service/forms-instances';
import { route, type AnyRouteDeclaration } from '../routes/registry';
import { versionedJson } from './http';
import { serverInstancePorts } from './store';

/** The dynamic form linking calls the server answers. */
export const dynamicFormLinkingRoutes: readonly AnyRouteDeclaration[] = [
  route({
    method: 'GET',
    path: '/api/DynamicFormLinking/Duplicate',
    summary: 'A copy of a form instance: a new id, the same schema and data, status Created, no envelope.',
    async handler(ctx) {
      const id = ctx.query.required('formInstanceId');
      return versionedJson(ctx.c, await duplicateInstance(serverInstancePorts(ctx.services.db), id, { userId: ctx.auth.user.id, link: null }));
    },
  }),
];
