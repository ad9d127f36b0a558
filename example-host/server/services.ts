/**
 * What route handlers get besides the request: configuration, database and the auth services.
 */
import type { AccountLookup, AccountProfile, TokenVerifier } from './auth';
import type { ClaimsService } from './claims-service';
import type { ResolvedConfig } from './config';
import type { Db } from './db/index';

export interface Services {
  config: ResolvedConfig;
  db: Db;
  /** Effective claims per user (cached). Call `claims.invalidateAll()` after any permission change. */
  claims: ClaimsService;
  verifier: TokenVerifier;
  /** The identity provider's issuer URL (the `authority` of GetOIDCConfig). */
  issuer: string;
  /** Profile data from the embedded identity provider's account store, when it runs. */
  accountLookup?: AccountLookup;
  /**
   * Every account of the identity provider's account store (what `FullSyncAndReturnExternalUsers`
   * syncs). Set for the embedded provider; an external provider's accounts cannot be listed.
   */
  listAccounts?: () => readonly ExternalAccount[];
}

/** An account of the identity provider, as `FullSyncAndReturnExternalUsers` reads it. */
export interface ExternalAccount extends Required<AccountProfile> {
  /** The subject (`sub`): the application user's `oidcId`. */
  sub: string;
}
