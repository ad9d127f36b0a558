import { Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ApplicationUser, ApplicationUserGroup } from '../../api/types';
import { useCreateUserGroup } from '../../query/mutations';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { LoadingState } from '../../ui/LoadingState';
import type { AdminLabels } from '../admin-labels';
import { CreateGroupForm } from '../shared/CreateGroupForm';
import { GroupMembers } from './GroupMembers';
import { UserGroupPicker } from './UserGroupPicker';

export interface UserGroupsTabProps {
  /** The application user groups (spec §7: loaded with all three include flags true). */
  groups: UseQueryResult<ApplicationUserGroup[]>;
  /** Every user, for the 'Group Members' multi-select. */
  users: UseQueryResult<ApplicationUser[]>;
  /** The display name of a user id. */
  nameOf: (id: string) => string;
  /** The chosen user group id, or null. */
  value: string | null;
  onChange: (id: string | null) => void;
  labels: AdminLabels;
}

/**
 * The 'User Groups' tab: the create-group form, the group picker with edit, delete and refresh, and the chosen
 * group's 'Group Members'. Creating a group clears the selection (spec §4).
 */
export function UserGroupsTab({ groups, users, nameOf, value, onChange, labels }: UserGroupsTabProps) {
  const group = groups.data?.find((g) => g.id === value) ?? null;
  const create = useCreateUserGroup();
  return (
    <Stack gap="lg">
      <CreateGroupForm
        create={create}
        createdMessage={labels.userGroupCreatedMessage}
        // The 'Close' button is the way out besides Escape; a second "Close" (×) would only be noise.
        withCloseButton={false}
        onCreated={() => onChange(null)}
        labels={labels}
      />
      {groups.isError ? (
        <ErrorAlert
          message={labels.failedToLoadUserGroups}
          onRetry={() => void groups.refetch()}
          retrying={groups.isFetching}
          labels={{ retry: labels.tryAgain }}
        />
      ) : groups.isPending ? (
        <LoadingState labels={{ label: labels.loadingUserGroups }} />
      ) : groups.data.length === 0 ? (
        <EmptyState message={labels.noUserGroups} />
      ) : (
        <UserGroupPicker
          groups={groups.data}
          value={group?.id ?? null}
          onChange={onChange}
          onRefresh={() => void groups.refetch()}
          refreshing={groups.isFetching}
          labels={labels}
        />
      )}
      {group && <GroupMembers key={group.id} group={group} users={users} nameOf={nameOf} labels={labels} />}
    </Stack>
  );
}
