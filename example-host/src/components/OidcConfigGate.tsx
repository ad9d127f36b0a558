import { Center, Loader, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { ErrorAlert } from '../formsAdmin';
import { fetchOidcConfig, OIDC_CONFIG_TIMEOUT_MS, OidcConfigError } from '../oidcConfig';
import type { HostOidcConfig } from '../oidcConfig';

export interface OidcConfigGateProps {
  /** Base URL of the backend. */
  apiBaseUrl: string;
  /** Renders the app once the sign-in configuration is known. */
  children: (config: HostOidcConfig) => ReactNode;
  /** Loads the configuration. @default fetchOidcConfig */
  load?: typeof fetchOidcConfig;
}

type GateState = { status: 'loading' } | { status: 'error'; error: Error } | { status: 'ready'; config: HostOidcConfig };

/**
 * Start-up: the host learns its sign-in settings from the backend before anything else renders. A Loader shows
 * meanwhile; an unreachable backend shows an error with 'Try again' instead of a blank page.
 */
export function OidcConfigGate({ apiBaseUrl, children, load = fetchOidcConfig }: OidcConfigGateProps) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<GateState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    const timer = window.setTimeout(
      () => controller.abort(new OidcConfigError(`The backend at ${apiBaseUrl} did not answer within ${OIDC_CONFIG_TIMEOUT_MS / 1000} s.`)),
      OIDC_CONFIG_TIMEOUT_MS,
    );
    setState({ status: 'loading' });
    load(apiBaseUrl, { signal: controller.signal })
      .then((config) => {
        if (!controller.signal.aborted) setState({ status: 'ready', config });
      })
      .catch((cause: unknown) => {
        // An unmount aborts too; only a timeout's reason is worth showing.
        if (controller.signal.aborted && !(controller.signal.reason instanceof OidcConfigError)) return;
        setState({ status: 'error', error: cause instanceof Error ? cause : new Error(String(cause)) });
      })
      .finally(() => window.clearTimeout(timer));
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [apiBaseUrl, load, attempt]);

  if (state.status === 'ready') return <>{children(state.config)}</>;
  return (
    <Center mih="100vh" p="md">
      {state.status === 'loading' ? (
        <Stack align="center" gap="xs">
          <Loader aria-label="Loading sign-in settings" />
        </Stack>
      ) : (
        <ErrorAlert
          maw={520}
          w="100%"
          title="The backend is unreachable"
          message={`Sign-in settings could not be loaded from ${apiBaseUrl}. Check that the backend is running, then try again.`}
          details={state.error.message}
          onRetry={() => setAttempt((n) => n + 1)}
        />
      )}
    </Center>
  );
}
OidcConfigGate.displayName = 'OidcConfigGate';
