import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataTableSortStatus } from 'mantine-datatable';
import { useState } from 'react';
import * as odata from '../../api/odata';
import type { ODataQueryOptions, ODataResult } from '../../api/odata';
import type { Form, FormGroup, FormInstance, FormSchema, SignatureRequest } from '../../api/types';
import { EnvelopeStatus } from '../../api/enums';
import { isDomainError } from '../../domain/errors';
import { checkNoOpenEnvelope, maySigningAction } from '../../domain/signing';
import { envelopeStatusName } from '../../labels/envelope-status-labels';
import { useMyClaims } from '../../permissions/useMyClaims';
import { useApi } from '../../query/APIProvider';
import { entityKeys } from '../../query/keys';
import { fillLabel, type Labels } from '../../query/labels';
import { useDuplicateInstance, useMarkCompleted, useRequestSignature } from '../../query/mutations';
import { useLabels } from '../../query/useLabels';
import { useLocale } from '../../query/useLocale';
import { fillNumbers } from '../../labels/format';
import { useClaimCheck } from '../shared/access';
import { toast } from '../shared/toast';
import { ALSO_CHANGES, useDeleteActions, type DeleteActionsController, type DeleteTarget } from '../shared/useDeleteActions';
import { PAGE_SIZES } from '../shared/useServerTable';
import { saveDownload } from './download';
import { useInstanceExport, type InstanceExportController } from './useInstanceExport';
import { instanceQuery, markCompletedBlock, NO_INSTANCE_FILTERS, type FormInstanceFilters } from './instance-filter';

/** A form instance as the list reads it: with its form's name and group, and its schema's version. */
export type FormInstanceListRow = FormInstance & {
  '@odata.etag'?: string;
  form?: Pick<Form, 'formId' | 'name' | 'formGroupId'> | null;
  formSchema?: Pick<FormSchema, 'formSchemaId' | 'version'> | null;
};

/** The columns the list sorts by on the server. */
export type FormInstanceSortColumn = 'createdDateTime' | 'lastUpdatedDateTime' | 'status';

/**
 * How long typing in 'Text in the answers' rests before the list asks the server (ms). The goal is results within
 * 150 ms of the last key, so the wait leaves ~50 ms for the search read and the paint; shorter than the name
 * searches' SEARCH_DEBOUNCE_MS (250 ms). Keys typed closer together than this still make one read, and a read whose
 * text is already out of date is aborted, so typing fast never queues reads on the server.
 */
export const INSTANCE_SEARCH_DEBOUNCE_MS = 100;

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
  setFilters(filters: FormInstanceFilters): void;
  showDeleted: boolean;
  setShowDeleted(show: boolean): void;
  page: number;
  setPage(page: number): void;
  pageSize: number;
  setPageSize(size: number): void;
  sortStatus: DataTableSortStatus<FormInstanceListRow>;
  setSortStatus(status: DataTableSortStatus<FormInstanceListRow>): void;
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
export function useFormInstanceList({ onOpen, onOpenInstance, onOpenSigning, labels: overrides }: FormInstanceListOptions = {}): FormInstanceListController {
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
  const [filters, setFiltersState] = useState<FormInstanceFilters>(NO_INSTANCE_FILTERS);
  const [showDeleted, setShowDeletedState] = useState(false);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSizeState] = useState<number>(PAGE_SIZES[0]);
  const [sortStatus, setSortState] = useState<DataTableSortStatus<FormInstanceListRow>>({ columnAccessor: 'lastUpdatedDateTime', direction: 'desc' });
  const [selected, setSelected] = useState<FormInstanceListRow[]>([]);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [bulkConfirmation, setBulkConfirmation] = useState<BulkConfirmation | null>(null);
  const [bulkRunning, setBulkRunning] = useState(false);

  // A new filter, order, page size or view starts again at the first page with nothing selected.
  const restart = () => {
    setPage(1);
    setSelected([]);
  };
  // Typing in the answers' search rests a moment (INSTANCE_SEARCH_DEBOUNCE_MS) before the server is asked.
  const [text] = useDebouncedValue(filters.text, INSTANCE_SEARCH_DEBOUNCE_MS);
  const where = instanceQuery({ ...filters, text }, showDeleted);
  const orderBy: ODataQueryOptions<FormInstance>['orderBy'] = [[String(sortStatus.columnAccessor) as FormInstanceSortColumn, sortStatus.direction]];
  // The exports take the list's filters and order (every row they select, not one page).
  const exports = useInstanceExport(() => ({ ...where, orderBy }), labels);
  const query: ODataQueryOptions<FormInstanceListRow> = {
    ...(where as ODataQueryOptions<FormInstanceListRow>),
    orderBy: orderBy as ODataQueryOptions<FormInstanceListRow>['orderBy'],
    top: pageSize,
    skip: (page - 1) * pageSize,
    count: true,
    // The answers stay on the server: the list shows none of them. The instance row carries its latest envelope and
    // that envelope's status (both backends keep them), so the signature column costs no further request.
    select: ['formInstanceId', 'formSchemaId', 'formId', 'status', 'isDeleted', 'createdDateTime', 'lastUpdatedDateTime', 'envelopeId', 'envelopeStatus'],
    expand: {
      form: { select: ['formId', 'name', 'formGroupId'] },
      formSchema: { select: ['formSchemaId', 'version'] },
    } as ODataQueryOptions<FormInstanceListRow>['expand'],
  };
  // Each search is its own query; the table keeps the previous page on screen meanwhile (keepPreviousData) and, since
  // the read takes the query's signal, TanStack Query aborts a read whose search the user has typed past (its query
  // lost its last observer): at most one search read is in flight, the newest.
  const list = useQuery({
    queryKey: entityKeys.list('forminstance', odata.buildQuery(query)),
    queryFn: async ({ signal }) =>
      ((await client.odata.formInstances.list(query as ODataQueryOptions<FormInstance>, { signal })) ?? { value: [] }) as ODataResult<FormInstanceListRow>,
    placeholderData: keepPreviousData,
  });
  const formsQuery: ODataQueryOptions<Form> = { filter: odata.eq<Form>('isDeleted', false), select: ['formId', 'name'], orderBy: [['name', 'asc']], top: 1000 };
  const forms = useQuery({
    queryKey: entityKeys.list('form', odata.buildQuery(formsQuery)),
    queryFn: async ({ signal }) => (await client.odata.forms.list(formsQuery, { signal }))?.value ?? [],
  });
  const groupsQuery: ODataQueryOptions<FormGroup> = { filter: odata.eq<FormGroup>('isDeleted', false), select: ['formGroupId', 'name'], orderBy: [['name', 'asc']], top: 1000 };
  const groups = useQuery({
    queryKey: entityKeys.list('formgroup', odata.buildQuery(groupsQuery)),
    queryFn: async ({ signal }) => (await client.odata.formGroups.list(groupsQuery, { signal }))?.value ?? [],
    enabled: holds('FormGroup_SelectList'),
  });

  // The forms made from a PDF (those with a template), whose rows offer 'Download filled PDF': their ids only.
  const mayDownloadPdf = holds('FormInstance_Select');
  const pdfFormsQuery: ODataQueryOptions<Form> = { filter: 'isDeleted eq false and pdfTemplate/fileName ne null', select: ['formId'], top: 1000 };
  const pdfForms = useQuery({
    queryKey: entityKeys.list('form', odata.buildQuery(pdfFormsQuery)),
    queryFn: async ({ signal }) => new Set(((await client.odata.forms.list(pdfFormsQuery, { signal }))?.value ?? []).map((f) => f.formId.toLowerCase())),
    enabled: mayDownloadPdf,
  });

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

  const linkOf = async (row: FormInstanceListRow, mode: 'edit' | 'view') =>
    mode === 'edit' ? client.forms.getEditUrl(row.formInstanceId) : client.forms.getViewUrl(row.formInstanceId);

  // The visitor's read-only public link, in a new tab: the list stays where the user left it.
  const openViewLink = (row: FormInstanceListRow) =>
    void runRow(row, async () => {
      try {
        const url = await linkOf(row, 'view');
        if (url) window.open(url, '_blank', 'noopener');
      } catch (error) {
        toast.failure(fillLabel(labels.openFailed, { name: instanceName(row) }), error, labels);
      }
    });

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
      else toast.success(fillNumbers(action === 'delete' ? labels.bulkDeletedToast : labels.bulkRestoredToast, { count: rows.length }, locale));
    } finally {
      setBulkRunning(false);
      setBulkConfirmation(null);
    }
  };

  return {
    labels,
    filters,
    setFilters: (next) => {
      setFiltersState(next);
      restart();
    },
    showDeleted,
    setShowDeleted: (show) => {
      setShowDeletedState(show);
      restart();
    },
    page,
    setPage: (next) => {
      setPage(next);
      setSelected([]);
    },
    pageSize,
    setPageSize: (size) => {
      setPageSizeState(size);
      restart();
    },
    sortStatus,
    setSortStatus: (status) => {
      setSortState(status);
      restart();
    },
    result: { data: list.data, isLoading: list.isLoading, isFetching: list.isFetching, error: list.error, refetch: () => void list.refetch() },
    forms: forms.data ?? [],
    groups: groups.data ?? [],
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
      startRequest: (row) => {
        if (requestSigning && !requestSignatureBlock(row, labels)) setRequesting(row);
      },
      cancelRequest: () => setRequesting(null),
      submitRequest: async (request) => {
        try {
          // The mutation refetches the instance lists (the row now points at its new envelope); the Signing screen's
          // envelope lists change too.
          await requestSignatureMutation.mutateAsync(request);
          toast.success(fillNumbers(labels.sgRequested, { count: request.signers.length }, locale));
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
          toast.success(fillLabel(labels.fidDownloaded, { file: saved }));
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
    copyLink: (row, mode) =>
      void runRow(row, async () => {
        const name = instanceName(row);
        try {
          const url = await linkOf(row, mode);
          await navigator.clipboard.writeText(url ?? '');
          toast.success(fillLabel(mode === 'edit' ? labels.editLinkCopied : labels.viewLinkCopied, { name }));
        } catch (error) {
          toast.failure(fillLabel(labels.copyLinkFailed, { name }), error, labels);
        }
      }),
    markCompleted: (row) => {
      if (markCompletedBlock(row.status, mayComplete, labels)) return;
      void runRow(row, async () => {
        const name = instanceName(row);
        try {
          await markCompletedMutation.mutateAsync(row.formInstanceId);
          toast.success(fillLabel(labels.markedCompletedToast, { name }));
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
          toast.success(fillLabel(labels.duplicatedToast, { name }));
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
