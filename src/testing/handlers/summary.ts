/**
 * `GET /api/Forms/InstanceSummary` on the fake: the one route table's summary (src/service/routes-summary.ts) over a
 * store that counts in memory what the reference server counts in SQL, over the rows `FormInstanceOData` lets the
 * caller read (the same `$filter`, `$search` and soft-delete rule).
 */
import { getAt } from '../../contract/json-pointer';
import { answerDay, binOf } from '../../domain/forms/summary';
import type { ODataQuery, ODataRow } from '../../domain/odata';
import { SUMMARY_ROUTES, type SummaryStats, type SummaryStore } from '../../service/routes-summary';
import { exportSource, selectedInstances } from './odata';
import { tableRoute, type FakeRoute, type RouteContext } from './route';

const answerAt = (row: ODataRow, path: string): unknown => {
  try {
    return getAt(row.data, path);
  } catch {
    return undefined;
  }
};

// A text with a character other than white space (space, tab, line breaks, form feed: what SQL's [:space:] is).
const HAS_TEXT = /[^ \t\n\r\f\v]/;

/** A row's time (a `Date` or an ISO text) as a `Date`, to the millisecond. */
const instant = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isScalar = (value: unknown): value is string | number | boolean => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** The summary store of the caller of `ctx`: every count over the rows an OData read of the same query gives. */
function memoryStore(ctx: RouteContext): SummaryStore {
  /** The selected instances, or with `items` each item of that list in them as a row of its own (its answers its `data`). */
  const rowsOf = (query: ODataQuery, items?: string): ODataRow[] => {
    const rows = selectedInstances(ctx, query);
    if (items === undefined) return rows;
    return rows.flatMap((row) => {
      const list = answerAt(row, items);
      return Array.isArray(list) ? list.map((item) => ({ ...row, data: item as ODataRow['data'] })) : [];
    });
  };
  const valuesOf = (rows: readonly ODataRow[], path: string, kind: 'number' | 'day'): number[] =>
    rows
      .map((row) => answerAt(row, path))
      .map((value) => (kind === 'number' ? (isNumber(value) ? value : null) : answerDay(value)))
      .filter((value): value is number => value !== null);
  const textOf = (row: ODataRow, path: string): string | null => {
    const value = answerAt(row, path);
    return typeof value === 'string' && HAS_TEXT.test(value) ? value : null;
  };
  return {
    schemas: (query) => exportSource(ctx).schemas(query),
    async stats(query, questions, items) {
      const rows = rowsOf(query, items);
      return {
        instances: rows.length,
        questions: questions.map(({ path, measure }): SummaryStats => {
          if (measure === 'number' || measure === 'day') {
            const values = valuesOf(rows, path, measure);
            if (!values.length) return { answered: 0, min: null, max: null, whole: true };
            return { answered: values.length, min: Math.min(...values), max: Math.max(...values), whole: values.every((v) => Number.isInteger(v)) };
          }
          const answered = rows.filter((row) => {
            const value = answerAt(row, path);
            if (measure === 'list') return Array.isArray(value) && value.length > 0;
            if (measure === 'text') return textOf(row, path) !== null;
            return isScalar(value) && value !== '';
          }).length;
          return { answered, min: null, max: null, whole: true };
        }),
      };
    },
    async choices(query, questions, items) {
      const rows = rowsOf(query, items);
      return questions.map(({ path, list }) => {
        const counts = new Map<string, { value: string | number | boolean; count: number }>();
        for (const row of rows) {
          const value = answerAt(row, path);
          const given = list ? (Array.isArray(value) ? value : []) : [value];
          // An item held twice counts once for its instance, as the server counts distinct instances.
          for (const [key, v] of new Map(given.filter(isScalar).map((item) => [JSON.stringify(item), item]))) {
            if (v === '') continue;
            const hit = counts.get(key) ?? { value: v, count: 0 };
            hit.count += 1;
            counts.set(key, hit);
          }
        }
        return [...counts.values()];
      });
    },
    async histograms(query, questions, items) {
      const rows = rowsOf(query, items);
      return questions.map(({ path, kind, bins }) => {
        const counts = Array.from({ length: bins.count }, () => 0);
        for (const value of valuesOf(rows, path, kind)) {
          const at = binOf(value, bins);
          counts[at] = (counts[at] ?? 0) + 1;
        }
        return counts;
      });
    },
    async texts(query, paths, limit, items) {
      // An instance's items stay in their list's order (the sort is stable).
      const rows = rowsOf(query, items)
        .map((row) => ({ row, at: instant(row.lastUpdatedDateTime), id: String(row.formInstanceId) }))
        .sort((a, b) => b.at.getTime() - a.at.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
      return paths.map((path) =>
        rows
          .map(({ row, at }) => ({ text: textOf(row, path), at }))
          .filter((hit): hit is { text: string; at: Date } => hit.text !== null)
          .slice(0, limit)
          .map(({ text, at }) => ({ text, at: at.toISOString() })),
      );
    },
  };
}

/** The summary route of the fake. */
export const summaryRoutes: readonly FakeRoute[] = SUMMARY_ROUTES.map((summaryRoute) => tableRoute(summaryRoute, (ctx) => ({ store: () => memoryStore(ctx) })));
