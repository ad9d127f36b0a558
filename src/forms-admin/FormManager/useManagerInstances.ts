import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { ODataResult } from '../../api/odata';
import type { FormInstance, FormLayout } from '../../api/types';
import { answerFieldsOf, readAnswerColumns, writeAnswerColumns, type AnswerField } from '../FormInstanceList/answer-columns';
import { useCan } from '../../permissions/useCan';
import { entityQueries } from '../../query/queries';
import { useApi } from '../../query/useApi';
import { idEquals } from '../shared/ids';
import type { ManagerAnswerColumns, ManagerInstances } from './InstancesTable';

/** How many instances the form manager lists (the newest first); the instances screen lists them all. */
export const FORM_MANAGER_INSTANCES_SHOWN = 50;

/**
 * The newest instances of a form (`formId`) or of one of its versions (`formSchemaId`), as the form and form schema
 * managers show them: read with their count once `ready`, and only for those with ViewSubmissions; the 'Signature'
 * column shows with Signing_AllowRead (the instance rows carry their latest envelope's status).
 */
export function useManagerInstances(
  key: 'formId' | 'formSchemaId',
  id: string,
  ready: boolean,
  columns?: { formId: string | null; layout: FormLayout | null | undefined; userKey?: string | null },
): ManagerInstances & { showSignature: boolean } {
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
  // Answer columns, as in Form Instances: the fields of the version's layout, chosen per user and form (kept in the
  // browser's storage under the same key, so both lists show the same columns of a form).
  const formId = columns?.formId ?? null;
  const userKey = columns?.userKey ?? null;
  const fields = useMemo<AnswerField[]>(() => answerFieldsOf(columns?.layout ?? null), [columns?.layout]);
  const [chosen, setChosen] = useState<{ formId: string | null; paths: string[] } | null>(null);
  const paths = chosen && chosen.formId === formId ? chosen.paths : formId ? readAnswerColumns(userKey, formId) : [];
  const answers: ManagerAnswerColumns | undefined = columns
    ? {
        fields,
        shown: paths.map((path) => fields.find((f) => f.path === path)).filter((f): f is AnswerField => f !== undefined),
        setShown: (next) => {
          if (formId) writeAnswerColumns(userKey, formId, next);
          setChosen({ formId, paths: next });
        },
      }
    : undefined;
  return {
    ...(answers ? { answers } : {}),
    rows: page?.value ?? [],
    total: page?.['@odata.count'] ?? page?.value.length ?? 0,
    isLoading: query.isLoading,
    error: query.error,
    showSignature: canReadSigning,
  };
}
