/**
 * The summary of a form's answers, `GET /api/Forms/InstanceSummary?$filter&$search` (beyond the spec): the use case
 * and its route of the one route table (src/service/routes.ts). The questions and the shape of the answer are the
 * domain's (src/domain/forms/summary.ts); the counting is the backend's {@link SummaryStore}: the reference server
 * aggregates in SQL (never loading the instances), the test fake counts over its memory.
 */
import { parseODataQuery, type ODataQuery } from '../domain/odata';
import type { InstanceCsvSchema } from '../domain/forms/export-source';
import {
  dayBins,
  dayText,
  INSTANCE_SUMMARY_PATH,
  binEdge,
  numberBins,
  orderedChoiceCounts,
  SUMMARY_LATEST_TEXTS,
  summaryQuery,
  summaryQuestions,
  type InstanceSummary,
  type QuestionSummary,
  type SummaryQuestion,
} from '../domain/forms/summary';
import { json, type ServiceRoute } from './routes';

/** Bins as the store counts them: a value's bin is `min(max(floor((x - start) / width + BIN_NUDGE), 0), count - 1)`. */
export interface SummaryBins {
  readonly start: number;
  readonly width: number;
  readonly count: number;
}

/** What a summary measures of one question in its first pass: how its answers are read. */
export type SummaryMeasure = 'choice' | 'list' | 'number' | 'day' | 'text';

/** One question's figures of the first pass. */
export interface SummaryStats {
  /** How many instances answer it (a non-empty text or choice, a number, a day, a non-empty list). */
  answered: number;
  /** The smallest and largest number or day (days since 1970-01-01); null for other measures or none. */
  min: number | null;
  max: number | null;
  /** Whether every number is whole (true for other measures). */
  whole: boolean;
}

/**
 * What a summary counts, over the instances `query` selects (its `$filter` and `$search`, as the caller may read
 * them), each method over many questions at once (a database answers each in one pass over the rows). `path` is a
 * JSON pointer into the answers; a value is a number only when stored as one, a day only from a text that starts
 * `YYYY-MM-DD` (a day the calendar has), a choice a string, number or boolean other than `""`, a text one with a
 * character other than white space (space, tab, line breaks, form feed).
 *
 * With `items` (a repeatable section's list path), every method counts over the items of that list in the selected
 * instances instead of the instances: each item (an element of the array at `items`; none when it is not an array) is
 * one row, `path` is relative to it, and the latest texts are ordered by their instance's last change, then its id
 * (newest first), then the item's place in its list.
 */
export interface SummaryStore {
  /** The schemas the selected instances use. */
  schemas(query: ODataQuery): Promise<readonly InstanceCsvSchema[]>;
  /** How many instances (or items) are selected, and each question's {@link SummaryStats}. */
  stats(query: ODataQuery, questions: readonly { path: string; measure: SummaryMeasure }[], items?: string): Promise<{ instances: number; questions: SummaryStats[] }>;
  /**
   * For each question, how many instances (or items) give each value at its path (with `list`, each item of an array
   * counted once per instance that holds it).
   */
  choices(query: ODataQuery, questions: readonly { path: string; list: boolean }[], items?: string): Promise<{ value: string | number | boolean; count: number }[][]>;
  /** For each question, how many numbers or days at its path fall in each of its bins (an array of `bins.count`). */
  histograms(query: ODataQuery, questions: readonly { path: string; kind: 'number' | 'day'; bins: SummaryBins }[], items?: string): Promise<number[][]>;
  /** For each path, its `limit` latest texts (by the instance's last change, then its id, newest first). */
  texts(query: ODataQuery, paths: readonly string[], limit: number, items?: string): Promise<{ text: string; at: string }[][]>;
}

const MEASURES: Record<SummaryQuestion['kind'], SummaryMeasure> = { choice: 'choice', choices: 'list', number: 'number', date: 'day', text: 'text', file: 'list', signature: 'text' };

const EMPTY_STATS: SummaryStats = { answered: 0, min: null, max: null, whole: true };

/** One question's summary from its figures (the bins and counts of its kind, when it has any). */
function questionSummary(
  question: SummaryQuestion,
  stat: SummaryStats,
  found: { counts?: readonly { value: string | number | boolean; count: number }[]; bins?: { bins: SummaryBins; counts: readonly number[] }; latest?: readonly { text: string; at: string }[] },
  section: QuestionSummary['section'],
): QuestionSummary {
  const { path, label, widget } = question;
  const answered = stat.answered;
  const extra = { ...(question.row !== undefined ? { row: question.row } : {}), ...(section ? { section } : {}) };
  switch (question.kind) {
    case 'choice':
    case 'choices':
      return {
        path,
        label,
        widget,
        kind: question.kind,
        answered,
        counts: orderedChoiceCounts(question.field, found.counts ?? [], question.choices),
        ...(question.stars !== undefined ? { stars: question.stars } : {}),
        ...extra,
      };
    case 'number': {
      const { min, max, whole } = stat;
      if (min === null || max === null || !found.bins) return { path, label, widget, kind: 'number', answered, min: null, max: null, bins: [], ...extra };
      const { bins, counts } = found.bins;
      // Whole numbers: a bin from its first number to its last (the one number when one wide); else from its lower edge
      // to the next (the last to the largest).
      const edge = (k: number) => (k >= bins.count ? max : binEdge(bins.start, k, bins.width));
      const to = (k: number) => (whole ? bins.start + (k + 1) * bins.width - 1 : edge(k + 1));
      return { path, label, widget, kind: 'number', answered, min, max, bins: counts.map((count, k) => ({ from: edge(k), to: to(k), count })), ...extra };
    }
    case 'date': {
      const { min, max } = stat;
      if (min === null || max === null || !found.bins) return { path, label, widget, kind: 'date', answered, min: null, max: null, bins: [], ...extra };
      const { bins, counts } = found.bins;
      return {
        path,
        label,
        widget,
        kind: 'date',
        answered,
        min: dayText(min),
        max: dayText(max),
        bins: counts.map((count, k) => ({ from: dayText(bins.start + k * bins.width), to: dayText(Math.min(bins.start + (k + 1) * bins.width - 1, max)), count })),
        ...extra,
      };
    }
    case 'text':
      return { path, label, widget, kind: 'text', answered, latest: found.latest ?? [], ...extra };
    case 'file':
    case 'signature':
      return { path, label, widget, kind: question.kind, answered, ...extra };
  }
}

/**
 * The questions of one set (the instances' own, or one repeatable section's, counted over its items) summed up from
 * their first-pass figures: the choices, bins and latest texts each asked for every question of the set at once.
 */
async function summarizeSet(
  store: SummaryStore,
  selected: ODataQuery,
  questions: readonly SummaryQuestion[],
  stats: readonly SummaryStats[],
  items: string | undefined,
  section: QuestionSummary['section'],
): Promise<QuestionSummary[]> {
  const indexed = questions.map((question, i) => ({ question, i, stat: stats[i] ?? EMPTY_STATS }));
  const choiceQs = indexed.filter(({ question, stat }) => (question.kind === 'choice' || question.kind === 'choices') && stat.answered > 0);
  const binnedQs = indexed
    .filter(({ question, stat }) => (question.kind === 'number' || question.kind === 'date') && stat.min !== null && stat.max !== null)
    .map((entry) => ({
      ...entry,
      bins: entry.question.kind === 'number' ? numberBins(entry.stat.min as number, entry.stat.max as number, entry.stat.whole) : dayBins(entry.stat.min as number, entry.stat.max as number),
    }));
  const textQs = indexed.filter(({ question, stat }) => question.kind === 'text' && stat.answered > 0);
  // The three are independent: asked at once (a database with a pool of connections answers them side by side).
  const [counted, binned, latest] = await Promise.all([
    choiceQs.length ? store.choices(selected, choiceQs.map(({ question }) => ({ path: question.path, list: question.kind === 'choices' })), items) : [],
    binnedQs.length
      ? store.histograms(selected, binnedQs.map(({ question, bins }) => ({ path: question.path, kind: question.kind === 'number' ? 'number' : 'day', bins })), items)
      : [],
    textQs.length ? store.texts(selected, textQs.map(({ question }) => question.path), SUMMARY_LATEST_TEXTS, items) : [],
  ]);
  const countsOf = new Map(choiceQs.map(({ i }, k) => [i, counted[k] ?? []]));
  const binsOf = new Map(binnedQs.map(({ i, bins }, k) => [i, { bins, counts: binned[k] ?? [] }]));
  const textsOf = new Map(textQs.map(({ i }, k) => [i, latest[k] ?? []]));
  return indexed.map(({ question, i, stat }) => {
    const counts = countsOf.get(i);
    const bins = binsOf.get(i);
    const texts = textsOf.get(i);
    return questionSummary(question, stat, { ...(counts ? { counts } : {}), ...(bins ? { bins } : {}), ...(texts ? { latest: texts } : {}) }, section);
  });
}

/**
 * The summary of the instances `query` selects (see src/domain/forms/summary.ts), counted by `store` in four passes
 * over the instances, and four more over the items of each repeatable section that has questions.
 */
export async function summarizeInstances(store: SummaryStore, query: ODataQuery): Promise<InstanceSummary> {
  const selected = summaryQuery(query);
  const questions = summaryQuestions(await store.schemas(selected));
  const own = questions.filter((q) => !q.section);
  const { instances, questions: stats } = await store.stats(
    selected,
    own.map((q) => ({ path: q.path, measure: MEASURES[q.kind] })),
  );
  if (!questions.length || instances === 0) return { instances, questions: [] };
  const summed = new Map<SummaryQuestion, QuestionSummary>();
  // Each repeatable section's questions over its items; the sets are independent, so asked at once.
  const sections = new Map<string, SummaryQuestion[]>();
  for (const q of questions) if (q.section) sections.set(q.section.path, [...(sections.get(q.section.path) ?? []), q]);
  await Promise.all([
    summarizeSet(store, selected, own, stats, undefined, undefined).then((summaries) => summaries.forEach((summary, k) => summed.set(own[k] as SummaryQuestion, summary))),
    ...[...sections].map(async ([items, set]) => {
      const first = set[0] as SummaryQuestion & { section: { path: string; label: string } };
      const counted = await store.stats(selected, set.map((q) => ({ path: q.path, measure: MEASURES[q.kind] })), items);
      const section = { path: items, label: first.section.label, items: counted.instances };
      (await summarizeSet(store, selected, set, counted.questions, items, section)).forEach((summary, k) => summed.set(set[k] as SummaryQuestion, summary));
    }),
  ]);
  return { instances, questions: questions.map((q) => summed.get(q) as QuestionSummary) };
}

/** A backend as the summary route sees it: the caller's store. */
export interface SummaryRouteBackend {
  store(): SummaryStore;
}

/** The query options a summary reads: `$filter` and `$search` (others are refused as by the OData reads' parser). */
function summaryOptions(request: { query: { get(name: string): string | undefined } }): ODataQuery {
  const given: Record<string, string> = {};
  for (const name of ['$filter', '$search']) {
    const value = request.query.get(name);
    if (value !== undefined) given[name] = value;
  }
  return parseODataQuery(given);
}

/** The summary route. */
export const SUMMARY_ROUTES: readonly ServiceRoute<SummaryRouteBackend>[] = [
  {
    method: 'GET',
    path: INSTANCE_SUMMARY_PATH,
    summary: 'What the answers of the instances an OData $filter and $search select add up to, question by question.',
    async handle(request, backend) {
      return json(await summarizeInstances(backend.store(), summaryOptions(request)));
    },
  },
];
