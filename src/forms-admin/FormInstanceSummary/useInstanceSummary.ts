import { useQuery } from '@tanstack/react-query';
import type { InstanceSummary, InstanceSummaryQuery } from '../../api/areas/forms';
import { buildQuery } from '../../api/odata';
import { useApi } from '../../query/APIProvider';
import { entityKeys } from '../../query/keys';

/** The summary of the instances a list's filter and search select, as {@link FormInstanceSummaryView} shows it. */
export interface InstanceSummaryState {
  data: InstanceSummary | undefined;
  isLoading: boolean;
  isFetching: boolean;
  error: unknown;
  refetch(): void;
}

/**
 * Reads `GET /api/Forms/InstanceSummary` for `query` (the list's `$filter` and `$search`). Its key sits under the
 * form instances' key, so whatever refreshes the instance lists (a delete, a restore, a new answer) refreshes it.
 */
export function useInstanceSummary(query: InstanceSummaryQuery): InstanceSummaryState {
  const { client } = useApi();
  const summary = useQuery({
    queryKey: [...entityKeys.entity('forminstance'), 'summary', buildQuery(query)],
    queryFn: async ({ signal }) => (await client.forms.instanceSummary(query, { signal })) ?? { instances: 0, questions: [] },
  });
  return { data: summary.data, isLoading: summary.isLoading, isFetching: summary.isFetching, error: summary.error, refetch: () => void summary.refetch() };
}
