import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ODataQueryOptions } from '../../api/odata';
import type { FormInstance, FormSchema } from '../../api/types';
import { signerFromAnswers, type SuggestedSigner } from '../../domain/signing/signer-suggestion';
import { useApi } from '../../query/APIProvider';
import { entityQueries } from '../../query/queries';
import { idEquals } from '../shared/ids';

/** An instance's answers with the version of its form they were given under: what a signer is read from. */
type AnsweredInstance = FormInstance & { formSchema?: FormSchema | null };

/**
 * The signer the answers of form instance `formInstanceId` name ({@link signerFromAnswers}), for a screen whose rows do
 * not carry the answers: the instance is read with its form's version while an id is given. Null without an id, while
 * it is read, when it cannot be read, and when the answers name no valid address: the person sending fills the row in.
 */
export function useSuggestedSigner(formInstanceId: string | null): SuggestedSigner | null {
  const { client } = useApi();
  const query: ODataQueryOptions<AnsweredInstance> = {
    filter: idEquals<AnsweredInstance>('formInstanceId', formInstanceId ?? ''),
    select: ['formInstanceId', 'data'],
    expand: { formSchema: true } as ODataQueryOptions<AnsweredInstance>['expand'],
  };
  const read = useQuery({
    ...entityQueries.formInstance(client, query as ODataQueryOptions<FormInstance>),
    enabled: formInstanceId !== null,
  });
  const instance = formInstanceId !== null ? ((read.data ?? null) as AnsweredInstance | null) : null;
  return useMemo(() => (instance?.formSchema ? signerFromAnswers(instance.formSchema, instance.data) : null), [instance]);
}
