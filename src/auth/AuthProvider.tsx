import { ErrorResponse, UserManager } from 'oidc-client-ts';
import type { User, UserManagerSettings } from 'oidc-client-ts';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { createSafeContext } from '../query/createSafeContext';
import { safeReturnPath } from './returnPath';
import type { SignInState } from './returnPath';
import { createUserManagerSettings } from './settings';
import type { AuthConfig } from './settings';

/** The signed-in user as the screens see it (docs/spec.md, Entities "Auth user"). */
export interface AuthUser {
  /** Display name from the provider (name, else preferred_username, else email, else subject). */
  name: string;
  /** The current access token, sent to every API call. */
  accessToken: string;
  /** The ID token. */
  idToken: string | undefined;
  /** The user's subject at the identity provider. */
  subject: string;
  email: string | undefined;
  /** When the access token expires, in seconds since the epoch. */
  expiresAt: number | undefined;
}

/** Where an auth error came from. */
export type AuthErrorSource = 'signinCallback' | 'signinRedirect' | 'renew' | 'signout' | 'load';

/** An error of the sign-in flow. */
export interface AuthError {
  source: AuthErrorSource;
  message: string;
  cause: unknown;
}

/** What `useAuth()` returns. */
export interface AuthContextValue {
  user: AuthUser | null;
  /** The underlying oidc-client-ts user. */
  oidcUser: User | null;
  isLoading: boolean;
  isAuthenticated: boolean;
  /**
   * True from the moment `signOut()` starts until the browser leaves for the provider: screens show
   * nothing of the session, and `RequireAuth` starts no new sign-in.
   */
  isSigningOut: boolean;
  error: AuthError | null;
  /**
   * Starts the redirect sign-in. The current path (or `returnTo`) is stored and restored after.
   * `forceLogin` asks the provider for its login prompt even when a session exists.
   */
  signIn(options?: { returnTo?: string; forceLogin?: boolean }): Promise<void>;
  /**
   * Signs out: revokes the refresh token, removes the stored session, then ends the provider's
   * session (end-session with `id_token_hint`) and lands on the post-logout redirect URI. No
   * automatic sign-in starts on the way. When the provider cannot be reached the local session still
   * ends and `error.source` is `'signout'`.
   */
  signOut(): Promise<void>;
  /**
   * Renews the access token once for all callers (single-flight in this tab and, where
   * `navigator.locks` exists, across tabs). Resolves the new token, or null when renewal failed.
   */
  renewAccessToken(): Promise<string | null>;
  /** The access token now, read fresh (never captured). */
  getAccessToken(): string | null;
  /** Completes the redirect sign-in on the callback page; resolves the checked return path. */
  completeSignIn(url?: string): Promise<string>;
  userManager: UserManager;
}

/**
 * The raw context of the nearest `AuthProvider` (`AuthContext`), for hosts that read it optionally: null outside one
 * ({@link useAuth} throws there instead).
 */
const [AuthContext, useAuthContext] = createSafeContext<AuthContextValue>('useAuth must be used inside an AuthProvider.');
AuthContext.displayName = '@ccq/forms-admin/AuthContext';

/** The auth state of the nearest `AuthProvider`. */
export function useAuth(): AuthContextValue {
  return useAuthContext();
}

interface State {
  user: User | null;
  isLoading: boolean;
  isSigningOut: boolean;
  error: AuthError | null;
}
type Action =
  | { type: 'loaded'; user: User | null }
  | { type: 'error'; error: AuthError }
  | { type: 'signingOut' }
  | { type: 'signOutFailed'; error: AuthError }
  | { type: 'clearError' };

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'loaded':
      // While signing out, a user loaded by a late renewal must not bring the session back.
      if (state.isSigningOut) return { ...state, user: null, isLoading: false };
      return { ...state, user: action.user && !action.user.expired ? action.user : null, isLoading: false, error: null };
    case 'error':
      return { ...state, isLoading: false, error: action.error };
    case 'signingOut':
      return { ...state, isSigningOut: true, error: null };
    case 'signOutFailed':
      return { ...state, user: null, isLoading: false, isSigningOut: false, error: action.error };
    case 'clearError':
      return { ...state, error: null };
  }
}

function toAuthUser(user: User): AuthUser {
  const p = user.profile;
  return {
    name: String(p.name ?? p.preferred_username ?? p.email ?? p.sub),
    accessToken: user.access_token,
    idToken: user.id_token,
    subject: p.sub,
    email: typeof p.email === 'string' ? p.email : undefined,
    expiresAt: user.expires_at,
  };
}

/**
 * The provider's answers to a refresh that mean the session is over, not that the provider could not answer now: the
 * refresh token is unknown, expired or revoked (`invalid_grant`; also what a provider whose stored state was reset
 * says), or the provider wants the person to sign in again.
 */
const SESSION_OVER_ERRORS = new Set(['invalid_grant', 'login_required', 'interaction_required', 'consent_required', 'account_selection_required']);

/** Whether `cause` is the provider refusing to renew the session (see {@link SESSION_OVER_ERRORS}). */
function isSessionOver(cause: unknown): boolean {
  return cause instanceof ErrorResponse && cause.error !== null && SESSION_OVER_ERRORS.has(cause.error);
}

function errorOf(source: AuthErrorSource, cause: unknown): AuthError {
  return { source, cause, message: cause instanceof Error ? cause.message : String(cause) };
}

function currentPath(): string {
  if (typeof window === 'undefined') return '/';
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

/** Props of {@link AuthProvider}: either the sign-in configuration or a ready `UserManager`. */
export type AuthProviderProps = {
  children?: ReactNode;
} & ({ config: AuthConfig; userManager?: never; settings?: never } | { userManager: UserManager; config?: never; settings?: never } | { settings: UserManagerSettings; config?: never; userManager?: never });

/**
 * Sign-in over oidc-client-ts: redirect flow (authorization code + PKCE), scopes openid, profile
 * and email plus configured extras, the session in local storage, automatic silent renewal with a
 * 60 s expiring notice and a 10 s silent request timeout.
 */
export function AuthProvider(props: AuthProviderProps) {
  const { children } = props;
  const [userManager] = useState<UserManager>(() => {
    if (props.userManager) return props.userManager;
    if (props.settings) return new UserManager(props.settings);
    return new UserManager(createUserManagerSettings(props.config as AuthConfig));
  });
  const [state, dispatch] = useReducer(reducer, { user: null, isLoading: true, isSigningOut: false, error: null });
  const userRef = useRef<User | null>(null);
  userRef.current = state.user;
  const renewing = useRef<Promise<string | null> | null>(null);

  // Renews the stored session with its refresh token. When the provider refuses it (isSessionOver) the stored session
  // is removed: the person is signed out, and RequireAuth sends them to sign in and back, where keeping it left every
  // call refused with nothing on screen offering a way in. A provider that cannot be reached keeps the session.
  const refreshSession = useCallback(async (): Promise<User | null> => {
    try {
      return await userManager.signinSilent();
    } catch (cause) {
      if (!isSessionOver(cause)) throw cause;
      userRef.current = null;
      await userManager.removeUser();
      return null;
    }
  }, [userManager]);

  const renewAccessToken = useCallback((): Promise<string | null> => {
    if (renewing.current) return renewing.current;
    const failedToken = userRef.current?.access_token;
    const renew = async (): Promise<string | null> => {
      // Another tab may have renewed while this one waited for the lock.
      const stored = await userManager.getUser();
      if (stored && !stored.expired && stored.access_token !== failedToken) {
        dispatch({ type: 'loaded', user: stored });
        return stored.access_token;
      }
      // Renewal uses the refresh token. Without one (nobody signed in, e.g. a visitor of a public form) there is
      // nothing to renew: a hidden-iframe sign-in would only wait for its timeout (and a host's CSP may block it), so
      // the refused call is answered at once and the screen can offer the sign-in.
      if (!stored?.refresh_token) return null;
      const user = await refreshSession();
      // The replayed call reads the token before React re-renders.
      if (user) userRef.current = user;
      return user?.access_token ?? null;
    };
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    const run = locks ? locks.request('ccq-forms-admin:renew', renew) : renew();
    renewing.current = run
      .catch((cause: unknown) => {
        dispatch({ type: 'error', error: errorOf('renew', cause) });
        return null;
      })
      .finally(() => {
        renewing.current = null;
      });
    return renewing.current;
  }, [userManager, refreshSession]);

  useEffect(() => {
    let active = true;
    const events = userManager.events;
    const unsubscribe = [
      events.addUserLoaded((user) => dispatch({ type: 'loaded', user })),
      events.addUserUnloaded(() => dispatch({ type: 'loaded', user: null })),
      events.addUserSignedOut(() => {
        void userManager.removeUser();
      }),
      // The automatic renewal before expiry, refused by the provider, ends the session as a refused renewal after a 401
      // does (refreshSession); any other failure is reported and the session kept.
      events.addSilentRenewError((error) => {
        if (isSessionOver(error)) void userManager.removeUser();
        else dispatch({ type: 'error', error: errorOf('renew', error) });
      }),
      // A token that expired while the machine slept is renewed, not left to fail the next call.
      events.addAccessTokenExpired(() => {
        void renewAccessToken().then((token) => {
          if (!token) void userManager.removeUser();
        });
      }),
    ];
    void (async () => {
      try {
        const user = await userManager.getUser();
        if (!active) return;
        if (user?.expired && user.refresh_token) {
          const renewed = await refreshSession().catch(() => null);
          if (active) dispatch({ type: 'loaded', user: renewed });
          return;
        }
        dispatch({ type: 'loaded', user });
      } catch (cause) {
        if (active) dispatch({ type: 'error', error: errorOf('load', cause) });
      }
    })();
    return () => {
      active = false;
      unsubscribe.forEach((off) => off());
    };
  }, [userManager, renewAccessToken, refreshSession]);

  const signIn = useCallback<AuthContextValue['signIn']>(
    async (options) => {
      const returnTo = safeReturnPath(options?.returnTo ?? currentPath());
      const signInState: SignInState = { returnTo };
      try {
        await userManager.signinRedirect({ state: signInState, ...(options?.forceLogin ? { prompt: 'login' } : {}) });
      } catch (cause) {
        dispatch({ type: 'error', error: errorOf('signinRedirect', cause) });
        throw cause;
      }
    },
    [userManager],
  );

  const signOut = useCallback(async () => {
    // First, so that removing the stored user below does not look like 'signed out, sign in again'.
    dispatch({ type: 'signingOut' });
    userRef.current = null;
    userManager.stopSilentRenew();
    const user = await userManager.getUser().catch(() => null);
    // The refresh token outlives the access token: revoke it so a copy cannot renew the session.
    if (user?.refresh_token) await userManager.revokeTokens(['refresh_token']).catch(() => undefined);
    try {
      // Removes the stored user, then navigates to the provider's end-session endpoint with id_token_hint.
      await userManager.signoutRedirect(user?.id_token ? { id_token_hint: user.id_token } : {});
    } catch (cause) {
      // The provider may be unreachable: the local session still ends.
      await userManager.removeUser().catch(() => undefined);
      dispatch({ type: 'signOutFailed', error: errorOf('signout', cause) });
    }
  }, [userManager]);

  const completeSignIn = useCallback(
    async (url?: string) => {
      const user = await userManager.signinRedirectCallback(url);
      dispatch({ type: 'loaded', user });
      const stateValue: unknown = user.state;
      const returnTo =
        stateValue && typeof stateValue === 'object' && 'returnTo' in stateValue
          ? safeReturnPath((stateValue as { returnTo: unknown }).returnTo)
          : '/';
      return returnTo;
    },
    [userManager],
  );

  const getAccessToken = useCallback(() => userRef.current?.access_token ?? null, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      user: state.user ? toAuthUser(state.user) : null,
      oidcUser: state.user,
      isLoading: state.isLoading,
      isAuthenticated: Boolean(state.user),
      isSigningOut: state.isSigningOut,
      error: state.error,
      signIn,
      signOut,
      renewAccessToken,
      getAccessToken,
      completeSignIn,
      userManager,
    }),
    [state, signIn, signOut, renewAccessToken, getAccessToken, completeSignIn, userManager],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
AuthProvider.displayName = '@ccq/forms-admin/AuthProvider';

export { AuthContext };
