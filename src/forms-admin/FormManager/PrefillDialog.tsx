import { Alert, Button, Group, Modal, Select, Stack, Table, Text } from '@mantine/core';
import type { FormInstance } from '../../api/types';
import { fillLabel, type Labels } from '../../query/labels';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { LoadingState } from '../../ui/LoadingState';
import type { PrefillController } from './usePrefillInstance';

/** Props of {@link PrefillDialog}. */
export interface PrefillDialogProps {
  controller: PrefillController;
  labels: Labels;
  /** Called with the instance created (a host opens it). */
  onCreated?: (instance: FormInstance) => void;
}

/**
 * 'New pre-filled instance': pick an application record, see the values the current version's linked fields take
 * from it (and which the form refuses, left empty), then create the instance.
 */
export function PrefillDialog({ controller: p, labels, onCreated }: PrefillDialogProps) {
  const body = () => {
    if (p.isLoading) return <LoadingState labelVisible labels={{ label: labels.fmPrefillLoading }} />;
    if (p.error) return <ErrorAlert message={labels.fmPrefillLoadFailed} error={p.error} onRetry={p.retry} />;
    if (p.records.length === 0) return <Text>{labels.fmPrefillNoRecords}</Text>;
    return (
      <Stack gap="sm">
        <Select
          label={labels.fmPrefillRecord}
          placeholder={labels.fmPrefillPick}
          data={p.records.map((r) => ({ value: r.id, label: r.label }))}
          value={p.recordId}
          onChange={p.pick}
          allowDeselect={false}
        />
        {p.linkedCount === 0 ? (
          <Alert color="yellow" title={labels.fmPrefillNoLinks} styles={{ title: { color: 'var(--mantine-color-text)' } }}>
            {labels.fmPrefillNoLinksHint}
          </Alert>
        ) : (
          p.values.length > 0 && (
            <Table.ScrollContainer minWidth={420}>
              <Table striped aria-label={labels.fmPrefillValues}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{labels.fmPrefillField}</Table.Th>
                    <Table.Th>{labels.fmPrefillSource}</Table.Th>
                    <Table.Th>{labels.fmPrefillValue}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {p.values.map((v) => (
                    <Table.Tr key={v.path}>
                      <Table.Td>{v.label}</Table.Td>
                      <Table.Td>
                        <Text span size="sm" ff="monospace">
                          {v.source}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {v.problem ? (
                          <Text size="sm" c="light-dark(var(--mantine-color-red-9), var(--mantine-color-red-4))">
                            {fillLabel(labels.fmPrefillLeftEmpty, { message: v.problem.message })}
                          </Text>
                        ) : v.text === '' ? (
                          <Text size="sm">{labels.fmPrefillNoValue}</Text>
                        ) : (
                          v.text
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        )}
      </Stack>
    );
  };
  return (
    <Modal opened={p.opened} onClose={p.close} title={labels.fmPrefillTitle} size="lg" closeButtonProps={{ 'aria-label': labels.close }}>
      <Stack gap="md">
        {body()}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={p.close}>
            {labels.fmPrefillCancel}
          </Button>
          <Button onClick={() => p.create(onCreated)} loading={p.creating} disabled={!p.recordId || p.isLoading || Boolean(p.error)}>
            {labels.fmPrefillCreate}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
