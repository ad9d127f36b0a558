import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormInstanceStatus } from '../../api/enums';
import { isApiError } from '../../api/errors';
import * as odata from '../../api/odata';
import type { ODataQueryOptions } from '../../api/odata';
import type { AuditVerification, Form, FormInstance, FormInstanceStatusChange, FormSchema, SignatureRequest, SigningAuditEvent, SigningEnvelope } from '../../api/types';
import { maySigningAction } from '../../domain/signing';
import { fillCount } from '../../labels/format';
import { useMyClaims } from '../../permissions/useMyClaims';
import { useApi } from '../../query/APIProvider';
import { fillLabel, type Labels } from '../../query/labels';
import { useDuplicateInstance, useMarkCompleted, useRequestSignature } from '../../query/mutations';
import { entityQueries } from '../../query/queries';
import { useLabels } from '../../query/useLabels';
import { useLocale } from '../../query/useLocale';
import { useClaimCheck } from '../shared/access';
import { idEquals } from '../shared/ids';
import { editLinkBlock, useInstanceLinks } from '../shared/instance-links';
import { toast } from '../shared/toast';
import { useDeleteActions, type DeleteActionsController, type DeleteTarget } from '../shared/useDeleteActions';
import type { FileReference } from '../../engine/files';
import { saveDownload } from '../FormInstanceList/download';
import { instanceName, requestSignatureBlock } from '../FormInstanceList/useFormInstanceList';

/** A form instance as its page reads it: with its form (name, PDF template) and the schema version it was filled in. */
export type FormInstanceDetailRecord = FormInstance & {
  '@odata.etag'?: string;
  form?: Pick<Form, 'formId' | 'name' | 'pdfTemplate'> | null;
  formSchema?: FormSchema | null;
};

/** Options of {@link useFormInstanceDetail}. */
export interface FormInstanceDetailOptions {
  /** The instance shown (the `{id}` of `/admin/form-instance/{id}`). */
  formInstanceId: string;
  /** 'Back to Form Instances': the host shows its list. Without it the page offers no back link. */
  onBack?: () => void;
  /** Called with the copy's id after 'Duplicate' (the host may open it). */
  onOpenInstance?: (formInstanceId: string) => void;
  /** Called after the instance was deleted permanently (the host goes back to the list). */
  onDeleted?: () => void;
  /** Overrides of the texts, which otherwise come from the `APIProvider` labels. */
  labels?: Partial<Labels>;
}

/** One envelope's audit trail and its check, as read for the page. */
export interface EnvelopeAudit {
  events: readonly SigningAuditEvent[] | undefined;
  verification: AuditVerification | undefined;
  isLoading: boolean;
  error: unknown;
}

/** What the signed-in user may do on the page. */
export interface FormInstanceDetailAccess {
  /** 'Download filled PDF' (FormInstance_Select; offered for a form made from a PDF). */
  downloadPdf: boolean;
  /** 'Download signed PDF' of a completed envelope (Signing_DownloadDocument). */
  downloadSigned: boolean;
  /** 'Mark completed' (Forms_MarkCompleted). */
  markCompleted: boolean;
  /** 'Duplicate' (DynamicFormLinking_Duplicate). */
  duplicate: boolean;
  /** 'Copy edit link' (ViewSubmissions_AllowRead and Forms_GetEditUrl). */
  copyEditLink: boolean;
  /** 'Open view link' and 'Copy view link' (ViewSubmissions_AllowRead and Forms_GetViewUrl). */
  viewLink: boolean;
  /** 'Request signature' (Signing_AllowRead and a claim that requests one). */
  requestSignature: boolean;
  /** The envelopes show (Signing_AllowRead and a claim that lists envelopes). */
  envelopes: boolean;
  /** Each envelope's audit trail shows (a claim that reads one envelope). */
  audit: boolean;
}

/** What {@link useFormInstanceDetail} returns and {@link FormInstanceDetailView} renders. */
export interface FormInstanceDetailController {
  labels: Labels;
  /** The instance's read: loading, failed, refused (403 or no read claim), not found, or ready. */
  instance: {
    status: 'loading' | 'error' | 'forbidden' | 'missing' | 'ready';
    data: FormInstanceDetailRecord | null;
    error: unknown;
    retry(): void;
    retrying: boolean;
  };
  /** What the row is called in toasts and confirmations: its form's name and the end of its id. */
  name: string;
  can: FormInstanceDetailAccess;
  /** The instance's envelopes, newest first. */
  envelopes: { data: readonly SigningEnvelope[]; isLoading: boolean; error: unknown; retry(): void };
  /** The audit trail of each envelope, by its id. */
  audits: ReadonlyMap<string, EnvelopeAudit>;
  /** Every change of the instance's status, oldest first (`Forms/StatusHistory`, FormInstance_Select). */
  history: { data: readonly FormInstanceStatusChange[]; shown: boolean; isLoading: boolean; error: unknown; retry(): void };
  /** The delete actions (shared with every forms list). */
  actions: DeleteActionsController;
  deleteTarget: DeleteTarget | null;
  /** Why 'Request signature' is disabled (an envelope still out), or null. */
  requestBlock: string | null;
  /** Why 'Copy edit link' is disabled (a visitor holding it could not save), or null. */
  editLinkBlock: string | null;
  /** The action running now ('pdf', 'complete', 'duplicate' or an envelope's id), or null. */
  busy: string | null;
  back?: () => void;
  downloadPdf(): void;
  /** Downloads a stored file of a file upload answer (`/api/FormFiles/Download`, FormInstance Select). */
  downloadFile(file: FileReference): void;
  downloadSigned(envelope: SigningEnvelope): void;
  markCompleted(): void;
  duplicate(): void;
  /** Copies the instance's edit or view link and says so in a toast. */
  copyLink(mode: 'edit' | 'view'): void;
  /** Opens the instance's read-only public link in a new tab. */
  openViewLink(): void;
  requesting: boolean;
  startRequest(): void;
  cancelRequest(): void;
  /** Sends the request; resolves true when the server accepted it. */
  submitRequest(request: SignatureRequest): Promise<boolean>;
}

/** The query key of the page's envelope reads. */
const ENVELOPES_KEY = ['signing', 'envelopes', 'instance'] as const;

/**
 * The state of one form instance's page: the instance with its form and schema version (a soft-deleted one too, for
 * 'Restore'), its signing envelopes with each one's audit trail and check, and the actions the user's claims allow:
 * download the filled PDF, download a completed envelope's signed PDF, request a signature, mark completed,
 * duplicate, delete, restore and delete permanently. Each action says its result in a toast.
 */
export function useFormInstanceDetail({ formInstanceId, onBack, onOpenInstance, onDeleted, labels: overrides }: FormInstanceDetailOptions): FormInstanceDetailController {
  const labels = useLabels(overrides);
  const locale = useLocale();
  const { client } = useApi();
  const queryClient = useQueryClient();
  const { holds, loading: claimsLoading } = useClaimCheck();
  const mine = useMyClaims();
  const mayRead = holds('FormInstance_SelectList');
  // OData leaves soft-deleted rows out unless the filter names `isDeleted`.
  const query: ODataQueryOptions<FormInstanceDetailRecord> = {
    filter: odata.and<FormInstanceDetailRecord>(
      idEquals<FormInstanceDetailRecord>('formInstanceId', formInstanceId),
      odata.or(odata.eq('isDeleted', false), odata.eq('isDeleted', true)),
    ),
    expand: {
      form: { select: ['formId', 'name', 'pdfTemplate'] },
      formSchema: true,
    } as ODataQueryOptions<FormInstanceDetailRecord>['expand'],
  };
  const read = useQuery({
    ...entityQueries.formInstance(client, query as ODataQueryOptions<FormInstance>),
    enabled: mayRead,
  });
  const data = (read.data ?? null) as FormInstanceDetailRecord | null;
  const refused = (!claimsLoading && !mayRead) || (isApiError(read.error) && read.error.status === 403);
  const status: FormInstanceDetailController['instance']['status'] = refused
    ? 'forbidden'
    : claimsLoading || read.isPending
      ? 'loading'
      : read.isError
        ? isApiError(read.error) && read.error.status === 404
          ? 'missing'
          : 'error'
        : data
          ? 'ready'
          : 'missing';

  const readSigning = holds('Signing_AllowRead');
  const can: FormInstanceDetailAccess = {
    downloadPdf: holds('FormInstance_Select') && Boolean(data?.form?.pdfTemplate),
    downloadSigned: holds('Signing_DownloadDocument'),
    markCompleted: holds('Forms_MarkCompleted'),
    duplicate: holds('DynamicFormLinking_Duplicate'),
    copyEditLink: holds('ViewSubmissions_AllowRead') && holds('Forms_GetEditUrl'),
    viewLink: holds('ViewSubmissions_AllowRead') && holds('Forms_GetViewUrl'),
    requestSignature: readSigning && maySigningAction(mine.claims, 'request'),
    envelopes: readSigning && maySigningAction(mine.claims, 'list'),
    audit: readSigning && maySigningAction(mine.claims, 'read'),
  };
  const envelopes = useQuery({
    queryKey: [...ENVELOPES_KEY, formInstanceId.toLowerCase()],
    queryFn: ({ signal }) => client.signing.listEnvelopes({ formInstanceId: formInstanceId.toLowerCase() }, { signal }),
    enabled: can.envelopes && status === 'ready',
  });
  const envelopeList = envelopes.data ?? [];
  const auditReads = useQueries({
    queries: (can.audit ? envelopeList : []).map((envelope) => ({
      queryKey: ['signing', 'audit', envelope.envelopeId, envelope.lastUpdatedDateTime],
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        const [events, verification] = await Promise.all([
          client.signing.getAuditEvents(envelope.envelopeId, { signal }),
          client.signing.verifyAudit(envelope.envelopeId, { signal }),
        ]);
        return { events: events ?? [], verification: verification ?? undefined };
      },
    })),
  });
  const audits = new Map<string, EnvelopeAudit>(
    (can.audit ? envelopeList : []).map((envelope, index) => {
      const audit = auditReads[index];
      return [
        envelope.envelopeId,
        { events: audit?.data?.events, verification: audit?.data?.verification, isLoading: audit?.isLoading ?? false, error: audit?.error ?? null },
      ];
    }),
  );

  // Read again whenever the instance changed (its last change time is in the key).
  const mayReadHistory = holds('FormInstance_Select');
  const history = useQuery({
    queryKey: ['forms', 'statusHistory', formInstanceId.toLowerCase(), data?.lastUpdatedDateTime],
    queryFn: async ({ signal }) => (await client.forms.statusHistory(formInstanceId.toLowerCase(), { signal })) ?? [],
    enabled: mayReadHistory && status === 'ready',
  });

  const name = data ? instanceName(data) : formInstanceId.slice(-8);
  const actions = useDeleteActions('forminstance', {
    labels,
    onDone: (action) => {
      if (action === 'deletePermanently') onDeleted?.();
    },
  });
  const markCompletedMutation = useMarkCompleted();
  const duplicateMutation = useDuplicateInstance();
  const requestMutation = useRequestSignature();
  const [busy, setBusy] = useState<string | null>(null);
  const [requesting, setRequesting] = useState(false);
  const run = async (what: string, work: () => Promise<void>) => {
    if (busy) return;
    setBusy(what);
    try {
      await work();
    } finally {
      setBusy(null);
    }
  };
  const refreshEnvelopes = () => queryClient.invalidateQueries({ queryKey: ['signing'] });
  const requestBlock = data ? requestSignatureBlock(data, labels) : null;
  const editBlock = data ? editLinkBlock(data, labels) : null;
  const links = useInstanceLinks(labels);
  const live = data !== null && data.isDeleted !== true;

  return {
    labels,
    instance: { status, data, error: read.error, retry: () => void read.refetch(), retrying: read.isFetching },
    name,
    can,
    envelopes: { data: envelopeList, isLoading: envelopes.isLoading, error: envelopes.error, retry: () => void envelopes.refetch() },
    audits,
    history: { data: history.data ?? [], shown: mayReadHistory, isLoading: history.isLoading, error: history.error, retry: () => void history.refetch() },
    actions,
    deleteTarget: data ? { id: data.formInstanceId, name, etag: data['@odata.etag'] ?? null } : null,
    requestBlock,
    editLinkBlock: editBlock,
    busy,
    back: onBack,
    downloadPdf: () =>
      void run('pdf', async () => {
        try {
          const file = await client.forms.downloadPdf(formInstanceId);
          const saved = saveDownload(file, `${data?.form?.name ?? 'form'} - filled.pdf`);
          toast.success(fillLabel(labels.fidDownloaded, { file: saved }), labels);
        } catch (error) {
          toast.failure(fillLabel(labels.fidDownloadPdfFailed, { name }), error, labels);
        }
      }),
    downloadFile: (file) =>
      void run(file.fileId, async () => {
        try {
          const response = await client.send({ method: 'GET', path: '/api/FormFiles/Download', query: { fileId: file.fileId } });
          const saved = saveDownload({ data: await response.blob(), fileName: file.name }, file.name);
          toast.success(fillLabel(labels.fidDownloaded, { file: saved }), labels);
        } catch (error) {
          toast.failure(fillLabel(labels.fidDownloadFileFailed, { file: file.name }), error, labels);
        }
      }),
    downloadSigned: (envelope) =>
      void run(envelope.envelopeId, async () => {
        try {
          const file = await client.signing.downloadDocument(envelope.envelopeId);
          const saved = saveDownload(file, 'signed-document.pdf');
          toast.success(fillLabel(labels.fidDownloaded, { file: saved }), labels);
          await refreshEnvelopes();
        } catch (error) {
          toast.failure(fillLabel(labels.sgDownloadFailed, { name }), error, labels);
        }
      }),
    markCompleted: () => {
      if (!live || !can.markCompleted || data.status !== FormInstanceStatus.Submitted) return;
      void run('complete', async () => {
        try {
          await markCompletedMutation.mutateAsync(formInstanceId);
          toast.success(fillLabel(labels.markedCompletedToast, { name }), labels);
        } catch (error) {
          toast.failure(fillLabel(labels.markCompletedFailed, { name }), error, labels);
        }
      });
    },
    duplicate: () => {
      if (!live || !can.duplicate) return;
      void run('duplicate', async () => {
        try {
          const copy = await duplicateMutation.mutateAsync(formInstanceId);
          toast.success(fillLabel(labels.duplicatedToast, { name }), labels);
          if (copy?.formInstanceId) onOpenInstance?.(copy.formInstanceId);
        } catch (error) {
          toast.failure(fillLabel(labels.duplicateFailed, { name }), error, labels);
        }
      });
    },
    copyLink: (mode) => {
      if (!live || (mode === 'edit' ? !can.copyEditLink || editBlock !== null : !can.viewLink)) return;
      void run(`link-${mode}`, () => links.copy(formInstanceId, name, mode));
    },
    openViewLink: () => {
      if (live && can.viewLink) void run('link-view', () => links.openView(formInstanceId, name));
    },
    requesting,
    startRequest: () => {
      if (live && can.requestSignature && !requestBlock) setRequesting(true);
    },
    cancelRequest: () => setRequesting(false),
    submitRequest: async (request) => {
      try {
        await requestMutation.mutateAsync(request);
        toast.success(fillCount(labels.sgRequested, labels.sgRequestedOne, request.signers.length, locale), labels);
        setRequesting(false);
        await refreshEnvelopes();
        return true;
      } catch (error) {
        toast.failure(labels.sgRequestFailed, error, labels);
        return false;
      }
    },
  };
}
