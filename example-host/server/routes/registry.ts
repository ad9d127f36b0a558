/**
 * Route declarations (DESIGN §8: deny by default).
 *
 * Every endpoint is declared with `route({ method, path, claim, handler })`, where `claim` is the
 * server claim (a `Permission` number) the caller needs, `'authenticated'` (any signed-in user) or
 * `'public'`. Declarations are kept in a `RouteRegistry`, which tests enumerate; `mountRoutes` is the
 * only way routes reach the app, and any /api or /odata request that matches no declaration gets 404.
 */
import type { Context, Hono } from 'hono';
import { Permission } from '../../../src/api/enums';
import type { JsonValue } from '../../../src/api/types';
import { ensureApplicationUser, TokenError, bearerToken, type AuthContext } from '../auth';
import { hasClaim } from '../claims-service';
import type { Services } from '../services';
import { HttpError, problem, QueryReader } from './http';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** What a route requires of its caller. */
export type RouteClaim = number | 'public' | 'authenticated';

/** Hono environment of the app. */
export type AppEnv = { Variables: { auth: AuthContext | null } };

/** What a handler receives. `auth` is set on every non-public route. */
export interface RouteContext<TAuth extends AuthContext | null = AuthContext | null> {
  c: Context<AppEnv>;
  auth: TAuth;
  services: Services;
  query: QueryReader;
}

type AuthFor<C extends RouteClaim> = C extends 'public' ? AuthContext | null : AuthContext;

/** A request the route-walk test can send (a route with no example is called without parameters). */
export interface RouteExample {
  query?: Record<string, string>;
  body?: JsonValue;
}

/** One declared route. */
export interface RouteDeclaration<C extends RouteClaim = RouteClaim> {
  method: HttpMethod;
  /** The exact path, starting with /api/ or /odata/. */
  path: string;
  claim: C;
  /** One line for docs and logs. */
  summary?: string;
  example?: RouteExample;
  handler: (ctx: RouteContext<AuthFor<C>>) => Response | Promise<Response>;
}

/** A declaration whose handler accepts any context (what the registry stores). */
export interface AnyRouteDeclaration extends Omit<RouteDeclaration, 'handler'> {
  handler: (ctx: RouteContext) => Response | Promise<Response>;
}

/** Thrown for a route declared wrongly (no claim, unknown claim, bad path…). */
export class RouteDeclarationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RouteDeclarationError';
  }
}

const PERMISSION_VALUES = new Set<number>(Object.values(Permission));
const PERMISSION_NAMES = new Map<number, string>(Object.entries(Permission).map(([k, v]) => [v, k]));

/** The name of a permission number (for messages). */
export function permissionName(value: number): string {
  return PERMISSION_NAMES.get(value) ?? String(value);
}

/** Declares a route; throws when the declaration is incomplete. */
export function route<C extends RouteClaim>(declaration: RouteDeclaration<C>): AnyRouteDeclaration {
  const d = declaration as Partial<RouteDeclaration<RouteClaim>>;
  if (!d || typeof d !== 'object') throw new RouteDeclarationError('A route needs a declaration');
  if (!d.method || !METHODS.includes(d.method)) {
    throw new RouteDeclarationError(`Route ${String(d.path)}: unknown method ${String(d.method)}`);
  }
  if (typeof d.path !== 'string' || !/^\/(api|odata)\/[A-Za-z0-9/_-]+$/.test(d.path)) {
    throw new RouteDeclarationError(`Route ${String(d.path)}: the path must start with /api/ or /odata/`);
  }
  const claim = d.claim;
  if (claim === undefined || claim === null) {
    throw new RouteDeclarationError(
      `Route ${d.method} ${d.path} declares no claim: use a Permission, 'authenticated' or 'public'`,
    );
  }
  if (claim !== 'public' && claim !== 'authenticated' && !(typeof claim === 'number' && PERMISSION_VALUES.has(claim))) {
    throw new RouteDeclarationError(`Route ${d.method} ${d.path}: unknown claim ${String(claim)}`);
  }
  if (typeof d.handler !== 'function') throw new RouteDeclarationError(`Route ${d.method} ${d.path} has no handler`);
  return Object.freeze({ ...declaration }) as unknown as AnyRouteDeclaration;
}

/** The declared routes. */
export class RouteRegistry {
  private readonly routes: AnyRouteDeclaration[] = [];

  /** Adds declarations (made with `route`); a method + path may be declared once. */
  add(...declarations: AnyRouteDeclaration[]): this {
    for (const d of declarations) {
      const checked = route(d as RouteDeclaration);
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
  const required = permissionName(claim);
  return problem(c, 403, `The claim '${required}' is required.`, { requiredClaim: required });
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
  if (user.isDeleted || !user.isEnabled) throw new HttpError(403, 'The user is disabled.');
  const claims = await services.claims.effectiveClaims(user.id);
  return { token, user, claims };
}

/** Mounts the declared routes on the app, each behind its claim check, then the deny-by-default 404s. */
export function mountRoutes(app: Hono<AppEnv>, registry: RouteRegistry, services: Services): void {
  for (const declaration of registry.list()) {
    app.on(declaration.method, declaration.path, async (c) => {
      let auth: AuthContext | null = null;
      if (declaration.claim === 'public') {
        // A valid token on a public route identifies the caller; an invalid one is ignored.
        if (c.req.header('authorization')) auth = await authenticate(c, services).catch(() => null);
      } else {
        try {
          auth = await authenticate(c, services);
        } catch (error) {
          if (error instanceof TokenError) return unauthorized(c, error);
          throw error;
        }
        if (typeof declaration.claim === 'number' && !hasClaim(auth.claims, declaration.claim)) {
          return claimRequired(c, declaration.claim);
        }
      }
      c.set('auth', auth);
      return declaration.handler({ c, auth, services, query: new QueryReader(c.req.url) });
    });
  }
  const notFound = (c: Context<AppEnv>) => problem(c, 404, `Nothing answers ${c.req.method} ${c.req.path}.`);
  app.all('/api/*', notFound);
  app.all('/odata/*', notFound);
  app.all('/api', notFound);
  app.all('/odata', notFound);
}
