import { Button, factory, useProps, type BoxProps, type StylesApiProps } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import type { ODataQueryOptions } from '../../api/odata';
import type { FormGroup } from '../../api/types';
import { fillLabel, type Labels } from '../../query/labels';
import {
  ListScreenPage,
  countColumn,
  lastChangeColumn,
  rowActionsColumn,
  useListScreen,
  type ListScreenController,
  type ListScreenStylesNames,
} from '../shared/ListScreen';
import { saveClaimOf } from '../shared/access';
import { screenClasses, useScreenStyles, type ScreenFactory, optionKeys, useScreenController } from '../shared/screen';
import { FormGroupDialog, useFormGroupEditor, type FormGroupEditor } from './FormGroupDialog';

/** A form group as the Form Groups list reads it: with its number of forms. */
export type FormGroupListRow = FormGroup & {
  '@odata.etag'?: string;
  'forms@odata.count'?: number;
};

/** Options of {@link useFormGroupList}. */
export interface FormGroupListOptions {
  /** Called by a row's 'Open' and after a group is created (the host shows the group). */
  onOpenFormGroup?: (formGroupId: string) => void;
  /** Overrides of the texts, which otherwise come from the `APIProvider` labels. */
  labels?: Partial<Labels>;
}

/** What {@link useFormGroupList} returns and {@link FormGroupListView} renders. */
export interface FormGroupListController extends ListScreenController<FormGroupListRow> {
  editor: FormGroupEditor;
  /** 'Create form group' shows (the CreateFormGroup button claim and `FormGroup_Add`). */
  canCreate: boolean;
  /** 'Edit' shows (the EditFormGroup button claim and `FormGroup_Update`). */
  canEdit: boolean;
  /** 'Open' shows (a handler). */
  canOpen: boolean;
  open(formGroupId: string): void;
}

/**
 * The state of the Form Groups list: one page of groups read through OData (name search, sort and paging on the
 * server) with their number of forms; create, rename and describe in a dialog; 'Delete', 'Show deleted', 'Restore'
 * and 'Delete permanently' (which never deletes the group's forms) through the shared delete actions.
 */
export function useFormGroupList({ onOpenFormGroup, labels: overrides }: FormGroupListOptions = {}): FormGroupListController {
  const { holds, ...list } = useListScreen<FormGroupListRow>('formgroup', overrides, {
    expand: { forms: { select: ['formId'], top: 0, count: true } } as ODataQueryOptions<FormGroupListRow>['expand'],
  });
  const editor = useFormGroupEditor(list.labels, onOpenFormGroup);
  return {
    ...list,
    editor,
    canCreate: holds('CreateFormGroup_AllowRead', saveClaimOf('formgroup', 'post')),
    canEdit: holds('EditFormGroup_AllowRead', saveClaimOf('formgroup', 'patch')),
    canOpen: Boolean(onOpenFormGroup),
    open: (formGroupId) => onOpenFormGroup?.(formGroupId),
  };
}

/** The inner parts of the Form Groups list that `classNames` / `styles` reach. */
export type FormGroupListStylesNames = ListScreenStylesNames;

/** Props of {@link FormGroupListView}: the controller {@link useFormGroupList} returned, with Mantine's box and Styles API props. */
export interface FormGroupListViewProps extends BoxProps, StylesApiProps<FormGroupListViewFactory> {
  /** What {@link useFormGroupList} returned. */
  controller: FormGroupListController;
}

/** Mantine's factory type of {@link FormGroupListView}: its props, root element and part names, for the Styles API's typing. */
export type FormGroupListViewFactory = ScreenFactory<FormGroupListViewProps, FormGroupListStylesNames>;

const classes = screenClasses<FormGroupListStylesNames>('FormGroupList', ['root', 'toolbar', 'table', 'dialog']);

/** The columns of the Form Groups list. */
function groupColumns(c: FormGroupListController): DataTableColumn<FormGroupListRow>[] {
  const { labels } = c;
  return [
    { accessor: 'name', title: labels.columnName, sortable: true },
    { accessor: 'description', title: labels.columnDescription, render: (row) => row.description ?? '' },
    countColumn<FormGroupListRow>('forms@odata.count', labels.columnForms),
    lastChangeColumn<FormGroupListRow>(labels),
    rowActionsColumn(c, (row) => ({ id: row.formGroupId, name: row.name }), {
      open: c.canOpen ? (row) => c.open(row.formGroupId) : undefined,
      extra: (row) =>
        c.canEdit && (
          <Button size="compact-sm" variant="subtle" aria-label={fillLabel(labels.labelFor, { label: labels.edit, name: row.name })} onClick={() => c.editor.startEdit(row)}>
            {labels.edit}
          </Button>
        ),
    }),
  ];
}

/** Renders a {@link useFormGroupList} controller. It renders only; it never fetches. */
export const FormGroupListView = factory<FormGroupListViewFactory>((_props) => {
  const props = useProps('FormGroupList', null, _props);
  const { getStyles, others } = useScreenStyles<FormGroupListViewFactory>('FormGroupList', classes, props);
  const { controller: c, ...boxProps } = others;
  const { labels } = c;
  return (
    <ListScreenPage<FormGroupListRow>
      title={labels.formGroupListTitle}
      subtitle={labels.formGroupListSubtitle}
      headerActions={c.canCreate ? <Button onClick={c.editor.startCreate}>{labels.createFormGroup}</Button> : undefined}
      getStyles={getStyles}
      boxProps={boxProps}
      controller={c}
      columns={groupColumns(c)}
      idAccessor="formGroupId"
      failureMessage={labels.failedToLoadFormGroups}
      emptyText={labels.noFormGroupsYet}
      tableLabel={labels.formGroupListTitle}
    >
      <FormGroupDialog editor={c.editor} labels={labels} className={getStyles('dialog').className} />
    </ListScreenPage>
  );
});
FormGroupListView.displayName = '@ccq/forms-admin/FormGroupListView';

/** Props of {@link FormGroupList}: the options of {@link useFormGroupList} and the props of {@link FormGroupListView} but its controller. */
export interface FormGroupListProps extends FormGroupListOptions, Omit<FormGroupListViewProps, 'controller'> {}

/** Mantine's factory type of {@link FormGroupList}: its props, root element and part names, for the Styles API's typing. */
export type FormGroupListFactory = ScreenFactory<FormGroupListProps, FormGroupListStylesNames>;

/** The props of {@link FormGroupList} its controller hook reads. */
const FORM_GROUP_LIST_OPTIONS = optionKeys<FormGroupListOptions>()('onOpenFormGroup', 'labels');

/**
 * The Form Groups screen (the Form Groups menu): every group with its description, number of forms and last change;
 * name search, sort and paging on the server; 'Create form group', 'Open', 'Edit' (rename, describe), 'Delete', and
 * under 'Show deleted' 'Restore' and 'Delete permanently' (its forms stay, in no group). Router-free: the host maps
 * `onOpenFormGroup` to its route.
 */
export const FormGroupList = factory<FormGroupListFactory>((props) => {
  const { controller, viewProps } = useScreenController('FormGroupList', props, FORM_GROUP_LIST_OPTIONS, useFormGroupList);
  return <FormGroupListView controller={controller} {...viewProps} />;
});
FormGroupList.displayName = '@ccq/forms-admin/FormGroupList';
