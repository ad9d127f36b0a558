/**
 * `GET /api/Forms/InstanceSummary` on the reference server: the one route table's summary
 * (src/service/routes-summary.ts) over a store that counts in SQL aggregates (PostgreSQL and PGlite alike), over the
 * rows `FormInstanceOData` lets the caller read: the `$filter`, `$search` and soft-delete rule compiled by the OData
 * compiler into each statement's WHERE. No instance is loaded: each count is one statement that answers a few rows
 * (a count, a range, a row per bin or per distinct answer, the few latest texts).
 */
import { sql, type SQL } from 'drizzle-orm';
import { parsePointer } from '../../../src/contract/json-pointer';
import { readInstanceCsvSchemas } from '../../../src/domain/forms/export-source';
import { bindQuery, type ODataQuery } from '../../../src/domain/odata';
import { SUMMARY_ROUTES, type SummaryStore } from '../../../src/service/routes-summary';
import { distinctODataValues, FORMS_SQL_MODEL, ODataSqlCompiler, runODataQuery, type ODataDb, type ODataScope } from '../odata';
import type { AnyRouteDeclaration } from '../routes/registry';
import { tableRoute } from '../routes/table';
import { signedInScope } from './odata-routes';

/** Rows of a raw query, whichever driver ran it. */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

const SCALAR = sql`('string', 'number', 'boolean')`;

/** The summary store over `db` for a caller whose reads `scope` limits. */
export function sqlSummaryStore(db: ODataDb, scope: ODataScope): SummaryStore {
  /** `from … where …` of the instances `query` selects, and the answer at `path` (jsonb) of each. */
  const selected = (query: ODataQuery, path: string) => {
    const compiler = new ODataSqlCompiler(FORMS_SQL_MODEL, scope);
    const ref = compiler.ref('FormInstance');
    const where = compiler.where(ref, bindQuery(FORMS_SQL_MODEL.schema, 'FormInstance', query), true) ?? sql`true`;
    const segments = path === '' ? [] : parsePointer(path).map((segment) => sql`${String(segment)}`);
    const answer = segments.length ? sql`(${compiler.column(ref, 'data')} #> array[${sql.join(segments, sql`, `)}]::text[])` : compiler.column(ref, 'data');
    return { from: compiler.from(ref), where, answer, id: compiler.column(ref, 'formInstanceId'), updated: compiler.column(ref, 'lastUpdatedDateTime') };
  };
  const run = async <T>(statement: SQL): Promise<T[]> => rowsOf<T>(await db.execute(statement));
  /** The numbers (`number`) or days since 1970-01-01 (`day`) at `path`, as a sub-select of `x`. */
  const values = (query: ODataQuery, path: string, kind: 'number' | 'day'): SQL => {
    const { from, where, answer } = selected(query, path);
    return kind === 'number'
      ? sql`select (${answer} #>> '{}')::float8 as x from ${from} where ${where} and jsonb_typeof(${answer}) = 'number'`
      : sql`select (substr(${answer} #>> '{}', 1, 10)::date - date '1970-01-01')::float8 as x from ${from} where ${where} and jsonb_typeof(${answer}) = 'string' and (${answer} #>> '{}') ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}'`;
  };
  return {
    async schemas(query) {
      const ids = await distinctODataValues(db, FORMS_SQL_MODEL, 'FormInstance', query, 'formSchemaId', { scope });
      return readInstanceCsvSchemas(ids.map(String), async (read) => (await runODataQuery(db, FORMS_SQL_MODEL, 'FormSchema', read, { scope })).value);
    },
    async count(query) {
      const { from, where } = selected(query, '');
      const [row] = await run<{ n: number | string }>(sql`select count(*)::int as n from ${from} where ${where}`);
      return Number(row?.n ?? 0);
    },
    async choices(query, path, list) {
      const { from, where, answer, id } = selected(query, path);
      let counted: { v: string; n: number | string }[];
      let answered: number;
      if (list) {
        // Each item once per instance that holds it.
        counted = await run(
          sql`select v::text as v, n from (select e as v, count(distinct ${id})::int as n from ${from} cross join lateral jsonb_array_elements(case when jsonb_typeof(${answer}) = 'array' then ${answer} else '[]'::jsonb end) as e where ${where} and jsonb_typeof(e) in ${SCALAR} and e <> '""'::jsonb group by e) s`,
        );
        const [row] = await run<{ n: number | string }>(
          sql`select count(*)::int as n from ${from} where ${where} and jsonb_typeof(${answer}) = 'array' and jsonb_array_length(${answer}) > 0`,
        );
        answered = Number(row?.n ?? 0);
      } else {
        counted = await run(
          sql`select v::text as v, n from (select ${answer} as v, count(*)::int as n from ${from} where ${where} and jsonb_typeof(${answer}) in ${SCALAR} and ${answer} <> '""'::jsonb group by 1) s`,
        );
        answered = counted.reduce((sum, row) => sum + Number(row.n), 0);
      }
      return { answered, counts: counted.map((row) => ({ value: JSON.parse(row.v) as string | number | boolean, count: Number(row.n) })) };
    },
    async range(query, path, kind) {
      const [row] = await run<{ n: number | string; mn: number | string | null; mx: number | string | null; whole: boolean | null }>(
        sql`select count(*)::int as n, min(x) as mn, max(x) as mx, bool_and(x = floor(x)) as whole from (${values(query, path, kind)}) s`,
      );
      const answered = Number(row?.n ?? 0);
      if (!answered || row?.mn === null || row?.mx === null || !row) return { answered: 0, min: null, max: null, whole: true };
      return { answered, min: Number(row.mn), max: Number(row.mx), whole: row.whole !== false };
    },
    async histogram(query, path, kind, bins) {
      const rows = await run<{ b: number | string; n: number | string }>(
        sql`select least(greatest(floor((x - ${bins.start}::float8) / ${bins.width}::float8), 0), ${bins.count - 1}::int)::int as b, count(*)::int as n from (${values(query, path, kind)}) s group by 1`,
      );
      const counts = Array.from({ length: bins.count }, () => 0);
      for (const row of rows) counts[Number(row.b)] = Number(row.n);
      return counts;
    },
    async texts(query, path, limit) {
      const { from, where, answer, id, updated } = selected(query, path);
      const text = sql`jsonb_typeof(${answer}) = 'string' and (${answer} #>> '{}') ~ '[^[:space:]]'`;
      const [row] = await run<{ n: number | string }>(sql`select count(*)::int as n from ${from} where ${where} and ${text}`);
      const latest = await run<{ text: string; at: Date | string }>(
        sql`select ${answer} #>> '{}' as text, ${updated} as at from ${from} where ${where} and ${text} order by ${updated} desc, ${id} desc limit ${limit}`,
      );
      return { answered: Number(row?.n ?? 0), latest: latest.map((hit) => ({ text: hit.text, at: new Date(hit.at).toISOString() })) };
    },
  };
}

/** The summary route of the server. */
export const summaryRoutes: readonly AnyRouteDeclaration[] = SUMMARY_ROUTES.map((summaryRoute) =>
  tableRoute(summaryRoute, (ctx) => ({ store: () => sqlSummaryStore(ctx.services.db, signedInScope(ctx.auth?.claims ?? new Set())) })),
);
