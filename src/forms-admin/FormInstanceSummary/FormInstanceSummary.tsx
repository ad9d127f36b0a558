import { Box, Card, List, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import type { InstanceSummaryQuery, QuestionSummary, SummaryChoiceCount } from '../../api/areas/forms';
import { dateTimeFormat, fillNumbers, formatMoment, formatNumber } from '../../labels/format';
import { fillLabel, type Labels } from '../../query/labels';
import { useLabels } from '../../query/useLabels';
import { useLocale } from '../../query/useLocale';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { LoadingState } from '../../ui/LoadingState';
import { BarChart, type BarChartBar } from '../shared/BarChart';
import { useInstanceSummary, type InstanceSummaryState } from './useInstanceSummary';

/** A question's bars: each answer or bin and how many instances it has. */
type SummaryBar = BarChartBar;

const formatAmount = (value: number, locale: string | undefined) => value.toLocaleString(locale, { maximumFractionDigits: 2 });
const formatDay = (day: string, locale: string | undefined) => dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

function choiceName(count: SummaryChoiceCount, labels: Labels, locale: string | undefined, stars: number | undefined): string {
  if (count.value === true) return labels.fisYes;
  if (count.value === false) return labels.fisNo;
  // A rating's answer: its stars out of the most it has ('4 of 5 stars', not '4').
  if (stars !== undefined && typeof count.value === 'number') return fillNumbers(labels.fisStars, { value: count.value, max: stars }, locale);
  return count.label ?? String(count.value);
}

function barsOf(question: QuestionSummary, labels: Labels, locale: string | undefined): SummaryBar[] {
  switch (question.kind) {
    case 'choice':
    case 'choices':
      return question.counts.map((count, i) => ({ key: String(i), label: choiceName(count, labels, locale, question.stars), count: count.count }));
    case 'number':
      return question.bins.map((bin, i) => ({
        key: String(i),
        label: bin.from === bin.to ? formatAmount(bin.from, locale) : fillLabel(labels.fisRange, { from: formatAmount(bin.from, locale), to: formatAmount(bin.to, locale) }),
        count: bin.count,
      }));
    case 'date':
      return question.bins.map((bin, i) => ({
        key: String(i),
        label: bin.from === bin.to ? formatDay(bin.from, locale) : fillLabel(labels.fisRange, { from: formatDay(bin.from, locale), to: formatDay(bin.to, locale) }),
        count: bin.count,
      }));
    case 'text':
    case 'file':
    case 'signature':
      return [];
  }
}

function QuestionCard({ question, instances, labels, locale }: { question: QuestionSummary; instances: number; labels: Labels; locale: string | undefined }) {
  const headingId = useId();
  const bars = barsOf(question, labels, locale);
  const binned = question.kind === 'number' || question.kind === 'date';
  // A grid's row is named with its grid; a repeatable section's question is counted over the section's items.
  const named = question.row === undefined ? question.label : fillLabel(labels.fisGridRow, { question: question.label, row: question.row });
  // A section's question named with its section: the instance's own 'Email' and a co-applicant's are two regions.
  const title = question.section ? fillLabel(labels.fisSectionQuestion, { section: question.section.label, question: named }) : named;
  const answered = question.section
    ? fillNumbers(labels.fisAnsweredItems, { answered: question.answered, count: question.section.items }, locale)
    : fillNumbers(labels.fisAnswered, { answered: question.answered, count: instances }, locale);
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={headingId} data-question={`${question.section?.path ?? ''}${question.path}`}>
      <Stack gap="xs">
        <Title order={3} size="h5" id={headingId}>
          {title}
        </Title>
        {question.section && <Text size="sm">{fillLabel(labels.fisInSection, { section: question.section.label })}</Text>}
        <Text size="sm">{answered}</Text>
        {question.answered === 0 ? (
          <Text size="sm">{labels.fisNotAnswered}</Text>
        ) : question.kind === 'file' || question.kind === 'signature' ? (
          <Text size="sm">{question.kind === 'file' ? labels.fisFiles : labels.fisSignatures}</Text>
        ) : question.kind === 'text' ? (
          <>
            <Text size="sm" fw={600}>
              {labels.fisLatest}
            </Text>
            <List size="sm" spacing={4}>
              {question.latest.map((hit, i) => (
                <List.Item key={i}>
                  {hit.text} <Text span size="xs">({formatMoment(hit.at, locale)})</Text>
                </List.Item>
              ))}
            </List>
          </>
        ) : (
          <>
            {question.kind === 'number' && question.min !== null && question.max !== null && (
              <Text size="sm">{fillLabel(labels.fisNumberRange, { min: formatAmount(question.min, locale), max: formatAmount(question.max, locale) })}</Text>
            )}
            {question.kind === 'date' && question.min !== null && question.max !== null && (
              <Text size="sm">{fillLabel(labels.fisDateRange, { min: formatDay(question.min, locale), max: formatDay(question.max, locale) })}</Text>
            )}
            <Box role="img" aria-label={fillLabel(labels.fisChart, { question: title })} data-summary-chart>
              <BarChart bars={bars} locale={locale} height={100} />
            </Box>
            <Table aria-label={fillLabel(labels.fisTable, { question: title })} fz="sm" verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{binned ? labels.fisRangeColumn : labels.fisAnswerColumn}</Table.Th>
                  <Table.Th ta="right">{labels.fisCountColumn}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {bars.map((bar, i) => (
                  <Table.Tr key={i}>
                    <Table.Td>{bar.label}</Table.Td>
                    <Table.Td ta="right">{formatNumber(bar.count, locale)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        )}
      </Stack>
    </Card>
  );
}

/** Props of {@link FormInstanceSummaryView}. */
export interface FormInstanceSummaryViewProps {
  /** The summary read (what {@link useInstanceSummary} returns). */
  state: InstanceSummaryState;
  labels: Labels;
}

/**
 * The summary of a form's answers, question by question: each choice and how many instances gave it, a histogram of
 * numbers and of dates, the latest text answers (a grid's rows each a question; a repeatable section's questions
 * counted over its items); a bar chart (the library's, forms-admin/shared/BarChart) and a table of the same
 * counts for each. Renders only; it never fetches.
 */
export function FormInstanceSummaryView({ state, labels }: FormInstanceSummaryViewProps) {
  const locale = useLocale();
  if (state.error && !state.data) return <ErrorAlert message={labels.fisLoadFailed} error={state.error} onRetry={state.refetch} retrying={state.isFetching} />;
  if (!state.data) return <LoadingState labelVisible labels={{ label: labels.fisLoading }} />;
  const { instances, questions } = state.data;
  if (instances === 0) return <EmptyState message={labels.fisEmpty} />;
  return (
    <Stack gap="md" aria-busy={state.isFetching} data-summary>
      <Title order={2} size="h4">
        {fillNumbers(labels.fisHeading, { count: instances }, locale)}
      </Title>
      {questions.length === 0 ? (
        <Text size="sm">{labels.fisNoQuestions}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {questions.map((question) => (
            <QuestionCard key={`${question.section?.path ?? ''}\u0000${question.path}`} question={question} instances={instances} labels={labels} locale={locale} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** Props of {@link FormInstanceSummary}. */
export interface FormInstanceSummaryProps {
  /** The instances summed up: a list's `$filter` and `$search` (Form Instances passes its own filters). */
  query: InstanceSummaryQuery;
  /** Overrides of the texts, which otherwise come from the `APIProvider` labels. */
  labels?: Partial<Labels>;
}

/**
 * The summary of the answers of the instances `query` selects (`GET /api/Forms/InstanceSummary`, counted by the
 * server), as Form Instances' 'Summary' tab shows it for the chosen form.
 */
export function FormInstanceSummary({ query, labels: overrides }: FormInstanceSummaryProps) {
  const labels = useLabels(overrides);
  return <FormInstanceSummaryView state={useInstanceSummary(query)} labels={labels} />;
}

FormInstanceSummaryView.displayName = '@ccq/forms-admin/FormInstanceSummaryView';
FormInstanceSummary.displayName = '@ccq/forms-admin/FormInstanceSummary';
