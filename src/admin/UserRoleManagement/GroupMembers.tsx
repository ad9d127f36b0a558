import { Button, Group, MultiSelect, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { problemDetailOf } from '../../api/problem-details';
import type { ApplicationUser, ApplicationUserGroup } from '../../api/types';
import { useAddRemoveUpdateAppUsersInAppuserGroups } from '../../query/mutations';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { LoadingState } from '../../ui/LoadingState';
import { ResultDialog, type ResultDialogEntry } from '../../ui/ResultDialog';
import { fillLabel, type AdminLabels } from '../admin-labels';
import { diffIds } from '../PermissionEditor/permission-model';
import { memberIdsOf } from './permission-holder';

export interface GroupMembersProps {
  /** The user group whose members are edited. */
  group: ApplicationUserGroup;
  /** Every user, who may become a member. */
  users: UseQueryResult<ApplicationUser[]>;
  /** The display name of a user id. */
  nameOf: (id: string) => string;
  labels: AdminLabels;
}

interface SaveResult {
  added: ResultDialogEntry[];
  removed: ResultDialogEntry[];
}

/**
 * The 'Group Members' multi-select of one user group, saved through `AddRemoveUpdateAppUsersInAppuserGroups`; the
 * dialog names the group. The selection is local until saved; a failed save keeps it. Mount it with a `key` per group.
 */
export function GroupMembers({ group, users, nameOf, labels }: GroupMembersProps) {
  const members = useMemo(() => memberIdsOf(group), [group]);
  const [selected, setSelected] = useState<string[]>(members);
  const [result, setResult] = useState<SaveResult | null>(null);
  const save = useAddRemoveUpdateAppUsersInAppuserGroups();
  const diff = diffIds(members, selected);
  const dirty = diff.toAdd.length + diff.toRemove.length > 0;

  const options = useMemo(() => {
    const list = (users.data ?? []).map((u) => ({ value: u.id, label: nameOf(u.id) }));
    const known = new Set(list.map((o) => o.value));
    // A member the user list lacks (not loaded yet) must still show, so it can be kept or removed.
    for (const m of group.applicationUserApplicationUserGroups ?? []) {
      if (m.isDeleted || known.has(m.applicationUserId)) continue;
      known.add(m.applicationUserId);
      list.push({ value: m.applicationUserId, label: m.applicationUser?.name ?? m.applicationUserId });
    }
    return list;
  }, [users.data, nameOf, group]);
  const labelOf = (id: string) => options.find((o) => o.value === id)?.label ?? id;

  if (users.isError) {
    return (
      <ErrorAlert
        message={labels.failedToLoadUsers}
        onRetry={() => void users.refetch()}
        retrying={users.isFetching}
        labels={{ retry: labels.tryAgain }}
      />
    );
  }
  if (users.isPending) return <LoadingState labels={{ label: labels.loadingUsers }} />;

  const entry = (id: string): ResultDialogEntry => ({ key: id, label: labelOf(id) });
  const message = diffMessage(result, group.name, labels);

  return (
    <Stack gap="xs">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!dirty || save.isPending) return;
          save.mutate(
            {
              applicationUsersGroups: [group.id],
              applicationUsersToAdd: diff.toAdd,
              applicationUsersToRemove: diff.toRemove,
              removeExistingUnMentioned: false,
            },
            { onSuccess: () => setResult({ added: diff.toAdd.map(entry), removed: diff.toRemove.map(entry) }) },
          );
        }}
      >
        <Group align="flex-end" gap="sm">
          <MultiSelect
            label={labels.groupMembers}
            data={options}
            value={selected}
            onChange={setSelected}
            searchable
            clearable
            hidePickedOptions
            nothingFoundMessage="—"
            style={{ flex: 1 }}
          />
          <Button type="submit" disabled={!dirty} loading={save.isPending}>
            {labels.saveMembers}
          </Button>
        </Group>
      </form>
      {save.isError && <ErrorAlert message={save.error.message} title={problemDetailOf(save.error)} />}
      <ResultDialog
        opened={result !== null}
        onClose={() => setResult(null)}
        title={labels.membersChangedTitle}
        message={message}
        added={result?.added}
        removed={result?.removed}
        labels={{ added: labels.added, removed: labels.removed, close: labels.close }}
      />
    </Stack>
  );
}

function diffMessage(result: SaveResult | null, name: string, labels: AdminLabels): string | undefined {
  if (!result) return undefined;
  const parts: string[] = [];
  if (result.added.length > 0) parts.push(fillLabel(labels.usersAddedMessage, { name }));
  if (result.removed.length > 0) parts.push(fillLabel(labels.usersRemovedMessage, { name }));
  return parts.join(' ') || undefined;
}
