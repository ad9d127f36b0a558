/**
 * The OData syntax tree (docs/spec.md, Calls; docs/decisions.md, OData): what the client builds and serialises, what the
 * parser produces from a query string, what the test fake evaluates in memory and what the
 * reference server compiles to SQL. Plain, JSON-compatible data (no classes, no Dates), so a tree
 * can be compared, logged and used in a query key.
 */
import { ODataError } from './errors';

/** A literal value in a `$filter`. Dates are kept as ISO 8601 strings in UTC (`toISOString`). */
export type ODataLiteral =
  | { readonly kind: 'literal'; readonly type: 'string'; readonly value: string }
  | { readonly kind: 'literal'; readonly type: 'number'; readonly value: number }
  | { readonly kind: 'literal'; readonly type: 'boolean'; readonly value: boolean }
  | { readonly kind: 'literal'; readonly type: 'null'; readonly value: null }
  | { readonly kind: 'literal'; readonly type: 'dateTime'; readonly value: string }
  | { readonly kind: 'literal'; readonly type: 'guid'; readonly value: string };

/** The type names of literals. */
export type ODataLiteralType = ODataLiteral['type'];

/**
 * A property path: one property (`name`), a path through single-valued navigation properties
 * (`formGroup/name`), or a path into a JSON property (`data/applicant/name`).
 */
export interface ODataProperty {
  readonly kind: 'property';
  readonly path: readonly string[];
}

/** The functions that change a string's case (for case-insensitive matching). */
export type ODataCaseFunction = 'tolower' | 'toupper';

/** `tolower(x)` / `toupper(x)`. */
export interface ODataCaseCall {
  readonly kind: 'call';
  readonly fn: ODataCaseFunction;
  readonly arg: ODataValue;
}

/** Something that has a value: a literal, a property or a case function of one. */
export type ODataValue = ODataLiteral | ODataProperty | ODataCaseCall;

/** The comparison operators. */
export type ODataComparisonOperator = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le';

/** The boolean string functions. */
export type ODataStringFunction = 'contains' | 'startswith' | 'endswith';

/** `left op right`. */
export interface ODataComparison {
  readonly kind: 'compare';
  readonly op: ODataComparisonOperator;
  readonly left: ODataValue;
  readonly right: ODataValue;
}

/** `contains(subject,'search')`, `startswith(…)`, `endswith(…)`; the search is a string literal. */
export interface ODataStringMatch {
  readonly kind: 'match';
  readonly fn: ODataStringFunction;
  readonly subject: ODataValue;
  readonly search: ODataValue;
}

/**
 * `a and b and …` / `a or b or …`, two operands or more. A chain written without parentheses is one
 * node; a parenthesised operand stays its own node, so a tree survives serialising and re-parsing.
 */
export interface ODataLogical {
  readonly kind: 'logical';
  readonly op: 'and' | 'or';
  readonly operands: readonly ODataFilter[];
}

/** `not (operand)`. */
export interface ODataNot {
  readonly kind: 'not';
  readonly operand: ODataFilter;
}

/**
 * `subject in (v1, v2, …)` (OData 4.01): the subject equals one of the literals. The list is bounded
 * (`ODATA_LIMITS.maxInValues`) and, whatever its length, counts as one node of the filter.
 */
export interface ODataIn {
  readonly kind: 'in';
  readonly subject: ODataValue;
  readonly values: readonly ODataLiteral[];
}

/**
 * `nav/any(x: predicate)` / `nav/all(x: predicate)` over a collection navigation of the entity the
 * lambda stands in. Property paths inside `predicate` are relative to the collection's entity (the
 * range variable `x/` is written by the serialiser and stripped by the parser); `any()` without a
 * predicate holds when the collection has a row. Soft-deleted rows of the collection are left out
 * unless the predicate names the flag, as in an expanded collection.
 */
export interface ODataLambda {
  readonly kind: 'lambda';
  readonly op: 'any' | 'all';
  /** The collection navigation property. */
  readonly navigation: string;
  /** The range variable's name (kept so the text survives a round trip). */
  readonly variable: string;
  readonly predicate?: ODataFilter;
}

/** A boolean expression: the tree of a `$filter`. */
export type ODataFilter = ODataComparison | ODataStringMatch | ODataLogical | ODataNot | ODataIn | ODataLambda;

/**
 * A `$search` expression: words and quoted phrases, joined by `AND` (or just a space), `OR` and
 * `NOT`, with parentheses. A term (a word or a phrase) matches a row when one of the entity's
 * searchable texts contains it, ignoring case (see `ODataEntityType.search`).
 */
export type ODataSearch =
  | { readonly kind: 'term'; readonly text: string }
  | { readonly kind: 'not'; readonly operand: ODataSearch }
  | { readonly kind: 'logical'; readonly op: 'and' | 'or'; readonly operands: readonly ODataSearch[] };

/** Any node of a filter tree. */
export type ODataNode = ODataFilter | ODataValue;

/** One `$orderby` item. */
export interface ODataOrderBy {
  readonly value: ODataValue;
  readonly direction: 'asc' | 'desc';
}

/** One `$expand` item: a navigation property and the options applied to what it reaches. */
export interface ODataExpand {
  readonly navigation: string;
  readonly options: ODataQuery;
}

/** The system query options of one OData read (or of one `$expand` item). */
export interface ODataQuery {
  /** `$filter`. */
  readonly filter?: ODataFilter;
  /** `$search` (top level only): free-text search, ANDed with the filter. */
  readonly search?: ODataSearch;
  /** `$select`: property names; absent (or `*`) means every property. */
  readonly select?: readonly string[];
  /** `$orderby`. */
  readonly orderBy?: readonly ODataOrderBy[];
  /** `$top`. */
  readonly top?: number;
  /** `$skip`. */
  readonly skip?: number;
  /** `$count=true`: count the matching rows before paging. */
  readonly count?: boolean;
  /** `$expand`. */
  readonly expand?: readonly ODataExpand[];
}

// ---------------------------------------------------------------- constructors

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Whether a string is a GUID (`8-4-4-4-12` hex digits). */
export function isGuidText(value: string): boolean {
  return GUID.test(value);
}

/** Whether a string is an OData identifier (a property or navigation name). */
export function isIdentifier(value: string): boolean {
  return IDENTIFIER.test(value);
}

/** A string literal. */
export function stringLiteral(value: string): ODataLiteral {
  return { kind: 'literal', type: 'string', value };
}

/** A number literal; refuses NaN and infinities, which OData cannot write. */
export function numberLiteral(value: number): ODataLiteral {
  if (!Number.isFinite(value)) throw new ODataError(`${value} cannot be used in a filter.`);
  return { kind: 'literal', type: 'number', value };
}

/** A GUID literal (written unquoted); refuses anything that is not a GUID. */
export function guidLiteral(value: string): ODataLiteral {
  if (!isGuidText(value)) throw new ODataError(`'${value}' is not a GUID.`);
  return { kind: 'literal', type: 'guid', value: value.toLowerCase() };
}

/** A date-time literal from a Date or an ISO 8601 text; kept as the UTC ISO string. */
export function dateTimeLiteral(value: Date | string): ODataLiteral {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) throw new ODataError('An invalid date cannot be used in a filter.');
  return { kind: 'literal', type: 'dateTime', value: date.toISOString() };
}

/** The values the builders accept, turned into literals: strings are quoted, Dates become date-times. */
export type ODataLiteralInput = string | number | boolean | null | Date | ODataLiteral;

/** A literal from a plain value (a string stays a string, even when it looks like a GUID). */
export function literal(value: ODataLiteralInput): ODataLiteral {
  if (value === null) return { kind: 'literal', type: 'null', value: null };
  if (typeof value === 'string') return stringLiteral(value);
  if (typeof value === 'number') return numberLiteral(value);
  if (typeof value === 'boolean') return { kind: 'literal', type: 'boolean', value };
  if (value instanceof Date) return dateTimeLiteral(value);
  if (typeof value === 'object' && (value as Partial<ODataLiteral>).kind === 'literal') return value;
  throw new ODataError('Unsupported filter value.');
}

/** A property path from `a/b/c`; refuses anything that is not a path of identifiers. */
export function property(path: string): ODataProperty {
  const segments = path.split('/');
  if (!segments.every(isIdentifier)) throw new ODataError(`'${path}' is not a property path.`);
  return { kind: 'property', path: segments };
}

/** `left op right`. */
export function comparison(op: ODataComparisonOperator, left: ODataValue, right: ODataValue): ODataComparison {
  return { kind: 'compare', op, left, right };
}

/**
 * All (`and`) or any (`or`) of the filters; `undefined` entries are skipped. None gives `undefined`
 * (no filter), one gives itself.
 */
export function logical(op: 'and' | 'or', filters: readonly (ODataFilter | undefined)[]): ODataFilter | undefined {
  const operands = filters.filter((f): f is ODataFilter => f !== undefined);
  if (operands.length <= 1) return operands[0];
  return { kind: 'logical', op, operands };
}
