/**
 * The OData query parser: query string → syntax tree. One parser for the test fake and the
 * reference server (and for filters a client writes as text). Syntax only: property names are
 * checked against an entity type by `bindQuery`.
 *
 * `$filter`: `eq ne gt ge lt le`, `and or not`, parentheses, `contains startswith endswith`
 * (the search a string literal), `tolower toupper`; literals: `'text'` (a quote doubled inside),
 * numbers, `true false null`, GUIDs and dates / date-times (a time needs a zone: `Z` or `±hh:mm`),
 * all unquoted; property paths `a/b/c`; `subject in (v1, v2, …)` (OData 4.01; literals only);
 * `nav/any(x: predicate)`, `nav/all(x: predicate)` and `nav/any()` over a collection navigation, where
 * every property path inside starts with the range variable (`x/name`); it is stripped in the tree.
 * Operators and function names are read case-insensitively.
 *
 * `$search`: words and `"quoted phrases"` (`\"` and `\\` escaped inside), `AND` (or just a space),
 * `OR`, `NOT` (upper case, as OData writes them) and parentheses; `NOT` binds tightest, then `AND`.
 *
 * Errors are {@link ODataError}s naming the problem, the option and the 0-based position in the
 * option's (URL-decoded) value: "Unknown function 'foo' at position 12 of $filter.".
 */
import {
  dateTimeLiteral,
  guidLiteral,
  numberLiteral,
  stringLiteral,
  type ODataCaseFunction,
  type ODataComparisonOperator,
  type ODataExpand,
  type ODataFilter,
  type ODataLiteral,
  type ODataOrderBy,
  type ODataQuery,
  type ODataSearch,
  type ODataStringFunction,
  type ODataValue,
} from './ast';
import { ODataError, type ODataOption } from './errors';
import { checkInList, checkPaging, checkSearch, expandTooDeep, lambdaTooDeep, ODATA_LIMITS } from './limits';

// ================================================================ tokens

type Token =
  | { readonly kind: 'literal'; readonly literal: ODataLiteral; readonly pos: number; readonly text: string }
  | { readonly kind: 'word'; readonly pos: number; readonly text: string }
  | { readonly kind: 'punct'; readonly pos: number; readonly text: '(' | ')' | ',' | ':' }
  | { readonly kind: 'end'; readonly pos: number; readonly text: '' };

const GUID_RE = /[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}(?![\w-])/y;
const DATE_START_RE = /\d{4}-\d{2}-\d{2}/y;
const DATE_RE =
  /(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2}))?(?![\w:.+-])/y;
const NUMBER_RE = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?(?![\w.])/y;
const WORD_RE = /[A-Za-z_]\w*(?:\/[A-Za-z_]\w*)*/y;
const IDENTIFIER_RE = /[A-Za-z_]\w*/y;

function sticky(re: RegExp, input: string, at: number): string | null {
  re.lastIndex = at;
  const match = re.exec(input);
  return match ? match[0] : null;
}

/** A date (`2024-01-20`, midnight UTC) or date-time with zone, checked to be a real one. */
function dateLiteral(text: string, fail: (message: string) => never): ODataLiteral {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2}))?$/.exec(text);
  if (!m) return fail(`Invalid date-time literal '${text}'`);
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6]].map((v) => Number(v ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const millis = Number((m[7] ?? '').padEnd(3, '0').slice(0, 3));
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, millis);
  const check = new Date(utc);
  const zone = m[8] ?? 'Z';
  const offsetOk = zone === 'Z' || (Number(zone.slice(1, 3)) <= 14 && Number(zone.slice(4, 6)) <= 59);
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59 ||
    !offsetOk
  ) {
    return fail(`Invalid date-time literal '${text}'`);
  }
  const offsetMinutes =
    zone === 'Z' ? 0 : (zone.startsWith('-') ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)));
  return dateTimeLiteral(new Date(utc - offsetMinutes * 60_000));
}

/** Splits one option's value into tokens. `fail` reports a problem at a position. */
function tokenize(input: string, fail: (message: string, pos: number) => never): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const ch = input.charAt(i);
    if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') {
      i += 1;
      continue;
    }
    if (ch === '(' || ch === ')' || ch === ',' || ch === ':') {
      tokens.push({ kind: 'punct', text: ch, pos: i });
      i += 1;
      continue;
    }
    if (ch === "'") {
      let value = '';
      let j = i + 1;
      for (;;) {
        if (j >= input.length) return fail('Unterminated string literal', i);
        const c = input.charAt(j);
        if (c === "'") {
          if (input.charAt(j + 1) !== "'") break;
          value += "'";
          j += 2;
          continue;
        }
        // PostgreSQL cannot hold NUL in text: no stored value can equal or contain it.
        if (c === '\0') return fail('A string literal may not contain the NUL character (%00)', j);
        value += c;
        j += 1;
      }
      tokens.push({ kind: 'literal', literal: stringLiteral(value), pos: i, text: input.slice(i, j + 1) });
      i = j + 1;
      continue;
    }
    const guid = sticky(GUID_RE, input, i);
    if (guid) {
      tokens.push({ kind: 'literal', literal: guidLiteral(guid), pos: i, text: guid });
      i += guid.length;
      continue;
    }
    if (sticky(DATE_START_RE, input, i)) {
      const date = sticky(DATE_RE, input, i);
      if (!date) return fail('Invalid date-time literal (a time needs a zone, e.g. Z)', i);
      tokens.push({ kind: 'literal', literal: dateLiteral(date, (m) => fail(m, i)), pos: i, text: date });
      i += date.length;
      continue;
    }
    const num = sticky(NUMBER_RE, input, i);
    if (num) {
      const value = Number(num);
      if (!Number.isFinite(value)) return fail(`The number '${num}' is out of range`, i);
      tokens.push({ kind: 'literal', literal: numberLiteral(value), pos: i, text: num });
      i += num.length;
      continue;
    }
    const word = sticky(WORD_RE, input, i);
    if (word) {
      if (input.charAt(i + word.length) === '/') return fail(`Invalid property path '${word}/'`, i);
      if (word === 'true' || word === 'false') {
        tokens.push({ kind: 'literal', literal: { kind: 'literal', type: 'boolean', value: word === 'true' }, pos: i, text: word });
      } else if (word === 'null') {
        tokens.push({ kind: 'literal', literal: { kind: 'literal', type: 'null', value: null }, pos: i, text: word });
      } else {
        tokens.push({ kind: 'word', text: word, pos: i });
      }
      i += word.length;
      continue;
    }
    return fail(`Unexpected character '${ch}'`, i);
  }
  tokens.push({ kind: 'end', text: '', pos: input.length });
  return tokens;
}

// ================================================================ expression parser

const COMPARISONS: readonly string[] = ['eq', 'ne', 'gt', 'ge', 'lt', 'le'] satisfies ODataComparisonOperator[];
const STRING_FUNCTIONS: readonly string[] = ['contains', 'startswith', 'endswith'] satisfies ODataStringFunction[];
const CASE_FUNCTIONS: readonly string[] = ['tolower', 'toupper'] satisfies ODataCaseFunction[];
const KEYWORDS: readonly string[] = [...COMPARISONS, 'and', 'or', 'not', 'asc', 'desc', 'in'];
const LAMBDAS: readonly string[] = ['any', 'all'];

function describe(token: Token): string {
  return token.kind === 'end' ? 'the end' : `'${token.text}'`;
}

/** Parses the tokens of one option value; positions are offset by `base` (for options inside `$expand`). */
class ExpressionParser {
  private index = 0;
  private nodes = 0;
  private nesting = 0;
  /** The range variables of the lambdas being read, innermost last. */
  private readonly variables: string[] = [];
  private readonly tokens: Token[];

  constructor(
    input: string,
    private readonly option: ODataOption,
    private readonly base: number,
  ) {
    this.tokens = tokenize(input, (message, pos) => this.fail(message, pos));
  }

  fail(message: string, pos: number): never {
    throw new ODataError(`${message} at position ${this.base + pos} of ${this.option}.`, {
      option: this.option,
      position: this.base + pos,
    });
  }

  private peek(offset = 0): Token {
    return this.tokens[Math.min(this.index + offset, this.tokens.length - 1)] as Token;
  }

  private next(): Token {
    const token = this.peek();
    if (token.kind !== 'end') this.index += 1;
    return token;
  }

  private isWord(word: string): boolean {
    const token = this.peek();
    return token.kind === 'word' && token.text.toLowerCase() === word;
  }

  private expect(text: '(' | ')' | ',' | ':', what: string): void {
    const token = this.next();
    if (token.kind !== 'punct' || token.text !== text) this.fail(`Expected ${what} but found ${describe(token)}`, token.pos);
  }

  private count<T>(node: T, pos: number): T {
    this.nodes += 1;
    if (this.nodes > ODATA_LIMITS.maxFilterNodes) {
      this.fail(`The ${this.option === '$expand' ? 'nested $filter' : this.option} has more than ${ODATA_LIMITS.maxFilterNodes} nodes, over the limit (maxFilterNodes)`, pos);
    }
    return node;
  }

  private enter(pos: number): void {
    this.nesting += 1;
    if (this.nesting > ODATA_LIMITS.maxFilterNesting) {
      this.fail(`The expression nests deeper than the limit of ${ODATA_LIMITS.maxFilterNesting} (maxFilterNesting)`, pos);
    }
  }

  end(): void {
    const token = this.peek();
    if (token.kind !== 'end') this.fail(`Unexpected ${describe(token)}`, token.pos);
  }

  isAtEnd(): boolean {
    return this.peek().kind === 'end';
  }

  // ---------------------------------------------------------------- $filter

  filter(): ODataFilter {
    if (this.isAtEnd()) this.fail('Expected an expression but found the end', 0);
    const filter = this.or();
    this.end();
    return filter;
  }

  private or(): ODataFilter {
    const pos = this.peek().pos;
    const operands = [this.and()];
    while (this.isWord('or')) {
      this.next();
      operands.push(this.and());
    }
    return operands.length === 1 ? (operands[0] as ODataFilter) : this.count({ kind: 'logical', op: 'or', operands }, pos);
  }

  private and(): ODataFilter {
    const pos = this.peek().pos;
    const operands = [this.unary()];
    while (this.isWord('and')) {
      this.next();
      operands.push(this.unary());
    }
    return operands.length === 1 ? (operands[0] as ODataFilter) : this.count({ kind: 'logical', op: 'and', operands }, pos);
  }

  private unary(): ODataFilter {
    const token = this.peek();
    if (this.isWord('not')) {
      this.next();
      this.enter(token.pos);
      const operand = this.unary();
      this.nesting -= 1;
      return this.count({ kind: 'not', operand }, token.pos);
    }
    if (token.kind === 'punct' && token.text === '(') {
      this.next();
      this.enter(token.pos);
      const inner = this.or();
      this.expect(')', "')'");
      this.nesting -= 1;
      return inner;
    }
    return this.predicate();
  }

  private predicate(): ODataFilter {
    const token = this.peek();
    const name = token.text.toLowerCase();
    const last = name.slice(name.lastIndexOf('/') + 1);
    if (token.kind === 'word' && name.includes('/') && LAMBDAS.includes(last) && this.peek(1).text === '(') {
      return this.lambda(token);
    }
    if (token.kind === 'word' && STRING_FUNCTIONS.includes(name) && this.peek(1).text === '(') {
      this.next();
      this.next();
      this.enter(token.pos);
      const subject = this.value();
      const comma = this.peek();
      if (comma.text === ')') this.fail(`Function '${name}' takes 2 arguments`, comma.pos);
      this.expect(',', "','");
      const searchToken = this.peek();
      const search = this.value();
      if (search.kind !== 'literal' || search.type !== 'string') {
        this.fail(`The second argument of '${name}' must be a string literal`, searchToken.pos);
      }
      const close = this.peek();
      if (close.text === ',') this.fail(`Function '${name}' takes 2 arguments`, close.pos);
      this.expect(')', "')'");
      this.nesting -= 1;
      return this.count({ kind: 'match', fn: name as ODataStringFunction, subject, search }, token.pos);
    }
    const left = this.value();
    const op = this.peek();
    if (this.isWord('in')) return this.inList(left, op.pos);
    if (op.kind !== 'word' || !COMPARISONS.includes(op.text.toLowerCase())) {
      this.fail(
        `Expected a comparison operator (eq, ne, gt, ge, lt, le, in) after '${this.textBetween(token, op)}' but found ${describe(op)}`,
        op.pos,
      );
    }
    this.next();
    const right = this.value();
    return this.count({ kind: 'compare', op: op.text.toLowerCase() as ODataComparisonOperator, left, right }, op.pos);
  }

  /** `subject in (literal, …)`, the `in` being the next token. */
  private inList(subject: ODataValue, pos: number): ODataFilter {
    this.next();
    this.expect('(', "'(' after 'in'");
    const values: ODataLiteral[] = [];
    for (;;) {
      const item = this.next();
      if (item.kind !== 'literal') this.fail(`Expected a literal in the 'in' list but found ${describe(item)}`, item.pos);
      values.push(item.literal);
      checkInList(values.length, this.base + item.pos, this.option === '$expand' ? '$expand' : '$filter');
      const after = this.next();
      if (after.text === ')') break;
      if (after.text !== ',') this.fail(`Expected ',' or ')' in the 'in' list but found ${describe(after)}`, after.pos);
    }
    // The list is one node (its length is bounded by maxInValues).
    this.count(null, pos);
    return this.count({ kind: 'in', subject, values }, pos);
  }

  /** `nav/any(x: …)`, `nav/all(x: …)`, `nav/any()`; `token` is the path ending in the lambda's name. */
  private lambda(token: Token): ODataFilter {
    const segments = token.text.split('/');
    const op = (segments.pop() as string).toLowerCase() as 'any' | 'all';
    const path = this.scoped(segments, token.pos);
    if (path.length !== 1) {
      this.fail(`'${op}' must follow a collection navigation property of the entity, not '${path.join('/')}'`, token.pos);
    }
    const navigation = path[0] as string;
    this.next();
    this.next();
    if (this.variables.length + 1 > ODATA_LIMITS.maxLambdaDepth) {
      throw lambdaTooDeep(this.base + token.pos, this.option === '$expand' ? '$expand' : '$filter');
    }
    this.enter(token.pos);
    if (this.peek().text === ')') {
      if (op === 'all') this.fail("'all' needs a predicate: all(x: …)", this.peek().pos);
      this.next();
      this.nesting -= 1;
      return this.count({ kind: 'lambda', op, navigation, variable: 'x' }, token.pos);
    }
    const variable = this.next();
    if (variable.kind !== 'word' || variable.text.includes('/') || KEYWORDS.includes(variable.text.toLowerCase())) {
      this.fail(`Expected a range variable name but found ${describe(variable)}`, variable.pos);
    }
    if (this.variables.includes(variable.text)) this.fail(`The range variable '${variable.text}' is already in use`, variable.pos);
    this.expect(':', "':' after the range variable");
    this.variables.push(variable.text);
    const predicate = this.or();
    this.variables.pop();
    this.expect(')', "')'");
    this.nesting -= 1;
    return this.count({ kind: 'lambda', op, navigation, variable: variable.text, predicate }, token.pos);
  }

  /** A path as written, relative to the innermost lambda's entity: inside a lambda it must start with its variable. */
  private scoped(path: string[], pos: number): string[] {
    const variable = this.variables[this.variables.length - 1];
    if (variable === undefined) return path;
    if (path[0] !== variable || path.length < 2) {
      this.fail(`Inside a lambda, a property path must start with its range variable '${variable}/'`, pos);
    }
    return path.slice(1);
  }

  private textBetween(from: Token, to: Token): string {
    const parts: string[] = [];
    for (let i = this.tokens.indexOf(from); i >= 0 && i < this.tokens.length && this.tokens[i] !== to; i += 1) {
      parts.push((this.tokens[i] as Token).text);
    }
    return parts.join('');
  }

  /** A literal, a property path or `tolower(…)` / `toupper(…)`. */
  value(): ODataValue {
    const token = this.next();
    if (token.kind === 'literal') return this.count(token.literal, token.pos);
    if (token.kind === 'word') {
      const name = token.text.toLowerCase();
      if (this.peek().text === '(') {
        if (CASE_FUNCTIONS.includes(name)) {
          this.next();
          this.enter(token.pos);
          const arg = this.value();
          const close = this.peek();
          if (close.text === ',') this.fail(`Function '${name}' takes 1 argument`, close.pos);
          this.expect(')', "')'");
          this.nesting -= 1;
          return this.count({ kind: 'call', fn: name as ODataCaseFunction, arg }, token.pos);
        }
        if (STRING_FUNCTIONS.includes(name)) this.fail(`Function '${name}' gives a boolean, not a value`, token.pos);
        this.fail(`Unknown function '${token.text}'`, token.pos);
      }
      if (KEYWORDS.includes(name)) {
        this.fail(`Expected a property, literal or function but found '${token.text}'`, token.pos);
      }
      const path = this.scoped(token.text.split('/'), token.pos);
      if (path.length > ODATA_LIMITS.maxPathSegments) {
        this.fail(`The property path has ${path.length} segments, over the limit of ${ODATA_LIMITS.maxPathSegments} (maxPathSegments)`, token.pos);
      }
      return this.count({ kind: 'property', path }, token.pos);
    }
    return this.fail(`Expected a property, literal or function but found ${describe(token)}`, token.pos);
  }

  // ---------------------------------------------------------------- $orderby

  orderBy(): ODataOrderBy[] {
    const items: ODataOrderBy[] = [];
    if (this.isAtEnd()) this.fail('Expected a property but found the end', 0);
    for (;;) {
      const token = this.peek();
      const value = this.value();
      if (value.kind === 'literal') this.fail('$orderby takes properties, not literals', token.pos);
      let direction: 'asc' | 'desc' = 'asc';
      if (this.isWord('asc') || this.isWord('desc')) direction = this.next().text.toLowerCase() as 'asc' | 'desc';
      items.push({ value, direction });
      const after = this.next();
      if (after.kind === 'end') return items;
      if (after.text !== ',') this.fail(`Expected ',' but found ${describe(after)}`, after.pos);
    }
  }
}

// ================================================================ $search

type SearchToken =
  | { readonly kind: 'term'; readonly text: string; readonly pos: number }
  | { readonly kind: 'keyword'; readonly text: 'AND' | 'OR' | 'NOT'; readonly pos: number }
  | { readonly kind: 'paren'; readonly text: '(' | ')'; readonly pos: number }
  | { readonly kind: 'end'; readonly text: ''; readonly pos: number };

function searchFail(message: string, pos: number): never {
  throw new ODataError(`${message} at position ${pos} of $search.`, { option: '$search', position: pos });
}

function searchTokens(text: string): SearchToken[] {
  const tokens: SearchToken[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text.charAt(i);
    if (/\s/.test(ch)) {
      i += 1;
    } else if (ch === '(' || ch === ')') {
      tokens.push({ kind: 'paren', text: ch, pos: i });
      i += 1;
    } else if (ch === '"') {
      let value = '';
      let j = i + 1;
      for (;;) {
        if (j >= text.length) searchFail('Unterminated phrase', i);
        const c = text.charAt(j);
        if (c === '"') break;
        if (c === '\\' && (text.charAt(j + 1) === '"' || text.charAt(j + 1) === '\\')) {
          value += text.charAt(j + 1);
          j += 2;
          continue;
        }
        value += c;
        j += 1;
      }
      if (value.trim() === '') searchFail('A phrase is empty', i);
      tokens.push({ kind: 'term', text: value, pos: i });
      i = j + 1;
    } else {
      let j = i;
      while (j < text.length && !/[\s()"]/.test(text.charAt(j))) j += 1;
      const word = text.slice(i, j);
      if (word === 'AND' || word === 'OR' || word === 'NOT') tokens.push({ kind: 'keyword', text: word, pos: i });
      else tokens.push({ kind: 'term', text: word, pos: i });
      i = j;
    }
  }
  tokens.push({ kind: 'end', text: '', pos: text.length });
  return tokens;
}

/**
 * Parses a `$search` value (see the module's description). Over `maxSearchLength` characters or
 * `maxSearchTerms` terms, a control character (NUL, a line break) in a term, an empty phrase or a
 * dangling operator is a 400 naming it.
 */
export function parseSearch(text: string): ODataSearch {
  if (text.length > ODATA_LIMITS.maxSearchLength) {
    throw new ODataError(`The $search is ${text.length} characters, over the limit of ${ODATA_LIMITS.maxSearchLength} (maxSearchLength).`, {
      option: '$search',
    });
  }
  const tokens = searchTokens(text);
  let index = 0;
  let nesting = 0;
  const peek = () => tokens[Math.min(index, tokens.length - 1)] as SearchToken;
  const next = () => {
    const token = peek();
    if (token.kind !== 'end') index += 1;
    return token;
  };
  const describeToken = (token: SearchToken) => (token.kind === 'end' ? 'the end' : `'${token.text}'`);
  const startsOperand = (token: SearchToken) =>
    token.kind === 'term' || (token.kind === 'paren' && token.text === '(') || (token.kind === 'keyword' && token.text === 'NOT');
  const or = (): ODataSearch => {
    const operands = [and()];
    while (peek().kind === 'keyword' && peek().text === 'OR') {
      next();
      operands.push(and());
    }
    return operands.length === 1 ? (operands[0] as ODataSearch) : { kind: 'logical', op: 'or', operands };
  };
  const and = (): ODataSearch => {
    const operands = [unary()];
    for (;;) {
      const token = peek();
      if (token.kind === 'keyword' && token.text === 'AND') next();
      else if (!startsOperand(token)) break;
      operands.push(unary());
    }
    return operands.length === 1 ? (operands[0] as ODataSearch) : { kind: 'logical', op: 'and', operands };
  };
  const unary = (): ODataSearch => {
    const token = next();
    if (token.kind === 'term') return { kind: 'term', text: token.text };
    if ((token.kind === 'keyword' && token.text === 'NOT') || (token.kind === 'paren' && token.text === '(')) {
      nesting += 1;
      if (nesting > ODATA_LIMITS.maxFilterNesting) {
        searchFail(`The expression nests deeper than the limit of ${ODATA_LIMITS.maxFilterNesting} (maxFilterNesting)`, token.pos);
      }
      const inner: ODataSearch = token.text === 'NOT' ? { kind: 'not', operand: unary() } : or();
      if (token.text === '(') {
        const close = next();
        if (close.text !== ')') searchFail(`Expected ')' but found ${describeToken(close)}`, close.pos);
      }
      nesting -= 1;
      return inner;
    }
    return searchFail(`Expected a word or a "phrase" but found ${describeToken(token)}`, token.pos);
  };
  if (peek().kind === 'end') searchFail('Expected a word or a "phrase" but found the end', 0);
  const search = or();
  const rest = peek();
  if (rest.kind !== 'end') searchFail(`Unexpected ${describeToken(rest)}`, rest.pos);
  checkSearch(search);
  return search;
}

// ================================================================ option parsers

/** Parses a `$filter` value. `base` offsets positions (for a `$filter` nested inside `$expand`). */
export function parseFilter(text: string, option: ODataOption = '$filter', base = 0): ODataFilter {
  return new ExpressionParser(text, option, base).filter();
}

/** Parses an `$orderby` value: `name desc, tolower(description)`. */
export function parseOrderBy(text: string, option: ODataOption = '$orderby', base = 0): ODataOrderBy[] {
  return new ExpressionParser(text, option, base).orderBy();
}

function failAt(message: string, option: ODataOption, position: number): never {
  throw new ODataError(`${message} at position ${position} of ${option}.`, { option, position });
}

/** Parses a `$select` value: property names, or `*` (every property: `undefined`). */
export function parseSelect(text: string, option: ODataOption = '$select', base = 0): string[] | undefined {
  const names: string[] = [];
  let start = 0;
  for (const part of text.split(',')) {
    const name = part.trim();
    const pos = base + start + (part.length - part.trimStart().length);
    start += part.length + 1;
    if (name === '*') return undefined;
    if (!/^[A-Za-z_]\w*$/.test(name)) {
      failAt(name === '' ? 'Expected a property name' : `'${name}' is not a property name`, option, pos);
    }
    names.push(name);
  }
  return names;
}

function parseInteger(text: string, option: '$top' | '$skip'): number {
  const trimmed = text.trim();
  const value = Number(trimmed);
  if (!/^\d+$/.test(trimmed) || !Number.isSafeInteger(value)) {
    throw new ODataError(`${option} must be a non-negative integer.`, { option });
  }
  const query = option === '$top' ? { top: value } : { skip: value };
  checkPaging(query);
  return value;
}

function parseCount(text: string): boolean {
  const value = text.trim().toLowerCase();
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new ODataError('$count must be true or false.', { option: '$count' });
}

/** The end of a parenthesised group starting at `open`, skipping string literals; -1 if unbalanced. */
function closingParen(text: string, open: number): number {
  let depth = 0;
  let inString = false;
  for (let i = open; i < text.length; i += 1) {
    const ch = text.charAt(i);
    if (ch === "'") inString = !inString;
    else if (inString) continue;
    else if (ch === '(') depth += 1;
    else if (ch === ')') {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/** Splits at top-level `;` (outside parentheses and string literals), keeping each part's offset. */
function splitOptions(text: string): { part: string; offset: number }[] {
  const parts: { part: string; offset: number }[] = [];
  let depth = 0;
  let inString = false;
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charAt(i);
    if (ch === "'") inString = !inString;
    else if (inString) continue;
    else if (ch === '(') depth += 1;
    else if (ch === ')') depth -= 1;
    else if (ch === ';' && depth === 0) {
      parts.push({ part: text.slice(start, i), offset: start });
      start = i + 1;
    }
  }
  parts.push({ part: text.slice(start), offset: start });
  return parts;
}

type OptionName = 'filter' | 'search' | 'select' | 'orderby' | 'top' | 'skip' | 'count' | 'expand';
const OPTION_NAMES: readonly string[] = ['filter', 'search', 'select', 'orderby', 'top', 'skip', 'count', 'expand'] satisfies OptionName[];

interface OptionReader {
  set(name: OptionName, value: string, base: number): void;
  query: { -readonly [K in keyof ODataQuery]: ODataQuery[K] };
}

function optionReader(option: (name: OptionName) => ODataOption, depth: number): OptionReader {
  const query: OptionReader['query'] = {};
  return {
    query,
    set(name, value, base) {
      const where = option(name);
      switch (name) {
        case 'filter':
          query.filter = parseFilter(value, where, base);
          return;
        case 'search':
          if (depth > 0) throw new ODataError('$search is supported only at the top level, not inside $expand.', { option: '$expand' });
          query.search = parseSearch(value);
          return;
        case 'select':
          query.select = parseSelect(value, where, base);
          if (query.select === undefined) delete query.select;
          return;
        case 'orderby':
          query.orderBy = parseOrderBy(value, where, base);
          return;
        case 'top':
          query.top = parseInteger(value, '$top');
          return;
        case 'skip':
          query.skip = parseInteger(value, '$skip');
          return;
        case 'count':
          query.count = parseCount(value);
          return;
        case 'expand':
          query.expand = parseExpand(value, base, depth + 1);
          return;
      }
    },
  };
}

function parseNestedOptions(text: string, base: number, depth: number): ODataQuery {
  const reader = optionReader(() => '$expand', depth);
  const seen = new Set<string>();
  for (const { part, offset } of splitOptions(text)) {
    const at = base + offset + (part.length - part.trimStart().length);
    const match = /^\s*\$?([A-Za-z]+)\s*=/.exec(part);
    if (!match) failAt(`Expected a query option such as $select=… but found '${part.trim()}'`, '$expand', at);
    const name = (match[1] ?? '').toLowerCase();
    if (!OPTION_NAMES.includes(name)) failAt(`The query option '$${match[1] ?? ''}' is not supported`, '$expand', at);
    if (seen.has(name)) failAt(`The query option '$${name}' is given more than once`, '$expand', at);
    seen.add(name);
    const value = part.slice(match[0].length);
    const valueBase = base + offset + match[0].length;
    if (value.trim() === '') failAt(`The query option '$${name}' has no value`, '$expand', valueBase);
    reader.set(name as OptionName, value, valueBase);
  }
  return reader.query;
}

/**
 * Parses an `$expand` value: `nav`, `nav($select=…;$filter=…;$expand=…)`, comma-separated.
 * `depth` is the nesting level of these items (1 at the top); deeper than the limit is an error.
 */
export function parseExpand(text: string, base = 0, depth = 1): ODataExpand[] {
  if (depth > ODATA_LIMITS.maxExpandDepth) throw expandTooDeep(base);
  const items: ODataExpand[] = [];
  const seen = new Set<string>();
  let i = 0;
  const skipSpace = () => {
    while (i < text.length && /\s/.test(text.charAt(i))) i += 1;
  };
  for (;;) {
    skipSpace();
    const name = sticky(IDENTIFIER_RE, text, i);
    if (!name) failAt('Expected a navigation property', '$expand', base + i);
    if (seen.has(name.toLowerCase())) failAt(`The navigation property '${name}' is expanded more than once`, '$expand', base + i);
    seen.add(name.toLowerCase());
    i += name.length;
    skipSpace();
    let options: ODataQuery = {};
    if (text.charAt(i) === '(') {
      const close = closingParen(text, i);
      if (close < 0) failAt("Expected ')'", '$expand', base + text.length);
      options = parseNestedOptions(text.slice(i + 1, close), base + i + 1, depth);
      i = close + 1;
      skipSpace();
    }
    items.push({ navigation: name, options });
    if (i >= text.length) return items;
    if (text.charAt(i) !== ',') failAt(`Expected ',' or '(' but found '${text.charAt(i)}'`, '$expand', base + i);
    i += 1;
  }
}

/** The query string's parameters: a `URLSearchParams`, a query string (with or without `?`) or a record. */
export type ODataQueryInput = URLSearchParams | string | Readonly<Record<string, string>>;

function entries(input: ODataQueryInput): [string, string][] {
  if (typeof input === 'string') return [...new URLSearchParams(input.startsWith('?') ? input.slice(1) : input)];
  if (input instanceof URLSearchParams) return [...input];
  return Object.entries(input);
}

/**
 * Parses the system query options of an OData read (`$filter`, `$search`, `$select`, `$orderby`, `$top`,
 * `$skip`, `$count`, `$expand`; names case-insensitive). Other `$` options are refused, a repeated
 * option too; parameters without `$` (e.g. a link `token`) are left to the caller. An empty value
 * counts as absent.
 */
export function parseODataQuery(input: ODataQueryInput): ODataQuery {
  const reader = optionReader((name) => `$${name}` as ODataOption, 0);
  const seen = new Set<string>();
  for (const [key, value] of entries(input)) {
    if (!key.startsWith('$')) continue;
    const name = key.slice(1).toLowerCase();
    if (!OPTION_NAMES.includes(name)) throw new ODataError(`The query option '${key}' is not supported.`);
    if (seen.has(name)) throw new ODataError(`The query option '$${name}' is given more than once.`);
    seen.add(name);
    if (value.trim() === '') continue;
    reader.set(name as OptionName, value, 0);
  }
  return reader.query;
}
