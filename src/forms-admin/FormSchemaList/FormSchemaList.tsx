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
import type { FormSchema } from '../../api/types';
import type { Labels } from '../../query/labels';
import { useLabels } from '../../query/useLabels';
import { ListRowActions, ListScreenPage, formatDateTime } from '../shared/ListScreen';
import { useClaimCheck } from '../shared/access';
import { useDeleteActions, type DeleteActionsController } from '../shared/useDeleteActions';
import { useODataPage } from '../shared/useODataPage';
import { useServerTable, type ServerTable } from '../shared/useServerTable';

/** A form schema as the Form Schemas list reads it: with its form's name and its number of instances. */
export type FormSchemaListRow = FormSchema & {
  '@odata.etag'?: string;
  'formInstances@odata.count'?: number;
};

/** Options of {@link useFormSchemaList}. */
export interface FormSchemaListOptions {
  /** Called by a row's 'Open' (the host shows the schema's manager). */
  onOpenFormSchema?: (formSchemaId: string) => void;
  /** Called by 'Create form schema' (the host opens the form builder). */
  onCreateFormSchema?: () => void;
  /** Overrides of the texts, which otherwise come from the `APIProvider` labels. */
  labels?: Partial<Labels>;
}

/** What {@link useFormSchemaList} returns and {@link FormSchemaListView} renders. */
export interface FormSchemaListController {
  labels: Labels;
  table: ServerTable<FormSchemaListRow>;
  result: ReturnType<typeof useODataPage<FormSchemaListRow>>;
  actions: DeleteActionsController;
  /** 'Create form schema' shows (the CreateFormSchema button claim, and a handler). */
  canCreate: boolean;
  /** 'Open' shows (the EditFormSchema button claim, and a handler). */
  canOpen: boolean;
  create(): void;
  open(formSchemaId: string): void;
}

/**
 * The state of the Form Schemas list: one page of schemas read through OData (name search, sort and paging on the
 * server), each with its form, version, whether it is public, its number of instances and its last change;
 * 'Delete', 'Show deleted', 'Restore' and 'Delete permanently' through the shared delete actions.
 */
export function useFormSchemaList({
  onOpenFormSchema,
  onCreateFormSchema,
  labels: overrides,
}: FormSchemaListOptions = {}): FormSchemaListController {
  const labels = useLabels(overrides);
  const table = useServerTable<FormSchemaListRow>({ initialSort: { column: 'name', direction: 'asc' } });
  const query: ODataQueryOptions<FormSchemaListRow> = {
    ...table.query,
    // Only what the list shows: a schema's JSON Schema and layout can be large.
    select: ['formSchemaId', 'formId', 'name', 'version', 'isPublic', 'isDeleted', 'lastUpdatedDateTime'],
    expand: {
      form: { select: ['formId', 'name'] },
      formInstances: { select: ['formInstanceId'], top: 0, count: true },
    } as ODataQueryOptions<FormSchemaListRow>['expand'],
  };
  const result = useODataPage<FormSchemaListRow>('formschema', query);
  const actions = useDeleteActions('formschema', { labels });
  const { holds } = useClaimCheck();
  return {
    labels,
    table,
    result,
    actions,
    canCreate: Boolean(onCreateFormSchema) && holds('CreateFormSchema_AllowRead'),
    canOpen: Boolean(onOpenFormSchema) && holds('EditFormSchema_AllowRead'),
    create: () => onCreateFormSchema?.(),
    open: (formSchemaId) => onOpenFormSchema?.(formSchemaId),
  };
}

/** The inner parts of the Forms list that `classNames` / `styles` reach. */
export type FormSchemaListStylesNames = 'root' | 'toolbar' | 'table' | 'dialog';

export interface FormSchemaListViewProps extends BoxProps, StylesApiProps<FormSchemaListViewFactory> {
  /** What {@link useFormSchemaList} returned. */
  controller: FormSchemaListController;
}

export type FormSchemaListViewFactory = Factory<{ props: FormSchemaListViewProps; ref: HTMLElement; stylesNames: FormSchemaListStylesNames }>;

// Static class names (no stylesheet ships): hosts target `.ccq-FormSchemaList-table` or use `classNames`.
const classes: Record<FormSchemaListStylesNames, string> = {
  root: 'ccq-FormSchemaList-root',
  toolbar: 'ccq-FormSchemaList-toolbar',
  table: 'ccq-FormSchemaList-table',
  dialog: 'ccq-FormSchemaList-dialog',
};

/** The columns of the Form Schemas list. */
function schemaColumns(c: FormSchemaListController): DataTableColumn<FormSchemaListRow>[] {
  const { labels } = c;
  return [
    { accessor: 'name', title: labels.columnName, sortable: true },
    { accessor: 'form.name', title: labels.columnForm, render: (row) => row.form?.name ?? '' },
    { accessor: 'version', title: labels.columnVersion, sortable: true, textAlign: 'right' },
    { accessor: 'isPublic', title: labels.columnPublic, render: (row) => (row.isPublic ? labels.yes : labels.no) },
    {
      accessor: 'formInstances@odata.count',
      title: labels.columnInstances,
      textAlign: 'right',
      render: (row) => row['formInstances@odata.count'] ?? 0,
    },
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
      render: (row) => {
        const name = `${row.name} v${row.version}`;
        return (
          <ListRowActions
            onOpen={c.canOpen ? () => c.open(row.formSchemaId) : undefined}
            actions={c.actions}
            target={{ id: row.formSchemaId, name, etag: row['@odata.etag'] ?? null }}
            deleted={c.table.showDeleted}
            labels={labels}
          />
        );
      },
    },
  ];
}

/** Renders a {@link useFormSchemaList} controller. It renders only; it never fetches. */
export const FormSchemaListView = factory<FormSchemaListViewFactory>((_props) => {
  const props = useProps('FormSchemaList', null, _props);
  const { controller: c, classNames, className, style, styles, unstyled, vars, attributes, ...others } = props;
  const getStyles = useStyles<FormSchemaListViewFactory>({
    name: 'FormSchemaList',
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
    <ListScreenPage<FormSchemaListRow>
      title={labels.formSchemaListTitle}
      subtitle={labels.formSchemaListSubtitle}
      headerActions={c.canCreate ? <Button onClick={c.create}>{labels.createFormSchema}</Button> : undefined}
      rootProps={{ ...getStyles('root'), ...others }}
      dialogClassName={getStyles('dialog').className}
      table={c.table}
      result={c.result}
      columns={schemaColumns(c)}
      idAccessor="formSchemaId"
      actions={c.actions}
      labels={labels}
      failureMessage={labels.failedToLoadFormSchemas}
      tableLabel={labels.formSchemaListTitle}
      toolbarPart={getStyles('toolbar')}
      tablePart={getStyles('table')}
    />
  );
});
FormSchemaListView.displayName = '@ccq/forms-admin/FormSchemaListView';

export interface FormSchemaListProps extends FormSchemaListOptions, Omit<FormSchemaListViewProps, 'controller'> {}

export type FormSchemaListFactory = Factory<{ props: FormSchemaListProps; ref: HTMLElement; stylesNames: FormSchemaListStylesNames }>;

/**
 * The Form Schemas screen (the Form Schemas menu): every schema version with its form, version, whether it is public,
 * its number of instances and its last change; name search, sort and paging on the server; 'Create form schema',
 * 'Open', 'Delete', and under 'Show deleted' 'Restore' and 'Delete permanently'. Router-free: the host maps
 * `onOpenFormSchema` and `onCreateFormSchema` to its routes.
 */
export const FormSchemaList = factory<FormSchemaListFactory>((_props) => {
  const props = useProps('FormSchemaList', null, _props);
  const { onOpenFormSchema, onCreateFormSchema, labels, ...viewProps } = props;
  const controller = useFormSchemaList({ onOpenFormSchema, onCreateFormSchema, labels });
  return <FormSchemaListView controller={controller} {...viewProps} />;
});
FormSchemaList.displayName = '@ccq/forms-admin/FormSchemaList';
