/**
 * Runs an OData read against the database: binds the parsed query to the model (400 `ODataError`
 * on a malformed one), compiles it, and answers `{ value, count? }` as the test fake's evaluator
 * does. One statement for the page, one for `$count`, and per `$expand` item one statement for all
 * parents at once (a window function pages each parent's collection), so a page of 1000 rows with
 * two levels of expansion is still a handful of queries.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgDatabase, PgQueryResultHKT, PgTable } from 'drizzle-orm/pg-core';
import {
  bindQuery,
  effectiveTop,
  ODATA_ETAG,
  type ODataNavigation,
  type ODataPage,
  type ODataQuery,
  type ODataRow,
} from '../../../src/domain/odata';
import { formAnswerSortKeys } from '../db/schema';
import { answerSortOf } from './answer-sort';
import { literalParam, ODataSqlCompiler, type ODataScope, type TableRef } from './compile';
import type { SqlEntity, SqlModel } from './entity';

/** A drizzle PostgreSQL database (PGlite or node-postgres) or a transaction. */
export type ODataDb = PgDatabase<PgQueryResultHKT, Record<string, unknown>>;

/** Options of a read. */
export interface RunODataOptions {
  /** The rows the caller may see, per entity set (see {@link ODataScope}). */
  scope?: ODataScope;
}

interface Context {
  db: ODataDb;
  model: SqlModel;
  scope?: ODataScope;
}

type Fields = Record<string, AnyPgColumn>;

// The row version read with each row (never a property name: those are the contract's identifiers).
const VERSION_FIELD = '__version';

// The columns a read needs: what it answers, what its expansions link through, and the key.
function fieldsFor(ref: TableRef, query: ODataQuery, extra: readonly string[] = []): Fields {
  const type = ref.entity.type;
  const names = new Set([...(query.select ?? Object.keys(type.properties)), type.key, ...extra]);
  for (const item of query.expand ?? []) {
    const nav = type.navigations?.[item.navigation];
    if (nav) names.add(nav.sourceProperty);
  }
  const table = ref.table as unknown as Record<string, AnyPgColumn>;
  const fields: Fields = {};
  for (const name of names) {
    const column = table[ref.entity.keys[name] ?? ''];
    if (!column) throw new Error(`'${type.name}.${name}' has no column.`);
    fields[name] = column;
  }
  const version = ref.entity.etagKey === undefined ? undefined : table[ref.entity.etagKey];
  if (version) fields[VERSION_FIELD] = version;
  return fields;
}

// Keys compared across rows: GUIDs in any case, dates by instant.
function keyOf(value: unknown): string {
  return value instanceof Date ? value.toISOString() : String(value).toLowerCase();
}

function keyParams(entity: SqlEntity, property: string, keys: readonly unknown[]): SQL {
  const type = entity.type.properties[property];
  const params = keys.map((key) => {
    switch (type) {
      case 'guid':
        return literalParam({ kind: 'literal', type: 'guid', value: String(key) });
      case 'number':
        return literalParam({ kind: 'literal', type: 'number', value: Number(key) });
      case 'dateTime':
        return literalParam({ kind: 'literal', type: 'dateTime', value: keyOf(key) });
      default:
        return literalParam({ kind: 'literal', type: 'string', value: String(key) });
    }
  });
  return sql.join(params, sql`, `);
}

function distinctKeys(rows: readonly ODataRow[], property: string): unknown[] {
  const seen = new Map<string, unknown>();
  for (const row of rows) {
    const value = row[property];
    if (value !== null && value !== undefined && !seen.has(keyOf(value))) seen.set(keyOf(value), value);
  }
  return [...seen.values()];
}

function entityOf(model: SqlModel, typeName: string): SqlEntity {
  const entity = model.entities[typeName];
  if (!entity) throw new Error(`Unknown OData type '${typeName}'.`);
  return entity;
}

/** A collection navigation for all parents: each parent's page of children, and their counts when asked. */
async function readChildren(
  ctx: Context,
  nav: ODataNavigation,
  keys: readonly unknown[],
  query: ODataQuery,
): Promise<{ rows: Map<string, ODataRow[]>; counts?: Map<string, number> }> {
  const compiler = new ODataSqlCompiler(ctx.model, ctx.scope);
  const t = compiler.ref(nav.target);
  const parentColumn = compiler.column(t, nav.targetProperty);
  const link = sql`${parentColumn} in (${keyParams(t.entity, nav.targetProperty, keys)})`;
  const where = compiler.where(t, query, true, link);
  const order = sql.join(compiler.orderBy(t, query), sql`, `);
  const mapped = (ctx.model.entities[nav.target] as SqlEntity).columns[nav.targetProperty] as AnyPgColumn;
  const inner = ctx.db
    .select({
      ...fieldsFor(t, query),
      __parent: sql`${parentColumn}`.mapWith(mapped).as('__parent'),
      __rn: sql<number>`(row_number() over (partition by ${parentColumn} order by ${order}))::int`.as('__rn'),
    })
    .from(t.table)
    .where(where)
    .as('__x');
  const skip = query.skip ?? 0;
  const found = await ctx.db
    .select()
    .from(inner)
    .where(sql`${inner.__rn} > ${skip} and ${inner.__rn} <= ${skip + effectiveTop(query)}`)
    .orderBy(inner.__rn);
  const rows = new Map<string, ODataRow[]>();
  for (const { __parent, __rn: _rn, ...row } of found as (ODataRow & { __parent: unknown; __rn: number })[]) {
    const key = keyOf(__parent);
    rows.set(key, [...(rows.get(key) ?? []), row]);
  }
  if (!query.count) return { rows };
  const c = new ODataSqlCompiler(ctx.model, ctx.scope);
  const ct = c.ref(nav.target);
  const ctParent = c.column(ct, nav.targetProperty);
  const counted = await ctx.db
    .select({ parent: sql`${ctParent}`.mapWith(mapped), n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(ct.table)
    .where(c.where(ct, query, true, sql`${ctParent} in (${keyParams(ct.entity, nav.targetProperty, keys)})`))
    .groupBy(ctParent);
  return { rows, counts: new Map(counted.map((r) => [keyOf(r.parent), r.n])) };
}

/** A single navigation for all parents: the related row of each key (soft-deleted ones too: the link exists). */
async function readSingles(ctx: Context, nav: ODataNavigation, keys: readonly unknown[], query: ODataQuery) {
  const compiler = new ODataSqlCompiler(ctx.model, ctx.scope);
  const t = compiler.ref(nav.target);
  const link = sql`${compiler.column(t, nav.targetProperty)} in (${keyParams(t.entity, nav.targetProperty, keys)})`;
  const found = (await ctx.db
    .select(fieldsFor(t, query, [nav.targetProperty]))
    .from(t.table)
    .where(compiler.where(t, { select: query.select, expand: query.expand }, false, link))) as ODataRow[];
  const byKey = new Map<string, ODataRow>();
  for (const row of found) if (!byKey.has(keyOf(row[nav.targetProperty]))) byKey.set(keyOf(row[nav.targetProperty]), row);
  return byKey;
}

/** `$select` and `$expand` for rows of one entity set (expansions batched over all the rows). */
async function project(ctx: Context, entity: SqlEntity, rows: readonly ODataRow[], query: ODataQuery): Promise<ODataRow[]> {
  const names = query.select ?? Object.keys(entity.type.properties);
  const out = rows.map((row) => {
    const projected: ODataRow = {};
    if (entity.etag && row[VERSION_FIELD] !== undefined) projected[ODATA_ETAG] = entity.etag.of(row[VERSION_FIELD]);
    for (const name of names) projected[name] = row[name] ?? null;
    return projected;
  });
  for (const item of query.expand ?? []) {
    const nav = entity.type.navigations?.[item.navigation];
    if (!nav) continue;
    const target = entityOf(ctx.model, nav.target);
    const keys = distinctKeys(rows, nav.sourceProperty);
    if (nav.many) {
      const { rows: children, counts } = keys.length ? await readChildren(ctx, nav, keys, item.options) : { rows: new Map<string, ODataRow[]>(), counts: new Map<string, number>() };
      const all = [...children.values()].flat();
      const projected = await project(ctx, target, all, item.options);
      const byRow = new Map(all.map((row, i) => [row, projected[i] as ODataRow]));
      rows.forEach((row, i) => {
        const key = row[nav.sourceProperty];
        const list = key === null || key === undefined ? [] : (children.get(keyOf(key)) ?? []);
        const target = out[i] as ODataRow;
        if (item.options.count) target[`${item.navigation}@odata.count`] = key === null || key === undefined ? 0 : (counts?.get(keyOf(key)) ?? 0);
        target[item.navigation] = list.map((child) => byRow.get(child) as ODataRow);
      });
    } else {
      const related = keys.length ? await readSingles(ctx, nav, keys, item.options) : new Map<string, ODataRow>();
      const all = [...related.values()];
      const projected = await project(ctx, target, all, item.options);
      const byRow = new Map(all.map((row, i) => [row, projected[i] as ODataRow]));
      rows.forEach((row, i) => {
        const key = row[nav.sourceProperty];
        const found = key === null || key === undefined ? undefined : related.get(keyOf(key));
        (out[i] as ODataRow)[item.navigation] = found ? (byRow.get(found) as ODataRow) : null;
      });
    }
  }
  return out;
}

/**
 * Answers an OData read of entity set `typeName`: `value` (the page: `$top`, or the default page
 * size, after `$skip`) and, with `$count=true`, `count` (the matching rows before paging). Throws
 * the domain's `ODataError` (400) for a query the model cannot answer. Values come back as drizzle
 * reads them (dates as `Date`s).
 */
export async function runODataQuery(
  db: ODataDb,
  model: SqlModel,
  typeName: string,
  query: ODataQuery,
  options: RunODataOptions = {},
): Promise<ODataPage> {
  const bound = bindQuery(model.schema, typeName, query);
  const ctx: Context = { db, model, scope: options.scope };
  const compiler = new ODataSqlCompiler(model, options.scope);
  const t = compiler.ref(typeName);
  const where = compiler.where(t, bound, true);
  // The count is asked at once beside the page: on a pool of connections (PostgreSQL) the two run side by side;
  // on one connection they queue as before.
  const counting = bound.count
    ? db
        .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
        .from(t.table as PgTable)
        .where(where)
        .then(([counted]) => counted?.n ?? 0)
    : Promise.resolve(undefined);
  const reading = (async () => {
    // A page of one form sorted by an answer: from the answer sort keys' index when they give the same order.
    const keyed = await answerSortOf(db, t, bound);
    const select = db.select(fieldsFor(t, bound)).from(t.table);
    const rows = (await (keyed ? select.innerJoin(formAnswerSortKeys, keyed.join) : select)
      .where(where)
      .orderBy(...(keyed ? keyed.order : compiler.orderBy(t, bound)))
      .limit(effectiveTop(bound))
      .offset(bound.skip ?? 0)) as ODataRow[];
    return project(ctx, t.entity, rows, bound);
  })();
  const [value, count] = await Promise.all([reading, counting]);
  return count === undefined ? { value } : { value, count };
}

/**
 * The distinct values of `property` over the rows of `typeName` that `query`'s `$filter` and `$search` select (the
 * soft-delete rule and the scope applied as in {@link runODataQuery}), in no particular order — one statement, e.g.
 * the schemas a filtered set of instances uses. Throws `ODataError` (400) for a query the model cannot answer.
 */
export async function distinctODataValues(
  db: ODataDb,
  model: SqlModel,
  typeName: string,
  query: Pick<ODataQuery, 'filter' | 'search'>,
  property: string,
  options: RunODataOptions = {},
): Promise<unknown[]> {
  const bound = bindQuery(model.schema, typeName, { ...(query.filter ? { filter: query.filter } : {}), ...(query.search ? { search: query.search } : {}) });
  const compiler = new ODataSqlCompiler(model, options.scope);
  const t = compiler.ref(typeName);
  const fields = fieldsFor(t, { select: [property] });
  const column = fields[property] as AnyPgColumn;
  const rows = await db.selectDistinct({ value: column }).from(t.table).where(compiler.where(t, bound, true));
  return rows.map((r) => r.value);
}
