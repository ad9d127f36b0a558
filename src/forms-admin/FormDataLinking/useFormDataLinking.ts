import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { isApiError } from '../../api/errors';
import { and, deletedView, type ODataEntity, type ODataResult } from '../../api/odata';
import type { FormField, FormInstance, FormLayout, FormSchema, JsonObject, PrefillProblem } from '../../api/types';
import {
  checkLinkTypes,
  fieldValueType,
  primitivePathsOf,
  bulkLinkOf,
  suggestLinks,
  type FieldValueType,
  type LinkSuggestion,
  type LinkTypeCheck,
  type PrimitivePath,
} from '../../domain/forms/linking-suggest';
import { checkedPrefill } from '../../domain/pdf/linking';
import { getAt } from '../../contract/json-pointer';
import { layoutFieldEntries } from '../../engine/layout-walk';
import { storesNothing } from '../../engine/widget-kinds';
import { fillLabel, type Labels } from '../../query/labels';
import { useCrudMutation } from '../../query/mutations';
import { entityQueries, linkingQueries } from '../../query/queries';
import { useApi } from '../../query/useApi';
import { useLabels } from '../../query/useLabels';
import { useCan } from '../../permissions/useCan';
import { saveClaimOf, useClaimCheck } from '../shared/access';
import { idEquals } from '../shared/ids';
import { toast } from '../shared/toast';

/** Options of {@link useFormDataLinking}. */
export interface FormDataLinkingOptions {
  /** The form schema (version) whose fields are linked. */
  formSchemaId: string;
  /** Called after the links were saved. */
  onSaved?: (schema: FormSchema) => void;
  /** Overrides of the texts, which otherwise come from the `APIProvider` labels. */
  labels?: Partial<Labels>;
}

/** One field of the form with its link. */
export interface LinkingRow {
  field: FormField;
  /** What the field holds, from the schema's JSON Schema. */
  fieldType: FieldValueType;
  /** The application path it is linked to (as edited, not yet saved), or null. */
  linkedPath: string | null;
  /** The linked path's type, when linked to a path the server lists. */
  pathType: PrimitivePath | null;
  /** Whether the linked path's values fit the field; null when not linked. */
  check: LinkTypeCheck | null;
  /** Paths suggested by name, best first, with their reasons. */
  suggestions: readonly LinkSuggestion[];
  /** The example application's value at the linked path. */
  exampleValue: unknown;
}

/** What {@link useFormDataLinking} returns; `FormDataLinkingView` renders it. */
export interface FormDataLinkingController {
  labels: Labels;
  formSchemaId: string;
  schema: ODataEntity<FormSchema> | null;
  isLoading: boolean;
  error: Error | null;
  /** The schema does not exist (or was deleted). */
  notFound: boolean;
  retry(): void;
  /** The application's paths with their types. */
  paths: readonly PrimitivePath[];
  rows: readonly LinkingRow[];
  /** Rows without a link. */
  unlinked: readonly LinkingRow[];
  /** Rows whose link does not fit. */
  mismatched: readonly LinkingRow[];
  link(fieldId: string, path: string | null): void;
  /** Links every unlinked field to its best strong suggestion that fits. */
  acceptAllSuggestions(): void;
  /** How many unlinked fields have a strong suggestion that fits. */
  acceptableCount: number;
  /**
   * The form as an instance created from the example application would hold it, with the links as edited: the same
   * copy and check as `DynamicFormLinking/Create`, so the values the form refuses are left out and listed.
   */
  preview: { schema: FormSchema; data: JsonObject; problems: readonly PrefillProblem[] } | null;
  dirty: boolean;
  reset(): void;
  /** Whether the user may change the links: they hold the claim, and no instance is known to use the version. */
  canEdit: boolean;
  /**
   * Instances use the version (as far as the user may see them), so its links cannot change: the server refuses a
   * changed layout of a version in use. Said before any work is done; a save the server still refuses says so too.
   */
  inUse: boolean;
  save(): void;
  saving: boolean;
  /** Why the last save failed, in words. */
  saveError: string | null;
}

/**
 * The fields a link can fill: value fields of sections at any depth outside repeatable sections (the paths of a
 * repeatable section's fields, those of the sections inside it included, are relative to an item).
 */
function linkableFields(layout: FormLayout | undefined): FormField[] {
  const out: FormField[] = [];
  if (!layout) return out;
  for (const { field, repeatOwner } of layoutFieldEntries(layout)) {
    if (repeatOwner === null && !storesNothing(field.widget) && !field.computed) out.push(field);
  }
  return out;
}

/** The layout with each linkable field's `linkedPath` as in `links` (a field without one loses it), nested sections too. */
function withLinks(layout: FormLayout, links: Readonly<Record<string, string | null>>): FormLayout {
  // A copy whose fields are set in place: the walk reaches the fields of sections at every depth.
  const copy = structuredClone(layout);
  for (const { field } of layoutFieldEntries(copy)) {
    if (!(field.id in links)) continue;
    const next = links[field.id];
    if (next) field.linkedPath = next;
    else delete field.linkedPath;
  }
  return copy;
}

function valueAt(document: unknown, path: string | null): unknown {
  if (!path || document === null || document === undefined) return undefined;
  try {
    return getAt(document, path);
  } catch {
    return undefined;
  }
}

/**
 * The data linking screen's state: the schema's fields, the application's paths (with types from the server or the
 * example application), the links as edited with suggestions and type checks, the preview data, and saving the links
 * on the schema's fields (`linkedPath`, one patch of the schema's layout).
 */
export function useFormDataLinking({ formSchemaId, onSaved, labels: overrides }: FormDataLinkingOptions): FormDataLinkingController {
  const labels = useLabels(overrides);
  const { client } = useApi();
  const { holds } = useClaimCheck();
  // The id comes from a URL: text that is not a GUID (a cut or mistyped link) selects no row and reads as "not found".
  const schemaQuery = useQuery(entityQueries.formSchema(client, { filter: idEquals<FormSchema>('formSchemaId', formSchemaId) }));
  const pathsQuery = useQuery(linkingQueries.primitivePathsWithTypes(client));
  const exampleQuery = useQuery(linkingQueries.exampleApplication(client));
  const schema = (schemaQuery.data as ODataEntity<FormSchema> | null | undefined) ?? null;
  // Whether instances use the version: the count is enough, read with one row's id and none of its answers (where the
  // user may see submissions). Soft-deleted instances count: they keep the version's layout too, and can be restored.
  const canViewSubmissions = useCan('ViewSubmissions_AllowRead').can;
  const usedQuery = useQuery({
    ...entityQueries.formInstances(client, {
      filter: and(idEquals<FormInstance>('formSchemaId', formSchemaId), deletedView<FormInstance>(true)),
      select: ['formInstanceId'],
      top: 1,
      count: true,
    }),
    enabled: schema !== null && canViewSubmissions,
  });
  const inUse = ((usedQuery.data as ODataResult<FormInstance> | undefined)?.['@odata.count'] ?? 0) > 0;
  const example = exampleQuery.data ?? null;
  const [edits, setEdits] = useState<Record<string, string | null>>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const mutation = useCrudMutation('formschema');

  const fields = useMemo(() => linkableFields(schema?.layout), [schema]);
  const paths = useMemo(() => primitivePathsOf((pathsQuery.data ?? []) as readonly unknown[], example), [pathsQuery.data, example]);
  const pathByName = useMemo(() => new Map(paths.map((p) => [p.path, p])), [paths]);

  const rows = useMemo<LinkingRow[]>(() => {
    if (!schema) return [];
    return fields.map((field) => {
      const linkedPath = field.id in edits ? (edits[field.id] ?? null) : (field.linkedPath ?? null);
      const fieldType = fieldValueType(schema.jsonSchema, field.path);
      const pathType = linkedPath ? (pathByName.get(linkedPath) ?? null) : null;
      return {
        field,
        fieldType,
        linkedPath,
        pathType,
        check: linkedPath ? checkLinkTypes(fieldType, pathType ?? { type: null }) : null,
        suggestions: suggestLinks(field, paths),
        exampleValue: valueAt(example, linkedPath),
      };
    });
  }, [schema, fields, edits, paths, pathByName, example]);

  const links = useMemo(() => Object.fromEntries(rows.map((r) => [r.field.id, r.linkedPath])), [rows]);
  const dirty = rows.some((r) => (r.field.linkedPath ?? null) !== r.linkedPath);

  const preview = useMemo(() => {
    if (!schema || !example) return null;
    const linked: FormSchema = { ...schema, layout: withLinks(schema.layout, links) };
    try {
      return { schema: linked, ...checkedPrefill(linked, example) };
    } catch {
      // An example over the data limits previews nothing; the server refuses it the same way.
      return null;
    }
  }, [schema, example, links]);

  // Only a strong suggestion (the field's name names the path exactly) is linked in bulk; weak ones wait for a person.
  const bestFitting = (row: LinkingRow) => bulkLinkOf(row.suggestions, row.fieldType, (path) => pathByName.get(path));
  const acceptable = rows.filter((r) => r.linkedPath === null && bestFitting(r));

  const describeSaveError = (error: unknown): string => {
    if (isApiError(error) && error.status === 409) return labels.dlInUse;
    return labels.dlSaveFailed;
  };

  return {
    labels,
    formSchemaId,
    schema,
    isLoading: schemaQuery.isLoading || pathsQuery.isLoading || exampleQuery.isLoading,
    error: schemaQuery.error ?? pathsQuery.error ?? exampleQuery.error ?? null,
    notFound: !schemaQuery.isLoading && !schemaQuery.error && schemaQuery.data === null,
    retry: () => {
      void schemaQuery.refetch();
      void pathsQuery.refetch();
      void exampleQuery.refetch();
    },
    paths,
    rows,
    unlinked: rows.filter((r) => r.linkedPath === null),
    mismatched: rows.filter((r) => r.check && !r.check.fits),
    link: (fieldId, path) => {
      setSaveError(null);
      setEdits((previous) => ({ ...previous, [fieldId]: path }));
    },
    acceptAllSuggestions: () =>
      setEdits((previous) => {
        const next = { ...previous };
        for (const row of acceptable) next[row.field.id] = bestFitting(row)?.path ?? null;
        return next;
      }),
    acceptableCount: acceptable.length,
    preview,
    dirty,
    reset: () => {
      setEdits({});
      setSaveError(null);
    },
    canEdit: holds('EditFormSchema_AllowRead', saveClaimOf('formschema', 'patch')) && !inUse,
    inUse,
    save: () => {
      if (!schema || mutation.isPending) return;
      setSaveError(null);
      mutation.mutate(
        // The schema row's `@odata.etag` goes along as If-Match: links saved over someone else's change are refused.
        {
          action: 'patch',
          entity: { formSchemaId: schema.formSchemaId, layout: withLinks(schema.layout, links), '@odata.etag': schema['@odata.etag'] } as Partial<FormSchema>,
        },
        {
          onSuccess: (saved) => {
            setEdits({});
            toast.success(fillLabel(labels.dlSaved, {}), labels);
            if (saved) onSaved?.(saved as FormSchema);
          },
          onError: (error) => setSaveError(describeSaveError(error)),
        },
      );
    },
    saving: mutation.isPending,
    saveError,
  };
}
