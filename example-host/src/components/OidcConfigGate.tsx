import { Center, Loader, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { ErrorAlert, fillLabel } from '../formsAdmin';
import { hostLabels } from '../hostLabels';
import { fetchOidcConfig, OIDC_CONFIG_TIMEOUT_MS, OidcConfigError } from '../oidcConfig';
import type { HostOidcConfig } from '../oidcConfig';
import { useLabelTexts } from '../useLabelTexts';

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
  const labels = useLabelTexts(hostLabels);
  const timeoutTemplate = labels.hostBackendTimeout;

  useEffect(() => {
    const controller = new AbortController();
    const timer = window.setTimeout(
      () => controller.abort(new OidcConfigError(fillLabel(timeoutTemplate, { url: apiBaseUrl, seconds: OIDC_CONFIG_TIMEOUT_MS / 1000 }))),
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
  }, [apiBaseUrl, load, attempt, timeoutTemplate]);

  if (state.status === 'ready') return <>{children(state.config)}</>;
  return (
    <Center mih="100vh" p="md">
      {state.status === 'loading' ? (
        <Stack align="center" gap="xs">
          <Loader aria-label={labels.hostLoadingSignInSettings} />
        </Stack>
      ) : (
        <ErrorAlert
          maw={520}
          w="100%"
          title={labels.hostBackendUnreachable}
          message={fillLabel(labels.hostSignInSettingsFailed, { url: apiBaseUrl })}
          details={state.error.message}
          onRetry={() => setAttempt((n) => n + 1)}
        />
      )}
    </Center>
  );
}
OidcConfigGate.displayName = 'OidcConfigGate';
