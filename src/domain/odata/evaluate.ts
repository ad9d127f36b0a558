/**
 * The in-memory OData evaluator: runs a query over plain rows (what the test fake does). Same
 * meaning as the reference server's SQL: `ne` is `not eq` (so `null ne 'x'` is true); an order
 * comparison with null, or between values of different types, is false; strings compare by code
 * unit (the server uses `COLLATE "C"`); null sorts first; the key breaks ties, so pages are stable.
 */
import type { ODataComparisonOperator, ODataFilter, ODataQuery, ODataValue } from './ast';
import { effectiveTop } from './limits';
import { bindQuery, entityType, hidesSoftDeleted, resolvePath, type ODataEntityType, type ODataSchema } from './schema';
import { matchesSearch, searchFields } from './search';

/** A row of an entity set: property name → value (dates as `Date` or ISO strings). */
export type ODataRow = Record<string, unknown>;

/**
 * The annotation that carries a row's version in an OData answer, on every row (expanded ones too) whatever
 * `$select` says: a client that read a row sends it back as `If-Match`, so even its first write is checked.
 */
export const ODATA_ETAG = '@odata.etag';

/** Where the evaluator finds rows: every row of an entity type that the caller may see (deleted ones too). */
export interface ODataRowSource {
  rows(typeName: string): readonly ODataRow[];
  /** The ETag of a row (answered as {@link ODATA_ETAG}); none: rows of that type carry no version. */
  etag?(typeName: string, row: ODataRow): string | undefined;
}

/** The answer of a read: the rows of the page, and the count before paging when `$count=true`. */
export interface ODataPage {
  value: ODataRow[];
  count?: number;
}

/**
 * Whether `value` is a Date of any realm: a row's Date made in another window, frame or VM context (a row copied by
 * Node's `structuredClone` into a test's context) fails `instanceof Date` here, yet is a date all the same.
 */
function isDate(value: unknown): value is Date {
  return Object.prototype.toString.call(value) === '[object Date]';
}

function own(source: unknown, name: string): unknown {
  if (source === null || typeof source !== 'object' || Array.isArray(source) || isDate(source)) return undefined;
  return Object.prototype.hasOwnProperty.call(source, name) ? (source as Record<string, unknown>)[name] : undefined;
}

function toTime(value: unknown): number | null {
  if (isDate(value)) return value.getTime();
  if (typeof value === 'string') {
    const time = Date.parse(value);
    return Number.isNaN(time) ? null : time;
  }
  return null;
}

class Evaluator {
  constructor(
    private readonly schema: ODataSchema,
    private readonly source: ODataRowSource,
  ) {}

  /** The row of a single-valued navigation, or null. */
  related(entity: ODataEntityType, navigation: string, row: ODataRow): ODataRow | null {
    return this.relatedRows(entity, navigation, row)[0] ?? null;
  }

  relatedRows(entity: ODataEntityType, navigation: string, row: ODataRow): ODataRow[] {
    const nav = (entity.navigations ?? {})[navigation];
    if (!nav) return [];
    const key = own(row, nav.sourceProperty);
    if (key === null || key === undefined) return [];
    const lower = typeof key === 'string' ? key.toLowerCase() : key;
    return this.source.rows(nav.target).filter((r) => {
      const value = own(r, nav.targetProperty);
      return (typeof value === 'string' ? value.toLowerCase() : value) === lower;
    });
  }

  /** A value in comparable form: date-times as epoch numbers, GUIDs lower-case, JSON values as they are. */
  value(entity: ODataEntityType, value: ODataValue, row: ODataRow): unknown {
    switch (value.kind) {
      case 'literal':
        if (value.type === 'dateTime') return toTime(value.value);
        return value.type === 'guid' ? value.value.toLowerCase() : value.value;
      case 'call': {
        const arg = this.value(entity, value.arg, row);
        if (typeof arg !== 'string') return null;
        return value.fn === 'tolower' ? arg.toLowerCase() : arg.toUpperCase();
      }
      case 'property': {
        const resolved = resolvePath(this.schema, entity, value.path);
        let current: ODataRow | null = row;
        let at = entity;
        for (const step of resolved.steps) {
          current = current ? this.related(at, step.navigation, current) : null;
          at = step.entity;
        }
        if (!current) return null;
        let result = own(current, resolved.property);
        for (const segment of resolved.jsonPath) result = own(result, segment);
        if (result === undefined || result === null) return null;
        if (resolved.type === 'dateTime') return toTime(result);
        if (resolved.type === 'guid' && typeof result === 'string') return result.toLowerCase();
        return result;
      }
    }
  }

  matches(entity: ODataEntityType, filter: ODataFilter, row: ODataRow): boolean {
    switch (filter.kind) {
      case 'logical':
        return filter.op === 'and'
          ? filter.operands.every((o) => this.matches(entity, o, row))
          : filter.operands.some((o) => this.matches(entity, o, row));
      case 'not':
        return !this.matches(entity, filter.operand, row);
      case 'compare':
        return compare(filter.op, this.value(entity, filter.left, row), this.value(entity, filter.right, row));
      case 'in': {
        const subject = this.value(entity, filter.subject, row);
        return filter.values.some((value) => compare('eq', subject, this.value(entity, value, row)));
      }
      case 'lambda': {
        const nav = (entity.navigations ?? {})[filter.navigation];
        if (!nav) return false;
        const target = entityType(this.schema, nav.target);
        const predicate = filter.predicate;
        let rows = this.relatedRows(entity, filter.navigation, row);
        // As in an expanded collection: soft-deleted rows count only when the predicate names the flag.
        if (hidesSoftDeleted(target, { filter: predicate })) {
          const flag = target.softDeleteProperty as string;
          rows = rows.filter((r) => own(r, flag) !== true);
        }
        if (!predicate) return rows.length > 0;
        return filter.op === 'any'
          ? rows.some((r) => this.matches(target, predicate, r))
          : rows.every((r) => this.matches(target, predicate, r));
      }
      case 'match': {
        const subject = this.value(entity, filter.subject, row);
        const search = this.value(entity, filter.search, row);
        if (typeof subject !== 'string' || typeof search !== 'string') return false;
        if (filter.fn === 'contains') return subject.includes(search);
        return filter.fn === 'startswith' ? subject.startsWith(search) : subject.endsWith(search);
      }
    }
  }

  /** Filters, counts, orders, pages and projects `rows` of `entity`. */
  run(entity: ODataEntityType, rows: readonly ODataRow[], query: ODataQuery): ODataPage {
    let result = [...rows];
    if (hidesSoftDeleted(entity, query)) {
      const flag = entity.softDeleteProperty as string;
      result = result.filter((row) => own(row, flag) !== true);
    }
    const filter = query.filter;
    if (filter) result = result.filter((row) => this.matches(entity, filter, row));
    const search = query.search;
    if (search) result = result.filter((row) => matchesSearch(search, searchFields(entity, row)));
    const count = result.length;
    const order = [...(query.orderBy ?? []), { value: { kind: 'property', path: [entity.key] }, direction: 'asc' } as const];
    const keyed = result.map((row) => ({ row, keys: order.map((o) => this.value(entity, o.value, row)) }));
    keyed.sort((a, b) => {
      for (let i = 0; i < order.length; i += 1) {
        const c = orderValues(a.keys[i], b.keys[i]);
        if (c !== 0) return order[i]?.direction === 'desc' ? -c : c;
      }
      return 0;
    });
    const skip = query.skip ?? 0;
    const page = keyed.slice(skip, skip + effectiveTop(query)).map((k) => this.project(entity, k.row, query));
    return query.count ? { value: page, count } : { value: page };
  }

  /** Applies `$select` and `$expand` to one row. */
  project(entity: ODataEntityType, row: ODataRow, query: ODataQuery): ODataRow {
    const out: ODataRow = {};
    const etag = this.source.etag?.(entity.name, row);
    if (etag !== undefined) out[ODATA_ETAG] = etag;
    for (const name of query.select ?? Object.keys(entity.properties)) out[name] = own(row, name) ?? null;
    for (const item of query.expand ?? []) {
      const nav = (entity.navigations ?? {})[item.navigation];
      if (!nav) continue;
      const target = entityType(this.schema, nav.target);
      if (nav.many) {
        const page = this.run(target, this.relatedRows(entity, item.navigation, row), item.options);
        if (page.count !== undefined) out[`${item.navigation}@odata.count`] = page.count;
        out[item.navigation] = page.value;
      } else {
        // A single navigation shows its target even when that is soft-deleted: the link still exists.
        const related = this.related(entity, item.navigation, row);
        out[item.navigation] = related ? this.project(target, related, item.options) : null;
      }
    }
    return out;
  }
}

function sameKind(a: unknown, b: unknown): boolean {
  return typeof a === typeof b && (typeof a === 'string' || typeof a === 'number' || typeof a === 'boolean');
}

function compare(op: ODataComparisonOperator, a: unknown, b: unknown): boolean {
  if (op === 'eq' || op === 'ne') {
    const equal = a === null || b === null ? a === b : sameKind(a, b) && a === b;
    return op === 'eq' ? equal : !equal;
  }
  if (a === null || b === null || !sameKind(a, b)) return false;
  const x = a as string | number | boolean;
  const y = b as string | number | boolean;
  if (op === 'gt') return x > y;
  if (op === 'ge') return x >= y;
  if (op === 'lt') return x < y;
  return x <= y;
}

// The order of JSON types, as PostgreSQL orders jsonb: null < string < number < boolean < array < object.
function typeRank(value: unknown): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'string') return 1;
  if (typeof value === 'number') return 2;
  if (typeof value === 'boolean') return 3;
  return Array.isArray(value) ? 4 : 5;
}

function orderValues(a: unknown, b: unknown): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra - rb;
  if (ra === 1 || ra === 2 || ra === 3) {
    const x = a as string | number | boolean;
    const y = b as string | number | boolean;
    return x < y ? -1 : x > y ? 1 : 0;
  }
  return 0;
}

/**
 * Runs an OData query over the rows of entity set `typeName`: binds it to the schema (throwing
 * `ODataError` on a malformed query), leaves soft-deleted rows out unless the filter names the
 * flag, filters, counts, orders, pages (`$top` or the default page size) and applies `$select` and
 * `$expand` (expanded collections get the same treatment, with `nav@odata.count` when asked).
 * Only declared properties are answered; a missing one is null. Rows are not modified.
 */
export function evaluateODataQuery(
  schema: ODataSchema,
  typeName: string,
  query: ODataQuery,
  source: ODataRowSource,
): ODataPage {
  const bound = bindQuery(schema, typeName, query);
  return new Evaluator(schema, source).run(entityType(schema, typeName), source.rows(typeName), bound);
}
