import { Button, Group, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { problemDetailOf } from '../../api/problem-details';
import type { ApplicationUser } from '../../api/types';
import { useFullSync } from '../../query/mutations';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { LoadingState } from '../../ui/LoadingState';
import { fillLabel, type AdminLabels } from '../admin-labels';
import { PickerSelect } from '../shared/PickerSelect';
import { DisplayNameCountError, type useDisplayNames } from './useDisplayNames';

export interface UsersTabProps {
  /** The application users (spec §7: loaded with the three include flags). */
  users: UseQueryResult<ApplicationUser[]>;
  /** Their display names. */
  displayNames: ReturnType<typeof useDisplayNames>;
  /** The chosen user id, or null. */
  value: string | null;
  onChange: (id: string | null) => void;
  labels: AdminLabels;
}

/**
 * The 'Users' tab: a user picker showing display names, a refresh action and 'Full Sync', which reads 'Syncing...'
 * while it runs; the user list is refetched after it.
 */
export function UsersTab({ users, displayNames, value, onChange, labels }: UsersTabProps) {
  const sync = useFullSync();
  const namesError = displayNames.error;

  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm">
        {users.isSuccess && users.data.length > 0 && !displayNames.isPending && (
          <PickerSelect
            label={labels.user}
            placeholder={labels.userPlaceholder}
            data={users.data.map((u) => ({ value: u.id, label: displayNames.nameOf(u.id) }))}
            value={value}
            onChange={onChange}
          />
        )}
        <Group gap="sm" ml="auto">
          <Button
            variant="default"
            onClick={() => void users.refetch()}
            loading={users.isFetching && !users.isPending}
          >
            {labels.refreshUsers}
          </Button>
          <Button onClick={() => sync.mutate()} disabled={sync.isPending} data-syncing={sync.isPending || undefined}>
            {sync.isPending ? labels.syncing : labels.fullSync}
          </Button>
        </Group>
      </Group>
      {sync.isError && <ErrorAlert message={sync.error.message} title={problemDetailOf(sync.error)} />}
      <Text role="status" size="sm">
        {sync.isSuccess ? fillLabel(labels.fullSyncDone, { count: sync.data?.length ?? 0 }) : null}
      </Text>
      {namesError && (
        <ErrorAlert
          message={
            namesError instanceof DisplayNameCountError
              ? fillLabel(labels.displayNameCountMismatch, {
                  expected: namesError.expected,
                  received: namesError.received,
                })
              : namesError.message
          }
          onRetry={() => void displayNames.refetch()}
          retrying={displayNames.isFetching}
          labels={{ retry: labels.tryAgain }}
        />
      )}
      {users.isError ? (
        <ErrorAlert
          message={labels.failedToLoadUsers}
          onRetry={() => void users.refetch()}
          retrying={users.isFetching}
          labels={{ retry: labels.tryAgain }}
        />
      ) : users.isPending || displayNames.isPending ? (
        <LoadingState labels={{ label: labels.loadingUsers }} />
      ) : users.data.length === 0 ? (
        <EmptyState message={labels.noUsers} />
      ) : null}
    </Stack>
  );
}
