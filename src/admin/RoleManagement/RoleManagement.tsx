import { Stack, useProps, type BoxProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../query/APIProvider';
import { useCreateClaimGroup } from '../../query/mutations';
import { claimQueries } from '../../query/queries';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { LoadingState } from '../../ui/LoadingState';
import { PageShell } from '../../ui/PageShell';
import { useAdminLabels, type AdminLabels } from '../admin-labels';
import { CreateGroupForm } from '../shared/CreateGroupForm';
import { ClaimGroupPicker } from './ClaimGroupPicker';
import { ConfigureRole } from './ConfigureRole';

export interface RoleManagementProps extends Omit<BoxProps, 'children'> {
  /**
   * The claim group chosen when the screen opens (e.g. from the host's route).
   * @default null
   */
  initialGroupId?: string | null;
  /** Called when the chosen claim group changes; `null` when the selection is cleared. */
  onGroupSelected?: (id: string | null) => void;
  /** Overrides of the texts; the spec's texts come from the `APIProvider` labels. */
  labels?: Partial<AdminLabels>;
}

const defaultProps = {
  initialGroupId: null,
} satisfies Partial<RoleManagementProps>;

/**
 * The Role Management screen (spec §2): create claim groups, pick one to rename or delete it, and configure its
 * sub-claim groups and permissions. Works on its own inside an `APIProvider`.
 */
export function RoleManagement(props: RoleManagementProps) {
  const { initialGroupId, onGroupSelected, labels: labelOverrides, ...others } = useProps(
    'RoleManagement',
    defaultProps,
    props,
  );
  const labels = useAdminLabels(labelOverrides);
  const { client } = useApi();
  const groups = useQuery(claimQueries.claimGroups(client));
  const create = useCreateClaimGroup();
  const [selectedId, setSelectedId] = useState<string | null>(initialGroupId);
  const select = (id: string | null) => {
    setSelectedId(id);
    onGroupSelected?.(id);
  };
  const group = groups.data?.find((g) => g.id === selectedId) ?? null;

  return (
    <PageShell title={labels.roleManagementTitle} subtitle={labels.roleManagementSubtitle} {...others}>
      <Stack gap="lg">
        <CreateGroupForm
          create={create}
          createdMessage={labels.groupCreatedMessage}
          onCreated={() => select(null)}
          labels={labels}
        />
        {groups.isError ? (
          <ErrorAlert
            message={labels.failedToLoadClaimGroups}
            onRetry={() => void groups.refetch()}
            retrying={groups.isFetching}
            labels={{ retry: labels.tryAgain }}
          />
        ) : groups.isPending ? (
          <LoadingState labels={{ label: labels.loadingClaimGroups }} />
        ) : groups.data.length === 0 ? (
          <EmptyState message={labels.noClaimGroups} />
        ) : (
          <ClaimGroupPicker groups={groups.data} value={group?.id ?? null} onChange={select} labels={labels} />
        )}
        {group && groups.data && <ConfigureRole key={group.id} group={group} groups={groups.data} labels={labels} />}
      </Stack>
    </PageShell>
  );
}

RoleManagement.displayName = '@ccq/forms-admin/RoleManagement';
