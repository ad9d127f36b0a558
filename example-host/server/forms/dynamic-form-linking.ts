/**
 * `/api/DynamicFormLinking/Duplicate?formInstanceId=` on the reference server: a copy of a live form instance (the
 * domain's `duplicateInstanceFields`, the test fake's rule too): a new id, the same schema, form and data, status
 * Created, no envelope. A missing or soft-deleted instance (or one of a soft-deleted schema or form) is 404. Who may
 * call it is the route table's (DynamicFormLinking Duplicate).
 */
import { duplicateInstanceFields } from '../../../src/domain/forms';
import { formInstances } from '../db/schema';
import { route, type AnyRouteDeclaration } from '../routes/registry';
import { versionedJson } from './http';
import { findForm, findFormInstance, findFormSchema } from './store';

/** The dynamic form linking calls the server answers. */
export const dynamicFormLinkingRoutes: readonly AnyRouteDeclaration[] = [
  route({
    method: 'GET',
    path: '/api/DynamicFormLinking/Duplicate',
    summary: 'A copy of a form instance: a new id, the same schema and data, status Created, no envelope.',
    async handler(ctx) {
      const id = ctx.query.required('formInstanceId');
      const saved = await ctx.services.db.transaction(async (tx) => {
        const source = await findFormInstance(tx, id);
        const schema = source ? await findFormSchema(tx, source.row.formSchemaId) : undefined;
        const form = source ? await findForm(tx, source.row.formId) : undefined;
        const fields = duplicateInstanceFields(id, source?.row, schema?.row, form?.row);
        const formInstanceId = crypto.randomUUID();
        await tx.insert(formInstances).values({ formInstanceId, ...fields, createdBy: ctx.auth.user.id });
        return findFormInstance(tx, formInstanceId);
      });
      if (!saved) throw new Error('The duplicate was not stored.');
      return versionedJson(ctx.c, saved);
    },
  }),
];
