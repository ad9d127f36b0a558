import {
  Stack,
  Text,
  Title,
  factory,
  useProps,
  useStyles,
  type BoxProps,
  type Factory,
  type StylesApiProps,
} from '@mantine/core';
import { useId } from '@mantine/hooks';
import { LabelsProvider } from '../../query/useLabels';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { LoadingState } from '../../ui/LoadingState';
import { PageShell } from '../../ui/PageShell';
import { CreateGroupFormView, GroupDialogs, GroupPickerRow, UnsavedChangesDialog } from '../shared/GroupViews';
import { PermissionPanelView } from '../shared/PermissionPanel';
import { PermissionHistoryPanel } from '../shared/PermissionHistory';
import { EffectivePermissionsPanel } from '../shared/EffectivePermissions';
import { useRoleManagement, type RoleManagementController, type RoleManagementOptions } from './useRoleManagement';

/** The inner parts of Role Management that `classNames` / `styles` reach. */
export type RoleManagementStylesNames =
  | 'root'
  | 'createForm'
  | 'pickerRow'
  | 'picker'
  | 'notice'
  | 'panel'
  | 'editor'
  | 'dialog';

/** Props of {@link RoleManagementView}: the controller {@link useRoleManagement} returned, with Mantine's box and Styles API props. */
export interface RoleManagementViewProps extends BoxProps, StylesApiProps<RoleManagementViewFactory> {
  /** What {@link useRoleManagement} returned. */
  controller: RoleManagementController;
}

/** Mantine's factory type of {@link RoleManagementView}: its props, root element and part names, for the Styles API's typing. */
export type RoleManagementViewFactory = Factory<{
  props: RoleManagementViewProps;
  ref: HTMLElement;
  stylesNames: RoleManagementStylesNames;
}>;

// Static class names (no stylesheet ships): hosts target `.ccq-RoleManagement-picker` or use `classNames`.
const classes: Record<RoleManagementStylesNames, string> = {
  root: 'ccq-RoleManagement-root',
  createForm: 'ccq-RoleManagement-createForm',
  pickerRow: 'ccq-RoleManagement-pickerRow',
  picker: 'ccq-RoleManagement-picker',
  notice: 'ccq-RoleManagement-notice',
  panel: 'ccq-RoleManagement-panel',
  editor: 'ccq-RoleManagement-editor',
  dialog: 'ccq-RoleManagement-dialog',
};

/** Renders a {@link useRoleManagement} controller. It renders only; it never fetches. */
export const RoleManagementView = factory<RoleManagementViewFactory>((_props) => {
  const props = useProps('RoleManagement', null, _props);
  const { controller: c, classNames, className, style, styles, unstyled, vars, attributes, ...others } = props;
  const getStyles = useStyles<RoleManagementViewFactory>({
    name: 'RoleManagement',
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
  const { labels, groups, panel } = c;
  const dialogPart = getStyles('dialog');

  return (
    <LabelsProvider labels={labels}>
      <PageShell title={c.title} subtitle={c.subtitle} {...getStyles('root')} {...others}>
        <Stack gap="lg">
          <CreateGroupFormView
            form={c.createForm}
            part={getStyles('createForm')}
            dialogPart={dialogPart}
            labels={labels}
          />
          {groups.status === 'error' ? (
            <ErrorAlert message={labels.failedToLoadClaimGroups} onRetry={groups.retry} retrying={groups.retrying} />
          ) : groups.status === 'loading' ? (
            <LoadingState labels={{ label: labels.loadingClaimGroups }} />
          ) : groups.status === 'empty' ? (
            <EmptyState message={labels.noClaimGroups} />
          ) : (
            <>
              <GroupPickerRow
                {...c.picker}
                actions={c.actions}
                renameLabel={labels.rename}
                pickerPart={getStyles('picker')}
                rowPart={getStyles('pickerRow')}
                noticePart={getStyles('notice')}
                labels={labels}
              />
              {/* Nothing picked yet: say what picking a group brings, in place of an empty page. */}
              {!c.picker.value && !panel && <Text size="sm">{labels.pickClaimGroupHint}</Text>}
            </>
          )}
          <GroupDialogs actions={c.actions} dialogPart={dialogPart} labels={labels} />
          {panel && (
            <PermissionPanelView
              panel={panel}
              labelledBy={headingId}
              heading={
                <Title order={2} size="h3" id={headingId} style={{ overflowWrap: 'anywhere' }}>
                  {c.panelTitle}
                </Title>
              }
              part={getStyles('panel')}
              editorPart={getStyles('editor')}
              dialogPart={dialogPart}
              labels={labels}
            />
          )}
          {c.selected && (
            <EffectivePermissionsPanel key={`effective:${c.selected.id}`} holder={{ kind: 'claimGroup', id: c.selected.id, name: c.selected.name }} />
          )}
          {c.selected && (
            <PermissionHistoryPanel key={`history:${c.selected.id}`} holder={{ kind: 'claimGroup', id: c.selected.id, name: c.selected.name }} />
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

RoleManagementView.displayName = '@ccq/forms-admin/RoleManagementView';

/** Props of {@link RoleManagement}. */
export interface RoleManagementProps
  extends RoleManagementOptions,
    Omit<RoleManagementViewProps, 'controller'> {}

/** Mantine's factory type of {@link RoleManagement}: its props, root element and part names, for the Styles API's typing. */
export type RoleManagementFactory = Factory<{
  props: RoleManagementProps;
  ref: HTMLElement;
  stylesNames: RoleManagementStylesNames;
}>;

const defaultProps = { initialGroupId: null } satisfies Partial<RoleManagementProps>;

/**
 * The Role Management screen (docs/spec.md, Screens and routes): create claim groups, pick one to rename or delete it, and configure its
 * sub-claim groups and permissions — {@link useRoleManagement} rendered by {@link RoleManagementView}. Works on its
 * own inside an `APIProvider`; `classNames` / `styles` reach its inner parts.
 */
export const RoleManagement = factory<RoleManagementFactory>((_props) => {
  const props = useProps('RoleManagement', defaultProps, _props);
  const { initialGroupId, onGroupSelected, labels, ...viewProps } = props;
  const controller = useRoleManagement({ initialGroupId, onGroupSelected, labels });
  return <RoleManagementView controller={controller} {...viewProps} />;
});

RoleManagement.displayName = '@ccq/forms-admin/RoleManagement';
