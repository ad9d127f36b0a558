/**
 * `/api/Forms/*` (docs/spec.md, Calls) on the reference server: from the one route table (src/service/routes-forms.ts)
 * public links to an instance (`GetEditUrl`,
 * `GetViewUrl`: `{publicBaseUrl}/form-instance/{formSchemaId}?mode=…&formInstanceId=…&token=…`, the
 * token 256 random bits stored hashed with an expiry; none for a soft-deleted instance), `MarkCompleted` (signed-in
 * callers completing a valid Submitted instance, the domain's status table) and `NotifyDeleted` (recorded; the instance may already be gone).
 */
import { currentPublicVersion } from '../../../src/domain/forms';
import { FORMS_CALL_ROUTES } from '../../../src/service/routes-forms';
import { formDeletionNotices } from '../db/schema';
import { route, type AnyRouteDeclaration } from '../routes/registry';
import { tableRoute } from '../routes/table';
import { drizzleFormsBackend } from './crud';
import { findForm, findFormSchema } from './store';

/** The forms calls. */
export const formsCallRoutes: readonly AnyRouteDeclaration[] = [
  ...FORMS_CALL_ROUTES.map((formsRoute) => tableRoute(formsRoute, drizzleFormsBackend)),
  route({
    method: 'GET',
    path: '/api/Forms/GetCurrentPublicVersion',
    anonymous: true,
    summary: "The version a form's stable public link serves: its current one, while public (beyond the spec).",
    async handler(ctx) {
      const form = await findForm(ctx.services.db, ctx.query.required('formId'));
      const schema = form?.row.currentFormSchemaId ? await findFormSchema(ctx.services.db, form.row.currentFormSchemaId) : undefined;
      return ctx.c.json(currentPublicVersion(form?.row, schema?.row));
    },
  }),
  route({
    method: 'GET',
    path: '/api/Forms/NotifyDeleted',
    summary: 'Records that a form instance was deleted.',
    async handler(ctx) {
      const id = ctx.query.id('formInstanceId');
      await ctx.services.db.insert(formDeletionNotices).values({ id: crypto.randomUUID(), formInstanceId: id, notifiedBy: ctx.auth.user.id });
      return ctx.c.body(null, 200);
    },
  }),
];
