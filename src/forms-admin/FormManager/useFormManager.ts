import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { ODataEntity } from '../../api/odata';
import type { Form, FormGroup, FormSchema } from '../../api/types';
import { publicFormUrl } from '../../domain/forms/access';
import { stableFormUrl } from '../../domain/forms/public-form';
import { entityQueries } from '../../query/queries';
import { fillLabel, type Labels } from '../../query/labels';
import { useCrudMutation } from '../../query/mutations';
import { useApi } from '../../query/useApi';
import { useLabels } from '../../query/useLabels';
import { toast } from '../shared/toast';
import { useDeleteActions, type DeleteActionsController } from '../shared/useDeleteActions';
import { diffSchemaFields, type SchemaFieldsDiff } from './schema-diff';
import { idEquals } from '../shared/ids';
import { useNameCheck } from '../shared/useNameCheck';
import type { ManagerInstances } from './InstancesTable';
import { useManagerInstances } from './useManagerInstances';
import { usePrefillInstance, type PrefillController, type PrefillRecord } from './usePrefillInstance';

export { FORM_MANAGER_INSTANCES_SHOWN } from './useManagerInstances';

/** Options of {@link useFormManager}: the form, and the callbacks a host routes with. */
export interface FormManagerOptions {
  /** The form managed. */
  formId: string;
  /**
   * The origin public links point at when the form has no `publicBaseUrl` of its own (the host's, where
   * `/form-instance/{formSchemaId}` is served).
   * @default window.location.origin
   */
  publicOrigin?: string;
  /** Overrides of the texts, which otherwise come from the `APIProvider` labels. */
  labels?: Partial<Labels>;
  /** Called after the form was deleted (soft delete), e.g. to go back to the list of forms. */
  onDeleted?: (formId: string) => void;
  /**
   * The application records 'New pre-filled instance' offers (the host's own, e.g. its open applications); without
   * them it offers the server's example application (`DynamicFormLinking/GetExampleApplication`).
   */
  prefillRecords?: readonly PrefillRecord[];
  /**
   * Who is signed in (e.g. the identity provider's subject): the answer columns of the instances are kept per user and
   * form in the browser's storage, as Form Instances keeps them.
   */
  userKey?: string | null;
}

/** The details a user edits: name, description and group. */
export interface FormDetailsDraft {
  name: string;
  description: string;
  formGroupId: string | null;
}

/** What {@link useFormManager} returns; {@link FormManagerView} renders it. */
export interface FormManagerController {
  labels: Labels;
  formId: string;
  /** The form query: `data` is null when no live form has this id. */
  form: { data: ODataEntity<Form> | null | undefined; isLoading: boolean; error: Error | null; retry(): void };
  /** The form's versions, the newest first. */
  schemas: readonly ODataEntity<FormSchema>[];
  schemasLoading: boolean;
  /** The form's current version, when it has one and it is loaded. */
  currentSchema: ODataEntity<FormSchema> | null;
  /** The form groups a form may move to. */
  groups: readonly FormGroup[];
  /** The form's newest instances (only when the user may view submissions). */
  instances: ManagerInstances & { showSignature: boolean };
  /**
   * The form's stable public link (`/form/{formId}?mode=edit`), which always serves its current version while that
   * is public; null without a current version. The link and QR code staff hand out.
   */
  publicUrl: string | null;
  /** The link of the current version alone (`/form-instance/{formSchemaId}?mode=edit`), or null without one. */
  versionUrl: string | null;
  /** The details being edited, and whether they differ from the saved ones and are valid. */
  draft: FormDetailsDraft;
  setDraft(change: Partial<FormDetailsDraft>): void;
  canSaveDraft: boolean;
  /** Why the typed name cannot be saved (blank, or another live form has it), or null. */
  nameError: string | null;
  saveDraft(): void;
  savingDraft: boolean;
  /** Makes the current version public or not. */
  setPublic(isPublic: boolean): void;
  settingPublic: boolean;
  /** Makes a version the form's current one (a patch of the form). */
  makeCurrent(schema: FormSchema): void;
  /** The id of the version being made current, or null. */
  makingCurrentId: string | null;
  /** The two versions compared (ids), and their field differences. */
  compare: { fromId: string | null; toId: string | null; diff: SchemaFieldsDiff | null };
  setCompare(change: { fromId?: string | null; toId?: string | null }): void;
  /** 'Delete' (soft delete) of the form, with its confirmation, shown with DeleteForm (the shared delete actions). */
  deletes: DeleteActionsController;
  /** 'New pre-filled instance' of the current version from an application record (`DynamicFormLinking/Create`). */
  prefill: PrefillController;
}

const draftOf = (form: Form | null | undefined): FormDetailsDraft => ({
  name: form?.name ?? '',
  description: form?.description ?? '',
  formGroupId: form?.formGroupId ?? null,
});

/**
 * The form manager's state: one form's details (rename, describe, move to a group), its public link, whether its
 * current version is public, its versions (compare any two, make one current) and its newest instances. Each change
 * patches one row, shows a toast and refetches only that entity's reads.
 */
export function useFormManager({ formId, publicOrigin, labels: overrides, onDeleted, prefillRecords, userKey }: FormManagerOptions): FormManagerController {
  const labels = useLabels(overrides);
  const { client } = useApi();

  const formQuery = useQuery(entityQueries.form(client, { filter: idEquals<Form>('formId', formId) }));
  const form = formQuery.data as ODataEntity<Form> | null | undefined;
  const schemasQuery = useQuery({
    ...entityQueries.formSchemas(client, {
      filter: idEquals<FormSchema>('formId', formId),
      orderBy: [['version', 'desc']],
    }),
    enabled: !!form,
  });
  const groupsQuery = useQuery({ ...entityQueries.formGroups(client, { orderBy: [['name', 'asc']] }), enabled: !!form });
  const schemas = (schemasQuery.data?.value ?? []) as ODataEntity<FormSchema>[];
  const currentSchema = schemas.find((s) => s.formSchemaId === form?.currentFormSchemaId) ?? null;
  // Answer columns of the current version's fields (else the newest version's), kept per user and form.
  const instances = useManagerInstances('formId', formId, !!form, { formId, layout: (currentSchema ?? schemas[0])?.layout, userKey });
  const prefill = usePrefillInstance(currentSchema, labels, prefillRecords);

  // The edited details start from the saved form and follow it until the user changes something.
  const [edits, setEdits] = useState<Partial<FormDetailsDraft>>({});
  const saved = draftOf(form);
  const draft = { ...saved, ...edits };
  const changed = draft.name !== saved.name || draft.description !== saved.description || draft.formGroupId !== saved.formGroupId;

  // A new name is checked (not blank, no other live form has it); the saved name is not checked again.
  const nameCheck = useNameCheck('form', draft.name, labels, { exceptId: formId, showBlank: edits.name !== undefined });
  const renamed = draft.name.trim() !== saved.name.trim();
  const nameOk = renamed ? nameCheck.ok : draft.name.trim() !== '';
  const nameError = renamed || draft.name.trim() === '' ? nameCheck.error : null;

  const formMutation = useCrudMutation('form');
  const deletes = useDeleteActions('form', {
    labels,
    onDone: (action, target) => {
      if (action === 'delete') onDeleted?.(target.id);
    },
  });
  const schemaMutation = useCrudMutation('formschema');

  const saveDraft = () => {
    if (!form || !changed || !nameOk || formMutation.isPending) return;
    const name = draft.name.trim();
    formMutation.mutate(
      {
        action: 'patch',
        entity: {
          formId,
          name,
          description: draft.description.trim() === '' ? null : draft.description.trim(),
          formGroupId: draft.formGroupId,
          ...(form['@odata.etag'] ? { '@odata.etag': form['@odata.etag'] } : {}),
        },
      },
      {
        onSuccess: () => {
          setEdits({});
          toast.success(fillLabel(labels.fmSaved, { name }), labels);
        },
        onError: (error) => toast.failure(fillLabel(labels.fmSaveFailed, { name: form.name }), error, labels),
      },
    );
  };

  const setPublic = (isPublic: boolean) => {
    if (!form || !currentSchema || schemaMutation.isPending) return;
    schemaMutation.mutate(
      { action: 'patch', entity: { formSchemaId: currentSchema.formSchemaId, isPublic } },
      {
        onSuccess: () => toast.success(fillLabel(isPublic ? labels.fmPublicOn : labels.fmPublicOff, { name: form.name }), labels),
        onError: (error) => toast.failure(fillLabel(labels.fmPublicFailed, { name: form.name }), error, labels),
      },
    );
  };

  const makeCurrent = (schema: FormSchema) => {
    if (!form || formMutation.isPending) return;
    const values = { name: form.name, version: schema.version };
    formMutation.mutate(
      { action: 'patch', entity: { formId, currentFormSchemaId: schema.formSchemaId } },
      {
        onSuccess: () => toast.success(fillLabel(labels.fmMadeCurrent, values), labels),
        onError: (error) => toast.failure(fillLabel(labels.fmMakeCurrentFailed, values), error, labels),
      },
    );
  };

  // By default the two newest versions are compared (what the last save changed).
  const [picked, setPicked] = useState<{ fromId?: string | null; toId?: string | null }>({});
  const fromId = picked.fromId !== undefined ? picked.fromId : (schemas[1]?.formSchemaId ?? null);
  const toId = picked.toId !== undefined ? picked.toId : (schemas[0]?.formSchemaId ?? null);
  const from = schemas.find((s) => s.formSchemaId === fromId);
  const to = schemas.find((s) => s.formSchemaId === toId);
  const diff = useMemo(() => (from && to ? diffSchemaFields(from.layout, to.layout) : null), [from, to]);

  const origin = publicOrigin ?? (typeof window === 'undefined' ? '' : window.location.origin);
  const publicUrl = form?.currentFormSchemaId ? stableFormUrl(form.publicBaseUrl ?? origin, form.formId) : null;
  const versionUrl = form?.currentFormSchemaId ? publicFormUrl(form.publicBaseUrl ?? origin, form.currentFormSchemaId) : null;

  const running = formMutation.isPending ? formMutation.variables : undefined;
  const makingCurrentId =
    running && 'entity' in running && running.entity.currentFormSchemaId ? running.entity.currentFormSchemaId : null;

  return {
    labels,
    formId,
    form: { data: form, isLoading: formQuery.isLoading, error: formQuery.error, retry: () => void formQuery.refetch() },
    schemas,
    schemasLoading: schemasQuery.isLoading,
    currentSchema,
    groups: groupsQuery.data?.value ?? [],
    instances,
    publicUrl,
    versionUrl,
    draft,
    setDraft: (change) => setEdits((e) => ({ ...e, ...change })),
    canSaveDraft: changed && nameOk && !formMutation.isPending,
    nameError,
    saveDraft,
    savingDraft: formMutation.isPending && makingCurrentId === null,
    setPublic,
    settingPublic: schemaMutation.isPending,
    makeCurrent,
    makingCurrentId,
    compare: { fromId, toId, diff },
    setCompare: (change) => setPicked((p) => ({ ...p, ...change })),
    deletes,
    prefill,
  };
}
