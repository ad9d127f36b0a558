/**
 * `/api/Forms/*` (docs/spec.md, Calls) on the reference server: public links to an instance (`GetEditUrl`,
 * `GetViewUrl`: `{publicBaseUrl}/form-instance/{formSchemaId}?mode=…&formInstanceId=…&token=…`, the
 * token 256 random bits stored hashed with an expiry; none for a soft-deleted instance), `MarkCompleted` (signed-in
 * callers completing a valid Submitted instance, the domain's status table) and `NotifyDeleted` (recorded; the instance may already be gone).
 */
import { eq, sql } from 'drizzle-orm';
import { FormInstanceStatus } from '../../../src/api/enums';
import {
  allLive,
  checkInstanceData,
  currentPublicVersion,
  checkStatusChange,
  formLinkUrl,
  publicBaseUrlOf,
  requireLinkFor,
  rowNotFound,
  unknownFormSchema,
  type FormLinkMode,
} from '../../../src/domain/forms';
import { formDeletionNotices, formInstances } from '../db/schema';
import { route, type AnyRouteDeclaration, type RouteContext } from '../routes/registry';
import { callerLink } from './http';
import { findForm, findFormInstance, findFormSchema, issueLinkToken } from './store';

/** Where the public links of a form's instances point: its own base, the configured one, else the first host origin. */
export function publicBaseUrl(ctx: RouteContext, form?: { publicBaseUrl?: string | null }): string {
  const { config } = ctx.services;
  return publicBaseUrlOf(form, config.publicFormBaseUrl, config.hostOrigins[0] ?? new URL(ctx.c.req.url).origin);
}

async function linkFor(ctx: RouteContext, mode: FormLinkMode): Promise<Response> {
  const id = ctx.query.required('formInstanceId');
  const instance = await findFormInstance(ctx.services.db, id);
  const schema = instance ? await findFormSchema(ctx.services.db, instance.row.formSchemaId) : undefined;
  const form = instance ? await findForm(ctx.services.db, instance.row.formId) : undefined;
  // No link to a soft-deleted instance (or one of a soft-deleted schema or form): it would reach nothing.
  if (!instance || !allLive(instance.row, schema?.row, form?.row)) throw rowNotFound('form instance', id);
  const { formInstanceId, formSchemaId } = instance.row;
  const token = await issueLinkToken(ctx.services.db, formInstanceId, mode);
  return ctx.c.json(formLinkUrl(publicBaseUrl(ctx, form?.row), { formInstanceId, formSchemaId, mode }, token));
}

/** The forms calls. */
export const formsCallRoutes: readonly AnyRouteDeclaration[] = [
  route({ method: 'GET', path: '/api/Forms/GetEditUrl', summary: 'An edit link to a form instance.', handler: (ctx) => linkFor(ctx, 'edit') }),
  route({ method: 'GET', path: '/api/Forms/GetViewUrl', summary: 'A view link to a form instance.', handler: (ctx) => linkFor(ctx, 'view') }),
  route({
    method: 'GET',
    path: '/api/Forms/MarkCompleted',
    anonymous: true,
    summary: 'Marks a form instance completed (signed in, or its edit link).',
    async handler(ctx) {
      const id = ctx.query.required('formInstanceId');
      const link = await callerLink(ctx);
      await ctx.services.db.transaction(async (tx) => {
        const instance = await findFormInstance(tx, id, true);
        if (!instance || instance.row.isDeleted) throw rowNotFound('form instance', id);
        if (!ctx.auth) requireLinkFor(link, instance.row.formInstanceId, true);
        // The status table decides who may complete (staff, a Submitted instance); the data must pass the engine.
        checkStatusChange(instance.row.status, FormInstanceStatus.Completed, ctx.auth ? 'staff' : 'visitor');
        const schema = await findFormSchema(tx, instance.row.formSchemaId);
        if (!schema) throw unknownFormSchema(instance.row.formSchemaId);
        const data = checkInstanceData(schema.row, instance.row.data, FormInstanceStatus.Completed);
        await tx
          .update(formInstances)
          .set({ status: FormInstanceStatus.Completed, data, rowVersion: sql`row_version + 1`, lastUpdatedDateTime: sql`now()` })
          .where(eq(formInstances.formInstanceId, instance.row.formInstanceId));
      });
      return ctx.c.body(null, 200);
    },
  }),
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
