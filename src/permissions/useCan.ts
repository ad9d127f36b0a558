import type { ClaimKey } from '../api/enums';
import { satisfies } from '../domain/access';
import { useMyClaims } from './useMyClaims';

/** A claim named by key (`'Form_Add'`, `'CreateForm_AllowRead'`…); host-defined keys are allowed. */
export type ClaimName = ClaimKey | (string & {});

/** The answer of one access check. */
export interface CanResult {
  /** True only when the claims have loaded and the user holds the claim. */
  can: boolean;
  isLoading: boolean;
  /** Why `can` is false, for a tooltip or a log. */
  reason?: 'loading' | 'error' | 'missing-claim' | 'unknown-claim';
  error: Error | null;
}

/**
 * Whether the signed-in user holds `claim`, by the domain's access rule (`satisfies`): holding it, or
 * holding GlobalDataAdmin, which satisfies every claim (as the server decides). The key is resolved
 * to the server's number; a key the server does not know answers `can: false` with the error 'Claim
 * key is undefined'.
 */
export function useCan(claim: ClaimName): CanResult {
  const mine = useMyClaims();
  if (mine.isLoading) return { can: false, isLoading: true, reason: 'loading', error: null };
  if (mine.error) return { can: false, isLoading: false, reason: 'error', error: mine.error };
  const value = mine.numbersByKey.get(claim);
  if (value === undefined || !claim) {
    return { can: false, isLoading: false, reason: 'unknown-claim', error: new Error('Claim key is undefined') };
  }
  return satisfies(mine.claims, value, { globalDataAdmin: mine.numbersByKey.get('GlobalDataAdmin') })
    ? { can: true, isLoading: false, error: null }
    : { can: false, isLoading: false, reason: 'missing-claim', error: null };
}
