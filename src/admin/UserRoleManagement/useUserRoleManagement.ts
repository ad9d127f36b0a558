import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { ApplicationUser, DisplayNameFunction } from '../../api/types';
import { useApi } from '../../query/APIProvider';
import { holderQueries } from '../../query/holder-queries';
import { claimKeys } from '../../query/keys';
import { fillLabel, type Labels } from '../../query/labels';
import { useCreateUserGroup, useDeleteUserGroup, useFullSync, useRenameUserGroup } from '../../query/mutations';
import { useLabels } from '../../query/useLabels';
import { useLocale } from '../../query/useLocale';
import { fillCount } from '../../labels/format';
import { selectionFromGrants } from '../PermissionEditor/permission-model';
import { allOf, useAdminAccess } from '../shared/access';
import { useCreateGroupForm, useGroupActions, useUnsavedGuard } from '../shared/useGroupControllers';
import { pageListState, searchSource, userSearchSource } from '../shared/searchSource';
import { useNameMemory } from '../shared/useNameMemory';
import { changedMessagesFor, usePermissionPanel } from '../shared/usePermissionPanel';
import { claimGroupIdsOf, userGroupHolder, userHolder } from './permission-holder';
import { displayNamesErrorMessage, useDisplayNames } from './useDisplayNames';
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
   * The host-supplied display-name function (docs/spec.md, Calls): one name per user requested, in order. A different count is
   * shown as an error (docs/spec.md, Validation rules). Without it, a user shows as its name, user name, email or id.
   */
  getDisplayNames?: DisplayNameFunction;
  /** Overrides of the texts, which otherwise come from the `APIProvider` labels. */
  labels?: Partial<Labels>;
}

const isTab = (value: string | null): value is UserRoleManagementTab => value === 'users' || value === 'userGroups';

const NO_USERS: readonly ApplicationUser[] = [];
const NO_OPTIONS: readonly never[] = [];

/** Each user once, in first-seen order. */
function distinctUsers(lists: readonly (readonly ApplicationUser[])[]): ApplicationUser[] {
  const seen = new Map<string, ApplicationUser>();
  for (const list of lists) for (const user of list) if (!seen.has(user.id)) seen.set(user.id, user);
  return [...seen.values()];
}

/**
 * The headless User & Role Management screen (docs/spec.md, Screens and routes): the 'Users' tab (picker, refresh, 'Full Sync'), the 'User
 * Groups' tab (create, edit, delete, refresh, 'Group Members'), and the 'Role & Permission Management' panel of the
 * chosen user or group, with every action's `{ can, reason }`. Switching tabs clears the tab left behind and starts the
 * panel afresh (docs/spec.md, States and transitions); leaving unsaved changes asks first.
 *
 * At scale nothing loads every user, user group or claim group: each picker (users, user groups, group
 * members, claim groups) asks the server for one page of matches per search, the chosen user or group alone is loaded
 * with its collections, and the host's display-name function is called only for the users shown.
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
  const locale = useLocale();
  const access = useAdminAccess(labels);
  const { client, queryClient } = useApi();
  const [tab, setTab] = useState<UserRoleManagementTab>(initialTab);
  const [userId, setUserId] = useState<string | null>(initialUserId);
  const [groupId, setGroupId] = useState<string | null>(initialUserGroupId);
  const sync = useFullSync();
  const names = useNameMemory();

  // The chosen user and user group, each loaded alone with its collections.
  const userQuery = useQuery({ ...holderQueries.user(client, userId ?? ''), enabled: tab === 'users' && userId !== null });
  const groupQuery = useQuery({ ...holderQueries.userGroup(client, groupId ?? ''), enabled: groupId !== null });
  const sameId = (row: { id: string } | null | undefined, id: string | null) => !!row && id !== null && row.id.toLowerCase() === id.toLowerCase();
  const user = tab === 'users' && sameId(userQuery.data, userId) ? (userQuery.data ?? null) : null;
  const group = sameId(groupQuery.data, groupId) ? (groupQuery.data ?? null) : null;
  const tabGroup = tab === 'userGroups' ? group : null;

  // The first pages (no search): whether there are users and groups at all, and what the pickers offer on opening.
  // What is typed into a picker is searched inside that picker (see searchSource), so the screen does not re-render.
  const firstUsers = useQuery({ ...holderQueries.userSearch(client, { search: '' }), enabled: tab === 'users' || tabGroup !== null });
  const firstGroups = useQuery({ ...holderQueries.userGroupSearch(client, { search: '' }), enabled: tab === 'userGroups' });
  const members = useMemo(
    () => (tabGroup?.applicationUserApplicationUserGroups ?? []).flatMap((m) => (!m.isDeleted && m.applicationUser ? [m.applicationUser] : [])),
    [tabGroup],
  );
  // The host's display-name function is asked about the users on screen only: here the chosen user, the group's
  // members and the first page; the pickers ask about the pages they show.
  const firstUserRows = firstUsers.data?.list ?? NO_USERS;
  const shown = useMemo(
    () => distinctUsers([user ? [user] : NO_USERS, tab === 'users' ? firstUserRows : NO_USERS, members]),
    [user, tab, firstUserRows, members],
  );
  const displayNames = useDisplayNames(shown, getDisplayNames);
  names.remember(shown, (u) => displayNames.nameOf(u.id));
  names.remember(firstGroups.data?.list ?? []);
  if (group) names.remember([group]);

  const selectUser = (id: string | null) => {
    setUserId(id);
    onUserSelected?.(id);
  };
  const selectGroup = (id: string | null) => {
    setGroupId(id);
    onUserGroupSelected?.(id);
  };

  const users = pageListState(firstUsers);
  const userGroups = pageListState(firstGroups);
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
  if (holder) names.remember(holder.claimGroupLinks.flatMap((l) => (l.claimGroup ? [l.claimGroup] : [])));
  // Whether the claim groups can be loaded at all ('Failed to load claim groups. Please try again.' in the panel).
  const firstClaimGroups = useQuery({ ...holderQueries.claimGroupSearch(client, { search: '' }), enabled: holder !== null });
  const panel = usePermissionPanel({
    kind: holder?.kind ?? 'user',
    holderId: holder?.id ?? '',
    resetKey: holder ? `${holder.kind}:${holder.id}` : '',
    granted,
    claimGroupOptions: NO_OPTIONS,
    claimGroupSearch: searchSource({
      query: (text) => holderQueries.claimGroupSearch(client, { search: text }),
      enabled: holder !== null,
      names,
      labels,
      failureMessage: labels.failedToLoadClaimGroups,
    }),
    claimGroupsLabel: labels.claimGroups,
    groupName: names.nameOf,
    groupDescription: labels.claimGroupEntry,
    changedMessages: changedMessagesFor(holder?.kind ?? 'user', holder?.name ?? '', labels),
    access,
    enabled: holder !== null,
    labels,
  });
  const panelForHolder = holder ? { ...panel, holder } : null;

  const groupMembers = useGroupMembers({
    group: tabGroup,
    users,
    source: userSearchSource({
      query: (text) => holderQueries.userSearch(client, { search: text }),
      enabled: tabGroup !== null,
      names,
      labels,
      failureMessage: labels.failedToLoadUsers,
      getDisplayNames,
      reportNamesFailure: true,
    }),
    nameOf: names.nameOf,
    access: access.assignUsersToGroups,
    labels,
  });

  const dirty = (holder !== null && panel.dirty) || (tabGroup !== null && groupMembers.dirty);
  const unsaved = useUnsavedGuard(dirty, () => {
    panel.discard();
    groupMembers.discard();
  });
  // Refresh: the lists of that kind on screen (the first page, the current search, the chosen one).
  const refresh = (area: 'users' | 'userGroups') =>
    void queryClient.invalidateQueries({ queryKey: area === 'users' ? claimKeys.users() : claimKeys.userGroups() });
  const usersFetching = users.retrying || userQuery.isFetching;
  const groupsFetching = userGroups.retrying || groupQuery.isFetching;

  // A name another live user group has is said under the create and rename boxes as it is typed.
  const sameName = { search: (text: string) => holderQueries.userGroupSearch(client, { search: text }), takenMessage: labels.userGroupNameTaken };
  const createForm = useCreateGroupForm({
    create: useCreateUserGroup(),
    ...sameName,
    access: access.manageUserGroups,
    createdMessage: labels.userGroupCreatedMessage,
    // docs/spec.md, States and transitions: creating a user group clears the selection (unless that would drop unsaved changes).
    onCreated: () => {
      if (!dirty) selectGroup(null);
    },
    labels,
  });

  const actions = useGroupActions({
    group: tabGroup,
    ...sameName,
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
      groupMembers.discard();
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
          // docs/spec.md, States and transitions: switching tabs clears the other tab's selection, and the panel starts afresh.
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
        /** What the picker offers before it searches (its source answers the searches). */
        options: names.optionsWith(firstUserRows, tab === 'users' ? userId : null),
        source: userSearchSource({
          query: (text) => holderQueries.userSearch(client, { search: text }),
          enabled: tab === 'users',
          names,
          labels,
          failureMessage: labels.failedToLoadUsers,
          chosenId: tab === 'users' ? userId : null,
          getDisplayNames,
        }),
        value: tab === 'users' ? userId : null,
        onChange: (id: string | null) => {
          if (id !== userId) unsaved.guard(() => selectUser(id));
        },
      },
      refresh: { label: labels.refreshUsers, run: () => refresh('users'), pending: usersFetching && users.status !== 'loading' },
      fullSync: {
        ...syncAccess,
        label: sync.isPending ? labels.syncing : labels.fullSync,
        pending: sync.isPending,
        run: () => {
          if (syncAccess.can && !sync.isPending) sync.mutate();
        },
        error: sync.error,
        errorTitle: labels.fullSyncFailed,
        done: sync.isSuccess ? fillCount(labels.fullSyncDone, labels.fullSyncDoneOne, sync.data?.length ?? 0, locale) : null,
      },
      namesError: namesError
        ? {
            message: displayNamesErrorMessage(namesError, labels),
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
        options: names.optionsWith(firstGroups.data?.list ?? [], tab === 'userGroups' ? groupId : null),
        source: searchSource({
          query: (text) => holderQueries.userGroupSearch(client, { search: text }),
          enabled: tab === 'userGroups',
          names,
          labels,
          failureMessage: labels.failedToLoadUserGroups,
          chosenId: tab === 'userGroups' ? groupId : null,
        }),
        value: tab === 'userGroups' ? groupId : null,
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
        run: () => refresh('userGroups'),
        pending: groupsFetching && userGroups.status !== 'loading',
      },
      /** The chosen group's 'Group Members', or null. */
      members: tabGroup ? groupMembers : null,
    },
    /** The 'Role & Permission Management' panel of the chosen user or group, or null. */
    panel: panelForHolder,
    holderLabel: holder ? (holder.kind === 'user' ? labels.user : labels.userGroup) : '',
    claimGroups: pageListState(firstClaimGroups),
    unsaved: {
      prompt: unsaved.prompt,
      message: fillLabel(labels.unsavedChangesMessage, { name: holder?.name ?? tabGroup?.name ?? '' }),
    },
  };
}

/** What {@link useUserRoleManagement} returns: everything {@link UserRoleManagementView} renders. */
export type UserRoleManagementController = ReturnType<typeof useUserRoleManagement>;
