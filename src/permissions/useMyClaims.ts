import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { claimQueries } from '../query/queries';
import { useApi } from '../query/APIProvider';

/** What {@link useMyClaims} returns. */
export interface MyClaims {
  /** The claim numbers the signed-in user holds (`GetMyClaims`). */
  claims: ReadonlySet<number>;
  /** The server's claim catalogue by key (`GetClaimEntriesForClaimTypes`, read once per session). */
  numbersByKey: ReadonlyMap<string, number>;
  isLoading: boolean;
  error: Error | null;
  /** Loads again what failed (a retry button after `error`). */
  refetch(): void;
}

const EMPTY = new Set<number>();

/** The signed-in user's claims and the server's name ↔ number catalogue. */
export function useMyClaims(): MyClaims {
  const { client } = useApi();
  const mine = useQuery(claimQueries.myClaims(client));
  const catalogue = useQuery(claimQueries.claimEntries(client));
  const claims = useMemo(() => (mine.data ? new Set(mine.data) : EMPTY), [mine.data]);
  const numbersByKey = useMemo(() => {
    const map = new Map<string, number>();
    for (const record of catalogue.data ?? []) for (const e of record.claimEntries) map.set(e.key, e.value);
    return map;
  }, [catalogue.data]);
  return {
    claims,
    numbersByKey,
    isLoading: mine.isPending || catalogue.isPending,
    error: mine.error ?? catalogue.error ?? null,
    refetch: () => {
      if (mine.isError) void mine.refetch();
      if (catalogue.isError) void catalogue.refetch();
    },
  };
}
