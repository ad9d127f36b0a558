import { WebStorageStateStore } from 'oidc-client-ts';
import type { UserManagerSettings } from 'oidc-client-ts';

/** The scopes always asked for (docs/spec.md, Roles and permissions). */
export const BASE_SCOPES = ['openid', 'profile', 'email'] as const;
/** Access-token expiring notice, seconds before expiry (docs/spec.md, Constants and limits). */
export const ACCESS_TOKEN_EXPIRING_NOTIFICATION_SECONDS = 60;
/** Silent request timeout in seconds (docs/spec.md, Constants and limits). */
export const SILENT_REQUEST_TIMEOUT_SECONDS = 10;

/** What a host configures for sign-in. */
export interface AuthConfig {
  /** The identity provider's issuer URL. */
  authority: string;
  /** The OAuth client id of the host app. */
  clientId: string;
  /** Where the provider sends the browser back, e.g. `${origin}/authentication/login-callback`. */
  redirectUri: string;
  /** Where the provider sends the browser after sign-out. @default the site root */
  postLogoutRedirectUri?: string;
  /** Scopes beyond openid, profile and email (e.g. `offline_access`, an API scope). */
  extraScopes?: readonly string[];
  /** API resource indicator to ask tokens for (RFC 8707), when the provider needs one. */
  resource?: string;
  /** Any other oidc-client-ts setting. */
  overrides?: Partial<UserManagerSettings>;
}

/** The oidc-client-ts settings the spec fixes: redirect flow, local storage, automatic renewal. */
export function createUserManagerSettings(config: AuthConfig): UserManagerSettings {
  const scopes = [...BASE_SCOPES, ...(config.extraScopes ?? []).filter((s) => !(BASE_SCOPES as readonly string[]).includes(s))];
  const hasWindow = typeof window !== 'undefined';
  return {
    authority: config.authority,
    client_id: config.clientId,
    redirect_uri: config.redirectUri,
    post_logout_redirect_uri: config.postLogoutRedirectUri ?? (hasWindow ? `${window.location.origin}/` : undefined),
    response_type: 'code',
    scope: scopes.join(' '),
    loadUserInfo: true,
    automaticSilentRenew: true,
    accessTokenExpiringNotificationTimeInSeconds: ACCESS_TOKEN_EXPIRING_NOTIFICATION_SECONDS,
    silentRequestTimeoutInSeconds: SILENT_REQUEST_TIMEOUT_SECONDS,
    ...(config.resource ? { resource: config.resource } : {}),
    ...(hasWindow ? { userStore: new WebStorageStateStore({ store: window.localStorage }) } : {}),
    ...config.overrides,
  };
}
