import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiClientOver, type ApiClient } from '../../api/client';
import * as odata from '../../api/odata';
import type { ODataQueryOptions, ODataResult } from '../../api/odata';
import type { InstanceSummaryQuery } from '../../api/areas/forms';
import type { Form, FormGroup, FormInstance, FormSchema, SignatureRequest, SigningEnvelope } from '../../api/types';
import type { FormLayout } from '../../contract/types';
import { EnvelopeStatus } from '../../api/enums';
import { isDomainError } from '../../domain/errors';
import { checkNoOpenEnvelope, maySigningAction } from '../../domain/signing';
import type { SuggestedSigner } from '../../domain/signing/signer-suggestion';
import { envelopeStatusName } from '../../labels/envelope-status-labels';
import { useMyClaims } from '../../permissions/useMyClaims';
import type { ApiProviderState } from '../../query/api-context';
import { useApi } from '../../query/APIProvider';
import { entityKeys } from '../../query/keys';
import { fillLabel, type Labels } from '../../query/labels';
import { useDuplicateInstance, useMarkCompleted, useRequestSignature } from '../../query/mutations';
import { useLabels } from '../../query/useLabels';
import { useLocale } from '../../query/useLocale';
import { fillCount, fillNumbers } from '../../labels/format';
import { useClaimCheck } from '../shared/access';
import { editLinkBlock, useInstanceLinks } from '../shared/instance-links';
import { toast } from '../shared/toast';
import { ALSO_CHANGES, useDeleteActions, type DeleteActionsController, type DeleteTarget } from '../shared/useDeleteActions';
import { LIST_PAGE_SIZES, type TableSortStatus } from '../shared/useServerTable';
import { useSuggestedSigner } from '../SigningList/useSuggestedSigner';
import { saveDownload } from './download';
import { useInstanceExport, type InstanceExportController } from './useInstanceExport';
import { instanceQuery, markCompletedBlock, NO_INSTANCE_FILTERS, type FormInstanceFilters } from './instance-filter';
import { answerFieldsOf, answerFilterOptions, readAnswerColumns, writeAnswerColumns, type AnswerField } from './answer-columns';
import { INSTANCE_CSV_SORTABLE } from '../../domain/forms/export-source';

/** A form instance as the list reads it: with its form's name and group, and its schema's version. */
export type FormInstanceListRow = FormInstance & {
  '@odata.etag'?: string;
  form?: Pick<Form, 'formId' | 'name' | 'formGroupId'> | null;
  formSchema?: Pick<FormSchema, 'formSchemaId' | 'version'> | null;
};

/** The columns the list sorts by on the server: the instance's own, or an answer by its OData path (`data/applicant/name`). */
export type FormInstanceSortColumn = 'createdDateTime' | 'lastUpdatedDateTime' | 'status' | `data/${string}`;

/**
 * What a person sets in the list, all of which a host may keep (e.g. in its URL, so a reload or a shared link keeps
 * it): the filters (the search words and the answer filters with them), the 'Show deleted' view, the page, the page
 * size and the order.
 */
export interface FormInstanceListState {
  filters: FormInstanceFilters;
  showDeleted: boolean;
  /** The page shown, from 1. */
  page: number;
  pageSize: number;
  sort: { column: FormInstanceSortColumn; direction: 'asc' | 'desc' };
  /** The tab shown once one form is chosen: its instances (the default) or the summary of their answers. */
  view?: 'instances' | 'summary';
}

/** The list's state before the person changes anything: every live instance, the latest changed first. */
export const INITIAL_INSTANCE_LIST_STATE: FormInstanceListState = {
  filters: NO_INSTANCE_FILTERS,
  showDeleted: false,
  page: 1,
  pageSize: LIST_PAGE_SIZES[0],
  sort: { column: 'lastUpdatedDateTime', direction: 'desc' },
};

/**
 * How long typing in 'Text in the answers' rests, from the last key, before the list asks the server (ms). The goal is
 * results within 150 ms of the last key, so the wait leaves ~50 ms for the search read and the paint; shorter than the
 * name searches' SEARCH_DEBOUNCE_MS (250 ms). The search box keeps the keys and waits (a key draws the box alone),
 * then gives the rested text to `setFilters`, and the list reads it in its next render. Keys typed closer together than this
 * still make one read, and a read whose text is already out of date is aborted, so typing fast never queues reads on
 * the server.
 */
export const INSTANCE_SEARCH_DEBOUNCE_MS = 100;

/** The order the list asks for: an order by an answer holds only while that answer is one of the known fields. */
function listSort(state: FormInstanceListState, answerFields: readonly AnswerField[]): FormInstanceListState['sort'] {
  const byAnswer = String(state.sort.column).startsWith('data/');
  return byAnswer && !answerFields.some((f) => f.odataPath === state.sort.column) ? INITIAL_INSTANCE_LIST_STATE.sort : state.sort;
}

/**
 * The query of the page the list shows (its key and read): one place for the screen and for a host that asks for the
 * page before the screen renders ({@link prefetchFormInstanceList}), so both name the same cache entry.
 */
function listPageQuery(client: ApiClient, state: FormInstanceListState, answerFields: readonly AnswerField[], shownAnswers: readonly AnswerField[]) {
  const sort = listSort(state, answerFields);
  const query: ODataQueryOptions<FormInstanceListRow> = {
    ...(instanceQuery(state.filters, state.showDeleted, answerFields) as ODataQueryOptions<FormInstanceListRow>),
    orderBy: [[sort.column, sort.direction]] as ODataQueryOptions<FormInstanceListRow>['orderBy'],
    top: state.pageSize,
    skip: (state.page - 1) * state.pageSize,
    count: true,
    // The answers stay on the server unless answer columns are shown. The instance row carries its latest envelope and
    // that envelope's status (both backends keep them), so the signature column costs no further request.
    select: [
      'formInstanceId',
      'formSchemaId',
      'formId',
      'status',
      'isDeleted',
      'createdDateTime',
      'lastUpdatedDateTime',
      'envelopeId',
      'envelopeStatus',
      ...(shownAnswers.length > 0 ? (['data'] as const) : []),
    ],
    expand: {
      form: { select: ['formId', 'name', 'formGroupId'] },
      formSchema: { select: ['formSchemaId', 'version'] },
    } as ODataQueryOptions<FormInstanceListRow>['expand'],
  };
  return {
    queryKey: entityKeys.list('forminstance', odata.buildQuery(query)),
    queryFn: async ({ signal }: { signal: AbortSignal }) =>
      ((await client.odata.formInstances.list(query as ODataQueryOptions<FormInstance>, { signal })) ?? { value: [] }) as ODataResult<FormInstanceListRow>,
  };
}

/**
 * The other reads the list shows with its page: the forms and the groups its filters offer, and the ids of the forms
 * made from a PDF (whose rows offer 'Download filled PDF'). One place for the screen and {@link prefetchFormInstanceList}.
 */
function filterQueries(client: ApiClient) {
  const formsQuery: ODataQueryOptions<Form> = { filter: odata.eq<Form>('isDeleted', false), select: ['formId', 'name'], orderBy: [['name', 'asc']], top: 1000 };
  const groupsQuery: ODataQueryOptions<FormGroup> = { filter: odata.eq<FormGroup>('isDeleted', false), select: ['formGroupId', 'name'], orderBy: [['name', 'asc']], top: 1000 };
  const pdfFormsQuery: ODataQueryOptions<Form> = { filter: 'isDeleted eq false and pdfTemplate/fileName ne null', select: ['formId'], top: 1000 };
  return {
    forms: {
      queryKey: entityKeys.list('form', odata.buildQuery(formsQuery)),
      queryFn: async ({ signal }: { signal: AbortSignal }): Promise<Pick<Form, 'formId' | 'name'>[]> => (await client.odata.forms.list(formsQuery, { signal }))?.value ?? [],
    },
    groups: {
      queryKey: entityKeys.list('formgroup', odata.buildQuery(groupsQuery)),
      queryFn: async ({ signal }: { signal: AbortSignal }): Promise<Pick<FormGroup, 'formGroupId' | 'name'>[]> =>
        (await client.odata.formGroups.list(groupsQuery, { signal }))?.value ?? [],
    },
    pdfForms: {
      queryKey: entityKeys.list('form', odata.buildQuery(pdfFormsQuery)),
      queryFn: async ({ signal }: { signal: AbortSignal }) =>
        new Set(((await client.odata.forms.list(pdfFormsQuery, { signal }))?.value ?? []).map((f) => f.formId.toLowerCase())),
    },
  };
}

/**
 * Starts reading the page {@link FormInstanceList} will show for `state` into the query cache of `api` (the value of
 * `ApiContext`), so a host can ask for it as its route is entered, beside its sign-in and admin checks, rather than
 * once the screen renders. The screen then takes the read in flight or its answer. Nothing is read when the page
 * depends on the chosen form's fields (an order or a filter by an answer, answer columns, or a chosen form whose
 * columns the host does not give: the person's kept ones). The server checks the read as any other: without access
 * it refuses, and the cache holds only that refusal.
 *
 * @param api - What the host's `APIProvider` holds (`useContext(ApiContext)`).
 * @param state - The list's state, as given to `FormInstanceList`'s `state` (its start when omitted).
 * @param answerColumns - The answer columns, as given to `FormInstanceList`'s `answerColumns`.
 * @returns When the read has ended (its failure included: the screen shows it).
 */
export function prefetchFormInstanceList(
  api: Pick<ApiProviderState, 'queryClient' | 'transport'>,
  state: FormInstanceListState = INITIAL_INSTANCE_LIST_STATE,
  answerColumns?: readonly string[],
): Promise<void> {
  const { filters } = state;
  if (filters.formId !== null) {
    const needsFields =
      String(state.sort.column).startsWith('data/') || Object.keys(filters.answers ?? {}).length > 0 || answerColumns === undefined || answerColumns.length > 0;
    if (needsFields) return Promise.resolve();
  }
  const client = apiClientOver(api.transport);
  const reads = filterQueries(client);
  // The filters' reads too: the screen is usable once every read it shows has answered. A read the user may not make
  // is refused by the server, and the screen does not ask for it (nor show it) without the claim.
  return Promise.all([
    api.queryClient.prefetchQuery(listPageQuery(client, state, [], [])),
    api.queryClient.prefetchQuery(reads.forms),
    api.queryClient.prefetchQuery(reads.groups),
    api.queryClient.prefetchQuery(reads.pdfForms),
  ]).then(() => undefined);
}

/** Options of {@link useFormInstanceList}. */
export interface FormInstanceListOptions {
  /**
   * Called by a row's 'Open' (view mode). Without it, 'Open' asks the server for the instance's view link
   * (`GetViewUrl`: `/form-instance/{formSchemaId}?mode=view&formInstanceId=…&token=…`) and opens it in a new tab.
   */
  onOpen?: (instance: FormInstanceListRow) => void;
  /**
   * Called with the instance's id by a row's 'Open' when `onOpen` is not given: the host shows the instance's page
   * (`FormInstanceDetail`, e.g. at `/admin/form-instance/{id}`). The rows then also offer 'Open view link', the
   * visitor's read-only public link in a new tab.
   */
  onOpenInstance?: (formInstanceId: string) => void;
  /**
   * Called by a row's 'Show its envelopes' (the host opens its Signing screen narrowed to the instance, e.g.
   * `SigningList`'s `formInstanceId`). Without it the row offers no such link.
   */
  onOpenSigning?: (instance: FormInstanceListRow) => void;
  /** Overrides of the texts, which otherwise come from the `APIProvider` labels. */
  labels?: Partial<Labels>;
  /**
   * The list's filters, view, page and order, controlled by the host (with `onStateChange`). Without it the list
   * keeps them itself, starting from {@link INITIAL_INSTANCE_LIST_STATE}.
   */
  state?: FormInstanceListState;
  /** Called with the whole new state whenever the person changes a filter, the view, the page or the order. */
  onStateChange?: (state: FormInstanceListState) => void;
  /**
   * The answer columns shown for the chosen form (data paths, e.g. `/applicant/name`, in column order), controlled
   * by the host (with `onAnswerColumnsChange`). Without it the list keeps them itself, in the browser's storage per
   * user (`userKey`) and form.
   */
  answerColumns?: readonly string[];
  /** Called with the new answer columns when the person chooses others, or chooses another form (its kept columns). */
  onAnswerColumnsChange?: (paths: string[]) => void;
  /** Who is signed in (e.g. the token's subject): the chosen answer columns are kept per user and form. */
  userKey?: string | null;
}

/** The answer columns of the list: the chosen form's fields, and those the person shows. */
export interface FormInstanceAnswerColumns {
  /** Whether one form is chosen (answer columns are a form's fields). */
  available: boolean;
  /** Whether the form's fields are still loading. */
  loading: boolean;
  /** The fields of the chosen form's newest version a person may show, in document order. */
  fields: readonly AnswerField[];
  /** The fields shown as columns, in the order chosen. */
  shown: readonly AnswerField[];
  /** Shows these fields (data paths) as columns. */
  setShown(paths: string[]): void;
  /** The options a filter on the field offers, or null for a typed value. */
  filterOptions(field: AnswerField): { value: string; label: string }[] | null;
}

/** A bulk action waiting for its confirmation. */
export interface BulkConfirmation {
  action: 'delete';
  count: number;
}

/** What {@link useFormInstanceList} returns and {@link FormInstanceListView} renders. */
export interface FormInstanceListController extends InstanceExportController {
  labels: Labels;
  filters: FormInstanceFilters;
  /**
   * Applies the filters at once. The list reads a new search text in its next render, without waiting for a host's
   * state to take it; a view waits for the typing to rest first ({@link INSTANCE_SEARCH_DEBOUNCE_MS}).
   */
  setFilters(filters: FormInstanceFilters): void;
  showDeleted: boolean;
  setShowDeleted(show: boolean): void;
  page: number;
  setPage(page: number): void;
  pageSize: number;
  setPageSize(size: number): void;
  sortStatus: TableSortStatus<FormInstanceListRow>;
  setSortStatus(status: TableSortStatus<FormInstanceListRow>): void;
  /** The answer columns of the chosen form. */
  answers: FormInstanceAnswerColumns;
  /**
   * The summary of the chosen form's answers (`available` once one form is chosen), over the list's filters; `shown`
   * when its tab is the one shown (the state's `view`, kept by a host that controls the state), `show` switches.
   */
  summary: { available: boolean; query: InstanceSummaryQuery; shown: boolean; show(shown: boolean): void };
  /** Sets the filter on one answer (its data path) to a typed text or a chosen option; empty removes it. */
  setAnswerFilter(path: string, value: string): void;
  /** The page shown (`@odata.count` is the total of the filtered rows). */
  result: {
    data: ODataResult<FormInstanceListRow> | undefined;
    isLoading: boolean;
    isFetching: boolean;
    error: unknown;
    refetch(): void;
  };
  /** The forms and groups the filters offer. */
  forms: readonly Pick<Form, 'formId' | 'name'>[];
  groups: readonly Pick<FormGroup, 'formGroupId' | 'name'>[];
  selected: readonly FormInstanceListRow[];
  setSelected(rows: FormInstanceListRow[]): void;
  /** The delete actions (shared with every forms list). */
  actions: DeleteActionsController;
  /** Which row actions the signed-in user may take. */
  can: { open: boolean; openViewLink: boolean; copyEditLink: boolean; copyViewLink: boolean; duplicate: boolean; export: boolean };
  /** Whether a row offers 'Download filled PDF': its form was made from a PDF and the user may read one instance. */
  hasFilledPdf(row: FormInstanceListRow): boolean;
  /** Downloads the row's filled PDF (`Forms/DownloadPdf`): its form's PDF template with the answers in its fields. */
  downloadPdf(row: FormInstanceListRow): void;
  /** The instances' signing envelopes: shown only to those who may open the Signing screen and list envelopes. */
  signing: FormInstanceSigning;
  /** Why 'Mark completed' is disabled for a row, or null when it is offered. */
  markCompletedBlock(row: FormInstanceListRow): string | null;
  /** The id of the row a row action (open, copy, complete, duplicate) runs on, or null. */
  busyId: string | null;
  open(row: FormInstanceListRow): void;
  /** Opens the instance's read-only public link (`GetViewUrl`) in a new tab. */
  openViewLink(row: FormInstanceListRow): void;
  /** Why 'Copy edit link' is disabled for a row (a visitor holding it could not save), or null when it is offered. */
  editLinkBlock(row: FormInstanceListRow): string | null;
  copyLink(row: FormInstanceListRow, mode: 'edit' | 'view'): void;
  markCompleted(row: FormInstanceListRow): void;
  duplicate(row: FormInstanceListRow): void;
  bulk: {
    confirmation: BulkConfirmation | null;
    running: boolean;
    /** The selected live rows, which bulk 'Delete' deletes. */
    deletable: readonly FormInstanceListRow[];
    /** The selected soft-deleted rows ('Show deleted' lists them with the live ones), which bulk 'Restore' restores. */
    restorable: readonly FormInstanceListRow[];
    requestDelete(): void;
    restore(): void;
    confirm(): void;
    cancel(): void;
  };
}

/** What the Form Instances list shows and does about signing. */
export interface FormInstanceSigning {
  /** Whether the signature column shows (Signing_AllowRead, the Signing screen's read claim). */
  read: boolean;
  /** Whether rows offer 'Request signature' (also a claim that requests one, e.g. Signing_RequestSignature). */
  request: boolean;
  /** Whether rows offer 'Show its envelopes' (`onOpenSigning` given, and a claim that lists envelopes). */
  linkToSigning: boolean;
  /** Why 'Request signature' is disabled for a row (its latest envelope is still out), or null. */
  requestBlock(row: FormInstanceListRow): string | null;
  /** The row whose signature request dialog is open. */
  requesting: FormInstanceListRow | null;
  /** The signer the requesting row's answers name, once read: the dialog's first row starts with it. */
  suggestedSigner: SuggestedSigner | null;
  /**
   * The requesting row's latest envelope when it ended declined or voided, once read: the dialog starts from its
   * signers and message instead (a request sent again). Null otherwise, or when it cannot be read.
   */
  earlierRequest: SigningEnvelope | null;
  startRequest(row: FormInstanceListRow): void;
  cancelRequest(): void;
  /** Sends the request; resolves true when the server accepted it. */
  submitRequest(request: SignatureRequest): Promise<boolean>;
  openSigning(row: FormInstanceListRow): void;
}

/** What the row is called in confirmations and toasts: its form's name and the end of its id (the id column shows the same). */
export function instanceName(row: { formInstanceId: string; form?: Pick<Form, 'name'> | null }): string {
  const short = row.formInstanceId.slice(-8);
  return row.form?.name ? `${row.form.name} ${short}` : short;
}

/** The delete target of a row. */
export function instanceTarget(row: FormInstanceListRow): DeleteTarget {
  return { id: row.formInstanceId, name: instanceName(row), etag: row['@odata.etag'] ?? null };
}

/**
 * The state of the Form Instances list: one page of instances read through OData (filters, sort, paging and total
 * count on the server), with their form and schema version; row actions (open in view mode, copy the edit or view
 * link, mark completed, duplicate, and the shared 'Delete' / 'Restore' / 'Delete permanently'), bulk 'Delete' and
 * 'Restore' of the selected rows, and the CSV and XLSX exports of every row the filters select. Each action that changes data
 * says its result in a toast and refetches only the lists it changed.
 */
export function useFormInstanceList({
  onOpen,
  onOpenInstance,
  onOpenSigning,
  labels: overrides,
  state: controlledState,
  onStateChange,
  answerColumns: controlledColumns,
  onAnswerColumnsChange,
  userKey,
}: FormInstanceListOptions = {}): FormInstanceListController {
  const labels = useLabels(overrides);
  const locale = useLocale();
  const { client } = useApi();
  const queryClient = useQueryClient();
  const { holds } = useClaimCheck();
  const mine = useMyClaims();
  // Signing shows only to holders of the Signing screen's read claim; the status comes with the instance row, the
  // request and the link to the Signing screen need their own claims as well.
  const readSigning = holds('Signing_AllowRead');
  const requestSigning = readSigning && maySigningAction(mine.claims, 'request');
  const listSigning = readSigning && maySigningAction(mine.claims, 'list');
  const [requesting, setRequesting] = useState<FormInstanceListRow | null>(null);
  const suggestedSigner = useSuggestedSigner(requesting?.formInstanceId ?? null);
  // A row whose latest envelope ended (declined or voided) is a request sent again: read that envelope's signers.
  const endedEnvelopeId =
    requesting?.envelopeId && (requesting.envelopeStatus === EnvelopeStatus.Declined || requesting.envelopeStatus === EnvelopeStatus.Voided)
      ? requesting.envelopeId
      : null;
  const earlierRequest = useQuery({
    queryKey: ['signing', 'envelope', endedEnvelopeId],
    queryFn: ({ signal }) => client.signing.getEnvelope(endedEnvelopeId ?? '', { signal }),
    enabled: endedEnvelopeId !== null,
    retry: false,
  });
  // The state is the host's when it gives one (`state`), else the list's own; every change goes to both.
  const [ownState, setOwnState] = useState<FormInstanceListState>(INITIAL_INSTANCE_LIST_STATE);
  const given = controlledState ?? ownState;
  // A search text that has rested is read at once, ahead of the state: the host's copy of the state (e.g. its URL,
  // written by a router navigation) takes it a moment later, and the list does not wait for it. `over` is the state's
  // text when the list went ahead: once the state's text is another (the host caught up, or set a text of its own),
  // the state's is the one read again.
  const [ahead, setAhead] = useState<{ text: string; over: string } | null>(null);
  if (ahead && ahead.over !== given.filters.text) setAhead(null);
  const listedText = ahead && ahead.over === given.filters.text ? ahead.text : given.filters.text;
  // The state as the list reads it (and every change starts from): the given one with the text read ahead.
  const current: FormInstanceListState = listedText === given.filters.text ? given : { ...given, filters: { ...given.filters, text: listedText } };
  const filters: FormInstanceFilters = current.filters;

  const change = (next: FormInstanceListState) => {
    if (!controlledState) setOwnState(next);
    onStateChange?.(next);
  };
  const { showDeleted, page, pageSize } = current;
  const formId = current.filters.formId;
  const sortStatus: TableSortStatus<FormInstanceListRow> = {
    columnAccessor: current.sort.column as TableSortStatus<FormInstanceListRow>['columnAccessor'],
    direction: current.sort.direction,
  };
  // The answer columns: the host's when it gives them, else the list's own, kept per user and form.
  const [ownColumns, setOwnColumns] = useState<string[]>(() => (formId ? readAnswerColumns(userKey, formId) : []));
  const chosenColumns = controlledColumns ?? ownColumns;
  const changeColumns = (form: string | null, paths: string[]) => {
    if (form) writeAnswerColumns(userKey, form, paths);
    // Kept also when the host controls them: the list's own take over if the host stops giving any.
    setOwnColumns(paths);
    onAnswerColumnsChange?.(paths);
  };
  // The chosen form's fields: those of its newest version's layout.
  const schemaQuery: ODataQueryOptions<FormSchema> = {
    filter: odata.and<FormSchema>(odata.eq<FormSchema>('isDeleted', false), odata.eq<FormSchema>('formId', odata.guid(formId ?? '00000000-0000-0000-0000-000000000000'))),
    select: ['formSchemaId', 'version', 'layout'],
    orderBy: [['version', 'desc']],
    top: 1,
  };
  const formFields = useQuery({
    queryKey: entityKeys.list('formschema', odata.buildQuery(schemaQuery)),
    queryFn: async ({ signal }) => answerFieldsOf(((await client.odata.formSchemas.list(schemaQuery, { signal }))?.value[0]?.layout ?? null) as FormLayout | null),
    enabled: formId !== null,
  });
  const answerFields = formId ? (formFields.data ?? []) : [];
  const shownAnswers = chosenColumns.map((path) => answerFields.find((f) => f.path === path)).filter((f): f is AnswerField => f !== undefined);
  // An order by an answer holds while its form is chosen and its fields are known; otherwise the default order.
  const sortedByAnswer = String(current.sort.column).startsWith('data/');
  const waitingForFields = formId !== null && formFields.isLoading && (sortedByAnswer || Object.keys(current.filters.answers ?? {}).length > 0 || chosenColumns.length > 0);
  const sort = listSort(current, answerFields);
  const [selected, setSelected] = useState<FormInstanceListRow[]>([]);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [bulkConfirmation, setBulkConfirmation] = useState<BulkConfirmation | null>(null);
  const [bulkRunning, setBulkRunning] = useState(false);

  // A new filter, order, page size or view starts again at the first page with nothing selected.
  const restart = (next: Omit<FormInstanceListState, 'page'>) => {
    change({ ...next, page: 1 });
    setSelected([]);
  };
  const listed: FormInstanceListState = { ...current, filters };
  const where = instanceQuery(listed.filters, showDeleted, answerFields);
  const orderBy: ODataQueryOptions<FormInstance>['orderBy'] = [[sort.column, sort.direction]];
  // The exports take the list's filters and order (every row they select, not one page); an export is sorted only by
  // the instance's own columns, so an order by an answer exports in the default order.
  const exportOrder: ODataQueryOptions<FormInstance>['orderBy'] = INSTANCE_CSV_SORTABLE.includes(sort.column)
    ? orderBy
    : [[INITIAL_INSTANCE_LIST_STATE.sort.column, INITIAL_INSTANCE_LIST_STATE.sort.direction]];
  const exports = useInstanceExport(() => ({ ...where, orderBy: exportOrder }), labels);
  // Each search is its own query; the table keeps the previous page on screen meanwhile (keepPreviousData) and, since
  // the read takes the query's signal, TanStack Query aborts a read whose search the user has typed past (its query
  // lost its last observer): at most one search read is in flight, the newest.
  const { queryKey: listKey, queryFn: readList } = listPageQuery(client, listed, answerFields, shownAnswers);
  // A page not read yet starts to be read as the screen renders (what TanStack Query's usePrefetchQuery does), not
  // once the screen's first render has been committed and painted, when the query below would start it: the read and
  // the first paint of the screen overlap. The query below then takes the read in flight.
  if (!waitingForFields && queryClient.getQueryState(listKey) === undefined) void queryClient.prefetchQuery({ queryKey: listKey, queryFn: readList });
  const list = useQuery({
    queryKey: listKey,
    queryFn: readList,
    placeholderData: keepPreviousData,
    // An order or a filter by an answer (e.g. from a shared link) waits for the form's fields, rather than asking twice.
    enabled: !waitingForFields,
  });
  const filterReads = filterQueries(client);
  const forms = useQuery(filterReads.forms);
  const mayListGroups = holds('FormGroup_SelectList');
  const groups = useQuery({ ...filterReads.groups, enabled: mayListGroups });

  // The forms made from a PDF (those with a template), whose rows offer 'Download filled PDF'.
  const mayDownloadPdf = holds('FormInstance_Select');
  const pdfForms = useQuery({ ...filterReads.pdfForms, enabled: mayDownloadPdf });

  const actions = useDeleteActions('forminstance', { labels, onDone: () => setSelected([]) });
  const markCompletedMutation = useMarkCompleted();
  const duplicateMutation = useDuplicateInstance();
  const requestSignatureMutation = useRequestSignature();
  const mayComplete = holds('Forms_MarkCompleted');
  const viewSubmissions = holds('ViewSubmissions_AllowRead');

  const runRow = async (row: FormInstanceListRow, work: () => Promise<void>) => {
    if (busyId) return;
    setBusyId(row.formInstanceId);
    try {
      await work();
    } finally {
      setBusyId(null);
    }
  };

  const links = useInstanceLinks(labels);
  // The visitor's read-only public link, in a new tab: the list stays where the user left it.
  const openViewLink = (row: FormInstanceListRow) => void runRow(row, () => links.openView(row.formInstanceId, instanceName(row)));

  const refreshAfterBulk = () =>
    Promise.all(['forminstance' as const, ...ALSO_CHANGES.forminstance.delete].map((entity) => queryClient.invalidateQueries({ queryKey: entityKeys.entity(entity) })));

  // 'Show deleted' lists live and deleted rows together: each bulk action takes the selected rows it applies to.
  const deletable = selected.filter((row) => row.isDeleted !== true);
  const restorable = selected.filter((row) => row.isDeleted === true);
  const runBulk = async (action: 'delete' | 'restore') => {
    const rows = action === 'delete' ? deletable : restorable;
    setBulkRunning(true);
    try {
      const results = await Promise.allSettled(
        rows.map((row) =>
          action === 'delete'
            ? client.crud.forminstance.softDelete(row.formInstanceId)
            : client.crud.forminstance.patch({ formInstanceId: row.formInstanceId, isDeleted: false, ...(row['@odata.etag'] ? { '@odata.etag': row['@odata.etag'] } : {}) }),
        ),
      );
      const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      await refreshAfterBulk();
      setSelected([]);
      if (failed.length) toast.failure(fillNumbers(labels.bulkPartlyFailed, { failed: failed.length, count: rows.length }, locale), failed[0]?.reason, labels);
      else if (action === 'delete') toast.success(fillCount(labels.bulkDeletedToast, labels.bulkDeletedToastOne, rows.length, locale), labels);
      else toast.success(fillCount(labels.bulkRestoredToast, labels.bulkRestoredToastOne, rows.length, locale), labels);
    } finally {
      setBulkRunning(false);
      setBulkConfirmation(null);
    }
  };

  return {
    labels,
    filters,
    setFilters: (next) => {
      const { text: typed, ...rest } = next;
      const { text: before, ...was } = filters;
      const textOnly = JSON.stringify(rest) === JSON.stringify(was);
      if (textOnly && typed === before) return;
      // The text is read in the list's next render (its first lines start the page's read), whenever the host's state
      // takes it; the list's own state takes it in that render.
      if (controlledState) setAhead(typed === given.filters.text ? null : { text: typed, over: given.filters.text });
      if (textOnly) {
        restart({ ...current, filters: { ...current.filters, text: typed } });
        return;
      }
      const formChanged = (next.formId ?? null) !== (formId ?? null);
      restart({
        ...current,
        // Another form has other fields: its answer filters and an order by its answers go.
        filters: formChanged ? { ...next, answers: {} } : next,
        sort: formChanged && sortedByAnswer ? INITIAL_INSTANCE_LIST_STATE.sort : current.sort,
      });
      if (formChanged) changeColumns(null, next.formId ? readAnswerColumns(userKey, next.formId) : []);
    },
    showDeleted,
    setShowDeleted: (show) => restart({ ...current, showDeleted: show }),
    page,
    setPage: (next) => {
      change({ ...current, page: next });
      setSelected([]);
    },
    pageSize,
    setPageSize: (size) => restart({ ...current, pageSize: size }),
    sortStatus,
    setSortStatus: (status) =>
      restart({ ...current, sort: { column: String(status.columnAccessor) as FormInstanceSortColumn, direction: status.direction } }),
    answers: {
      available: formId !== null,
      loading: formId !== null && formFields.isLoading,
      fields: answerFields,
      shown: shownAnswers,
      setShown: (paths) => changeColumns(formId, paths),
      filterOptions: (field) => answerFilterOptions(field, labels),
    },
    summary: {
      available: formId !== null,
      query: where,
      shown: formId !== null && current.view === 'summary',
      show: (shown) => change({ ...current, view: shown ? 'summary' : 'instances' }),
    },
    setAnswerFilter: (path, value) => {
      const answers = { ...(current.filters.answers ?? {}) };
      if (value === '') delete answers[path];
      else answers[path] = value;
      restart({ ...current, filters: { ...current.filters, answers } });
    },
    result: { data: list.data, isLoading: list.isLoading || waitingForFields, isFetching: list.isFetching, error: list.error, refetch: () => void list.refetch() },
    forms: forms.data ?? [],
    // Only with the claim: a route may have read them into the cache before the claims were known.
    groups: mayListGroups ? (groups.data ?? []) : [],
    selected,
    setSelected,
    actions,
    can: {
      open: Boolean(onOpenInstance) || (viewSubmissions && (Boolean(onOpen) || holds('Forms_GetViewUrl'))),
      openViewLink: Boolean(onOpenInstance) && !onOpen && viewSubmissions && holds('Forms_GetViewUrl'),
      copyEditLink: viewSubmissions && holds('Forms_GetEditUrl'),
      copyViewLink: viewSubmissions && holds('Forms_GetViewUrl'),
      duplicate: holds('DynamicFormLinking_Duplicate'),
      export: holds('FormInstance_SelectList'),
    },
    signing: {
      read: readSigning,
      request: requestSigning,
      linkToSigning: listSigning && Boolean(onOpenSigning),
      requestBlock: (row) => requestSignatureBlock(row, labels),
      requesting,
      suggestedSigner,
      earlierRequest: endedEnvelopeId !== null ? (earlierRequest.data ?? null) : null,
      startRequest: (row) => {
        if (requestSigning && !requestSignatureBlock(row, labels)) setRequesting(row);
      },
      cancelRequest: () => setRequesting(null),
      submitRequest: async (request) => {
        try {
          // The mutation refetches the instance lists (the row now points at its new envelope); the Signing screen's
          // envelope lists change too.
          await requestSignatureMutation.mutateAsync(request);
          toast.success(fillCount(labels.sgRequested, labels.sgRequestedOne, request.signers.length, locale), labels);
          setRequesting(null);
          await queryClient.invalidateQueries({ queryKey: ['signing'] });
          return true;
        } catch (error) {
          toast.failure(labels.sgRequestFailed, error, labels);
          return false;
        }
      },
      openSigning: (row) => {
        if (listSigning) onOpenSigning?.(row);
      },
    },
    hasFilledPdf: (row) => mayDownloadPdf && (pdfForms.data?.has(row.formId.toLowerCase()) ?? false),
    downloadPdf: (row) =>
      void runRow(row, async () => {
        const name = instanceName(row);
        try {
          const file = await client.forms.downloadPdf(row.formInstanceId);
          const saved = saveDownload(file, `${row.form?.name ?? 'form'} - filled.pdf`);
          toast.success(fillLabel(labels.fidDownloaded, { file: saved }), labels);
        } catch (error) {
          toast.failure(fillLabel(labels.fidDownloadPdfFailed, { name }), error, labels);
        }
      }),
    markCompletedBlock: (row) => markCompletedBlock(row.status, mayComplete, labels),
    busyId,
    open: (row) => {
      if (onOpen) onOpen(row);
      else if (onOpenInstance) onOpenInstance(row.formInstanceId);
      else openViewLink(row);
    },
    openViewLink,
    editLinkBlock: (row) => editLinkBlock(row, labels),
    copyLink: (row, mode) => {
      if (mode === 'edit' && editLinkBlock(row, labels)) return;
      void runRow(row, () => links.copy(row.formInstanceId, instanceName(row), mode));
    },
    markCompleted: (row) => {
      if (markCompletedBlock(row.status, mayComplete, labels)) return;
      void runRow(row, async () => {
        const name = instanceName(row);
        try {
          await markCompletedMutation.mutateAsync(row.formInstanceId);
          toast.success(fillLabel(labels.markedCompletedToast, { name }), labels);
        } catch (error) {
          toast.failure(fillLabel(labels.markCompletedFailed, { name }), error, labels);
        }
      });
    },
    duplicate: (row) =>
      void runRow(row, async () => {
        const name = instanceName(row);
        try {
          await duplicateMutation.mutateAsync(row.formInstanceId);
          toast.success(fillLabel(labels.duplicatedToast, { name }), labels);
        } catch (error) {
          toast.failure(fillLabel(labels.duplicateFailed, { name }), error, labels);
        }
      }),
    bulk: {
      confirmation: bulkConfirmation,
      running: bulkRunning,
      deletable,
      restorable,
      requestDelete: () => {
        if (deletable.length && !bulkRunning) setBulkConfirmation({ action: 'delete', count: deletable.length });
      },
      restore: () => {
        if (restorable.length && !bulkRunning) void runBulk('restore');
      },
      confirm: () => {
        if (bulkConfirmation && !bulkRunning) void runBulk('delete');
      },
      cancel: () => {
        if (!bulkRunning) setBulkConfirmation(null);
      },
    },
    ...exports,
  };
}

/**
 * Why a row may not be sent for signature, or null: the domain's rule (checkNoOpenEnvelope, which both backends apply
 * to a request) refuses an instance whose latest envelope is still out (Created, Sent, Delivered) until that envelope
 * is voided; the screen says so before the user tries, naming the envelope's status.
 */
export function requestSignatureBlock(row: Pick<FormInstanceListRow, 'envelopeId' | 'envelopeStatus'>, labels: Labels): string | null {
  try {
    checkNoOpenEnvelope(row);
    return null;
  } catch (error) {
    if (!isDomainError(error)) throw error;
    const status = row.envelopeStatus ?? EnvelopeStatus.Unknown;
    return fillLabel(labels.requestSignatureOpen, { status: envelopeStatusName(status, labels) });
  }
}
