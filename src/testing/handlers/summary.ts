/**
 * `GET /api/Forms/InstanceSummary` on the fake: the one route table's summary (src/service/routes-summary.ts) over a
 * store that counts in memory what the reference server counts in SQL, over the rows `FormInstanceOData` lets the
 * caller read (the same `$filter`, `$search` and soft-delete rule).
 */
import { getAt } from '../../contract/json-pointer';
import { readInstanceCsvSchemas } from '../../domain/forms/export-source';
import { answerDay, binOf } from '../../domain/forms/summary';
import { evaluateODataQuery, FORMS_ODATA_SCHEMA, ODATA_LIMITS, type FormsODataType, type ODataQuery, type ODataRow } from '../../domain/odata';
import { SUMMARY_ROUTES, type SummaryStore } from '../../service/routes-summary';
import { visibleTo } from './odata';
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
  const source = () => {
    const visible = visibleTo(ctx.backend.db, ctx);
    return { rows: (type: string) => visible[type as FormsODataType] };
  };
  const rowsOf = (query: ODataQuery): ODataRow[] => {
    const rows: ODataRow[] = [];
    const from = source();
    for (let skip = 0; ; skip += ODATA_LIMITS.maxTop) {
      const page = evaluateODataQuery(FORMS_ODATA_SCHEMA, 'FormInstance', { ...query, top: ODATA_LIMITS.maxTop, skip }, from).value;
      rows.push(...page);
      if (page.length < ODATA_LIMITS.maxTop) return rows;
    }
  };
  const valuesOf = (query: ODataQuery, path: string, kind: 'number' | 'day'): number[] =>
    rowsOf(query)
      .map((row) => answerAt(row, path))
      .map((value) => (kind === 'number' ? (isNumber(value) ? value : null) : answerDay(value)))
      .filter((value): value is number => value !== null);
  return {
    async schemas(query) {
      const ids = [...new Set(rowsOf(query).map((row) => String(row.formSchemaId)))];
      const from = source();
      return readInstanceCsvSchemas(ids, async (read) => evaluateODataQuery(FORMS_ODATA_SCHEMA, 'FormSchema', read, from).value);
    },
    async count(query) {
      return rowsOf(query).length;
    },
    async choices(query, path, list) {
      const counts = new Map<string, { value: string | number | boolean; count: number }>();
      let answered = 0;
      for (const row of rowsOf(query)) {
        const value = answerAt(row, path);
        const given = list ? (Array.isArray(value) ? value : []) : [value];
        // An item held twice counts once for its instance, as the server counts distinct instances.
        const scalars = [...new Map(given.filter(isScalar).map((v) => [JSON.stringify(v), v])).entries()];
        if (list ? given.length > 0 : scalars.length > 0 && value !== '') answered += 1;
        for (const [key, v] of scalars) {
          if (v === '') continue;
          const hit = counts.get(key) ?? { value: v, count: 0 };
          hit.count += 1;
          counts.set(key, hit);
        }
      }
      return { answered, counts: [...counts.values()] };
    },
    async range(query, path, kind) {
      const values = valuesOf(query, path, kind);
      if (!values.length) return { answered: 0, min: null, max: null, whole: true };
      return { answered: values.length, min: Math.min(...values), max: Math.max(...values), whole: values.every((v) => Number.isInteger(v)) };
    },
    async histogram(query, path, kind, bins) {
      const counts = Array.from({ length: bins.count }, () => 0);
      for (const value of valuesOf(query, path, kind)) counts[binOf(value, bins)] = (counts[binOf(value, bins)] ?? 0) + 1;
      return counts;
    },
    async texts(query, path, limit) {
      const found = rowsOf(query)
        .map((row) => ({ text: answerAt(row, path), at: instant(row.lastUpdatedDateTime), id: String(row.formInstanceId) }))
        .filter((hit): hit is { text: string; at: Date; id: string } => typeof hit.text === 'string' && HAS_TEXT.test(hit.text));
      found.sort((a, b) => b.at.getTime() - a.at.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
      return { answered: found.length, latest: found.slice(0, limit).map(({ text, at }) => ({ text, at: at.toISOString() })) };
    },
  };
}

/** The summary route of the fake. */
export const summaryRoutes: readonly FakeRoute[] = SUMMARY_ROUTES.map((summaryRoute) => tableRoute(summaryRoute, (ctx) => ({ store: () => memoryStore(ctx) })));
