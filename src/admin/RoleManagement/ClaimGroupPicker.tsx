import type { ClaimGroup } from '../../api/types';
import { useDeleteClaimGroup, useRenameClaimGroup } from '../../query/mutations';
import type { AdminLabels } from '../admin-labels';
import { GroupPicker, RenameGroupModal, type RenameModalHandlers } from '../shared/GroupActions';

export interface ClaimGroupPickerProps {
  groups: readonly ClaimGroup[];
  /** The chosen claim group id, or null. */
  value: string | null;
  onChange: (id: string | null) => void;
  labels: AdminLabels;
}

type RenameModalProps = RenameModalHandlers & { group: ClaimGroup; labels: AdminLabels };

function RenameModal({ group, labels, ...handlers }: RenameModalProps) {
  const rename = useRenameClaimGroup();
  return (
    <RenameGroupModal
      title={labels.renameClaimGroupTitle}
      currentName={group.name}
      rename={rename}
      variables={(newGroupName) => ({ newGroupName, currentGroupName: group.name })}
      labels={labels}
      {...handlers}
    />
  );
}

/** The searchable claim-group picker with its rename and delete actions; both clear the selection (spec §4). */
export function ClaimGroupPicker({ groups, value, onChange, labels }: ClaimGroupPickerProps) {
  const remove = useDeleteClaimGroup();
  return (
    <GroupPicker
      groups={groups}
      value={value}
      onChange={onChange}
      selectLabel={labels.claimGroup}
      selectPlaceholder={labels.claimGroupPlaceholder}
      renameLabel={labels.rename}
      renderRenameModal={(group, handlers) => <RenameModal group={group} labels={labels} {...handlers} />}
      remove={remove}
      removeVariables={(group) => ({ groupName: group.name })}
      deleteTitle={labels.deleteClaimGroupTitle}
      deleteMessage={labels.deleteClaimGroupConfirm}
      labels={labels}
    />
  );
}
