/**
 * Entity types and binding: checks a parsed query against what an entity set offers (property and
 * navigation names, matched case-insensitively as ASP.NET Core OData does, and written back in
 * their declared case), type-checks comparisons, and resolves property paths. The in-memory
 * evaluator and the SQL compiler both run on a bound query.
 */
import { FORBIDDEN_POINTER_SEGMENTS } from '../../contract/json-pointer';
import {
  guidLiteral,
  stringLiteral,
  type ODataExpand,
  type ODataFilter,
  type ODataIn,
  type ODataLambda,
  type ODataLiteral,
  type ODataOrderBy,
  type ODataQuery,
  type ODataValue,
} from './ast';
import { ODataError } from './errors';
import { checkODataLimits, expandTooDeep, ODATA_LIMITS } from './limits';

/**
 * The type of a property. `json` holds a JSON document whose inner values a path may reach
 * (`data/applicant/name`); they are compared as JSON strings, numbers, booleans or null.
 */
export type ODataPropertyType = 'string' | 'number' | 'boolean' | 'dateTime' | 'guid' | 'json';

/** A navigation property: the rows of `target` whose `targetProperty` equals this row's `sourceProperty`. */
export interface ODataNavigation {
  /** The target entity type's name (a key of the {@link ODataSchema}). */
  readonly target: string;
  /** A collection (`formSchemas`) or a single row (`formGroup`). */
  readonly many: boolean;
  /** The property of this entity the link starts from (e.g. `formId`, or `formGroupId`). */
  readonly sourceProperty: string;
  /** The property of the target it must equal (e.g. `formId` on FormSchema, or `formGroupId` on FormGroup). */
  readonly targetProperty: string;
}

/** What one entity set offers to queries. */
export interface ODataEntityType {
  /** The type name used in messages, e.g. `Form`. */
  readonly name: string;
  /** The key property (the last sort key, so pages are stable). */
  readonly key: string;
  /** Every property a query may name, with its type. Properties left out cannot be filtered, sorted or selected. */
  readonly properties: Readonly<Record<string, ODataPropertyType>>;
  /** The navigation properties `$expand` (and, single ones, filter paths) may use. */
  readonly navigations?: Readonly<Record<string, ODataNavigation>>;
  /**
   * The soft-delete flag, if the set has one: rows where it is true are left out unless the
   * `$filter` names it (so `isDeleted eq true` lists deleted rows, for restoring them).
   */
  readonly softDeleteProperty?: string;
  /**
   * What `$search` looks in: these properties' texts (a string's value, a GUID's lower-case text for a term of at
   * least 8 characters, and every string inside a JSON document, at any depth; numbers, booleans and keys are not
   * searched).
   * A term matches a row when one of the texts contains it, ignoring case. None: the set cannot be searched.
   */
  readonly search?: readonly string[];
}

/** The entity types of a service, by name. */
export type ODataSchema = Readonly<Record<string, ODataEntityType>>;

/** The type of a value in a filter: a property's type, or a literal's. */
export type ODataValueType = ODataPropertyType | 'null';

/** One step through a single-valued navigation property. */
export interface ODataPathStep {
  readonly navigation: string;
  readonly definition: ODataNavigation;
  /** The entity type the step reaches. */
  readonly entity: ODataEntityType;
}

/** A property path taken apart: the navigations it crosses, the property, and a path inside JSON. */
export interface ResolvedPath {
  readonly steps: readonly ODataPathStep[];
  /** The entity type the property belongs to. */
  readonly entity: ODataEntityType;
  readonly property: string;
  readonly type: ODataPropertyType;
  /** Segments inside a `json` property; empty for a plain property. */
  readonly jsonPath: readonly string[];
}

/** The entity type of a name, or an error. */
export function entityType(schema: ODataSchema, name: string): ODataEntityType {
  const type = Object.prototype.hasOwnProperty.call(schema, name) ? schema[name] : undefined;
  if (!type) throw new ODataError(`Unknown entity set '${name}'.`);
  return type;
}

// Exact name first, then case-insensitively (property names are camelCase; callers differ in case).
function findName(names: readonly string[], name: string): string | undefined {
  if (names.includes(name)) return name;
  const lower = name.toLowerCase();
  return names.find((n) => n.toLowerCase() === lower);
}

function propertyName(entity: ODataEntityType, name: string): string | undefined {
  return findName(Object.keys(entity.properties), name);
}

function navigationName(entity: ODataEntityType, name: string): string | undefined {
  return findName(Object.keys(entity.navigations ?? {}), name);
}

function noProperty(entity: ODataEntityType, name: string): ODataError {
  return new ODataError(`Could not find a property named '${name}' on type '${entity.name}'.`);
}

/** Resolves a (bound) property path. Throws when a segment does not exist. */
export function resolvePath(schema: ODataSchema, entity: ODataEntityType, path: readonly string[]): ResolvedPath {
  const steps: ODataPathStep[] = [];
  let current = entity;
  for (let i = 0; i < path.length; i += 1) {
    const segment = path[i] as string;
    const prop = propertyName(current, segment);
    if (prop !== undefined) {
      const type = current.properties[prop] as ODataPropertyType;
      const jsonPath = path.slice(i + 1);
      if (jsonPath.length > 0 && type !== 'json') {
        throw new ODataError(`The property '${prop}' of type '${current.name}' has no property '${jsonPath[0] ?? ''}'.`);
      }
      const forbidden = jsonPath.find((s) => FORBIDDEN_POINTER_SEGMENTS.has(s));
      if (forbidden !== undefined) throw new ODataError(`The path segment '${forbidden}' is not allowed.`);
      return { steps, entity: current, property: prop, type, jsonPath };
    }
    const nav = navigationName(current, segment);
    if (nav === undefined) throw noProperty(current, segment);
    const definition = (current.navigations ?? {})[nav] as ODataNavigation;
    if (definition.many) {
      throw new ODataError(`The navigation property '${nav}' is a collection; a path can only cross single ones (use $expand).`);
    }
    if (i === path.length - 1) throw new ODataError(`The navigation property '${nav}' is not a value; name one of its properties.`);
    const target = entityType(schema, definition.target);
    steps.push({ navigation: nav, definition, entity: target });
    current = target;
  }
  throw new ODataError('A property path is empty.');
}

function canonicalPath(resolved: ResolvedPath): string[] {
  return [...resolved.steps.map((s) => s.navigation), resolved.property, ...resolved.jsonPath];
}

interface Bound<T> {
  node: T;
  type: ODataValueType;
}

function literalType(literal: ODataLiteral): ODataValueType {
  return literal.type === 'null' ? 'null' : literal.type;
}

function describeValue(value: ODataValue): string {
  if (value.kind === 'property') return `'${value.path.join('/')}'`;
  if (value.kind === 'call') return `${value.fn}(…)`;
  return `the ${value.type} literal`;
}

class Binder {
  constructor(
    private readonly schema: ODataSchema,
    private readonly entity: ODataEntityType,
  ) {}

  value(value: ODataValue): Bound<ODataValue> {
    switch (value.kind) {
      case 'literal':
        return { node: value, type: literalType(value) };
      case 'property': {
        const resolved = resolvePath(this.schema, this.entity, value.path);
        return { node: { kind: 'property', path: canonicalPath(resolved) }, type: resolved.type };
      }
      case 'call': {
        const arg = this.value(value.arg);
        if (arg.type !== 'string' && arg.type !== 'json') {
          throw new ODataError(`The argument of '${value.fn}' must be a string, not ${describeValue(value.arg)}.`);
        }
        return { node: { kind: 'call', fn: value.fn, arg: arg.node }, type: 'string' };
      }
    }
  }

  // Makes the two sides of a comparison agree: a GUID written in quotes against a GUID property becomes a GUID, etc.
  private coerce(side: Bound<ODataValue>, other: ODataValueType): Bound<ODataValue> {
    const node = side.node;
    if (node.kind !== 'literal') return side;
    if (node.type === 'string' && other === 'guid') {
      try {
        return { node: guidLiteral(node.value), type: 'guid' };
      } catch {
        throw new ODataError(`'${node.value}' is not a GUID.`);
      }
    }
    if (node.type === 'guid' && (other === 'string' || other === 'json')) return { node: stringLiteral(node.value), type: 'string' };
    return side;
  }

  filter(filter: ODataFilter): ODataFilter {
    switch (filter.kind) {
      case 'logical':
        if (filter.operands.length < 2) throw new ODataError(`'${filter.op}' needs two operands or more.`);
        return { kind: 'logical', op: filter.op, operands: filter.operands.map((o) => this.filter(o)) };
      case 'not':
        return { kind: 'not', operand: this.filter(filter.operand) };
      case 'in':
        return this.inList(filter);
      case 'lambda':
        return this.lambda(filter);
      case 'match': {
        const subject = this.value(filter.subject);
        if (subject.node.kind === 'literal' || (subject.type !== 'string' && subject.type !== 'json')) {
          throw new ODataError(`The first argument of '${filter.fn}' must be a string property, not ${describeValue(filter.subject)}.`);
        }
        if (filter.search.kind !== 'literal' || filter.search.type !== 'string') {
          throw new ODataError(`The second argument of '${filter.fn}' must be a string literal.`);
        }
        return { kind: 'match', fn: filter.fn, subject: subject.node, search: filter.search };
      }
      case 'compare': {
        let left = this.value(filter.left);
        let right = this.value(filter.right);
        left = this.coerce(left, right.type);
        right = this.coerce(right, left.type);
        const { op } = filter;
        if (left.type === 'null' || right.type === 'null') {
          if (op !== 'eq' && op !== 'ne') throw new ODataError(`null can only be compared with eq or ne, not ${op}.`);
          return { kind: 'compare', op, left: left.node, right: right.node };
        }
        for (const [a, b] of [
          [left, right],
          [right, left],
        ] as const) {
          if (a.type !== 'json') continue;
          const isJsonLiteral = b.node.kind === 'literal' && (b.type === 'string' || b.type === 'number' || b.type === 'boolean');
          if (!isJsonLiteral) {
            throw new ODataError(
              `A value inside JSON (${describeValue(a.node)}) can only be compared with a string, number, boolean or null literal.`,
            );
          }
          return { kind: 'compare', op, left: left.node, right: right.node };
        }
        if (left.type !== right.type) {
          throw new ODataError(
            `Cannot compare ${describeValue(left.node)} (${left.type}) with ${describeValue(right.node)} (${right.type}).`,
          );
        }
        return { kind: 'compare', op, left: left.node, right: right.node };
      }
    }
  }

  private inList(filter: ODataIn): ODataIn {
    const subject = this.value(filter.subject);
    if (subject.node.kind === 'literal') throw new ODataError(`The left side of 'in' must be a property, not ${describeValue(filter.subject)}.`);
    if (subject.type === 'null') throw new ODataError("The left side of 'in' has no type.");
    const values = filter.values.map((value) => {
      const bound = this.coerce({ node: value, type: literalType(value) }, subject.type);
      if (bound.type === 'null') throw new ODataError("null cannot be in an 'in' list; use 'eq null'.");
      const ok = subject.type === 'json' ? bound.type === 'string' || bound.type === 'number' || bound.type === 'boolean' : bound.type === subject.type;
      if (!ok) throw new ODataError(`Cannot compare ${describeValue(subject.node)} (${subject.type}) with a ${bound.type} in an 'in' list.`);
      return bound.node as ODataLiteral;
    });
    return { kind: 'in', subject: subject.node, values };
  }

  private lambda(filter: ODataLambda): ODataLambda {
    const nav = navigationName(this.entity, filter.navigation);
    const definition = nav === undefined ? undefined : (this.entity.navigations ?? {})[nav];
    if (nav === undefined || !definition) {
      throw new ODataError(`Could not find a navigation property named '${filter.navigation}' on type '${this.entity.name}'.`);
    }
    if (!definition.many) throw new ODataError(`'${filter.op}' needs a collection, and '${nav}' is a single row; compare its properties (${nav}/…).`);
    const target = entityType(this.schema, definition.target);
    const out: ODataLambda = { kind: 'lambda', op: filter.op, navigation: nav, variable: filter.variable };
    return filter.predicate ? { ...out, predicate: new Binder(this.schema, target).filter(filter.predicate) } : out;
  }

  orderBy(item: ODataOrderBy): ODataOrderBy {
    if (item.value.kind === 'literal') throw new ODataError('$orderby takes properties, not literals.');
    return { value: this.value(item.value).node, direction: item.direction };
  }

  select(name: string): string {
    const prop = propertyName(this.entity, name);
    if (prop === undefined) {
      if (navigationName(this.entity, name) !== undefined) {
        throw new ODataError(`'${name}' is a navigation property of type '${this.entity.name}'; use $expand.`);
      }
      throw noProperty(this.entity, name);
    }
    return prop;
  }

  expand(item: ODataExpand, depth: number): ODataExpand {
    const nav = navigationName(this.entity, item.navigation);
    if (nav === undefined) {
      throw new ODataError(`Could not find a navigation property named '${item.navigation}' on type '${this.entity.name}'.`);
    }
    const definition = (this.entity.navigations ?? {})[nav] as ODataNavigation;
    const target = entityType(this.schema, definition.target);
    const options = bindTo(this.schema, target, item.options, depth + 1);
    if (!definition.many) {
      const extra = (['filter', 'orderBy', 'top', 'skip', 'count'] as const).find((k) => options[k] !== undefined);
      if (extra !== undefined) {
        throw new ODataError(`$${extra.toLowerCase()} cannot be applied to '${nav}', which is a single row; only $select and $expand can.`);
      }
    }
    return { navigation: nav, options };
  }
}

function bindTo(schema: ODataSchema, entity: ODataEntityType, query: ODataQuery, depth: number): ODataQuery {
  if (query.expand?.length && depth + 1 > ODATA_LIMITS.maxExpandDepth) throw expandTooDeep();
  const binder = new Binder(schema, entity);
  const out: { -readonly [K in keyof ODataQuery]: ODataQuery[K] } = {};
  if (query.filter) out.filter = binder.filter(query.filter);
  if (query.search) {
    if (!entity.search?.length) throw new ODataError(`'${entity.name}' rows cannot be searched ($search).`, { option: '$search' });
    out.search = query.search;
  }
  if (query.select?.length) out.select = [...new Set(query.select.map((s) => binder.select(s)))];
  if (query.orderBy?.length) out.orderBy = query.orderBy.map((o) => binder.orderBy(o));
  if (query.top !== undefined) out.top = query.top;
  if (query.skip !== undefined) out.skip = query.skip;
  if (query.count) out.count = true;
  if (query.expand?.length) {
    out.expand = query.expand.map((item) => binder.expand(item, depth));
    const names = out.expand.map((e) => e.navigation);
    const twice = names.find((n, i) => names.indexOf(n) !== i);
    if (twice !== undefined) throw new ODataError(`The navigation property '${twice}' is expanded more than once.`);
  }
  return out;
}

/**
 * Checks a query against an entity type and writes it in canonical form: names in their declared
 * case, GUIDs written in quotes against GUID properties turned into GUIDs, every limit checked.
 * Throws {@link ODataError} naming the problem (unknown property, mismatched types, …).
 */
export function bindQuery(schema: ODataSchema, typeName: string, query: ODataQuery): ODataQuery {
  checkODataLimits(query);
  return bindTo(schema, entityType(schema, typeName), query, 0);
}

/** Whether a filter names a property (a one-segment path): how the soft-delete rule is lifted. */
export function filterNames(filter: ODataFilter | undefined, propertyName: string): boolean {
  if (!filter) return false;
  const lower = propertyName.toLowerCase();
  const inValue = (value: ODataValue): boolean =>
    value.kind === 'property'
      ? value.path.length === 1 && value.path[0]?.toLowerCase() === lower
      : value.kind === 'call' && inValue(value.arg);
  switch (filter.kind) {
    case 'compare':
      return inValue(filter.left) || inValue(filter.right);
    case 'match':
    case 'in':
      return inValue(filter.subject);
    case 'lambda':
      // The predicate names the collection's properties, not this entity's.
      return false;
    case 'not':
      return filterNames(filter.operand, propertyName);
    case 'logical':
      return filter.operands.some((o) => filterNames(o, propertyName));
  }
}

/** Whether rows where the soft-delete flag is set stay hidden for this (bound) query. */
export function hidesSoftDeleted(entity: ODataEntityType, query: ODataQuery): boolean {
  return entity.softDeleteProperty !== undefined && !filterNames(query.filter, entity.softDeleteProperty);
}
