/**
 * The one route table (src/service/routes.ts) bound with Hono: each route becomes a declaration of the registry (who
 * may call it is the contract's route → claim table, as for every route), its request read and its answer written by
 * the one binding core (src/service/http-binding.ts).
 */
import { routeRule } from '../../../src/domain';
import { answerRoute, routeRequestOf } from '../../../src/service/http-binding';
import type { ServiceRoute } from '../../../src/service/routes';
import { clientAddress } from '../forms/anonymous-writes';
import { route, sendReply, type AnyRouteDeclaration, type RouteContext, type RouteExample } from './registry';

/** A route of the one route table bound over the server: `backendOf` gives its use cases' backend for one request. */
export function tableRoute<B>(tableEntry: ServiceRoute<B>, backendOf: (ctx: RouteContext) => B, example?: RouteExample): AnyRouteDeclaration {
  const rule = routeRule(tableEntry.method, tableEntry.path);
  return route<boolean>({
    method: tableEntry.method,
    path: tableEntry.path,
    summary: tableEntry.summary,
    anonymous: rule?.claim === 'public' || rule?.anonymousForms === true,
    ...(example ? { example } : {}),
    handler: (ctx) =>
      answerRoute(tableEntry, routeRequestOf(ctx.c.req.raw, ctx.auth?.user ?? null, clientAddress(ctx.c), () => ctx.c.req.text()), backendOf(ctx), (reply) => sendReply(ctx.c, reply)),
  });
}
