import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { FormInstance, FormSchema, JsonObject, PrefillProblem } from '../../api/types';
import { checkedPrefill } from '../../domain/pdf/linking';
import { layoutFieldEntries } from '../../engine/layout-walk';
import { fillLabel, type Labels } from '../../query/labels';
import { useCreateLinkedInstance } from '../../query/mutations';
import { linkingQueries } from '../../query/queries';
import { useApi } from '../../query/useApi';
import { useLocale } from '../../query/useLocale';
import { answerFieldsOf, answerText } from '../FormInstanceList/answer-columns';
import { toast } from '../shared/toast';

/** An application record a new instance may be pre-filled from (`DynamicFormLinking/Create` posts its `application`). */
export interface PrefillRecord {
  /** Tells the record apart among the others. */
  id: string;
  /** What the person picks it by (an applicant's name, a case number). */
  label: string;
  /** The application, in the host's application model (the shape `GetExampleApplication` answers). */
  application: JsonObject;
}

/** One linked field of the current version with the value the picked record gives it. */
export interface PrefillValue {
  /** The field's data path. */
  path: string;
  /** The field's label. */
  label: string;
  /** The application's path the field is linked to. */
  source: string;
  /** The value as the form shows it, in the user's locale; empty when the record gives none or it is refused. */
  text: string;
  /** Why the form refuses the record's value (it is left empty), or null. */
  problem: PrefillProblem | null;
}

/** What {@link usePrefillInstance} returns: the 'New pre-filled instance' dialog's state. */
export interface PrefillController {
  /** Whether the dialog is open. */
  opened: boolean;
  open(): void;
  close(): void;
  /** The records to pick from: the host's, or the example application read from the server. */
  records: readonly PrefillRecord[];
  /** The records are being read (the example application). */
  isLoading: boolean;
  /** Reading the example application failed. */
  error: Error | null;
  retry(): void;
  /** The picked record's id, or null. */
  recordId: string | null;
  pick(recordId: string | null): void;
  /** The current version's linked fields (none: nothing would be pre-filled). */
  linkedCount: number;
  /** The linked fields with the values the picked record gives them; empty before a record is picked. */
  values: readonly PrefillValue[];
  /** Creates the instance from the picked record; `onCreated` gets it (a host opens it). */
  create(onCreated?: (instance: FormInstance) => void): void;
  creating: boolean;
}

/** The id of the record made of the server's example application. */
export const EXAMPLE_RECORD_ID = 'example-application';

/**
 * The 'New pre-filled instance' dialog of the form manager: the application records to pick from (the host's
 * `records`, or else the server's example application, read when the dialog opens), the values the picked record
 * gives the current version's linked fields (the same copy and check as `DynamicFormLinking/Create`: a value the form
 * refuses is left empty and said why), and creating the instance.
 */
export function usePrefillInstance(schema: FormSchema | null, labels: Labels, records?: readonly PrefillRecord[]): PrefillController {
  const { client } = useApi();
  const locale = useLocale();
  const [opened, setOpened] = useState(false);
  const [picked, setPicked] = useState<string | null>(null);
  const example = useQuery({ ...linkingQueries.exampleApplication(client), enabled: opened && !records });
  const mutation = useCreateLinkedInstance();

  const list = useMemo<readonly PrefillRecord[]>(() => {
    if (records) return records;
    const data = example.data;
    return data && typeof data === 'object' && !Array.isArray(data) ? [{ id: EXAMPLE_RECORD_ID, label: labels.fmPrefillExample, application: data }] : [];
  }, [records, example.data, labels.fmPrefillExample]);

  // The only record is picked for the person; with several, they choose.
  const recordId = picked ?? (list.length === 1 ? (list[0] as PrefillRecord).id : null);
  const record = list.find((r) => r.id === recordId) ?? null;

  const linked = useMemo(() => {
    if (!schema?.layout) return [];
    const linkedPaths = new Map<string, string>();
    for (const { field, repeatOwner } of layoutFieldEntries(schema.layout)) {
      if (repeatOwner === null && typeof field.linkedPath === 'string' && field.linkedPath) linkedPaths.set(field.path, field.linkedPath);
    }
    return answerFieldsOf(schema.layout).filter((column) => column.kind === 'field' && linkedPaths.has(column.path)).map((column) => ({ column, source: linkedPaths.get(column.path) as string }));
  }, [schema]);

  const values = useMemo<PrefillValue[]>(() => {
    if (!schema || !record) return [];
    let filled: { data: JsonObject; problems: readonly PrefillProblem[] };
    try {
      filled = checkedPrefill(schema, record.application);
    } catch {
      // A record over the data limits fills nothing; the server refuses it the same way.
      filled = { data: {}, problems: [] };
    }
    return linked.map(({ column, source }) => ({
      path: column.path,
      label: column.label,
      source,
      text: answerText(column, filled.data, labels, locale),
      problem: filled.problems.find((p) => p.path === column.path) ?? null,
    }));
  }, [schema, record, linked, labels, locale]);

  return {
    opened,
    open: () => setOpened(true),
    close: () => {
      setOpened(false);
      setPicked(null);
    },
    records: list,
    isLoading: !records && example.isLoading,
    error: records ? null : example.error,
    retry: () => void example.refetch(),
    recordId,
    pick: setPicked,
    linkedCount: linked.length,
    values,
    create: (onCreated) => {
      if (!schema || !record || mutation.isPending) return;
      mutation.mutate(
        { schemaId: schema.formSchemaId, application: record.application },
        {
          onSuccess: (instance) => {
            toast.success(fillLabel(labels.fmPrefillCreated, { record: record.label }), labels);
            setOpened(false);
            setPicked(null);
            if (instance) onCreated?.(instance);
          },
          onError: (error) => toast.failure(labels.fmPrefillCreateFailed, error, labels),
        },
      );
    },
    creating: mutation.isPending,
  };
}
