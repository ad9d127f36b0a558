import { Button } from '@mantine/core';
import type { ApplicationUserGroup } from '../../api/types';
import { useDeleteUserGroup, useRenameUserGroup } from '../../query/mutations';
import type { AdminLabels } from '../admin-labels';
import { GroupPicker, RenameGroupModal, type RenameModalHandlers } from '../shared/GroupActions';

export interface UserGroupPickerProps {
  groups: readonly ApplicationUserGroup[];
  /** The chosen user group id, or null. */
  value: string | null;
  onChange: (id: string | null) => void;
  /** Refetches the user groups. */
  onRefresh: () => void;
  /** Whether the user groups are being refetched. */
  refreshing: boolean;
  labels: AdminLabels;
}

type EditModalProps = RenameModalHandlers & { group: ApplicationUserGroup; labels: AdminLabels };

function EditModal({ group, labels, ...handlers }: EditModalProps) {
  const rename = useRenameUserGroup();
  return (
    <RenameGroupModal
      title={labels.editUserGroupTitle}
      currentName={group.name}
      rename={rename}
      variables={(newGroupName) => ({ newGroupName, currentGroupId: group.id })}
      labels={labels}
      {...handlers}
    />
  );
}

/**
 * The searchable user-group picker with its edit (rename), delete and refresh actions; renaming and deleting clear the
 * selection (spec §4).
 */
export function UserGroupPicker({ groups, value, onChange, onRefresh, refreshing, labels }: UserGroupPickerProps) {
  const remove = useDeleteUserGroup();
  return (
    <GroupPicker
      groups={groups}
      value={value}
      onChange={onChange}
      selectLabel={labels.userGroup}
      selectPlaceholder={labels.userGroupPlaceholder}
      renameLabel={labels.edit}
      renderRenameModal={(group, handlers) => <EditModal group={group} labels={labels} {...handlers} />}
      remove={remove}
      removeVariables={(group) => ({ groupToDeleteId: group.id })}
      deleteTitle={labels.deleteUserGroupTitle}
      deleteMessage={labels.deleteUserGroupConfirm}
      actions={
        <Button variant="default" onClick={onRefresh} loading={refreshing}>
          {labels.refreshUserGroups}
        </Button>
      }
      labels={labels}
    />
  );
}
