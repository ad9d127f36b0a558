import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { DisplayNameFunction } from '../../api/types';
import { useApi } from '../../query/APIProvider';
import { fillLabel, type Labels } from '../../query/labels';
import { useCreateUserGroup, useDeleteUserGroup, useFullSync, useRenameUserGroup } from '../../query/mutations';
import { claimQueries } from '../../query/queries';
import { useLabels } from '../../query/useLabels';
import { selectionFromGrants } from '../PermissionEditor/permission-model';
import { allOf, useAdminAccess } from '../shared/access';
import { listState } from '../shared/list-state';
import { useCreateGroupForm, useGroupActions, useUnsavedGuard } from '../shared/useGroupControllers';
import { changedMessagesFor, usePermissionPanel } from '../shared/usePermissionPanel';
import {
  claimGroupIdsOf,
  claimGroupOptionsFor,
  userGroupHolder,
  userHolder,
} from './permission-holder';
import { DisplayNameCountError, useDisplayNames } from './useDisplayNames';
import { useGroupMembers } from './useGroupMembers';

/** The two tabs of the User & Role Management screen. */
export type UserRoleManagementTab = 'users' | 'userGroups';

/** Options of {@link useUserRoleManagement}: the screen's behaviour props. */
export interface UserRoleManagementOptions {
  /**
   * The tab shown when the screen opens (e.g. from the host's route).
   * @default 'users'
   */
  initialTab?: UserRoleManagementTab;
  /** Called when the user switches tabs. */
  onTabChange?: (tab: UserRoleManagementTab) => void;
  /**
   * The user chosen in the 'Users' tab when the screen opens.
   * @default null
   */
  initialUserId?: string | null;
  /** Called when the chosen user changes; `null` when the selection is cleared. */
  onUserSelected?: (id: string | null) => void;
  /**
   * The user group chosen in the 'User Groups' tab when the screen opens.
   * @default null
   */
  initialUserGroupId?: string | null;
  /** Called when the chosen user group changes; `null` when the selection is cleared. */
  onUserGroupSelected?: (id: string | null) => void;
  /**
   * The host-supplied display-name function (spec §7): one name per user requested, in order. A different count is
   * shown as an error (spec §5). Without it, a user shows as its name, user name, email or id.
   */
  getDisplayNames?: DisplayNameFunction;
  /** Overrides of the texts, which otherwise come from the `APIProvider` labels. */
  labels?: Partial<Labels>;
}

const isTab = (value: string | null): value is UserRoleManagementTab => value === 'users' || value === 'userGroups';

/**
 * The headless User & Role Management screen (spec §2): the 'Users' tab (picker, refresh, 'Full Sync'), the 'User
 * Groups' tab (create, edit, delete, refresh, 'Group Members'), and the 'Role & Permission Management' panel of the
 * chosen user or group, with every action's `{ can, reason }`. Switching tabs clears the tab left behind and starts the
 * panel afresh (spec §4); leaving unsaved changes asks first.
 */
export function useUserRoleManagement({
  initialTab = 'users',
  onTabChange,
  initialUserId = null,
  onUserSelected,
  initialUserGroupId = null,
  onUserGroupSelected,
  getDisplayNames,
  labels: overrides,
}: UserRoleManagementOptions = {}) {
  const labels = useLabels(overrides);
  const access = useAdminAccess(labels);
  const { client } = useApi();
  const usersQuery = useQuery(claimQueries.users(client));
  const groupsQuery = useQuery(claimQueries.userGroups(client));
  const claimGroupsQuery = useQuery(claimQueries.claimGroups(client));
  const displayNames = useDisplayNames(usersQuery.data, getDisplayNames);
  const [tab, setTab] = useState<UserRoleManagementTab>(initialTab);
  const [userId, setUserId] = useState<string | null>(initialUserId);
  const [groupId, setGroupId] = useState<string | null>(initialUserGroupId);
  const sync = useFullSync();

  const selectUser = (id: string | null) => {
    setUserId(id);
    onUserSelected?.(id);
  };
  const selectGroup = (id: string | null) => {
    setGroupId(id);
    onUserGroupSelected?.(id);
  };

  const users = listState(usersQuery);
  const userGroups = listState(groupsQuery);
  const user = tab === 'users' ? (usersQuery.data?.find((u) => u.id === userId) ?? null) : null;
  const group = groupsQuery.data?.find((g) => g.id === groupId) ?? null;
  const tabGroup = tab === 'userGroups' ? group : null;
  const holder = useMemo(
    () => (user ? userHolder(user, displayNames.nameOf(user.id)) : tabGroup ? userGroupHolder(tabGroup) : null),
    [user, tabGroup, displayNames],
  );

  const granted = useMemo(
    () => ({
      selection: selectionFromGrants(holder?.claims),
      groupIds: holder ? claimGroupIdsOf(holder.claimGroupLinks) : [],
    }),
    [holder],
  );
  const claimGroupOptions = useMemo(
    () => (holder ? claimGroupOptionsFor(holder.claimGroupLinks, claimGroupsQuery.data) : []),
    [holder, claimGroupsQuery.data],
  );
  const panel = usePermissionPanel({
    kind: holder?.kind ?? 'user',
    holderId: holder?.id ?? '',
    resetKey: holder ? `${holder.kind}:${holder.id}` : '',
    granted,
    claimGroupOptions,
    claimGroupsLabel: labels.claimGroups,
    groupName: (id) => claimGroupOptions.find((o) => o.value === id)?.label ?? id,
    groupDescription: labels.claimGroupEntry,
    changedMessages: changedMessagesFor(holder?.kind ?? 'user', holder?.name ?? '', labels),
    access,
    enabled: holder !== null,
    labels,
  });
  const panelForHolder = holder ? { ...panel, holder } : null;

  const members = useGroupMembers({
    group: tabGroup,
    users,
    nameOf: displayNames.nameOf,
    access: access.assignUsersToGroups,
    labels,
  });

  const dirty = (holder !== null && panel.dirty) || (tabGroup !== null && members.dirty);
  const unsaved = useUnsavedGuard(dirty, () => {
    panel.discard();
    members.discard();
  });

  const createForm = useCreateGroupForm({
    create: useCreateUserGroup(),
    access: access.manageUserGroups,
    createdMessage: labels.userGroupCreatedMessage,
    // Spec §4: creating a user group clears the selection (unless that would drop unsaved changes).
    onCreated: () => {
      if (!dirty) selectGroup(null);
    },
    labels,
  });

  const actions = useGroupActions({
    group: tabGroup,
    rename: useRenameUserGroup(),
    renameVariables: (g, newGroupName) => ({ newGroupName, currentGroupId: g.id }),
    remove: useDeleteUserGroup(),
    removeVariables: (g) => ({ groupToDeleteId: g.id }),
    access: access.manageUserGroups,
    renameTitle: labels.editUserGroupTitle,
    deleteTitle: labels.deleteUserGroupTitle,
    deleteMessage: labels.deleteUserGroupConfirm,
    onDone: () => {
      panel.discard();
      members.discard();
      selectGroup(null);
    },
    labels,
  });

  const namesError = displayNames.error;
  const syncAccess = allOf(access.fullSync);

  return {
    labels,
    access,
    title: labels.userRoleManagementTitle,
    tabs: {
      value: tab,
      onChange: (next: string | null) => {
        if (!isTab(next) || next === tab) return;
        unsaved.guard(() => {
          // Spec §4: switching tabs clears the other tab's selection, and the panel starts afresh.
          if (tab === 'users' && userId !== null) selectUser(null);
          if (tab === 'userGroups' && groupId !== null) selectGroup(null);
          setTab(next);
          onTabChange?.(next);
        });
      },
      users: labels.usersTab,
      userGroups: labels.userGroupsTab,
    },
    usersTab: {
      users,
      /** Whether the picker can be shown: the users and their display names are there. */
      pickerReady: users.status === 'ready' && !displayNames.isPending,
      loading: users.status === 'loading' || (users.status === 'ready' && displayNames.isPending),
      picker: {
        label: labels.user,
        placeholder: labels.userPlaceholder,
        options: users.list.map((u) => ({ value: u.id, label: displayNames.nameOf(u.id) })),
        value: user?.id ?? null,
        onChange: (id: string | null) => {
          if (id !== userId) unsaved.guard(() => selectUser(id));
        },
      },
      refresh: { label: labels.refreshUsers, run: users.retry, pending: users.retrying && users.status !== 'loading' },
      fullSync: {
        ...syncAccess,
        label: sync.isPending ? labels.syncing : labels.fullSync,
        pending: sync.isPending,
        run: () => {
          if (syncAccess.can && !sync.isPending) sync.mutate();
        },
        error: sync.error,
        errorTitle: labels.fullSyncFailed,
        done: sync.isSuccess ? fillLabel(labels.fullSyncDone, { count: sync.data?.length ?? 0 }) : null,
      },
      namesError: namesError
        ? {
            message:
              namesError instanceof DisplayNameCountError
                ? fillLabel(labels.displayNameCountMismatch, {
                    expected: namesError.expected,
                    received: namesError.received,
                  })
                : namesError.message,
            retry: () => void displayNames.refetch(),
            retrying: displayNames.isFetching,
          }
        : null,
    },
    userGroupsTab: {
      createForm,
      groups: userGroups,
      picker: {
        label: labels.userGroup,
        placeholder: labels.userGroupPlaceholder,
        options: userGroups.list.map((g) => ({ value: g.id, label: g.name })),
        value: tabGroup?.id ?? null,
        onChange: (id: string | null) => {
          if (id !== groupId) unsaved.guard(() => selectGroup(id));
        },
      },
      actions: {
        ...actions,
        rename: { ...actions.rename, open: () => unsaved.guard(actions.rename.open) },
        remove: { ...actions.remove, open: () => unsaved.guard(actions.remove.open) },
      },
      refresh: {
        label: labels.refreshUserGroups,
        run: userGroups.retry,
        pending: userGroups.retrying && userGroups.status !== 'loading',
      },
      /** The chosen group's 'Group Members', or null. */
      members: tabGroup ? members : null,
    },
    /** The 'Role & Permission Management' panel of the chosen user or group, or null. */
    panel: panelForHolder,
    holderLabel: holder ? (holder.kind === 'user' ? labels.user : labels.userGroup) : '',
    claimGroups: listState(claimGroupsQuery),
    unsaved: {
      prompt: unsaved.prompt,
      message: fillLabel(labels.unsavedChangesMessage, { name: holder?.name ?? tabGroup?.name ?? '' }),
    },
  };
}

/** What {@link useUserRoleManagement} returns: everything {@link UserRoleManagementView} renders. */
export type UserRoleManagementController = ReturnType<typeof useUserRoleManagement>;
