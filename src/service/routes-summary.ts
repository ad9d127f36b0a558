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

/** Bins as the store counts them: a value's bin is `min(max(floor((x - start) / width), 0), count - 1)`. */
export interface SummaryBins {
  readonly start: number;
  readonly width: number;
  readonly count: number;
}

/**
 * What a summary counts, over the instances `query` selects (its `$filter` and `$search`, as the caller may read
 * them). `path` is a JSON pointer into the answers; a value is a number only when stored as one, a day only from a
 * text that starts `YYYY-MM-DD` (days since 1970-01-01), a text only when not empty.
 */
export interface SummaryStore {
  /** The schemas the selected instances use. */
  schemas(query: ODataQuery): Promise<readonly InstanceCsvSchema[]>;
  /** How many instances are selected. */
  count(query: ODataQuery): Promise<number>;
  /**
   * How many instances give each value at `path` (a string, number or boolean; with `list`, each item of an array
   * counted once per instance that holds it), and how many answer at all (a non-empty array with `list`).
   */
  choices(query: ODataQuery, path: string, list: boolean): Promise<{ answered: number; counts: { value: string | number | boolean; count: number }[] }>;
  /** The range of the numbers (`number`) or days (`day`) at `path`, how many there are and whether all are whole. */
  range(query: ODataQuery, path: string, kind: 'number' | 'day'): Promise<{ answered: number; min: number | null; max: number | null; whole: boolean }>;
  /** How many numbers or days at `path` fall in each bin (an array of `bins.count`). */
  histogram(query: ODataQuery, path: string, kind: 'number' | 'day', bins: SummaryBins): Promise<number[]>;
  /** How many non-empty texts are at `path`, and the `limit` latest (by the instance's last change, then its id, newest first). */
  texts(query: ODataQuery, path: string, limit: number): Promise<{ answered: number; latest: { text: string; at: string }[] }>;
}

async function summarizeQuestion(store: SummaryStore, query: ODataQuery, question: SummaryQuestion): Promise<QuestionSummary> {
  const { path, label, widget } = question;
  switch (question.kind) {
    case 'choice':
    case 'choices': {
      const { answered, counts } = await store.choices(query, path, question.kind === 'choices');
      return { path, label, widget, kind: question.kind, answered, counts: orderedChoiceCounts(question.field, counts) };
    }
    case 'number': {
      const { answered, min, max, whole } = await store.range(query, path, 'number');
      if (min === null || max === null) return { path, label, widget, kind: 'number', answered, min: null, max: null, bins: [] };
      const bins = numberBins(min, max, whole);
      const counts = await store.histogram(query, path, 'number', bins);
      // Whole numbers one by one: a bin is the one number; else from its lower edge to the next (the last to the largest).
      const single = whole && bins.width === 1;
      const edge = (i: number) => (i >= bins.count ? max : bins.start + i * bins.width);
      return { path, label, widget, kind: 'number', answered, min, max, bins: counts.map((count, i) => ({ from: edge(i), to: single ? edge(i) : edge(i + 1), count })) };
    }
    case 'date': {
      const { answered, min, max } = await store.range(query, path, 'day');
      if (min === null || max === null) return { path, label, widget, kind: 'date', answered, min: null, max: null, bins: [] };
      const bins = dayBins(min, max);
      const counts = await store.histogram(query, path, 'day', bins);
      return {
        path,
        label,
        widget,
        kind: 'date',
        answered,
        min: dayText(min),
        max: dayText(max),
        bins: counts.map((count, i) => ({ from: dayText(bins.start + i * bins.width), to: dayText(Math.min(bins.start + (i + 1) * bins.width - 1, max)), count })),
      };
    }
    case 'text': {
      const { answered, latest } = await store.texts(query, path, SUMMARY_LATEST_TEXTS);
      return { path, label, widget, kind: 'text', answered, latest };
    }
  }
}

/** The summary of the instances `query` selects (see src/domain/forms/summary.ts), counted by `store`. */
export async function summarizeInstances(store: SummaryStore, query: ODataQuery): Promise<InstanceSummary> {
  const selected = summaryQuery(query);
  const [instances, schemas] = await Promise.all([store.count(selected), store.schemas(selected)]);
  const questions: QuestionSummary[] = [];
  // One question after the other: a database connection runs one statement at a time anyway.
  for (const question of summaryQuestions(schemas)) questions.push(await summarizeQuestion(store, selected, question));
  return { instances, questions };
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
