/**
 * A route of the fake: method, path and what it answers. Who may call it comes from the domain's
 * route → claim table (src/contract/route-access.ts), the one the reference server mounts its routes
 * with. The route tables of the areas are static; {@link toHttpHandler} binds a route to a backend
 * and a base URL.
 */
import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { DomainError, QueryParams, routeRule, type RouteRule } from '../../domain';
import { answerRoute, callRoute, routeRequestOf, type HttpExchange, type HttpReply } from '../../service/http-binding';
import type { ServiceRoute } from '../../service/routes';
import type { Caller, FakeBackend } from '../backend';

/** HTTP methods the API uses. */
export type RouteMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who may call a route:
 * - `public`: anybody;
 * - `user`: a signed-in, enabled user (401 / 403 otherwise); with claim enforcement on, one holding `claim`;
 * - `form`: as `user`, but anonymous callers pass too and the route itself limits them to public
 *   schemas and the one instance their link token names.
 */
export type RouteAccess = { kind: 'public' } | { kind: 'user' | 'form'; claim?: number; alternatives?: readonly number[] };

/** What a route's handler receives. */
export interface RouteContext {
  backend: FakeBackend;
  request: Request;
  url: URL;
  /** The query parameters, read with the domain's rules (names regardless of case). */
  query: QueryParams;
  caller: Caller;
}

/** One route of the fake. */
export interface FakeRoute {
  method: RouteMethod;
  /** Path below the base URL, e.g. `/api/Claim/GetMyClaims`. */
  path: string;
  /**
   * Who may call it: always the domain's route table's; a route that states it anyway must agree
   * (checked when its handler is made).
   */
  access?: RouteAccess;
  handle(ctx: RouteContext): Response | Promise<Response>;
}

/** Options of the MSW handlers. */
export interface HandlerOptions {
  /**
   * The backend's origin (and path prefix), e.g. `http://localhost` or `https://api.example.com/`.
   * Default `*`: any origin.
   */
  baseUrl?: string;
  /** Delay every response by this many milliseconds (default 0), e.g. to show loading states in stories. */
  latencyMs?: number;
}

/** `baseUrl` + `path`, with exactly one slash between them. */
export function joinUrl(baseUrl: string | undefined, path: string): string {
  const base = (baseUrl ?? '*').replace(/\/+$/, '');
  return `${base}${path.startsWith('/') ? path : `/${path}`}`;
}

/** Who may call a route, from the domain's route table; throws for a route the table lacks or states otherwise. */
export function routeAccess(route: Pick<FakeRoute, 'method' | 'path' | 'access'>): RouteAccess {
  const rule = routeRule(route.method, route.path);
  if (!rule) throw new Error(`${route.method.toUpperCase()} ${route.path} is not in the route table (src/contract/route-access.ts).`);
  const access: RouteAccess =
    rule.claim === 'public'
      ? { kind: 'public' }
      : {
          kind: rule.anonymousForms ? 'form' : 'user',
          ...(typeof rule.claim === 'number' ? { claim: rule.claim } : {}),
          ...(rule.alternatives ? { alternatives: rule.alternatives } : {}),
        };
  const stated = route.access;
  if (stated && (stated.kind !== access.kind || ('claim' in stated ? stated.claim : undefined) !== ('claim' in access ? access.claim : undefined))) {
    throw new Error(`${route.method.toUpperCase()} ${route.path} states an access the route table does not give it.`);
  }
  return access;
}

/** A reply as MSW sends it; MSW has no CORS layer, so a file's name is exposed here as the server's CORS exposes it. */
export function sendReply({ status, headers, body }: HttpReply): Response {
  const exposed: Record<string, string> = 'content-disposition' in headers ? { 'access-control-expose-headers': 'Content-Disposition' } : {};
  return new HttpResponse(body instanceof Uint8Array ? body.slice() : body, { status, headers: { ...headers, ...exposed } });
}

/** An MSW handler serving `route` from `backend`: the one binding core (src/service/http-binding.ts) over the fake's callers. */
export function toHttpHandler(backend: FakeBackend, route: FakeRoute, options: HandlerOptions = {}): HttpHandler {
  routeAccess(route);
  const rule = routeRule(route.method, route.path) as RouteRule;
  return http[route.method](joinUrl(options.baseUrl, route.path), async ({ request }) => {
    if (options.latencyMs && options.latencyMs > 0) await delay(options.latencyMs);
    const caller = backend.identify(request);
    backend.record(request, caller.user);
    const signedIn = caller.user;
    const exchange: HttpExchange<Caller, Response> = {
      identify: async () => {
        if (caller.invalidToken) throw new DomainError(401, 'The bearer token names no user.');
        return { caller, gate: signedIn && { enabled: signedIn.isEnabled, holds: (claim) => !backend.enforceClaims || backend.hasClaim(signedIn.id, claim) } };
      },
      anonymous: () => ({ ...caller, user: null }),
      send: sendReply,
    };
    const url = new URL(request.url);
    return callRoute(rule, exchange, (runFor) => route.handle({ backend, request, url, query: new QueryParams(url.searchParams), caller: runFor }));
  });
}

/** A route of the one route table (src/service/routes.ts), bound over the fake: `backendOf` gives its use cases' backend. */
export function tableRoute<B>(route: ServiceRoute<B>, backendOf: (ctx: RouteContext) => B): FakeRoute {
  return {
    method: route.method.toLowerCase() as RouteMethod,
    path: route.path,
    handle: (ctx) => answerRoute(route, routeRequestOf(ctx.request, ctx.caller.user, null), backendOf(ctx), sendReply),
  };
}
