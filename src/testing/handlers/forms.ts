/**
 * `/api/Forms/*`: public links to an instance, and instance notifications.
 */
import type { FormInstance } from '../../api/types';
import { FormInstanceStatus, Permission } from '../../api/enums';
import { FakeHttpError, json, ok, requiredQuery } from '../http';
import { form, user, type FakeRoute, type RouteContext } from './route';

const P = Permission;

function instanceOf(ctx: RouteContext): FormInstance {
  const id = requiredQuery(ctx.url, 'formInstanceId');
  const instance = ctx.backend.db.formInstances.find((i) => i.formInstanceId === id);
  if (!instance) throw new FakeHttpError(404, `No form instance '${id}'.`);
  return instance;
}

/**
 * A public link: `{publicBaseUrl}/form-instance/{formSchemaId}?mode=…&formInstanceId=…&token=…`.
 * The token is stored with its instance and mode, and expires.
 */
function linkFor(ctx: RouteContext, mode: 'edit' | 'view'): Response {
  const instance = instanceOf(ctx);
  const { backend } = ctx;
  const token = backend.newToken(`${instance.formInstanceId}:${mode}`);
  backend.db.linkTokens.push({
    token,
    formInstanceId: instance.formInstanceId,
    formSchemaId: instance.formSchemaId,
    mode,
    expiresAt: new Date(backend.now().getTime() + backend.linkTokenLifetimeMs),
  });
  const search = new URLSearchParams({ mode, formInstanceId: instance.formInstanceId, token });
  return json(`${backend.publicBaseUrl}/form-instance/${encodeURIComponent(instance.formSchemaId)}?${search.toString()}`);
}

/** The forms routes. */
export const formsRoutes: readonly FakeRoute[] = [
  { method: 'get', path: '/api/Forms/GetEditUrl', access: user(P.Forms_GetEditUrl), handle: (ctx) => linkFor(ctx, 'edit') },
  { method: 'get', path: '/api/Forms/GetViewUrl', access: user(P.Forms_GetViewUrl), handle: (ctx) => linkFor(ctx, 'view') },
  {
    // Signed-in users, or an anonymous caller holding the instance's edit link.
    method: 'get',
    path: '/api/Forms/MarkCompleted',
    access: form(P.Forms_MarkCompleted),
    handle(ctx) {
      const instance = instanceOf(ctx);
      const link = ctx.caller.link;
      if (!ctx.caller.user && (!link || link.mode !== 'edit' || link.formInstanceId !== instance.formInstanceId)) {
        throw new FakeHttpError(401, 'Sign-in or an edit link for this form instance is required.');
      }
      instance.status = FormInstanceStatus.Completed;
      instance.lastUpdatedDateTime = ctx.backend.now();
      return ok();
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
