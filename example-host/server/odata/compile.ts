/**
 * Compiles a bound OData syntax tree (`bindQuery` of `src/domain/odata`) to parameterised SQL with
 * drizzle's `sql` template. Every literal — strings, numbers, dates, GUIDs, LIKE patterns and JSON
 * path segments — is a bound parameter with an explicit cast; only fixed keywords, operators and
 * quoted identifiers of mapped columns are written into the SQL text.
 *
 * Same meaning as the in-memory evaluator the test fake runs: `ne` is `not eq` (`IS DISTINCT
 * FROM`, so null ne 'x' holds); a negation is pushed down to the leaves and each negated leaf is
 * `IS NOT TRUE`, so SQL's unknown never turns `not` into false; strings order and compare by code
 * point (`COLLATE "C"`); `contains` / `startswith` / `endswith` are case-sensitive LIKEs with `%`,
 * `_` and `\` escaped; a value inside JSON compares only with a JSON value of the literal's type;
 * nulls sort first; the key breaks ties. `in (…)` writes a short list out (a parameter a value, which the planner
 * estimates) and sends a long one as ONE JSON parameter (one bound value, not hundreds); a leaf that reads across a
 * single navigation is a semi-join (`fk in (select key from target where …)`); `any` / `all` are (NOT) EXISTS over the collection's table within its
 * scope; `$search` lower-cases both sides of a `LIKE` over each searchable text — a JSON property's text is
 * `odata_json_strings(…)` (migration 0011), whose lower case a trigram index serves (read from a stored column
 * where the model maps one, migration 0013).
 */
import { sql, type SQL } from 'drizzle-orm';
import { alias, type PgTable } from 'drizzle-orm/pg-core';
import {
  hidesSoftDeleted,
  resolvePath,
  searchesIds,
  type ODataComparison,
  type ODataComparisonOperator,
  type ODataFilter,
  type ODataIn,
  type ODataLambda,
  type ODataLiteral,
  type ODataSearch,
  type ODataProperty,
  type ODataPropertyType,
  type ODataQuery,
  type ODataStringMatch,
  type ODataValue,
  type ResolvedPath,
} from '../../../src/domain/odata';
import type { SqlEntity, SqlModel } from './entity';

/** What a scope sees: the entity set being read and a reference to one of its (aliased) tables. */
export interface ODataScopeContext {
  /** The OData type name, e.g. `FormSchema`. */
  readonly typeName: string;
  /** The aliased drizzle table of this read: its columns (also unmapped ones) render with the alias. */
  readonly table: PgTable;
  /** A mapped property's column, qualified with the alias. */
  column(property: string): SQL;
}

/**
 * Rows a caller may see, per entity set: a condition added to every read of that set — the set
 * itself, every expanded collection or row, and every navigation a filter path crosses — or
 * undefined for no restriction. E.g. anonymous callers see only public form schemas.
 */
export type ODataScope = (context: ODataScopeContext) => SQL | undefined;

/** One table in a statement, under its own alias. */
export interface TableRef {
  readonly alias: string;
  readonly entity: SqlEntity;
  /** The aliased drizzle table (for `db.select(…).from(ref.table)`). */
  readonly table: PgTable;
}

type Compiled =
  | { readonly kind: 'null' }
  | { readonly kind: 'literal'; readonly literal: Exclude<ODataLiteral, { type: 'null' }> }
  | { readonly kind: 'plain'; readonly sql: SQL; readonly type: Exclude<ODataPropertyType, 'json'> }
  | { readonly kind: 'json'; readonly sql: SQL };

const OPERATORS: Readonly<Record<Exclude<ODataComparisonOperator, 'ne'>, SQL>> = {
  eq: sql.raw('='),
  gt: sql.raw('>'),
  ge: sql.raw('>='),
  lt: sql.raw('<'),
  le: sql.raw('<='),
};

const FLIPPED: Readonly<Record<ODataComparisonOperator, ODataComparisonOperator>> = {
  eq: 'eq',
  ne: 'ne',
  gt: 'lt',
  ge: 'le',
  lt: 'gt',
  le: 'ge',
};

/** A literal as a bound parameter, cast to its SQL type. */
export function literalParam(literal: Exclude<ODataLiteral, { type: 'null' }>): SQL {
  switch (literal.type) {
    case 'string':
      return sql`${literal.value}::text`;
    case 'number':
      return Number.isSafeInteger(literal.value) ? sql`${literal.value}::bigint` : sql`${literal.value}::numeric`;
    case 'boolean':
      return sql`${literal.value}::boolean`;
    case 'dateTime':
      return sql`${literal.value}::timestamptz`;
    case 'guid':
      return sql`${literal.value}::uuid`;
  }
}

function jsonParam(literal: Exclude<ODataLiteral, { type: 'null' }>): SQL {
  if (literal.type === 'number') return sql`to_jsonb(${literal.value}::numeric)`;
  if (literal.type === 'boolean') return sql`to_jsonb(${literal.value}::boolean)`;
  return sql`to_jsonb(${String(literal.value)}::text)`;
}

/** A JSON value's text when it is a JSON string, else null. */
function jsonText(json: SQL): SQL {
  return sql`(case when jsonb_typeof(${json}) = 'string' then ${json} #>> '{}' end)`;
}

/** Escapes LIKE's wildcards and its escape character, so the search matches literally. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Lists up to this long are written out as `in ($1, $2, …)`; longer ones are one JSON parameter. */
const SHORT_IN_LIST = 32;

const isTrue = sql.raw('true');
const isFalse = sql.raw('false');

/** Compiles the parts of one SQL statement; each table it reads gets a fresh alias (`t0`, `t1`, …). */
export class ODataSqlCompiler {
  private aliases = 0;

  constructor(
    readonly model: SqlModel,
    private readonly scope?: ODataScope,
  ) {}

  /** A new aliased reference to the table of `typeName`. */
  ref(typeName: string): TableRef {
    const entity = this.model.entities[typeName];
    if (!entity) throw new Error(`Unknown OData type '${typeName}'.`);
    const name = `t${this.aliases}`;
    this.aliases += 1;
    return { alias: name, entity, table: alias(entity.table, name) as PgTable };
  }

  /** A property's column, always qualified with the alias (never left to context). */
  column(ref: TableRef, property: string): SQL {
    const column = ref.entity.columns[property];
    if (!column) throw new Error(`'${ref.entity.type.name}.${property}' has no column.`);
    return sql`${sql.identifier(ref.alias)}.${sql.identifier(column.name)}`;
  }

  /** A JSON property's column as jsonb: a column stored as json text (kept as sent) is read through a cast. */
  jsonColumn(ref: TableRef, property: string): SQL {
    const column = this.column(ref, property);
    return ref.entity.columns[property]?.columnType === 'PgJson' ? sql`(${column})::jsonb` : column;
  }

  /** `table alias`, for FROM. */
  from(ref: TableRef): SQL {
    const { schema, name } = ref.entity.tableName;
    const table = schema ? sql`${sql.identifier(schema)}.${sql.identifier(name)}` : sql.identifier(name);
    return sql`${table} ${sql.identifier(ref.alias)}`;
  }

  private scopeOf(ref: TableRef): SQL | undefined {
    return this.scope?.({
      typeName: ref.entity.type.name,
      table: ref.table,
      column: (property) => this.column(ref, property),
    });
  }

  /**
   * The WHERE of a read of `ref`: the scope, the soft-delete rule (for a collection: rows whose flag
   * is set are hidden unless the filter names it) and the filter.
   */
  where(ref: TableRef, query: ODataQuery, collection: boolean, ...more: (SQL | undefined)[]): SQL | undefined {
    const soft = ref.entity.type.softDeleteProperty;
    const parts = [
      ...more,
      this.scopeOf(ref),
      collection && soft !== undefined && hidesSoftDeleted(ref.entity.type, query)
        ? sql`${this.column(ref, soft)} is not true`
        : undefined,
      query.filter ? this.filter(ref, query.filter) : undefined,
      query.search ? this.search(ref, query.search) : undefined,
    ].filter((p): p is SQL => p !== undefined);
    return parts.length ? sql.join(parts, sql` and `) : undefined;
  }

  /** The ORDER BY items: `$orderby` (nulls first), then the key. */
  orderBy(ref: TableRef, query: ODataQuery): SQL[] {
    const items = (query.orderBy ?? []).map((item) => {
      const value = this.value(ref, item.value);
      if (value.kind === 'null' || value.kind === 'literal') throw new Error('$orderby takes properties.');
      const expression = value.kind === 'plain' && value.type === 'string' ? sql`${value.sql} collate "C"` : value.sql;
      return item.direction === 'desc' ? sql`${expression} desc nulls last` : sql`${expression} asc nulls first`;
    });
    return [...items, sql`${this.column(ref, ref.entity.type.key)} asc`];
  }

  /** A bound filter as a boolean SQL expression; `negated` compiles `not (filter)`. */
  filter(ref: TableRef, filter: ODataFilter, negated = false): SQL {
    switch (filter.kind) {
      case 'not':
        return this.filter(ref, filter.operand, !negated);
      case 'logical': {
        // De Morgan: a negation goes down to the leaves.
        const and = (filter.op === 'and') !== negated;
        const parts = filter.operands.map((o) => this.filter(ref, o, negated));
        return sql`(${sql.join(parts, and ? sql` and ` : sql` or `)})`;
      }
      case 'compare':
        return this.negate(this.semiJoin(ref, filter) ?? this.compare(ref, filter), negated);
      case 'match': {
        const leaf = this.semiJoin(ref, filter) ?? this.match(ref, filter);
        const implied = negated ? undefined : this.storedTextMatch(ref, filter);
        return implied ? sql`(${implied} and ${leaf})` : this.negate(leaf, negated);
      }
      case 'in':
        return this.negate(this.semiJoin(ref, filter) ?? this.inList(ref, filter), negated);
      case 'lambda':
        return this.negate(this.lambda(ref, filter), negated);
    }
  }

  private inList(ref: TableRef, filter: ODataIn): SQL {
    const subject = this.value(ref, filter.subject);
    if (subject.kind !== 'json' && subject.kind !== 'plain') throw new Error("The left side of 'in' must be a property.");
    // A short list is written out, one parameter a value: the planner then knows the values and estimates the rows
    // they match (a status list read through a JSON set is a blind guess, which picks slow plans for the count).
    if (filter.values.length <= SHORT_IN_LIST) {
      const values = filter.values.map((v) => {
        if (v.type === 'null') throw new Error("An 'in' list holds no null.");
        return subject.kind === 'json' ? jsonParam(v) : literalParam(v);
      });
      return sql`(${subject.sql} in (${sql.join(values, sql`, `)}))`;
    }
    const list = JSON.stringify(filter.values.map((v) => v.value));
    if (subject.kind === 'json') return sql`(${subject.sql} in (select jsonb_array_elements(${list}::jsonb)))`;
    const type = sql.raw({ string: 'text', number: 'numeric', boolean: 'boolean', dateTime: 'timestamptz', guid: 'uuid' }[subject.type]);
    return sql`(${subject.sql} in (select (v)::${type} from jsonb_array_elements_text(${list}::jsonb) as v))`;
  }

  /**
   * A leaf that reads one property across a single navigation (`form/formGroupId eq …`) as a semi-join:
   * `t0.form_id in (select t1.form_id from forms t1 where t1.form_group_id = …)`. The planner runs the inner
   * read once and joins (or reads an index of the outer column), where the correlated subquery of `path` runs
   * once per row — over 100,000 rows, seconds. Same answer: the leaf only holds for a row whose related row exists
   * and satisfies it, which is what membership says; where the related row is missing both are not true, and a
   * negated leaf is `is not true` of either. Only for leaves that cannot hold on a null value (a comparison other
   * than `ne` with a literal, a string match, an `in` list) and that name no other property; undefined otherwise.
   */
  private semiJoin(ref: TableRef, leaf: ODataComparison | ODataStringMatch | ODataIn): SQL | undefined {
    let subject: ODataValue;
    if (leaf.kind === 'compare') {
      if (leaf.op === 'ne') return undefined;
      const literalRight = leaf.right.kind === 'literal';
      const [other, side] = literalRight ? [leaf.right, leaf.left] : [leaf.left, leaf.right];
      if (other.kind !== 'literal' || other.type === 'null') return undefined;
      subject = side;
    } else {
      subject = leaf.subject;
    }
    const property = subject.kind === 'call' ? subject.arg : subject;
    if (property.kind !== 'property') return undefined;
    const resolved = resolvePath(this.model.schema, ref.entity.type, property.path);
    const first = resolved.steps[0];
    if (!first) return undefined;
    const rest: ODataProperty = { kind: 'property', path: property.path.slice(1) };
    const inner: ODataValue = subject.kind === 'call' ? { ...subject, arg: rest } : rest;
    let moved: ODataComparison | ODataStringMatch | ODataIn;
    if (leaf.kind === 'compare') moved = leaf.right.kind === 'literal' ? { ...leaf, left: inner } : { ...leaf, right: inner };
    else moved = { ...leaf, subject: inner };
    const target = this.ref(first.definition.target);
    const conditions = [this.scopeOf(target), this.filter(target, moved)].filter((p): p is SQL => p !== undefined);
    const source = this.column(ref, first.definition.sourceProperty);
    return sql`(${source} in (select ${this.column(target, first.definition.targetProperty)} from ${this.from(target)} where ${sql.join(conditions, sql` and `)}))`;
  }

  // EXISTS over the collection (within its scope; soft-deleted rows only when the predicate names the flag).
  private lambda(ref: TableRef, filter: ODataLambda): SQL {
    const nav = ref.entity.type.navigations?.[filter.navigation];
    if (!nav?.many) throw new Error(`'${filter.navigation}' is not a collection.`);
    const target = this.ref(nav.target);
    const link = sql`${this.column(target, nav.targetProperty)} = ${this.column(ref, nav.sourceProperty)}`;
    const conditions = [link, this.scopeOf(target)].filter((p): p is SQL => p !== undefined);
    const soft = target.entity.type.softDeleteProperty;
    if (soft !== undefined && hidesSoftDeleted(target.entity.type, { filter: filter.predicate })) {
      conditions.push(sql`${this.column(target, soft)} is not true`);
    }
    if (!filter.predicate) return sql`exists (select 1 from ${this.from(target)} where ${sql.join(conditions, sql` and `)})`;
    if (filter.op === 'any') {
      conditions.push(this.filter(target, filter.predicate));
      return sql`exists (select 1 from ${this.from(target)} where ${sql.join(conditions, sql` and `)})`;
    }
    conditions.push(this.filter(target, filter.predicate, true));
    return sql`(not exists (select 1 from ${this.from(target)} where ${sql.join(conditions, sql` and `)}))`;
  }

  /** A `$search` as a boolean expression (the domain's rule: a term is in one of the searchable texts, ignoring case). */
  search(ref: TableRef, search: ODataSearch, negated = false): SQL {
    switch (search.kind) {
      case 'not':
        return this.search(ref, search.operand, !negated);
      case 'logical': {
        const and = (search.op === 'and') !== negated;
        return sql`(${sql.join(search.operands.map((o) => this.search(ref, o, negated)), and ? sql` and ` : sql` or `)})`;
      }
      case 'term': {
        const term = search.text.toLowerCase();
        const pattern = `%${escapeLike(term)}%`;
        const type = ref.entity.type;
        // An id is searched for long terms only (the domain's rule: a short word is in most ids by chance).
        const names = (type.search ?? []).filter((name) => type.properties[name] !== 'guid' || searchesIds(term));
        const texts = names.map((name) => {
          const kind = type.properties[name];
          const column = kind === 'json' ? this.jsonColumn(ref, name) : this.column(ref, name);
          const stored = ref.entity.searchTextColumns?.[name];
          if (kind === 'json') return stored === undefined ? sql`lower(odata_json_strings(${column}))` : sql`${sql.identifier(ref.alias)}.${sql.identifier(stored)}`;
          // A GUID's text is lower case already (and `id::text` is what an index can hold).
          return kind === 'string' ? sql`lower(${column})` : sql`(${column}::text)`;
        });
        const leaf = texts.length ? sql`(${sql.join(texts.map((t) => sql`${t} like ${pattern}::text escape '\\'`), sql` or `)})` : isFalse;
        return this.negate(leaf, negated);
      }
    }
  }

  private negate(leaf: SQL, negated: boolean): SQL {
    // `is not true` also holds when the leaf is unknown (a null operand), as `not` does in the evaluator.
    return negated ? sql`(${leaf}) is not true` : leaf;
  }

  private compare(ref: TableRef, filter: ODataComparison): SQL {
    const left = this.value(ref, filter.left);
    const right = this.value(ref, filter.right);
    const op = filter.op;
    if (left.kind === 'null' || right.kind === 'null') {
      const other = left.kind === 'null' ? right : left;
      if (other.kind === 'null') return op === 'eq' ? isTrue : isFalse;
      if (other.kind === 'literal') return op === 'eq' ? isFalse : isTrue;
      const isNull =
        other.kind === 'json'
          ? sql`(${other.sql} is null or jsonb_typeof(${other.sql}) = 'null')`
          : sql`(${other.sql} is null)`;
      return op === 'eq' ? isNull : sql`(not ${isNull})`;
    }
    if (left.kind === 'json' || right.kind === 'json') {
      const [json, other, jsonOp] = left.kind === 'json' ? [left, right, op] : [right as Compiled & { kind: 'json' }, left, FLIPPED[op]];
      if (other.kind !== 'literal') throw new Error('A JSON value compares only with a literal.');
      return this.compareJson(json.sql, jsonOp, other.literal);
    }
    const l = left.kind === 'literal' ? literalParam(left.literal) : left.sql;
    const r = right.kind === 'literal' ? literalParam(right.literal) : right.sql;
    if (op === 'ne') return sql`(${l} is distinct from ${r})`;
    const type = left.kind === 'literal' ? left.literal.type : left.type;
    const collated = type === 'string' && op !== 'eq' ? sql`${l} collate "C"` : l;
    return sql`(${collated} ${OPERATORS[op]} ${r})`;
  }

  private compareJson(json: SQL, op: ODataComparisonOperator, literal: Exclude<ODataLiteral, { type: 'null' }>): SQL {
    if (op === 'eq') return sql`(${json} = ${jsonParam(literal)})`;
    if (op === 'ne') return sql`((${json} = ${jsonParam(literal)}) is not true)`;
    // An order comparison holds only between values of the literal's JSON type; CASE keeps the cast from other types.
    const operator = OPERATORS[op];
    switch (literal.type) {
      case 'number':
        return sql`(case when jsonb_typeof(${json}) = 'number' then (${json} #>> '{}')::numeric ${operator} ${literal.value}::numeric else false end)`;
      case 'boolean':
        return sql`(case when jsonb_typeof(${json}) = 'boolean' then (${json} #>> '{}')::boolean ${operator} ${literal.value}::boolean else false end)`;
      default:
        return sql`(case when jsonb_typeof(${json}) = 'string' then (${json} #>> '{}') collate "C" ${operator} ${String(literal.value)}::text else false end)`;
    }
  }

  private match(ref: TableRef, filter: ODataStringMatch): SQL {
    const subject = this.value(ref, filter.subject);
    const search = filter.search;
    if (search.kind !== 'literal' || search.type !== 'string') throw new Error('The search must be a string literal.');
    let text: SQL;
    if (subject.kind === 'json') text = jsonText(subject.sql);
    else if (subject.kind === 'plain') text = subject.sql;
    else throw new Error('The subject of a string function must be a property.');
    const escaped = escapeLike(search.value);
    const pattern = filter.fn === 'contains' ? `%${escaped}%` : filter.fn === 'startswith' ? `${escaped}%` : `%${escaped}`;
    return sql`(${text} like ${pattern}::text escape '\\')`;
  }

  /**
   * What a string match on an answer implies of the entity's stored searched text (`searchTextColumns`:
   * lower(odata_json_strings(column)), every string of the JSON on its own line, lower case): a string inside the
   * column that contains, starts or ends with a text is one of those lines, so the stored text contains that text in
   * lower case. Written beside the match (never instead of it, never for a negated one), it adds no row and drops
   * none, and lets the trigram index of the stored text pick the candidates: over every form a count read each row's
   * JSON, now only the rows the index gives. Undefined for a match it implies nothing of (another column, a
   * navigation, `toupper`).
   */
  private storedTextMatch(ref: TableRef, filter: ODataStringMatch): SQL | undefined {
    const search = filter.search;
    if (search.kind !== 'literal' || search.type !== 'string' || search.value === '') return undefined;
    const lowered = filter.subject.kind === 'call' && filter.subject.fn === 'tolower';
    const property = lowered && filter.subject.kind === 'call' ? filter.subject.arg : filter.subject;
    if (property.kind !== 'property') return undefined;
    const resolved = resolvePath(this.model.schema, ref.entity.type, property.path);
    if (resolved.steps.length || resolved.type !== 'json' || resolved.jsonPath.length === 0) return undefined;
    const stored = ref.entity.searchTextColumns?.[resolved.property];
    if (stored === undefined) return undefined;
    const pattern = `%${escapeLike(search.value)}%`;
    // lower() leaves LIKE's escapes (`\`, `%`, `_`) as they are; under tolower() the matched text is lower case already.
    const text = lowered ? sql`${pattern}::text` : sql`lower(${pattern}::text)`;
    return sql`(${sql.identifier(ref.alias)}.${sql.identifier(stored)} like ${text} escape '\\')`;
  }

  /** A value: a literal (kept for its parameter), a column, a navigation subquery, JSON inside a column, or a case function. */
  value(ref: TableRef, value: ODataValue): Compiled {
    switch (value.kind) {
      case 'literal':
        return value.type === 'null' ? { kind: 'null' } : { kind: 'literal', literal: value };
      case 'call': {
        const arg = this.value(ref, value.arg);
        const fn = value.fn === 'tolower' ? sql.raw('lower') : sql.raw('upper');
        if (arg.kind === 'json') return { kind: 'plain', sql: sql`${fn}(${jsonText(arg.sql)})`, type: 'string' };
        if (arg.kind === 'plain') return { kind: 'plain', sql: sql`${fn}(${arg.sql})`, type: 'string' };
        if (arg.kind === 'literal' && arg.literal.type === 'string') {
          return { kind: 'plain', sql: sql`${fn}(${literalParam(arg.literal)})`, type: 'string' };
        }
        return { kind: 'null' };
      }
      case 'property': {
        const resolved = resolvePath(this.model.schema, ref.entity.type, value.path);
        const expression = this.path(ref, resolved, 0);
        return resolved.type === 'json' ? { kind: 'json', sql: expression } : { kind: 'plain', sql: expression, type: resolved.type };
      }
    }
  }

  // The property at the end of a path; each single navigation crossed is a correlated subquery (within its scope).
  private path(ref: TableRef, resolved: ResolvedPath, step: number): SQL {
    const crossing = resolved.steps[step];
    if (!crossing) {
      const column = resolved.type === 'json' ? this.jsonColumn(ref, resolved.property) : this.column(ref, resolved.property);
      if (resolved.jsonPath.length === 0) return column;
      const segments = resolved.jsonPath.map((segment) => sql`${segment}::text`);
      return sql`jsonb_extract_path(${column}, ${sql.join(segments, sql`, `)})`;
    }
    const target = this.ref(crossing.definition.target);
    const inner = this.path(target, resolved, step + 1);
    const conditions = [
      sql`${this.column(target, crossing.definition.targetProperty)} = ${this.column(ref, crossing.definition.sourceProperty)}`,
      this.scopeOf(target),
    ].filter((p): p is SQL => p !== undefined);
    return sql`(select ${inner} from ${this.from(target)} where ${sql.join(conditions, sql` and `)} limit 1)`;
  }
}
