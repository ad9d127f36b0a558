import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { createTransport } from '../api/transport';
import type { ApiClientOptions } from '../api/transport';
import { ApiContext } from './api-context';
import type { ApiProviderState, FormTexts } from './api-context';
import type { Labels } from './labels';

// The provider builds only the transport and keeps the host's label overrides as given: the API areas and the texts
// are built where they are used (`useApi()` builds them all), so a page that uses a few carries only those.
export { ApiContext, OUTSIDE_PROVIDER_MESSAGE } from './api-context';
export type { ApiProviderState } from './api-context';
export { useApi } from './useApi';
export type { ApiContextValue } from './useApi';

/** Props of {@link APIProvider}. */
export interface APIProviderProps {
  /** Base URL of the backend, e.g. `https://api.example.com`. */
  baseUrl: string;
  /**
   * The current access token. When it changes, every cached query is refetched (docs/spec.md, Product).
   * Use this or `getAccessToken`; `AuthProvider` passes it for you.
   */
  accessToken?: string | null;
  /** Reads the access token; called on every request. Takes precedence over `accessToken`. */
  getAccessToken?: ApiClientOptions['getAccessToken'];
  /** Renews the access token after a 401; called once for any number of parallel 401s. */
  renewAccessToken?: ApiClientOptions['renewAccessToken'];
  /**
   * Who is signed in (e.g. the token's subject). When the user signs out or another user signs
   * in, the whole query cache is cleared so the previous user's data is never shown.
   */
  userKey?: string | null;
  /** The query client to use. @default a new QueryClient owned by the provider */
  queryClient?: QueryClient;
  /** Overrides of any user-visible text (a whole pack too: `germanLabels` of `@ccq/forms-admin/locales/de`). */
  labels?: Partial<Labels>;
  /**
   * The BCP 47 locale every date, time and number the components write follows ('de-DE', 'fr-FR'). @default the
   * browser's
   */
  locale?: string;
  /**
   * The form renderer's texts and validation messages for every form below (a pack's: `germanFormLabels`); a
   * renderer's or viewer's own `labels` / `formLabels` win over them.
   */
  formLabels?: FormTexts;
  /** Extra client options (custom fetch, retry policy). */
  clientOptions?: Omit<ApiClientOptions, 'baseUrl' | 'getAccessToken' | 'renewAccessToken'>;
  children?: ReactNode;
}

const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/** The query defaults of a provider-owned QueryClient. */
export function createDefaultQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The client already retries GETs on 5xx and network errors with backoff.
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/**
 * Provides the typed API client, TanStack Query and the labels to every screen below it.
 *
 * @example
 * <APIProvider baseUrl="https://api.example.com" accessToken={auth.user?.access_token}>
 *   <RoleManagement />
 * </APIProvider>
 */
export function APIProvider({
  baseUrl,
  accessToken,
  getAccessToken,
  renewAccessToken,
  userKey,
  queryClient: givenQueryClient,
  labels,
  locale,
  formLabels,
  clientOptions,
  children,
}: APIProviderProps) {
  const [ownQueryClient] = useState(() => (givenQueryClient ? null : createDefaultQueryClient()));
  const queryClient = givenQueryClient ?? (ownQueryClient as QueryClient);

  // The client reads the token on every call through these refs: never a token captured once.
  const tokenRef = useRef(accessToken);
  tokenRef.current = accessToken;
  const getterRef = useRef(getAccessToken);
  getterRef.current = getAccessToken;
  const renewRef = useRef(renewAccessToken);
  renewRef.current = renewAccessToken;

  const transport = useMemo(
    () =>
      createTransport({
        ...clientOptions,
        baseUrl,
        getAccessToken: () => (getterRef.current ? getterRef.current() : tokenRef.current),
        renewAccessToken: () => (renewRef.current ? renewRef.current() : Promise.resolve(null)),
      }),
    // clientOptions is read once per baseUrl: a new object each render must not rebuild the client.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [baseUrl],
  );

  // A different user: drop everything. The same user with a new token: refetch everything.
  // `reset`: the last render changed the user, and what it left on screen is to be fetched again (below).
  const previous = useRef({ accessToken, userKey, reset: false });
  // Before paint, so the previous user's data never reaches the screen.
  useIsomorphicLayoutEffect(() => {
    const before = previous.current;
    // Signing out or in as someone else: the previous user's data must never be shown.
    const reset = Boolean(before.userKey) && before.userKey !== userKey;
    previous.current = { accessToken, userKey, reset };
    if (reset) {
      // clear() alone would leave mounted observers showing the old data: drop what nobody shows, and empty what is
      // on screen now; what is still on screen once this render's unmounts have run is fetched again below.
      queryClient.getMutationCache().clear();
      queryClient.removeQueries({ type: 'inactive' });
      queryClient.getQueryCache().getAll().forEach((query) => query.reset());
    } else if (before.accessToken !== accessToken && accessToken) {
      void queryClient.invalidateQueries({ refetchType: 'all' });
    }
  }, [accessToken, userKey, queryClient]);
  // After the unmounts of the render that changed the user: a screen that the change took away (a signed-in page
  // whose session ended) has stopped observing its queries by then, so they are not fetched again without a token.
  useEffect(() => {
    if (previous.current.reset) void queryClient.refetchQueries({ type: 'active' });
  }, [userKey, queryClient]);

  const value = useMemo<ApiProviderState>(
    () => ({ transport, baseUrl, labelOverrides: labels, locale, formLabels, queryClient }),
    [transport, baseUrl, labels, locale, formLabels, queryClient],
  );

  return (
    <QueryClientProvider client={queryClient}>
      <ApiContext.Provider value={value}>{children}</ApiContext.Provider>
    </QueryClientProvider>
  );
}
APIProvider.displayName = '@ccq/forms-admin/APIProvider';
