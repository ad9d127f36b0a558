import type { ReactNode } from 'react';
import { corsRefusalProbe } from '../api/cors-probe';
import { APIProvider } from '../query/APIProvider';
import type { APIProviderProps } from '../query/APIProvider';
import { useAuth } from './AuthProvider';

/** Props of {@link AuthenticatedAPIProvider}: those of `APIProvider` less what sign-in supplies. */
export type AuthenticatedAPIProviderProps = Omit<
  APIProviderProps,
  'accessToken' | 'getAccessToken' | 'renewAccessToken' | 'userKey'
> & {
  /** Rendered while the stored session loads or signing out runs, so no call goes out without its token. @default null */
  loading?: ReactNode;
};

/**
 * `APIProvider` wired to the nearest `AuthProvider`: every call carries the current access token,
 * a 401 renews it once and replays, a new token refetches every cached query, and another user
 * signing in clears the cache. A request refused by CORS says so (the server's HOST_ORIGIN must list the page).
 */
export function AuthenticatedAPIProvider({ loading = null, children, clientOptions, ...props }: AuthenticatedAPIProviderProps) {
  const auth = useAuth();
  return (
    <APIProvider
      {...props}
      // A CORS refusal (the server is up, this page's origin is not allowed) says so instead of 'could not be reached'.
      clientOptions={{ detectCorsRefusal: corsRefusalProbe, ...clientOptions }}
      // While signing out nothing of the session stays on screen, and no call goes out.
      children={auth.isLoading || auth.isSigningOut ? loading : children}
      accessToken={auth.user?.accessToken ?? null}
      getAccessToken={auth.getAccessToken}
      renewAccessToken={auth.renewAccessToken}
      userKey={auth.user?.subject ?? null}
    />
  );
}
AuthenticatedAPIProvider.displayName = '@ccq/forms-admin/AuthenticatedAPIProvider';
