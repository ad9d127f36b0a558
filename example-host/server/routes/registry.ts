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
  claimRequiredError,
  DomainError,
  routeRule,
  satisfies,
  type RouteClaim,
  type RouteMethod,
  type RouteRule,
} from '../../../src/domain';
import { gatedError, gateRoute, ignoresInvalidToken, type GatePass } from '../../../src/service/route-gate';
import { ensureApplicationUser, TokenError, bearerToken, type AuthContext } from '../auth';
import type { Services } from '../services';
import { domainProblem, problem, QueryReader } from './http';

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

/** 403 for a caller lacking `claim`: problem details naming it (also as the `requiredClaim` extension). */
export function claimRequired(c: Context, claim: number): Response {
  return domainProblem(c, claimRequiredError(claim));
}

function unauthorized(c: Context<AppEnv>, error: TokenError): Response {
  const description = error.problem === 'missing' ? 'An access token is required.' : error.message;
  c.header(
    'WWW-Authenticate',
    error.problem === 'missing'
      ? 'Bearer realm="forms-admin"'
      : `Bearer realm="forms-admin", error="invalid_token", error_description="${description}"`,
  );
  return problem(c, 401, description);
}

async function authenticate(c: Context<AppEnv>, services: Services): Promise<AuthContext> {
  const token = await services.verifier.verify(bearerToken(c.req.header('authorization')));
  const user = await ensureApplicationUser(services.db, token, services.accountLookup);
  if (user.isDeleted || !user.isEnabled) throw new DomainError(403, 'The user is disabled.');
  const claims = await services.claims.effectiveClaims(user.id);
  return { token, user, claims };
}

/** Mounts the declared routes on the app, each behind its claim check, then the deny-by-default 404s. */
export function mountRoutes(app: Hono<AppEnv>, registry: RouteRegistry, services: Services): void {
  for (const declaration of registry.list()) {
    app.on(declaration.method, declaration.path, async (c) => {
      let auth: AuthContext | null = null;
      if (ignoresInvalidToken(declaration)) {
        // A valid token on a public route identifies the caller; an invalid one is ignored.
        if (c.req.header('authorization')) auth = await authenticate(c, services).catch(() => null);
      } else if (!declaration.anonymousForms || /^Bearer\s+\S+\.\S+\.\S+\s*$/i.test(c.req.header('authorization') ?? '')) {
        // Without a JWT on a forms route: an anonymous caller, perhaps with a link token (bearer or ?token=) the handler checks.
        try {
          auth = await authenticate(c, services);
        } catch (error) {
          if (error instanceof TokenError) return unauthorized(c, error);
          if (error instanceof DomainError) return domainProblem(c, error);
          throw error;
        }
      }
      let pass: GatePass;
      try {
        const claims = auth?.claims;
        // The caller is enabled: authenticate refuses a disabled one.
        pass = gateRoute(declaration, claims ? { enabled: true, holds: (claim) => satisfies(claims, claim) } : null);
      } catch (error) {
        if (error instanceof DomainError) return domainProblem(c, error);
        throw error;
      }
      if (pass.visitorOf !== null) auth = null;
      c.set('auth', auth);
      try {
        return await declaration.handler({ c, auth, services, query: new QueryReader(c.req.url) });
      } catch (error) {
        if (error instanceof DomainError) return domainProblem(c, gatedError(error, pass));
        throw error;
      }
    });
  }
  const notFound = (c: Context<AppEnv>) => problem(c, 404, `Nothing answers ${c.req.method} ${c.req.path}.`);
  app.all('/api/*', notFound);
  app.all('/odata/*', notFound);
  app.all('/api', notFound);
  app.all('/odata', notFound);
}
