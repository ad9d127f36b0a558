/**
 * The bounds of an OData read (docs/decisions.md, OData), in one place for the client, the fake and the server.
 * A query over a bound is refused with a 400 that names it; a read without `$top` gets the
 * default page size.
 */
import type { ODataFilter, ODataNode, ODataQuery } from './ast';
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
  }
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
  if (query.filter) checkFilterSize(query.filter);
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
