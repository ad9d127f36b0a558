import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { AuthContext, type AuthContextValue } from '../../../src/auth/AuthProvider';

/**
 * A signed-in session as `useAuth()` returns it (the parts the host's pages read), for {@link WithAuth}: the real
 * admin check, route gates and claims then run against the test's backend. `overrides` replace any part.
 */
export function signedInAs(name: string, subject: string, overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  return {
    isLoading: false,
    isAuthenticated: true,
    isSigningOut: false,
    error: null,
    user: { name, accessToken: 't', idToken: 'i', subject, email: undefined, expiresAt: undefined },
    signIn: vi.fn(() => Promise.resolve()),
    signOut: vi.fn(() => Promise.resolve()),
    ...overrides,
  } as Partial<AuthContextValue> as AuthContextValue;
}

/** The fake backend's administrator, signed in (`overrides` replace any part, e.g. to sign them out). */
export const signedInAdmin = (overrides: Partial<AuthContextValue> = {}): AuthContextValue => signedInAs('Ada Admin', 'admin', overrides);

/**
 * Gives `children` the session `value` through the AuthProvider's own context, as an `AuthProvider` would: no module
 * is replaced, so the file may share a window and its modules with others (the `component` project).
 */
export function WithAuth({ value, children }: { value: AuthContextValue; children: ReactNode }) {
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
