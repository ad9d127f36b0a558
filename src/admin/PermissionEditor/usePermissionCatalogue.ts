import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ALL_CLAIM_TYPES, ClaimTypeFlags } from '../../api/enums';
import { localClaimDescription } from '../../labels/claim-labels';
import { useApi } from '../../query/APIProvider';
import { useLabels } from '../../query/useLabels';
import { claimQueries } from '../../query/queries';
import { catalogueEntries, type CatalogueEntry } from './permission-model';

/**
 * The whole claim catalogue with descriptions (`GetClaimEntriesWithDescriptionsForClaimTypes`, all three types),
 * read once per session: it names and describes the selected permissions. A description the server gives as the
 * English default reads in the texts in force (`claim_<key>`); one a backend words itself stays as it comes. Nothing
 * is asked while `enabled` is false.
 */
export function useClaimCatalogue(enabled = true) {
  const { client } = useApi();
  const query = useQuery({ ...claimQueries.claimEntriesWithDescriptions(client, ALL_CLAIM_TYPES), enabled });
  const labels = useLabels();
  const byValue = useMemo(
    () =>
      new Map<number, CatalogueEntry>(
        catalogueEntries(query.data ?? []).map((e) => [e.value, { ...e, description: localClaimDescription(e.key, e.description, labels) }]),
      ),
    [query.data, labels],
  );
  return { ...query, byValue };
}

/**
 * The claim entries of the chosen claim types (`GetClaimEntriesForClaimTypes?flags`), for the permission categories.
 * Nothing is asked while no type is chosen.
 */
export function useClaimEntriesOfTypes(flags: number, enabled = true) {
  const { client } = useApi();
  return useQuery({ ...claimQueries.claimEntries(client, flags), enabled: enabled && flags !== ClaimTypeFlags.None });
}
