import { Button, MultiSelect, Text } from '@mantine/core';
import { Can } from '../../permissions/Can';
import type { FormInstance, FormSchema } from '../../api/types';
import { fillLabel, type Labels } from '../../query/labels';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { LoadingState } from '../../ui/LoadingState';
import { InstanceSignature } from '../shared/InstanceSignature';
import { InstanceStatusBadge } from '../shared/InstanceStatusBadge';
import { instanceStatusLabel } from '../shared/instance-status';
import { SectionCard } from '../shared/screen';
import { useLocale } from '../../query/useLocale';
import { fillNumbers, formatMoment } from '../../labels/format';
import { answerText, type AnswerField } from '../FormInstanceList/answer-columns';
import { ColumnsTable } from '../../ui/stacked-columns';
import type { DataTableColumn } from 'mantine-datatable';

/** The answer columns of a manager's instances: the version's fields, and those the person chose to show. */
export interface ManagerAnswerColumns {
  fields: readonly AnswerField[];
  shown: readonly AnswerField[];
  setShown(paths: string[]): void;
}

/** A manager's newest instances, as its controller reads them (only when the user may view submissions). */
export interface ManagerInstances {
  rows: readonly FormInstance[];
  /** How many instances there are in all (more than `rows` when the list is cut). */
  total: number;
  isLoading: boolean;
  error: Error | null;
  /** Shows the 'Signature' column (each instance's latest envelope status): for those with Signing_AllowRead. */
  showSignature?: boolean;
  /** The answer columns (as in Form Instances, kept per user and form); none without a layout. */
  answers?: ManagerAnswerColumns;
}

/** Props of {@link InstancesTable}. */
export interface InstancesTableProps extends ManagerInstances {
  labels: Labels;
  /** The versions, to name each instance's version; an instance opens in its own version. */
  schemas: readonly Pick<FormSchema, 'formSchemaId' | 'version'>[];
  onOpenInstance?: (instance: FormInstance) => void;
}

/**
 * The instances of a form or of one of its versions: each by its short id (as Form Instances names it), the answer
 * columns chosen, status, version (only where there is more than one to tell apart), signature, last change, and 'Open'.
 */
export function InstancesTable({ labels, rows, total, isLoading, error, schemas, onOpenInstance, showSignature = false, answers }: InstancesTableProps) {
  const locale = useLocale();
  const versionOf = new Map(schemas.map((s) => [s.formSchemaId, s.version]));
  const shown = answers?.shown ?? [];
  const columns: DataTableColumn<FormInstance>[] = [
    {
      accessor: 'formInstanceId',
      title: labels.columnInstance,
      render: (instance) => (
        <Text ff="monospace" size="sm">
          {instance.formInstanceId.slice(-8)}
        </Text>
      ),
    },
    ...shown.map((f): DataTableColumn<FormInstance> => ({ accessor: `answer ${f.path}`, title: f.label, render: (instance) => answerText(f, instance.data, labels, locale) })),
    { accessor: 'status', title: labels.fmInstanceStatus, render: (instance) => <InstanceStatusBadge status={instance.status} labels={labels} screen="fm" /> },
    // The version only where there is more than one to tell apart.
    { accessor: 'formSchemaId', title: labels.fmInstanceVersion, hidden: schemas.length < 2, render: (instance) => versionOf.get(instance.formSchemaId) ?? '—' },
    { accessor: 'signature', title: labels.columnSignature, hidden: !showSignature, render: (instance) => <InstanceSignature instance={instance} labels={labels} /> },
    { accessor: 'lastUpdatedDateTime', title: labels.fmInstanceLastChange, render: (instance) => formatMoment(instance.lastUpdatedDateTime, locale) },
    {
      accessor: 'actions',
      title: labels.fmActions,
      hidden: !onOpenInstance,
      render: (instance) => (
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => onOpenInstance?.(instance)}
          aria-label={fillLabel(labels.fmOpenInstanceName, {
            label: labels.fmOpenInstance,
            id: instance.formInstanceId.slice(-8),
            status: instanceStatusLabel(instance.status, labels, 'fm'),
            updated: formatMoment(instance.lastUpdatedDateTime, locale),
          })}
        >
          {labels.fmOpenInstance}
        </Button>
      ),
    },
  ];
  if (error) return <ErrorAlert error={error} />;
  if (isLoading) return <LoadingState />;
  if (rows.length === 0) return <Text>{labels.fmNoInstances}</Text>;
  return (
    <>
      {answers && answers.fields.length > 0 && (
        <MultiSelect
          label={labels.answerColumns}
          placeholder={shown.length ? undefined : labels.answerColumnsPlaceholder}
          data={answers.fields.map((f) => ({ value: f.path, label: f.label }))}
          value={shown.map((f) => f.path)}
          onChange={answers.setShown}
          searchable
          clearable
          maw={420}
          mb="sm"
        />
      )}
      <ColumnsTable striped records={rows} rowKey={(instance) => instance.formInstanceId} columns={columns} minWidth={480} />
      {total > rows.length && (
        <Text size="sm">
          {fillNumbers(labels.fmInstancesShown, { shown: rows.length, total }, locale)}
        </Text>
      )}
    </>
  );
}

/** Props of {@link InstancesPart}. */
export interface InstancesPartProps extends Pick<InstancesTableProps, 'labels' | 'schemas' | 'onOpenInstance'> {
  instances: ManagerInstances;
  /** The Styles API class name and style of the part. */
  part: object;
}

/** The 'Instances' card of the form and form schema managers: shown (and read) only with ViewSubmissions. */
export function InstancesPart({ labels, instances, schemas, onOpenInstance, part }: InstancesPartProps) {
  return (
    <Can claim="ViewSubmissions_AllowRead">
      <SectionCard title={labels.fmInstances} part={part}>
        <InstancesTable labels={labels} {...instances} schemas={schemas} onOpenInstance={onOpenInstance} />
      </SectionCard>
    </Can>
  );
}
