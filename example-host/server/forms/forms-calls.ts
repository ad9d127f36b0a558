/**
 * `/api/Forms/*` (docs/spec.md, Calls) on the reference server: public links to an instance (`GetEditUrl`,
 * `GetViewUrl`: `{publicBaseUrl}/form-instance/{formSchemaId}?mode=…&formInstanceId=…&token=…`, the
 * token 256 random bits stored hashed with an expiry; none for a soft-deleted instance), `MarkCompleted` (signed-in
 * callers completing a valid Submitted instance, the domain's status table) and `NotifyDeleted` (recorded; the instance may already be gone).
 */
import { currentPublicVersion, formLinkUrl, publicBaseUrlOf, type FormLinkMode } from '../../../src/domain/forms';
import { completeInstance, instanceLink } from '../../../src/service/forms-instances';
import { formDeletionNotices } from '../db/schema';
import { route, type AnyRouteDeclaration, type RouteContext } from '../routes/registry';
import { callerLink } from './http';
import { drizzleFormsStorage, findForm, findFormSchema, serverFormLinks, serverInstancePorts } from './store';

/** Where the public links of a form's instances point: its own base, the configured one, else the first host origin. */
export function publicBaseUrl(ctx: RouteContext, form?: { publicBaseUrl?: string | null }): string {
  const { config } = ctx.services;
  return publicBaseUrlOf(form, config.publicFormBaseUrl, config.hostOrigins[0] ?? new URL(ctx.c.req.url).origin);
}

async function linkFor(ctx: RouteContext, mode: FormLinkMode): Promise<Response> {
  const ports = { storage: drizzleFormsStorage(ctx.services.db), links: serverFormLinks(ctx.services.db) };
  const { grant, token, form } = await instanceLink(ports, ctx.query.required('formInstanceId'), mode);
  return ctx.c.json(formLinkUrl(publicBaseUrl(ctx, form), grant, token));
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
      await completeInstance(serverInstancePorts(ctx.services.db), id, { userId: ctx.auth?.user.id ?? null, link });
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
