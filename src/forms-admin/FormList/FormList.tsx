import { Button, Group, factory, useProps, type BoxProps, type StylesApiProps } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import type { ODataQueryOptions } from '../../api/odata';
import type { Form, FormGroup, FormSchema } from '../../api/types';
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

/** A form as the Forms list reads it: with its group's name, its current version and its number of instances. */
export type FormListRow = Form & {
  '@odata.etag'?: string;
  formGroup?: Pick<FormGroup, 'formGroupId' | 'name'> | null;
  currentFormSchema?: Pick<FormSchema, 'formSchemaId' | 'version' | 'isPublic'> | null;
  'formInstances@odata.count'?: number;
};

/** Options of {@link useFormList}. */
export interface FormListOptions {
  /** Called by a row's 'Open' (the host shows the form's manager). */
  onOpenForm?: (formId: string) => void;
  /** Called by 'Create form' (the host opens the form builder). */
  onCreateForm?: () => void;
  /** Called by 'Import a PDF form' (the host opens `PdfFormImport`); shown with CreateForm and FormGenerator_UploadPdf. */
  onImportPdf?: () => void;
  /** Overrides of the texts, which otherwise come from the `APIProvider` labels. */
  labels?: Partial<Labels>;
}

/** What {@link useFormList} returns and {@link FormListView} renders. */
export interface FormListController extends ListScreenController<FormListRow> {
  /** 'Create form' shows (the CreateForm button claim, and a handler). */
  canCreate: boolean;
  /** 'Open' shows (the EditForm button claim, and a handler). */
  canOpen: boolean;
  /** 'Import a PDF form' shows (the CreateForm button claim, the upload's server claim, and a handler). */
  canImportPdf: boolean;
  create(): void;
  importPdf(): void;
  open(formId: string): void;
}

/**
 * The state of the Forms list: one page of forms read through OData (name search, sort and paging on the server),
 * with their group, current version, whether it is public and their number of instances; 'Delete', 'Show deleted',
 * 'Restore' and 'Delete permanently' through the shared delete actions.
 */
export function useFormList({ onOpenForm, onCreateForm, onImportPdf, labels: overrides }: FormListOptions = {}): FormListController {
  const { holds, ...list } = useListScreen<FormListRow>('form', overrides, {
    // Only what the list shows: a form's PDF template can be large.
    select: ['formId', 'name', 'formGroupId', 'currentFormSchemaId', 'isDeleted', 'lastUpdatedDateTime'],
    expand: {
      formGroup: { select: ['formGroupId', 'name'] },
      currentFormSchema: { select: ['formSchemaId', 'version', 'isPublic'] },
      formInstances: { select: ['formInstanceId'], top: 0, count: true },
    } as ODataQueryOptions<FormListRow>['expand'],
  });
  return {
    ...list,
    canCreate: Boolean(onCreateForm) && holds('CreateForm_AllowRead'),
    canOpen: Boolean(onOpenForm) && holds('EditForm_AllowRead'),
    canImportPdf: Boolean(onImportPdf) && holds('CreateForm_AllowRead', 'FormGenerator_UploadPdf'),
    create: () => onCreateForm?.(),
    importPdf: () => onImportPdf?.(),
    open: (formId) => onOpenForm?.(formId),
  };
}

/** The inner parts of the Forms list that `classNames` / `styles` reach. */
export type FormListStylesNames = ListScreenStylesNames;

/** Props of {@link FormListView}: the controller {@link useFormList} returned, with Mantine's box and Styles API props. */
export interface FormListViewProps extends BoxProps, StylesApiProps<FormListViewFactory> {
  /** What {@link useFormList} returned. */
  controller: FormListController;
}

/** Mantine's factory type of {@link FormListView}: its props, root element and part names, for the Styles API's typing. */
export type FormListViewFactory = ScreenFactory<FormListViewProps, FormListStylesNames>;

const classes = screenClasses<FormListStylesNames>('FormList', ['root', 'toolbar', 'table', 'dialog']);

/** The columns of the Forms list. */
function formColumns(c: FormListController): DataTableColumn<FormListRow>[] {
  const { labels } = c;
  return [
    { accessor: 'name', title: labels.columnName, sortable: true },
    { accessor: 'formGroup.name', title: labels.columnGroup, render: (row) => row.formGroup?.name ?? labels.fmNoGroup },
    {
      accessor: 'currentFormSchema.version',
      title: labels.columnCurrentVersion,
      textAlign: 'right',
      render: (row) => row.currentFormSchema?.version ?? '',
    },
    {
      accessor: 'currentFormSchema.isPublic',
      title: labels.columnPublic,
      render: (row) => (row.currentFormSchema ? (row.currentFormSchema.isPublic ? labels.yes : labels.no) : ''),
    },
    countColumn<FormListRow>('formInstances@odata.count', labels.columnInstances),
    lastChangeColumn<FormListRow>(labels),
    rowActionsColumn(c, (row) => ({ id: row.formId, name: row.name }), { open: c.canOpen ? (row) => c.open(row.formId) : undefined }),
  ];
}

/** Renders a {@link useFormList} controller. It renders only; it never fetches. */
export const FormListView = factory<FormListViewFactory>((_props) => {
  const props = useProps('FormList', null, _props);
  const { getStyles, others } = useScreenStyles<FormListViewFactory>('FormList', classes, props);
  const { controller: c, ...boxProps } = others;
  const { labels } = c;
  return (
    <ListScreenPage<FormListRow>
      title={labels.formListTitle}
      subtitle={labels.formListSubtitle}
      headerActions={
        c.canCreate || c.canImportPdf ? (
          <Group gap="xs">
            {c.canImportPdf && (
              <Button variant="default" onClick={c.importPdf}>
                {labels.piTitle}
              </Button>
            )}
            {c.canCreate && <Button onClick={c.create}>{labels.createForm}</Button>}
          </Group>
        ) : undefined
      }
      getStyles={getStyles}
      boxProps={boxProps}
      controller={c}
      columns={formColumns(c)}
      idAccessor="formId"
      failureMessage={labels.failedToLoadForms}
      emptyText={labels.noFormsYet}
      tableLabel={labels.formListTitle}
    />
  );
});
FormListView.displayName = '@ccq/forms-admin/FormListView';

/** Props of {@link FormList}: the options of {@link useFormList} and the props of {@link FormListView} but its controller. */
export interface FormListProps extends FormListOptions, Omit<FormListViewProps, 'controller'> {}

/** Mantine's factory type of {@link FormList}: its props, root element and part names, for the Styles API's typing. */
export type FormListFactory = ScreenFactory<FormListProps, FormListStylesNames>;

/** The props of {@link FormList} its controller hook reads. */
const FORM_LIST_OPTIONS = optionKeys<FormListOptions>()('onOpenForm', 'onCreateForm', 'onImportPdf', 'labels');

/**
 * The Forms screen (the Forms menu): every form with its group, current version, whether it is public, its number
 * of instances and its last change; name search, sort and paging on the server; 'Create form', 'Open', 'Delete',
 * and under 'Show deleted' 'Restore' and 'Delete permanently'. Router-free: the host maps `onOpenForm` and
 * `onCreateForm` to its routes.
 */
export const FormList = factory<FormListFactory>((props) => {
  const { controller, viewProps } = useScreenController('FormList', props, FORM_LIST_OPTIONS, useFormList);
  return <FormListView controller={controller} {...viewProps} />;
});
FormList.displayName = '@ccq/forms-admin/FormList';
