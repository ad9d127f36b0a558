import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ODataEntitySet } from '../../api/areas/odata';
import { buildQuery, type ODataQueryOptions, type ODataResult } from '../../api/odata';
import type { CrudEntityName } from '../../api/types';
import { useApi } from '../../query/APIProvider';
import { entityKeys } from '../../query/keys';

/** The OData entity set of each forms entity. */
const SET_OF = {
  form: 'forms',
  formgroup: 'formGroups',
  forminstance: 'formInstances',
  formschema: 'formSchemas',
} as const satisfies Record<CrudEntityName, string>;

/**
 * One page of an OData read of `entity`, under the entity's list key (so the delete actions refetch it), with the
 * previous page kept on screen while the next one loads. `T` is the row as this read answers it, with the
 * navigations it expands.
 */
export function useODataPage<T>(entity: CrudEntityName, options: ODataQueryOptions<T>, enabled = true) {
  const { client } = useApi();
  const set = client.odata[SET_OF[entity]] as unknown as ODataEntitySet<T>;
  return useQuery({
    queryKey: entityKeys.list(entity, buildQuery(options)),
    queryFn: async ({ signal }): Promise<ODataResult<T>> => (await set.list(options, { signal })) ?? { value: [] },
    placeholderData: keepPreviousData,
    enabled,
  });
}
