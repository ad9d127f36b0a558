import { useQueries, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EnvelopeStatus, FormInstanceStatus } from '../../api/enums';
import { and, eq, ge } from '../../api/odata';
import type { Filter, ODataQueryOptions, ODataResult } from '../../api/odata';
import type { Form, FormInstance } from '../../api/types';
import { useCan, type ClaimName } from '../../permissions/useCan';
import { entityQueries } from '../../query/queries';
import type { Labels } from '../../query/labels';
import { useApi } from '../../query/useApi';
import { useLabels } from '../../query/useLabels';
import { instanceStatusLabel } from '../shared/instance-status';

/** How many days back the submissions chart counts. */
export const DASHBOARD_DAYS = 30;

/** How many rows the 'Latest submissions' and 'Forms changed recently' tiles list. */
export const DASHBOARD_LIST_SIZE = 5;

/**
 * The claim each tile of the dashboard needs, by key: the submissions tiles need 'View submissions', the forms tile
 * the 'Forms' menu entry, and each quick action the claim of the screen or button it leads to. A tile the user may
 * not use is not shown (and its data is not read).
 */
export const DASHBOARD_TILE_CLAIMS = {
  submissionsChart: 'ViewSubmissions_AllowRead',
  latestSubmissions: 'ViewSubmissions_AllowRead',
  recentForms: 'Forms_AllowRead',
  attentionToReview: 'ViewSubmissions_AllowRead',
  attentionWaiting: 'FormSigner_SelectList',
  newForm: 'CreateForm_AllowRead',
  previewForm: 'FormPreview_AllowRead',
  importPdf: 'FormGenerator_UploadPdf',
} as const satisfies Record<string, ClaimName>;

/** A tile of the dashboard. */
export type DashboardTile = keyof typeof DASHBOARD_TILE_CLAIMS;

/** The statuses the chart counts, in the order an instance moves through them. */
export const DASHBOARD_STATUSES = [
  FormInstanceStatus.Created,
  FormInstanceStatus.InProgress,
  FormInstanceStatus.Submitted,
  FormInstanceStatus.Completed,
] as const;

/** How many instances started in the period have one status. */
export interface StatusCount {
  status: FormInstanceStatus;
  /** The status's text (from the labels). */
  label: string;
  count: number;
}

/** A form instance as the 'Latest submissions' tile reads it: with its form's name. */
export type DashboardInstance = FormInstance & { form?: Pick<Form, 'name'> | null };

/**
 * What needs attention: the form instances handed in and waiting to be reviewed (status Submitted, not yet Completed),
 * the envelopes out for signature (Sent or Delivered), the envelopes with e-mail that could not be sent (an
 * invitation, reminder or completion that failed after its last retry, in any status), and the form instances whose
 * latest envelope a signer declined (one requested again no longer counts: the instance carries its latest envelope).
 * A count is null when the user may not read it.
 */
export interface DashboardAttention {
  toReview: number | null;
  waiting: number | null;
  mailFailed: number | null;
  /** Instances whose signature was declined (it needs ViewSubmissions and FormSigner_SelectList both). */
  declined: number | null;
}

/** The envelope statuses that count as waiting for signatures. */
export const DASHBOARD_WAITING_STATUSES = [EnvelopeStatus.Sent, EnvelopeStatus.Delivered] as const;

/** One tile's data: the rows (or counts), and whether they load or failed. */
export interface DashboardTileState<T> {
  /** Whether the user holds the tile's claim (false while the claims load). */
  visible: boolean;
  data: T;
  isLoading: boolean;
  error: Error | null;
  retry(): void;
}

/** Options of {@link useAdminDashboard}. */
export interface AdminDashboardOptions {
  /**
   * The end of the counted period (the 30 days before it are counted). Fixed when the dashboard mounts.
   * @default now
   */
  now?: Date;
  /** Overrides of the texts, which otherwise come from the `APIProvider` labels. */
  labels?: Partial<Labels>;
}

/** What {@link useAdminDashboard} returns; {@link AdminDashboardView} renders it. */
export interface AdminDashboardController {
  labels: Labels;
  /** The first moment counted. */
  since: Date;
  /** Instances started since `since`, by status (every status, zeros included). */
  submissions: DashboardTileState<readonly StatusCount[]>;
  /** The newest instances handed in (Submitted or Completed), the newest first. */
  latestSubmissions: DashboardTileState<readonly DashboardInstance[]>;
  /** The live forms changed last, the newest first. */
  recentForms: DashboardTileState<readonly Form[]>;
  /** What needs attention (each count with its own claim). */
  attention: DashboardTileState<DashboardAttention>;
  /** Whether the user may use each quick action. */
  actions: { newForm: boolean; previewForm: boolean; importPdf: boolean };
  /** True while the user's claims load (no tile shows yet). */
  claimsLoading: boolean;
}

// The newest instances handed in, each with its form's name (the form navigation, expanded).
const latestOptions: ODataQueryOptions<DashboardInstance> = {
  filter: and<DashboardInstance>(eq('isDeleted', false), ge('status', FormInstanceStatus.Submitted)),
  orderBy: [['lastUpdatedDateTime', 'desc']],
  top: DASHBOARD_LIST_SIZE,
  expand: { form: { select: ['name'] } },
};

const firstError = (errors: readonly (Error | null)[]) => errors.find((e) => e !== null) ?? null;

/**
 * The admin dashboard's state: how many form instances were started in the last 30 days, by status (one OData count
 * per status: `$filter` on `createdDateTime` and `status`, `$top=0&$count=true`, so no row travels), the latest
 * submissions and the forms changed recently. Each tile reads only when the user holds its claim.
 */
export function useAdminDashboard({ now, labels: overrides }: AdminDashboardOptions = {}): AdminDashboardController {
  const labels = useLabels(overrides);
  const { client } = useApi();
  const [since] = useState(() => new Date((now ?? new Date()).getTime() - DASHBOARD_DAYS * 86_400_000));
  const submissionsClaim = useCan(DASHBOARD_TILE_CLAIMS.submissionsChart);
  const formsClaim = useCan(DASHBOARD_TILE_CLAIMS.recentForms);
  const newFormClaim = useCan(DASHBOARD_TILE_CLAIMS.newForm);
  const previewClaim = useCan(DASHBOARD_TILE_CLAIMS.previewForm);
  const importPdfClaim = useCan(DASHBOARD_TILE_CLAIMS.importPdf);
  const waitingClaim = useCan(DASHBOARD_TILE_CLAIMS.attentionWaiting);
  const canSubmissions = submissionsClaim.can;
  const canForms = formsClaim.can;
  const canWaiting = waitingClaim.can;
  const canDeclined = canSubmissions && canWaiting;

  /** How many live instances match `filters`: a `$count` read that sends no row. */
  const instanceCount = (enabled: boolean, ...filters: Filter<FormInstance>[]) => ({
    ...entityQueries.formInstances(client, { filter: and<FormInstance>(eq('isDeleted', false), ...filters), top: 0, count: true }),
    enabled,
  });
  const counts = useQueries({
    queries: DASHBOARD_STATUSES.map((status) => instanceCount(canSubmissions, ge('createdDateTime', since), eq('status', status))),
  });
  const latest = useQuery({
    ...entityQueries.formInstances(client, latestOptions as ODataQueryOptions<FormInstance>),
    enabled: canSubmissions,
  });
  const forms = useQuery({
    ...entityQueries.forms(client, {
      filter: eq<Form>('isDeleted', false),
      orderBy: [['lastUpdatedDateTime', 'desc']],
      top: DASHBOARD_LIST_SIZE,
    }),
    enabled: canForms,
  });

  // Every instance handed in and not yet completed, whenever it was started.
  const toReview = useQuery(instanceCount(canSubmissions, eq('status', FormInstanceStatus.Submitted)));
  const declined = useQuery(instanceCount(canDeclined, eq('envelopeStatus', EnvelopeStatus.Declined)));
  const waiting = useQuery({
    queryKey: ['signing', 'envelopes', 'dashboard-waiting'],
    queryFn: ({ signal }) => client.signing.listEnvelopePage({ statuses: DASHBOARD_WAITING_STATUSES, top: 1 }, { signal }),
    enabled: canWaiting,
  });
  const mailFailed = useQuery({
    queryKey: ['signing', 'envelopes', 'dashboard-mail-failed'],
    queryFn: ({ signal }) => client.signing.listEnvelopePage({ mailFailed: true, top: 1 }, { signal }),
    enabled: canWaiting,
  });

  const countErrors = counts.map((q) => q.error);
  return {
    labels,
    since,
    submissions: {
      visible: canSubmissions,
      data: DASHBOARD_STATUSES.map((status, i) => {
        const page = counts[i]?.data as ODataResult<FormInstance> | undefined;
        return { status, label: instanceStatusLabel(status, labels, 'dash'), count: page?.['@odata.count'] ?? 0 };
      }),
      isLoading: counts.some((q) => q.isLoading),
      error: firstError(countErrors),
      retry: () => counts.forEach((q) => q.error && void q.refetch()),
    },
    latestSubmissions: {
      visible: canSubmissions,
      data: (latest.data?.value ?? []) as DashboardInstance[],
      isLoading: latest.isLoading,
      error: latest.error,
      retry: () => void latest.refetch(),
    },
    recentForms: {
      visible: canForms,
      data: forms.data?.value ?? [],
      isLoading: forms.isLoading,
      error: forms.error,
      retry: () => void forms.refetch(),
    },
    attention: {
      visible: canSubmissions || canWaiting,
      data: {
        toReview: canSubmissions ? ((toReview.data as ODataResult<FormInstance> | undefined)?.['@odata.count'] ?? 0) : null,
        waiting: canWaiting ? (waiting.data?.['@odata.count'] ?? 0) : null,
        mailFailed: canWaiting ? (mailFailed.data?.['@odata.count'] ?? 0) : null,
        declined: canDeclined ? ((declined.data as ODataResult<FormInstance> | undefined)?.['@odata.count'] ?? 0) : null,
      },
      isLoading:
        (canSubmissions && toReview.isLoading) || (canWaiting && (waiting.isLoading || mailFailed.isLoading)) || (canDeclined && declined.isLoading),
      error: firstError([toReview.error, waiting.error, mailFailed.error, declined.error]),
      retry: () => {
        if (toReview.error) void toReview.refetch();
        if (declined.error) void declined.refetch();
        if (waiting.error) void waiting.refetch();
        if (mailFailed.error) void mailFailed.refetch();
      },
    },
    actions: { newForm: newFormClaim.can, previewForm: previewClaim.can, importPdf: newFormClaim.can && importPdfClaim.can },
    claimsLoading: submissionsClaim.isLoading || waitingClaim.isLoading,
  };
}
