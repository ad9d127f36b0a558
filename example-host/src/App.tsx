import { MantineProvider } from '@mantine/core';
import { colorSchemeManager, DEFAULT_COLOR_SCHEME } from './colorScheme';
import { OidcConfigGate } from './components/OidcConfigGate';
import { HostRouterProvider } from './HostRouterProvider';
import { PendingPage } from './components/PendingPage';
import { Toasts } from './components/Toasts';
import { LOGIN_CALLBACK_PATH, SIGNED_OUT_PATH } from './config';
import { AuthenticatedAPIProvider, AuthProvider, ccqTheme } from './formsAdmin';
import type { AppRouter } from './router';

export interface AppProps {
  /** Base URL of the backend. */
  apiBaseUrl: string;
  /** The host's router. */
  router: AppRouter;
  /** The page's origin; the sign-in callback lives on it. @default window.location.origin */
  origin?: string;
}

/**
 * The whole host: Mantine (following the system's colour scheme until the user picks one), the toast area (loaded
 * with the first toast), then sign-in settings from the backend, auth, API and routes. Mantine's modals provider is
 * the admin area's (adminArea.tsx): it brings Modal, ScrollArea and floating-ui, which the public pages never show.
 */
export function App({ apiBaseUrl, router, origin = window.location.origin }: AppProps) {
  return (
    <MantineProvider theme={ccqTheme} defaultColorScheme={DEFAULT_COLOR_SCHEME} colorSchemeManager={colorSchemeManager}>
      <Toasts />
      <OidcConfigGate apiBaseUrl={apiBaseUrl}>
        {(oidc) => (
          <AuthProvider
            config={{
              authority: oidc.authority,
              clientId: oidc.clientId,
              redirectUri: `${origin}${LOGIN_CALLBACK_PATH}`,
              postLogoutRedirectUri: `${origin}${SIGNED_OUT_PATH}`,
              extraScopes: oidc.scopes,
              ...(oidc.resource ? { resource: oidc.resource } : {}),
            }}
          >
            <AuthenticatedAPIProvider baseUrl={apiBaseUrl} loading={<PendingPage />}>
              <HostRouterProvider router={router} />
            </AuthenticatedAPIProvider>
          </AuthProvider>
        )}
      </OidcConfigGate>
    </MantineProvider>
  );
}
