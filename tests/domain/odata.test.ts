// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  ODATA_LIMITS,
  ODataError,
  checkODataLimits,
  comparison,
  countFilterNodes,
  dateTimeLiteral,
  guidLiteral,
  literal,
  logical,
  parseFilter,
  parseODataQuery,
  parseOrderBy,
  property,
  serializeFilter,
  serializeLiteral,
  serializeQuery,
  type ODataFilter,
  type ODataQuery,
} from '../../src/domain/odata';
import { DomainError } from '../../src/domain';

const GUID = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';

function errorOf(run: () => unknown): ODataError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ODataError);
    return error as ODataError;
  }
  throw new Error('expected an ODataError');
}

const eq = (path: string, value: Parameters<typeof literal>[0]) => comparison('eq', property(path), literal(value));

describe('the OData error', () => {
  it('is a DomainError with status 400 whose detail names the problem, option and position', () => {
    const error = errorOf(() => parseFilter("name eq 'x' and foo(name) eq 1"));
    expect(error).toBeInstanceOf(DomainError);
    expect(error.status).toBe(400);
    expect(error.detail).toBe("Unknown function 'foo' at position 16 of $filter.");
    expect(error.extensions).toEqual({ option: '$filter', position: 16 });
  });
});

describe('parseFilter', () => {
  it('parses every comparison operator', () => {
    for (const op of ['eq', 'ne', 'gt', 'ge', 'lt', 'le'] as const) {
      expect(parseFilter(`version ${op} 2`)).toEqual(comparison(op, property('version'), literal(2)));
    }
  });

  it('reads literals: quoted strings with doubled quotes, numbers, booleans, null, GUIDs, dates and date-times', () => {
    const value = (text: string) => {
      const f = parseFilter(`x eq ${text}`);
      return f.kind === 'compare' ? f.right : null;
    };
    expect(value("'O''Brien'")).toEqual({ kind: 'literal', type: 'string', value: "O'Brien" });
    expect(value("''")).toEqual({ kind: 'literal', type: 'string', value: '' });
    expect(value('-1.5')).toEqual({ kind: 'literal', type: 'number', value: -1.5 });
    expect(value('2e3')).toEqual({ kind: 'literal', type: 'number', value: 2000 });
    expect(value('true')).toEqual({ kind: 'literal', type: 'boolean', value: true });
    expect(value('false')).toEqual({ kind: 'literal', type: 'boolean', value: false });
    expect(value('null')).toEqual({ kind: 'literal', type: 'null', value: null });
    expect(value(GUID.toUpperCase())).toEqual({ kind: 'literal', type: 'guid', value: GUID });
    expect(value('2024-01-20')).toEqual({ kind: 'literal', type: 'dateTime', value: '2024-01-20T00:00:00.000Z' });
    expect(value('2024-01-20T10:30:00Z')).toEqual({ kind: 'literal', type: 'dateTime', value: '2024-01-20T10:30:00.000Z' });
    expect(value('2024-01-20T10:30:00.1234567+02:00')).toEqual({
      kind: 'literal',
      type: 'dateTime',
      value: '2024-01-20T08:30:00.123Z',
    });
  });

  it('reads property paths through navigations and into JSON', () => {
    expect(parseFilter("formGroup/name eq 'HR'")).toEqual(eq('formGroup/name', 'HR'));
    expect(parseFilter('data/loan/amount gt 30000')).toEqual(comparison('gt', property('data/loan/amount'), literal(30000)));
  });

  it('parses the three string functions and the case functions', () => {
    expect(parseFilter("contains(name,'it''s')")).toEqual({
      kind: 'match',
      fn: 'contains',
      subject: property('name'),
      search: literal("it's"),
    });
    expect(parseFilter("startswith(tolower(name), 'a')")).toMatchObject({
      kind: 'match',
      fn: 'startswith',
      subject: { kind: 'call', fn: 'tolower', arg: property('name') },
    });
    expect(parseFilter("ENDSWITH(name,'z')")).toMatchObject({ kind: 'match', fn: 'endswith' });
    expect(parseFilter("toupper(name) eq 'A'")).toMatchObject({ kind: 'compare', left: { kind: 'call', fn: 'toupper' } });
  });

  it('binds not tighter than and, and tighter than or; parentheses group', () => {
    const [a, b, c] = [eq('a', 1), eq('b', 2), eq('c', 3)];
    expect(parseFilter('a eq 1 or b eq 2 and not c eq 3')).toEqual({
      kind: 'logical',
      op: 'or',
      operands: [a, { kind: 'logical', op: 'and', operands: [b, { kind: 'not', operand: c }] }],
    });
    expect(parseFilter('(a eq 1 or b eq 2) and c eq 3')).toEqual({
      kind: 'logical',
      op: 'and',
      operands: [{ kind: 'logical', op: 'or', operands: [a, b] }, c],
    });
    expect(parseFilter('a eq 1 and b eq 2 and c eq 3')).toEqual({ kind: 'logical', op: 'and', operands: [a, b, c] });
    expect(parseFilter('A EQ 1 AND NOT (B Eq 2)')).toMatchObject({ kind: 'logical', op: 'and' });
  });

  it.each([
    ["name eq 'open", 'Unterminated string literal at position 8 of $filter.'],
    ['name eq', 'Expected a property, literal or function but found the end at position 7 of $filter.'],
    ['eq 1', "Expected a property, literal or function but found 'eq' at position 0 of $filter."],
    ['name eq 1)', "Unexpected ')' at position 9 of $filter."],
    ['(name eq 1', "Expected ')' but found the end at position 10 of $filter."],
    ['foo(name) eq 1', "Unknown function 'foo' at position 0 of $filter."],
    ['contains(name)', "Function 'contains' takes 2 arguments at position 13 of $filter."],
    ['contains(name,x)', "The second argument of 'contains' must be a string literal at position 14 of $filter."],
    ["tolower(name,'a') eq 'a'", "Function 'tolower' takes 1 argument at position 12 of $filter."],
    ['name # 1', "Unexpected character '#' at position 5 of $filter."],
    ['isPublic', "Expected a comparison operator (eq, ne, gt, ge, lt, le, in) after 'isPublic' but found the end at position 8 of $filter."],
    ['name like 1', "Expected a comparison operator (eq, ne, gt, ge, lt, le, in) after 'name' but found 'like' at position 5 of $filter."],
    ['d eq 2024-13-01', "Invalid date-time literal '2024-13-01' at position 5 of $filter."],
    ['d eq 2024-02-30T00:00:00Z', "Invalid date-time literal '2024-02-30T00:00:00Z' at position 5 of $filter."],
    ['d eq 2024-01-01T10:00:00', 'Invalid date-time literal (a time needs a zone, e.g. Z) at position 5 of $filter.'],
    ['a/ eq 1', "Invalid property path 'a/' at position 0 of $filter."],
    ['', 'Expected an expression but found the end at position 0 of $filter.'],
  ])('refuses %j: %s', (input, message) => {
    expect(errorOf(() => parseFilter(input)).detail).toBe(message);
  });

  it(`refuses a $filter over ${ODATA_LIMITS.maxFilterNodes} nodes and parentheses nested over ${ODATA_LIMITS.maxFilterNesting}`, () => {
    const ok = Array.from({ length: 33 }, (_, i) => `a eq ${i}`).join(' or '); // 33 × 3 + 1 = 100 nodes
    expect(countFilterNodes(parseFilter(ok))).toBe(100);
    const over = Array.from({ length: 34 }, (_, i) => `a eq ${i}`).join(' or ');
    expect(errorOf(() => parseFilter(over)).detail).toMatch(/^The \$filter has more than 100 nodes, over the limit \(maxFilterNodes\) at position \d+ of \$filter\.$/);
    const deep = `${'('.repeat(40)}a eq 1${')'.repeat(40)}`;
    expect(errorOf(() => parseFilter(deep)).detail).toBe(
      'The expression nests deeper than the limit of 32 (maxFilterNesting) at position 32 of $filter.',
    );
    // 10 000 nots do not overflow the stack: the node limit stops them first.
    expect(errorOf(() => parseFilter(`${'not '.repeat(10_000)}a eq 1`)).detail).toMatch(/maxFilterNesting|maxFilterNodes/);
  });
});

describe('parseODataQuery', () => {
  it('reads every option, case-insensitively, and ignores parameters without $', () => {
    const query = parseODataQuery(
      '?$filter=isDeleted eq false&$SELECT=formId,name&$orderby=name desc,tolower(description)&$top=5&$skip=10&$count=true&token=abc',
    );
    expect(query).toEqual({
      filter: eq('isDeleted', false),
      select: ['formId', 'name'],
      orderBy: [
        { value: property('name'), direction: 'desc' },
        { value: { kind: 'call', fn: 'tolower', arg: property('description') }, direction: 'asc' },
      ],
      top: 5,
      skip: 10,
      count: true,
    } satisfies ODataQuery);
    expect(parseODataQuery(new URLSearchParams({ $select: '*', $filter: ' ' }))).toEqual({});
    expect(parseODataQuery({ $count: 'FALSE' })).toEqual({ count: false });
  });

  it('reads nested $expand with its own options', () => {
    const query = parseODataQuery({
      $expand: "formSchemas($select=version;$filter=contains(name,'a;b)');$orderby=version desc;$top=1;$skip=0;$count=true),formGroup",
    });
    expect(query.expand).toEqual([
      {
        navigation: 'formSchemas',
        options: {
          select: ['version'],
          filter: { kind: 'match', fn: 'contains', subject: property('name'), search: literal('a;b)') },
          orderBy: [{ value: property('version'), direction: 'desc' }],
          top: 1,
          skip: 0,
          count: true,
        },
      },
      { navigation: 'formGroup', options: {} },
    ]);
    expect(parseODataQuery({ $expand: 'formSchema($expand=form($select=name))' }).expand?.[0]?.options.expand).toEqual([
      { navigation: 'form', options: { select: ['name'] } },
    ]);
  });

  it.each([
    [{ $top: '-1' }, '$top must be a non-negative integer.'],
    [{ $top: '1.5' }, '$top must be a non-negative integer.'],
    [{ $top: '1001' }, '$top is 1001, over the limit of 1000 (maxTop).'],
    [{ $skip: 'x' }, '$skip must be a non-negative integer.'],
    [{ $skip: '99999999999999999999' }, '$skip must be a non-negative integer.'],
    [{ $count: 'maybe' }, '$count must be true or false.'],
    [{ $apply: 'x' }, "The query option '$apply' is not supported."],
    [{ $select: 'name,' }, 'Expected a property name at position 5 of $select.'],
    [{ $select: 'formGroup/name' }, "'formGroup/name' is not a property name at position 0 of $select."],
    [{ $orderby: "'a'" }, '$orderby takes properties, not literals at position 0 of $orderby.'],
    [{ $orderby: 'name sideways' }, "Expected ',' but found 'sideways' at position 5 of $orderby."],
    [{ $expand: 'a($expand=b($expand=c))' }, '$expand is nested deeper than the limit of 2 (maxExpandDepth).'],
    [{ $expand: 'a(' }, "Expected ')' at position 2 of $expand."],
    [{ $expand: 'a,a' }, "The navigation property 'a' is expanded more than once at position 2 of $expand."],
    [{ $expand: 'a($search=x)' }, '$search is supported only at the top level, not inside $expand.'],
    [{ $expand: 'a($apply=x)' }, "The query option '$apply' is not supported at position 2 of $expand."],
    [{ $expand: 'a($top=1;$top=2)' }, "The query option '$top' is given more than once at position 9 of $expand."],
    [{ $expand: 'a($filter=foo(x) eq 1)' }, "Unknown function 'foo' at position 10 of $expand."],
    [{ $expand: 'a b' }, "Expected ',' or '(' but found 'b' at position 2 of $expand."],
  ])('refuses %j: %s', (input, message) => {
    expect(errorOf(() => parseODataQuery(input)).detail).toBe(message);
  });

  it('refuses a repeated option', () => {
    expect(errorOf(() => parseODataQuery('$top=1&$TOP=2')).detail).toBe("The query option '$top' is given more than once.");
  });

  it('names the over-deep $expand with its position', () => {
    expect(errorOf(() => parseODataQuery({ $expand: 'a($expand=b($expand=c))' })).extensions).toEqual({
      option: '$expand',
      position: 20,
    });
  });
});

describe('serialising', () => {
  it("escapes string literals: O'Brien stays inside its quotes", () => {
    expect(serializeLiteral(literal("O'Brien"))).toBe("'O''Brien'");
    expect(serializeLiteral(literal("x' or 1 eq 1 or name eq '"))).toBe("'x'' or 1 eq 1 or name eq '''");
    const filter = eq('name', "x') or (true");
    expect(parseFilter(serializeFilter(filter))).toEqual(filter);
  });

  it('writes numbers, booleans, null, GUIDs and date-times bare', () => {
    expect(serializeLiteral(literal(42))).toBe('42');
    expect(serializeLiteral(literal(-1.5))).toBe('-1.5');
    expect(serializeLiteral(literal(true))).toBe('true');
    expect(serializeLiteral(literal(null))).toBe('null');
    expect(serializeLiteral(guidLiteral(GUID.toUpperCase()))).toBe(GUID);
    expect(serializeLiteral(dateTimeLiteral(new Date(Date.UTC(2024, 0, 2, 3, 4, 5))))).toBe('2024-01-02T03:04:05.000Z');
    expect(() => literal(Number.NaN)).toThrow(ODataError);
    expect(() => literal(new Date('nope'))).toThrow(ODataError);
    expect(() => guidLiteral("x' or 1 eq 1")).toThrow(ODataError);
    expect(() => property('name) or (true')).toThrow(ODataError);
  });

  const trees: [string, ODataFilter][] = [
    ['comparison', eq('name', "O'Brien")],
    ['GUID', comparison('eq', property('formId'), guidLiteral(GUID))],
    ['date-time', comparison('ge', property('createdDateTime'), dateTimeLiteral('2024-01-20T10:00:00Z'))],
    ['null', comparison('ne', property('formGroupId'), literal(null))],
    ['number', comparison('lt', property('data/loan/amount'), literal(1e21))],
    ['case function', comparison('eq', { kind: 'call', fn: 'tolower', arg: property('name') }, literal('x'))],
    ['string function', { kind: 'match', fn: 'endswith', subject: property('name'), search: literal('%_\\') }],
    [
      'nested logic',
      logical('and', [
        eq('isDeleted', false),
        logical('or', [eq('a', 1), { kind: 'not', operand: logical('and', [eq('b', 2), eq('c', 3)]) as ODataFilter }]),
        logical('and', [eq('d', 4), eq('e', 5)]),
      ]) as ODataFilter,
    ],
  ];

  it.each(trees)('round-trips a %s: parse(serialise(tree)) is the tree', (_, tree) => {
    expect(parseFilter(serializeFilter(tree))).toEqual(tree);
  });

  it('writes nested logic with the parentheses it needs', () => {
    expect(serializeFilter(trees[7]![1])).toBe(
      "isDeleted eq false and (a eq 1 or not (b eq 2 and c eq 3)) and (d eq 4 and e eq 5)",
    );
  });

  it('round-trips whole queries through the query string', () => {
    const query: ODataQuery = {
      filter: logical('and', [eq('isDeleted', false), { kind: 'match', fn: 'contains', subject: property('name'), search: literal("O'Brien; (x)") }]),
      select: ['formId', 'name'],
      orderBy: [{ value: property('name'), direction: 'desc' }],
      top: 20,
      skip: 40,
      count: true,
      expand: [
        {
          navigation: 'formSchemas',
          options: {
            filter: eq('isPublic', true),
            select: ['version'],
            orderBy: [{ value: property('version'), direction: 'asc' }],
            top: 1,
            expand: [{ navigation: 'form', options: { select: ['name'] } }],
          },
        },
        { navigation: 'formGroup', options: {} },
      ],
    };
    const text = serializeQuery(query);
    expect(text).toBe(
      "$filter=isDeleted%20eq%20false%20and%20contains(name,'O''Brien%3B%20(x)')&$select=formId,name&$orderby=name%20desc" +
        '&$top=20&$skip=40&$count=true' +
        "&$expand=formSchemas($filter=isPublic%20eq%20true%3B$select=version%3B$orderby=version%20asc%3B$top=1%3B$expand=form($select=name)),formGroup",
    );
    expect(parseODataQuery(text)).toEqual(query);
    expect(serializeQuery({})).toBe('');
  });

  it('checks the limits of a tree built in code', () => {
    expect(() => serializeQuery({ top: 1001 })).toThrow('$top is 1001, over the limit of 1000 (maxTop).');
    const deep: ODataQuery = { expand: [{ navigation: 'a', options: { expand: [{ navigation: 'b', options: { expand: [{ navigation: 'c', options: {} }] } }] } }] };
    expect(() => checkODataLimits(deep)).toThrow('$expand is nested deeper than the limit of 2 (maxExpandDepth).');
    const big = logical('or', Array.from({ length: 34 }, (_, i) => eq('a', i)))!;
    expect(() => serializeQuery({ filter: big })).toThrow('The $filter has 103 nodes, over the limit of 100 (maxFilterNodes).');
  });

  it('parses $orderby items', () => {
    expect(parseOrderBy('name, version desc')).toEqual([
      { value: property('name'), direction: 'asc' },
      { value: property('version'), direction: 'desc' },
    ]);
  });
});
