/**
 * The caller's public link on the forms routes: the token an anonymous caller presents, resolved and checked.
 */
import { checkPresentedLink, linkTokenOf, type FormLinkGrant } from '../../../src/domain/forms';
import type { RouteContext } from '../routes/registry';
import { resolveLinkToken } from './store';

/**
 * The public link an anonymous caller presents (`Authorization: Bearer <token>` that is not a JWT, or
 * `?token=`): null for a signed-in caller or none presented; 401 for an unknown, altered or expired one.
 */
export async function callerLink(ctx: RouteContext): Promise<FormLinkGrant | null> {
  if (ctx.auth) return null;
  const token = linkTokenOf(ctx.c.req.header('authorization'), new URL(ctx.c.req.url).searchParams);
  const grant = token === null ? null : await resolveLinkToken(ctx.services.db, token);
  checkPresentedLink(token, grant);
  return grant;
}
