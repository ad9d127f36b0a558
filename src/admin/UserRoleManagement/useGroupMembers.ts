import { useMemo, useState } from 'react';
import type { ApplicationUser, ApplicationUserGroup } from '../../api/types';
import { fillLabel, type Labels } from '../../query/labels';
import { useAddRemoveUpdateAppUsersInAppuserGroups } from '../../query/mutations';
import type { ActionAccess } from '../../ui/ActionButton';
import type { ResultDialogEntry } from '../../ui/ResultDialog';
import { diffIds } from '../PermissionEditor/permission-model';
import { allOf, isDenied, unless } from '../shared/access';
import type { ListState } from '../shared/list-state';
import { useKeyedState } from '../shared/useKeyedState';
import type { PickerSearchSource } from '../shared/picker-search';
import { useOwnAdminCheck } from '../shared/useOwnAdminCheck';
import { memberIdsOf } from './permission-holder';

/** What the 'Group Members' result dialog shows after a save. */
export interface MembersResult {
  /** Members added by the save. */
  added: ResultDialogEntry[];
  /** Members removed by the save. */
  removed: ResultDialogEntry[];
  /** A message instead of the lists (e.g. nothing changed). */
  message?: string;
}

export interface GroupMembersOptions {
  /** The user group whose members are edited, or null. */
  group: ApplicationUserGroup | null;
  /** The users who may become members, as a list state (its first page: loading, error, empty or ready). */
  users: ListState<ApplicationUser>;
  /** The server search of users behind the picker (it offers one page of matches of what is typed). */
  source: PickerSearchSource;
  /** The display name of a user id. */
  nameOf: (id: string) => string;
  /** Whether the signed-in user may add and remove members. */
  access: ActionAccess;
  labels: Labels;
}

/**
 * The headless 'Group Members' multi-select of one user group, saved through `AddRemoveUpdateAppUsersInAppuserGroups`;
 * the result dialog names the group. The selection is local until saved and starts afresh for another group.
 */
export function useGroupMembers({
  group,
  users,
  source,
  nameOf,
  access,
  labels,
}: GroupMembersOptions) {
  const members = useMemo(() => (group ? memberIdsOf(group) : []), [group]);
  const [draft, setDraft] = useKeyedState<string[] | null>(group?.id ?? '', null);
  const [result, setResult] = useState<MembersResult | null>(null);
  const save = useAddRemoveUpdateAppUsersInAppuserGroups();
  const removesOwnAdmin = useOwnAdminCheck();
  const [checking, setChecking] = useState(false);
  const [confirmOwnAdmin, setConfirmOwnAdmin] = useState(false);
  const selected = draft ?? members;
  const diff = diffIds(members, selected);
  const dirty = diff.toAdd.length + diff.toRemove.length > 0;

  // A member's label: their display name, else the name their membership carries (the pickers remember names).
  const labelOf = (id: string) => {
    const label = nameOf(id);
    if (label !== id) return label;
    return group?.applicationUserApplicationUserGroups?.find((m) => m.applicationUserId === id)?.applicationUser?.name ?? id;
  };
  const saveAccess = allOf(access, unless(!dirty, labels.nothingToSave));
  const changeOf = (groupId: string) => ({
    applicationUsersGroups: [groupId],
    applicationUsersToAdd: diff.toAdd,
    applicationUsersToRemove: diff.toRemove,
    removeExistingUnMentioned: false,
  });
  const send = () => {
    if (!group) return;
    const entry = (id: string): ResultDialogEntry => ({ key: id, label: labelOf(id) });
    const added = diff.toAdd.map(entry);
    const removed = diff.toRemove.map(entry);
    const name = group.name;
    save.mutate(changeOf(group.id), {
      onSuccess: () => {
        setDraft(null);
        const message = [
          added.length > 0 && fillLabel(labels.usersAddedMessage, { name }),
          removed.length > 0 && fillLabel(labels.usersRemovedMessage, { name }),
        ]
          .filter(Boolean)
          .join(' ');
        setResult({ added, removed, message: message || undefined });
      },
    });
  };

  return {
    users,
    label: labels.groupMembers,
    /** The server search behind the picker. */
    source,
    /** The label of a chosen user (kept as a pill whatever is searched). */
    labelOf,
    value: selected,
    onChange: (ids: string[]) => {
      if (!isDenied(access)) setDraft(ids);
    },
    access,
    dirty,
    discard: () => setDraft(null),
    save: {
      ...saveAccess,
      pending: save.isPending || checking,
      run: () => {
        if (!group || !saveAccess.can || save.isPending || checking) return;
        setChecking(true);
        // Leaving a group can take the user's own administrator access away: ask first.
        void removesOwnAdmin([{ type: 'members', change: changeOf(group.id) }]).then((removes) => {
          setChecking(false);
          if (removes) setConfirmOwnAdmin(true);
          else send();
        });
      },
      error: save.error,
      errorTitle: labels.saveMembersFailed,
    },
    ownAdminConfirm: {
      opened: confirmOwnAdmin,
      confirm: () => {
        setConfirmOwnAdmin(false);
        send();
      },
      cancel: () => setConfirmOwnAdmin(false),
    },
    result,
    closeResult: () => setResult(null),
  };
}

/** What {@link useGroupMembers} returns. */
export type GroupMembersController = ReturnType<typeof useGroupMembers>;
