import { Alert, Button, Group, List, Menu, Paper, SimpleGrid, Stack, Text, Title, factory, useProps, type BoxProps, type StylesApiProps } from '@mantine/core';
import { formatMoment } from '../../labels/format';
import { useMemo, type ReactNode } from 'react';
import { EnvelopeStatus, FormInstanceStatus } from '../../api/enums';
import type { FormInstanceStatusChange, SigningEnvelope, SignerStatus, SigningAuditEvent } from '../../api/types';
import { FormRenderer, type FormRendererProps } from '../../forms/FormRenderer';
import type { FormLabels } from '../../forms/labels';
import { fillLabel, type Labels } from '../../query/labels';
import { useLocale } from '../../query/useLocale';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { LoadingState } from '../../ui/LoadingState';
import { DeletedBadge, DeleteConfirmDialog, RowDeleteActions } from '../shared/DeleteActions';
import { EnvelopeStatusBadge } from '../shared/EnvelopeStatusBadge';
import { InstanceStatusBadge } from '../shared/InstanceStatusBadge';
import { ReasonMenuItem } from '../shared/ReasonMenuItem';
import { instanceStatusLabel } from '../shared/instance-status';
import { ColumnsTable } from '../../ui/stacked-columns';
import type { DataTableColumn } from 'mantine-datatable';
import { backButton, ScreenPage, ScreenReadPage, SectionCard, screenClasses, useScreenStyles, type ScreenFactory, optionKeys, useScreenController } from '../shared/screen';
import { auditCheckText, reminderScheduleText } from '../SigningList/SigningList';
import { RequestSignatureDialog } from '../SigningList/RequestSignatureDialog';
import { signerFromAnswers } from '../../domain/signing/signer-suggestion';
import { useFormInstanceDetail, type EnvelopeAudit, type FormInstanceDetailController, type FormInstanceDetailOptions } from './useFormInstanceDetail';

/** The inner parts of one form instance's page that `classNames` / `styles` reach. */
export type FormInstanceDetailStylesNames = 'root' | 'details' | 'history' | 'answers' | 'signatures' | 'dialog';

/** Props of {@link FormInstanceDetailView}: the controller {@link useFormInstanceDetail} returned, with Mantine's box and Styles API props. */
export interface FormInstanceDetailViewProps extends BoxProps, StylesApiProps<FormInstanceDetailViewFactory> {
  /** What {@link useFormInstanceDetail} returned. */
  controller: FormInstanceDetailController;
  /**
   * The host's widget kinds, merged over the built-in ones, for the answers in view mode (as `FormInstanceViewer`'s
   * `widgets`). Pass a stable object (module level).
   */
  widgets?: FormRendererProps['widgets'];
  /** Overrides of the form's own texts in the answers (as `FormInstanceViewer`'s `formLabels`). */
  formLabels?: Partial<FormLabels>;
}

/** Mantine's factory type of {@link FormInstanceDetailView}: its props, root element and part names, for the Styles API's typing. */
export type FormInstanceDetailViewFactory = ScreenFactory<FormInstanceDetailViewProps, FormInstanceDetailStylesNames>;

const classes = screenClasses<FormInstanceDetailStylesNames>('FormInstanceDetail', ['root', 'details', 'history', 'answers', 'signatures', 'dialog']);

const SIGNER_STATUS_LABELS: Readonly<Record<SignerStatus, keyof Labels>> = {
  Created: 'sgSignerStatusCreated',
  Sent: 'sgSignerStatusSent',
  Delivered: 'sgSignerStatusDelivered',
  Signed: 'sgSignerStatusSigned',
  Declined: 'sgSignerStatusDeclined',
};

const AUDIT_KIND_LABELS: Readonly<Record<SigningAuditEvent['kind'], keyof Labels>> = {
  created: 'fidAuditKind_created',
  sent: 'fidAuditKind_sent',
  opened: 'fidAuditKind_opened',
  signed: 'fidAuditKind_signed',
  declined: 'fidAuditKind_declined',
  voided: 'fidAuditKind_voided',
  reminded: 'fidAuditKind_reminded',
  downloaded: 'fidAuditKind_downloaded',
  completed: 'fidAuditKind_completed',
};

/** A term and its value in the details card. */
function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600} component="dt">
        {term}
      </Text>
      <Text size="sm" component="dd" m={0}>
        {children}
      </Text>
    </Stack>
  );
}

/** The status history, oldest first: when, the change, and who made it (a visitor through their public link). */
function StatusHistory({ changes, labels, locale }: { changes: readonly FormInstanceStatusChange[]; labels: Labels; locale: string | undefined }) {
  if (changes.length === 0) return <Text size="sm">{labels.fidHistoryNone}</Text>;
  const columns: DataTableColumn<FormInstanceStatusChange>[] = [
    { accessor: 'changedDateTime', title: labels.fidHistoryWhen, render: (change) => formatMoment(change.changedDateTime, locale) },
    {
      accessor: 'toStatus',
      title: labels.fidHistoryChange,
      render: (change) => {
        const to = instanceStatusLabel(change.toStatus, labels);
        return change.fromStatus === null ? fillLabel(labels.fidHistoryCreated, { to }) : fillLabel(labels.fidHistoryFromTo, { from: instanceStatusLabel(change.fromStatus, labels), to });
      },
    },
    { accessor: 'changedBy', title: labels.fidHistoryBy, render: (change) => (change.changedBy === null ? labels.fidHistoryVisitor : change.changedBy.name || labels.fidHistoryUnknownUser) },
  ];
  // The changes carry no id: their order (oldest first) and time tell them apart.
  return <ColumnsTable striped records={changes} rowKey={(change, index) => `${index}-${String(change.changedDateTime)}`} columns={columns} minWidth={420} />;
}

/** An envelope's audit trail (oldest first) and its check. */
function AuditTrail({ audit, envelope, labels, locale }: { audit: EnvelopeAudit; envelope: SigningEnvelope; labels: Labels; locale: string | undefined }) {
  const signerName = (id: string | null) => envelope.signers.find((s) => s.signerId === id)?.name;
  if (audit.isLoading) return <LoadingState />;
  if (audit.error) return <Text size="sm">{labels.fidAuditFailed}</Text>;
  const broken = audit.verification !== undefined && !audit.verification.valid;
  return (
    <Stack gap={4}>
      <Title order={4} size="h6">
        {labels.fidAuditTrail}
      </Title>
      <List size="sm" spacing={2}>
        {(audit.events ?? []).map((event) => {
          const who = signerName(event.signerId);
          const text = fillLabel(labels.fidAuditEvent, { at: formatMoment(event.at, locale), kind: labels[AUDIT_KIND_LABELS[event.kind]] ?? event.kind });
          return <List.Item key={event.sequence}>{who ? `${text} (${who})` : text}</List.Item>;
        })}
      </List>
      {audit.verification && (
        <Text size="sm" fw={broken ? 600 : undefined} c={broken ? 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-4))' : 'var(--mantine-color-text)'}>
          {auditCheckText(audit.verification, labels, locale)}
        </Text>
      )}
    </Stack>
  );
}

/**
 * 'Links': the instance's public links, opened or copied to send. 'Copy edit link' is disabled, with the reason under
 * it, when a visitor holding the link could not save (a Submitted instance, answers out for signature or signed).
 */
function LinksMenu({ c }: { c: FormInstanceDetailController }) {
  const { labels } = c;
  const busy = c.busy !== null;
  return (
    // No initial-focus placeholder: Mantine's is a focusable role="presentation" div inside role="menu", which axe
    // refuses (aria-required-children); the open menu focuses its first item instead.
    <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button variant="default" loading={c.busy?.startsWith('link-')} disabled={busy && !c.busy?.startsWith('link-')}>
          {labels.fidLinks}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {c.can.viewLink && <Menu.Item onClick={c.openViewLink}>{labels.openViewLink}</Menu.Item>}
        {c.can.viewLink && <Menu.Item onClick={() => c.copyLink('view')}>{labels.copyViewLink}</Menu.Item>}
        {c.can.copyEditLink && (
          <ReasonMenuItem reason={c.editLinkBlock} onClick={() => c.copyLink('edit')}>
            {labels.copyEditLink}
          </ReasonMenuItem>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** One envelope: its status, signers, reasons, the signed PDF when completed, and its audit trail. */
function EnvelopeCard({ c, envelope, locale }: { c: FormInstanceDetailController; envelope: SigningEnvelope; locale: string | undefined }) {
  const { labels } = c;
  const audit = c.audits.get(envelope.envelopeId);
  const signers = [...envelope.signers].sort((a, b) => a.routingOrder - b.routingOrder);
  const completed = envelope.status === EnvelopeStatus.Completed;
  const schedule = reminderScheduleText(envelope, labels);
  return (
    <Paper withBorder p="sm" component="article" aria-label={fillLabel(labels.fidEnvelopeOf, { date: formatMoment(envelope.createdDateTime, locale) })}>
      <Stack gap="xs">
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <Title order={3} size="h5">
              {fillLabel(labels.fidEnvelopeOf, { date: formatMoment(envelope.createdDateTime, locale) })}
            </Title>
            <EnvelopeStatusBadge status={envelope.status} />
          </Group>
          {completed && c.can.downloadSigned && (
            <Button size="compact-sm" variant="default" loading={c.busy === envelope.envelopeId} disabled={c.busy !== null && c.busy !== envelope.envelopeId} onClick={() => c.downloadSigned(envelope)}>
              {labels.fidDownloadSigned}
            </Button>
          )}
        </Group>
        {completed && envelope.completedDateTime && <Text size="sm">{fillLabel(labels.fidEnvelopeCompleted, { date: formatMoment(envelope.completedDateTime, locale) })}</Text>}
        <Stack gap={2}>
          {signers.map((s) => (
            <Text key={s.signerId} size="sm">
              {fillLabel(labels.sgSignerState, { order: s.routingOrder, name: s.name, email: s.email, status: labels[SIGNER_STATUS_LABELS[s.status]] ?? s.status })}
            </Text>
          ))}
        </Stack>
        {envelope.status === EnvelopeStatus.Voided && envelope.voidedReason && <Text size="sm">{fillLabel(labels.sgVoidedBecause, { reason: envelope.voidedReason })}</Text>}
        {envelope.status === EnvelopeStatus.Declined && envelope.declinedReason && <Text size="sm">{fillLabel(labels.sgDeclinedBecause, { reason: envelope.declinedReason })}</Text>}
        {schedule && <Text size="sm">{schedule}</Text>}
        {/* An e-mail that failed after its last retry: to whom and why (the Signing screen sends it again). */}
        {(envelope.mailFailures ?? []).map((f) => (
          <Text key={f.mailId} size="sm" fw={600} c="light-dark(var(--mantine-color-red-9), var(--mantine-color-red-4))">
            {fillLabel(labels.sgMailFailed, { name: f.toName, email: f.toEmail, reason: f.error })}
          </Text>
        ))}
        {audit && <AuditTrail audit={audit} envelope={envelope} labels={labels} locale={locale} />}
      </Stack>
    </Paper>
  );
}

/** Renders a {@link useFormInstanceDetail} controller. It renders only; it never fetches. */
export const FormInstanceDetailView = factory<FormInstanceDetailViewFactory>((_props) => {
  const props = useProps('FormInstanceDetail', null, _props);
  const locale = useLocale();
  const { getStyles, others: viewProps } = useScreenStyles<FormInstanceDetailViewFactory>('FormInstanceDetail', classes, props);
  const { controller: c, widgets, formLabels, ...others } = viewProps;
  const { labels, instance } = c;
  const data = instance.data;
  // The request's first signer, read from the answers (the dialog starts with it; the person sending checks it).
  const signingInstance = useMemo(
    () =>
      data
        ? {
            formInstanceId: data.formInstanceId,
            formName: data.form?.name ?? null,
            status: data.status,
            suggestedSigner: data.formSchema ? signerFromAnswers(data.formSchema, data.data) : null,
          }
        : null,
    [data],
  );
  // The latest envelope, when it ended declined or voided: a new request starts from its signers and message.
  const latestEnvelope = c.envelopes.data[0];
  const earlierRequest = latestEnvelope && (latestEnvelope.status === EnvelopeStatus.Declined || latestEnvelope.status === EnvelopeStatus.Voided) ? latestEnvelope : null;
  const back = backButton(c.back, labels.fidBack);

  if (instance.status === 'forbidden')
    return (
      <ScreenPage labels={labels} title={labels.fidTitle} actions={back} {...getStyles('root')} {...others}>
        <Alert variant="default" role="alert">
          {labels.fidForbidden}
        </Alert>
      </ScreenPage>
    );
  if (instance.status !== 'ready' || !data)
    return (
      <ScreenReadPage
        labels={labels}
        title={labels.fidTitle}
        actions={back}
        read={{ isLoading: instance.status === 'loading', isError: instance.status === 'error', error: instance.error, retry: instance.retry, retrying: instance.retrying }}
        failed={labels.fidLoadFailed}
        notFound={<EmptyState message={labels.fidNotFound} />}
        {...getStyles('root')}
        {...others}
      />
    );

  const live = data.isDeleted !== true;
  const busy = c.busy !== null;
  const schema = data.formSchema;
  const answered = Object.keys(data.data ?? {}).length > 0;
  return (
    <ScreenPage
      labels={labels}
      title={c.name}
      subtitle={fillLabel(labels.fidSubtitle, { id: data.formInstanceId })}
      actions={
        <Group gap="xs">
          {back}
          {c.can.downloadPdf && live && (
            <Button variant="default" onClick={c.downloadPdf} loading={c.busy === 'pdf'} disabled={busy && c.busy !== 'pdf'}>
              {labels.fidDownloadPdf}
            </Button>
          )}
          {c.can.requestSignature && live && (
            <Button variant="default" onClick={c.startRequest} disabled={c.requestBlock !== null || busy}>
              {labels.requestSignatureAction}
            </Button>
          )}
          {c.can.markCompleted && live && data.status === FormInstanceStatus.Submitted && (
            <Button variant="default" onClick={c.markCompleted} loading={c.busy === 'complete'} disabled={busy && c.busy !== 'complete'}>
              {labels.markCompleted}
            </Button>
          )}
          {c.can.duplicate && live && (
            <Button variant="default" onClick={c.duplicate} loading={c.busy === 'duplicate'} disabled={busy && c.busy !== 'duplicate'}>
              {labels.duplicateInstance}
            </Button>
          )}
          {(c.can.viewLink || c.can.copyEditLink) && live && <LinksMenu c={c} />}
          {c.deleteTarget && <RowDeleteActions controller={c.actions} target={c.deleteTarget} deleted={!live} labels={labels} />}
        </Group>
      }
      {...getStyles('root')}
      {...others}
    >
      <Stack gap="lg">
        {!live && (
          // Opened by URL or from 'Show deleted': say so, or the instance looks live.
          <Alert variant="default" role="status">
            {labels.fidDeletedNotice}
          </Alert>
        )}
        {live && c.can.requestSignature && c.requestBlock && <Text size="sm">{c.requestBlock}</Text>}
        <SectionCard title={labels.fidDetails} part={getStyles('details')}>
          <SimpleGrid component="dl" cols={{ base: 1, sm: 2, md: 4 }} spacing="md" m={0}>
            <Detail term={labels.fidForm}>{data.form?.name ?? ''}</Detail>
            <Detail term={labels.fidVersion}>{schema?.version ?? ''}</Detail>
            <Detail term={labels.fidStatus}>
              <Group component="span" gap={4}>
                <InstanceStatusBadge status={data.status} labels={labels} />
                {!live && <DeletedBadge labels={labels} />}
              </Group>
            </Detail>
            <Detail term={labels.fidCreated}>{formatMoment(data.createdDateTime, locale)}</Detail>
            <Detail term={labels.fidUpdated}>{formatMoment(data.lastUpdatedDateTime, locale)}</Detail>
          </SimpleGrid>
        </SectionCard>
        {c.history.shown && (
          <SectionCard title={labels.fidHistory} part={getStyles('history')}>
            {c.history.isLoading ? (
              <LoadingState />
            ) : c.history.error ? (
              <ErrorAlert message={labels.fidHistoryFailed} error={c.history.error} onRetry={c.history.retry} />
            ) : (
              <StatusHistory changes={c.history.data} labels={labels} locale={locale} />
            )}
          </SectionCard>
        )}
        <SectionCard title={labels.fidAnswers} part={getStyles('answers')}>
          {schema && answered ? (
            <FormRenderer
              schema={schema}
              mode="view"
              initialData={data.data}
              hideSubmit
              widgets={widgets}
              labels={formLabels}
              idPrefix={`instance-${data.formInstanceId}`}
              downloadFile={c.downloadFile}
            />
          ) : (
            <Text size="sm">{labels.fidNoAnswers}</Text>
          )}
        </SectionCard>
        {c.can.envelopes && (
          <SectionCard title={labels.fidSignatures} part={getStyles('signatures')}>
            {c.envelopes.isLoading ? (
              <LoadingState />
            ) : c.envelopes.error ? (
              <ErrorAlert message={labels.sgLoadFailed} error={c.envelopes.error} onRetry={c.envelopes.retry} />
            ) : c.envelopes.data.length === 0 ? (
              <Text size="sm">{labels.fidNoEnvelopes}</Text>
            ) : (
              c.envelopes.data.map((envelope) => <EnvelopeCard key={envelope.envelopeId} c={c} envelope={envelope} locale={locale} />)
            )}
          </SectionCard>
        )}
      </Stack>
      <DeleteConfirmDialog controller={c.actions} labels={labels} className={getStyles('dialog').className} />
      {c.can.requestSignature && (
        <RequestSignatureDialog
          opened={c.requesting}
          labels={labels}
          instance={signingInstance ?? undefined}
          again={earlierRequest}
          onClose={c.cancelRequest}
          onSubmit={c.submitRequest}
          className={getStyles('dialog').className}
        />
      )}
    </ScreenPage>
  );
});
FormInstanceDetailView.displayName = '@ccq/forms-admin/FormInstanceDetailView';

/** Props of {@link FormInstanceDetail}: the options of {@link useFormInstanceDetail} and the props of {@link FormInstanceDetailView} but its controller. */
export interface FormInstanceDetailProps extends FormInstanceDetailOptions, Omit<FormInstanceDetailViewProps, 'controller'> {}

/** Mantine's factory type of {@link FormInstanceDetail}: its props, root element and part names, for the Styles API's typing. */
export type FormInstanceDetailFactory = ScreenFactory<FormInstanceDetailProps, FormInstanceDetailStylesNames>;

/** The props of {@link FormInstanceDetail} its controller hook reads. */
const FORM_INSTANCE_DETAIL_OPTIONS = optionKeys<FormInstanceDetailOptions>()('formInstanceId', 'onBack', 'onOpenInstance', 'onDeleted', 'labels');

/**
 * One form instance's page: its answers in view mode with the form's labels, its status, when it was created and last
 * changed, and (with Signing_AllowRead and a claim that lists envelopes) its signing envelopes with each signer's
 * status and each envelope's audit trail and check. Actions by claim: 'Download filled PDF' (a form made from a PDF),
 * 'Download signed PDF' of a completed envelope, 'Request signature', 'Mark completed' (a Submitted instance),
 * 'Duplicate', 'Delete', and for a deleted instance 'Restore' and 'Delete permanently'. Loading, not found, refused
 * and failed reads each say so. Router-free: the host passes `formInstanceId` and maps `onBack`, `onOpenInstance`
 * and `onDeleted` to its routes.
 */
export const FormInstanceDetail = factory<FormInstanceDetailFactory>((props) => {
  const { controller, viewProps } = useScreenController('FormInstanceDetail', props, FORM_INSTANCE_DETAIL_OPTIONS, useFormInstanceDetail);
  return <FormInstanceDetailView controller={controller} {...viewProps} />;
});
FormInstanceDetail.displayName = '@ccq/forms-admin/FormInstanceDetail';
