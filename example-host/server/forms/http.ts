/**
 * The caller's public link on the forms routes: the token an anonymous caller presents, read and judged by the domain's
 * `presentedLink` over the stored link tokens.
 */
import { presentedLink, type FormLinkGrant } from '../../../src/domain/forms';
import type { RouteContext } from '../routes/registry';
import { findLinkToken } from './store';

/**
 * The public link an anonymous caller presents (`Authorization: Bearer <token>` that is not a JWT, or
 * `?token=`): null for a signed-in caller or none presented; 401 for an unknown, altered or expired one.
 */
export async function callerLink(ctx: RouteContext): Promise<FormLinkGrant | null> {
  if (ctx.auth) return null;
  const request = { authorization: ctx.c.req.header('authorization'), searchParams: new URL(ctx.c.req.url).searchParams };
  return presentedLink(request, (token) => findLinkToken(ctx.services.db, token), new Date());
}
