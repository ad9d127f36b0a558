import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { problemDetailOf } from '../../api/problem-details';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { fillLabel, type AdminLabels } from '../admin-labels';

export interface CreateGroupFormProps {
  /** Creates the group (e.g. `useCreateClaimGroup()`). */
  create: UseMutationResult<unknown, Error, { groupName: string }>;
  /** Message of the 'Group Created Successfully' dialog, with a `{name}` placeholder. */
  createdMessage: string;
  /**
   * Whether the dialog has its × close button besides 'Close'.
   * @default true
   */
  withCloseButton?: boolean;
  /** Called after the group was created and the list refetched. */
  onCreated: (groupName: string) => void;
  labels: AdminLabels;
}

/**
 * A create-group form: 'Create Group' stays disabled while the trimmed name is blank (spec §5); success empties the
 * name and shows 'Group Created Successfully'. A failure keeps what was typed.
 */
export function CreateGroupForm({
  create,
  createdMessage,
  withCloseButton = true,
  onCreated,
  labels,
}: CreateGroupFormProps) {
  const [name, setName] = useState('');
  const [created, setCreated] = useState<string | null>(null);
  const trimmed = name.trim();

  return (
    <>
      <Stack gap="xs">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!trimmed || create.isPending) return;
            create.mutate(
              { groupName: trimmed },
              {
                onSuccess: () => {
                  setName('');
                  setCreated(trimmed);
                  onCreated(trimmed);
                },
              },
            );
          }}
        >
          <Group align="flex-end" gap="sm">
            <TextInput
              label={labels.groupName}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              style={{ flex: 1 }}
              maw={480}
            />
            <Button type="submit" disabled={!trimmed} loading={create.isPending}>
              {labels.createGroup}
            </Button>
          </Group>
        </form>
        {create.isError && <ErrorAlert message={create.error.message} title={problemDetailOf(create.error)} />}
      </Stack>
      <Modal
        opened={created !== null}
        onClose={() => setCreated(null)}
        title={labels.groupCreatedTitle}
        centered
        withCloseButton={withCloseButton}
      >
        <Text>{fillLabel(createdMessage, { name: created ?? '' })}</Text>
        <Group justify="flex-end" mt="lg">
          <Button onClick={() => setCreated(null)} data-autofocus>
            {labels.close}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
