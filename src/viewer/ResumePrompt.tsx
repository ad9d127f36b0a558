import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { FormLayout, JsonObject } from '../api/types';
import { fillLabel } from '../query/shared-labels';
import { useLocale } from '../query/useLocale';
import type { ViewerLabels } from '../query/viewer-client';
import { answeredFieldLabels, type StoredProgress } from './stored-progress';

/** Props of {@link ResumePrompt}. */
export interface ResumePromptProps {
  /** What this device holds of the form. */
  progress: StoredProgress;
  /** The form's layout: the questions answered are named by their labels. */
  layout: FormLayout;
  /** The answers that would be restored. */
  data: JsonObject;
  labels: ViewerLabels;
  /** The heading level of the question. */
  titleOrder: 1 | 2 | 3 | 4 | 5 | 6;
  onContinue: () => void;
  onStartAgain: () => void;
}

/** At most this many question labels are listed; more end in '…'. */
const MAX_LISTED = 8;

/**
 * A sentence filled in with texts of the form's own (question labels) ends with one mark: a list that ends in '…' or
 * a label ending in '…', '?', '!' or '.' is not followed by the message's own full stop ('hear….' reads 'hear…').
 */
function oneFinalMark(text: string): string {
  return text.replace(/([.…?!])\.$/u, '$1');
}

function formatDate(iso: string | null, locale: string | undefined): string {
  const time = iso ? new Date(iso) : null;
  if (!time || Number.isNaN(time.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(time);
}

/**
 * 'Continue where you left off?': shown instead of the form when this device holds a form started on the same public
 * URL. It names when it was started and which questions were answered (not the answers: on a shared device the next
 * person must not read them), and offers 'Continue' or 'Start again' (which removes it from this device).
 */
export function ResumePrompt({ progress, layout, data, labels, titleOrder, onContinue, onStartAgain }: ResumePromptProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const answered = answeredFieldLabels(layout, data);
  const listed = answered.length > MAX_LISTED ? [...answered.slice(0, MAX_LISTED), '…'] : answered;
  const date = formatDate(progress.updatedAt, useLocale());
  return (
    <Paper withBorder p="lg" radius="md" data-resume-prompt>
      <Stack gap="sm">
        <Title order={titleOrder} fz="h3" ref={heading} tabIndex={-1}>
          {labels.formResumeTitle}
        </Title>
        <Text>
          {answered.length > 0
            ? oneFinalMark(fillLabel(labels.formResumeMessage, { date, fields: listed.join(', ') }))
            : fillLabel(labels.formResumeNothingAnswered, { date })}
        </Text>
        <Text size="sm">{labels.formResumeHint}</Text>
        <Group gap="sm">
          <Button onClick={onContinue}>{labels.formResumeContinue}</Button>
          <Button variant="default" onClick={onStartAgain}>
            {labels.formResumeStartAgain}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
