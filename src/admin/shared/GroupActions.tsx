import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { problemDetailOf } from '../../api/problem-details';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { fillLabel, type AdminLabels } from '../admin-labels';
import { PickerSelect } from './PickerSelect';

export interface RenameGroupModalProps<V> {
  /** The modal's title, e.g. 'Rename Claim Group'. */
  title: string;
  /** The group's name, the field's starting value. */
  currentName: string;
  /** Renames the group; mount the modal per opening so its state starts afresh. */
  rename: UseMutationResult<unknown, Error, V>;
  /** The rename's variables for the trimmed new name. */
  variables: (newGroupName: string) => V;
  onClose: () => void;
  onRenamed: () => void;
  labels: AdminLabels;
}

/** The rename modal of a group: 'Save Changes' stays disabled while the trimmed name is blank. */
export function RenameGroupModal<V>({
  title,
  currentName,
  rename,
  variables,
  onClose,
  onRenamed,
  labels,
}: RenameGroupModalProps<V>) {
  const [name, setName] = useState(currentName);
  const trimmed = name.trim();
  return (
    <Modal opened onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': labels.close }}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!trimmed || rename.isPending) return;
          rename.mutate(variables(trimmed), { onSuccess: onRenamed });
        }}
      >
        <Stack gap="md">
          <TextInput
            label={labels.newGroupName}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            data-autofocus
          />
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

/** How a {@link GroupPicker} closes its rename modal. */
export interface RenameModalHandlers {
  onClose: () => void;
  /** Closes the modal and clears the selection. */
  onRenamed: () => void;
}

export interface GroupPickerProps<G extends { id: string; name: string }, D> {
  groups: readonly G[];
  /** The chosen group id, or null. */
  value: string | null;
  onChange: (id: string | null) => void;
  /** Label and placeholder of the picker. */
  selectLabel: string;
  selectPlaceholder: string;
  /** Label of the button that opens the rename modal, e.g. 'Rename' or 'Edit'. */
  renameLabel: string;
  /** The rename modal of the chosen group, typically a {@link RenameGroupModal}. */
  renderRenameModal: (group: G, handlers: RenameModalHandlers) => ReactNode;
  /** Deletes a group. */
  remove: UseMutationResult<unknown, Error, D>;
  /** The delete's variables for a group. */
  removeVariables: (group: G) => D;
  /** Title of the delete confirmation, with a `{name}` placeholder. */
  deleteTitle: string;
  /** The second line of the delete confirmation, under `labels.deleteConfirm`. */
  deleteMessage: string;
  /** More buttons after 'Delete', e.g. a refresh. */
  actions?: ReactNode;
  labels: AdminLabels;
}

/** A searchable group picker with rename and delete actions; both clear the selection (spec §4). */
export function GroupPicker<G extends { id: string; name: string }, D>({
  groups,
  value,
  onChange,
  selectLabel,
  selectPlaceholder,
  renameLabel,
  renderRenameModal,
  remove,
  removeVariables,
  deleteTitle,
  deleteMessage,
  actions,
  labels,
}: GroupPickerProps<G, D>) {
  const [dialog, setDialog] = useState<'rename' | 'delete' | null>(null);
  const group = groups.find((g) => g.id === value) ?? null;

  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="sm">
        <PickerSelect
          label={selectLabel}
          placeholder={selectPlaceholder}
          data={groups.map((g) => ({ value: g.id, label: g.name }))}
          value={value}
          onChange={onChange}
        />
        <Button variant="default" disabled={!group} onClick={() => setDialog('rename')}>
          {renameLabel}
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
        {actions}
      </Group>
      {remove.isError && <ErrorAlert message={remove.error.message} title={problemDetailOf(remove.error)} />}
      {group &&
        dialog === 'rename' &&
        renderRenameModal(group, {
          onClose: () => setDialog(null),
          onRenamed: () => {
            setDialog(null);
            onChange(null);
          },
        })}
      <ConfirmModal
        opened={group !== null && dialog === 'delete'}
        title={fillLabel(deleteTitle, { name: group?.name ?? '' })}
        message={
          <Stack gap={4}>
            <Text>{labels.deleteConfirm}</Text>
            <Text>{deleteMessage}</Text>
          </Stack>
        }
        loading={remove.isPending}
        labels={{ confirm: labels.delete, cancel: labels.cancel, close: labels.close }}
        onCancel={() => setDialog(null)}
        onConfirm={() => {
          if (!group) return;
          remove.mutate(removeVariables(group), {
            onSuccess: () => {
              setDialog(null);
              onChange(null);
            },
            onError: () => setDialog(null),
          });
        }}
      />
    </Stack>
  );
}
