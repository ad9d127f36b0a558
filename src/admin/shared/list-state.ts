import type { UseQueryResult } from '@tanstack/react-query';

/** What a list shows: its state and rows, and how to load it again. */
export interface ListState<T> {
  status: 'loading' | 'error' | 'empty' | 'ready';
  list: readonly T[];
  retry: () => void;
  retrying: boolean;
}

const NONE: readonly never[] = [];

/** A query's list as a {@link ListState}. */
export function listState<T>(query: UseQueryResult<T[]>): ListState<T> {
  return {
    status: query.isError ? 'error' : query.isPending ? 'loading' : query.data.length === 0 ? 'empty' : 'ready',
    list: query.data ?? NONE,
    retry: () => void query.refetch(),
    retrying: query.isFetching,
  };
}
