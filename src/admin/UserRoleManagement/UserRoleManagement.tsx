import { Stack, Tabs, useProps, type BoxProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { DisplayNameFunction } from '../../api/types';
import { useApi } from '../../query/APIProvider';
import { claimQueries } from '../../query/queries';
import { PageShell } from '../../ui/PageShell';
import { useAdminLabels, type AdminLabels } from '../admin-labels';
import { userGroupHolder, userHolder } from './permission-holder';
import { RolePermissionPanel } from './RolePermissionPanel';
import { UserGroupsTab } from './UserGroupsTab';
import { UsersTab } from './UsersTab';
import { useDisplayNames } from './useDisplayNames';

/** The two tabs of the User & Role Management screen. */
export type UserRoleManagementTab = 'users' | 'userGroups';

export interface UserRoleManagementProps extends Omit<BoxProps, 'children'> {
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
  /** Overrides of the texts; the spec's texts come from the `APIProvider` labels. */
  labels?: Partial<AdminLabels>;
}

const defaultProps = {
  initialTab: 'users',
  initialUserId: null,
  initialUserGroupId: null,
} satisfies Partial<UserRoleManagementProps>;

const isTab = (value: string | null): value is UserRoleManagementTab => value === 'users' || value === 'userGroups';

/**
 * The User & Role Management screen (spec §2): a 'Users' tab (user picker, refresh, 'Full Sync') and a 'User Groups'
 * tab (create, edit, delete, members), and for the chosen user or group a 'Role & Permission Management' panel of claim
 * groups, permission categories and individual permissions. Switching tabs clears the tab left behind, and the panel
 * starts afresh (spec §4). Works on its own inside an `APIProvider`.
 */
export function UserRoleManagement(props: UserRoleManagementProps) {
  const {
    initialTab,
    onTabChange,
    initialUserId,
    onUserSelected,
    initialUserGroupId,
    onUserGroupSelected,
    getDisplayNames,
    labels: labelOverrides,
    ...others
  } = useProps('UserRoleManagement', defaultProps, props);
  const labels = useAdminLabels(labelOverrides);
  const { client } = useApi();
  const users = useQuery(claimQueries.users(client));
  const groups = useQuery(claimQueries.userGroups(client));
  const claimGroups = useQuery(claimQueries.claimGroups(client));
  const displayNames = useDisplayNames(users.data, getDisplayNames);
  const [tab, setTab] = useState<UserRoleManagementTab>(initialTab);
  const [userId, setUserId] = useState<string | null>(initialUserId);
  const [groupId, setGroupId] = useState<string | null>(initialUserGroupId);

  const selectUser = (id: string | null) => {
    setUserId(id);
    onUserSelected?.(id);
  };
  const selectGroup = (id: string | null) => {
    setGroupId(id);
    onUserGroupSelected?.(id);
  };
  const changeTab = (next: string | null) => {
    if (!isTab(next) || next === tab) return;
    if (tab === 'users' && userId !== null) selectUser(null);
    if (tab === 'userGroups' && groupId !== null) selectGroup(null);
    setTab(next);
    onTabChange?.(next);
  };

  const user = tab === 'users' ? users.data?.find((u) => u.id === userId) : undefined;
  const group = tab === 'userGroups' ? groups.data?.find((g) => g.id === groupId) : undefined;
  const holder = user
    ? userHolder(user, displayNames.nameOf(user.id))
    : group
      ? userGroupHolder(group)
      : null;

  return (
    <PageShell title={labels.userRoleManagementTitle} {...others}>
      <Stack gap="lg">
        <Tabs value={tab} onChange={changeTab} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="users">{labels.usersTab}</Tabs.Tab>
            <Tabs.Tab value="userGroups">{labels.userGroupsTab}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="users" pt="md">
            <UsersTab users={users} displayNames={displayNames} value={userId} onChange={selectUser} labels={labels} />
          </Tabs.Panel>
          <Tabs.Panel value="userGroups" pt="md">
            <UserGroupsTab
              groups={groups}
              users={users}
              nameOf={displayNames.nameOf}
              value={groupId}
              onChange={selectGroup}
              labels={labels}
            />
          </Tabs.Panel>
        </Tabs>
        {holder && (
          <RolePermissionPanel
            key={`${holder.kind}:${holder.id}`}
            holder={holder}
            claimGroups={claimGroups}
            labels={labels}
          />
        )}
      </Stack>
    </PageShell>
  );
}

UserRoleManagement.displayName = '@ccq/forms-admin/UserRoleManagement';
