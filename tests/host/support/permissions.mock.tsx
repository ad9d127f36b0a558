import type { ReactNode } from 'react';

/**
 * A stand-in for `src/permissions` driven by a set of granted claim keys, so host tests decide what the signed-in
 * user may see without a backend. Use with `vi.mock('../../src/permissions', () => import('./support/permissions.mock'))`.
 */
export const grantedClaims = new Set<string>();

export function useCan(claimKey: string): { can: boolean; isLoading: boolean } {
  return { can: grantedClaims.has(claimKey), isLoading: false };
}

export function useMyClaims() {
  return { data: [...grantedClaims], isLoading: false, isError: false, error: null };
}

export function Can({ claim, fallback = null, children }: { claim: string; fallback?: ReactNode; children?: ReactNode }) {
  const { can } = useCan(claim);
  return <>{can ? children : fallback}</>;
}

export function RequireClaim({ claim, fallback = null, children }: { claim: string; fallback?: ReactNode; children?: ReactNode }) {
  return <Can claim={claim} fallback={fallback}>{children}</Can>;
}
