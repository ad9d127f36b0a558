/** What the backend tells the host about sign-in (`GET /api/Claim/GetOIDCConfig`, a public endpoint). */
export interface HostOidcConfig {
  /** The identity provider's issuer URL. */
  authority: string;
  /** The host's public client id. */
  clientId: string;
  /** Scopes beyond openid, profile and email. */
  scopes: string[];
  /** API resource indicator to ask tokens for, when the backend names one. */
  resource?: string;
}

/** Path of the public sign-in configuration endpoint (docs/spec.md, Calls). */
export const OIDC_CONFIG_PATH = '/api/Claim/GetOIDCConfig';

/** How long the start-up waits for the backend before showing the error. */
export const OIDC_CONFIG_TIMEOUT_MS = 10_000;

/** The configuration call failed: the backend is unreachable or answered something unusable. */
export class OidcConfigError extends Error {
  override name = 'OidcConfigError';
  constructor(
    message: string,
    /** HTTP status, when the backend answered. */
    readonly status?: number,
  ) {
    super(message);
  }
}

function nonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim().length > 0;
}

/** Checks the body of `GetOIDCConfig`; anything unusable is an {@link OidcConfigError}. */
export function parseOidcConfig(body: unknown): HostOidcConfig {
  if (!body || typeof body !== 'object') throw new OidcConfigError('The sign-in configuration is not a JSON object.');
  const { authority, clientId, scopes, resource } = body as Record<string, unknown>;
  if (!nonEmptyString(authority)) throw new OidcConfigError('The sign-in configuration has no authority.');
  if (!nonEmptyString(clientId)) throw new OidcConfigError('The sign-in configuration has no clientId.');
  const scopeList = Array.isArray(scopes) ? scopes.filter(nonEmptyString) : [];
  return {
    authority,
    clientId,
    scopes: scopeList,
    ...(nonEmptyString(resource) ? { resource } : {}),
  };
}

/** Loads the sign-in configuration from the backend at `apiBaseUrl`. */
export async function fetchOidcConfig(
  apiBaseUrl: string,
  { signal, fetchFn = fetch }: { signal?: AbortSignal; fetchFn?: typeof fetch } = {},
): Promise<HostOidcConfig> {
  const url = `${apiBaseUrl}${OIDC_CONFIG_PATH}`;
  let response: Response;
  try {
    response = await fetchFn(url, { headers: { accept: 'application/json' }, signal });
  } catch (cause) {
    if (signal?.aborted && signal.reason instanceof OidcConfigError) throw signal.reason;
    throw new OidcConfigError(`The backend at ${apiBaseUrl} could not be reached (${cause instanceof Error ? cause.message : String(cause)}).`);
  }
  if (response.status !== 200) {
    throw new OidcConfigError(`The backend answered ${response.status} for ${OIDC_CONFIG_PATH}.`, response.status);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new OidcConfigError(`The backend answered ${OIDC_CONFIG_PATH} with something that is not JSON.`, response.status);
  }
  return parseOidcConfig(body);
}
