import { Stack, Text, Title } from '@mantine/core';
import { useId } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ClaimGroup } from '../../api/types';
import {
  useAddRemoveUpdateClaimGroupsToAppUserGroupOrUserGroups,
  useAddRemoveUpdateClaimGroupsToAppUserOrUsers,
  useAddRemoveUpdateClaimsToAppUserGroupOrUserGroups,
  useAddRemoveUpdateClaimsToAppUserOrUsers,
} from '../../query/mutations';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { fillLabel, type AdminLabels } from '../admin-labels';
import { selectionFromGrants } from '../PermissionEditor/permission-model';
import { PermissionPanel } from '../shared/PermissionPanel';
import { claimGroupIdsOf, claimGroupOptionsFor, type PermissionHolder } from './permission-holder';

export interface RolePermissionPanelProps {
  /** The user or user group whose claim groups and claims are edited. */
  holder: PermissionHolder;
  /** The claim groups that may be granted (spec §7: loaded with the flags true, false, false, true). */
  claimGroups: UseQueryResult<ClaimGroup[]>;
  labels: AdminLabels;
}

/**
 * The 'Role & Permission Management' panel of one user or user group: claim groups, permission categories and
 * individual permissions. The selection is local until 'Save Changes'; a failed save keeps it. Mount it with a `key`
 * per holder, so choosing another holder (or tab) starts from that holder's grants and all three claim types.
 */
export function RolePermissionPanel({ holder, claimGroups, labels }: RolePermissionPanelProps) {
  const headingId = useId();
  const holderId = useId();
  const granted = useMemo(
    () => ({ selection: selectionFromGrants(holder.claims), groupIds: claimGroupIdsOf(holder.claimGroupLinks) }),
    [holder.claims, holder.claimGroupLinks],
  );
  const saveUserClaims = useAddRemoveUpdateClaimsToAppUserOrUsers();
  const saveUserGroups = useAddRemoveUpdateClaimGroupsToAppUserOrUsers();
  const saveGroupClaims = useAddRemoveUpdateClaimsToAppUserGroupOrUserGroups();
  const saveGroupGroups = useAddRemoveUpdateClaimGroupsToAppUserGroupOrUserGroups();
  const isUser = holder.kind === 'user';

  const options = useMemo(
    () => claimGroupOptionsFor(holder.claimGroupLinks, claimGroups.data),
    [holder.claimGroupLinks, claimGroups.data],
  );
  const changedMessage = isUser ? labels.userClaimsChangedMessage : labels.userGroupClaimsChangedMessage;

  return (
    <PermissionPanel
      labelledBy={`${headingId} ${holderId}`}
      dataHolder={holder.kind}
      heading={
        <Stack gap={2}>
          <Title order={2} size="h3" id={headingId}>
            {labels.roleAndPermissionManagement}
          </Title>
          <Text id={holderId}>
            {isUser ? labels.user : labels.userGroup}: <strong>{holder.name}</strong>
          </Text>
        </Stack>
      }
      holderId={holder.id}
      saveClaims={isUser ? saveUserClaims : saveGroupClaims}
      saveGroups={isUser ? saveUserGroups : saveGroupGroups}
      granted={granted}
      claimGroupOptions={options}
      claimGroupsLabel={labels.claimGroups}
      groupName={(id) => options.find((o) => o.value === id)?.label ?? id}
      groupDescription={labels.claimGroup.toLowerCase()}
      changedMessage={fillLabel(changedMessage, { name: holder.name })}
      saveErrorCloseLabel={labels.close}
      labels={labels}
    >
      {claimGroups.isError && (
        <ErrorAlert
          message={labels.failedToLoadClaimGroups}
          onRetry={() => void claimGroups.refetch()}
          retrying={claimGroups.isFetching}
          labels={{ retry: labels.tryAgain }}
        />
      )}
    </PermissionPanel>
  );
}
