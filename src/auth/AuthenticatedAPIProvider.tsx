import { APIProvider } from '../query/APIProvider';
import type { APIProviderProps } from '../query/APIProvider';
import { useAuth } from './AuthProvider';

/** Props of {@link AuthenticatedAPIProvider}: those of `APIProvider` less what sign-in supplies. */
export type AuthenticatedAPIProviderProps = Omit<APIProviderProps, 'accessToken' | 'getAccessToken' | 'renewAccessToken' | 'userKey'>;

/**
 * `APIProvider` wired to the nearest `AuthProvider`: every call carries the current access token,
 * a 401 renews it once and replays, a new token refetches every cached query, and another user
 * signing in clears the cache.
 */
export function AuthenticatedAPIProvider(props: AuthenticatedAPIProviderProps) {
  const auth = useAuth();
  return (
    <APIProvider
      {...props}
      accessToken={auth.user?.accessToken ?? null}
      getAccessToken={auth.getAccessToken}
      renewAccessToken={auth.renewAccessToken}
      userKey={auth.user?.subject ?? null}
    />
  );
}
AuthenticatedAPIProvider.displayName = 'AuthenticatedAPIProvider';
