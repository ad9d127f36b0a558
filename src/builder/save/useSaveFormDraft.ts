import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { eq, guid, type ODataEntity, type ODataResult } from '../../api/odata';
import type { Form, FormInstance, FormSchema } from '../../api/types';
import { checkFormDraft, type DraftProblem, type FormDraft } from '../../engine';
import { diffSchemaFields, type LocatedField } from '../../forms-admin/FormManager/schema-diff';
import { toast } from '../../forms-admin/shared/toast';
import { formNameProblem } from '../../forms-admin/shared/useNameCheck';
import { formNameIssue } from '../../domain/forms';
import { useCan } from '../../permissions/useCan';
import { describeError } from '../../query/describe-error';
import { entityKeys } from '../../query/keys';
import { fillLabel, type Labels } from '../../query/labels';
import { entityQueries } from '../../query/queries';
import { useApi } from '../../query/useApi';
import { useLabels } from '../../query/useLabels';
import { useLocale } from '../../query/useLocale';
import { withWidgetKinds, type WidgetKindRegistry } from '../../engine/widget-kinds';
import { DraftProblemsError, draftHasNoFields, instancesOfSchemaFilter, unlabeledFields, PartialSaveError, saveFormDraft, serverDraftProblems, type SaveFormDraftResult } from './save-draft';

/** Options of {@link useSaveFormDraft}. */
export interface SaveFormDraftOptions {
  /**
   * The draft being built: its JSON Schema and layout, or a function answering it. Read when the user saves, not on
   * every change: a function lets a builder leave the button as it is while the draft changes.
   */
  draft: FormDraft | (() => FormDraft);
  /** The form saved to; missing or null for a new form. */
  formId?: string | null;
  /** The version being edited; missing: the form's current version. */
  formSchemaId?: string | null;
  /** The version (`@odata.etag`) of the schema the draft was loaded from: a save over someone else's is refused. */
  schemaETag?: string | null;
  /** Called after a save, with what it did (for a new form or version, the builder continues on the new ids). */
  onSaved?: (result: SaveFormDraftResult) => void;
  /** Overrides of the texts, which otherwise come from the `APIProvider` labels. */
  labels?: Partial<Labels>;
  /**
   * The widget kinds the draft's fields use besides the built-in ones (a host's `widgets`, or the builder's whole
   * registry), merged over the built-in kinds: what the draft is checked against before it is sent, and which of
   * them take an answer. Missing: the built-in kinds alone.
   */
  widgets?: WidgetKindRegistry;
}

/** The new form's details in the dialog. */
export interface NewFormDetailsDraft {
  name: string;
  description: string;
  formGroupId: string | null;
}

/** What the dialog says about the version a save changes, once loaded. */
export interface SaveTarget {
  form: ODataEntity<Form> | null;
  /** The version edited, or null when the form has none yet. */
  schema: ODataEntity<FormSchema> | null;
  /** How many instances use that version; null while unknown (loading, or the count failed). */
  instanceCount: number | null;
  countFailed: boolean;
  /** The number the next version will get. */
  nextVersion: number;
  /** The fields of the saved version the draft no longer has (their answers stay in the instances). */
  removedFields: readonly LocatedField[];
  isLoading: boolean;
  error: Error | null;
}

/** Why the last save failed: what to show, and the problems the server listed (each with its field). */
export interface SaveFailure {
  title: string;
  /** The server's reason (its problem details' `detail`), or what failed. */
  message: string;
  /** What else to know: a new form stored without its version is not created again by the next save. */
  note: string | null;
  /** The problems the server listed, each with its field. */
  problems: readonly DraftProblem[];
}

/** What {@link useSaveFormDraft} returns; `SaveFormButton` renders it. */
export interface SaveFormDraftController {
  labels: Labels;
  /** A new form (no form id yet). */
  isNew: boolean;
  /** Whether the user may save: CreateForm for a new form, EditForm for an existing one (the server checks too). */
  canSave: boolean;
  /** The dialog is open: `check` found no problem and the user confirms the save there. */
  opened: boolean;
  /** The problems of the last check, each with its field; the dialog lists them instead of the save. */
  problems: readonly DraftProblem[];
  /** The draft the dialog was opened for has no field that takes an answer: the dialog warns, the save still goes. */
  noFields: boolean;
  /** Checks the draft and opens the dialog: with its problems, or to confirm the save. */
  start(): void;
  /** The draft the dialog was last opened for (what it checked, names and saves). */
  openedDraft: FormDraft;
  close(): void;
  /** The new form's details. */
  details: NewFormDetailsDraft;
  setDetails(change: Partial<NewFormDetailsDraft>): void;
  /**
   * What is wrong with the new form's name (a new form only), or null: too long as it is typed, missing once the user
   * tried to save.
   */
  nameProblem: string | null;
  /** Whether the saved version is public. */
  isPublic: boolean;
  setPublic(isPublic: boolean): void;
  /** The form groups a new form may join. */
  groups: readonly { value: string; label: string }[];
  target: SaveTarget;
  /** Saves (the dialog's confirm). */
  save(): Promise<void>;
  saving: boolean;
  failure: SaveFailure | null;
}

// The key of a read that is not enabled yet (a GUID no row has): the query options need a valid filter.
const NO_ID = '00000000-0000-0000-0000-000000000000';

const emptyDraft: FormDraft = { jsonSchema: {}, layout: { pages: [] } };

const emptyDetails: NewFormDetailsDraft = { name: '', description: '', formGroupId: null };

/**
 * The builder's save: checks the draft with the engine's `checkFormDraft` against `widgets` (the check the server runs too) and lists
 * its problems; otherwise asks what a save needs — a new form's name, description, group and whether it is public;
 * for a form whose version is filled in, how many instances keep it and which removed fields keep their answers —
 * then saves with {@link saveFormDraft}, shows a toast and calls `onSaved`. A refusal shows the server's reason and
 * its problems, each at its field.
 */
export function useSaveFormDraft(options: SaveFormDraftOptions): SaveFormDraftController {
  const labels = useLabels(options.labels);
  const locale = useLocale();
  const { client } = useApi();
  const queryClient = useQueryClient();
  const [createdFormId, setCreatedFormId] = useState<string | null>(null);
  const formId = options.formId ?? createdFormId;
  const isNew = !formId;
  const canCreate = useCan('CreateForm_AllowRead').can;
  const canEdit = useCan('EditForm_AllowRead').can;
  const canSave = isNew ? canCreate : canEdit;

  const [opened, setOpened] = useState(false);
  const [problems, setProblems] = useState<readonly DraftProblem[]>([]);
  const [noFields, setNoFields] = useState(false);
  const [details, setDetailsState] = useState<NewFormDetailsDraft>(emptyDetails);
  const [triedName, setTriedName] = useState(false);
  const [publicChoice, setPublicChoice] = useState<boolean | null>(null);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  // The draft the dialog was opened for: what is checked, described and saved, even if the builder changes meanwhile.
  const readDraft = () => (typeof options.draft === 'function' ? options.draft() : options.draft);
  const [openedDraft, setOpenedDraft] = useState<FormDraft | null>(null);
  const widgets = useMemo(() => withWidgetKinds(options.widgets), [options.widgets]);

  const reading = opened && !!formId;
  const formQuery = useQuery({ ...entityQueries.form(client, { filter: eq<Form>('formId', guid(formId ?? NO_ID)) }), enabled: reading });
  const form = formQuery.data ?? null;
  const editedId = options.formSchemaId ?? form?.currentFormSchemaId ?? null;
  const schemaQuery = useQuery({
    ...entityQueries.formSchema(client, { filter: eq<FormSchema>('formSchemaId', guid(editedId ?? NO_ID)) }),
    enabled: reading && !!editedId,
  });
  const newestQuery = useQuery({
    ...entityQueries.formSchemas(client, {
      filter: eq<FormSchema>('formId', guid(formId ?? NO_ID)),
      orderBy: [['version', 'desc']],
      select: ['formSchemaId', 'version'],
      top: 1,
    }),
    enabled: reading,
  });
  const countQuery = useQuery({
    ...entityQueries.formInstances(client, { filter: instancesOfSchemaFilter(editedId ?? NO_ID), top: 0, count: true }),
    enabled: reading && !!editedId,
    retry: false,
  });
  const groupsQuery = useQuery({ ...entityQueries.formGroups(client, { orderBy: [['name', 'asc']], select: ['formGroupId', 'name'] }), enabled: opened && isNew });

  const schema = schemaQuery.data ?? null;
  const removedFields = useMemo(
    () => (opened && schema ? diffSchemaFields(schema.layout, openedDraft?.layout ?? { pages: [] }).removed : []),
    [opened, schema, openedDraft],
  );
  const target: SaveTarget = {
    form,
    schema,
    instanceCount: countQuery.data ? ((countQuery.data as ODataResult<FormInstance>)['@odata.count'] ?? countQuery.data.value.length) : null,
    countFailed: countQuery.isError,
    nextVersion: (newestQuery.data?.value[0]?.version ?? 0) + 1,
    removedFields,
    isLoading: reading && (formQuery.isLoading || (!!editedId && schemaQuery.isLoading) || newestQuery.isLoading || (!!editedId && countQuery.isLoading)),
    error: formQuery.error ?? schemaQuery.error ?? null,
  };
  const isPublic = publicChoice ?? schema?.isPublic ?? false;
  const groups = (groupsQuery.data?.value ?? []).map((g) => ({ value: g.formGroupId, label: g.name }));

  const start = () => {
    const draft = readDraft();
    setOpenedDraft(draft);
    // The engine's problems (the server's check too), then the fields without a label, which the builder asks for.
    const unlabeled = unlabeledFields(draft, widgets).map(
      (f): DraftProblem => ({ kind: 'schema-layout', status: 400, message: fillLabel(labels.builderSaveUnlabeledField, { path: f.path }), fieldId: f.fieldId, sectionId: f.sectionId, pageId: f.pageId }),
    );
    setProblems([...checkFormDraft(draft, widgets), ...unlabeled]);
    setNoFields(draftHasNoFields(draft, widgets));
    setFailure(null);
    setTriedName(false);
    setPublicChoice(null);
    setOpened(true);
  };

  const close = () => {
    if (saving) return;
    setOpened(false);
  };

  const save = async () => {
    if (saving || !canSave || !openedDraft) return;
    const name = details.name.trim();
    if (isNew && formNameIssue(name) !== null) {
      setTriedName(true);
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      const result = await saveFormDraft(client, {
        draft: openedDraft,
        formId,
        formSchemaId: options.formSchemaId ?? null,
        schemaETag: options.schemaETag ?? null,
        isPublic,
        widgets,
        ...(isNew ? { details: { name, description: details.description.trim() || null, formGroupId: details.formGroupId } } : {}),
      });
      await Promise.all(
        (['form', 'formschema', 'forminstance'] as const).map((entity) => queryClient.invalidateQueries({ queryKey: entityKeys.entity(entity) })),
      );
      const formName = isNew ? name : (form?.name ?? name);
      const message =
        result.outcome === 'created'
          ? labels.builderSavedNew
          : result.outcome === 'updated'
            ? labels.builderSavedInPlace
            : labels.builderSavedNewVersion;
      toast.success(fillLabel(message, { name: formName, version: result.formSchema.version }), labels);
      setOpened(false);
      setDetailsState(emptyDetails);
      options.onSaved?.(result);
    } catch (error) {
      if (error instanceof DraftProblemsError) {
        setProblems(error.problems);
      } else {
        if (error instanceof PartialSaveError) setCreatedFormId(error.formId);
        const cause = error instanceof PartialSaveError ? error.cause : error;
        const described = describeError(cause, labels);
        setFailure({
          title: described.refused ? labels.builderSaveRefused : labels.builderSaveFailed,
          message: described.message,
          note: error instanceof PartialSaveError ? labels.builderSavePartial : null,
          problems: serverDraftProblems(error),
        });
      }
    } finally {
      setSaving(false);
    }
  };

  return {
    labels,
    isNew,
    canSave,
    opened,
    problems,
    noFields,
    start,
    openedDraft: openedDraft ?? emptyDraft,
    close,
    details,
    setDetails: (change) => setDetailsState((d) => ({ ...d, ...change })),
    nameProblem: !isNew
      ? null
      : formNameIssue(details.name) === 'blank'
        ? triedName
          ? labels.builderSaveNameRequired
          : null
        : formNameProblem(details.name, labels, locale),
    isPublic,
    setPublic: setPublicChoice,
    groups,
    target,
    save,
    saving,
    failure,
  };
}
