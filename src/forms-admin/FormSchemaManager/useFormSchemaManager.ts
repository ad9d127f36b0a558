import { useQuery } from '@tanstack/react-query';
import { type ODataEntity } from '../../api/odata';
import type { Form, FormSchema } from '../../api/types';
import { fillLabel, type Labels } from '../../query/labels';
import { useCrudMutation } from '../../query/mutations';
import { entityQueries } from '../../query/queries';
import { useApi } from '../../query/useApi';
import { useLabels } from '../../query/useLabels';
import { useManagerInstances } from '../FormManager/useManagerInstances';
import { fieldsOfLayout, type LocatedField } from '../FormManager/schema-diff';
import { toast } from '../shared/toast';
import { idEquals } from '../shared/ids';
import type { ManagerInstances } from '../FormManager/InstancesTable';

/** Options of {@link useFormSchemaManager}. */
export interface FormSchemaManagerOptions {
  /** The version managed. */
  formSchemaId: string;
  /** Overrides of the texts, which otherwise come from the `APIProvider` labels. */
  labels?: Partial<Labels>;
  /** Who is signed in: the answer columns of the instances are kept per user and form, as Form Instances keeps them. */
  userKey?: string | null;
}

/** What {@link useFormSchemaManager} returns; {@link FormSchemaManagerView} renders it. */
export interface FormSchemaManagerController {
  labels: Labels;
  formSchemaId: string;
  /** The version: `data` is null when no live schema has this id. */
  schema: { data: ODataEntity<FormSchema> | null | undefined; isLoading: boolean; error: Error | null; retry(): void };
  /** The form the version belongs to (null while it loads). */
  form: ODataEntity<Form> | null;
  /** Whether this version is its form's current one. */
  isCurrent: boolean;
  /** The version's fields, page by page. */
  fields: readonly LocatedField[];
  /** The version's newest instances (only when the user may view submissions). */
  instances: ManagerInstances & { showSignature: boolean };
  /** Makes this version its form's current one (a patch of the form). */
  makeCurrent(): void;
  makingCurrent: boolean;
}

/**
 * The form schema manager's state: one version with its fields and instances, and 'Make current' (which patches the
 * form's `currentFormSchemaId`, shows a toast and refetches only the forms).
 */
export function useFormSchemaManager({ formSchemaId, labels: overrides, userKey }: FormSchemaManagerOptions): FormSchemaManagerController {
  const labels = useLabels(overrides);
  const { client } = useApi();

  const schemaQuery = useQuery(entityQueries.formSchema(client, { filter: idEquals<FormSchema>('formSchemaId', formSchemaId) }));
  const schema = schemaQuery.data as ODataEntity<FormSchema> | null | undefined;
  const formQuery = useQuery({
    ...entityQueries.form(client, { filter: idEquals<Form>('formId', schema?.formId ?? formSchemaId) }),
    enabled: !!schema,
  });
  const form = (formQuery.data as ODataEntity<Form> | null | undefined) ?? null;
  const instances = useManagerInstances('formSchemaId', formSchemaId, !!schema, { formId: schema?.formId ?? null, layout: schema?.layout, userKey });

  const formMutation = useCrudMutation('form');
  const makeCurrent = () => {
    if (!schema || !form || formMutation.isPending) return;
    const values = { name: form.name, version: schema.version };
    formMutation.mutate(
      { action: 'patch', entity: { formId: form.formId, currentFormSchemaId: schema.formSchemaId } },
      {
        onSuccess: () => toast.success(fillLabel(labels.fmMadeCurrent, values), labels),
        onError: (error) => toast.failure(fillLabel(labels.fmMakeCurrentFailed, values), error, labels),
      },
    );
  };

  return {
    labels,
    formSchemaId,
    schema: { data: schema, isLoading: schemaQuery.isLoading, error: schemaQuery.error, retry: () => void schemaQuery.refetch() },
    form,
    isCurrent: !!form && form.currentFormSchemaId === formSchemaId,
    fields: fieldsOfLayout(schema?.layout),
    instances,
    makeCurrent,
    makingCurrent: formMutation.isPending,
  };
}
