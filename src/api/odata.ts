/**
 * A typed OData query builder (spec §7: `$filter`, `$select`, `$orderby`, `$top`, `$skip`,
 * `$count`, `$expand`). Filters are an AST serialised with correct literal encoding, so a value
 * can never break out of its literal.
 */

/** Accept header of the OData reads: no metadata, streamed JSON (spec §7). */
export const ODATA_ACCEPT = 'application/json;odata.metadata=none;odata.streaming=true';

/** An OData list response (spec §7). */
export interface ODataResult<T> {
  value: T[];
  '@odata.count'?: number;
}

/** A GUID literal: serialised unquoted. Create it with {@link guid}. */
export interface GuidLiteral {
  readonly kind: 'guid';
  readonly value: string;
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Marks `value` as a GUID, so it is sent unquoted; throws a TypeError when it is not one. */
export function guid(value: string): GuidLiteral {
  if (!GUID.test(value)) throw new TypeError(`'${value}' is not a GUID.`);
  return { kind: 'guid', value };
}

/** A value in a filter: strings are quoted, dates and GUIDs are not. */
export type ODataLiteral = string | number | boolean | null | Date | GuidLiteral;

/** Comparison operators. */
export type ComparisonOperator = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le';
/** String functions. */
export type StringFunction = 'contains' | 'startswith' | 'endswith';

/** The untyped filter tree. */
export type FilterNode =
  | { readonly kind: 'compare'; readonly op: ComparisonOperator; readonly field: string; readonly value: ODataLiteral }
  | { readonly kind: 'function'; readonly fn: StringFunction; readonly field: string; readonly value: string }
  | { readonly kind: 'logical'; readonly op: 'and' | 'or'; readonly filters: readonly FilterNode[] }
  | { readonly kind: 'not'; readonly filter: FilterNode }
  | { readonly kind: 'raw'; readonly expression: string };

/**
 * A filter over entities of type `T`. The helpers take `T` from the context (`filter: eq('name', 'x')`
 * inside `ODataQueryOptions<Form>` only accepts Form's properties) or explicitly (`eq<Form>(…)`);
 * without either the filter is untyped (`T = unknown`) and fits any entity.
 */
export interface Filter<T> {
  readonly node: FilterNode;
  /** Type-only marker tying the filter to its entity; never set. */
  readonly __entity?: (entity: T) => void;
}

/** A property name of `T`; any string when `T` is `unknown` (an untyped query). */
export type PropertyName<T> = [unknown] extends [T] ? string : keyof T & string;

/** A property of `T`, or a navigation path starting at one (`formGroup/name`). */
export type FilterField<T> = PropertyName<T> | `${PropertyName<T>}/${string}`;

function compare<T>(op: ComparisonOperator, field: FilterField<T>, value: ODataLiteral): Filter<T> {
  return { node: { kind: 'compare', op, field, value } };
}

/** `field eq value`. */
export const eq = <T = unknown>(field: NoInfer<FilterField<T>>, value: ODataLiteral): Filter<T> =>
  compare('eq', field, value);
/** `field ne value`. */
export const ne = <T = unknown>(field: NoInfer<FilterField<T>>, value: ODataLiteral): Filter<T> =>
  compare('ne', field, value);
/** `field gt value`. */
export const gt = <T = unknown>(field: NoInfer<FilterField<T>>, value: ODataLiteral): Filter<T> =>
  compare('gt', field, value);
/** `field ge value`. */
export const ge = <T = unknown>(field: NoInfer<FilterField<T>>, value: ODataLiteral): Filter<T> =>
  compare('ge', field, value);
/** `field lt value`. */
export const lt = <T = unknown>(field: NoInfer<FilterField<T>>, value: ODataLiteral): Filter<T> =>
  compare('lt', field, value);
/** `field le value`. */
export const le = <T = unknown>(field: NoInfer<FilterField<T>>, value: ODataLiteral): Filter<T> =>
  compare('le', field, value);

/** `contains(field,'value')`. */
export const contains = <T = unknown>(field: NoInfer<FilterField<T>>, value: string): Filter<T> => ({
  node: { kind: 'function', fn: 'contains', field, value },
});
/** `startswith(field,'value')`. */
export const startswith = <T = unknown>(field: NoInfer<FilterField<T>>, value: string): Filter<T> => ({
  node: { kind: 'function', fn: 'startswith', field, value },
});
/** `endswith(field,'value')`. */
export const endswith = <T = unknown>(field: NoInfer<FilterField<T>>, value: string): Filter<T> => ({
  node: { kind: 'function', fn: 'endswith', field, value },
});

/** All of `filters`; with none it matches everything (no `$filter`). */
export const and = <T = unknown>(...filters: Filter<T>[]): Filter<T> => ({
  node: { kind: 'logical', op: 'and', filters: filters.map((f) => f.node) },
});
/** Any of `filters`; with none it adds no `$filter`. */
export const or = <T = unknown>(...filters: Filter<T>[]): Filter<T> => ({
  node: { kind: 'logical', op: 'or', filters: filters.map((f) => f.node) },
});
/** `not (filter)`. */
export const not = <T = unknown>(filter: Filter<T>): Filter<T> => ({
  node: { kind: 'not', filter: filter.node },
});
/** A filter expression written by hand, inserted as is: never build it from user input. */
export const rawFilter = <T = unknown>(expression: string): Filter<T> => ({
  node: { kind: 'raw', expression },
});

/** An `$orderby` item: `[field, direction]`, or a written clause such as `'name desc'`. */
export type ODataOrderBy<T> = readonly [FilterField<T>, 'asc' | 'desc'] | string;

type ElementOf<V> = NonNullable<V> extends readonly (infer E)[] ? E : NonNullable<V>;

/** `$expand`: per navigation property, `true` or nested options. */
export type ODataExpand<T> = { [K in keyof T]?: true | ODataQueryOptions<ElementOf<T[K]>> };

/** Query options of an OData read. */
export interface ODataQueryOptions<T = unknown> {
  /** `$filter`: a filter built with `eq`, `and`, … or a written expression. */
  filter?: Filter<T> | string;
  /** `$select`. */
  select?: readonly PropertyName<T>[];
  /** `$orderby`. */
  orderBy?: readonly ODataOrderBy<T>[];
  /** `$top`: a non-negative integer. */
  top?: number;
  /** `$skip`: a non-negative integer. */
  skip?: number;
  /** `$count=true` asks for `@odata.count`. */
  count?: boolean;
  /** `$expand`, with nested options. */
  expand?: ODataExpand<T>;
}

const FIELD = /^[A-Za-z_]\w*(?:\/[A-Za-z_]\w*)*$/;

function field(name: string): string {
  if (!FIELD.test(name)) throw new TypeError(`'${name}' is not a property path.`);
  return name;
}

function isGuid(value: object): value is GuidLiteral {
  return (value as Partial<GuidLiteral>).kind === 'guid' && typeof (value as Partial<GuidLiteral>).value === 'string';
}

/** Serialises one literal: strings single-quoted with `'` doubled, dates as ISO, GUIDs bare. */
export function serializeLiteral(value: ODataLiteral): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`${value} cannot be sent in a filter.`);
    return String(value);
  }
  if (typeof value === 'string') return `'${value.replace(/'/g, "''")}'`;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new TypeError('An invalid date cannot be sent in a filter.');
    return value.toISOString();
  }
  if (isGuid(value)) return guid(value.value).value;
  throw new TypeError('Unsupported filter value.');
}

function serializeNode(node: FilterNode): string {
  switch (node.kind) {
    case 'compare':
      return `${field(node.field)} ${node.op} ${serializeLiteral(node.value)}`;
    case 'function':
      return `${node.fn}(${field(node.field)},${serializeLiteral(node.value)})`;
    case 'raw':
      return node.expression;
    case 'not': {
      const inner = serializeNode(node.filter);
      return inner === '' ? '' : `not (${inner})`;
    }
    case 'logical': {
      const parts = node.filters.map(serializeNode).filter((p) => p !== '');
      if (parts.length === 1) return parts[0] as string;
      return parts.map((p) => `(${p})`).join(` ${node.op} `);
    }
  }
}

/** Serialises a filter to its `$filter` expression (not URL-encoded). */
export function serializeFilter<T>(filter: Filter<T> | string): string {
  return typeof filter === 'string' ? filter : serializeNode(filter.node);
}

function checkCount(name: string, value: number): string {
  if (!Number.isInteger(value) || value < 0) throw new TypeError(`${name} must be a non-negative integer.`);
  return String(value);
}

// The option pairs in OData's order, values not yet URL-encoded.
function optionPairs<T>(options: ODataQueryOptions<T>): [string, string][] {
  const pairs: [string, string][] = [];
  if (options.filter !== undefined) {
    const filter = serializeFilter(options.filter);
    if (filter !== '') pairs.push(['$filter', filter]);
  }
  if (options.select?.length) pairs.push(['$select', options.select.map(field).join(',')]);
  if (options.orderBy?.length) {
    const items = options.orderBy.map((o) => (typeof o === 'string' ? o : `${field(o[0])} ${o[1]}`));
    pairs.push(['$orderby', items.join(',')]);
  }
  if (options.top !== undefined) pairs.push(['$top', checkCount('$top', options.top)]);
  if (options.skip !== undefined) pairs.push(['$skip', checkCount('$skip', options.skip)]);
  if (options.count) pairs.push(['$count', 'true']);
  if (options.expand) {
    const items: string[] = [];
    for (const [nav, value] of Object.entries(options.expand) as [string, unknown][]) {
      if (value === undefined || value === false) continue;
      const nested = value === true ? [] : optionPairs(value as ODataQueryOptions<unknown>);
      items.push(nested.length ? `${field(nav)}(${nested.map(([k, v]) => `${k}=${v}`).join(';')})` : field(nav));
    }
    if (items.length) pairs.push(['$expand', items.join(',')]);
  }
  return pairs;
}

// encodeURIComponent, keeping the characters that are safe in a query and that make OData readable.
function encodeValue(value: string): string {
  return encodeURIComponent(value).replace(/%(24|2C|2F|3A|3D|40)/gi, (m) => decodeURIComponent(m));
}

/** Builds the query string (without `?`) of an OData read; empty when there are no options. */
export function buildODataQuery<T>(options: ODataQueryOptions<T> = {}): string {
  return optionPairs(options)
    .map(([k, v]) => `${k}=${encodeValue(v)}`)
    .join('&');
}
