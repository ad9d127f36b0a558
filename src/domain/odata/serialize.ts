/**
 * The OData serialiser: syntax tree → query string. `parseFilter(serializeFilter(f))` gives `f`
 * back, and a literal can never leave its quotes (a quote inside a string is doubled).
 */
import type { ODataExpand, ODataFilter, ODataLiteral, ODataQuery, ODataSearch, ODataValue } from './ast';
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

/**
 * Writes a value: a literal, a property path or a case function. Inside a lambda, `variable` is its
 * range variable, written before every property path.
 */
export function serializeValue(value: ODataValue, variable?: string): string {
  switch (value.kind) {
    case 'literal':
      return serializeLiteral(value);
    case 'property':
      return variable === undefined ? path(value.path) : path([variable, ...value.path]);
    case 'call':
      return `${value.fn}(${serializeValue(value.arg, variable)})`;
  }
}

/** Writes a `$filter` expression (not URL-encoded); `variable` as for {@link serializeValue}. */
export function serializeFilter(filter: ODataFilter, variable?: string): string {
  switch (filter.kind) {
    case 'compare':
      return `${serializeValue(filter.left, variable)} ${filter.op} ${serializeValue(filter.right, variable)}`;
    case 'match':
      return `${filter.fn}(${serializeValue(filter.subject, variable)},${serializeValue(filter.search, variable)})`;
    case 'in':
      if (filter.values.length === 0) throw new ODataError("An 'in' list needs at least one value.");
      return `${serializeValue(filter.subject, variable)} in (${filter.values.map(serializeLiteral).join(',')})`;
    case 'lambda': {
      const nav = path(variable === undefined ? [filter.navigation] : [variable, filter.navigation]);
      if (!filter.predicate) {
        if (filter.op === 'all') throw new ODataError("'all' needs a predicate.");
        return `${nav}/any()`;
      }
      if (!isIdentifier(filter.variable) || filter.variable === variable) {
        throw new ODataError(`'${filter.variable}' cannot be a range variable here.`);
      }
      return `${nav}/${filter.op}(${filter.variable}:${serializeFilter(filter.predicate, filter.variable)})`;
    }
    case 'not':
      return `not (${serializeFilter(filter.operand, variable)})`;
    case 'logical':
      if (filter.operands.length < 2) throw new ODataError(`'${filter.op}' needs two operands or more.`);
      // A logical operand keeps its parentheses, so re-parsing gives the same tree.
      return filter.operands
        .map((o) => (o.kind === 'logical' ? `(${serializeFilter(o, variable)})` : serializeFilter(o, variable)))
        .join(` ${filter.op} `);
  }
}

// A term written bare when it reads back as itself; else a phrase with `"` and `\` escaped.
function searchTerm(text: string): string {
  if (/^[^\s()"]+$/.test(text) && text !== 'AND' && text !== 'OR' && text !== 'NOT') return text;
  return `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/** Writes a `$search` expression (not URL-encoded); `parseSearch(serializeSearch(s))` gives `s` back. */
export function serializeSearch(search: ODataSearch): string {
  switch (search.kind) {
    case 'term':
      return searchTerm(search.text);
    case 'not':
      return `NOT ${search.operand.kind === 'logical' ? `(${serializeSearch(search.operand)})` : serializeSearch(search.operand)}`;
    case 'logical':
      return search.operands
        .map((o) => (o.kind === 'logical' ? `(${serializeSearch(o)})` : serializeSearch(o)))
        .join(` ${search.op === 'and' ? 'AND' : 'OR'} `);
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
  if (query.search) pairs.push(['$search', serializeSearch(query.search)]);
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
