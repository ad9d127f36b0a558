/**
 * The OData query builder (docs/spec.md, Calls: `$filter`, `$select`, `$orderby`, `$top`, `$skip`, `$count`,
 * `$expand`; beyond it `$search`, `in` and `any` / `all`), exported as the `odata` namespace of `@ccq/forms-admin/api`:
 *
 * ```ts
 * import { odata } from '@ccq/forms-admin/api';
 * client.odata.forms.list({ filter: odata.and(odata.eq('isDeleted', false), odata.contains('name', "O'Brien")) });
 * ```
 *
 * A thin typed layer over the domain's syntax tree (`src/domain/odata`): the helpers build tree
 * nodes and the domain serialiser writes them, so a value can never leave its literal, and the
 * server reads the same tree back with the same parser.
 */
import {
  checkInList,
  comparison,
  guidLiteral,
  literal,
  logical,
  ODataError,
  ODATA_LIMITS,
  parseFilter,
  parseOrderBy,
  parseSearch,
  property,
  serializeFilter as serializeFilterTree,
  serializeQuery,
  serializeSearch,
  type ODataCaseCall,
  type ODataComparisonOperator,
  type ODataExpand,
  type ODataFilter,
  type ODataLiteral,
  type ODataOrderBy,
  type ODataQuery,
  type ODataSearch,
  type ODataStringFunction,
  type ODataValue,
  ODATA_ETAG,
  deletedViewFilter,
} from '../domain/odata';
import { typedSearchTerms } from '../domain/search-words';

export { ODataError, ODATA_LIMITS as LIMITS } from '../domain/odata';
export type { ODataFilter as FilterNode, ODataQuery as QueryTree, ODataLiteral as Literal } from '../domain/odata';

/** Accept header of the OData reads: no metadata, streamed JSON (docs/spec.md, Calls). */
export const ACCEPT = 'application/json;odata.metadata=none;odata.streaming=true';

/** An OData list response (docs/spec.md, Calls). */
export interface ODataResult<T> {
  value: ODataEntity<T>[];
  '@odata.count'?: number;
}

/**
 * A row as an OData read answers it: the entity and its version, `@odata.etag`. Send the version back with the
 * first save (`crud.*.patch` does so by itself when the body still carries it; see {@link etagOfRow}).
 */
export type ODataEntity<T> = T & { '@odata.etag'?: string };

/** The version (ETag) an OData read answered with a row, or null when it carries none. */
export function etagOfRow(row: object | null | undefined): string | null {
  const etag = (row as Record<string, unknown> | null | undefined)?.[ODATA_ETAG];
  return typeof etag === 'string' && etag !== '' ? etag : null;
}

/** A property name of `T`; any string when `T` is `unknown` (an untyped query). */
export type PropertyName<T> = [unknown] extends [T] ? string : keyof T & string;

/** A property of `T`, or a path starting at one (`formGroup/name`, `data/applicant/name`). */
export type FilterField<T> = PropertyName<T> | `${PropertyName<T>}/${string}`;

/** A value in a filter: strings are quoted; numbers, booleans, null, Dates and {@link guid}s are written bare. */
export type FilterValue = string | number | boolean | null | Date | ODataLiteral;

/**
 * A filter over entities of type `T`. The helpers take `T` from the context (`filter: odata.eq('name', 'x')`
 * inside `ODataQueryOptions<Form>` only accepts Form's properties) or explicitly (`odata.eq<Form>(…)`);
 * without either the filter is untyped (`T = unknown`) and fits any entity. `node` is the domain
 * tree; `undefined` matches everything (e.g. `odata.and()`), and adds no `$filter`.
 */
export interface Filter<T> {
  readonly node: ODataFilter | undefined;
  /** Type-only marker tying the filter to its entity; never set. */
  readonly __entity?: (entity: T) => void;
}

/** A computed value of an entity `T`: `odata.tolower('name')`. */
export interface Value<T> {
  readonly value: ODataCaseCall;
  /** Type-only marker tying the value to its entity; never set. */
  readonly __entity?: (entity: T) => void;
}

/** A property path or a computed value: the left side of a comparison, the subject of a string function. */
export type Operand<T> = FilterField<T> | Value<T>;

function operand<T>(field: Operand<T>): ODataValue {
  return typeof field === 'string' ? property(field) : field.value;
}

function compare<T>(op: ODataComparisonOperator, field: Operand<T>, value: FilterValue): Filter<T> {
  return { node: comparison(op, operand(field), literal(value)) };
}

function match<T>(fn: ODataStringFunction, field: Operand<T>, value: string): Filter<T> {
  return { node: { kind: 'match', fn, subject: operand(field), search: literal(String(value)) } };
}

/** Marks `value` as a GUID, so it is written unquoted; throws an `ODataError` when it is not one. */
export function guid(value: string): ODataLiteral {
  return guidLiteral(value);
}

/** `field eq value`. */
export const eq = <T = unknown>(field: NoInfer<Operand<T>>, value: FilterValue): Filter<T> => compare('eq', field, value);
/** `field ne value`. */
export const ne = <T = unknown>(field: NoInfer<Operand<T>>, value: FilterValue): Filter<T> => compare('ne', field, value);
/** `field gt value`. */
export const gt = <T = unknown>(field: NoInfer<Operand<T>>, value: FilterValue): Filter<T> => compare('gt', field, value);
/** `field ge value`. */
export const ge = <T = unknown>(field: NoInfer<Operand<T>>, value: FilterValue): Filter<T> => compare('ge', field, value);
/** `field lt value`. */
export const lt = <T = unknown>(field: NoInfer<Operand<T>>, value: FilterValue): Filter<T> => compare('lt', field, value);
/** `field le value`. */
export const le = <T = unknown>(field: NoInfer<Operand<T>>, value: FilterValue): Filter<T> => compare('le', field, value);

/** `contains(field,'value')`: case-sensitive; wrap the field in {@link tolower} to ignore case. */
export const contains = <T = unknown>(field: NoInfer<Operand<T>>, value: string): Filter<T> => match('contains', field, value);
/** `startswith(field,'value')`. */
export const startswith = <T = unknown>(field: NoInfer<Operand<T>>, value: string): Filter<T> =>
  match('startswith', field, value);
/** `endswith(field,'value')`. */
export const endswith = <T = unknown>(field: NoInfer<Operand<T>>, value: string): Filter<T> => match('endswith', field, value);

/** `tolower(field)`, for case-insensitive matching: `odata.contains(odata.tolower('name'), search.toLowerCase())`. */
export const tolower = <T = unknown>(field: NoInfer<FilterField<T>>): Value<T> => ({
  value: { kind: 'call', fn: 'tolower', arg: property(field) },
});
/** `toupper(field)`. */
export const toupper = <T = unknown>(field: NoInfer<FilterField<T>>): Value<T> => ({
  value: { kind: 'call', fn: 'toupper', arg: property(field) },
});

/** All of `filters`; with none it matches everything (no `$filter`). */
export const and = <T = unknown>(...filters: Filter<T>[]): Filter<T> => ({
  node: logical(
    'and',
    filters.map((f) => f.node),
  ),
});
/** Any of `filters`; with none it adds no `$filter`. */
export const or = <T = unknown>(...filters: Filter<T>[]): Filter<T> => ({
  node: logical(
    'or',
    filters.map((f) => f.node),
  ),
});
/** `not (filter)`; the negation of "everything" adds no `$filter` either. */
export const not = <T = unknown>(filter: Filter<T>): Filter<T> => ({
  node: filter.node && { kind: 'not', operand: filter.node },
});

function inList<T>(field: Operand<T>, values: readonly FilterValue[]): Filter<T> {
  const list = values.map((value) => literal(value));
  checkInList(list.length);
  return { node: { kind: 'in', subject: operand(field), values: list } };
}

/**
 * `field in (v1, v2, …)` (OData 4.01): the field equals one of `values` (at least one, at most
 * `LIMITS.maxInValues`; null cannot be one, use {@link eq} with null). Exported as `odata.in`.
 */
export { inList as in };

// The deepest lambda inside a filter (0: none), so a new one's range variable differs from every inner one.
function lambdaDepth(node: ODataFilter | undefined): number {
  if (!node) return 0;
  if (node.kind === 'lambda') return 1 + lambdaDepth(node.predicate);
  if (node.kind === 'not') return lambdaDepth(node.operand);
  if (node.kind === 'logical') return Math.max(...node.operands.map(lambdaDepth));
  return 0;
}

function lambda<T, E>(op: 'any' | 'all', navigation: string, predicate: Filter<E> | undefined): Filter<T> {
  property(navigation);
  const inner = predicate?.node;
  if (op === 'all' && !inner) throw new ODataError("'all' needs a predicate.");
  const node: ODataFilter = { kind: 'lambda', op, navigation, variable: `x${lambdaDepth(inner)}`, ...(inner ? { predicate: inner } : {}) };
  return { node };
}

/**
 * `navigation/any(x: predicate)`: some row of the collection navigation matches `predicate`, whose
 * paths are the collection entity's (`odata.any('formSchemas', odata.eq('isPublic', true))`); without
 * a predicate, the collection has a row. Soft-deleted rows count only when the predicate names `isDeleted`.
 * `navigation` is a collection navigation property (not part of the entity's TypeScript type; the server checks it).
 */
export const any = <T = unknown, E = unknown>(navigation: string, predicate?: Filter<E>): Filter<T> =>
  lambda('any', navigation, predicate);
/** `navigation/all(x: predicate)`: every row of the collection matches (true for an empty one). */
export const all = <T = unknown, E = unknown>(navigation: string, predicate: Filter<E>): Filter<T> =>
  lambda('all', navigation, predicate);

/**
 * The rows of a list's view: without 'Show deleted' the live rows only, with it every row, the soft-deleted ones
 * included (each row's `isDeleted` marks them). The domain's rule (`deletedViewFilter`), which the fake and the reference
 * server read alike.
 */
export const deletedView = <T = unknown>(showDeleted: boolean): Filter<T> => ({ node: deletedViewFilter(showDeleted) });

/**
 * A `$search` of what a person typed (the domain's `typedSearchTerms`): each word a term, all of them required, each
 * anywhere; a `"quoted phrase"` one term matched as written; parentheses or `AND` / `OR` / `NOT` in the input are
 * searched for as text. Never throws: terms past `LIMITS.maxSearchTerms`, or past `LIMITS.maxSearchLength`
 * characters, are left out (a search of fewer words finds more rows, never fewer); no word gives `undefined`.
 */
export function searchWords(text: string): string | undefined {
  return typedSearch(text).search;
}

/**
 * What {@link searchWords} makes of a text: the `$search` (undefined: none), how many of the typed words and phrases
 * it holds, and how many were typed. `searched < typed` tells a screen to say that words were left out.
 */
export function typedSearch(text: string): { search: string | undefined; searched: number; typed: number } {
  const words = typedSearchTerms(text);
  const terms: ODataSearch[] = [];
  let written: string | undefined;
  for (const word of words) {
    if (terms.length === ODATA_LIMITS.maxSearchTerms) break;
    const next = [...terms, { kind: 'term', text: word } as const];
    const candidate = serializeSearch(next.length === 1 ? (next[0] as ODataSearch) : { kind: 'logical', op: 'and', operands: next });
    if (candidate.length > ODATA_LIMITS.maxSearchLength) break;
    terms.push({ kind: 'term', text: word });
    written = candidate;
  }
  return { search: written, searched: terms.length, typed: words.length };
}

/**
 * A filter written as text, parsed (and so checked) by the same parser the server uses: throws an
 * `ODataError` naming the problem and its position. Prefer the helpers for values from users.
 */
export const filter = <T = unknown>(expression: string): Filter<T> => ({ node: parseFilter(expression) });

/** An `$orderby` item: `[field, direction]`, or a written clause such as `'name desc'`. */
export type ODataOrderByItem<T> = readonly [Operand<T>, 'asc' | 'desc'] | string;

type ElementOf<V> = NonNullable<V> extends readonly (infer E)[] ? E : NonNullable<V>;

/** `$expand`: per navigation property, `true` or nested options. */
export type ODataExpandOptions<T> = { [K in keyof T]?: true | ODataQueryOptions<ElementOf<T[K]>> };

/** Query options of an OData read. */
export interface ODataQueryOptions<T = unknown> {
  /** `$filter`: a filter built with `odata.eq`, `odata.and`, …, or a written expression (parsed). */
  filter?: Filter<T> | string;
  /**
   * `$search`: free-text search in OData's syntax (words, `"phrases"`, `AND`, `OR`, `NOT`, parentheses),
   * checked by the server's parser; build it from typed input with {@link searchWords}. What each
   * entity set searches: a form's name and description, a group's name and description, a schema's
   * name, an instance's answers (the strings in its data) and id (for a term of 8 characters or more); ignoring case.
   */
  search?: string;
  /** `$select`. */
  select?: readonly PropertyName<T>[];
  /** `$orderby`. */
  orderBy?: readonly ODataOrderByItem<T>[];
  /** `$top`: an integer from 0 to `LIMITS.maxTop`; without it the server answers `LIMITS.defaultPageSize` rows. */
  top?: number;
  /** `$skip`: a non-negative integer. */
  skip?: number;
  /** `$count=true` asks for `@odata.count`. */
  count?: boolean;
  /** `$expand`, with nested options. */
  expand?: ODataExpandOptions<T>;
}

/** The syntax tree of the options (checked: property paths, literals, limits). */
export function toQueryTree<T>(options: ODataQueryOptions<T> = {}): ODataQuery {
  const query: { -readonly [K in keyof ODataQuery]: ODataQuery[K] } = {};
  const node = typeof options.filter === 'string' ? parseFilter(options.filter) : options.filter?.node;
  if (node) query.filter = node;
  if (options.search !== undefined && options.search.trim() !== '') query.search = parseSearch(options.search);
  if (options.select?.length) query.select = options.select.map((name) => property(name).path.join('/'));
  if (options.orderBy?.length) {
    query.orderBy = options.orderBy.flatMap((item): ODataOrderBy[] =>
      typeof item === 'string' ? parseOrderBy(item) : [{ value: operand(item[0]), direction: item[1] }],
    );
  }
  if (options.top !== undefined) query.top = options.top;
  if (options.skip !== undefined) query.skip = options.skip;
  if (options.count) query.count = true;
  if (options.expand) {
    const items: ODataExpand[] = [];
    for (const [navigation, value] of Object.entries(options.expand) as [string, unknown][]) {
      if (value === undefined || value === false) continue;
      property(navigation);
      items.push({ navigation, options: value === true ? {} : toQueryTree(value as ODataQueryOptions<unknown>) });
    }
    if (items.length) query.expand = items;
  }
  return query;
}

/** Writes a filter's `$filter` expression (not URL-encoded); empty for a filter that matches everything. */
export function serializeFilter<T>(value: Filter<T> | string): string {
  const node = typeof value === 'string' ? parseFilter(value) : value.node;
  return node ? serializeFilterTree(node) : '';
}

/**
 * Builds the query string (without `?`) of an OData read; empty when there are no options. Throws
 * an `ODataError` for a malformed option or one over a limit (e.g. `$top` over `LIMITS.maxTop`).
 */
export function buildQuery<T>(options: ODataQueryOptions<T> = {}): string {
  return serializeQuery(toQueryTree(options));
}
