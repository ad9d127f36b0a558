/**
 * The bounds of an OData read (docs/decisions.md, OData), in one place for the client, the fake and the server.
 * A query over a bound is refused with a 400 that names it; a read without `$top` gets the
 * default page size.
 */
import type { ODataFilter, ODataNode, ODataQuery, ODataSearch } from './ast';
import { ODataError } from './errors';

/** The OData limits. */
export const ODATA_LIMITS = {
  /** Rows answered when a read (or an expanded collection) has no `$top`. */
  defaultPageSize: 100,
  /** Largest accepted `$top`. */
  maxTop: 1000,
  /** Deepest accepted `$expand` nesting (`a($expand=b)` is 2). */
  maxExpandDepth: 2,
  /** Most nodes (comparisons, operands, literals, properties, functions) in one `$filter`. */
  maxFilterNodes: 100,
  /** Deepest nesting of parentheses in one `$filter` (keeps the parser's recursion bounded). */
  maxFilterNesting: 32,
  /**
   * Most segments of one property path (`jsonSchema/a/b` is 3), in `$filter` and `$orderby`. A path
   * into JSON becomes one argument each of a database function, and PostgreSQL functions take at
   * most 100; 64 reaches any field the schema and data depth limits allow.
   */
  maxPathSegments: 64,
  /** Most literals in one `in (…)` list. The list is one node of the filter, and one parameter of the SQL. */
  maxInValues: 500,
  /** Deepest nesting of `any` / `all` lambdas (`forms/any(f: f/formSchemas/any(s: …))` is 2): a group's forms' schemas' instances is 3. */
  maxLambdaDepth: 3,
  /** Longest accepted `$search`, in characters. */
  maxSearchLength: 256,
  /** Most terms (words and phrases) in one `$search`. */
  maxSearchTerms: 16,
} as const;

/** The number of rows a read answers: its `$top`, or the default page size. */
export function effectiveTop(query: Pick<ODataQuery, 'top'>): number {
  return query.top ?? ODATA_LIMITS.defaultPageSize;
}

/** The number of nodes of a filter tree (every comparison, operand, literal, property and function). */
export function countFilterNodes(node: ODataNode): number {
  switch (node.kind) {
    case 'literal':
    case 'property':
      return 1;
    case 'call':
      return 1 + countFilterNodes(node.arg);
    case 'compare':
      return 1 + countFilterNodes(node.left) + countFilterNodes(node.right);
    case 'match':
      return 1 + countFilterNodes(node.subject) + countFilterNodes(node.search);
    case 'not':
      return 1 + countFilterNodes(node.operand);
    case 'logical':
      return node.operands.reduce((sum, operand) => sum + countFilterNodes(operand), 1);
    case 'in':
      // The list is one node however long: its length has a bound of its own.
      return 2 + countFilterNodes(node.subject);
    case 'lambda':
      return 1 + (node.predicate ? countFilterNodes(node.predicate) : 0);
  }
}

/** Refuses an `in` list that is empty or over the limit. */
export function checkInList(length: number, position?: number, option?: '$filter' | '$expand'): void {
  if (length === 0) throw new ODataError("An 'in' list needs at least one value.", { option, position });
  if (length > ODATA_LIMITS.maxInValues) {
    throw new ODataError(`An 'in' list has ${length} values, over the limit of ${ODATA_LIMITS.maxInValues} (maxInValues).`, {
      option,
      position,
    });
  }
}

/** The error of `any` / `all` nested deeper than the limit. */
export function lambdaTooDeep(position?: number, option?: '$filter' | '$expand'): ODataError {
  return new ODataError(`any/all lambdas are nested deeper than the limit of ${ODATA_LIMITS.maxLambdaDepth} (maxLambdaDepth).`, {
    option,
    position,
  });
}

// `in` lists and lambda depth of a filter built in code (the parser checks as it reads).
function checkFilterShape(node: ODataFilter, lambdaDepth: number): void {
  switch (node.kind) {
    case 'in':
      checkInList(node.values.length, undefined, '$filter');
      return;
    case 'lambda':
      if (lambdaDepth + 1 > ODATA_LIMITS.maxLambdaDepth) throw lambdaTooDeep(undefined, '$filter');
      if (node.predicate) checkFilterShape(node.predicate, lambdaDepth + 1);
      return;
    case 'not':
      checkFilterShape(node.operand, lambdaDepth);
      return;
    case 'logical':
      for (const operand of node.operands) checkFilterShape(operand, lambdaDepth);
      return;
    default:
      return;
  }
}

/** The number of terms (words and phrases) of a `$search`. */
export function countSearchTerms(search: ODataSearch): number {
  if (search.kind === 'term') return 1;
  if (search.kind === 'not') return countSearchTerms(search.operand);
  return search.operands.reduce((sum, operand) => sum + countSearchTerms(operand), 0);
}

/** Refuses a `$search` with more terms than the limit, or an empty or control-character term. */
export function checkSearch(search: ODataSearch): void {
  const terms = countSearchTerms(search);
  if (terms > ODATA_LIMITS.maxSearchTerms) {
    throw new ODataError(`The $search has ${terms} terms, over the limit of ${ODATA_LIMITS.maxSearchTerms} (maxSearchTerms).`, {
      option: '$search',
    });
  }
  const check = (node: ODataSearch): void => {
    if (node.kind === 'term') {
      if (node.text.trim() === '') throw new ODataError('A $search term is empty.', { option: '$search' });
      // eslint-disable-next-line no-control-regex
      if (/[\u0000-\u001f\u007f]/.test(node.text)) {
        throw new ODataError('A $search term may not contain control characters (such as NUL or a line break).', { option: '$search' });
      }
      if (node.text.length > ODATA_LIMITS.maxSearchLength) {
        throw new ODataError(`The $search is longer than the limit of ${ODATA_LIMITS.maxSearchLength} characters (maxSearchLength).`, {
          option: '$search',
        });
      }
    } else if (node.kind === 'not') check(node.operand);
    else node.operands.forEach(check);
  };
  check(search);
}

/** Refuses a filter over the node limit. */
export function checkFilterSize(filter: ODataFilter): void {
  const nodes = countFilterNodes(filter);
  if (nodes > ODATA_LIMITS.maxFilterNodes) {
    throw new ODataError(
      `The $filter has ${nodes} nodes, over the limit of ${ODATA_LIMITS.maxFilterNodes} (maxFilterNodes).`,
      { option: '$filter' },
    );
  }
}

/** Refuses a `$top` that is not an integer from 0 to the limit, or a `$skip` that is not a non-negative integer. */
export function checkPaging(query: Pick<ODataQuery, 'top' | 'skip'>): void {
  if (query.top !== undefined) {
    if (!Number.isSafeInteger(query.top) || query.top < 0) {
      throw new ODataError('$top must be a non-negative integer.', { option: '$top' });
    }
    if (query.top > ODATA_LIMITS.maxTop) {
      throw new ODataError(`$top is ${query.top}, over the limit of ${ODATA_LIMITS.maxTop} (maxTop).`, { option: '$top' });
    }
  }
  if (query.skip !== undefined && (!Number.isSafeInteger(query.skip) || query.skip < 0)) {
    throw new ODataError('$skip must be a non-negative integer.', { option: '$skip' });
  }
}

/**
 * Refuses a query over any limit: `$top`, `$filter` nodes (of every filter, nested ones too) and
 * `$expand` depth. The parser checks as it goes; this checks a tree built in code.
 */
export function checkODataLimits(query: ODataQuery, depth = 0): void {
  checkPaging(query);
  if (query.filter) {
    checkFilterSize(query.filter);
    checkFilterShape(query.filter, 0);
  }
  if (query.search) {
    if (depth > 0) throw new ODataError('$search is supported only at the top level, not inside $expand.', { option: '$expand' });
    checkSearch(query.search);
  }
  if (query.expand?.length) {
    if (depth + 1 > ODATA_LIMITS.maxExpandDepth) throw expandTooDeep();
    for (const item of query.expand) checkODataLimits(item.options, depth + 1);
  }
}

/** The error of an `$expand` nested deeper than the limit. */
export function expandTooDeep(position?: number): ODataError {
  return new ODataError(
    `$expand is nested deeper than the limit of ${ODATA_LIMITS.maxExpandDepth} (maxExpandDepth).`,
    { option: '$expand', position },
  );
}
