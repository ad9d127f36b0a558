import { useQuery } from '@tanstack/react-query';
import type { ODataResult } from '../../api/odata';
import type { FormInstance } from '../../api/types';
import { useCan } from '../../permissions/useCan';
import { entityQueries } from '../../query/queries';
import { useApi } from '../../query/useApi';
import { idEquals } from '../shared/ids';
import type { ManagerInstances } from './InstancesTable';

/** How many instances the form manager lists (the newest first); the instances screen lists them all. */
export const FORM_MANAGER_INSTANCES_SHOWN = 50;

/**
 * The newest instances of a form (`formId`) or of one of its versions (`formSchemaId`), as the form and form schema
 * managers show them: read with their count once `ready`, and only for those with ViewSubmissions; the 'Signature'
 * column shows with Signing_AllowRead (the instance rows carry their latest envelope's status).
 */
export function useManagerInstances(key: 'formId' | 'formSchemaId', id: string, ready: boolean): ManagerInstances & { showSignature: boolean } {
  const { client } = useApi();
  const canViewSubmissions = useCan('ViewSubmissions_AllowRead').can;
  const canReadSigning = useCan('Signing_AllowRead').can;
  const query = useQuery({
    ...entityQueries.formInstances(client, {
      filter: idEquals<FormInstance>(key, id),
      orderBy: [['lastUpdatedDateTime', 'desc']],
      top: FORM_MANAGER_INSTANCES_SHOWN,
      count: true,
    }),
    enabled: ready && canViewSubmissions,
  });
  const page = query.data as ODataResult<FormInstance> | undefined;
  return {
    rows: page?.value ?? [],
    total: page?.['@odata.count'] ?? page?.value.length ?? 0,
    isLoading: query.isLoading,
    error: query.error,
    showSignature: canReadSigning,
  };
}
