import { Title } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { useMemo } from 'react';
import type { ClaimGroup } from '../../api/types';
import {
  useAddRemoveUpdateClaimGroupsToClaimGroupOrClaimGroups,
  useAddRemoveUpdateClaimsToClaimGroupOrClaimGroups,
} from '../../query/mutations';
import { fillLabel, type AdminLabels } from '../admin-labels';
import { selectionFromGrants, subGroupCandidates, subGroupIdsOf } from '../PermissionEditor/permission-model';
import { PermissionPanel } from '../shared/PermissionPanel';

export interface ConfigureRoleProps {
  /** The claim group being configured. */
  group: ClaimGroup;
  /** Every claim group, for the sub-group picker. */
  groups: readonly ClaimGroup[];
  labels: AdminLabels;
}

/**
 * The 'Configure Role' panel of one claim group: sub-claim groups, permission categories and individual permissions.
 * The selection is local until 'Save Changes'; a failed save keeps it.
 */
export function ConfigureRole({ group, groups, labels }: ConfigureRoleProps) {
  const headingId = useId();
  const saveClaims = useAddRemoveUpdateClaimsToClaimGroupOrClaimGroups();
  const saveGroups = useAddRemoveUpdateClaimGroupsToClaimGroupOrClaimGroups();
  const granted = useMemo(
    () => ({ selection: selectionFromGrants(group.claimEnumsInClaimGroups), groupIds: subGroupIdsOf(group) }),
    [group],
  );
  const options = useMemo(
    () => subGroupCandidates(groups, group.id).map((g) => ({ value: g.id, label: g.name })),
    [groups, group.id],
  );

  return (
    <PermissionPanel
      labelledBy={headingId}
      heading={
        <Title order={2} size="h3" id={headingId}>
          {labels.configureRole}: {group.name}
        </Title>
      }
      holderId={group.id}
      saveClaims={saveClaims}
      saveGroups={saveGroups}
      granted={granted}
      claimGroupOptions={options}
      claimGroupsLabel={labels.subClaimGroups}
      groupName={(id) => groups.find((g) => g.id === id)?.name ?? id}
      groupDescription={labels.subGroupEntry}
      changedMessage={fillLabel(labels.claimsChangedMessage, { name: group.name })}
      labels={labels}
    />
  );
}
