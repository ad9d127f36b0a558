import { problemDetailOf } from '../../api/problem-details';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useCreateClaimGroup } from '../../query/mutations';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { fillLabel, type AdminLabels } from '../admin-labels';

export interface CreateClaimGroupFormProps {
  /** Called after the group was created and the list refetched. */
  onCreated: (groupName: string) => void;
  labels: AdminLabels;
}

/** The create-claim-group form: 'Create Group' stays disabled while the trimmed name is blank (spec §5). */
export function CreateClaimGroupForm({ onCreated, labels }: CreateClaimGroupFormProps) {
  const [name, setName] = useState('');
  const [created, setCreated] = useState<string | null>(null);
  const create = useCreateClaimGroup();
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
      <Modal opened={created !== null} onClose={() => setCreated(null)} title={labels.groupCreatedTitle} centered>
        <Text>{fillLabel(labels.groupCreatedMessage, { name: created ?? '' })}</Text>
        <Group justify="flex-end" mt="lg">
          <Button onClick={() => setCreated(null)} data-autofocus>
            {labels.close}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
