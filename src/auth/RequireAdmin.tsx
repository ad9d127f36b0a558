import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useApi } from '../query/APIProvider';
import { claimQueries } from '../query/queries';
import { useLabels } from '../query/useLabels';
import { ErrorAlert } from '../ui/ErrorAlert';
import { LoadingState } from '../ui/LoadingState';
import { useAuth } from './AuthProvider';

/** Props of {@link RequireAdmin}. */
export interface RequireAdminProps {
  children?: ReactNode;
  /** Rendered when the signed-in user is not an administrator. */
  fallback?: ReactNode;
  /** Rendered while the check runs. @default a loader */
  loading?: ReactNode;
}

/**
 * Renders its children only when the server says the signed-in user has the admin role
 * (`CheckForAdminRole?authId`). Use inside `RequireAuth` and an `APIProvider`.
 */
export function RequireAdmin({ children, fallback = null, loading }: RequireAdminProps) {
  const auth = useAuth();
  const { client } = useApi();
  const labels = useLabels();
  const subject = auth.user?.subject ?? '';
  const query = useQuery({ ...claimQueries.adminRole(client, subject), enabled: Boolean(subject) });
  // Every admin screen asks for the user's claims and the claim catalogue next (menus, buttons, screen gates): they
  // start with the admin check rather than after it, as TanStack Query's usePrefetchQuery does, one round trip sooner.
  const queryClient = useQueryClient();
  if (subject) {
    const claims = claimQueries.myClaims(client);
    const catalogue = claimQueries.claimEntries(client);
    if (queryClient.getQueryState(claims.queryKey) === undefined) void queryClient.prefetchQuery(claims);
    if (queryClient.getQueryState(catalogue.queryKey) === undefined) void queryClient.prefetchQuery(catalogue);
  }
  if (!subject) return <>{fallback}</>;
  if (query.isPending) return <>{loading ?? <LoadingState />}</>;
  if (query.isError) {
    return (
      <ErrorAlert
        title={labels.accessCheckFailed}
        message={labels.accessCheckFailedReason}
        details={query.error.message}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <>{query.data ? children : fallback}</>;
}
RequireAdmin.displayName = '@ccq/forms-admin/RequireAdmin';
