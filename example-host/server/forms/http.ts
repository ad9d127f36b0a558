/**
 * Request helpers of the forms routes: the JSON body, the caller's public link, and answers that
 * carry a row's version as `ETag`.
 */
import type { Context } from 'hono';
import { checkJsonContentType, MAX_REQUEST_BODY_BYTES, parseJsonText, requireJsonObject, type JsonRecord } from '../../../src/domain';
import { checkPresentedLink, etagOf, linkTokenOf, type FormLinkGrant } from '../../../src/domain/forms';
import type { RouteContext } from '../routes/registry';
import { resolveLinkToken, type Versioned } from './store';

/**
 * The request's JSON body: sent as JSON (415), an object (400), at most `maxBytes` (default the domain's request
 * size; 413).
 */
export async function readBody(c: Context, maxBytes: number = MAX_REQUEST_BODY_BYTES): Promise<JsonRecord> {
  checkJsonContentType(c.req.header('content-type'));
  return requireJsonObject(parseJsonText(await c.req.text(), maxBytes));
}

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

/** A row as JSON with its version as `ETag`. */
export function versionedJson<T>(c: Context, found: Versioned<T>): Response {
  c.header('ETag', etagOf(found.version));
  return c.json(found.row as object);
}
