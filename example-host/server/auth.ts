/**
 * Bearer token verification and application-user provisioning. Effective claims live in
 * `claims-service.ts`.
 *
 * - Tokens are verified with `jose`: signature (the provider's JWKS), issuer, audience and expiry with
 *   a small clock leeway (≤ 60 s); `iat` is required and may not lie in the future beyond the leeway,
 *   `exp − iat` may not exceed the configured maximum lifetime, and the `typ` header must name an access
 *   token (`at+jwt`) where the provider issues it (an ID token of the same issuer is no access token).
 * - The caller becomes an application user on first call, matched by `sub` (= `oidcId`).
 * - Effective claims are computed with the shared `computeEffectiveClaims` and cached per user until
 *   the user's cache is cleared or any permission / membership change invalidates every entry.
 */
import { eq } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { Db } from './db/index';
import { applicationUsers } from './db/schema';

/** An application user row. */
export type ApplicationUserRow = typeof applicationUsers.$inferSelect;

/** Who is calling: the verified token, the application user and the user's effective claims. */
export interface AuthContext {
  token: JWTPayload & { sub: string };
  user: ApplicationUserRow;
  claims: ReadonlySet<number>;
}

/** Why a token was refused (the 401 body says it in `error_description`). */
export type TokenProblem = 'missing' | 'malformed' | 'expired' | 'invalid_signature' | 'invalid_claims' | 'invalid';

export class TokenError extends Error {
  constructor(readonly problem: TokenProblem, message: string) {
    super(message);
    this.name = 'TokenError';
  }
}

export interface TokenVerifierOptions {
  issuer: string;
  audience: string;
  keys: JWTVerifyGetKey;
  /** Clock leeway for `exp`, `nbf` and `iat`; never more than 60 s whatever is given. */
  clockToleranceSeconds: number;
  /** Longest accepted `exp − iat`, in seconds. */
  maxLifetimeSeconds: number;
  /** The `typ` header every token must carry (`at+jwt` also matches `application/at+jwt`); null: any. */
  requiredType: string | null;
}

/** The most clock leeway the verifier allows, in seconds. */
export const MAX_CLOCK_TOLERANCE_SECONDS = 60;

/** Extracts the bearer token from an Authorization header. */
export function bearerToken(header: string | undefined | null): string | null {
  if (!header) return null;
  const match = /^Bearer[ ]+([A-Za-z0-9\-._~+/]+=*)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

/** Verifies access tokens. */
export class TokenVerifier {
  constructor(private readonly options: TokenVerifierOptions) {}

  /** The verified payload, or a TokenError. */
  async verify(token: string | null): Promise<JWTPayload & { sub: string }> {
    if (!token) throw new TokenError('missing', 'No bearer token');
    if (token.split('.').length !== 3) throw new TokenError('malformed', 'The bearer token is not a JWT');
    const { requiredType, maxLifetimeSeconds } = this.options;
    const leeway = Math.min(MAX_CLOCK_TOLERANCE_SECONDS, Math.max(0, this.options.clockToleranceSeconds));
    try {
      const { payload } = await jwtVerify(token, this.options.keys, {
        issuer: this.options.issuer,
        audience: this.options.audience,
        clockTolerance: leeway,
        requiredClaims: ['sub', 'exp', 'iat'],
        ...(requiredType ? { typ: requiredType } : {}),
        algorithms: ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'],
      });
      if (typeof payload.sub !== 'string' || payload.sub.length === 0 || payload.sub.length > 255) {
        throw new TokenError('invalid_claims', 'The token has no usable subject');
      }
      // jose checks that exp and iat are numbers; their relation to now and to each other is ours.
      const { iat, exp } = payload as { iat: number; exp: number };
      if (iat > Math.floor(Date.now() / 1000) + leeway) {
        throw new TokenError('invalid_claims', 'The token was issued in the future.');
      }
      // Both come from the issuer's clock, so no leeway: a token meant to live longer is refused.
      if (exp - iat > maxLifetimeSeconds) {
        throw new TokenError('invalid_claims', `The token lives longer than the allowed ${maxLifetimeSeconds} seconds.`);
      }
      return payload as JWTPayload & { sub: string };
    } catch (error) {
      if (error instanceof TokenError) throw error;
      if (error instanceof joseErrors.JWTExpired) throw new TokenError('expired', 'The token has expired');
      if (error instanceof joseErrors.JWSSignatureVerificationFailed || error instanceof joseErrors.JWKSNoMatchingKey) {
        throw new TokenError('invalid_signature', 'The token signature is invalid');
      }
      if (error instanceof joseErrors.JWTClaimValidationFailed && error.claim === 'typ' && requiredType) {
        throw new TokenError('invalid_claims', `The token is not an access token (typ must be ${requiredType}).`);
      }
      if (error instanceof joseErrors.JWTClaimValidationFailed) {
        throw new TokenError('invalid_claims', `The token ${error.claim} claim is invalid`);
      }
      throw new TokenError('invalid', 'The token is invalid');
    }
  }
}

/** Profile data of an account, from the identity provider's account store when the token lacks it. */
export interface AccountProfile {
  name?: string;
  userName?: string;
  email?: string;
}
export type AccountLookup = (sub: string) => AccountProfile | undefined;

function stringClaim(payload: JWTPayload, name: string): string | undefined {
  const value = payload[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 320) : undefined;
}

/** The application user of a token's subject, created on first call. */
export async function ensureApplicationUser(
  db: Db,
  payload: JWTPayload & { sub: string },
  lookup?: AccountLookup,
): Promise<ApplicationUserRow> {
  const [existing] = await db.select().from(applicationUsers).where(eq(applicationUsers.oidcId, payload.sub));
  if (existing) return existing;
  const profile = lookup?.(payload.sub) ?? {};
  const email = stringClaim(payload, 'email') ?? profile.email ?? null;
  const userName = stringClaim(payload, 'preferred_username') ?? profile.userName ?? email ?? payload.sub.slice(0, 200);
  const name = stringClaim(payload, 'name') ?? profile.name ?? userName;
  await db
    .insert(applicationUsers)
    .values({ id: crypto.randomUUID(), oidcId: payload.sub, name, userName, email })
    .onConflictDoNothing({ target: applicationUsers.oidcId });
  const [created] = await db.select().from(applicationUsers).where(eq(applicationUsers.oidcId, payload.sub));
  if (!created) throw new Error('Could not create the application user');
  return created;
}
