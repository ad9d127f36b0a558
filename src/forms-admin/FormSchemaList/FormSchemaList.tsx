import { Button, factory, useProps, type BoxProps, type StylesApiProps } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import type { ODataQueryOptions } from '../../api/odata';
import type { FormSchema } from '../../api/types';
import type { Labels } from '../../query/labels';
import {
  ListScreenPage,
  countColumn,
  lastChangeColumn,
  rowActionsColumn,
  useListScreen,
  type ListScreenController,
  type ListScreenStylesNames,
} from '../shared/ListScreen';
import { screenClasses, useScreenStyles, type ScreenFactory, optionKeys, useScreenController } from '../shared/screen';

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
export interface FormSchemaListController extends ListScreenController<FormSchemaListRow> {
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
  const { holds, ...list } = useListScreen<FormSchemaListRow>('formschema', overrides, {
    // Only what the list shows: a schema's JSON Schema and layout can be large.
    select: ['formSchemaId', 'formId', 'name', 'version', 'isPublic', 'isDeleted', 'lastUpdatedDateTime'],
    expand: {
      form: { select: ['formId', 'name'] },
      formInstances: { select: ['formInstanceId'], top: 0, count: true },
    } as ODataQueryOptions<FormSchemaListRow>['expand'],
  });
  return {
    ...list,
    canCreate: Boolean(onCreateFormSchema) && holds('CreateFormSchema_AllowRead'),
    canOpen: Boolean(onOpenFormSchema) && holds('EditFormSchema_AllowRead'),
    create: () => onCreateFormSchema?.(),
    open: (formSchemaId) => onOpenFormSchema?.(formSchemaId),
  };
}

/** The inner parts of the Form Schemas list that `classNames` / `styles` reach. */
export type FormSchemaListStylesNames = ListScreenStylesNames;

/** Props of {@link FormSchemaListView}: the controller {@link useFormSchemaList} returned, with Mantine's box and Styles API props. */
export interface FormSchemaListViewProps extends BoxProps, StylesApiProps<FormSchemaListViewFactory> {
  /** What {@link useFormSchemaList} returned. */
  controller: FormSchemaListController;
}

/** Mantine's factory type of {@link FormSchemaListView}: its props, root element and part names, for the Styles API's typing. */
export type FormSchemaListViewFactory = ScreenFactory<FormSchemaListViewProps, FormSchemaListStylesNames>;

const classes = screenClasses<FormSchemaListStylesNames>('FormSchemaList', ['root', 'toolbar', 'table', 'dialog']);

/** The columns of the Form Schemas list. */
function schemaColumns(c: FormSchemaListController): DataTableColumn<FormSchemaListRow>[] {
  const { labels } = c;
  return [
    { accessor: 'name', title: labels.columnName, sortable: true },
    { accessor: 'form.name', title: labels.columnForm, render: (row) => row.form?.name ?? '' },
    { accessor: 'version', title: labels.columnVersion, sortable: true, textAlign: 'right' },
    { accessor: 'isPublic', title: labels.columnPublic, render: (row) => (row.isPublic ? labels.yes : labels.no) },
    countColumn<FormSchemaListRow>('formInstances@odata.count', labels.columnInstances),
    lastChangeColumn<FormSchemaListRow>(labels),
    rowActionsColumn(c, (row) => ({ id: row.formSchemaId, name: `${row.name} v${row.version}` }), {
      open: c.canOpen ? (row) => c.open(row.formSchemaId) : undefined,
    }),
  ];
}

/** Renders a {@link useFormSchemaList} controller. It renders only; it never fetches. */
export const FormSchemaListView = factory<FormSchemaListViewFactory>((_props) => {
  const props = useProps('FormSchemaList', null, _props);
  const { getStyles, others } = useScreenStyles<FormSchemaListViewFactory>('FormSchemaList', classes, props);
  const { controller: c, ...boxProps } = others;
  const { labels } = c;
  return (
    <ListScreenPage<FormSchemaListRow>
      title={labels.formSchemaListTitle}
      subtitle={labels.formSchemaListSubtitle}
      headerActions={c.canCreate ? <Button onClick={c.create}>{labels.createFormSchema}</Button> : undefined}
      getStyles={getStyles}
      boxProps={boxProps}
      controller={c}
      columns={schemaColumns(c)}
      idAccessor="formSchemaId"
      failureMessage={labels.failedToLoadFormSchemas}
      emptyText={labels.noFormSchemasYet}
      tableLabel={labels.formSchemaListTitle}
    />
  );
});
FormSchemaListView.displayName = '@ccq/forms-admin/FormSchemaListView';

/** Props of {@link FormSchemaList}: the options of {@link useFormSchemaList} and the props of {@link FormSchemaListView} but its controller. */
export interface FormSchemaListProps extends FormSchemaListOptions, Omit<FormSchemaListViewProps, 'controller'> {}

/** Mantine's factory type of {@link FormSchemaList}: its props, root element and part names, for the Styles API's typing. */
export type FormSchemaListFactory = ScreenFactory<FormSchemaListProps, FormSchemaListStylesNames>;

/** The props of {@link FormSchemaList} its controller hook reads. */
const FORM_SCHEMA_LIST_OPTIONS = optionKeys<FormSchemaListOptions>()('onOpenFormSchema', 'onCreateFormSchema', 'labels');

/**
 * The Form Schemas screen (the Form Schemas menu): every schema version with its form, version, whether it is public,
 * its number of instances and its last change; name search, sort and paging on the server; 'Create form schema',
 * 'Open', 'Delete', and under 'Show deleted' 'Restore' and 'Delete permanently'. Router-free: the host maps
 * `onOpenFormSchema` and `onCreateFormSchema` to its routes.
 */
export const FormSchemaList = factory<FormSchemaListFactory>((props) => {
  const { controller, viewProps } = useScreenController('FormSchemaList', props, FORM_SCHEMA_LIST_OPTIONS, useFormSchemaList);
  return <FormSchemaListView controller={controller} {...viewProps} />;
});
FormSchemaList.displayName = '@ccq/forms-admin/FormSchemaList';
