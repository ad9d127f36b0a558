/**
 * Saving a builder's draft, React-free: the calls a save makes, in order, over the spec's CRUD and OData calls.
 *
 * The versioning rule: a form schema version that no instance uses is updated in place (a patch); once an instance
 * uses it, the server refuses to change it (409, code `schema-in-use`), so saving posts a new version (the server
 * numbers it: the form's newest plus one) and then points the form's current schema at it (a form patch). The
 * instances keep the version they were filled in, and open in it; the answers of fields the new version removes stay
 * stored in them. A new form is a form post, then its first version (which the server makes current).
 *
 * The draft is checked first with the engine's `checkFormDraft` against the builder's widget registry (the host's
 * kinds too), the same check the server runs on every schema post and patch against the kinds it knows (built-in, and
 * a host's declared to it by value kind); a draft with problems is not sent.
 */
import { isApiError } from '../../api/errors';
import { and, eq, guid, or, type Filter, type ODataEntity } from '../../api/odata';
import { isProblemDetails } from '../../api/problem-details';
import type { ApiClient } from '../../api/client';
import type { Form, FormInstance, FormSchema } from '../../api/types';
import { SCHEMA_IN_USE_CODE } from '../../domain/forms/entities';
import { allFields, checkFormDraft, layoutFields, type DraftProblem, type FormDraft } from '../../engine';
import { storesNothing, WIDGET_KINDS, type WidgetKindRegistry } from '../../engine/widget-kinds';

/**
 * Whether a draft has no field that takes an answer (no field at all, or text blocks only): a person filling it in
 * would have nothing to answer. The builder's save says so before saving but still saves (`docs/design/builder.md`): the
 * server accepts such a schema, and a form saved before its fields (its name, group and PDF template kept, its
 * version to come) is a normal step of building one. `widgets` is the registry the builder uses (host kinds too).
 */
export function draftHasNoFields(draft: FormDraft, widgets?: WidgetKindRegistry): boolean {
  // The walk reads a malformed layout as empty where it is malformed, and reaches sections inside sections.
  return allFields(draft.layout).every((field) => typeof field?.widget === 'string' && storesNothing(field.widget, widgets));
}

/**
 * The fields of a draft that take an answer and have no label (empty or spaces only), in layout order, each with its
 * place and its full data path. The public form would show such a field as a box that says nothing (and has no
 * accessible name); the builder marks the label as required and does not save a draft with one (`useSaveFormDraft`).
 * Text blocks and other kinds that store nothing may go without one.
 */
export function unlabeledFields(draft: FormDraft, widgets?: WidgetKindRegistry): { fieldId: string; sectionId: string; pageId: string; path: string }[] {
  return layoutFields(draft.layout, widgets)
    .filter((e) => e.fullPath !== null && (typeof e.field.label !== 'string' || e.field.label.trim() === ''))
    .map((e) => ({ fieldId: e.field.id, sectionId: e.section.id, pageId: e.page.id, path: e.fullPath ?? e.field.path }));
}

/** Name, description and group of a new form. */
export interface NewFormDetails {
  name: string;
  description: string | null;
  formGroupId: string | null;
}

/** What {@link saveFormDraft} saves. */
export interface SaveFormDraftInput {
  /** The JSON Schema and the layout being saved. */
  draft: FormDraft;
  /** The form saved to; null or missing for a new form (then `details` is required). */
  formId?: string | null;
  /** The version edited; missing: the form's current version. */
  formSchemaId?: string | null;
  /** The new form's details (a new form only). */
  details?: NewFormDetails;
  /** Whether the saved version is public: anyone with its link may fill it in without signing in. */
  isPublic: boolean;
  /**
   * The version (`@odata.etag`) of the schema the draft was loaded from: a patch made in place is refused (412) when
   * someone saved it since. Missing: not checked.
   */
  schemaETag?: string | null;
  /**
   * The widget kinds the draft's fields may use: the builder's registry (the built-in kinds with a host's merged
   * over them). Missing: the built-in kinds alone, so a field of a host kind is a problem.
   */
  widgets?: WidgetKindRegistry;
}

/** What a save did: made a new form, changed a version in place, or made a new version (now the current one). */
export type SaveFormDraftOutcome = 'created' | 'updated' | 'new-version';

/** The result of {@link saveFormDraft}. */
export interface SaveFormDraftResult {
  outcome: SaveFormDraftOutcome;
  /** The form saved to (for a new form, the new one). */
  formId: string;
  /** The version saved: the one patched, or the new one. */
  formSchema: FormSchema;
  /** For a new version: the version the draft was based on, which its instances keep. */
  previousFormSchemaId: string | null;
}

/** A draft that was not sent: the problems `checkFormDraft` found. */
export class DraftProblemsError extends Error {
  override name = 'DraftProblemsError';
  constructor(readonly problems: readonly DraftProblem[]) {
    super(problems[0]?.message ?? 'The form has problems.');
  }
}

/**
 * A save that failed after a new form was stored: the form exists (`formId`) without a version. Save again with
 * that `formId` (and no `details`) to post only the version.
 */
export class PartialSaveError extends Error {
  override name = 'PartialSaveError';
  constructor(
    readonly formId: string,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : 'The form was created, but its first version was not saved.');
  }
}

/**
 * The problems a server listed when it refused a schema (`problems` of its problem details), in the shape of the
 * builder's own check; empty when the error carries none.
 */
export function serverDraftProblems(error: unknown): DraftProblem[] {
  const cause = error instanceof PartialSaveError ? error.cause : error;
  if (!isApiError(cause) || !isProblemDetails(cause.result)) return [];
  const listed = cause.result.problems;
  if (!Array.isArray(listed)) return [];
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return listed.flatMap((p: unknown): DraftProblem[] => {
    if (typeof p !== 'object' || p === null) return [];
    const r = p as Record<string, unknown>;
    const message = text(r.message);
    if (message === null) return [];
    return [
      {
        kind: (text(r.code) ?? 'schema-layout') as DraftProblem['kind'],
        status: cause.status === 413 ? 413 : 400,
        message,
        fieldId: text(r.fieldId),
        sectionId: text(r.sectionId),
        pageId: text(r.pageId),
      },
    ];
  });
}

/** Whether a schema patch was refused because instances use the version. */
function isSchemaInUse(error: unknown): boolean {
  return isApiError(error) && error.status === 409 && isProblemDetails(error.result) && error.result.code === SCHEMA_IN_USE_CODE;
}

function required<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`The server answered no ${what}.`);
  return value;
}

/**
 * The instances that use a version, soft-deleted ones too: a deleted instance can be restored and still opens in its
 * version, so it counts for the versioning rule as it does on the server.
 */
export function instancesOfSchemaFilter(formSchemaId: string): Filter<FormInstance> {
  return and<FormInstance>(eq('formSchemaId', guid(formSchemaId)), or(eq('isDeleted', true), eq('isDeleted', false)));
}

/** The number of instances (soft-deleted ones too) that use a version. */
export async function countInstancesOfSchema(client: ApiClient, formSchemaId: string, signal?: AbortSignal): Promise<number> {
  const result = await client.odata.formInstances.list({ filter: instancesOfSchemaFilter(formSchemaId), top: 0, count: true }, { signal });
  return result?.['@odata.count'] ?? 0;
}

/**
 * Saves a draft (see the module's rules). Rejects with {@link DraftProblemsError} before any call when the draft has
 * problems, with {@link PartialSaveError} when a new form was stored but not its version, and with the API's error
 * otherwise (a 4xx carries the server's problem details; {@link serverDraftProblems} reads its list).
 */
export async function saveFormDraft(client: ApiClient, input: SaveFormDraftInput): Promise<SaveFormDraftResult> {
  const problems = checkFormDraft(input.draft, input.widgets ?? WIDGET_KINDS);
  if (problems.length > 0) throw new DraftProblemsError(problems);
  const { jsonSchema, layout } = input.draft;

  if (!input.formId) {
    const details = required(input.details, 'details of the new form');
    const form = required(
      await client.crud.form.post({ name: details.name, description: details.description, formGroupId: details.formGroupId }),
      'form',
    );
    try {
      const formSchema = required(
        await client.crud.formschema.post({ formId: form.formId, name: form.name, jsonSchema, layout, isPublic: input.isPublic }),
        'form schema',
      );
      return { outcome: 'created', formId: form.formId, formSchema, previousFormSchemaId: null };
    } catch (error) {
      throw new PartialSaveError(form.formId, error);
    }
  }

  const formId = input.formId;
  const form: ODataEntity<Form> = required(await client.odata.forms.getOne({ filter: eq<Form>('formId', guid(formId)) }), 'form');
  const editedId = input.formSchemaId ?? form.currentFormSchemaId;
  if (editedId) {
    try {
      const formSchema = required(
        await client.crud.formschema.patch({ formSchemaId: editedId, jsonSchema, layout, isPublic: input.isPublic }, { ifMatch: input.schemaETag ?? null }),
        'form schema',
      );
      return { outcome: 'updated', formId, formSchema, previousFormSchemaId: null };
    } catch (error) {
      if (!isSchemaInUse(error)) throw error;
    }
  }
  // A form without a version yet, or a version instances use: a new version, made current.
  const formSchema = required(await client.crud.formschema.post({ formId, name: form.name, jsonSchema, layout, isPublic: input.isPublic }), 'form schema');
  if (form.currentFormSchemaId !== null && form.currentFormSchemaId !== formSchema.formSchemaId) {
    await client.crud.form.patch({ formId, currentFormSchemaId: formSchema.formSchemaId });
  }
  return { outcome: editedId ? 'new-version' : 'created', formId, formSchema, previousFormSchemaId: editedId ?? null };
}
