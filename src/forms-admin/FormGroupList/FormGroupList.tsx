import {
  Button,
  factory,
  useProps,
  useStyles,
  type BoxProps,
  type Factory,
  type StylesApiProps,
} from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import type { ODataQueryOptions } from '../../api/odata';
import type { FormGroup } from '../../api/types';
import type { Labels } from '../../query/labels';
import { useLabels } from '../../query/useLabels';
import { ListRowActions, ListScreenPage, formatDateTime } from '../shared/ListScreen';
import { saveClaimOf, useClaimCheck } from '../shared/access';
import { useDeleteActions, type DeleteActionsController } from '../shared/useDeleteActions';
import { useODataPage } from '../shared/useODataPage';
import { useServerTable, type ServerTable } from '../shared/useServerTable';
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
export interface FormGroupListController {
  labels: Labels;
  table: ServerTable<FormGroupListRow>;
  result: ReturnType<typeof useODataPage<FormGroupListRow>>;
  actions: DeleteActionsController;
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
  const labels = useLabels(overrides);
  const table = useServerTable<FormGroupListRow>({ initialSort: { column: 'name', direction: 'asc' } });
  const query: ODataQueryOptions<FormGroupListRow> = {
    ...table.query,
    expand: { forms: { select: ['formId'], top: 0, count: true } } as ODataQueryOptions<FormGroupListRow>['expand'],
  };
  const result = useODataPage<FormGroupListRow>('formgroup', query);
  const actions = useDeleteActions('formgroup', { labels });
  const editor = useFormGroupEditor(labels, onOpenFormGroup);
  const { holds } = useClaimCheck();
  return {
    labels,
    table,
    result,
    actions,
    editor,
    canCreate: holds('CreateFormGroup_AllowRead', saveClaimOf('formgroup', 'post')),
    canEdit: holds('EditFormGroup_AllowRead', saveClaimOf('formgroup', 'patch')),
    canOpen: Boolean(onOpenFormGroup),
    open: (formGroupId) => onOpenFormGroup?.(formGroupId),
  };
}

/** The inner parts of the Forms list that `classNames` / `styles` reach. */
export type FormGroupListStylesNames = 'root' | 'toolbar' | 'table' | 'dialog';

export interface FormGroupListViewProps extends BoxProps, StylesApiProps<FormGroupListViewFactory> {
  /** What {@link useFormGroupList} returned. */
  controller: FormGroupListController;
}

export type FormGroupListViewFactory = Factory<{ props: FormGroupListViewProps; ref: HTMLElement; stylesNames: FormGroupListStylesNames }>;

// Static class names (no stylesheet ships): hosts target `.ccq-FormGroupList-table` or use `classNames`.
const classes: Record<FormGroupListStylesNames, string> = {
  root: 'ccq-FormGroupList-root',
  toolbar: 'ccq-FormGroupList-toolbar',
  table: 'ccq-FormGroupList-table',
  dialog: 'ccq-FormGroupList-dialog',
};

/** The columns of the Form Groups list. */
function groupColumns(c: FormGroupListController): DataTableColumn<FormGroupListRow>[] {
  const { labels } = c;
  return [
    { accessor: 'name', title: labels.columnName, sortable: true },
    { accessor: 'description', title: labels.columnDescription, render: (row) => row.description ?? '' },
    { accessor: 'forms@odata.count', title: labels.columnForms, textAlign: 'right', render: (row) => row['forms@odata.count'] ?? 0 },
    {
      accessor: 'lastUpdatedDateTime',
      title: labels.columnLastChange,
      sortable: true,
      render: (row) => formatDateTime(row.lastUpdatedDateTime),
    },
    {
      accessor: 'actions',
      title: labels.rowActions,
      textAlign: 'right',
      render: (row) => (
        <ListRowActions
          onOpen={c.canOpen ? () => c.open(row.formGroupId) : undefined}
          actions={c.actions}
          target={{ id: row.formGroupId, name: row.name, etag: row['@odata.etag'] ?? null }}
          deleted={c.table.showDeleted}
          labels={labels}
        >
          {c.canEdit && (
            <Button size="compact-sm" variant="subtle" aria-label={`${labels.edit} ${row.name}`} onClick={() => c.editor.startEdit(row)}>
              {labels.edit}
            </Button>
          )}
        </ListRowActions>
      ),
    },
  ];
}

/** Renders a {@link useFormGroupList} controller. It renders only; it never fetches. */
export const FormGroupListView = factory<FormGroupListViewFactory>((_props) => {
  const props = useProps('FormGroupList', null, _props);
  const { controller: c, classNames, className, style, styles, unstyled, vars, attributes, ...others } = props;
  const getStyles = useStyles<FormGroupListViewFactory>({
    name: 'FormGroupList',
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
  const { labels } = c;
  return (
    <ListScreenPage<FormGroupListRow>
      title={labels.formGroupListTitle}
      subtitle={labels.formGroupListSubtitle}
      headerActions={c.canCreate ? <Button onClick={c.editor.startCreate}>{labels.createFormGroup}</Button> : undefined}
      rootProps={{ ...getStyles('root'), ...others }}
      dialogClassName={getStyles('dialog').className}
      table={c.table}
      result={c.result}
      columns={groupColumns(c)}
      idAccessor="formGroupId"
      actions={c.actions}
      labels={labels}
      failureMessage={labels.failedToLoadFormGroups}
      tableLabel={labels.formGroupListTitle}
      toolbarPart={getStyles('toolbar')}
      tablePart={getStyles('table')}
    >
      <FormGroupDialog editor={c.editor} labels={labels} className={getStyles('dialog').className} />
    </ListScreenPage>
  );
});
FormGroupListView.displayName = '@ccq/forms-admin/FormGroupListView';

export interface FormGroupListProps extends FormGroupListOptions, Omit<FormGroupListViewProps, 'controller'> {}

export type FormGroupListFactory = Factory<{ props: FormGroupListProps; ref: HTMLElement; stylesNames: FormGroupListStylesNames }>;

/**
 * The Form Groups screen (the Form Groups menu): every group with its description, number of forms and last change;
 * name search, sort and paging on the server; 'Create form group', 'Open', 'Edit' (rename, describe), 'Delete', and
 * under 'Show deleted' 'Restore' and 'Delete permanently' (its forms stay, in no group). Router-free: the host maps
 * `onOpenFormGroup` to its route.
 */
export const FormGroupList = factory<FormGroupListFactory>((_props) => {
  const props = useProps('FormGroupList', null, _props);
  const { onOpenFormGroup, labels, ...viewProps } = props;
  const controller = useFormGroupList({ onOpenFormGroup, labels });
  return <FormGroupListView controller={controller} {...viewProps} />;
});
FormGroupList.displayName = '@ccq/forms-admin/FormGroupList';
