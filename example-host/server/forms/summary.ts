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
/** The latest rows the texts pass reads at once; a question with fewer latest texts among them is asked on its own. */
const LATEST_ROWS = 100;

/** The answer (jsonb) at `path` of `data`. */
function jsonAt(data: SQL, path: string): SQL {
  const segments = parsePointer(path).map((segment) => sql`${String(segment)}`);
  return segments.length ? sql`(${data} #> array[${sql.join(segments, sql`, `)}]::text[])` : data;
}

/** The summary store over `db` for a caller whose reads `scope` limits: each method one statement (one pass) over all its questions. */
export function sqlSummaryStore(db: ODataDb, scope: ODataScope): SummaryStore {
  /**
   * `from … where …` of the instances `query` selects, and the answer (jsonb) at a path of each; with `items` (a
   * repeatable section's list path) a row per item of that list (`jsonb_array_elements … with ordinality`), whose
   * answers are the item's and whose place in its list is `n` (0 for an instance's own row).
   */
  const selected = (query: ODataQuery, items?: string) => {
    const compiler = new ODataSqlCompiler(FORMS_SQL_MODEL, scope);
    const ref = compiler.ref('FormInstance');
    const where = compiler.where(ref, bindQuery(FORMS_SQL_MODEL.schema, 'FormInstance', query), true) ?? sql`true`;
    const own = compiler.column(ref, 'data');
    const list = items === undefined ? null : jsonAt(own, items);
    const from = list
      ? sql`${compiler.from(ref)} cross join lateral jsonb_array_elements(case when jsonb_typeof(${list}) = 'array' then ${list} else '[]'::jsonb end) with ordinality as summary_item(v, n)`
      : compiler.from(ref);
    const data = list ? sql`summary_item.v` : own;
    const n = list ? sql`summary_item.n` : sql`0`;
    // The items of one instance in their list's order (nothing to add for the instances' own rows: `order by 0` would name a column).
    const byItem = list ? sql`, summary_item.n` : sql``;
    return { from, where, data, n, byItem, answer: (path: string) => jsonAt(data, path), id: compiler.column(ref, 'formInstanceId'), updated: compiler.column(ref, 'lastUpdatedDateTime') };
  };
  const run = async <T>(statement: SQL): Promise<T[]> => rowsOf<T>(await db.execute(statement));
  /** The number (`number`) or day since 1970-01-01 (`day`) of an answer, null when it is none. */
  const measured = (answer: SQL, kind: 'number' | 'day'): SQL =>
    kind === 'number'
      ? sql`(case when jsonb_typeof(${answer}) = 'number' then (${answer} #>> '{}')::float8 end)`
      : sql`(case when jsonb_typeof(${answer}) = 'string' and (${answer} #>> '{}') ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}' then (substr(${answer} #>> '{}', 1, 10)::date - date '1970-01-01')::float8 end)`;
  // Not only white space (space, tab, line breaks, form feed), as the fake's rule.
  const isText = (answer: SQL) => sql`(jsonb_typeof(${answer}) = 'string' and btrim(${answer} #>> '{}', ${' \t\n\r\f\v'}) <> '')`;
  return {
    async schemas(query) {
      const ids = await distinctODataValues(db, FORMS_SQL_MODEL, 'FormInstance', query, 'formSchemaId', { scope });
      return readInstanceCsvSchemas(ids.map(String), async (read) => (await runODataQuery(db, FORMS_SQL_MODEL, 'FormSchema', read, { scope })).value);
    },
    async stats(query, questions, items) {
      const { from, where, answer } = selected(query, items);
      // Each answer read out of the row's data once (a lateral select the planner keeps apart: OFFSET 0), then only
      // its small value is looked at by the aggregates.
      const reads = questions.map(({ path }, i) => sql`${answer(path)} as ${sql.identifier(`a${i}`)}`);
      const fields: SQL[] = [sql`count(*)::int as n`];
      questions.forEach(({ measure }, i) => {
        const at = sql`x.${sql.identifier(`a${i}`)}`;
        const answered =
          measure === 'list'
            ? sql`jsonb_typeof(${at}) = 'array' and jsonb_array_length(${at}) > 0`
            : measure === 'choice'
              ? sql`jsonb_typeof(${at}) in ${SCALAR} and ${at} <> '""'::jsonb`
              : measure === 'text'
                ? isText(at)
                : sql`${measured(at, measure)} is not null`;
        fields.push(sql`count(*) filter (where ${answered})::int as ${sql.identifier(`a${i}`)}`);
        if (measure === 'number' || measure === 'day') {
          const x = measured(at, measure);
          fields.push(sql`min(${x}) as ${sql.identifier(`mn${i}`)}`, sql`max(${x}) as ${sql.identifier(`mx${i}`)}`, sql`bool_and(${x} = floor(${x})) as ${sql.identifier(`w${i}`)}`);
        }
      });
      const lateral = reads.length ? sql` cross join lateral (select ${sql.join(reads, sql`, `)} offset 0) as x` : sql``;
      const [row = {}] = await run<Record<string, unknown>>(sql`select ${sql.join(fields, sql`, `)} from ${from}${lateral} where ${where}`);
      const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
      return {
        instances: Number(row.n ?? 0),
        questions: questions.map((_, i) => ({ answered: Number(row[`a${i}`] ?? 0), min: num(row[`mn${i}`]), max: num(row[`mx${i}`]), whole: row[`w${i}`] !== false })),
      };
    },
    async choices(query, questions, items) {
      const { from, where, answer } = selected(query, items);
      // One pass: each row's answers of every question as (question, value) pairs, a list's items each once per row.
      const pairs = questions.map(({ path, list }, i) => {
        const at = answer(path);
        return list
          ? sql`select distinct ${i}::int as q, e as v from jsonb_array_elements(case when jsonb_typeof(${at}) = 'array' then ${at} else '[]'::jsonb end) as e`
          : sql`select ${i}::int as q, ${at} as v`;
      });
      const rows = await run<{ q: number | string; v: string; n: number | string }>(
        sql`select q, v::text as v, n from (select p.q, p.v, count(*)::int as n from ${from} cross join lateral (${sql.join(pairs, sql` union all `)}) as p where ${where} and jsonb_typeof(p.v) in ${SCALAR} and p.v <> '""'::jsonb group by p.q, p.v) s`,
      );
      const out: { value: string | number | boolean; count: number }[][] = questions.map(() => []);
      for (const row of rows) out[Number(row.q)]?.push({ value: JSON.parse(row.v) as string | number | boolean, count: Number(row.n) });
      return out;
    },
    async histograms(query, questions, items) {
      const { from, where, answer } = selected(query, items);
      // Each answer read out of the row's data once (as in the first pass), then binned.
      const reads = questions.map(({ path }, i) => sql`${answer(path)} as ${sql.identifier(`a${i}`)}`);
      const pairs = questions.map(({ kind, bins }, i) => {
        const x = measured(sql`x.${sql.identifier(`a${i}`)}`, kind);
        // GREATEST and LEAST skip nulls: a row without a value is left out before.
        return sql`select ${i}::int as q, case when ${x} is not null then least(greatest(floor((${x} - ${bins.start}::float8) / ${bins.width}::float8), 0), ${bins.count - 1}::int)::int end as b`;
      });
      const rows = await run<{ q: number | string; b: number | string; n: number | string }>(
        sql`select p.q, p.b, count(*)::int as n from ${from} cross join lateral (select ${sql.join(reads, sql`, `)} offset 0) as x cross join lateral (${sql.join(pairs, sql` union all `)}) as p where ${where} and p.b is not null group by p.q, p.b`,
      );
      const out = questions.map(({ bins }) => Array.from({ length: bins.count }, () => 0));
      for (const row of rows) {
        const counts = out[Number(row.q)];
        if (counts) counts[Number(row.b)] = Number(row.n);
      }
      return out;
    },
    async texts(query, paths, limit, items) {
      const { from, where, data, n, byItem, answer, id, updated } = selected(query, items);
      const textAt = (source: SQL, path: string) => sql`case when ${isText(jsonAt(source, path))} then ${jsonAt(source, path)} #>> '{}' end`;
      // The latest rows once (an index on the last change reads them first), the texts read only out of those rows,
      // each question's picked from them.
      const latestRows = sql`(select ${updated} as at, ${id} as id, ${n} as n, ${data} as data from ${from} where ${where} order by ${updated} desc, ${id} desc${byItem} limit ${LATEST_ROWS})`;
      const rows = await run<Record<string, unknown>>(
        sql`select s.at, ${sql.join(
          paths.map((path, i) => sql`${textAt(sql`s.data`, path)} as ${sql.identifier(`t${i}`)}`),
          sql`, `,
        )} from ${latestRows} as s order by s.at desc, s.id desc, s.n`,
      );
      const iso = (at: unknown) => new Date(at as string | Date).toISOString();
      return Promise.all(
        paths.map(async (path, i) => {
          const found = rows.filter((row) => typeof row[`t${i}`] === 'string').slice(0, limit);
          if (found.length >= limit || rows.length < LATEST_ROWS) return found.map((row) => ({ text: String(row[`t${i}`]), at: iso(row.at) }));
          // Fewer among the latest rows: this question's own latest.
          const own = await run<{ text: string; at: Date | string }>(
            sql`select ${answer(path)} #>> '{}' as text, ${updated} as at from ${from} where ${where} and ${isText(answer(path))} order by ${updated} desc, ${id} desc${byItem} limit ${limit}`,
          );
          return own.map((hit) => ({ text: hit.text, at: iso(hit.at) }));
        }),
      );
    },
  };
}

/** The summary route of the server. */
export const summaryRoutes: readonly AnyRouteDeclaration[] = SUMMARY_ROUTES.map((summaryRoute) =>
  tableRoute(summaryRoute, (ctx) => ({ store: () => sqlSummaryStore(ctx.services.db, signedInScope(ctx.auth?.claims ?? new Set())) })),
);
