/**
 * `/api/Forms/*`: public links to an instance, and instance notifications. Who may use a link, and
 * the link's shape and lifetime, are the domain's rules (src/domain/forms), shared with the server.
 */
import type { FormInstance } from '../../api/types';
import { Permission } from '../../api/enums';
import {
  currentPublicVersion,
  checkPresentedLink,
  formLinkUrl,
  linkTokenOf,
  publicBaseUrlOf,
  type FormLinkMode,
} from '../../domain/forms';
import { FAKE_USER_TOKEN_PREFIX } from '../backend';
import type { FormsCaller } from '../../service/forms';
import { completeInstance, instanceLink } from '../../service/forms-instances';
import type { FormLinks } from '../../service/forms-ports';
import { memoryFormsStorage } from '../forms-model';
import { json, ok, requiredQuery } from '../http';
import { form, PUBLIC, user, type FakeRoute, type RouteContext } from './route';

const P = Permission;

/** The link token a request presents (`?token=` or a bearer that is not a `fake-user:` token), or null. */
export function presentedLinkToken(ctx: Pick<RouteContext, 'request' | 'url'>): string | null {
  return linkTokenOf(ctx.request.headers.get('authorization'), ctx.url.searchParams, (bearer) => bearer.startsWith(FAKE_USER_TOKEN_PREFIX));
}

/** The caller of a forms use case: a signed-in user, or a visitor whose presented link token must be live (401). */
export function formsCallerOf(ctx: RouteContext): FormsCaller {
  if (ctx.caller.user) return { userId: ctx.caller.user.id, link: null };
  checkPresentedLink(presentedLinkToken(ctx), ctx.caller.link);
  return { userId: null, link: ctx.caller.link };
}

/** A new link token for an instance, stored with its mode; it expires. */
export function issueLinkToken(backend: RouteContext['backend'], instance: Pick<FormInstance, 'formInstanceId' | 'formSchemaId'>, mode: FormLinkMode): string {
  const token = backend.newToken(`${instance.formInstanceId}:${mode}`);
  const grant = { formInstanceId: instance.formInstanceId, formSchemaId: instance.formSchemaId, mode };
  backend.db.linkTokens.push({ token, ...grant, expiresAt: new Date(backend.now().getTime() + backend.linkTokenLifetimeMs) });
  return token;
}

/** The fake's public links: its link tokens, stored with their instance and mode; they expire. */
export const fakeFormLinks = (backend: RouteContext['backend']): FormLinks => ({ issue: async (instance, mode) => issueLinkToken(backend, instance, mode) });

/** A public link to a live instance. */
async function linkFor(ctx: RouteContext, mode: FormLinkMode): Promise<Response> {
  const { backend } = ctx;
  const ports = { storage: memoryFormsStorage(backend.db), links: fakeFormLinks(backend) };
  const { grant, token, form } = await instanceLink(ports, requiredQuery(ctx.url, 'formInstanceId'), mode);
  return json(formLinkUrl(publicBaseUrlOf(form, null, backend.publicBaseUrl), grant, token));
}

/** The forms routes. */
export const formsRoutes: readonly FakeRoute[] = [
  { method: 'get', path: '/api/Forms/GetEditUrl', access: user(P.Forms_GetEditUrl), handle: (ctx) => linkFor(ctx, 'edit') },
  { method: 'get', path: '/api/Forms/GetViewUrl', access: user(P.Forms_GetViewUrl), handle: (ctx) => linkFor(ctx, 'view') },
  {
    // Signed-in users holding Forms_MarkCompleted complete a valid Submitted instance; a link holder is refused (403).
    method: 'get',
    path: '/api/Forms/MarkCompleted',
    access: form(P.Forms_MarkCompleted),
    async handle(ctx) {
      const { backend } = ctx;
      await completeInstance({ storage: memoryFormsStorage(backend.db), clock: backend }, requiredQuery(ctx.url, 'formInstanceId'), formsCallerOf(ctx));
      return ok();
    },
  },
  {
    // The version a form's stable public link serves (the domain's rule), for anybody.
    method: 'get',
    path: '/api/Forms/GetCurrentPublicVersion',
    access: PUBLIC,
    handle(ctx) {
      const id = requiredQuery(ctx.url, 'formId').toLowerCase();
      const { db } = ctx.backend;
      const form = db.forms.find((f) => f.formId.toLowerCase() === id);
      const current = form?.currentFormSchemaId?.toLowerCase();
      const schema = current ? db.formSchemas.find((s) => s.formSchemaId.toLowerCase() === current) : undefined;
      return json(currentPublicVersion(form, schema));
    },
  },
  {
    // Records the notice (`db.deletionNotices`); the instance may already be gone.
    method: 'get',
    path: '/api/Forms/NotifyDeleted',
    access: user(P.Forms_NotifyDeleted),
    handle(ctx) {
      ctx.backend.db.deletionNotices.push({ formInstanceId: requiredQuery(ctx.url, 'formInstanceId'), at: ctx.backend.now() });
      return ok();
    },
  },
];
