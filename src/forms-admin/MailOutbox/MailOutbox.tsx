import { Anchor, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import type { OutboxMessage, Paged } from '../../api/types';
import { fileSizeText } from '../../engine/file-references';
import { fillCount, formatMoment } from '../../labels/format';
import { fillLabel, type Labels } from '../../query/labels';
import { isApiError } from '../../api/errors';
import { useApi } from '../../query/APIProvider';
import { useLabels } from '../../query/useLabels';
import { useLocale } from '../../query/useLocale';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { LoadingState } from '../../ui/LoadingState';
import { backButton } from '../shared/screen';
import { PageShell } from '../../ui/PageShell';

/** How many of the newest messages the Outbox shows. */
export const OUTBOX_PAGE_SIZE = 50;

/** The Outbox read, as {@link MailOutboxView} shows it. */
export interface MailOutboxState {
  data: Paged<OutboxMessage> | undefined;
  isFetching: boolean;
  error: unknown;
  refetch(): void;
}

/** Reads `GET /api/Mail/Outbox`: the newest {@link OUTBOX_PAGE_SIZE} messages. */
export function useMailOutbox(): MailOutboxState {
  const { client } = useApi();
  const outbox = useQuery({
    queryKey: ['mail', 'outbox', OUTBOX_PAGE_SIZE],
    queryFn: ({ signal }) => client.signing.listOutbox(1, OUTBOX_PAGE_SIZE, { signal }),
  });
  return { data: outbox.data, isFetching: outbox.isFetching, error: outbox.error, refetch: () => void outbox.refetch() };
}

/** A web address in a message's text; the sentence's own punctuation after it is not part of it. */
const WEB_ADDRESS = /https?:\/\/[^\s<>"]*[^\s<>".,;:!?)]/g;

/** A message's text with its web addresses as links (a signing request's link opens from the Outbox). */
function linkedText(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(WEB_ADDRESS)) {
    const at = match.index ?? 0;
    if (at > last) parts.push(text.slice(last, at));
    parts.push(
      <Anchor key={at} href={match[0]} inherit underline="always">
        {match[0]}
      </Anchor>,
    );
    last = at + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

function MessageCard({ message, labels, locale }: { message: OutboxMessage; labels: Labels; locale: string | undefined }) {
  const headingId = useId();
  return (
    <Card withBorder padding="md" component="article" aria-labelledby={headingId} data-outbox-message={message.id}>
      <Stack gap={6}>
        <Title order={2} size="h5" id={headingId}>
          {message.subject || labels.obNoSubject}
        </Title>
        <Group gap="lg">
          <Text size="sm">{fillLabel(labels.obTo, { to: message.toAddress })}</Text>
          <Text size="sm">{fillLabel(labels.obFrom, { from: message.fromAddress })}</Text>
          <Text size="sm">{fillLabel(labels.obSent, { date: formatMoment(message.receivedDateTime, locale) })}</Text>
        </Group>
        {message.attachments.length > 0 && (
          <List size="sm" aria-label={labels.obAttachments}>
            {message.attachments.map((a, i) => (
              <List.Item key={i}>{fillLabel(labels.obAttachment, { name: a.fileName, type: a.contentType, size: fileSizeText(a.size, locale) })}</List.Item>
            ))}
          </List>
        )}
        <Text size="sm" component="pre" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit', margin: 0 }} data-outbox-text>
          {linkedText(message.textBody)}
        </Text>
      </Stack>
    </Card>
  );
}

/** Props of {@link MailOutboxView}. */
export interface MailOutboxViewProps {
  /** The Outbox read (what {@link useMailOutbox} returns). */
  state: MailOutboxState;
  labels: Labels;
  /** 'Back to Signing': the host shows the screen the Outbox is reached from. No button without it. */
  onBack?: () => void;
}

/** The Outbox: each message sent, newest first, with its recipient, time, attachments and text. Renders only. */
export function MailOutboxView({ state, labels, onBack }: MailOutboxViewProps) {
  const locale = useLocale();
  const body = (() => {
    // A refusal is not a failure: trying again cannot help.
    if (isApiError(state.error) && state.error.status === 403) return <ErrorAlert message={labels.obRefused} />;
    if (state.error && !state.data) return <ErrorAlert message={labels.obLoadFailed} error={state.error} onRetry={state.refetch} retrying={state.isFetching} />;
    if (!state.data) return <LoadingState labelVisible labels={{ label: labels.obLoading }} />;
    const messages = state.data.list ?? [];
    if (messages.length === 0) return <EmptyState message={labels.obEmpty} />;
    return (
      <Stack gap="md" aria-busy={state.isFetching}>
        <Text size="sm">{fillCount(labels.obShown, labels.obShownOne, state.data.totalRecCount, locale, { shown: messages.length })}</Text>
        {messages.map((message) => (
          <MessageCard key={message.id} message={message} labels={labels} locale={locale} />
        ))}
      </Stack>
    );
  })();
  return (
    <PageShell title={labels.obTitle} subtitle={labels.obSubtitle} actions={backButton(onBack, labels.obBack)}>
      {body}
    </PageShell>
  );
}
MailOutboxView.displayName = '@ccq/forms-admin/MailOutboxView';

/** Props of {@link MailOutbox}. */
export interface MailOutboxProps {
  /** Overrides of the texts, which otherwise come from the `APIProvider` labels. */
  labels?: Partial<Labels>;
  /** 'Back to Signing': the host shows the screen the Outbox is reached from. No button without it. */
  onBack?: () => void;
}

/**
 * The Outbox screen: the e-mail the server sent, newest first, each with its text (`GET /api/Mail/Outbox`,
 * administrators only). The reference server in development lists what its SMTP sink received, so the signing links
 * and notices can be read without a mail server.
 */
export function MailOutbox({ labels: overrides, onBack }: MailOutboxProps) {
  const labels = useLabels(overrides);
  return <MailOutboxView state={useMailOutbox()} labels={labels} onBack={onBack} />;
}
MailOutbox.displayName = '@ccq/forms-admin/MailOutbox';
