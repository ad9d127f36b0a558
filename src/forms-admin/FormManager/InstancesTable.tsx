import { Button, Table, Text } from '@mantine/core';
import { FormInstanceStatus } from '../../api/enums';
import type { FormInstance, FormSchema } from '../../api/types';
import { fillLabel, type Labels } from '../../query/labels';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { LoadingState } from '../../ui/LoadingState';
import { InstanceSignature } from '../shared/InstanceSignature';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The label of an instance status. */
export function statusLabel(status: FormInstanceStatus, labels: Labels): string {
  switch (status) {
    case FormInstanceStatus.Created:
      return labels.fmStatusCreated;
    case FormInstanceStatus.InProgress:
      return labels.fmStatusInProgress;
    case FormInstanceStatus.Submitted:
      return labels.fmStatusSubmitted;
    case FormInstanceStatus.Completed:
      return labels.fmStatusCompleted;
  }
}

/** Props of {@link InstancesTable}. */
export interface InstancesTableProps {
  labels: Labels;
  rows: readonly FormInstance[];
  /** How many instances there are in all (more than `rows` when the list is cut). */
  total: number;
  isLoading: boolean;
  error: Error | null;
  /** The versions, to name each instance's version; an instance opens in its own version. */
  schemas: readonly Pick<FormSchema, 'formSchemaId' | 'version'>[];
  onOpenInstance?: (instance: FormInstance) => void;
  /** Shows the 'Signature' column (each instance's latest envelope status): for those with Signing_AllowRead. */
  showSignature?: boolean;
}

/** The instances of a form or of one of its versions: status, version, signature, last change, and 'Open'. */
export function InstancesTable({ labels, rows, total, isLoading, error, schemas, onOpenInstance, showSignature = false }: InstancesTableProps) {
  if (error) return <ErrorAlert error={error} />;
  if (isLoading) return <LoadingState />;
  if (rows.length === 0) return <Text>{labels.fmNoInstances}</Text>;
  const versionOf = new Map(schemas.map((s) => [s.formSchemaId, s.version]));
  return (
    <>
      <Table.ScrollContainer minWidth={480}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{labels.fmInstanceStatus}</Table.Th>
              <Table.Th>{labels.fmInstanceVersion}</Table.Th>
              {showSignature && <Table.Th>{labels.columnSignature}</Table.Th>}
              <Table.Th>{labels.fmInstanceLastChange}</Table.Th>
              {onOpenInstance && <Table.Th>{labels.fmActions}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((instance) => (
              <Table.Tr key={instance.formInstanceId}>
                <Table.Td>{statusLabel(instance.status, labels)}</Table.Td>
                <Table.Td>{versionOf.get(instance.formSchemaId) ?? '—'}</Table.Td>
                {showSignature && (
                  <Table.Td>
                    <InstanceSignature instance={instance} labels={labels} />
                  </Table.Td>
                )}
                <Table.Td>{dateTime.format(new Date(instance.lastUpdatedDateTime))}</Table.Td>
                {onOpenInstance && (
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="light"
                      onClick={() => onOpenInstance(instance)}
                      aria-label={`${labels.fmOpenInstance}: ${statusLabel(instance.status, labels)}, ${dateTime.format(new Date(instance.lastUpdatedDateTime))}`}
                    >
                      {labels.fmOpenInstance}
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {total > rows.length && (
        <Text size="sm">
          {fillLabel(labels.fmInstancesShown, { shown: rows.length, total })}
        </Text>
      )}
    </>
  );
}
