/**
 * Who may call a route, decided once for both bindings: the contract's route → claim table gives the rule
 * (src/contract/route-access.ts), each binding tells who the caller is (the fake from its users, the server from the
 * verified token and the effective claims), and {@link gateRoute} answers the refusal or the caller the route runs for.
 */
import { claimRequiredError, DomainError, type RouteRule } from '../domain';
import { actsAsFormVisitor, signedInVisitorRefusal } from '../domain/forms/access';

/** A signed-in caller as the gate sees them. */
export interface GateUser {
  /** Enabled and not deleted. */
  enabled: boolean;
  /** Whether the caller holds a claim (a backend that does not enforce claims answers true). */
  holds(claim: number): boolean;
}

/**
 * A caller the gate lets through: `visitorOf` is the route's claim when a signed-in caller who lacks it runs the route
 * as an anonymous visitor of public forms (the route then applies the anonymous caller's rules), else null.
 */
export interface GatePass {
  visitorOf: number | null;
}

/**
 * Whether a route runs, as for an anonymous caller, when the bearer token names no user (unknown, altered, expired): a
 * public route does (its routes need no sign-in, and a visitor whose sign-in went stale still opens a public form);
 * every other route answers 401.
 */
export function ignoresInvalidToken(rule: Pick<RouteRule, 'claim'>): boolean {
  return rule.claim === 'public';
}

/** The message of a call that needs a signed-in user and has none. */
export const ACCESS_TOKEN_REQUIRED = 'An access token is required.';

/**
 * The gate of a route for a caller (null: nobody signed in): throws the refusal (401 without a user, 403 for a disabled
 * user or one lacking the claim, naming it), else answers how the route runs. Public routes let everyone through; on
 * the routes public-form visitors use, a caller without a user, or a signed-in one lacking the claim, is a visitor.
 */
export function gateRoute(rule: RouteRule, caller: GateUser | null): GatePass {
  if (rule.claim === 'public') return { visitorOf: null };
  if (!caller) {
    if (rule.anonymousForms) return { visitorOf: null };
    throw new DomainError(401, ACCESS_TOKEN_REQUIRED);
  }
  if (!caller.enabled) throw new DomainError(403, 'The user is disabled.');
  const claim = rule.claim;
  const holds = typeof claim !== 'number' || caller.holds(claim) || (rule.alternatives ?? []).some((c) => caller.holds(c));
  if (typeof claim === 'number' && rule.anonymousForms && actsAsFormVisitor(true, holds)) return { visitorOf: claim };
  if (!holds && typeof claim === 'number') throw claimRequiredError(claim);
  return { visitorOf: null };
}

/** The answer to an error a route threw for a caller the gate let through: a signed-in visitor's 401 is the claim's 403. */
export function gatedError(error: DomainError, pass: GatePass): DomainError {
  return pass.visitorOf === null ? error : (signedInVisitorRefusal(error, pass.visitorOf) ?? error);
}
