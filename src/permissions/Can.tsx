import type { ReactNode } from 'react';
import { useCan } from './useCan';
import type { ClaimName } from './useCan';

/** Props of {@link Can}. */
export interface CanProps {
  /** The claim the user must hold, by key. */
  claim: ClaimName;
  /** Rendered when the user holds the claim. */
  children?: ReactNode;
  /** Rendered when the user does not. @default null */
  fallback?: ReactNode;
  /** Rendered while the claims load. @default null */
  loading?: ReactNode;
}

/** Renders its children only when the signed-in user holds `claim` (buttons and menu entries, docs/spec.md, Roles and permissions). */
export function Can({ claim, children, fallback = null, loading = null }: CanProps) {
  const result = useCan(claim);
  if (result.isLoading) return <>{loading}</>;
  return <>{result.can ? children : fallback}</>;
}
Can.displayName = '@ccq/forms-admin/Can';
