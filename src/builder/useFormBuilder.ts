import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { apiClientOver, type ApiClient } from '../api/client';
import { eq, guid, type ODataEntity } from '../api/odata';
import { idEquals } from '../forms-admin/shared/ids';
import type { Form, FormSchema } from '../api/types';
import { withWidgetKinds, type WidgetKindRegistry } from '../engine/widget-kinds';
import { jsonEqual } from '../engine/rules';
import { useCan } from '../permissions/useCan';
import type { Labels } from '../query/labels';
import type { ApiProviderState } from '../query/api-context';
import { entityQueries } from '../query/queries';
import { useApi } from '../query/useApi';
import { useLabels } from '../query/useLabels';
import { useLeaveWarning } from '../ui/useLeaveWarning';
import { localizeWidgetKinds } from './widget-names';
import { builderReducer, emptyDocument, initialBuilderState, type BuilderAction, type BuilderDocument, type BuilderState } from './model';

/** Options of {@link useFormBuilder}. */
export interface FormBuilderOptions {
  /** The form to edit; without it (and without `formSchemaId`) the builder starts a new form. */
  formId?: string | null;
  /** The version to edit; by default the form's current version (or its newest). */
  formSchemaId?: string | null;
  /** The widget kinds, the built-in ones with the host's merged over them. */
  widgets?: WidgetKindRegistry;
  /** Overrides of the texts, which otherwise come from the `APIProvider` labels. */
  labels?: Partial<Labels>;
  /** The browser storage drafts are kept in (tests pass their own); default `localStorage` when there is one. */
  storage?: Storage | null;
  /**
   * Whose drafts these are: the signed-in person's id (e.g. the OpenID `sub`). Drafts are kept under it and offered
   * back only to the same person, so whoever signs in next on the same browser is never offered another's unsaved
   * work (and cannot save it as their own). Without it, the browser keeps one set of drafts for everyone.
   */
  draftOwner?: string | null;
}

/** A draft found in the browser from an earlier visit. */
export interface StoredDraft {
  document: BuilderDocument;
  /** When it was written (ISO). */
  savedAt: string;
}

/** What {@link useFormBuilder} returns; `FormBuilder` renders it. */
export interface FormBuilderController {
  labels: Labels;
  widgets: WidgetKindRegistry;
  /** The builder's state: the document, the selection, undo and redo. */
  state: BuilderState;
  dispatch(action: BuilderAction): void;
  /** The form edited (null for a new form or while loading). */
  form: ODataEntity<Form> | null;
  /** The version the document was loaded from (null for a new form). */
  schema: ODataEntity<FormSchema> | null;
  isLoading: boolean;
  error: Error | null;
  notFound: boolean;
  retry(): void;
  /** Whether the user may change the form (EditForm for a form, CreateForm for a new one). */
  canEdit: boolean;
  /** Whether the document differs from the one last loaded or saved. */
  dirty: boolean;
  /** Whether the form is on the server: false for a new form until its first save. */
  exists: boolean;
  /**
   * True while the form just saved here is read back after the host opened it (a new form's id given as `formId`,
   * a new version): the document, its undo steps and the selection stay on screen meanwhile, and no save starts until
   * the form's ids are in. Absent: false (a controller a host builds itself).
   */
  settling?: boolean;
  /** The draft of an earlier visit, when one differs from what was loaded: offered back until restored or discarded. */
  storedDraft: StoredDraft | null;
  restoreDraft(): void;
  discardDraft(): void;
  /** Tells the builder the current document is saved (the draft is dropped; `dirty` turns false). */
  markSaved(document?: BuilderDocument): void;
  /** The key of the draft in the browser's storage. */
  draftKey: string;
}

const DRAFT_PREFIX = 'ccq-form-builder-draft';
const DRAFT_DELAY_MS = 400;

/**
 * The storage key of a form's (or a new form's) draft; with `owner` (see `draftOwner`), that person's draft. The owner
 * is written URI-encoded, so it holds no `:` and no owner's key is another's or an unowned one.
 */
export function builderDraftKey(formId: string | null | undefined, formSchemaId: string | null | undefined, owner?: string | null): string {
  const scope = owner ? `${encodeURIComponent(owner)}:` : '';
  return `${DRAFT_PREFIX}:${scope}${formId ?? 'new'}:${formSchemaId ?? 'current'}`;
}

/**
 * Whether two documents hold the same: compared by structure, not by writing both out as JSON. The reducer's steps
 * share every part they do not change (immer), so the walk stops at once on each shared part and costs a few nodes per
 * change, not the whole 300-field document twice over on each key typed.
 */
const sameDocument = (a: BuilderDocument, b: BuilderDocument) => a === b || (jsonEqual(a.jsonSchema, b.jsonSchema) && jsonEqual(a.layout, b.layout));

/**
 * Runs `write` when the browser is idle (within a second at the latest), or at once where there is no idle callback:
 * writing the draft turns the whole document into JSON, which should not share a frame with the user's next key.
 * Answers a cancel.
 */
function whenIdle(write: () => void): () => void {
  if (typeof window === 'undefined' || typeof window.requestIdleCallback !== 'function') {
    write();
    return () => {};
  }
  const handle = window.requestIdleCallback(write, { timeout: 1000 });
  return () => window.cancelIdleCallback(handle);
}

function defaultStorage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

function readDraft(storage: Storage | null, key: string): StoredDraft | null {
  try {
    const text = storage?.getItem(key);
    if (!text) return null;
    const parsed = JSON.parse(text) as Partial<StoredDraft>;
    const doc = parsed.document;
    if (!doc || typeof doc !== 'object' || !doc.layout || !Array.isArray(doc.layout.pages) || typeof doc.jsonSchema !== 'object') return null;
    return { document: doc, savedAt: typeof parsed.savedAt === 'string' ? parsed.savedAt : '' };
  } catch {
    return null;
  }
}

/**
 * The reads that open a saved form in the builder, asked side by side: the form, and its versions newest first (which
 * one is current is read once both are there). One place for {@link useFormBuilder} and {@link prefetchFormBuilder},
 * so both name the same cache entries.
 */
function openingReads(client: ApiClient, formId: string | null) {
  const id = guid(formId ?? '00000000-0000-0000-0000-000000000000');
  return {
    form: entityQueries.form(client, { filter: eq<Form>('formId', id) }),
    versions: entityQueries.formSchemas(client, { filter: eq<FormSchema>('formId', id), orderBy: [['version', 'desc']] }),
  };
}

/**
 * Starts reading what the builder needs to open the form `formId` (its current version) into the query cache: a host
 * calls it as the builder's route is entered, so the reads run beside the sign-in and permission checks and the
 * builder takes them in flight. Never rejects (a refused read is the builder's to show).
 */
export function prefetchFormBuilder(api: Pick<ApiProviderState, 'queryClient' | 'transport'>, formId: string): Promise<void> {
  const reads = openingReads(apiClientOver(api.transport), formId);
  return Promise.all([api.queryClient.prefetchQuery(reads.form), api.queryClient.prefetchQuery(reads.versions)]).then(() => undefined);
}

/**
 * The form builder's state: loads the form and the version to edit, runs the builder's reducer (undo and redo
 * included), keeps the draft in the browser as the user goes and offers it back after a reload, and knows whether
 * there are unsaved changes and whether the user may make any.
 */
export function useFormBuilder(options: FormBuilderOptions = {}): FormBuilderController {
  const { formSchemaId = null, labels: overrides } = options;
  const labels = useLabels(overrides);
  // The built-in kinds' names and new fields in the language of the texts in force.
  const widgets = useMemo(() => localizeWidgetKinds(withWidgetKinds(options.widgets), labels), [options.widgets, labels]);
  const { client } = useApi();
  const storage = options.storage === undefined ? defaultStorage() : options.storage;

  const schemaById = useQuery({
    ...entityQueries.formSchema(client, { filter: idEquals<FormSchema>('formSchemaId', formSchemaId ?? '') }),
    enabled: formSchemaId !== null,
  });
  const formId = options.formId ?? (schemaById.data as FormSchema | null | undefined)?.formId ?? null;
  const opening = openingReads(client, formId);
  const formQuery = useQuery({ ...opening.form, enabled: formId !== null });
  const form = (formQuery.data as ODataEntity<Form> | null | undefined) ?? null;
  // Asked beside the form, not after it (one round trip fewer on opening); which version is the current one is read
  // once both are there.
  const schemasQuery = useQuery({ ...opening.versions, enabled: formId !== null && formSchemaId === null });
  const schemas = (schemasQuery.data?.value ?? []) as ODataEntity<FormSchema>[];
  const schema: ODataEntity<FormSchema> | null =
    formSchemaId !== null
      ? ((schemaById.data as ODataEntity<FormSchema> | null | undefined) ?? null)
      : form
        ? (schemas.find((s) => s.formSchemaId === form.currentFormSchemaId) ?? schemas[0] ?? null)
        : null;

  const isNew = formId === null && formSchemaId === null;
  const isLoading = !isNew && (schemaById.isLoading || formQuery.isLoading || schemasQuery.isLoading);
  const error = schemaById.error ?? formQuery.error ?? schemasQuery.error ?? null;
  const notFound = !isNew && !isLoading && !error && (formSchemaId !== null ? !schemaById.data : !form);

  const canEdit = useCan(isNew ? 'CreateForm_AllowRead' : 'EditForm_AllowRead').can;

  const loaded = useMemo<BuilderDocument | null>(() => {
    if (isNew) return emptyDocument(labels.fbNewPageTitle.replace('{number}', '1'), labels.fbNewSectionTitle.replace('{number}', '1'));
    if (schema) return { jsonSchema: schema.jsonSchema, layout: schema.layout };
    if (form && !isLoading && !error) return emptyDocument(labels.fbNewPageTitle.replace('{number}', '1'), labels.fbNewSectionTitle.replace('{number}', '1'));
    return null;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the loaded version, not every label change, starts a document
  }, [isNew, schema?.formSchemaId, schema?.version, !!form, isLoading, !!error]);

  const loadedFromVersion = !isNew && schema !== null;
  const [state, dispatch] = useReducer(builderReducer, emptyDocument(), initialBuilderState);
  const [base, setBase] = useState<BuilderDocument | null>(null);
  const draftKey = builderDraftKey(formId, formSchemaId ?? schema?.formSchemaId ?? null, options.draftOwner);
  const [storedDraft, setStoredDraft] = useState<StoredDraft | null>(null);

  // A newly loaded version becomes the document (once per version), and a draft left from before is offered back.
  // Until it is in, the screen says 'loading': the toolbar, palette, pane and canvas are drawn once, with the document,
  // not first around the empty one the state starts from.
  const loadedRef = useRef<BuilderDocument | null>(null);
  const [taken, setTaken] = useState<BuilderDocument | null>(null);
  // The document last saved here. When the host answers a save by opening what was saved (a new form by its new id,
  // or the form's new version), the version read back is that document: it is taken without starting afresh, so the
  // work on screen, its undo steps and the selection stay. A version that differs starts afresh as any load does.
  const [savedDocument, setSavedDocument] = useState<BuilderDocument | null>(null);
  useEffect(() => {
    if (!loaded || loadedRef.current === loaded) return;
    loadedRef.current = loaded;
    setTaken(loaded);
    if (savedDocument && sameDocument(loaded, savedDocument)) return;
    setBase(loaded);
    // A document read from a stored version is saved: its fields keep their data paths when their labels change.
    dispatch({ type: 'load', document: loaded, saved: loadedFromVersion });
    const draft = readDraft(storage, draftKey);
    setStoredDraft(draft && !sameDocument(draft.document, loaded) ? draft : null);
  }, [loaded, loadedFromVersion, storage, draftKey, savedDocument]);

  // The document is being read (or taken in): the screen says 'loading', or, after a save here, keeps its work on
  // screen and holds the next save (`settling`).
  const reading = isLoading || (!loaded && !error && !notFound) || (loaded !== null && taken !== loaded);

  const stateRef = useRef(state);
  stateRef.current = state;

  const dirty = useMemo(() => (base ? !sameDocument(state.document, base) : false), [state.document, base]);
  const [savedHere, setSavedHere] = useState(false);

  // The draft is written shortly after each change (once a burst of keys pauses, when the browser is idle), and
  // removed once nothing is unsaved.
  useEffect(() => {
    if (!base || !storage || storedDraft) return;
    let cancelIdle = () => {};
    const timer = setTimeout(() => {
      cancelIdle = whenIdle(() => {
        try {
          if (dirty) storage.setItem(draftKey, JSON.stringify({ document: state.document, savedAt: new Date().toISOString() }));
          else storage.removeItem(draftKey);
        } catch {
          // A full or refused storage only loses the draft, never the work on screen.
        }
      });
    }, DRAFT_DELAY_MS);
    return () => {
      clearTimeout(timer);
      cancelIdle();
    };
  }, [state.document, dirty, base, storage, draftKey, storedDraft]);

  // Leaving the page with unsaved changes asks first.
  useLeaveWarning(dirty);

  return {
    labels,
    widgets,
    state,
    dispatch,
    form,
    schema,
    isLoading: savedDocument === null && reading,
    settling: savedDocument !== null && reading,
    error,
    notFound,
    retry: () => {
      void schemaById.refetch();
      void formQuery.refetch();
      void schemasQuery.refetch();
    },
    canEdit,
    dirty,
    exists: !isNew || savedHere,
    storedDraft,
    restoreDraft: () => {
      if (!storedDraft) return;
      dispatch({ type: 'replaceDocument', document: storedDraft.document });
      setStoredDraft(null);
    },
    discardDraft: () => {
      try {
        storage?.removeItem(draftKey);
      } catch {
        // Nothing to do: the draft is ignored from now on anyway.
      }
      setStoredDraft(null);
    },
    markSaved: (document) => {
      const saved = document ?? stateRef.current.document;
      setBase(saved);
      setSavedHere(true);
      setSavedDocument(saved);
      dispatch({ type: 'markSaved', document: saved });
      try {
        storage?.removeItem(draftKey);
      } catch {
        // As above.
      }
    },
    draftKey,
  };
}
