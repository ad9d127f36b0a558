import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { EnvelopeStatus, type FormInstanceStatus } from '../../api/enums';
import * as odata from '../../api/odata';
import type { ODataQueryOptions } from '../../api/odata';
import type { AuditVerification, EnvelopeMailFailure, EnvelopeSigner, Form, FormInstance, SignatureRequest, SigningEnvelope } from '../../api/types';
import { isEnvelopeOpen, maySigningAction } from '../../domain/signing';
import type { SuggestedSigner } from '../../domain/signing/signer-suggestion';
import { useApi } from '../../query/APIProvider';
import { fillLabel, type Labels } from '../../query/labels';
import { useLabels } from '../../query/useLabels';
import { useLocale } from '../../query/useLocale';
import { fillCount } from '../../labels/format';
import { useMyClaims } from '../../permissions/useMyClaims';
import { useClaimCheck } from '../shared/access';
import { toast } from '../shared/toast';
import { LIST_PAGE_SIZES } from '../shared/useServerTable';
import { saveDownload } from '../FormInstanceList/download';
import { useSuggestedSigner } from './useSuggestedSigner';

/** A form instance as the Signing screen names it: its id and its form's name. */
export interface SigningInstance {
  formInstanceId: string;
  formName: string | null;
  /**
   * The signer the instance's answers name (its email, and a name), when the caller has read them: the request's first
   * signer row starts with it, for the person sending to check.
   */
  suggestedSigner?: SuggestedSigner | null;
  /**
   * The instance's status, when the caller has read it: one not submitted yet (Created or In progress) is sent with a
   * note that its answers lock while it is out for signature.
   */
  status?: FormInstanceStatus;
}

/** Options of {@link useSigningList}. */
export interface SigningListOptions {
  /** Overrides of the texts, which otherwise come from the `APIProvider` labels. */
  labels?: Partial<Labels>;
  /** Shows only the envelopes of this form instance (the Form Instances list links here with it). */
  formInstanceId?: string;
  /** Called by 'Show every envelope' while `formInstanceId` narrows the list; the host drops its filter. */
  onShowAll?: () => void;
  /**
   * Starts with only the envelopes whose e-mail could not be sent (the admin home's 'Needs attention' links here with
   * it); the person may turn the filter off. Without `state` only.
   */
  mailFailed?: boolean;
  /**
   * The list's filters and page, controlled by the host (with `onStateChange`): kept in its address, say, so that a
   * reload, a shared link or the browser's Back shows the same list. Without it the list keeps its own, starting from
   * {@link INITIAL_SIGNING_LIST_STATE} (with `mailFailed`).
   */
  state?: SigningListState;
  /** Called with the whole new state whenever the person changes the status filter, the mail filter, the page or its size. */
  onStateChange?: (state: SigningListState) => void;
}

/** The Signing screen's filters and page (see {@link SigningListOptions.state}). */
export interface SigningListState {
  /** Only envelopes in these statuses (none: every status). */
  statuses: readonly EnvelopeStatus[];
  /** Only the envelopes with e-mail that could not be sent. */
  mailFailed: boolean;
  /** The page shown, from 1. */
  page: number;
  /** Envelopes a page: one of the table's page sizes (20, 50, 100). */
  pageSize: number;
}

/** The Signing screen's state before the person changes anything: every envelope, newest first, the first page. */
export const INITIAL_SIGNING_LIST_STATE: SigningListState = Object.freeze({ statuses: [], mailFailed: false, page: 1, pageSize: LIST_PAGE_SIZES[0] });

/** Which envelope actions the signed-in user may take (the FormSigner claims; the server refuses anyway). */
export interface SigningAccess {
  list: boolean;
  /** Read one envelope, its audit trail and the trail's check. */
  read: boolean;
  request: boolean;
  /** Remind the signers and copy a signer's link. */
  update: boolean;
  void: boolean;
  download: boolean;
  /** True while the user's claims load (every action is false meanwhile). */
  loading: boolean;
}

/** What {@link useSigningList} returns and {@link SigningListView} renders. */
export interface SigningListController {
  labels: Labels;
  can: SigningAccess;
  /** The form instance whose envelopes are shown, or null for every envelope. */
  formInstanceId: string | null;
  /** What the instance filter is called: its form's name and the end of its id. */
  instanceName: string | null;
  /** Drops the instance filter, when the host said how. */
  showAll: (() => void) | undefined;
  statuses: readonly EnvelopeStatus[];
  setStatuses(statuses: readonly EnvelopeStatus[]): void;
  /** Only the envelopes with e-mail that could not be sent (`ListEnvelopes?mailFailed=true`). */
  mailFailedOnly: boolean;
  setMailFailedOnly(only: boolean): void;
  /** Drops the status and mail filters (the instance filter stays: {@link SigningListController.showAll} drops it). */
  clearFilters(): void;
  page: number;
  setPage(page: number): void;
  pageSize: number;
  setPageSize(size: number): void;
  /** The page shown and how many envelopes match the filter in all (`$count=true`). */
  result: {
    envelopes: readonly SigningEnvelope[];
    total: number;
    isLoading: boolean;
    isFetching: boolean;
    error: unknown;
    refetch(): void;
  };
  /** What an envelope is called in buttons and toasts: its instance's form name and the end of its id. */
  nameOf(envelope: SigningEnvelope): string;
  /** The id of the envelope an action runs on, or null. */
  busyId: string | null;
  remind(envelope: SigningEnvelope): void;
  /** Sends again one of an envelope's e-mails that failed (`Signing/ResendMail`). */
  resendMail(envelope: SigningEnvelope, failure: EnvelopeMailFailure): void;
  copyLink(envelope: SigningEnvelope, signer: EnvelopeSigner): void;
  download(envelope: SigningEnvelope): void;
  /** The envelope whose void dialog is open. */
  voiding: SigningEnvelope | null;
  requestVoid(envelope: SigningEnvelope): void;
  cancelVoid(): void;
  confirmVoid(reason: string): Promise<void>;
  /** The signature request dialog. */
  requestOpen: boolean;
  openRequest(): void;
  /**
   * The envelope whose request is being sent again (one declined, voided or expired): the dialog is for its instance
   * only, and starts from its signers and message. Null for a new request.
   */
  requestAgainOf: SigningEnvelope | null;
  /** That envelope's instance, as the dialog names it (null for a new request). */
  requestAgainInstance: SigningInstance | null;
  /** Opens the request dialog to send an ended envelope's request again. */
  requestAgain(envelope: SigningEnvelope): void;
  /**
   * Whether 'Request again' is offered for an envelope: the user may request, the envelope was declined or voided, and
   * it is still its instance's latest (one requested again since, or of a deleted instance, is not).
   */
  mayRequestAgain(envelope: SigningEnvelope): boolean;
  closeRequest(): void;
  /**
   * The form instances the request dialog offers (newest first), read while it is open; the one chosen carries the
   * signer its answers name once they are read.
   */
  instances: { data: readonly SigningInstance[]; isLoading: boolean };
  /** The request dialog's choice of form instance: its answers are read for the first signer. */
  chooseRequestInstance(formInstanceId: string | null): void;
  /** Sends a signature request; resolves true when the server accepted it. */
  submitRequest(request: SignatureRequest): Promise<boolean>;
  /** The audit trail checks asked for on this page, by envelope id. */
  audits: Readonly<Record<string, AuditCheck>>;
  /** Checks an envelope's audit trail (`Signing/VerifyAudit`); the result shows with the envelope. */
  verifyAudit(envelope: SigningEnvelope): void;
}

/** An audit trail check of one envelope: under way, its result, or why it could not be made. */
export type AuditCheck = { status: 'checking' } | { status: 'done'; result: AuditVerification } | { status: 'failed'; error: unknown };

/** The query key of every envelope read of this screen. */
const SIGNING_KEY = ['signing', 'envelopes'] as const;

/** Whether a signer's link may still be issued: the envelope is open and the signer has not acted. */
export function signerLinkOffered(envelope: SigningEnvelope, signer: EnvelopeSigner): boolean {
  return isEnvelopeOpen(envelope.status) && signer.status !== 'Signed' && signer.status !== 'Declined';
}

/**
 * The state of the Signing screen: one page of envelopes (newest first, filtered by status), each named by its
 * instance's form; request a signature, remind, copy a signer's link, void with a reason and download the signed
 * document, each offered only with its FormSigner claim and saying its result in a toast.
 */
export function useSigningList({ labels: overrides, formInstanceId: instanceFilter, onShowAll, mailFailed = false, state: controlledState, onStateChange }: SigningListOptions = {}): SigningListController {
  const labels = useLabels(overrides);
  const locale = useLocale();
  const { client } = useApi();
  const queryClient = useQueryClient();
  const mine = useMyClaims();
  const { holds } = useClaimCheck();
  const ready = !mine.isLoading && !mine.error;
  const may = (action: Parameters<typeof maySigningAction>[1]) => ready && maySigningAction(mine.claims, action);
  const can: SigningAccess = {
    list: may('list'),
    read: may('read'),
    request: may('request'),
    update: may('update'),
    void: may('void'),
    download: holds('Signing_DownloadDocument'),
    loading: mine.isLoading,
  };
  // The state is the host's when it gives one (`state`), else the list's own; every change goes to both.
  const [ownState, setOwnState] = useState<SigningListState>(() => ({ ...INITIAL_SIGNING_LIST_STATE, mailFailed }));
  const current = controlledState ?? ownState;
  const { statuses, mailFailed: mailFailedOnly, page, pageSize } = current;
  const change = (next: Partial<SigningListState>) => {
    const state = { ...current, ...next };
    setOwnState(state);
    onStateChange?.(state);
  };
  const [busyId, setBusyId] = useState<string | null>(null);
  const [voiding, setVoiding] = useState<SigningEnvelope | null>(null);
  const [requestOpen, setRequestOpen] = useState(false);
  const [requestInstanceId, setRequestInstanceId] = useState<string | null>(null);
  const [requestAgainOf, setRequestAgainOf] = useState<SigningEnvelope | null>(null);
  const suggestedSigner = useSuggestedSigner(requestOpen ? requestInstanceId : null);
  const [audits, setAudits] = useState<Readonly<Record<string, AuditCheck>>>({});
  const formInstanceId = instanceFilter ? instanceFilter.toLowerCase() : null;

  // The page with the count of every match, so the pager says 'of N' as the OData lists do.
  const list = useQuery({
    queryKey: [...SIGNING_KEY, { statuses, mailFailedOnly, page, pageSize, formInstanceId }],
    queryFn: ({ signal }) =>
      client.signing.listEnvelopePage(
        { statuses, top: pageSize, skip: (page - 1) * pageSize, ...(formInstanceId ? { formInstanceId } : {}), ...(mailFailedOnly ? { mailFailed: true } : {}) },
        { signal },
      ),
    enabled: can.list,
    placeholderData: keepPreviousData,
  });
  const envelopes: readonly SigningEnvelope[] = list.data?.value ?? [];

  // The forms of the instances on the page (and of the filtered instance), in one read.
  const ids = [...new Set([...envelopes.map((e) => e.formInstanceId.toLowerCase()), ...(formInstanceId ? [formInstanceId] : [])])].sort();
  const namesQuery: ODataQueryOptions<FormInstance> = {
    // An empty page asks nothing (an 'in' list needs a value).
    filter: ids.length ? odata.in<FormInstance>('formInstanceId', ids.map((id) => odata.guid(id))) : undefined,
    select: ['formInstanceId', 'formId', 'status', 'envelopeId'],
    expand: { form: { select: ['formId', 'name'] } } as ODataQueryOptions<FormInstance>['expand'],
    top: ids.length,
  };
  const names = useQuery({
    queryKey: ['signing', 'instance-names', ids],
    queryFn: async ({ signal }) => {
      const found = await client.odata.formInstances.list(namesQuery, { signal });
      const forms = new Map<string, string>();
      // Each live instance's latest envelope: only that one, once ended, is offered to be sent again.
      const latest = new Map<string, string | null>();
      // Each instance's status: one sent again before it was submitted gets the dialog's note.
      const statuses = new Map<string, FormInstanceStatus>();
      for (const row of (found?.value ?? []) as (FormInstance & { form?: Pick<Form, 'name'> | null })[]) {
        const id = row.formInstanceId.toLowerCase();
        if (row.form?.name) forms.set(id, row.form.name);
        latest.set(id, row.envelopeId?.toLowerCase() ?? null);
        statuses.set(id, row.status);
      }
      return { forms, latest, statuses };
    },
    enabled: ids.length > 0,
  });

  const instancesQuery: ODataQueryOptions<FormInstance> = {
    filter: odata.eq<FormInstance>('isDeleted', false),
    select: ['formInstanceId', 'formId', 'status', 'lastUpdatedDateTime'],
    expand: { form: { select: ['formId', 'name'] } } as ODataQueryOptions<FormInstance>['expand'],
    orderBy: [['lastUpdatedDateTime', 'desc']],
    top: 200,
  };
  const instances = useQuery({
    queryKey: ['signing', 'instances'],
    queryFn: async ({ signal }) => {
      const found = await client.odata.formInstances.list(instancesQuery, { signal });
      return ((found?.value ?? []) as (FormInstance & { form?: Pick<Form, 'name'> | null })[]).map(
        (row): SigningInstance => ({ formInstanceId: row.formInstanceId, formName: row.form?.name ?? null, status: row.status }),
      );
    },
    enabled: requestOpen && !requestAgainOf,
  });

  const offered = useMemo(
    () => (instances.data ?? []).map((row) => (row.formInstanceId === requestInstanceId ? { ...row, suggestedSigner } : row)),
    [instances.data, requestInstanceId, suggestedSigner],
  );

  const nameOfInstance = (id: string) => {
    const short = id.slice(-8);
    const form = names.data?.forms.get(id.toLowerCase());
    return form ? `${form} ${short}` : short;
  };
  const nameOf = (envelope: SigningEnvelope) => nameOfInstance(envelope.formInstanceId);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['signing'] });

  const run = async (envelope: SigningEnvelope, work: () => Promise<void>) => {
    if (busyId) return;
    setBusyId(envelope.envelopeId);
    try {
      await work();
    } finally {
      setBusyId(null);
    }
  };

  return {
    labels,
    can,
    formInstanceId,
    instanceName: formInstanceId ? nameOfInstance(formInstanceId) : null,
    showAll: formInstanceId ? onShowAll : undefined,
    statuses,
    setStatuses: (next) => change({ statuses: next, page: 1 }),
    mailFailedOnly,
    setMailFailedOnly: (only) => change({ mailFailed: only, page: 1 }),
    clearFilters: () => change({ statuses: [], mailFailed: false, page: 1 }),
    page,
    setPage: (next) => change({ page: next }),
    pageSize,
    setPageSize: (size) => change({ pageSize: size, page: 1 }),
    result: {
      envelopes,
      total: list.data?.['@odata.count'] ?? envelopes.length,
      isLoading: list.isLoading,
      isFetching: list.isFetching,
      error: list.error,
      refetch: () => void list.refetch(),
    },
    nameOf,
    busyId,
    remind: (envelope) =>
      void run(envelope, async () => {
        const name = nameOf(envelope);
        try {
          await client.signing.remindSigners(envelope.envelopeId);
          toast.success(fillLabel(labels.sgReminded, { name }), labels);
          await refresh();
        } catch (error) {
          toast.failure(fillLabel(labels.sgRemindFailed, { name }), error, labels);
        }
      }),
    resendMail: (envelope, failure) =>
      void run(envelope, async () => {
        const name = failure.toName;
        try {
          await client.signing.resendMail(envelope.envelopeId, failure.mailId);
          toast.success(fillLabel(labels.sgMailResent, { name }), labels);
          await refresh();
        } catch (error) {
          toast.failure(fillLabel(labels.sgResendMailFailed, { name }), error, labels);
        }
      }),
    copyLink: (envelope, signer) =>
      void run(envelope, async () => {
        const who = signer.name;
        try {
          const link = await client.signing.getSignerLink(envelope.envelopeId, signer.signerId);
          await navigator.clipboard.writeText(link?.url ?? '');
          toast.success(fillLabel(labels.sgLinkCopied, { signer: who }), labels);
        } catch (error) {
          toast.failure(fillLabel(labels.sgCopyLinkFailed, { signer: who }), error, labels);
        }
      }),
    download: (envelope) =>
      void run(envelope, async () => {
        const name = nameOf(envelope);
        try {
          const file = await client.signing.downloadDocument(envelope.envelopeId);
          const saved = saveDownload(file, 'signed-document.pdf');
          toast.success(fillLabel(labels.sgDownloaded, { file: saved }), labels);
        } catch (error) {
          toast.failure(fillLabel(labels.sgDownloadFailed, { name }), error, labels);
        }
      }),
    voiding,
    requestVoid: (envelope) => {
      if (!busyId) setVoiding(envelope);
    },
    cancelVoid: () => {
      if (!busyId) setVoiding(null);
    },
    confirmVoid: async (reason) => {
      const envelope = voiding;
      if (!envelope) return;
      await run(envelope, async () => {
        const name = nameOf(envelope);
        try {
          await client.signing.voidEnvelope(envelope.envelopeId, reason);
          toast.success(fillLabel(labels.sgVoided, { name }), labels);
          setVoiding(null);
          await refresh();
        } catch (error) {
          toast.failure(fillLabel(labels.sgVoidFailed, { name }), error, labels);
        }
      });
    },
    requestOpen,
    openRequest: () => {
      setRequestAgainOf(null);
      setRequestOpen(true);
    },
    requestAgainOf,
    requestAgainInstance: requestAgainOf
      ? {
          formInstanceId: requestAgainOf.formInstanceId,
          formName: names.data?.forms.get(requestAgainOf.formInstanceId.toLowerCase()) ?? null,
          status: names.data?.statuses.get(requestAgainOf.formInstanceId.toLowerCase()),
        }
      : null,
    mayRequestAgain: (envelope) =>
      can.request &&
      (envelope.status === EnvelopeStatus.Declined || envelope.status === EnvelopeStatus.Voided) &&
      names.data?.latest.get(envelope.formInstanceId.toLowerCase()) === envelope.envelopeId.toLowerCase(),
    requestAgain: (envelope) => {
      if (busyId) return;
      setRequestAgainOf(envelope);
      setRequestOpen(true);
    },
    closeRequest: () => {
      setRequestOpen(false);
      setRequestInstanceId(null);
      setRequestAgainOf(null);
    },
    instances: { data: offered, isLoading: instances.isLoading },
    chooseRequestInstance: setRequestInstanceId,
    audits,
    verifyAudit: (envelope) => {
      const id = envelope.envelopeId;
      if (audits[id]?.status === 'checking') return;
      const set = (check: AuditCheck) => setAudits((all) => ({ ...all, [id]: check }));
      set({ status: 'checking' });
      client.signing.verifyAudit(id).then(
        (result) => set(result ? { status: 'done', result } : { status: 'failed', error: null }),
        (error: unknown) => set({ status: 'failed', error }),
      );
    },
    submitRequest: async (request) => {
      try {
        await client.signing.requestSignature(request);
        toast.success(fillCount(labels.sgRequested, labels.sgRequestedOne, request.signers.length, locale), labels);
        setRequestOpen(false);
        setRequestAgainOf(null);
        await refresh();
        return true;
      } catch (error) {
        toast.failure(labels.sgRequestFailed, error, labels);
        return false;
      }
    },
  };
}

export { ENVELOPE_FILTER_STATUSES } from '../shared/envelope-status';
