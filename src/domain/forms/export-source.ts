/**
 * Where an export of form instances (CSV or XLSX) reads from, and how: which rows, in which order, in which batches.
 * One module for the test fake and the reference server: both hand the export a function that reads one batch of rows
 * through their OData reader, and one that reads the schemas those rows use, and keep only the storage and the HTTP.
 *
 * - Rows: the instances the same `$filter` / `$search` / `$orderby` as the list select (soft-deleted rules
 *   included), all of them, not one page. They are read in batches by keyset paging (each batch starts after the
 *   last row of the one before, by the sort columns and the id), so no batch depends on an offset and no reader
 *   ever holds more than one batch. The keyset condition also bounds the first sort column on its own (`a ≤ a₀`
 *   beside `a < a₀ or (a = a₀ and …)`): the same rows, but a range a database reads from an index instead of
 *   walking every row before the batch again (which made a large export quadratic).
 * - Schemas: the version, layout and form name of each schema the selected rows use, read once (not expanded in
 *   every batch); the columns come from their layouts.
 */
import type { FormLayout } from '../../contract/types';
import type { ODataFilter, ODataOrderBy, ODataQuery, ODataValue } from '../odata/ast';
import { ODataError } from '../odata/errors';
import { ODATA_LIMITS } from '../odata/limits';
import type { ODataRow } from '../odata/evaluate';

/** Rows read per batch (the OData reads' largest `$top`: fewer, larger reads cost less per row). */
export const INSTANCE_CSV_BATCH_SIZE = 1000;

/**
 * The properties an export may be sorted by: the instance's own columns that are never null, so that keyset
 * paging (`after the last row`) is exact. A sort by anything else is refused (400) rather than paged wrongly.
 */
export const INSTANCE_CSV_SORTABLE: readonly string[] = [
  'formInstanceId',
  'formSchemaId',
  'formId',
  'status',
  'createdDateTime',
  'lastUpdatedDateTime',
  'isDeleted',
];

const KEY = 'formInstanceId';

const property = (name: string): ODataValue => ({ kind: 'property', path: [name] });

function sortedProperty(item: ODataOrderBy): string {
  const value = item.value;
  if (value.kind === 'property' && value.path.length === 1 && INSTANCE_CSV_SORTABLE.includes(value.path[0] as string)) return value.path[0] as string;
  throw new ODataError(`The export can be sorted only by ${INSTANCE_CSV_SORTABLE.join(', ')}.`, { option: '$orderby' });
}

/**
 * The query of one export batch: the caller's `$filter`, `$search` and `$orderby` (the id added last, so the order
 * is total), {@link INSTANCE_CSV_BATCH_SIZE} rows. `$top`, `$skip`, `$select`, `$expand` and `$count` are refused
 * (400): the export is the whole filtered set, in its own columns.
 */
export function instanceCsvQuery(query: ODataQuery, batchSize = INSTANCE_CSV_BATCH_SIZE): ODataQuery {
  for (const [option, given] of [
    ['$top', query.top],
    ['$skip', query.skip],
    ['$select', query.select],
    ['$expand', query.expand],
    ['$count', query.count],
  ] as const) {
    if (given !== undefined) throw new ODataError(`The export takes no ${option}: it answers every row the filter selects, in its own columns.`, { option });
  }
  // The id makes the order total: the caller's own place and direction for it, else last and ascending (what
  // follows the id can never decide anything).
  const given = query.orderBy ?? [];
  const keyAt = given.findIndex((item) => sortedProperty(item) === KEY);
  const orderBy: ODataOrderBy[] = keyAt >= 0 ? given.slice(0, keyAt + 1) : [...given, { value: property(KEY), direction: 'asc' }];
  return {
    ...(query.filter ? { filter: query.filter } : {}),
    ...(query.search ? { search: query.search } : {}),
    orderBy,
    top: batchSize,
  };
}

/** One schema the exported rows use: its version, its form's name and its layout (see {@link instanceCsvSchemaQuery}). */
export interface InstanceCsvSchema {
  readonly formSchemaId: string;
  readonly version: unknown;
  readonly formName: unknown;
  readonly layout: FormLayout | null;
  /** The schema's JSON Schema (the facts of a path: a rating's number of stars is its `maximum`); absent when not read. */
  readonly jsonSchema?: unknown;
}

/**
 * The read of the schemas `ids` name (at most `ODATA_LIMITS.maxInValues`, which is also below the largest `$top`):
 * version, layout, JSON Schema and the form's name, soft-deleted ones too (a live instance may still use one; naming the flag
 * lifts the soft-delete rule).
 */
export function instanceCsvSchemaQuery(ids: readonly string[]): ODataQuery {
  const isDeleted = (value: boolean): ODataFilter => ({ kind: 'compare', op: 'eq', left: property('isDeleted'), right: { kind: 'literal', type: 'boolean', value } });
  return {
    filter: {
      kind: 'logical',
      op: 'and',
      operands: [
        { kind: 'in', subject: property('formSchemaId'), values: ids.map((id) => ({ kind: 'literal', type: 'guid', value: id.toLowerCase() })) },
        { kind: 'logical', op: 'or', operands: [isDeleted(true), isDeleted(false)] },
      ],
    },
    select: ['formSchemaId', 'version', 'layout', 'jsonSchema'],
    expand: [{ navigation: 'form', options: { select: ['name'] } }],
    top: ODATA_LIMITS.maxTop,
  };
}

/**
 * The schemas `ids` name, read through `read` (a `FormSchema` OData read as the caller may make it) in lists of
 * `ODATA_LIMITS.maxInValues`.
 */
export async function readInstanceCsvSchemas(ids: readonly string[], read: (query: ODataQuery) => Promise<readonly ODataRow[]>): Promise<InstanceCsvSchema[]> {
  const found: InstanceCsvSchema[] = [];
  for (let i = 0; i < ids.length; i += ODATA_LIMITS.maxInValues) {
    for (const row of await read(instanceCsvSchemaQuery(ids.slice(i, i + ODATA_LIMITS.maxInValues)))) {
      const form = row.form as ODataRow | null | undefined;
      found.push({ formSchemaId: String(row.formSchemaId), version: row.version, formName: form?.name, layout: (row.layout ?? null) as FormLayout | null, jsonSchema: row.jsonSchema });
    }
  }
  return found;
}

function literalOf(name: string, value: unknown): ODataValue {
  if (name === 'status') return { kind: 'literal', type: 'number', value: Number(value) };
  if (name === 'isDeleted') return { kind: 'literal', type: 'boolean', value: Boolean(value) };
  if (name === 'createdDateTime' || name === 'lastUpdatedDateTime') {
    return { kind: 'literal', type: 'dateTime', value: new Date(value as string | Date).toISOString() };
  }
  return { kind: 'literal', type: 'guid', value: String(value).toLowerCase() };
}

/**
 * The keyset condition "after `last`" for `orderBy` (which ends with the id): `(a > a₀) or (a = a₀ and b > b₀) or …`,
 * `<` for a descending item.
 */
export function keysetAfter(orderBy: readonly ODataOrderBy[], last: ODataRow): ODataFilter {
  const names = orderBy.map(sortedProperty);
  const first = orderBy[0];
  const leading = names[0];
  const branches: ODataFilter[] = names.map((name, i) => {
    const equal: ODataFilter[] = names.slice(0, i).map((prior) => ({ kind: 'compare', op: 'eq', left: property(prior), right: literalOf(prior, last[prior]) }));
    const beyond: ODataFilter = {
      kind: 'compare',
      op: (orderBy[i] as ODataOrderBy).direction === 'desc' ? 'lt' : 'gt',
      left: property(name),
      right: literalOf(name, last[name]),
    };
    return equal.length ? { kind: 'logical', op: 'and', operands: [...equal, beyond] } : beyond;
  });
  if (branches.length === 1 || !first || leading === undefined) return branches[0] as ODataFilter;
  // `a ≤ a₀` (or `≥`) holds for every row the branches let through; said on its own it is an index range.
  const bound: ODataFilter = { kind: 'compare', op: first.direction === 'desc' ? 'le' : 'ge', left: property(leading), right: literalOf(leading, last[leading]) };
  return { kind: 'logical', op: 'and', operands: [bound, { kind: 'logical', op: 'or', operands: branches }] };
}

/** Reads one batch: the rows of `query` (an OData read as the caller may make it). */
export type InstanceBatchReader = (query: ODataQuery) => Promise<readonly ODataRow[]>;

/**
 * The schemas that the instances `query` selects (its `$filter` and `$search`) use, each once, as the caller may see
 * them (see {@link readInstanceCsvSchemas}): the columns come from their layouts, each row's form name and version
 * from them too (read once, not expanded in every batch).
 */
export type InstanceSchemasReader = (query: ODataQuery) => Promise<readonly InstanceCsvSchema[]>;

/**
 * For each list path, the most items the list at that path has in any instance `query` selects (its `$filter` and
 * `$search`; 0 where none has a list there): a database answers it in one aggregate, without reading the rows.
 */
export type InstanceItemCountsReader = (query: ODataQuery, paths: readonly string[]) => Promise<ReadonlyMap<string, number>>;

/** Where an export reads from: batches of rows, the schemas they use, and (optionally) how many items their lists have. */
export interface InstanceCsvSource {
  readonly rows: InstanceBatchReader;
  readonly schemas: InstanceSchemasReader;
  /** Without it, the `columns` layout counts the items in a first pass over the rows. */
  readonly itemCounts?: InstanceItemCountsReader;
}

/**
 * The rows of `base` (a query made by {@link instanceCsvQuery}) batch by batch, each batch read after the last row of
 * the one before: one pass, never more than one batch held.
 */
export async function* instanceBatches(read: InstanceBatchReader, base: ODataQuery): AsyncGenerator<readonly ODataRow[]> {
  let after: ODataRow | undefined;
  for (;;) {
    const filter: ODataFilter | undefined = after
      ? base.filter
        ? { kind: 'logical', op: 'and', operands: [base.filter, keysetAfter(base.orderBy ?? [], after)] }
        : keysetAfter(base.orderBy ?? [], after)
      : base.filter;
    const rows = await read({ ...base, ...(filter ? { filter } : {}) });
    if (rows.length) yield rows;
    if (rows.length < (base.top ?? INSTANCE_CSV_BATCH_SIZE)) return;
    after = rows[rows.length - 1];
  }
}
