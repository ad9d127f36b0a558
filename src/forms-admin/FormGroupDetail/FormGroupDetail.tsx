import {
  Alert,
  Button,
  Group,
  Select,
  Stack,
  Text,
  Title,
  factory,
  useProps,
  type BoxProps,
  type StylesApiProps,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import * as odata from '../../api/odata';
import { typedSearchTerms } from '../../domain/search-words';
import type { ODataQueryOptions } from '../../api/odata';
import type { Form, FormGroup, FormSchema } from '../../api/types';
import { useApi } from '../../query/APIProvider';
import { entityKeys } from '../../query/keys';
import { fillLabel, type Labels } from '../../query/labels';
import { useCrudMutation } from '../../query/mutations';
import { entityQueries } from '../../query/queries';
import { useLabels } from '../../query/useLabels';
import { EmptyState } from '../../ui/EmptyState';
import { NothingFound } from '../../ui/NothingFound';
import { FormGroupDialog, useFormGroupEditor, type FormGroupEditor } from '../FormGroupList/FormGroupDialog';
import { saveClaimOf, useClaimCheck } from '../shared/access';
import { DeleteConfirmDialog, RowDeleteActions } from '../shared/DeleteActions';
import { ListScreenBody, lastChangeColumn } from '../shared/ListScreen';
import { toast } from '../shared/toast';
import { useDeleteActions, type DeleteActionsController } from '../shared/useDeleteActions';
import { useODataPage } from '../shared/useODataPage';
import { SEARCH_DEBOUNCE_MS, useServerTable, type ServerTable } from '../shared/useServerTable';
import { idDiffers, idEquals } from '../shared/ids';
import { backButton, ScreenPage, ScreenReadPage, screenClasses, useScreenStyles, type ScreenFactory, optionKeys, useScreenController } from '../shared/screen';

/** A form of the group as the detail reads it. */
export type FormGroupFormRow = Form & {
  '@odata.etag'?: string;
  currentFormSchema?: Pick<FormSchema, 'formSchemaId' | 'version'> | null;
};

/** A form offered by 'Add a form': with the group it is in now, if any. */
type CandidateRow = Form & { '@odata.etag'?: string; formGroup?: Pick<FormGroup, 'name'> | null };

/** How many forms 'Add a form' offers per search. */
const CANDIDATES = 20;

/** Options of {@link useFormGroupDetail}. */
export interface FormGroupDetailOptions {
  /** The group shown. */
  formGroupId: string;
  /** Called by a form's 'Open' (the host shows the form's manager). */
  onOpenForm?: (formId: string) => void;
  /** Called after the group was deleted or deleted permanently (the host goes back to the list). */
  onDeleted?: () => void;
  /**
   * 'Back to Form Groups': the host shows its list of groups. Shown on the group's page and on its loading, failed and
   * not-found pages; without it the page offers no way back of its own.
   */
  onBack?: () => void;
  /** Overrides of the texts, which otherwise come from the `APIProvider` labels. */
  labels?: Partial<Labels>;
}

/** What {@link useFormGroupDetail} returns and {@link FormGroupDetailView} renders. */
export interface FormGroupDetailController {
  labels: Labels;
  group: { status: 'loading' | 'error' | 'missing' | 'ready'; data: (FormGroup & { '@odata.etag'?: string }) | null; retry(): void; retrying: boolean };
  table: ServerTable<FormGroupFormRow>;
  forms: ReturnType<typeof useODataPage<FormGroupFormRow>>;
  groupActions: DeleteActionsController;
  editor: FormGroupEditor;
  /** 'Edit' shows (the EditFormGroup button claim and `FormGroup_Update`). */
  canEdit: boolean;
  /** 'Add a form' and 'Remove from group' show (the EditFormGroup button claim and `Form_Update`). */
  canChangeForms: boolean;
  canOpenForm: boolean;
  openForm(formId: string): void;
  /** 'Back to Form Groups', when the host gave `onBack`. */
  back?: () => void;
  /** 'Add a form': the search typed, the forms it found, the one picked. */
  candidates: {
    search: string;
    setSearch(text: string): void;
    options: { value: string; label: string }[];
    /** The options are not yet those of the typed text (it has not rested, or its read is on its way). */
    busy: boolean;
    picked: string | null;
    pick(formId: string | null): void;
    add(): void;
  };
  remove(form: FormGroupFormRow): void;
  /** The form being added or removed, if any. */
  changingId: string | null;
}

/**
 * The state of one form group: the group (rename, describe, delete), its forms (paged, sorted and searched on the
 * server) and adding and removing forms. A form is in at most one group: adding a form of another group moves it;
 * removing leaves it in no group. Deleting the group never deletes its forms.
 */
export function useFormGroupDetail({ formGroupId, onOpenForm, onDeleted, onBack, labels: overrides }: FormGroupDetailOptions): FormGroupDetailController {
  const labels = useLabels(overrides);
  const { client } = useApi();
  const queryClient = useQueryClient();
  const { holds } = useClaimCheck();
  // A soft-deleted group is read too (for those who may restore it): OData leaves soft-deleted rows out unless the
  // filter names `isDeleted`.
  const byId = odata.and<FormGroup>(
    idEquals<FormGroup>('formGroupId', formGroupId),
    odata.or(odata.eq('isDeleted', false), odata.eq('isDeleted', true)),
  );
  const groupRead = useQuery(entityQueries.formGroup(client, { filter: byId }));
  const group = groupRead.data ?? null;

  const table = useServerTable<FormGroupFormRow>({
    initialSort: { column: 'name', direction: 'asc' },
    baseFilter: idEquals<FormGroupFormRow>('formGroupId', formGroupId),
  });
  const forms = useODataPage<FormGroupFormRow>('form', {
    ...table.query,
    select: ['formId', 'name', 'formGroupId', 'currentFormSchemaId', 'isDeleted', 'lastUpdatedDateTime'],
    expand: { currentFormSchema: { select: ['formSchemaId', 'version'] } } as ODataQueryOptions<FormGroupFormRow>['expand'],
  });
  const groupActions = useDeleteActions('formgroup', {
    labels,
    onDone: (action) => {
      if (action !== 'restore') onDeleted?.();
    },
  });
  const editor = useFormGroupEditor(labels);

  // 'Add a form': forms outside this group whose name contains every typed word (or quoted phrase).
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<{ row: CandidateRow; label: string } | null>(null);
  // Picking an option writes its label into the search box: that is not a new search.
  const typed = picked && search === picked.label ? '' : search;
  const [debounced] = useDebouncedValue(typed.trim().toLowerCase(), SEARCH_DEBOUNCE_MS);
  const canChangeForms = holds('EditFormGroup_AllowRead', saveClaimOf('form', 'patch'));
  const candidateQuery: ODataQueryOptions<CandidateRow> = {
    filter: odata.and<CandidateRow>(
      odata.eq('isDeleted', false),
      odata.or(odata.eq('formGroupId', null), idDiffers<CandidateRow>('formGroupId', formGroupId)),
      ...typedSearchTerms(debounced).map((term) => odata.contains<CandidateRow>(odata.tolower('name'), term.toLowerCase())),
    ),
    select: ['formId', 'name'],
    orderBy: [['name', 'asc']],
    top: CANDIDATES,
    expand: { formGroup: { select: ['name'] } } as ODataQueryOptions<CandidateRow>['expand'],
  };
  const candidates = useODataPage<CandidateRow>('form', candidateQuery, canChangeForms);
  const candidateRows = candidates.data?.value ?? [];
  const candidateLabel = (row: CandidateRow) =>
    row.formGroup?.name ? fillLabel(labels.inOtherGroup, { name: row.name, group: row.formGroup.name }) : row.name;

  const move = useCrudMutation('form');
  const groupName = group?.name ?? '';
  const changeGroup = (form: { formId: string; name: string; etag?: string | null }, to: string | null) => {
    move.mutate(
      {
        action: 'patch',
        entity: { formId: form.formId, formGroupId: to, ...(form.etag ? { '@odata.etag': form.etag } : {}) } as Partial<Form>,
      },
      {
        onSuccess: async () => {
          // The forms lists are refetched by the mutation; the groups' form counts change too.
          await queryClient.invalidateQueries({ queryKey: entityKeys.entity('formgroup') });
          toast.success(fillLabel(to ? labels.formAddedToGroupToast : labels.formRemovedFromGroupToast, { name: form.name, group: groupName }), labels);
          if (to) {
            setPicked(null);
            setSearch('');
          }
        },
        onError: (error) => toast.failure(fillLabel(labels.formGroupChangeFailed, { group: groupName }), error, labels),
      },
    );
  };

  const changing = move.isPending ? move.variables : undefined;
  return {
    labels,
    group: {
      status: groupRead.isPending ? 'loading' : groupRead.isError ? 'error' : group ? 'ready' : 'missing',
      data: group,
      retry: () => void groupRead.refetch(),
      retrying: groupRead.isFetching,
    },
    table,
    forms,
    groupActions,
    editor,
    canEdit: holds('EditFormGroup_AllowRead', saveClaimOf('formgroup', 'patch')),
    canChangeForms,
    canOpenForm: Boolean(onOpenForm) && holds('EditForm_AllowRead'),
    openForm: (formId) => onOpenForm?.(formId),
    back: onBack,
    candidates: {
      search,
      setSearch,
      busy: canChangeForms && (typed.trim().toLowerCase() !== debounced || candidates.isPlaceholderData || candidates.isPending),
      options: [
        ...(picked && !candidateRows.some((row) => row.formId === picked.row.formId) ? [picked.row] : []),
        ...candidateRows,
      ].map((row) => ({ value: row.formId, label: candidateLabel(row) })),
      picked: picked?.row.formId ?? null,
      pick: (formId) => {
        const row = candidateRows.find((r) => r.formId === formId) ?? (picked?.row.formId === formId ? picked.row : undefined);
        setPicked(row ? { row, label: candidateLabel(row) } : null);
      },
      add: () => {
        const row = picked?.row;
        if (row && !move.isPending) changeGroup({ formId: row.formId, name: row.name, etag: row['@odata.etag'] ?? null }, formGroupId);
      },
    },
    remove: (form) => {
      if (!move.isPending) changeGroup({ formId: form.formId, name: form.name, etag: form['@odata.etag'] ?? null }, null);
    },
    changingId: changing && 'entity' in changing ? String(changing.entity.formId) : null,
  };
}

/** The inner parts of the form group detail that `classNames` / `styles` reach. */
export type FormGroupDetailStylesNames = 'root' | 'addForm' | 'toolbar' | 'table' | 'dialog';

/** Props of {@link FormGroupDetailView}: the controller {@link useFormGroupDetail} returned, with Mantine's box and Styles API props. */
export interface FormGroupDetailViewProps extends BoxProps, StylesApiProps<FormGroupDetailViewFactory> {
  /** What {@link useFormGroupDetail} returned. */
  controller: FormGroupDetailController;
}

/** Mantine's factory type of {@link FormGroupDetailView}: its props, root element and part names, for the Styles API's typing. */
export type FormGroupDetailViewFactory = ScreenFactory<FormGroupDetailViewProps, FormGroupDetailStylesNames>;

const classes = screenClasses<FormGroupDetailStylesNames>('FormGroupDetail', ['root', 'addForm', 'toolbar', 'table', 'dialog']);

function formColumns(c: FormGroupDetailController): DataTableColumn<FormGroupFormRow>[] {
  const { labels } = c;
  return [
    { accessor: 'name', title: labels.columnName, sortable: true },
    {
      accessor: 'currentFormSchema.version',
      title: labels.columnCurrentVersion,
      textAlign: 'right',
      render: (row) => row.currentFormSchema?.version ?? '',
    },
    lastChangeColumn<FormGroupFormRow>(labels),
    {
      accessor: 'actions',
      title: labels.rowActions,
      textAlign: 'right',
      render: (row) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {c.canOpenForm && (
            <Button size="compact-sm" variant="subtle" aria-label={fillLabel(labels.labelFor, { label: labels.open, name: row.name })} onClick={() => c.openForm(row.formId)}>
              {labels.open}
            </Button>
          )}
          {c.canChangeForms && !c.group.data?.isDeleted && (
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              aria-label={fillLabel(labels.labelFor, { label: labels.removeFromGroup, name: row.name })}
              loading={c.changingId === row.formId}
              disabled={c.changingId !== null && c.changingId !== row.formId}
              onClick={() => c.remove(row)}
            >
              {labels.removeFromGroup}
            </Button>
          )}
        </Group>
      ),
    },
  ];
}

/** Renders a {@link useFormGroupDetail} controller. It renders only; it never fetches. */
export const FormGroupDetailView = factory<FormGroupDetailViewFactory>((_props) => {
  const props = useProps('FormGroupDetail', null, _props);
  const { getStyles, others: viewProps } = useScreenStyles<FormGroupDetailViewFactory>('FormGroupDetail', classes, props);
  const { controller: c, ...others } = viewProps;
  const { labels, group } = c;
  const data = group.data;
  const dialogClass = getStyles('dialog').className;

  const back = backButton(c.back, labels.backToFormGroups);

  if (group.status !== 'ready' || !data)
    return (
      <ScreenReadPage
        labels={labels}
        title={labels.formGroupListTitle}
        actions={back}
        read={{ isLoading: group.status === 'loading', isError: group.status === 'error', retry: group.retry, retrying: group.retrying }}
        failed={labels.failedToLoadFormGroup}
        notFound={<EmptyState message={labels.formGroupNotFound} />}
        {...getStyles('root')}
        {...others}
      />
    );

  return (
    <ScreenPage
      labels={labels}
      title={data.name}
      subtitle={data.description ?? undefined}
      actions={
        <Group gap="xs">
          {back}
          {c.canEdit && !data.isDeleted && (
            <Button variant="default" onClick={() => c.editor.startEdit(data)}>
              {labels.edit}
            </Button>
          )}
          <RowDeleteActions
            controller={c.groupActions}
            target={{ id: data.formGroupId, name: data.name, etag: data['@odata.etag'] ?? null }}
            deleted={data.isDeleted}
            labels={labels}
          />
        </Group>
      }
      {...getStyles('root')}
      {...others}
    >
      <Stack gap="lg">
        {data.isDeleted && (
          // Opened by URL or from 'Show deleted': say so, or the group looks live.
          <Alert variant="default" role="status">
            {labels.formGroupDeletedNotice}
          </Alert>
        )}
        {c.canChangeForms && !data.isDeleted && (
          <Stack gap={4} {...getStyles('addForm')}>
            <Group align="flex-end" gap="sm">
              <Select
                label={labels.addFormToGroup}
                placeholder={labels.addFormToGroupPlaceholder}
                searchable
                clearable
                searchValue={c.candidates.search}
                onSearchChange={c.candidates.setSearch}
                data={c.candidates.options}
                value={c.candidates.picked}
                onChange={c.candidates.pick}
                filter={({ options }) => options}
                // Held back while the typed text's forms are on their way: no answer yet is not 'nothing found'.
                nothingFoundMessage={c.candidates.busy ? undefined : <NothingFound>{labels.noRecordsFound}</NothingFound>}
                w={{ base: '100%', sm: 360 }}
              />
              <Button onClick={c.candidates.add} disabled={!c.candidates.picked} loading={c.changingId === c.candidates.picked && c.changingId !== null}>
                {labels.addToGroup}
              </Button>
            </Group>
            <Text size="sm">
              {labels.addFormToGroupHint}
            </Text>
          </Stack>
        )}
        <Stack gap="xs">
          <Title order={2} size="h4">
            {labels.formsInGroup}
          </Title>
          <ListScreenBody<FormGroupFormRow>
            table={c.table}
            result={c.forms}
            columns={formColumns(c)}
            idAccessor="formId"
            labels={labels}
            failureMessage={labels.failedToLoadForms}
            tableLabel={labels.formsInGroup}
            emptyText={labels.noFormsInGroup}
            toolbarPart={getStyles('toolbar')}
            tablePart={getStyles('table')}
          />
        </Stack>
      </Stack>
      <DeleteConfirmDialog controller={c.groupActions} labels={labels} className={dialogClass} />
      <FormGroupDialog editor={c.editor} labels={labels} className={dialogClass} />
    </ScreenPage>
  );
});
FormGroupDetailView.displayName = '@ccq/forms-admin/FormGroupDetailView';

/** Props of {@link FormGroupDetail}: the options of {@link useFormGroupDetail} and the props of {@link FormGroupDetailView} but its controller. */
export interface FormGroupDetailProps extends FormGroupDetailOptions, Omit<FormGroupDetailViewProps, 'controller'> {}

/** Mantine's factory type of {@link FormGroupDetail}: its props, root element and part names, for the Styles API's typing. */
export type FormGroupDetailFactory = ScreenFactory<FormGroupDetailProps, FormGroupDetailStylesNames>;

/** The props of {@link FormGroupDetail} its controller hook reads. */
const FORM_GROUP_DETAIL_OPTIONS = optionKeys<FormGroupDetailOptions>()('formGroupId', 'onOpenForm', 'onDeleted', 'onBack', 'labels');

/**
 * One form group: rename and describe it, add forms to it and remove them (a form is in at most one group), open a
 * form, and delete the group ('Delete', and for a deleted group 'Restore' and 'Delete permanently'; its forms are
 * never deleted). Router-free: the host passes `formGroupId` and maps `onOpenForm`, `onDeleted` and `onBack` to its routes.
 */
export const FormGroupDetail = factory<FormGroupDetailFactory>((props) => {
  const { controller, viewProps } = useScreenController('FormGroupDetail', props, FORM_GROUP_DETAIL_OPTIONS, useFormGroupDetail);
  return <FormGroupDetailView controller={controller} {...viewProps} />;
});
FormGroupDetail.displayName = '@ccq/forms-admin/FormGroupDetail';
