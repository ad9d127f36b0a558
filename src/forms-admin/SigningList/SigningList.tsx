import {
  Button,
  Checkbox,
  Group,
  Menu,
  Modal,
  MultiSelect,
  Stack,
  Text,
  Textarea,
  factory,
  useProps,
  type BoxProps,
  type StylesApiProps,
} from '@mantine/core';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { EnvelopeStatus } from '../../api/enums';
import type { AuditVerification, SignerStatus, SigningEnvelope } from '../../api/types';
import { isEnvelopeOpen, SIGNING_LIMITS } from '../../domain/signing';
import { envelopeStatusName } from '../../labels/envelope-status-labels';
import { fillCount, fillNumbers, formatMoment } from '../../labels/format';
import { fillLabel, type Labels } from '../../query/labels';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { EnvelopeStatusBadge } from '../shared/EnvelopeStatusBadge';
import { tablePagingTexts } from '../shared/useServerTable';
import { READABLE_FORM_COLORS } from '../../ui/contrast';
import { RequestSignatureDialog } from './RequestSignatureDialog';
import { ENVELOPE_FILTER_STATUSES, signerLinkOffered, useSigningList, type AuditCheck, type SigningListController, type SigningListOptions } from './useSigningList';
import { AccessGate, ScreenPage, screenClasses, useScreenStyles, type ScreenFactory, optionKeys, useScreenController } from '../shared/screen';
import { TableEmptyMessage, TableEmptyState } from '../shared/TableEmptyState';
import { useStackedColumns } from '../../ui/stacked-columns';
import { useLocale } from '../../query/useLocale';

/** The inner parts of the Signing screen that `classNames` / `styles` reach. */
export type SigningListStylesNames = 'root' | 'filters' | 'table' | 'dialog';

/** Props of {@link SigningListView}: the controller {@link useSigningList} returned, with Mantine's box and Styles API props. */
export interface SigningListViewProps extends BoxProps, StylesApiProps<SigningListViewFactory> {
  /** What {@link useSigningList} returned. */
  controller: SigningListController;
}

/** Mantine's factory type of {@link SigningListView}: its props, root element and part names, for the Styles API's typing. */
export type SigningListViewFactory = ScreenFactory<SigningListViewProps, SigningListStylesNames>;

const classes = screenClasses<SigningListStylesNames>('SigningList', ['root', 'filters', 'table', 'dialog']);

const SIGNER_STATUS_LABELS: Readonly<Record<SignerStatus, keyof Labels>> = {
  Created: 'sgSignerStatusCreated',
  Sent: 'sgSignerStatusSent',
  Delivered: 'sgSignerStatusDelivered',
  Signed: 'sgSignerStatusSigned',
  Declined: 'sgSignerStatusDeclined',
};

/** The reminder schedule of an open envelope in words, or null when it has none. */
export function reminderScheduleText(envelope: SigningEnvelope, labels: Labels): string | null {
  const days = envelope.reminderEveryDays;
  if (!days || !isEnvelopeOpen(envelope.status)) return null;
  return days === 1 ? labels.sgReminderScheduleDaily : fillLabel(labels.sgReminderSchedule, { days });
}

/** An envelope's e-mail that failed: to whom, why, and 'Send again' with the claim to remind. */
function MailFailures({ c, envelope }: { c: SigningListController; envelope: SigningEnvelope }) {
  const { labels } = c;
  const failures = envelope.mailFailures ?? [];
  if (failures.length === 0) return null;
  return (
    <Stack gap={2}>
      {failures.map((f) => (
        <Group key={f.mailId} gap={6} wrap="nowrap" align="flex-start">
          <Text size="sm" fw={600} c="light-dark(var(--mantine-color-red-9), var(--mantine-color-red-4))">
            {fillLabel(labels.sgMailFailed, { name: f.toName, email: f.toEmail, reason: f.error })}
          </Text>
          {c.can.update && (
            <Button
              size="compact-xs"
              variant="default"
              // Its whole word beside a long reason: the reason wraps, the button keeps its width.
              style={{ flexShrink: 0 }}
              aria-label={fillLabel(labels.sgResendMailNamed, { name: f.toName })}
              loading={c.busyId === envelope.envelopeId}
              disabled={c.busyId !== null && c.busyId !== envelope.envelopeId}
              onClick={() => c.resendMail(envelope, f)}
            >
              {labels.sgResendMail}
            </Button>
          )}
        </Group>
      ))}
    </Stack>
  );
}

function Signers({ envelope, labels }: { envelope: SigningEnvelope; labels: Labels }) {
  const signers = [...envelope.signers].sort((a, b) => a.routingOrder - b.routingOrder);
  const schedule = reminderScheduleText(envelope, labels);
  return (
    <Stack gap={2}>
      {signers.map((s) => (
        <Text key={s.signerId} size="sm">
          {fillLabel(labels.sgSignerState, { order: s.routingOrder, name: s.name, email: s.email, status: labels[SIGNER_STATUS_LABELS[s.status]] ?? s.status })}
        </Text>
      ))}
      {schedule && <Text size="sm">{schedule}</Text>}
      {envelope.status === EnvelopeStatus.Voided && envelope.voidedReason && <Text size="sm">{fillLabel(labels.sgVoidedBecause, { reason: envelope.voidedReason })}</Text>}
      {envelope.status === EnvelopeStatus.Declined && envelope.declinedReason && (
        <Text size="sm">{fillLabel(labels.sgDeclinedBecause, { reason: envelope.declinedReason })}</Text>
      )}
    </Stack>
  );
}

/**
 * An audit trail check in words: 'Audit trail intact: 7 events', 'Event 5 of 7 was changed after it was written', a
 * deleted event or deleted last events; a trail written before trails were keyed says so. Numbers in `locale`.
 */
export function auditCheckText(result: AuditVerification, labels: Labels, locale?: string): string {
  const count = Math.max(result.expectedEventCount ?? 0, result.eventCount);
  const n = result.firstBrokenSequence ?? count;
  const text =
    result.problem === null
      ? fillCount(labels.sgAuditIntact, labels.sgAuditIntactOne, count, locale)
      : result.problem === 'changed'
        ? fillNumbers(labels.sgAuditChanged, { n, count }, locale)
        : result.problem === 'missing'
          ? fillNumbers(labels.sgAuditMissing, { n, count }, locale)
          : result.problem === 'truncated'
            ? fillNumbers(labels.sgAuditTruncated, { missing: count - result.eventCount, count }, locale)
            : fillNumbers(labels.sgAuditBroken, { n, count }, locale);
  return result.keyed ? text : `${text} ${labels.sgAuditUnkeyed}`;
}

/** The result of an envelope's audit trail check, when one was asked for (a live region: it is announced). */
function AuditResult({ check, labels }: { check: AuditCheck | undefined; labels: Labels }) {
  const locale = useLocale();
  if (!check) return null;
  const broken = (check.status === 'done' && !check.result.valid) || check.status === 'failed';
  const text = check.status === 'checking' ? labels.sgAuditChecking : check.status === 'done' ? auditCheckText(check.result, labels, locale) : labels.sgAuditFailed;
  return (
    <Text size="sm" role="status" fw={broken ? 600 : undefined} c={broken ? 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-4))' : 'var(--mantine-color-text)'}>
      {text}
    </Text>
  );
}

/** A row's actions: 'Download' when completed, 'Request again' when declined or voided (and still the latest), 'Remind' and the menu of links and 'Void' while open. */
function RowActions({ c, envelope }: { c: SigningListController; envelope: SigningEnvelope }) {
  const { labels, can } = c;
  const name = c.nameOf(envelope);
  const busy = c.busyId === envelope.envelopeId;
  const blocked = c.busyId !== null && !busy;
  const open = isEnvelopeOpen(envelope.status);
  const linkSigners = can.update ? envelope.signers.filter((s) => signerLinkOffered(envelope, s)) : [];
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {can.read && (
        <Button
          size="compact-sm"
          variant="subtle"
          aria-label={fillLabel(labels.sgAuditVerifyNamed, { name })}
          loading={c.audits[envelope.envelopeId]?.status === 'checking'}
          onClick={() => c.verifyAudit(envelope)}
        >
          {labels.sgAuditVerify}
        </Button>
      )}
      {envelope.status === EnvelopeStatus.Completed && can.download && (
        <Button size="compact-sm" variant="subtle" aria-label={fillLabel(labels.sgDownloadNamed, { name })} loading={busy} disabled={blocked} onClick={() => c.download(envelope)}>
          {labels.sgDownload}
        </Button>
      )}
      {c.mayRequestAgain(envelope) && (
        <Button size="compact-sm" variant="subtle" aria-label={fillLabel(labels.sgRequestAgainNamed, { name })} disabled={c.busyId !== null} onClick={() => c.requestAgain(envelope)}>
          {labels.sgRequestAgain}
        </Button>
      )}
      {open && can.update && (
        <Button size="compact-sm" variant="subtle" aria-label={fillLabel(labels.sgRemindNamed, { name })} loading={busy} disabled={blocked} onClick={() => c.remind(envelope)}>
          {labels.sgRemind}
        </Button>
      )}
      {open && (linkSigners.length > 0 || can.void) && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button size="compact-sm" variant="subtle" aria-label={fillLabel(labels.sgMoreActions, { name })} disabled={c.busyId !== null}>
              …
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {linkSigners.map((s) => (
              <Menu.Item key={s.signerId} onClick={() => c.copyLink(envelope, s)}>
                {fillLabel(labels.sgCopyLink, { signer: s.name })}
              </Menu.Item>
            ))}
            {can.void && (
              // In the text colour: Mantine's red.6 menu text is under 4.5:1 on white; the dialog says what voiding does.
              <Menu.Item onClick={() => c.requestVoid(envelope)} aria-label={fillLabel(labels.sgVoidNamed, { name })}>
                {labels.sgVoid}
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}

function columns(c: SigningListController, locale: string | undefined): DataTableColumn<SigningEnvelope>[] {
  const { labels } = c;
  return [
    { accessor: 'status', title: labels.sgColumnStatus, render: (e) => <EnvelopeStatusBadge status={e.status} /> },
    { accessor: 'formInstanceId', title: labels.sgColumnForm, render: (e) => c.nameOf(e) },
    {
      accessor: 'signers',
      title: labels.sgColumnSigners,
      render: (e) => (
        <Stack gap={2}>
          <Signers envelope={e} labels={labels} />
          <MailFailures c={c} envelope={e} />
          <AuditResult check={c.audits[e.envelopeId]} labels={labels} />
        </Stack>
      ),
    },
    { accessor: 'sentDateTime', title: labels.sgColumnSent, render: (e) => formatMoment(e.sentDateTime ?? e.createdDateTime, locale) },
    { accessor: 'lastUpdatedDateTime', title: labels.sgColumnUpdated, render: (e) => formatMoment(e.lastUpdatedDateTime, locale) },
    { accessor: 'expiresAt', title: labels.sgColumnExpires, render: (e) => (isEnvelopeOpen(e.status) ? formatMoment(e.expiresAt, locale) : '') },
    { accessor: 'actions', title: labels.sgColumnActions, textAlign: 'right', render: (e) => <RowActions c={c} envelope={e} /> },
  ];
}

/** The void dialog: a reason is required (the server records it in the audit trail). */
function VoidDialog({ c, className }: { c: SigningListController; className?: string }) {
  const { labels } = c;
  const locale = useLocale();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  // Required, and at most the server's length: said (as it is typed once too long), the text kept whole.
  const length = reason.trim().length;
  const problem =
    length > SIGNING_LIMITS.maxReasonLength
      ? fillNumbers(labels.sgVoidReasonTooLong, { max: SIGNING_LIMITS.maxReasonLength, count: length }, locale)
      : tried && length === 0
        ? labels.sgVoidReasonRequired
        : undefined;
  const envelope = c.voiding;
  const name = envelope ? c.nameOf(envelope) : '';
  const close = () => {
    setReason('');
    setTried(false);
    c.cancelVoid();
  };
  return (
    <Modal opened={envelope !== null} onClose={close} title={fillLabel(labels.sgVoidTitle, { name })} closeButtonProps={{ 'aria-label': labels.close }} className={className}>
      <form
        noValidate
        style={READABLE_FORM_COLORS}
        onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
          if (length === 0 || length > SIGNING_LIMITS.maxReasonLength) return;
          void c.confirmVoid(reason.trim()).then(() => {
            setReason('');
            setTried(false);
          });
        }}
      >
        <Stack gap="md">
          <Text size="sm">{labels.sgVoidMessage}</Text>
          <Textarea
            label={labels.sgVoidReason}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            required
            error={problem}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={c.busyId !== null}>
              {labels.cancel}
            </Button>
            <Button type="submit" color="red" loading={c.busyId !== null}>
              {labels.sgVoid}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Renders a {@link useSigningList} controller. It renders only; it never fetches. */
export const SigningListView = factory<SigningListViewFactory>((_props) => {
  const props = useProps('SigningList', null, _props);
  const locale = useLocale();
  const { getStyles, others: viewProps } = useScreenStyles<SigningListViewFactory>('SigningList', classes, props);
  const { controller: c, ...others } = viewProps;
  const { labels, result } = c;
  const records = [...result.envelopes];
  const fetching = result.isLoading || result.isFetching;
  const stack = useStackedColumns(columns(c, locale));
  // An empty list under a filter says nothing matches; with no filter nothing has been sent yet, which says how to send.
  const filtered = c.statuses.length > 0 || c.formInstanceId !== null || c.mailFailedOnly;
  const emptyText = filtered ? labels.sgEmpty : labels.sgEmptyNone;
  const emptyState = (
    <TableEmptyMessage
      message={emptyText}
      hint={!filtered && c.can.request ? labels.sgEmptyNoneHint : undefined}
      action={c.statuses.length > 0 || c.mailFailedOnly ? { label: labels.sgClearFilters, onClick: c.clearFilters } : undefined}
    />
  );
  return (
    <ScreenPage
      labels={labels}
      title={labels.sgTitle}
      subtitle={labels.sgSubtitle}
      actions={c.can.request ? <Button onClick={c.openRequest}>{labels.sgRequest}</Button> : undefined}
      {...getStyles('root')}
      {...others}
    >
      <AccessGate allowed={c.can.list} loading={c.can.loading} refusal={labels.sgNoAccessToList}>
        <Stack gap="md">
          <div role="group" aria-label={labels.sgFilters} {...getStyles('filters')}>
            {c.formInstanceId && (
              <Group gap="sm" mb="xs">
                <Text size="sm" fw={600}>
                  {fillLabel(labels.sgFilterInstance, { name: c.instanceName ?? '' })}
                </Text>
                {c.showAll && (
                  <Button size="compact-sm" variant="default" onClick={c.showAll}>
                    {labels.sgShowAllEnvelopes}
                  </Button>
                )}
              </Group>
            )}
            <MultiSelect
              label={labels.sgFilterStatus}
              placeholder={c.statuses.length ? undefined : labels.sgFilterAny}
              data={ENVELOPE_FILTER_STATUSES.map((s) => ({ value: String(s), label: envelopeStatusName(s, labels) }))}
              value={c.statuses.map(String)}
              onChange={(values) => c.setStatuses(values.map((v) => Number(v) as EnvelopeStatus))}
              clearable
              w={320}
            />
            <Checkbox
              mt="sm"
              label={labels.sgFilterMailFailed}
              checked={c.mailFailedOnly}
              onChange={(event) => c.setMailFailedOnly(event.currentTarget.checked)}
            />
          </div>
          {result.error && result.envelopes.length === 0 ? (
            <ErrorAlert message={labels.sgLoadFailed} error={result.error} onRetry={result.refetch} retrying={result.isFetching} />
          ) : (
            <div ref={stack.ref}>
            <DataTable<SigningEnvelope>
              aria-label={labels.sgTitle}
              withTableBorder
              borderRadius="sm"
              minHeight={records.length === 0 ? 180 : undefined}
              idAccessor="envelopeId"
              records={records}
              columns={stack.columns}
              fetching={fetching}
              totalRecords={result.total}
              page={c.page}
              onPageChange={c.setPage}
              recordsPerPage={c.pageSize}
              onRecordsPerPageChange={c.setPageSize}
              {...tablePagingTexts(labels, locale)}
              noRecordsText={emptyText}
              emptyState={<TableEmptyState shown={records.length === 0 && !fetching}>{emptyState}</TableEmptyState>}
              {...getStyles('table')}
            />
            </div>
          )}
        </Stack>
      </AccessGate>
      <VoidDialog c={c} className={getStyles('dialog').className} />
      {c.can.request && (
        <RequestSignatureDialog
          opened={c.requestOpen}
          labels={labels}
          instances={c.instances}
          instance={c.requestAgainInstance ?? undefined}
          again={c.requestAgainOf}
          onInstanceChange={c.chooseRequestInstance}
          onClose={c.closeRequest}
          onSubmit={c.submitRequest}
          className={getStyles('dialog').className}
        />
      )}
    </ScreenPage>
  );
});
SigningListView.displayName = '@ccq/forms-admin/SigningListView';

/** Props of {@link SigningList}: the options of {@link useSigningList} and the props of {@link SigningListView} but its controller. */
export interface SigningListProps extends SigningListOptions, Omit<SigningListViewProps, 'controller'> {}

/** Mantine's factory type of {@link SigningList}: its props, root element and part names, for the Styles API's typing. */
export type SigningListFactory = ScreenFactory<SigningListProps, SigningListStylesNames>;

/** The props of {@link SigningList} its controller hook reads. */
const SIGNING_LIST_OPTIONS = optionKeys<SigningListOptions>()('labels', 'formInstanceId', 'onShowAll', 'mailFailed', 'state', 'onStateChange');

/**
 * The Signing screen (the Signing menu): envelopes newest first, paged on the server and filtered by status (by the
 * spec's names), each with its form, its signers in order and where each is, and its dates; 'Request a signature'
 * (instance, signers with name, email and order, message, optional expiry), 'Remind', 'Copy link' of a signer who has
 * not acted, 'Void' with a reason, and 'Download' of a completed envelope's signed document. Each button shows only
 * with its FormSigner claim (download: Signing_DownloadDocument); the server refuses anyway. `formInstanceId` narrows the
 * list to one form instance's envelopes. Router-free.
 */
export const SigningList = factory<SigningListFactory>((props) => {
  const { controller, viewProps } = useScreenController('SigningList', props, SIGNING_LIST_OPTIONS, useSigningList);
  return <SigningListView controller={controller} {...viewProps} />;
});
SigningList.displayName = '@ccq/forms-admin/SigningList';
