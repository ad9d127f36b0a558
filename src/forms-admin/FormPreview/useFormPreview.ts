import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { eq } from '../../api/odata';
import type { ODataEntity } from '../../api/odata';
import type { Form, FormSchema } from '../../api/types';
import { entityQueries } from '../../query/queries';
import type { Labels } from '../../query/labels';
import { useApi } from '../../query/useApi';
import { useLabels } from '../../query/useLabels';
import { idEquals } from '../shared/ids';

/** How the preview shows the form: filled in (as a visitor with an edit link) or read-only (a view link). */
export type FormPreviewMode = 'edit' | 'view';

/** The width the preview is shown at: the page's width, or a phone's (390 px). */
export type FormPreviewWidth = 'desktop' | 'phone';

/** The width of the phone frame, in CSS pixels: a common phone's viewport (iPhone 12 to 15). */
export const FORM_PREVIEW_PHONE_WIDTH = 390;

/** What is being previewed: a form and one of its versions. */
export interface FormPreviewSelection {
  formId: string | null;
  formSchemaId: string | null;
}

/** Options of {@link useFormPreview}. */
export interface FormPreviewOptions {
  /** The form previewed first (a host passes it from its URL); the user may choose another. */
  formId?: string | null;
  /** The version previewed first; by default the form's current version (or its newest). */
  formSchemaId?: string | null;
  /** Called when the user chooses another form or version (a host may keep it in its URL). */
  onSelectionChange?: (selection: FormPreviewSelection) => void;
  /** @default 'edit' */
  initialMode?: FormPreviewMode;
  /** @default 'desktop' */
  initialWidth?: FormPreviewWidth;
  /** Overrides of the texts, which otherwise come from the `APIProvider` labels. */
  labels?: Partial<Labels>;
}

/** A query's state as the view needs it. */
export interface FormPreviewQueryState {
  isLoading: boolean;
  error: Error | null;
  retry(): void;
}

/** What {@link useFormPreview} returns; {@link FormPreviewView} renders it. */
export interface FormPreviewController {
  labels: Labels;
  /** The live forms, by name. */
  forms: readonly Form[];
  formsState: FormPreviewQueryState;
  /** The chosen form, once loaded. */
  form: Form | null;
  /** The chosen form's versions, the newest first. */
  schemas: readonly ODataEntity<FormSchema>[];
  schemasState: FormPreviewQueryState;
  /** The version shown, once loaded. */
  schema: ODataEntity<FormSchema> | null;
  selection: FormPreviewSelection;
  selectForm(formId: string | null): void;
  selectSchema(formSchemaId: string): void;
  mode: FormPreviewMode;
  setMode(mode: FormPreviewMode): void;
  width: FormPreviewWidth;
  setWidth(width: FormPreviewWidth): void;
  /**
   * Changes whenever the answers are cleared (or another version is shown): the view keys the form with it, so the
   * renderer starts afresh.
   */
  session: number;
  /** Forgets the answers typed so far. */
  reset(): void;
  /** Whether the last submit of the preview was valid (it saved nothing). */
  submitted: boolean;
  setSubmitted(submitted: boolean): void;
}

const stateOf = (query: { isLoading: boolean; error: Error | null; refetch: () => unknown }): FormPreviewQueryState => ({
  isLoading: query.isLoading,
  error: query.error,
  retry: () => void query.refetch(),
});

/**
 * The form preview's state: the forms to choose from, the chosen form's versions, and how the chosen version is
 * shown (filled in or read-only, at the page's width or a phone's). It only reads: the preview renders the form with
 * the public renderer and keeps the answers in memory, so nothing is ever saved.
 */
export function useFormPreview(options: FormPreviewOptions = {}): FormPreviewController {
  const { onSelectionChange, labels: overrides } = options;
  const labels = useLabels(overrides);
  const { client } = useApi();
  const [formId, setFormId] = useState<string | null>(options.formId ?? null);
  const [pickedSchemaId, setPickedSchemaId] = useState<string | null>(options.formSchemaId ?? null);
  const [mode, setMode] = useState<FormPreviewMode>(options.initialMode ?? 'edit');
  const [width, setWidth] = useState<FormPreviewWidth>(options.initialWidth ?? 'desktop');
  const [session, setSession] = useState(0);
  const [submitted, setSubmitted] = useState(false);

  const formsQuery = useQuery(
    entityQueries.forms(client, { filter: eq<Form>('isDeleted', false), orderBy: [['name', 'asc']] }),
  );
  const forms = formsQuery.data?.value ?? [];
  const form = forms.find((f) => f.formId === formId) ?? null;

  const schemasQuery = useQuery({
    ...entityQueries.formSchemas(client, {
      filter: formId ? idEquals<FormSchema>('formId', formId) : undefined,
      orderBy: [['version', 'desc']],
    }),
    enabled: formId !== null,
  });
  const schemas = formId ? ((schemasQuery.data?.value ?? []) as ODataEntity<FormSchema>[]) : [];
  // Shown: the version picked, else the form's current one, else its newest.
  const schema =
    schemas.find((s) => s.formSchemaId === pickedSchemaId) ??
    schemas.find((s) => s.formSchemaId === form?.currentFormSchemaId) ??
    schemas[0] ??
    null;

  const restart = () => {
    setSession((n) => n + 1);
    setSubmitted(false);
  };

  return {
    labels,
    forms,
    formsState: stateOf(formsQuery),
    form,
    schemas,
    schemasState: formId ? stateOf(schemasQuery) : { isLoading: false, error: null, retry: () => {} },
    schema,
    selection: { formId, formSchemaId: schema?.formSchemaId ?? null },
    selectForm: (next) => {
      setFormId(next);
      setPickedSchemaId(null);
      restart();
      onSelectionChange?.({ formId: next, formSchemaId: null });
    },
    selectSchema: (next) => {
      setPickedSchemaId(next);
      restart();
      onSelectionChange?.({ formId, formSchemaId: next });
    },
    mode,
    setMode: (next) => {
      setMode(next);
      setSubmitted(false);
    },
    width,
    setWidth,
    session,
    reset: restart,
    submitted,
    setSubmitted,
  };
}
