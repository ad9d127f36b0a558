/**
 * The one route table (src/service/routes.ts) bound with Hono: each route becomes a declaration of the registry (who
 * may call it is the contract's route → claim table, as for every route), its request read from Hono's context and
 * its answer written as the server writes answers.
 */
import type { Context } from 'hono';
import { routeRule } from '../../../src/domain';
import { httpAnswerOf, type RouteAnswer, type RouteRequest, type ServiceRoute } from '../../../src/service/routes';
import { clientAddress } from '../forms/anonymous-writes';
import { route, type AnyRouteDeclaration, type RouteContext, type RouteExample } from './registry';

/** The request as the route table reads it. */
export function routeRequest(ctx: RouteContext): RouteRequest {
  const user = ctx.auth?.user;
  return {
    caller: { user: user ? { id: user.id, name: user.name } : null, ipAddress: clientAddress(ctx.c), userAgent: ctx.c.req.header('user-agent') ?? null },
    query: ctx.query,
    searchParams: new URL(ctx.c.req.url).searchParams,
    contentType: ctx.c.req.header('content-type') ?? null,
    header: (name) => ctx.c.req.header(name) ?? null,
    text: () => ctx.c.req.text(),
  };
}

/** A route's answer as Hono sends it. */
export function answerOf(c: Context, answer: RouteAnswer): Response {
  const { status, headers, body } = httpAnswerOf(answer);
  if (body === null) return c.body(null, status, headers);
  return c.body(body instanceof Uint8Array ? Buffer.from(body) : body, status as 200 | 503, headers);
}

/** A route of the one route table bound over the server: `backendOf` gives its use cases' backend for one request. */
export function tableRoute<B>(tableEntry: ServiceRoute<B>, backendOf: (ctx: RouteContext) => B, example?: RouteExample): AnyRouteDeclaration {
  const rule = routeRule(tableEntry.method, tableEntry.path);
  return route<boolean>({
    method: tableEntry.method,
    path: tableEntry.path,
    summary: tableEntry.summary,
    anonymous: rule?.claim === 'public' || rule?.anonymousForms === true,
    ...(example ? { example } : {}),
    handler: async (ctx) => answerOf(ctx.c, await tableEntry.handle(routeRequest(ctx), backendOf(ctx))),
  });
}
