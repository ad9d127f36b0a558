/**
 * A small OData v4 query engine over in-memory rows: `$filter`, `$select`, `$orderby`, `$top`,
 * `$skip`, `$count` and `$expand` (with nested options, depth ≤ 2).
 *
 * `$filter` grammar: `eq ne gt ge lt le`, `and or not`, `in (…)`, parentheses, the functions
 * `contains startswith endswith tolower toupper trim length`, string literals with `''` escaping,
 * `null`, `true` / `false`, numbers, ISO dates and date-times, and unquoted GUIDs. Member paths may
 * go into objects with `/` (`data/applicant/name`).
 *
 * Soft delete: rows whose `isDeleted` is true are left out unless the `$filter` names `isDeleted`
 * (so `$filter=isDeleted eq true` lists the deleted rows, for restoring them).
 */

/** A malformed query: the fake answers 400 with its message. */
export class ODataQueryError extends Error {
  override name = 'ODataQueryError';
}

/** A row of an entity set. */
export type Row = Record<string, unknown>;

/** A navigation property of an entity set. */
export interface NavigationDefinition {
  /** Name of the target entity set in the model. */
  target: string;
  /** Collection (`formSchemas`) or single (`form`). */
  many: boolean;
  /** The related rows of `row`. */
  resolve(row: Row): Row[] | Row | null;
}

/** An entity set the engine can query. */
export interface EntitySetDefinition {
  /** Type name for messages, e.g. `Form`. */
  typeName: string;
  /** Every property a query may name. */
  properties: readonly string[];
  navigations: Readonly<Record<string, NavigationDefinition>>;
  /** The soft-delete flag, if the set has one. */
  softDeleteProperty?: string;
}

/** The entity sets by name, for resolving `$expand` targets. */
export type ODataModel = Readonly<Record<string, EntitySetDefinition>>;

/** The system query options, as written in the URL (without the `$`). */
export interface ODataQueryOptions {
  filter?: string;
  select?: string;
  orderby?: string;
  top?: string;
  skip?: string;
  count?: string;
  expand?: string;
}

/** The result of a query: the rows, and their count before paging when `$count=true`. */
export interface ODataResult {
  value: Row[];
  count?: number;
}

/** Limits of the engine (DESIGN §8). */
export const ODATA_LIMITS = { maxTop: 1000, maxFilterNodes: 100, maxExpandDepth: 2 } as const;

// ================================================================ tokenizer

type Token =
  | { kind: 'literal'; value: unknown; text: string }
  | { kind: 'ident'; value: string; text: string }
  | { kind: 'punct'; value: '(' | ')' | ','; text: string };

const GUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}(?![\w-])/;
const DATE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,7})?)?(?:Z|[+-]\d{2}:\d{2})?)?(?![\w:.-])/;
const NUMBER = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?[mMdDfFlL]?(?![\w.])/;
const IDENT = /^[A-Za-z_$@][\w$@.]*(?:\/[A-Za-z_$@][\w$@.]*)*/;

/** Splits a `$filter` (or `$orderby` item) into tokens. */
export function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const ch = input.charAt(i);
    if (/\s/.test(ch)) {
      i += 1;
      continue;
    }
    if (ch === '(' || ch === ')' || ch === ',') {
      tokens.push({ kind: 'punct', value: ch, text: ch });
      i += 1;
      continue;
    }
    if (ch === "'") {
      let value = '';
      let j = i + 1;
      for (;;) {
        if (j >= input.length) throw new ODataQueryError(`Unterminated string literal at position ${i}.`);
        const c = input.charAt(j);
        if (c === "'") {
          if (input.charAt(j + 1) === "'") {
            value += "'";
            j += 2;
            continue;
          }
          break;
        }
        value += c;
        j += 1;
      }
      tokens.push({ kind: 'literal', value, text: input.slice(i, j + 1) });
      i = j + 1;
      continue;
    }
    const rest = input.slice(i);
    const guid = GUID.exec(rest);
    if (guid) {
      tokens.push({ kind: 'literal', value: guid[0].toLowerCase(), text: guid[0] });
      i += guid[0].length;
      continue;
    }
    const date = DATE.exec(rest);
    if (date) {
      const text = date[0];
      const parsed = new Date(text.length === 10 ? `${text}T00:00:00Z` : text);
      if (Number.isNaN(parsed.getTime())) throw new ODataQueryError(`Invalid date literal '${text}'.`);
      tokens.push({ kind: 'literal', value: parsed, text });
      i += text.length;
      continue;
    }
    const num = NUMBER.exec(rest);
    if (num) {
      tokens.push({ kind: 'literal', value: Number(num[0].replace(/[mMdDfFlL]$/, '')), text: num[0] });
      i += num[0].length;
      continue;
    }
    const ident = IDENT.exec(rest);
    if (ident) {
      const text = ident[0];
      if (text === 'true' || text === 'false') tokens.push({ kind: 'literal', value: text === 'true', text });
      else if (text === 'null') tokens.push({ kind: 'literal', value: null, text });
      else tokens.push({ kind: 'ident', value: text, text });
      i += text.length;
      continue;
    }
    throw new ODataQueryError(`Unexpected character '${ch}' at position ${i}.`);
  }
  return tokens;
}

// ================================================================ parser

const COMPARISONS = ['eq', 'ne', 'gt', 'ge', 'lt', 'le'] as const;
type Comparison = (typeof COMPARISONS)[number];
const FUNCTIONS: Readonly<Record<string, number>> = {
  contains: 2,
  startswith: 2,
  endswith: 2,
  tolower: 1,
  toupper: 1,
  trim: 1,
  length: 1,
};

/** A node of a parsed expression. */
export type Expr =
  | { type: 'literal'; value: unknown }
  | { type: 'member'; path: string[] }
  | { type: 'call'; name: string; args: Expr[] }
  | { type: 'compare'; op: Comparison; left: Expr; right: Expr }
  | { type: 'logical'; op: 'and' | 'or'; left: Expr; right: Expr }
  | { type: 'not'; operand: Expr }
  | { type: 'in'; left: Expr; list: Expr[] };

class Parser {
  private pos = 0;
  nodes = 0;

  constructor(private readonly tokens: Token[]) {}

  parseAll(): Expr {
    if (this.tokens.length === 0) throw new ODataQueryError('Empty expression.');
    const expr = this.parseOr();
    const extra = this.peek();
    if (extra) throw new ODataQueryError(`Unexpected '${extra.text}'.`);
    return expr;
  }

  private peek(): Token | undefined {
    return this.tokens[this.pos];
  }

  private next(): Token {
    const token = this.tokens[this.pos];
    if (!token) throw new ODataQueryError('Unexpected end of expression.');
    this.pos += 1;
    return token;
  }

  private isWord(word: string): boolean {
    const token = this.peek();
    return token?.kind === 'ident' && token.value.toLowerCase() === word;
  }

  private expectPunct(value: '(' | ')' | ','): void {
    const token = this.next();
    if (token.kind !== 'punct' || token.value !== value) throw new ODataQueryError(`Expected '${value}' but found '${token.text}'.`);
  }

  private node<T extends Expr>(expr: T): T {
    this.nodes += 1;
    if (this.nodes > ODATA_LIMITS.maxFilterNodes) {
      throw new ODataQueryError(`The expression has more than ${ODATA_LIMITS.maxFilterNodes} nodes.`);
    }
    return expr;
  }

  private parseOr(): Expr {
    let left = this.parseAnd();
    while (this.isWord('or')) {
      this.pos += 1;
      left = this.node({ type: 'logical', op: 'or', left, right: this.parseAnd() });
    }
    return left;
  }

  private parseAnd(): Expr {
    let left = this.parseNot();
    while (this.isWord('and')) {
      this.pos += 1;
      left = this.node({ type: 'logical', op: 'and', left, right: this.parseNot() });
    }
    return left;
  }

  private parseNot(): Expr {
    if (this.isWord('not')) {
      this.pos += 1;
      return this.node({ type: 'not', operand: this.parseNot() });
    }
    return this.parseComparison();
  }

  private parseComparison(): Expr {
    const left = this.parsePrimary();
    const token = this.peek();
    if (token?.kind !== 'ident') return left;
    const word = token.value.toLowerCase();
    if ((COMPARISONS as readonly string[]).includes(word)) {
      this.pos += 1;
      return this.node({ type: 'compare', op: word as Comparison, left, right: this.parsePrimary() });
    }
    if (word === 'in') {
      this.pos += 1;
      this.expectPunct('(');
      const list: Expr[] = [];
      if (this.peek()?.text !== ')') {
        list.push(this.parsePrimary());
        while (this.peek()?.text === ',') {
          this.pos += 1;
          list.push(this.parsePrimary());
        }
      }
      this.expectPunct(')');
      return this.node({ type: 'in', left, list });
    }
    return left;
  }

  private parsePrimary(): Expr {
    const token = this.next();
    if (token.kind === 'punct') {
      if (token.value !== '(') throw new ODataQueryError(`Unexpected '${token.text}'.`);
      const inner = this.parseOr();
      this.expectPunct(')');
      return inner;
    }
    if (token.kind === 'literal') return this.node({ type: 'literal', value: token.value });
    if (this.peek()?.text === '(') {
      const name = token.value.toLowerCase();
      const arity = FUNCTIONS[name];
      if (arity === undefined) throw new ODataQueryError(`Unknown function '${token.value}'.`);
      this.expectPunct('(');
      const args: Expr[] = [this.parseOr()];
      while (this.peek()?.text === ',') {
        this.pos += 1;
        args.push(this.parseOr());
      }
      this.expectPunct(')');
      if (args.length !== arity) throw new ODataQueryError(`Function '${name}' takes ${arity} argument(s).`);
      return this.node({ type: 'call', name, args });
    }
    const lower = token.value.toLowerCase();
    if ((COMPARISONS as readonly string[]).includes(lower) || ['and', 'or', 'not', 'in'].includes(lower)) {
      throw new ODataQueryError(`Unexpected operator '${token.value}'.`);
    }
    return this.node({ type: 'member', path: token.value.split('/') });
  }
}

/** Parses a `$filter` expression. */
export function parseFilter(input: string): Expr {
  return new Parser(tokenize(input)).parseAll();
}

// ================================================================ evaluation

/** Reads a property, exactly or else case-insensitively. */
function readProperty(source: unknown, name: string): unknown {
  if (source === null || typeof source !== 'object' || Array.isArray(source) || source instanceof Date) return undefined;
  const record = source as Record<string, unknown>;
  if (Object.prototype.hasOwnProperty.call(record, name)) return record[name];
  const lower = name.toLowerCase();
  const key = Object.keys(record).find((k) => k.toLowerCase() === lower);
  return key === undefined ? undefined : record[key];
}

function readPath(row: Row, path: readonly string[]): unknown {
  let value: unknown = row;
  for (const segment of path) value = readProperty(value, segment);
  return value;
}

function isNullish(value: unknown): value is null | undefined {
  return value === null || value === undefined;
}

/** Values in a comparable form: dates (and date strings compared with dates) as epoch numbers. */
function comparable(a: unknown, b: unknown): [unknown, unknown] {
  const toTime = (v: unknown): unknown => {
    if (v instanceof Date) return v.getTime();
    if (typeof v === 'string') {
      const t = Date.parse(v);
      return Number.isNaN(t) ? v : t;
    }
    return v;
  };
  if (a instanceof Date || b instanceof Date) return [toTime(a), toTime(b)];
  if (typeof a === 'string' && typeof b === 'string' && GUID.test(a) && GUID.test(b)) return [a.toLowerCase(), b.toLowerCase()];
  return [a, b];
}

function compare(op: Comparison, left: unknown, right: unknown): boolean {
  if (isNullish(left) || isNullish(right)) {
    if (op === 'eq') return isNullish(left) && isNullish(right);
    if (op === 'ne') return !(isNullish(left) && isNullish(right));
    return false;
  }
  const [a, b] = comparable(left, right);
  switch (op) {
    case 'eq':
      return a === b;
    case 'ne':
      return a !== b;
    default: {
      if (typeof a !== typeof b || (typeof a !== 'number' && typeof a !== 'string' && typeof a !== 'boolean')) return false;
      const x = a as number | string | boolean;
      const y = b as number | string | boolean;
      if (op === 'gt') return x > y;
      if (op === 'ge') return x >= y;
      if (op === 'lt') return x < y;
      return x <= y;
    }
  }
}

function asString(value: unknown, fn: string): string | null {
  if (isNullish(value)) return null;
  if (typeof value !== 'string') throw new ODataQueryError(`Function '${fn}' needs string arguments.`);
  return value;
}

function evaluate(expr: Expr, row: Row): unknown {
  switch (expr.type) {
    case 'literal':
      return expr.value;
    case 'member':
      return readPath(row, expr.path);
    case 'not':
      return evaluate(expr.operand, row) !== true;
    case 'logical': {
      const left = evaluate(expr.left, row) === true;
      if (expr.op === 'and') return left && evaluate(expr.right, row) === true;
      return left || evaluate(expr.right, row) === true;
    }
    case 'compare':
      return compare(expr.op, evaluate(expr.left, row), evaluate(expr.right, row));
    case 'in': {
      const left = evaluate(expr.left, row);
      return expr.list.some((item) => compare('eq', left, evaluate(item, row)));
    }
    case 'call': {
      const args = expr.args.map((a) => evaluate(a, row));
      const [first, second] = [asString(args[0], expr.name), args.length > 1 ? asString(args[1], expr.name) : null];
      switch (expr.name) {
        case 'contains':
          return first !== null && second !== null && first.includes(second);
        case 'startswith':
          return first !== null && second !== null && first.startsWith(second);
        case 'endswith':
          return first !== null && second !== null && first.endsWith(second);
        case 'tolower':
          return first?.toLowerCase() ?? null;
        case 'toupper':
          return first?.toUpperCase() ?? null;
        case 'trim':
          return first?.trim() ?? null;
        default:
          return first?.length ?? null;
      }
    }
  }
}

function membersOf(expr: Expr): string[][] {
  switch (expr.type) {
    case 'member':
      return [expr.path];
    case 'not':
      return membersOf(expr.operand);
    case 'compare':
    case 'logical':
      return [...membersOf(expr.left), ...membersOf(expr.right)];
    case 'in':
      return [...membersOf(expr.left), ...expr.list.flatMap(membersOf)];
    case 'call':
      return expr.args.flatMap(membersOf);
    default:
      return [];
  }
}

function checkMembers(expr: Expr, set: EntitySetDefinition): void {
  for (const path of membersOf(expr)) {
    const head = path[0] ?? '';
    if (!set.properties.some((p) => p.toLowerCase() === head.toLowerCase())) {
      throw new ODataQueryError(`Could not find a property named '${head}' on type '${set.typeName}'.`);
    }
  }
}

// ================================================================ option parsing helpers

/** Splits at top-level occurrences of `separator` (outside parentheses and string literals). */
export function splitTopLevel(input: string, separator: ',' | ';'): string[] {
  const parts: string[] = [];
  let depth = 0;
  let inString = false;
  let start = 0;
  for (let i = 0; i < input.length; i += 1) {
    const ch = input.charAt(i);
    if (ch === "'") inString = !inString;
    else if (inString) continue;
    else if (ch === '(') depth += 1;
    else if (ch === ')') depth -= 1;
    else if (ch === separator && depth === 0) {
      parts.push(input.slice(start, i));
      start = i + 1;
    }
    if (depth < 0) throw new ODataQueryError(`Unbalanced parentheses in '${input}'.`);
  }
  if (depth !== 0 || inString) throw new ODataQueryError(`Unbalanced parentheses or quotes in '${input}'.`);
  parts.push(input.slice(start));
  return parts.map((p) => p.trim()).filter((p) => p.length > 0);
}

function parseNonNegativeInt(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^\d+$/.test(value.trim())) throw new ODataQueryError(`$${name} must be a non-negative integer.`);
  return Number(value.trim());
}

function parseCount(value: string | undefined): boolean {
  if (value === undefined || value === '') return false;
  const v = value.trim().toLowerCase();
  if (v === 'true') return true;
  if (v === 'false') return false;
  throw new ODataQueryError('$count must be true or false.');
}

interface OrderItem {
  expr: Expr;
  descending: boolean;
}

function parseOrderBy(input: string, set: EntitySetDefinition): OrderItem[] {
  return splitTopLevel(input, ',').map((item) => {
    const match = /^(.*?)(?:\s+(asc|desc))?$/i.exec(item);
    const exprText = match?.[1] ?? item;
    const expr = parseFilter(exprText);
    checkMembers(expr, set);
    return { expr, descending: (match?.[2] ?? '').toLowerCase() === 'desc' };
  });
}

/** Orders two values: null first, then numbers / dates / strings / booleans in natural order. */
function orderValues(a: unknown, b: unknown): number {
  if (isNullish(a) && isNullish(b)) return 0;
  if (isNullish(a)) return -1;
  if (isNullish(b)) return 1;
  const [x, y] = comparable(a, b);
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  if (typeof x === 'boolean' && typeof y === 'boolean') return Number(x) - Number(y);
  const sx = String(x);
  const sy = String(y);
  return sx < sy ? -1 : sx > sy ? 1 : 0;
}

function parseSelect(input: string, set: EntitySetDefinition): string[] | null {
  const items = splitTopLevel(input, ',');
  if (items.includes('*')) return null;
  return items.map((item) => {
    const property = set.properties.find((p) => p.toLowerCase() === item.toLowerCase());
    if (!property) throw new ODataQueryError(`Could not find a property named '${item}' on type '${set.typeName}'.`);
    return property;
  });
}

interface ExpandItem {
  navigation: string;
  definition: NavigationDefinition;
  options: ODataQueryOptions;
}

function parseNestedOptions(text: string): ODataQueryOptions {
  const options: ODataQueryOptions = {};
  for (const part of splitTopLevel(text, ';')) {
    const eq = part.indexOf('=');
    if (eq < 0) throw new ODataQueryError(`Malformed nested option '${part}'.`);
    const key = part.slice(0, eq).trim().replace(/^\$/, '').toLowerCase();
    const value = part.slice(eq + 1).trim();
    if (!['filter', 'select', 'orderby', 'top', 'skip', 'count', 'expand'].includes(key)) {
      throw new ODataQueryError(`Unsupported nested option '$${key}'.`);
    }
    options[key as keyof ODataQueryOptions] = value;
  }
  return options;
}

function parseExpand(input: string, set: EntitySetDefinition): ExpandItem[] {
  const items: ExpandItem[] = [];
  for (const part of splitTopLevel(input, ',')) {
    const open = part.indexOf('(');
    const name = (open < 0 ? part : part.slice(0, open)).trim();
    if (!part.endsWith(')') && open >= 0) throw new ODataQueryError(`Malformed $expand item '${part}'.`);
    const options = open < 0 ? {} : parseNestedOptions(part.slice(open + 1, -1));
    const key = Object.keys(set.navigations).find((k) => k.toLowerCase() === name.toLowerCase());
    // Unknown navigation properties are ignored (graceful, documented).
    if (key === undefined || name === '*') continue;
    const definition = set.navigations[key];
    if (definition) items.push({ navigation: key, definition, options });
  }
  return items;
}

// ================================================================ execution

/** Applies `$select` and `$expand` to one row. */
function projectRow(model: ODataModel, set: EntitySetDefinition, row: Row, options: ODataQueryOptions, depth: number): Row {
  const select = options.select?.trim() ? parseSelect(options.select, set) : null;
  const expand = options.expand?.trim() ? parseExpand(options.expand, set) : [];
  if (expand.length > 0 && depth >= ODATA_LIMITS.maxExpandDepth) {
    throw new ODataQueryError(`$expand is limited to a depth of ${ODATA_LIMITS.maxExpandDepth}.`);
  }
  const out: Row = {};
  for (const key of select ?? Object.keys(row)) if (key in row) out[key] = row[key];
  for (const item of expand) {
    const related = item.definition.resolve(row);
    if (item.definition.many) {
      const list = Array.isArray(related) ? related : related ? [related] : [];
      out[item.navigation] = executeODataQuery(model, item.definition.target, list, item.options, depth + 1).value;
      continue;
    }
    const single = Array.isArray(related) ? (related[0] ?? null) : related;
    const target = model[item.definition.target];
    // A single navigation shows its target even when that is soft-deleted: the link still exists.
    out[item.navigation] =
      single === null || !target
        ? null
        : projectRow(model, target, single, { select: item.options.select, expand: item.options.expand }, depth + 1);
  }
  return out;
}

/**
 * Runs a query over `rows` of entity set `setName`. Throws {@link ODataQueryError} on a malformed
 * query. Rows are not modified; the result holds new objects.
 */
export function executeODataQuery(
  model: ODataModel,
  setName: string,
  rows: readonly Row[],
  options: ODataQueryOptions,
  depth = 0,
): ODataResult {
  const set = model[setName];
  if (!set) throw new ODataQueryError(`Unknown entity set '${setName}'.`);

  let filtered = [...rows];
  const filter = options.filter?.trim() ? parseFilter(options.filter) : null;
  if (filter) checkMembers(filter, set);
  const mentionsSoftDelete =
    filter !== null &&
    set.softDeleteProperty !== undefined &&
    membersOf(filter).some((p) => p[0]?.toLowerCase() === set.softDeleteProperty?.toLowerCase());
  if (set.softDeleteProperty && !mentionsSoftDelete) {
    const flag = set.softDeleteProperty;
    filtered = filtered.filter((row) => row[flag] !== true);
  }
  if (filter) filtered = filtered.filter((row) => evaluate(filter, row) === true);

  const count = filtered.length;

  if (options.orderby?.trim()) {
    const order = parseOrderBy(options.orderby, set);
    filtered = filtered
      .map((row, index) => ({ row, index }))
      .sort((a, b) => {
        for (const item of order) {
          const result = orderValues(evaluate(item.expr, a.row), evaluate(item.expr, b.row));
          if (result !== 0) return item.descending ? -result : result;
        }
        return a.index - b.index;
      })
      .map((x) => x.row);
  }

  const skip = parseNonNegativeInt(options.skip, 'skip') ?? 0;
  const top = Math.min(parseNonNegativeInt(options.top, 'top') ?? ODATA_LIMITS.maxTop, ODATA_LIMITS.maxTop);
  filtered = filtered.slice(skip, skip + top);

  const value = filtered.map((row) => projectRow(model, set, row, options, depth));
  return parseCount(options.count) ? { value, count } : { value };
}

/** Reads the system query options (`$filter`, …) from URL search parameters. */
export function odataOptionsFrom(params: URLSearchParams): ODataQueryOptions {
  const options: ODataQueryOptions = {};
  for (const [rawKey, value] of params) {
    const key = rawKey.toLowerCase();
    if (!key.startsWith('$')) continue;
    const name = key.slice(1);
    if (['filter', 'select', 'orderby', 'top', 'skip', 'count', 'expand'].includes(name)) {
      options[name as keyof ODataQueryOptions] = value;
    } else {
      throw new ODataQueryError(`Unsupported query option '${rawKey}'.`);
    }
  }
  return options;
}
