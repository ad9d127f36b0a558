import {
  Stack,
  Tabs,
  Text,
  Title,
  Group,
  factory,
  useProps,
  useStyles,
  type BoxProps,
  type Factory,
  type StylesApiProps,
} from '@mantine/core';
import { useId } from '@mantine/hooks';
import { LabelsProvider } from '../../query/useLabels';
import { ActionButton } from '../../ui/ActionButton';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { LoadingState } from '../../ui/LoadingState';
import { NothingFound } from '../../ui/NothingFound';
import { PageShell } from '../../ui/PageShell';
import { ResultDialog } from '../../ui/ResultDialog';
import {
  CreateGroupFormView,
  GroupDialogs,
  GroupPickerRow,
  PickerSelect,
  RefreshButton,
  UnsavedChangesDialog,
  dialogStyles,
  type PartStyles,
} from '../shared/GroupViews';
import { ServerMultiSelect } from '../shared/ServerPicker';
import { isDenied } from '../shared/access';
import { EffectivePermissionsPanel } from '../shared/EffectivePermissions';
import { PermissionHistoryPanel } from '../shared/PermissionHistory';
import { PermissionPanelView } from '../shared/PermissionPanel';
import type { GroupMembersController } from './useGroupMembers';
import {
  useUserRoleManagement,
  type UserRoleManagementController,
  type UserRoleManagementOptions,
} from './useUserRoleManagement';

/** The inner parts of User & Role Management that `classNames` / `styles` reach. */
export type UserRoleManagementStylesNames =
  | 'root'
  | 'tabs'
  | 'createForm'
  | 'pickerRow'
  | 'picker'
  | 'notice'
  | 'members'
  | 'panel'
  | 'editor'
  | 'dialog';

/** Props of {@link UserRoleManagementView}: the controller {@link useUserRoleManagement} returned, with Mantine's box and Styles API props. */
export interface UserRoleManagementViewProps extends BoxProps, StylesApiProps<UserRoleManagementViewFactory> {
  /** What {@link useUserRoleManagement} returned. */
  controller: UserRoleManagementController;
}

/** Mantine's factory type of {@link UserRoleManagementView}: its props, root element and part names, for the Styles API's typing. */
export type UserRoleManagementViewFactory = Factory<{
  props: UserRoleManagementViewProps;
  ref: HTMLElement;
  stylesNames: UserRoleManagementStylesNames;
}>;

// Static class names (no stylesheet ships): hosts target `.ccq-UserRoleManagement-picker` or use `classNames`.
const classes: Record<UserRoleManagementStylesNames, string> = {
  root: 'ccq-UserRoleManagement-root',
  tabs: 'ccq-UserRoleManagement-tabs',
  createForm: 'ccq-UserRoleManagement-createForm',
  pickerRow: 'ccq-UserRoleManagement-pickerRow',
  picker: 'ccq-UserRoleManagement-picker',
  notice: 'ccq-UserRoleManagement-notice',
  members: 'ccq-UserRoleManagement-members',
  panel: 'ccq-UserRoleManagement-panel',
  editor: 'ccq-UserRoleManagement-editor',
  dialog: 'ccq-UserRoleManagement-dialog',
};

interface MembersViewProps {
  members: GroupMembersController;
  part: PartStyles;
  dialogPart: PartStyles;
}

function GroupMembersView({
  members,
  part,
  dialogPart,
  texts,
}: MembersViewProps & { texts: UserRoleManagementController['labels'] }) {
  const { users, save, result } = members;
  if (users.status === 'error') {
    return <ErrorAlert message={texts.failedToLoadUsers} onRetry={users.retry} retrying={users.retrying} />;
  }
  if (users.status === 'loading') return <LoadingState labels={{ label: texts.loadingUsers }} />;
  return (
    <Stack gap="xs" className={part.className} style={part.style}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.run();
        }}
      >
        <Group align="flex-end" gap="sm" wrap="wrap">
          <ServerMultiSelect
            label={members.label}
            source={members.source}
            labelOf={members.labelOf}
            value={members.value}
            onChange={members.onChange}
            readOnly={isDenied(members.access)}
            searchable
            clearable={!isDenied(members.access)}
            hidePickedOptions
            nothingFoundMessage={<NothingFound>{texts.noRecordsFound}</NothingFound>}
            style={{ flex: '1 1 15rem', minWidth: 'min(15rem, 100%)' }}
          />
          <ActionButton type="submit" access={save} loading={save.pending}>
            {texts.saveMembers}
          </ActionButton>
        </Group>
      </form>
      {save.error && <ErrorAlert title={save.errorTitle} error={save.error} />}
      <ConfirmModal
        opened={members.ownAdminConfirm.opened}
        title={texts.removeOwnAdminTitle}
        message={texts.removeOwnAdminMessage}
        labels={{ confirm: texts.removeOwnAdminConfirm }}
        onCancel={members.ownAdminConfirm.cancel}
        onConfirm={members.ownAdminConfirm.confirm}
        {...dialogStyles(dialogPart)}
      />
      <ResultDialog
        opened={result !== null}
        onClose={members.closeResult}
        title={texts.membersChangedTitle}
        message={result?.message}
        added={result?.added}
        removed={result?.removed}
        {...dialogStyles(dialogPart)}
      />
    </Stack>
  );
}

/** Renders a {@link useUserRoleManagement} controller. It renders only; it never fetches. */
export const UserRoleManagementView = factory<UserRoleManagementViewFactory>((_props) => {
  const props = useProps('UserRoleManagement', null, _props);
  const { controller: c, classNames, className, style, styles, unstyled, vars, attributes, ...others } = props;
  const getStyles = useStyles<UserRoleManagementViewFactory>({
    name: 'UserRoleManagement',
    classes,
    props,
    className,
    style,
    classNames,
    styles,
    unstyled,
    vars,
    attributes,
  });
  const headingId = useId();
  const holderId = useId();
  const { labels, usersTab, userGroupsTab, panel } = c;
  const dialogPart = getStyles('dialog');
  const sync = usersTab.fullSync;

  return (
    <LabelsProvider labels={labels}>
      <PageShell title={c.title} {...getStyles('root')} {...others}>
        <Stack gap="lg">
          <Tabs value={c.tabs.value} onChange={c.tabs.onChange} keepMounted={false} {...getStyles('tabs')}>
            <Tabs.List>
              <Tabs.Tab value="users">{c.tabs.users}</Tabs.Tab>
              <Tabs.Tab value="userGroups">{c.tabs.userGroups}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="users" pt="md">
              <Stack gap="sm">
                <Group align="flex-end" gap="sm" wrap="wrap" {...getStyles('pickerRow')}>
                  {usersTab.pickerReady && <PickerSelect {...usersTab.picker} data={usersTab.picker.options} part={getStyles('picker')} />}
                  <Group gap="sm" ml="auto" wrap="wrap">
                    <RefreshButton
                      label={usersTab.refresh.label}
                      onClick={usersTab.refresh.run}
                      pending={usersTab.refresh.pending}
                    />
                    <ActionButton
                      access={sync}
                      loading={sync.pending}
                      onClick={sync.run}
                      data-syncing={sync.pending || undefined}
                    >
                      {sync.label}
                    </ActionButton>
                  </Group>
                </Group>
                {sync.error && <ErrorAlert title={sync.errorTitle} error={sync.error} />}
                <Text role="status" size="sm" {...getStyles('notice')}>
                  {sync.done}
                </Text>
                {usersTab.namesError && (
                  <ErrorAlert
                    message={usersTab.namesError.message}
                    onRetry={usersTab.namesError.retry}
                    retrying={usersTab.namesError.retrying}
                  />
                )}
                {usersTab.users.status === 'error' ? (
                  <ErrorAlert
                    message={labels.failedToLoadUsers}
                    onRetry={usersTab.users.retry}
                    retrying={usersTab.users.retrying}
                  />
                ) : usersTab.loading ? (
                  <LoadingState labels={{ label: labels.loadingUsers }} />
                ) : usersTab.users.status === 'empty' ? (
                  <EmptyState message={labels.noUsers} />
                ) : !usersTab.picker.value && !panel ? (
                  // Nothing picked yet: say what picking a user brings, in place of an empty page.
                  <Text size="sm">{labels.pickUserHint}</Text>
                ) : null}
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="userGroups" pt="md">
              <Stack gap="lg">
                <CreateGroupFormView
                  form={userGroupsTab.createForm}
                  part={getStyles('createForm')}
                  dialogPart={dialogPart}
                  labels={labels}
                />
                {userGroupsTab.groups.status === 'error' ? (
                  <ErrorAlert
                    message={labels.failedToLoadUserGroups}
                    onRetry={userGroupsTab.groups.retry}
                    retrying={userGroupsTab.groups.retrying}
                  />
                ) : userGroupsTab.groups.status === 'loading' ? (
                  <LoadingState labels={{ label: labels.loadingUserGroups }} />
                ) : userGroupsTab.groups.status === 'empty' ? (
                  <EmptyState message={labels.noUserGroups} />
                ) : (
                  <GroupPickerRow
                    {...userGroupsTab.picker}
                    actions={userGroupsTab.actions}
                    renameLabel={labels.edit}
                    extra={
                      <RefreshButton
                        label={userGroupsTab.refresh.label}
                        onClick={userGroupsTab.refresh.run}
                        pending={userGroupsTab.refresh.pending}
                      />
                    }
                    pickerPart={getStyles('picker')}
                    rowPart={getStyles('pickerRow')}
                    noticePart={getStyles('notice')}
                    labels={labels}
                  />
                )}
                {userGroupsTab.groups.status === 'ready' && !userGroupsTab.picker.value && !panel && (
                  <Text size="sm">{labels.pickUserGroupHint}</Text>
                )}
                <GroupDialogs actions={userGroupsTab.actions} dialogPart={dialogPart} labels={labels} />
                {userGroupsTab.members && (
                  <GroupMembersView
                    members={userGroupsTab.members}
                    part={getStyles('members')}
                    dialogPart={dialogPart}
                    texts={labels}
                  />
                )}
              </Stack>
            </Tabs.Panel>
          </Tabs>
          {panel && (
            <PermissionPanelView
              panel={panel}
              labelledBy={`${headingId} ${holderId}`}
              dataHolder={panel.holder.kind}
              heading={
                <Stack gap={2} miw={0}>
                  <Title order={2} size="h3" id={headingId}>
                    {labels.roleAndPermissionManagement}
                  </Title>
                  <Text id={holderId} style={{ overflowWrap: 'anywhere' }}>
                    {c.holderLabel}: <strong>{panel.holder.name}</strong>
                  </Text>
                </Stack>
              }
              part={getStyles('panel')}
              editorPart={getStyles('editor')}
              dialogPart={dialogPart}
              labels={labels}
            >
              {c.claimGroups.status === 'error' && (
                <ErrorAlert
                  message={labels.failedToLoadClaimGroups}
                  onRetry={c.claimGroups.retry}
                  retrying={c.claimGroups.retrying}
                />
              )}
            </PermissionPanelView>
          )}
          {panel && (
            <EffectivePermissionsPanel
              key={`${panel.holder.kind}:${panel.holder.id}`}
              holder={{ kind: panel.holder.kind, id: panel.holder.id, name: panel.holder.name }}
            />
          )}
          {panel && (
            <PermissionHistoryPanel
              key={`history:${panel.holder.kind}:${panel.holder.id}`}
              holder={{ kind: panel.holder.kind, id: panel.holder.id, name: panel.holder.name }}
            />
          )}
          <UnsavedChangesDialog
            prompt={c.unsaved.prompt}
            message={c.unsaved.message}
            dialogPart={dialogPart}
            labels={labels}
          />
        </Stack>
      </PageShell>
    </LabelsProvider>
  );
});

UserRoleManagementView.displayName = '@ccq/forms-admin/UserRoleManagementView';

/** Props of {@link UserRoleManagement}. */
export interface UserRoleManagementProps
  extends UserRoleManagementOptions,
    Omit<UserRoleManagementViewProps, 'controller'> {}

/** Mantine's factory type of {@link UserRoleManagement}: its props, root element and part names, for the Styles API's typing. */
export type UserRoleManagementFactory = Factory<{
  props: UserRoleManagementProps;
  ref: HTMLElement;
  stylesNames: UserRoleManagementStylesNames;
}>;

const defaultProps = {
  initialTab: 'users',
  initialUserId: null,
  initialUserGroupId: null,
} satisfies Partial<UserRoleManagementProps>;

/**
 * The User & Role Management screen (docs/spec.md, Screens and routes): {@link useUserRoleManagement} rendered by
 * {@link UserRoleManagementView}. Works on its own inside an `APIProvider`; `classNames` / `styles` reach its inner
 * parts.
 */
export const UserRoleManagement = factory<UserRoleManagementFactory>((_props) => {
  const props = useProps('UserRoleManagement', defaultProps, _props);
  const {
    initialTab,
    onTabChange,
    initialUserId,
    onUserSelected,
    initialUserGroupId,
    onUserGroupSelected,
    getDisplayNames,
    labels,
    ...viewProps
  } = props;
  const controller = useUserRoleManagement({
    initialTab,
    onTabChange,
    initialUserId,
    onUserSelected,
    initialUserGroupId,
    onUserGroupSelected,
    getDisplayNames,
    labels,
  });
  return <UserRoleManagementView controller={controller} {...viewProps} />;
});

UserRoleManagement.displayName = '@ccq/forms-admin/UserRoleManagement';
