import { useContext, useEffect, useRef, useState } from 'react';
import { AuthStatusCard } from '../ui/AuthStatusCard';
import { ApiContext } from '../query/APIProvider';
import { resolveLabels } from '../query/labels';
import type { Labels } from '../query/labels';
import { useAuth } from './AuthProvider';

/** Props of {@link LoginCallback}. */
export interface LoginCallbackProps {
  /**
   * Navigates to the checked return path after sign-in. Router-agnostic: pass your router's
   * navigate. @default `window.location.replace(path)`
   */
  onRedirect?: (path: string) => void;
  /** How long the 'Signed in' message shows before redirecting, in ms. @default 600 */
  redirectDelayMs?: number;
  /** Text overrides (else the nearest APIProvider's labels, else English). */
  labels?: Partial<Labels>;
}

type Status = 'loading' | 'success' | 'error';

/**
 * The sign-in callback page (docs/spec.md, Screens and routes): 'Finishing sign in…', then 'Signed in' and a redirect to
 * the path stored before sign-in, or 'Sign in failed' with 'Try again', which restarts sign-in and
 * forces the login prompt. Runs the code exchange once, even under StrictMode, and removes `code`
 * and `state` from the address bar.
 */
export function LoginCallback({ onRedirect, redirectDelayMs = 600, labels }: LoginCallbackProps) {
  const auth = useAuth();
  const api = useContext(ApiContext);
  const [status, setStatus] = useState<Status>('loading');
  const [error, setError] = useState<string | undefined>();
  const started = useRef(false);
  const redirectRef = useRef(onRedirect);
  redirectRef.current = onRedirect;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const url = window.location.href;
    // The code and state are single-use: keep them out of history and bookmarks.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    auth
      .completeSignIn(url)
      .then((returnTo) => {
        setStatus('success');
        window.setTimeout(() => {
          if (redirectRef.current) redirectRef.current(returnTo);
          else window.location.replace(returnTo);
        }, redirectDelayMs);
      })
      .catch((cause: unknown) => {
        setError(cause instanceof Error ? cause.message : String(cause));
        setStatus('error');
      });
    // Runs once: the exchange must never be attempted twice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const text = resolveLabels({ ...api?.labelOverrides, ...labels });
  return (
    <AuthStatusCard
      status={status}
      error={error}
      labels={{
        loadingTitle: text.signInFinishingTitle,
        loadingMessage: text.signInFinishingMessage,
        successTitle: text.signInSuccessTitle,
        successMessage: text.signInSuccessMessage,
        errorTitle: text.signInFailedTitle,
        errorMessage: text.signInFailedMessage,
        retry: text.tryAgain,
      }}
      onRetry={() => {
        void auth.signIn({ forceLogin: true, returnTo: '/' });
      }}
    />
  );
}
LoginCallback.displayName = '@ccq/forms-admin/LoginCallback';
