/**
 * The OData serialiser: syntax tree → query string. `parseFilter(serializeFilter(f))` gives `f`
 * back, and a literal can never leave its quotes (a quote inside a string is doubled).
 */
import type { ODataExpand, ODataFilter, ODataLiteral, ODataQuery, ODataValue } from './ast';
import { isGuidText, isIdentifier } from './ast';
import { ODataError } from './errors';
import { checkODataLimits } from './limits';

/** Writes one literal: strings single-quoted with `'` doubled; numbers, GUIDs and date-times bare. */
export function serializeLiteral(literal: ODataLiteral): string {
  switch (literal.type) {
    case 'string':
      return `'${literal.value.replace(/'/g, "''")}'`;
    case 'number':
      if (!Number.isFinite(literal.value)) throw new ODataError(`${literal.value} cannot be used in a filter.`);
      return String(literal.value);
    case 'boolean':
      return literal.value ? 'true' : 'false';
    case 'null':
      return 'null';
    case 'guid':
      if (!isGuidText(literal.value)) throw new ODataError(`'${literal.value}' is not a GUID.`);
      return literal.value;
    case 'dateTime': {
      const date = new Date(literal.value);
      if (Number.isNaN(date.getTime())) throw new ODataError('An invalid date cannot be used in a filter.');
      return date.toISOString();
    }
  }
}

function path(segments: readonly string[]): string {
  if (segments.length === 0 || !segments.every(isIdentifier)) {
    throw new ODataError(`'${segments.join('/')}' is not a property path.`);
  }
  return segments.join('/');
}

/** Writes a value: a literal, a property path or a case function. */
export function serializeValue(value: ODataValue): string {
  switch (value.kind) {
    case 'literal':
      return serializeLiteral(value);
    case 'property':
      return path(value.path);
    case 'call':
      return `${value.fn}(${serializeValue(value.arg)})`;
  }
}

/** Writes a `$filter` expression (not URL-encoded). */
export function serializeFilter(filter: ODataFilter): string {
  switch (filter.kind) {
    case 'compare':
      return `${serializeValue(filter.left)} ${filter.op} ${serializeValue(filter.right)}`;
    case 'match':
      return `${filter.fn}(${serializeValue(filter.subject)},${serializeValue(filter.search)})`;
    case 'not':
      return `not (${serializeFilter(filter.operand)})`;
    case 'logical':
      if (filter.operands.length < 2) throw new ODataError(`'${filter.op}' needs two operands or more.`);
      // A logical operand keeps its parentheses, so re-parsing gives the same tree.
      return filter.operands
        .map((o) => (o.kind === 'logical' ? `(${serializeFilter(o)})` : serializeFilter(o)))
        .join(` ${filter.op} `);
  }
}

function expandItem(item: ODataExpand): string {
  if (!isIdentifier(item.navigation)) throw new ODataError(`'${item.navigation}' is not a navigation property.`);
  const nested = optionPairs(item.options);
  return nested.length ? `${item.navigation}(${nested.map(([k, v]) => `${k}=${v}`).join(';')})` : item.navigation;
}

/** The options as `[name, value]` pairs in OData's order, values not URL-encoded. */
export function optionPairs(query: ODataQuery): [string, string][] {
  const pairs: [string, string][] = [];
  if (query.filter) pairs.push(['$filter', serializeFilter(query.filter)]);
  if (query.select?.length) pairs.push(['$select', query.select.map((name) => path([name])).join(',')]);
  if (query.orderBy?.length) {
    pairs.push(['$orderby', query.orderBy.map((o) => `${serializeValue(o.value)} ${o.direction}`).join(',')]);
  }
  if (query.top !== undefined) pairs.push(['$top', String(query.top)]);
  if (query.skip !== undefined) pairs.push(['$skip', String(query.skip)]);
  if (query.count) pairs.push(['$count', 'true']);
  if (query.expand?.length) pairs.push(['$expand', query.expand.map(expandItem).join(',')]);
  return pairs;
}

// encodeURIComponent, keeping the characters that are safe in a query and make OData readable.
function encodeValue(value: string): string {
  return encodeURIComponent(value).replace(/%(24|2C|2F|3A|3D|40)/gi, (m) => decodeURIComponent(m));
}

/**
 * Writes the query string of an OData read (without `?`; empty when there are no options), after
 * checking the limits. `parseODataQuery(serializeQuery(q))` gives `q` back.
 */
export function serializeQuery(query: ODataQuery): string {
  checkODataLimits(query);
  return optionPairs(query)
    .map(([k, v]) => `${k}=${encodeValue(v)}`)
    .join('&');
}
