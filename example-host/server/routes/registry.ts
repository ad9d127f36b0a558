/**
 * Route declarations (docs/decisions.md, Security and limits: deny by default).
 *
 * Every endpoint is declared with `route({ method, path, handler })`; who may call it comes from the
 * contract's route → claim table (src/contract/route-access.ts, the one the fake enforces too): a server
 * claim (a `Permission` number), `'authenticated'` (any signed-in user) or `'public'`. A route missing
 * from the table cannot be declared, and a public route says so (`anonymous: true`) so that its
 * handler is typed for an anonymous caller. Declarations are kept in a `RouteRegistry`, which tests
 * enumerate; `mountRoutes` is the only way routes reach the app, and any /api or /odata request that
 * matches no declaration gets 404.
 */
import type { Context, Hono } from 'hono';
import type { JsonValue } from '../../../src/api/types';
import {
  claimKey,
  DomainError,
  routeRule,
  satisfies,
  type RouteClaim,
  type RouteMethod,
  type RouteRule,
} from '../../../src/domain';
import { callRoute, TokenRefusal, type HttpReply } from '../../../src/service/http-binding';
import { ACCESS_TOKEN_REQUIRED } from '../../../src/service/route-gate';
import { ensureApplicationUser, TokenError, bearerToken, type AuthContext } from '../auth';
import type { Services } from '../services';
import { problem, QueryReader } from './http';

export type HttpMethod = RouteMethod;
export type { RouteClaim };
const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Hono environment of the app. */
export type AppEnv = { Variables: { auth: AuthContext | null } };

/** What a handler receives. `auth` is set on every non-public route. */
export interface RouteContext<TAuth extends AuthContext | null = AuthContext | null> {
  c: Context<AppEnv>;
  auth: TAuth;
  services: Services;
  query: QueryReader;
}

type AuthFor<A extends boolean> = A extends true ? AuthContext | null : AuthContext;

/** A request the route-walk test can send (a route with no example is called without parameters). */
export interface RouteExample {
  query?: Record<string, string>;
  body?: JsonValue;
}

/** One declared route (who may call it comes from the domain's route table). */
export interface RouteDeclaration<A extends boolean = false> {
  method: HttpMethod;
  /** The exact path, starting with /api/ or /odata/. */
  path: string;
  /** Set on public routes: the handler may get an anonymous caller (`auth` null). */
  anonymous?: A;
  /** One line for docs and logs. */
  summary?: string;
  example?: RouteExample;
  handler: (ctx: RouteContext<AuthFor<A>>) => Response | Promise<Response>;
}

/** A declaration as the registry stores it: with the claim of the route table, its handler taking any context. */
export interface AnyRouteDeclaration extends Omit<RouteDeclaration<boolean>, 'handler'> {
  claim: RouteClaim;
  /** A caller without a user token passes (auth null): the route limits them to public forms and link tokens. */
  anonymousForms?: true;
  /** Claims that grant the route as well as `claim` (the route table's). */
  alternatives?: readonly number[];
  handler: (ctx: RouteContext) => Response | Promise<Response>;
}

/** Thrown for a route declared wrongly (no claim, unknown claim, bad path…). */
export class RouteDeclarationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RouteDeclarationError';
  }
}

/** The name of a permission number (for messages). */
export const permissionName = claimKey;

/** Finds who may call a route: the domain's route table (tests pass their own). */
export type RouteLookup = (method: string, path: string) => RouteRule | undefined;

/**
 * Declares a route with the claim the domain's route table gives it; throws when the declaration is
 * incomplete, the route is not in the table, or `anonymous` disagrees with the table's `public`.
 */
export function route<A extends boolean = false>(
  declaration: RouteDeclaration<A>,
  lookup: RouteLookup = routeRule,
): AnyRouteDeclaration {
  const d = declaration as Partial<RouteDeclaration<boolean>>;
  if (!d || typeof d !== 'object') throw new RouteDeclarationError('A route needs a declaration');
  if (!d.method || !METHODS.includes(d.method)) {
    throw new RouteDeclarationError(`Route ${String(d.path)}: unknown method ${String(d.method)}`);
  }
  if (typeof d.path !== 'string' || !/^(?:\/(?:api|odata)\/[A-Za-z0-9/_-]+|\/odata\/\$metadata)$/.test(d.path)) {
    throw new RouteDeclarationError(`Route ${String(d.path)}: the path must start with /api/ or /odata/`);
  }
  const rule = lookup(d.method, d.path);
  if (!rule) {
    throw new RouteDeclarationError(
      `Route ${d.method} ${d.path} is not in the route table (src/contract/route-access.ts): add who may call it there`,
    );
  }
  // Public routes, and the forms routes anonymous link holders may call (`anonymousForms`), take anonymous callers.
  if ((rule.claim === 'public' || rule.anonymousForms === true) !== (d.anonymous === true)) {
    throw new RouteDeclarationError(
      `Route ${d.method} ${d.path}: the route table says ${String(rule.claim)}; declare anonymous: true exactly for public routes`,
    );
  }
  if (typeof d.handler !== 'function') throw new RouteDeclarationError(`Route ${d.method} ${d.path} has no handler`);
  return Object.freeze({
    ...declaration,
    claim: rule.claim,
    ...(rule.anonymousForms ? { anonymousForms: true } : {}),
    ...(rule.alternatives ? { alternatives: rule.alternatives } : {}),
  }) as unknown as AnyRouteDeclaration;
}

/** The declared routes. */
export class RouteRegistry {
  private readonly routes: AnyRouteDeclaration[] = [];

  /** A registry of the routes of `lookup`'s table (default: the domain's). */
  constructor(private readonly lookup: RouteLookup = routeRule) {}

  /** Adds declarations (made with `route`); a method + path may be declared once. */
  add(...declarations: AnyRouteDeclaration[]): this {
    for (const d of declarations) {
      const checked = route(d as RouteDeclaration<boolean>, this.lookup);
      const key = `${checked.method} ${checked.path.toLowerCase()}`;
      if (this.routes.some((r) => `${r.method} ${r.path.toLowerCase()}` === key)) {
        throw new RouteDeclarationError(`Route ${checked.method} ${checked.path} is declared twice`);
      }
      this.routes.push(checked);
    }
    return this;
  }

  /** Every declared route. */
  list(): readonly AnyRouteDeclaration[] {
    return [...this.routes];
  }

  /** The declaration for a method and path, if any. */
  find(method: string, path: string): AnyRouteDeclaration | undefined {
    return this.routes.find((r) => r.method === method && r.path === path);
  }
}

/** The caller of a request with a user token; a token refused answers 401 with its challenge. */
async function authenticate(c: Context<AppEnv>, services: Services): Promise<AuthContext> {
  let token: Awaited<ReturnType<Services['verifier']['verify']>>;
  try {
    token = await services.verifier.verify(bearerToken(c.req.header('authorization')));
  } catch (error) {
    if (!(error instanceof TokenError)) throw error;
    const missing = error.problem === 'missing';
    const description = missing ? ACCESS_TOKEN_REQUIRED : error.message;
    throw new TokenRefusal(description, `Bearer realm="forms-admin"${missing ? '' : `, error="invalid_token", error_description="${description}"`}`);
  }
  const user = await ensureApplicationUser(services.db, token, services.accountLookup);
  if (user.isDeleted || !user.isEnabled) throw new DomainError(403, 'The user is disabled.');
  const claims = await services.claims.effectiveClaims(user.id);
  return { token, user, claims };
}

/** A reply as Hono sends it (headers set with `c.header` are kept). */
export function sendReply(c: Context, { status, headers, body }: HttpReply): Response {
  const data = body instanceof Uint8Array ? Buffer.from(body) : body;
  // Hono types a body of null apart from one with data.
  return data === null ? c.body(null, status as 200, headers) : c.body(data, status as 200, headers);
}

/** Mounts the declared routes on the app, each behind the one binding core's gate, then the deny-by-default 404s. */
export function mountRoutes(app: Hono<AppEnv>, registry: RouteRegistry, services: Services): void {
  for (const declaration of registry.list()) {
    const rule: RouteRule = declaration;
    app.on(declaration.method, declaration.path, (c) =>
      callRoute<AuthContext | null, Response>(
        rule,
        {
          // Without a JWT, a route anonymous callers may use runs for them (a forms route checks a link token itself).
          identify: async () => {
            if ((rule.claim === 'public' || rule.anonymousForms) && !/^Bearer\s+\S+\.\S+\.\S+\s*$/i.test(c.req.header('authorization') ?? '')) return { caller: null, gate: null };
            const auth = await authenticate(c, services);
            // The caller is enabled: authenticate refuses a disabled one.
            return { caller: auth, gate: { enabled: true, holds: (claim) => satisfies(auth.claims, claim) } };
          },
          anonymous: () => null,
          send: (reply) => sendReply(c, reply),
        },
        (auth) => {
          c.set('auth', auth);
          return declaration.handler({ c, auth, services, query: new QueryReader(c.req.url) });
        },
      ),
    );
  }
  const notFound = (c: Context<AppEnv>) => problem(c, 404, `Nothing answers ${c.req.method} ${c.req.path}.`);
  app.all('/api/*', notFound);
  app.all('/odata/*', notFound);
  app.all('/api', notFound);
  app.all('/odata', notFound);
}
