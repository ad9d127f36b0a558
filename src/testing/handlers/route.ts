/**
 * A route of the fake: method, path, who may call it, and what it answers. The route tables of
 * the areas are static; {@link toHttpHandler} binds a route to a backend and a base URL.
 */
import { delay, http, type HttpHandler } from 'msw';
import { Permission } from '../../api/enums';
import type { Caller, FakeBackend } from '../backend';
import { FakeHttpError, problem } from '../http';

/** HTTP methods the API uses. */
export type RouteMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who may call a route:
 * - `public`: anybody;
 * - `user`: a signed-in, enabled user (401 / 403 otherwise); with claim enforcement on, one holding `claim`;
 * - `form`: as `user`, but anonymous callers pass too and the route itself limits them to public
 *   schemas and the one instance their link token names.
 */
export type RouteAccess = { kind: 'public' } | { kind: 'user' | 'form'; claim?: number };

/** What a route's handler receives. */
export interface RouteContext {
  backend: FakeBackend;
  request: Request;
  url: URL;
  caller: Caller;
}

/** One route of the fake. */
export interface FakeRoute {
  method: RouteMethod;
  /** Path below the base URL, e.g. `/api/Claim/GetMyClaims`. */
  path: string;
  access: RouteAccess;
  handle(ctx: RouteContext): Response | Promise<Response>;
}

/** Public access. */
export const PUBLIC: RouteAccess = { kind: 'public' };
/** Any signed-in user, or one holding `claim` when claims are enforced. */
export const user = (claim?: number): RouteAccess => ({ kind: 'user', claim });
/** Signed-in users, or anonymous callers limited by the route (public forms). */
export const form = (claim?: number): RouteAccess => ({ kind: 'form', claim });

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

/** The name of a permission number (for messages). */
export function permissionName(claim: number): string {
  return Object.entries(Permission).find(([, v]) => v === claim)?.[0] ?? String(claim);
}

/**
 * The error a route throws for a caller lacking `claim`: 403 naming it, also as the `requiredClaim`
 * extension member (as the reference server answers).
 */
export function claimRequired(claim: number): FakeHttpError {
  const name = permissionName(claim);
  return new FakeHttpError(403, `The claim '${name}' is required.`, { requiredClaim: name });
}

/** Refusal of a caller by a route's access rule, or null when the caller may go on. */
export function refusal(backend: FakeBackend, access: RouteAccess, caller: Caller): Response | null {
  if (caller.invalidToken) return problem(401, 'The bearer token names no user.');
  if (access.kind === 'public') return null;
  const signedIn = caller.user;
  if (!signedIn) return access.kind === 'form' ? null : problem(401, 'An access token is required.');
  if (!signedIn.isEnabled) return problem(403, 'The user is disabled.');
  if (backend.enforceClaims && access.claim !== undefined && !backend.hasClaim(signedIn.id, access.claim)) {
    const refused = claimRequired(access.claim);
    return problem(refused.status, refused.message, refused.extensions);
  }
  return null;
}

/** An MSW handler serving `route` from `backend`. */
export function toHttpHandler(backend: FakeBackend, route: FakeRoute, options: HandlerOptions = {}): HttpHandler {
  return http[route.method](joinUrl(options.baseUrl, route.path), async ({ request }) => {
    if (options.latencyMs && options.latencyMs > 0) await delay(options.latencyMs);
    const caller = backend.identify(request);
    backend.record(request, caller.user);
    const refused = refusal(backend, route.access, caller);
    if (refused) return refused;
    try {
      return await route.handle({ backend, request, url: new URL(request.url), caller });
    } catch (error) {
      if (error instanceof FakeHttpError) return problem(error.status, error.message, error.extensions);
      throw error;
    }
  });
}
