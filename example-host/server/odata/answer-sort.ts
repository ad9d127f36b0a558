/**
 * A page of one form's instances sorted by an answer, read from the top of an index (migration
 * 0026_form_answer_sort_keys, example-host/server/forms/answer-counts-sql.ts) instead of reading and sorting every
 * instance's answer.
 *
 * `$orderby data/<path> asc|desc` sorts by the answer as jsonb (`asc nulls first` / `desc nulls last`), then the id
 * ascending. `form_answer_sort_keys` holds the answer of every instance at each path where it is a scalar or `null`
 * of at most 1,000 bytes; when every instance of the form has a key at the path (the form's counts in
 * `form_answer_sort_paths` say so), no instance sorts as a missing answer and the order is the keys' order: `(key,
 * id)` from the index `(form, path, key, id)` ascending, `(key desc, id)` from `(form, path, key desc, id)`
 * descending. The page's filter still applies to each row read (the form's own filter is what pins the form).
 * Any other read (a second sort item, no form in the filter, a path some instance has no key at) keeps the plain
 * ORDER BY.
 */
import { sql, type SQL } from 'drizzle-orm';
import { escapePointerSegment } from '../../../src/contract/json-pointer';
import { isGuidText, type ODataFilter, type ODataQuery, type ODataValue } from '../../../src/domain/odata';
import { formAnswerSortKeys, formInstances } from '../db/schema';
import type { TableRef } from './compile';

/** A guid given as a literal, lower case; null for anything else. */
function guidOf(value: ODataValue): string | null {
  if (value.kind !== 'literal' || (value.type !== 'guid' && value.type !== 'string')) return null;
  return isGuidText(value.value) ? value.value.toLowerCase() : null;
}

/** The literal of `filter` when it is `name eq <literal>` (or the literal first); null for anything else. */
export function equalityOf(filter: ODataFilter, name: string): ODataValue | null {
  if (filter.kind !== 'compare' || filter.op !== 'eq') return null;
  const names = (value: ODataValue) => value.kind === 'property' && value.path.length === 1 && value.path[0] === name;
  if (names(filter.left) && filter.right.kind === 'literal') return filter.right;
  if (names(filter.right) && filter.left.kind === 'literal') return filter.left;
  return null;
}

/** The form a `$filter` pins: `formId eq <guid>`, the filter itself or one operand of its top-level `and`. */
export function pinnedFormOf(filter: ODataFilter | undefined): string | null {
  if (!filter) return null;
  const leaves = filter.kind === 'logical' && filter.op === 'and' ? filter.operands : [filter];
  for (const leaf of leaves) {
    const id = equalityOf(leaf, 'formId');
    const guid = id ? guidOf(id) : null;
    if (guid) return guid;
  }
  return null;
}

/** A JSON pointer of path segments, as the answer counts and sort keys write it. */
export function pointerOf(segments: readonly string[]): string {
  return segments.map((segment) => `/${escapePointerSegment(segment)}`).join('');
}

/** A database that runs raw statements (PGlite or node-postgres through drizzle). */
interface Executes {
  execute(statement: SQL): Promise<unknown>;
}

/**
 * How a page of `query` over `ref` (FormInstance) reads through the sort keys: the join and the ORDER BY; null when
 * the keys cannot give the plain ORDER BY's order (see the module).
 */
export async function answerSortOf(db: Executes, ref: TableRef, query: ODataQuery): Promise<{ join: SQL; order: SQL[] } | null> {
  if (ref.entity.table !== formInstances || query.orderBy?.length !== 1) return null;
  const [item] = query.orderBy;
  if (!item || item.value.kind !== 'property' || item.value.path[0] !== 'data' || item.value.path.length < 2) return null;
  const form = pinnedFormOf(query.filter);
  if (!form) return null;
  const path = pointerOf(item.value.path.slice(1));
  const result = await db.execute(
    sql`select coalesce((select total from form_answer_sort_paths where form_id = ${form}::uuid and path = ${path}), 0) = coalesce((select total from form_answer_sort_paths where form_id = ${form}::uuid and path = ''), 0) as every`,
  );
  const [row] = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { every: boolean }[];
  if (row?.every !== true) return null;
  const id = sql`${sql.identifier(ref.alias)}.${sql.identifier('form_instance_id')}`;
  const keys = formAnswerSortKeys;
  return {
    join: sql`${keys.formId} = ${form}::uuid and ${keys.path} = ${path} and ${keys.formInstanceId} = ${id}`,
    order: item.direction === 'desc' ? [sql`${keys.key} desc`, sql`${id} asc`] : [sql`${keys.key} asc`, sql`${id} asc`],
  };
}
