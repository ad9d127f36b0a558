import { problemDetailOf } from '../../api/problem-details';
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { ClaimGroup } from '../../api/types';
import { useDeleteClaimGroup, useRenameClaimGroup } from '../../query/mutations';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { fillLabel, type AdminLabels } from '../admin-labels';

export interface ClaimGroupPickerProps {
  groups: readonly ClaimGroup[];
  /** The chosen claim group id, or null. */
  value: string | null;
  onChange: (id: string | null) => void;
  labels: AdminLabels;
}

interface RenameModalProps {
  group: ClaimGroup;
  onClose: () => void;
  onRenamed: () => void;
  labels: AdminLabels;
}

function RenameModal({ group, onClose, onRenamed, labels }: RenameModalProps) {
  const [name, setName] = useState(group.name);
  const rename = useRenameClaimGroup();
  const trimmed = name.trim();
  return (
    <Modal opened onClose={onClose} title={labels.renameClaimGroupTitle} centered closeButtonProps={{ 'aria-label': labels.close }}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!trimmed || rename.isPending) return;
          rename.mutate({ newGroupName: trimmed, currentGroupName: group.name }, { onSuccess: onRenamed });
        }}
      >
        <Stack gap="md">
          <TextInput label={labels.newGroupName} value={name} onChange={(e) => setName(e.currentTarget.value)} data-autofocus />
          {rename.isError && <ErrorAlert message={rename.error.message} title={problemDetailOf(rename.error)} />}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {labels.cancel}
            </Button>
            <Button type="submit" disabled={!trimmed} loading={rename.isPending}>
              {labels.saveChanges}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The searchable claim-group picker with its rename and delete actions; both clear the selection (spec §4). */
export function ClaimGroupPicker({ groups, value, onChange, labels }: ClaimGroupPickerProps) {
  const [dialog, setDialog] = useState<'rename' | 'delete' | null>(null);
  const remove = useDeleteClaimGroup();
  const group = groups.find((g) => g.id === value) ?? null;

  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="sm">
        <Select
          label={labels.claimGroup}
          placeholder={labels.claimGroupPlaceholder}
          data={groups.map((g) => ({ value: g.id, label: g.name }))}
          value={value}
          onChange={onChange}
          searchable
          clearable
          nothingFoundMessage="—"
          style={{ flex: 1 }}
          maw={480}
        />
        <Button variant="default" disabled={!group} onClick={() => setDialog('rename')}>
          {labels.rename}
        </Button>
        <Button
          color="red"
          variant="outline"
          disabled={!group}
          onClick={() => {
            remove.reset();
            setDialog('delete');
          }}
        >
          {labels.delete}
        </Button>
      </Group>
      {remove.isError && <ErrorAlert message={remove.error.message} title={problemDetailOf(remove.error)} />}
      {group && dialog === 'rename' && (
        <RenameModal
          group={group}
          labels={labels}
          onClose={() => setDialog(null)}
          onRenamed={() => {
            setDialog(null);
            onChange(null);
          }}
        />
      )}
      <ConfirmModal
        opened={group !== null && dialog === 'delete'}
        title={fillLabel(labels.deleteClaimGroupTitle, { name: group?.name ?? '' })}
        message={
          <Stack gap={4}>
            <Text>{labels.deleteConfirm}</Text>
            <Text>{labels.deleteClaimGroupConfirm}</Text>
          </Stack>
        }
        loading={remove.isPending}
        labels={{ confirm: labels.delete, cancel: labels.cancel, close: labels.close }}
        onCancel={() => setDialog(null)}
        onConfirm={() => {
          if (!group) return;
          remove.mutate(
            { groupName: group.name },
            {
              onSuccess: () => {
                setDialog(null);
                onChange(null);
              },
              onError: () => setDialog(null),
            },
          );
        }}
      />
    </Stack>
  );
}
