import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { useAuth } from './AuthProvider';

/** Props of {@link RequireAuth}. */
export interface RequireAuthProps {
  children?: ReactNode;
  /** Shown while the session loads or the sign-in redirect starts. @default null */
  fallback?: ReactNode;
}

/**
 * Renders its children only for a signed-in user; anyone else is sent to sign in, and comes back
 * to the page they asked for.
 */
export function RequireAuth({ children, fallback = null }: RequireAuthProps) {
  const auth = useAuth();
  const redirecting = useRef(false);
  // Signing out removes the stored user first: that must not start a new sign-in.
  const mustSignIn = !auth.isLoading && !auth.isAuthenticated && !auth.isSigningOut && !auth.error;
  useEffect(() => {
    if (mustSignIn && !redirecting.current) {
      redirecting.current = true;
      void auth.signIn().catch(() => {
        redirecting.current = false;
      });
    }
  }, [mustSignIn, auth]);
  if (!auth.isAuthenticated) return <>{fallback}</>;
  return <>{children}</>;
}
RequireAuth.displayName = '@ccq/forms-admin/RequireAuth';
