import type { ReactNode } from 'react';
import { useLabels } from '../query/useLabels';
import { ErrorAlert } from '../ui/ErrorAlert';
import { LoadingState } from '../ui/LoadingState';
import { useCan, type ClaimName } from './useCan';
import { useMyClaims } from './useMyClaims';

/** Props of {@link RequireClaim}. */
export interface RequireClaimProps {
  /** The claim the user must hold to see the screen, by key (e.g. its menu entry's `'RoleManagement_AllowRead'`). */
  claim: ClaimName;
  /** The screen. */
  children?: ReactNode;
  /** Rendered when the user does not hold the claim, or the server does not know its key. @default null */
  fallback?: ReactNode;
  /** Rendered while the claims load. @default a loader */
  loading?: ReactNode;
}

/**
 * The gate of a whole screen: renders its children only when the signed-in user holds `claim`, by the same rule as
 * `useCan` and `<Can>`. Where `<Can>` (for buttons and menu entries) renders `fallback` when the claims cannot be
 * loaded, this says 'Access check failed' with a retry, as `RequireAdmin` does: a screen should not read as 'no
 * access' because the check itself failed.
 */
export function RequireClaim({ claim, children, fallback = null, loading }: RequireClaimProps) {
  const result = useCan(claim);
  const mine = useMyClaims();
  const labels = useLabels();
  if (result.isLoading) return <>{loading ?? <LoadingState />}</>;
  if (result.reason === 'error') {
    return (
      <ErrorAlert
        title={labels.accessCheckFailed}
        message={labels.accessCheckFailedReason}
        details={result.error?.message}
        onRetry={mine.refetch}
      />
    );
  }
  return <>{result.can ? children : fallback}</>;
}
RequireClaim.displayName = '@ccq/forms-admin/RequireClaim';
