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
import { BIN_NUDGE, binOf } from '../../../src/domain/forms/summary';
import { SUMMARY_ROUTES, type SummaryBins, type SummaryMeasure, type SummaryStore } from '../../../src/service/routes-summary';
import { distinctODataValues, FORMS_SQL_MODEL, ODataSqlCompiler, runODataQuery, type ODataDb, type ODataScope } from '../odata';
import { equalityOf, pinnedFormOf, pointerOf } from '../odata/answer-sort';
import type { AnyRouteDeclaration } from '../routes/registry';
import { tableRoute } from '../routes/table';
import { ANSWER_FACT } from './answer-counts-sql';
import { signedInScope } from './odata-routes';

/** Rows of a raw query, whichever driver ran it. */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

const SCALAR = sql`('string', 'number', 'boolean')`;
/** The latest rows the texts pass reads at once; a question with fewer latest texts among them is asked on its own. */
const LATEST_ROWS = 100;
/**
 * The most distinct values of one question the first pass hands back to be counted and binned without a second read
 * (a question with more is counted by its own pass).
 */
const VALUES_KEPT = 10_000;
/** The latest instances whose items the texts pass of a repeatable section reads first. */
const LATEST_INSTANCES = 400;

/** The answer (jsonb) at `path` of `data`. */
function jsonAt(data: SQL, path: string): SQL {
  const segments = parsePointer(path).map((segment) => sql`${String(segment)}`);
  return segments.length ? sql`(${data} #> array[${sql.join(segments, sql`, `)}]::text[])` : data;
}

/**
 * The form whose live instances `query` selects, whole: a `$filter` of `formId eq <guid>`, alone or with
 * `isDeleted eq false`, and no `$search` (what the summary of a form without list filters asks); null for any other
 * query. Such a query is answered from the form's answer counts (example-host/server/forms/answer-counts-sql.ts).
 */
export function wholeFormOf(query: ODataQuery): string | null {
  if (query.search || !query.filter) return null;
  const leaves = query.filter.kind === 'logical' && query.filter.op === 'and' ? query.filter.operands : [query.filter];
  // The form's own leaf, and nothing else but the live rows' rule.
  const others = leaves.filter((leaf) => !equalityOf(leaf, 'formId'));
  const live = (leaf: (typeof leaves)[number]) => {
    const deleted = equalityOf(leaf, 'isDeleted');
    return deleted?.kind === 'literal' && deleted.value === false;
  };
  return leaves.length - others.length === 1 && others.every(live) ? pinnedFormOf(query.filter) : null;
}

/** A JSON pointer as the answer counts write it (each segment escaped, `~` as `~0`, `/` as `~1`). */
const countedPointer = (path: string) => pointerOf(parsePointer(path));

/** The store's two shortcuts' sizes (tests make them small to run both ways). */
export interface SummaryStoreLimits {
  /**
   * Whether the summary of a whole form (see {@link wholeFormOf}) reads the form's answer counts instead of its rows
   * (default true; the long way when false). The counts are those of the live instances: right for a scope that
   * limits the rows by the soft-delete flag alone, as the server's signed-in scope does.
   */
  counts?: boolean;
  /** The most distinct values of a question the first pass hands back (default {@link VALUES_KEPT}). */
  valuesKept?: number;
  /** The latest instances whose items the texts of a repeatable section are read from first (default {@link LATEST_INSTANCES}). */
  latestInstances?: number;
}

/** The summary store over `db` for a caller whose reads `scope` limits: each method one statement (one pass) over all its questions. */
export function sqlSummaryStore(db: ODataDb, scope: ODataScope, limits: SummaryStoreLimits = {}): SummaryStore {
  const valuesKept = limits.valuesKept ?? VALUES_KEPT;
  const latestInstances = limits.latestInstances ?? LATEST_INSTANCES;
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
      ? sql`${compiler.from(
          ref,
        )} cross join lateral jsonb_array_elements(case when jsonb_typeof(${list}) = 'array' then ${list} else '[]'::jsonb end) with ordinality as summary_item(v, n)`
      : compiler.from(ref);
    const data = list ? sql`summary_item.v` : own;
    const n = list ? sql`summary_item.n` : sql`0`;
    // The items of one instance in their list's order (nothing to add for the instances' own rows: `order by 0` would name a column).
    const byItem = list ? sql`, summary_item.n` : sql``;
    return {
      from,
      where,
      data,
      n,
      byItem,
      answer: (path: string) => jsonAt(data, path),
      id: compiler.column(ref, 'formInstanceId'),
      updated: compiler.column(ref, 'lastUpdatedDateTime'),
    };
  };
  const run = async <T>(statement: SQL): Promise<T[]> => rowsOf<T>(await db.execute(statement));
  /** The values stats() counted of a set of questions (the instances of a query, or the items of one of its lists), by path. */
  const known = new Map<string, Map<string, { value: string | number | boolean; count: number }[]>>();
  const setKey = (query: ODataQuery, items?: string) => JSON.stringify([query, items ?? null]);
  /** The number (`number`) or day since 1970-01-01 (`day`) of an answer, null when it is none. */
  const measured = (answer: SQL, kind: 'number' | 'day'): SQL => {
    if (kind === 'number') return sql`(case when jsonb_typeof(${answer}) = 'number' then (${answer} #>> '{}')::float8 end)`;
    // A day the calendar has (as the domain's answerDay: years 0100-9999, a month's own days), tested before the cast,
    // which would fail the whole statement on 2026-02-30.
    const text = sql`(${answer} #>> '{}')`;
    const firstOfMonth = sql`make_date(substr(${text}, 1, 4)::int, substr(${text}, 6, 2)::int, 1)`;
    return sql`(case when jsonb_typeof(${answer}) = 'string' and ${text} ~ '^(0[1-9][0-9]{2}|[1-9][0-9]{3})-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])' then case when substr(${text}, 9, 2)::int <= extract(day from ${firstOfMonth} + interval '1 month - 1 day')::int then (substr(${text}, 1, 10)::date - date '1970-01-01')::float8 end end)`;
  };
  // Not only white space (space, tab, line breaks, form feed), as the fake's rule: a character outside that set (a
  // regular expression of one bracket: half the CPU of btrim's copy of the text on 100,000 rows).
  const isText = (answer: SQL) => sql`(jsonb_typeof(${answer}) = 'string' and (${answer} #>> '{}') ~ ${'[^ \t\n\r\f\v]'})`;
  /** The histograms of `questions` counted in SQL, one pass. */
  const binnedInSql = async (
    query: ODataQuery,
    questions: readonly {
      path: string;
      kind: 'number' | 'day';
      bins: SummaryBins;
    }[],
    items?: string,
  ): Promise<number[][]> => {
    const { from, where, answer } = selected(query, items);
    // Each answer read out of the row's data once (as in the first pass), then binned.
    const reads = questions.map(({ path }, i) => sql`${answer(path)} as ${sql.identifier(`a${i}`)}`);
    const pairs = questions.map(({ kind, bins }, i) => {
      const x = measured(sql`x.${sql.identifier(`a${i}`)}`, kind);
      // GREATEST and LEAST skip nulls: a row without a value is left out before.
      return sql`select ${i}::int as q, case when ${x} is not null then least(greatest(floor((${x} - ${bins.start}::float8) / ${bins.width}::float8 + ${BIN_NUDGE}::float8), 0), ${
        bins.count - 1
      }::int)::int end as b`;
    });
    const rows = await run<{
      q: number | string;
      b: number | string;
      n: number | string;
    }>(
      sql`select p.q, p.b, count(*)::int as n from ${from} cross join lateral (select ${sql.join(reads, sql`, `)} offset 0) as x cross join lateral (${sql.join(
        pairs,
        sql` union all `,
      )}) as p where ${where} and p.b is not null group by p.q, p.b`,
    );
    const out = questions.map(({ bins }) => Array.from({ length: bins.count }, () => 0));
    for (const row of rows) {
      const counts = out[Number(row.q)];
      if (counts) counts[Number(row.b)] = Number(row.n);
    }
    return out;
  };

  const useCounts = limits.counts ?? true;
  /**
   * The first pass of a whole form's set of questions from its answer counts: the rows, each question's answered
   * count, range and wholeness, and every counted value of a choice, list, number and day question (a value a row, so
   * choices() and histograms() read no more).
   */
  const countedStats = async (form: string, query: ODataQuery, questions: readonly { path: string; measure: SummaryMeasure }[], items?: string) => {
    type Role = 'answered' | 'value' | 'number' | 'day';
    const wanted: SQL[] = [sql`(-1, '', ${ANSWER_FACT.row}::smallint, 'answered')`];
    questions.forEach(({ path, measure }, i) => {
      const at = countedPointer(path);
      const want = (kind: number, role: Role) => wanted.push(sql`(${i}::int, ${at}::text, ${kind}::smallint, ${role}::text)`);
      if (measure === 'choice') want(ANSWER_FACT.value, 'value');
      else if (measure === 'list') {
        want(ANSWER_FACT.list, 'answered');
        want(ANSWER_FACT.element, 'value');
      } else if (measure === 'text') want(ANSWER_FACT.text, 'answered');
      else want(ANSWER_FACT.value, measure);
    });
    const value = sql`c.value`;
    // Each wanted question's rows from the primary key (OFFSET 0 keeps the lateral read per question, whatever the
    // table's statistics say: without them the planner read the form's whole table once per question).
    const [result] = await run<{ stats: unknown; counts: unknown }>(
      sql`with w(q, path, kind, role) as (values ${sql.join(wanted, sql`, `)}),
        x as materialized (select w.q, w.role, c.value, c.total, case when w.role = 'number' then ${measured(value, 'number')} when w.role = 'day' then ${measured(
          value,
          'day',
        )} end as m from w cross join lateral (select c.value, c.total from form_answer_counts c where c.form_id = ${form}::uuid and c.items = ${
          items === undefined ? '' : countedPointer(items)
        } and c.path = w.path and c.kind = w.kind and c.total > 0 offset 0) as c),
        y as (select q, role, total, m, case when role = 'value' then value else to_jsonb(m) end as v from x where role in ('answered', 'value') or m is not null)
        select (select coalesce(jsonb_agg(jsonb_build_array(q, role, n, mn, mx, w)), '[]'::jsonb) from (select q, role, sum(total)::bigint as n, min(m) as mn, max(m) as mx, bool_and(m = floor(m)) as w from y group by q, role) s) as stats,
          (select coalesce(jsonb_agg(jsonb_build_array(q, v, n)), '[]'::jsonb) from (select q, v, sum(total)::bigint as n from y where role <> 'answered' group by q, v) g) as counts`,
    );
    const json = <T>(data: unknown): T => (typeof data === 'string' ? (JSON.parse(data) as T) : (data as T));
    // Each question's figures by role: a list's answered count is that of its non-empty lists (not of its elements).
    const figures = new Map<string, { n: number; mn: number | null; mx: number | null; w: boolean | null }>();
    for (const [q, role, n, mn, mx, w] of json<[number, Role, number, number | null, number | null, boolean | null][]>(result?.stats ?? [])) {
      figures.set(`${q}:${role}`, { n: Number(n), mn: mn === null ? null : Number(mn), mx: mx === null ? null : Number(mx), w });
    }
    const roleOf = (measure: SummaryMeasure): Role => (measure === 'list' || measure === 'text' ? 'answered' : measure === 'choice' ? 'value' : measure);
    const values = new Map<string, { value: string | number | boolean; count: number }[]>();
    questions.forEach(({ path, measure }) => {
      if (measure !== 'text') values.set(path, []);
    });
    for (const [q, v, n] of json<[number, string | number | boolean, number][]>(result?.counts ?? [])) {
      values.get((questions[Number(q)] as { path: string }).path)?.push({ value: v, count: Number(n) });
    }
    known.set(setKey(query, items), values);
    return {
      instances: figures.get('-1:answered')?.n ?? 0,
      questions: questions.map(({ measure }, i) => {
        const figure = figures.get(`${i}:${roleOf(measure)}`);
        return { answered: figure?.n ?? 0, min: figure?.mn ?? null, max: figure?.mx ?? null, whole: figure?.w !== false };
      }),
    };
  };

  return {
    async schemas(query) {
      const form = useCounts ? wholeFormOf(query) : null;
      if (form) {
        // A whole form's schemas are those its counts hold.
        const held = await run<{ id: string }>(
          sql`select value #>> '{}' as id from form_answer_counts where form_id = ${form}::uuid and items = '' and path = '' and kind = ${ANSWER_FACT.schema} and total > 0`,
        );
        return readInstanceCsvSchemas(held.map((row) => row.id), async (read) => (await runODataQuery(db, FORMS_SQL_MODEL, 'FormSchema', read, { scope })).value);
      }
      const ids = await distinctODataValues(db, FORMS_SQL_MODEL, 'FormInstance', query, 'formSchemaId', { scope });
      return readInstanceCsvSchemas(
        ids.map(String),
        async (read) =>
          (
            await runODataQuery(db, FORMS_SQL_MODEL, 'FormSchema', read, {
              scope,
            })
          ).value,
      );
    },
    async stats(query, questions, items) {
      const form = useCounts ? wholeFormOf(query) : null;
      if (form) return countedStats(form, query, questions, items);
      const { from, where, answer } = selected(query, items);
      // One statement, one read of the rows: each answer read out of the row's data once (a lateral select kept apart:
      // OFFSET 0) into a materialised CTE that keeps only what is counted of it (whether a text is one, a number or day,
      // a choice's or list's value), then the aggregates over those small values, and in the same statement the count
      // of each value of every choice, list, number and day question (what choices() and histograms() then answer
      // without reading the rows again).
      const reads = questions.map(({ path }, i) => sql`${answer(path)} as ${sql.identifier(`a${i}`)}`);
      const kept = questions.map(({ measure }, i) => {
        const read = sql`y.${sql.identifier(`a${i}`)}`;
        if (measure === 'text') return sql`${isText(read)} as ${sql.identifier(`t${i}`)}`;
        if (measure === 'number' || measure === 'day') return sql`${measured(read, measure)} as ${sql.identifier(`m${i}`)}`;
        return sql`${read} as ${sql.identifier(`a${i}`)}`;
      });
      const fields: SQL[] = [sql`count(*)::int as n`];
      const pairs: SQL[] = [];
      questions.forEach(({ measure }, i) => {
        const at = sql`x.${sql.identifier(`a${i}`)}`;
        const m = sql`x.${sql.identifier(`m${i}`)}`;
        const answered =
          measure === 'list'
            ? sql`jsonb_typeof(${at}) = 'array' and jsonb_array_length(${at}) > 0`
            : measure === 'choice'
            ? sql`jsonb_typeof(${at}) in ${SCALAR} and ${at} <> '""'::jsonb`
            : measure === 'text'
            ? sql`x.${sql.identifier(`t${i}`)}`
            : sql`${m} is not null`;
        fields.push(sql`count(*) filter (where ${answered})::int as ${sql.identifier(`a${i}`)}`);
        if (measure === 'number' || measure === 'day') {
          fields.push(
            sql`min(${m}) as ${sql.identifier(`mn${i}`)}`,
            sql`max(${m}) as ${sql.identifier(`mx${i}`)}`,
            sql`bool_and(${m} = floor(${m})) as ${sql.identifier(`w${i}`)}`,
          );
          pairs.push(sql`select ${i}::int as q, to_jsonb(${m}) as v`);
        } else if (measure === 'choice') {
          pairs.push(sql`select ${i}::int as q, case when jsonb_typeof(${at}) in ${SCALAR} and ${at} <> '""'::jsonb then ${at} end as v`);
        } else if (measure === 'list') {
          pairs.push(
            sql`select distinct ${i}::int as q, e as v from jsonb_array_elements(case when jsonb_typeof(${at}) = 'array' then ${at} else '[]'::jsonb end) as e where jsonb_typeof(e) in ${SCALAR} and e <> '""'::jsonb`,
          );
        }
      });
      const x = reads.length
        ? sql`x as materialized (select ${sql.join(kept, sql`, `)} from ${from} cross join lateral (select ${sql.join(
            reads,
            sql`, `,
          )} offset 0) as y where ${where})`
        : sql`x as materialized (select 1 as one from ${from} where ${where})`;
      const counted = pairs.length
        ? sql`, g as (select p.q, p.v, count(*)::int as n from x cross join lateral (${sql.join(
            pairs,
            sql` union all `,
          )}) as p where p.v is not null group by p.q, p.v),
          k as (select q, count(*) as values from g group by q)
          select (select to_jsonb(s) from (select ${sql.join(fields, sql`, `)} from x) s) as stats,
            (select coalesce(jsonb_agg(jsonb_build_array(g.q, g.v, g.n)), '[]'::jsonb) from g where g.q in (select q from k where k.values <= ${valuesKept})) as counts,
            (select coalesce(jsonb_agg(k.q), '[]'::jsonb) from k where k.values > ${valuesKept}) as over`
        : sql` select (select to_jsonb(s) from (select ${sql.join(fields, sql`, `)} from x) s) as stats, '[]'::jsonb as counts, '[]'::jsonb as over`;
      const [result] = await run<{
        stats: unknown;
        counts: unknown;
        over: unknown;
      }>(sql`with ${x}${counted}`);
      const json = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));
      const row = json<Record<string, unknown>>(result?.stats ?? {});
      const over = new Set(json<number[]>(result?.over ?? []).map(Number));
      // Each counted question's values (kept when it has no more than VALUES_KEPT of them).
      const values = new Map<string, { value: string | number | boolean; count: number }[]>();
      questions.forEach(({ path, measure }, i) => {
        if (measure !== 'text' && !over.has(i)) values.set(path, []);
      });
      for (const [q, value, count] of json<[number, string | number | boolean, number][]>(result?.counts ?? [])) {
        values.get((questions[Number(q)] as { path: string }).path)?.push({ value, count: Number(count) });
      }
      known.set(setKey(query, items), values);
      const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
      return {
        instances: Number(row.n ?? 0),
        questions: questions.map((_, i) => ({
          answered: Number(row[`a${i}`] ?? 0),
          min: num(row[`mn${i}`]),
          max: num(row[`mx${i}`]),
          whole: row[`w${i}`] !== false,
        })),
      };
    },
    async choices(query, questions, items) {
      const values = known.get(setKey(query, items));
      if (values && questions.every(({ path }) => values.has(path))) return questions.map(({ path }) => values.get(path) ?? []);
      const { from, where, answer } = selected(query, items);
      // One pass: each row's answers of every question as (question, value) pairs, a list's items each once per row.
      const pairs = questions.map(({ path, list }, i) => {
        const at = answer(path);
        return list
          ? sql`select distinct ${i}::int as q, e as v from jsonb_array_elements(case when jsonb_typeof(${at}) = 'array' then ${at} else '[]'::jsonb end) as e`
          : sql`select ${i}::int as q, ${at} as v`;
      });
      const rows = await run<{
        q: number | string;
        v: string;
        n: number | string;
      }>(
        sql`select q, v::text as v, n from (select p.q, p.v, count(*)::int as n from ${from} cross join lateral (${sql.join(
          pairs,
          sql` union all `,
        )}) as p where ${where} and jsonb_typeof(p.v) in ${SCALAR} and p.v <> '""'::jsonb group by p.q, p.v) s`,
      );
      const out: { value: string | number | boolean; count: number }[][] = questions.map(() => []);
      for (const row of rows)
        out[Number(row.q)]?.push({
          value: JSON.parse(row.v) as string | number | boolean,
          count: Number(row.n),
        });
      return out;
    },
    async histograms(query, questions, items) {
      // The values stats() counted, binned by the domain's rule; the others counted here in one pass.
      const values = known.get(setKey(query, items));
      const binnedHere = values
        ? questions.map(({ path, bins }) => {
            const counted = values.get(path);
            if (!counted) return null;
            const counts = Array.from({ length: bins.count }, () => 0);
            for (const { value, count } of counted) {
              const bin = binOf(Number(value), bins);
              counts[bin] = (counts[bin] ?? 0) + count;
            }
            return counts;
          })
        : questions.map(() => null);
      const left = questions.filter((_, k) => !binnedHere[k]);
      if (!left.length) return binnedHere as number[][];
      const rest = await binnedInSql(query, left, items);
      let r = 0;
      return binnedHere.map((counts) => counts ?? (rest[r++] as number[]));
    },
    async texts(query, paths, limit, items) {
      const { from, where, data, n, byItem, answer, id, updated } = selected(query, items);
      const textAt = (source: SQL, path: string) => sql`case when ${isText(jsonAt(source, path))} then ${jsonAt(source, path)} #>> '{}' end`;
      // Newest first. Both columns are never null: "nulls last" changes no order, and lets a backward scan of the
      // index on the last change (migration 0012: is_deleted, last change asc nulls first, id) give this order.
      const newest = sql`${updated} desc nulls last, ${id} desc nulls last`;
      const pick = (latest: SQL) =>
        run<Record<string, unknown>>(
          sql`select s.at, ${sql.join(
            paths.map((path, i) => sql`${textAt(sql`s.data`, path)} as ${sql.identifier(`t${i}`)}`),
            sql`, `,
          )} from ${latest} as s order by s.at desc, s.id desc, s.n`,
        );
      // The latest rows once, the texts read only out of those rows, each question's picked from them.
      const latestRows = sql`(select ${updated} as at, ${id} as id, ${n} as n, ${data} as data from ${from} where ${where} order by ${newest}${byItem} limit ${LATEST_ROWS})`;
      let rows: Record<string, unknown>[];
      if (items === undefined) rows = await pick(latestRows);
      else {
        // Items come in their instance's order, so the latest items are those of the latest instances: read the items
        // of the latest few hundred instances (from the index) instead of every item of every instance; when those
        // hold fewer than the rows wanted, every instance's as above.
        const own = selected(query);
        const list = jsonAt(sql`i.data`, items);
        const newestInstances = sql`(select ${own.updated} as at, ${own.id} as id, ${own.data} as data from ${own.from} where ${
          own.where
        } order by ${sql`${own.updated} desc nulls last, ${own.id} desc nulls last`} limit ${latestInstances})`;
        rows = await pick(
          sql`(select i.at, i.id, e.n, e.v as data from ${newestInstances} as i cross join lateral jsonb_array_elements(case when jsonb_typeof(${list}) = 'array' then ${list} else '[]'::jsonb end) with ordinality as e(v, n) order by i.at desc, i.id desc, e.n limit ${LATEST_ROWS})`,
        );
        if (rows.length < LATEST_ROWS) rows = await pick(latestRows);
      }
      const iso = (at: unknown) => new Date(at as string | Date).toISOString();
      return Promise.all(
        paths.map(async (path, i) => {
          const found = rows.filter((row) => typeof row[`t${i}`] === 'string').slice(0, limit);
          if (found.length >= limit || rows.length < LATEST_ROWS)
            return found.map((row) => ({
              text: String(row[`t${i}`]),
              at: iso(row.at),
            }));
          // Fewer among the latest rows: this question's own latest.
          const own = await run<{ text: string; at: Date | string }>(
            sql`select ${answer(path)} #>> '{}' as text, ${updated} as at from ${from} where ${where} and ${isText(
              answer(path),
            )} order by ${newest}${byItem} limit ${limit}`,
          );
          return own.map((hit) => ({ text: hit.text, at: iso(hit.at) }));
        }),
      );
    },
  };
}

/** The summary route of the server. */
export const summaryRoutes: readonly AnyRouteDeclaration[] = SUMMARY_ROUTES.map((summaryRoute) =>
  tableRoute(summaryRoute, (ctx) => ({
    store: () => sqlSummaryStore(ctx.services.db, signedInScope(ctx.auth?.claims ?? new Set())),
  })),
);
