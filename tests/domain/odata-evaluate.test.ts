// @vitest-environment node
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  ODATA_LIMITS,
  ODataError,
  bindQuery,
  evaluateODataQuery,
  parseODataQuery,
  type ODataQueryInput,
  type ODataRow,
  type ODataSchema,
} from '../../src/domain/odata';

const schema: ODataSchema = {
  Team: {
    name: 'Team',
    key: 'id',
    properties: { id: 'guid', name: 'string', isDeleted: 'boolean' },
    navigations: { people: { target: 'Person', many: true, sourceProperty: 'id', targetProperty: 'teamId' } },
    softDeleteProperty: 'isDeleted',
  },
  Person: {
    name: 'Person',
    key: 'id',
    properties: {
      id: 'guid',
      name: 'string',
      age: 'number',
      born: 'dateTime',
      active: 'boolean',
      teamId: 'guid',
      data: 'json',
      isDeleted: 'boolean',
    },
    navigations: { team: { target: 'Team', many: false, sourceProperty: 'teamId', targetProperty: 'id' } },
    softDeleteProperty: 'isDeleted',
  },
};

const id = (n: number) => `00000000-0000-0000-0000-${String(n).padStart(12, '0')}`;
const teams: ODataRow[] = [
  { id: id(1), name: 'Red', isDeleted: false },
  { id: id(2), name: 'Blue', isDeleted: false },
  { id: id(3), name: 'Gone', isDeleted: true },
];
const people: ODataRow[] = [
  { id: id(11), name: "O'Brien", age: 40, born: new Date('1984-05-01T00:00:00Z'), active: true, teamId: id(1), data: { city: 'Cork', score: 7 }, isDeleted: false },
  { id: id(12), name: 'alice', age: 30, born: '1994-02-03T00:00:00.000Z', active: false, teamId: id(2), data: { city: 'Oslo', score: '7' }, isDeleted: false },
  { id: id(13), name: 'Bob', age: null, born: null, active: true, teamId: null, data: {}, isDeleted: false },
  { id: id(14), name: '100%_sure', age: 25, born: new Date('1999-01-01T00:00:00Z'), active: true, teamId: id(3), data: { city: null }, isDeleted: false },
  { id: id(15), name: 'Deleted Dave', age: 50, born: null, active: false, teamId: id(1), data: {}, isDeleted: true },
];
const source = { rows: (type: string) => (type === 'Team' ? teams : people) };

function run(query: ODataQueryInput, type = 'Person') {
  return evaluateODataQuery(schema, type, parseODataQuery(query), source);
}
const names = (query: ODataQueryInput) => run(query).value.map((r) => r.name);

function detail(query: ODataQueryInput, type = 'Person'): string {
  try {
    run(query, type);
  } catch (error) {
    expect(error).toBeInstanceOf(ODataError);
    return (error as ODataError).detail;
  }
  throw new Error('expected an ODataError');
}

describe('evaluateODataQuery', () => {
  it("orders and filters rows' Dates of another realm (a VM context, a frame) as its own", () => {
    const foreign = (iso: string) => runInNewContext(`new Date(${JSON.stringify(iso)})`) as Date;
    expect(foreign('2000-01-01T00:00:00Z') instanceof Date).toBe(false);
    const rows: ODataRow[] = [
      { id: id(21), name: 'older', born: foreign('1990-01-01T00:00:00Z'), isDeleted: false },
      { id: id(22), name: 'newest', born: foreign('2001-01-01T00:00:00Z'), isDeleted: false },
      { id: id(23), name: 'middle', born: foreign('1995-01-01T00:00:00Z'), isDeleted: false },
    ];
    const foreignSource = { rows: () => rows };
    const namesOf = (query: string) => evaluateODataQuery(schema, 'Person', parseODataQuery(query), foreignSource).value.map((r) => r.name);
    expect(namesOf('$orderby=born desc')).toEqual(['newest', 'middle', 'older']);
    expect(namesOf('$filter=born ge 1995-01-01T00:00:00Z&$orderby=born')).toEqual(['middle', 'newest']);
  });


  it('answers the declared properties of the visible rows, ordered by key, soft-deleted ones left out', () => {
    const page = run('');
    expect(page.value.map((r) => r.id)).toEqual([id(11), id(12), id(13), id(14)]);
    expect(Object.keys(page.value[0] ?? {})).toEqual(['id', 'name', 'age', 'born', 'active', 'teamId', 'data', 'isDeleted']);
    expect(page.count).toBeUndefined();
  });

  it('shows soft-deleted rows when the filter names isDeleted', () => {
    expect(names('$filter=isDeleted eq true')).toEqual(['Deleted Dave']);
    expect(run('$filter=isDeleted eq true or isDeleted eq false&$count=true').count).toBe(5);
  });

  it('compares with every operator; ne is not eq, so null ne x holds', () => {
    expect(names('$filter=age eq 30')).toEqual(['alice']);
    expect(names('$filter=age ne 30')).toEqual(["O'Brien", 'Bob', '100%_sure']);
    expect(names('$filter=age gt 30')).toEqual(["O'Brien"]);
    expect(names('$filter=age ge 30')).toEqual(["O'Brien", 'alice']);
    expect(names('$filter=age lt 30')).toEqual(['100%_sure']);
    expect(names('$filter=age le 30')).toEqual(['alice', '100%_sure']);
    expect(names('$filter=age eq null')).toEqual(['Bob']);
    expect(names('$filter=age ne null')).toEqual(["O'Brien", 'alice', '100%_sure']);
    expect(names('$filter=not (age gt 30)')).toEqual(['alice', 'Bob', '100%_sure']);
  });

  it('compares strings by code unit, booleans, GUIDs (in quotes or not, any case) and date-times', () => {
    expect(names("$filter=name lt 'a'")).toEqual(["O'Brien", 'Bob', '100%_sure']);
    expect(names("$filter=name eq 'O''Brien'")).toEqual(["O'Brien"]);
    expect(names('$filter=active eq false')).toEqual(['alice']);
    expect(names(`$filter=teamId eq ${id(2).toUpperCase()}`)).toEqual(['alice']);
    expect(names(`$filter=teamId eq '${id(2)}'`)).toEqual(['alice']);
    expect(names('$filter=born ge 1990-01-01')).toEqual(['alice', '100%_sure']);
    // In a query string '+' means a space: a zone offset is written %2B.
    expect(names('$filter=born lt 1990-01-01T00:00:00%2B01:00')).toEqual(["O'Brien"]);
    expect(names({ $filter: 'born ge 1994-02-03T01:00:00+01:00' })).toEqual(['alice', '100%_sure']);
  });

  it('combines with and, or, not', () => {
    expect(names('$filter=active eq true and (age gt 30 or age eq null)')).toEqual(["O'Brien", 'Bob']);
    expect(names("$filter=not (active eq true) or name eq 'Bob'")).toEqual(['alice', 'Bob']);
  });

  it('matches contains, startswith and endswith case-sensitively, literally (% and _ are plain characters)', () => {
    expect(names("$filter=contains(name,'Bri')")).toEqual(["O'Brien"]);
    expect(names("$filter=contains(name,'%_')")).toEqual(['100%_sure']);
    expect(names("$filter=contains(name,'_')")).toEqual(['100%_sure']);
    expect(names("$filter=startswith(name,'b')")).toEqual([]);
    expect(names("$filter=startswith(tolower(name),'b')")).toEqual(['Bob']);
    expect(names("$filter=endswith(toupper(name),'CE')")).toEqual(['alice']);
    expect(names("$filter=not contains(name,'o')")).toEqual(["O'Brien", 'alice', '100%_sure']);
  });

  it('follows single navigations and paths into JSON (typed: a JSON string is not a number)', () => {
    expect(names("$filter=team/name eq 'Red'")).toEqual(["O'Brien"]);
    expect(names("$filter=team/name ne 'Red'")).toEqual(['alice', 'Bob', '100%_sure']);
    expect(names('$filter=data/score eq 7')).toEqual(["O'Brien"]);
    expect(names("$filter=data/score eq '7'")).toEqual(['alice']);
    expect(names('$filter=data/score ge 0')).toEqual(["O'Brien"]);
    expect(names('$filter=data/city eq null')).toEqual(['Bob', '100%_sure']);
    expect(names("$filter=startswith(data/city,'C')")).toEqual(["O'Brien"]);
  });

  it('orders by several keys with null first, then pages, counting before paging', () => {
    expect(names('$orderby=age desc')).toEqual(["O'Brien", 'alice', '100%_sure', 'Bob']);
    expect(names('$orderby=age')).toEqual(['Bob', '100%_sure', 'alice', "O'Brien"]);
    expect(names('$orderby=active desc,tolower(name)')).toEqual(['100%_sure', 'Bob', "O'Brien", 'alice']);
    const page = run('$orderby=name&$skip=1&$top=2&$count=true');
    expect(page).toMatchObject({ count: 4 });
    expect(page.value.map((r) => r.name)).toEqual(['Bob', "O'Brien"]);
    expect(run('$top=0&$count=true')).toEqual({ value: [], count: 4 });
  });

  it(`applies the default page size of ${ODATA_LIMITS.defaultPageSize} when there is no $top`, () => {
    const many = Array.from({ length: 150 }, (_, i) => ({ id: id(1000 + i), name: `p${i}`, isDeleted: false }));
    const big = { rows: (type: string) => (type === 'Person' ? many : teams) };
    expect(evaluateODataQuery(schema, 'Person', {}, big).value).toHaveLength(100);
    expect(evaluateODataQuery(schema, 'Person', { top: 120 }, big).value).toHaveLength(120);
  });

  it('selects and expands, with nested options, counts and soft-delete rules', () => {
    expect(run(`$select=name,AGE&$filter=id eq ${id(12)}`).value).toEqual([{ name: 'alice', age: 30 }]);
    const expanded = run("$select=name&$expand=team($select=name)&$filter=startswith(name,'1')");
    // A single navigation shows its row even when that is soft-deleted.
    expect(expanded.value).toEqual([{ name: '100%_sure', team: { name: 'Gone' } }]);
    const nested = run(`$select=name&$filter=id eq ${id(11)}&$expand=team($select=name;$expand=people($select=name;$orderby=name desc;$count=true))`);
    expect(nested.value).toEqual([{ name: "O'Brien", team: { name: 'Red', 'people@odata.count': 1, people: [{ name: "O'Brien" }] } }]);
    const withDeleted = evaluateODataQuery(schema, 'Team', parseODataQuery(`$filter=id eq ${id(1)}&$select=name&$expand=people($select=name;$filter=isDeleted eq true)`), source);
    expect(withDeleted.value).toEqual([{ name: 'Red', people: [{ name: 'Deleted Dave' }] }]);
    expect(run(`$filter=id eq ${id(13)}&$select=name&$expand=team`).value).toEqual([{ name: 'Bob', team: null }]);
  });

  it('does not modify the rows', () => {
    const before = JSON.stringify(people);
    run('$select=name&$expand=team&$orderby=name');
    expect(JSON.stringify(people)).toBe(before);
  });
});

describe('bindQuery', () => {
  it('writes names in their declared case and turns quoted GUIDs into GUIDs', () => {
    expect(bindQuery(schema, 'Person', parseODataQuery(`$filter=TEAM/Name eq 'x' and teamid eq '${id(1)}'&$select=NAME&$expand=Team`))).toEqual({
      filter: {
        kind: 'logical',
        op: 'and',
        operands: [
          { kind: 'compare', op: 'eq', left: { kind: 'property', path: ['team', 'name'] }, right: { kind: 'literal', type: 'string', value: 'x' } },
          { kind: 'compare', op: 'eq', left: { kind: 'property', path: ['teamId'] }, right: { kind: 'literal', type: 'guid', value: id(1) } },
        ],
      },
      select: ['name'],
      expand: [{ navigation: 'team', options: {} }],
    });
  });

  it.each([
    ['$filter=missing eq 1', "Could not find a property named 'missing' on type 'Person'."],
    ['$select=nope', "Could not find a property named 'nope' on type 'Person'."],
    ['$select=team', "'team' is a navigation property of type 'Person'; use $expand."],
    ['$orderby=nope', "Could not find a property named 'nope' on type 'Person'."],
    ['$expand=unknownNav', "Could not find a navigation property named 'unknownNav' on type 'Person'."],
    ['$expand=team($top=1)', "$top cannot be applied to 'team', which is a single row; only $select and $expand can."],
    ['$expand=team($expand=people($select=nope))', "Could not find a property named 'nope' on type 'Person'."],
    ["$filter=name eq 1", "Cannot compare 'name' (string) with the number literal (number)."],
    ['$filter=age eq true', "Cannot compare 'age' (number) with the boolean literal (boolean)."],
    ["$filter=teamId eq 'nope'", "'nope' is not a GUID."],
    ['$filter=born gt 5', "Cannot compare 'born' (dateTime) with the number literal (number)."],
    ['$filter=age gt null', 'null can only be compared with eq or ne, not gt.'],
    ['$filter=data/x eq 2024-01-01', "A value inside JSON ('data/x') can only be compared with a string, number, boolean or null literal."],
    ['$filter=data/x eq name', "A value inside JSON ('data/x') can only be compared with a string, number, boolean or null literal."],
    ["$filter=contains(age,'1')", "The first argument of 'contains' must be a string property, not 'age'."],
    ["$filter=tolower(age) eq 'a'", "The argument of 'tolower' must be a string, not 'age'."],
    ['$filter=name/first eq 1', "The property 'name' of type 'Person' has no property 'first'."],
    ["$filter=team eq 'x'", "The navigation property 'team' is not a value; name one of its properties."],
    ['$filter=data/__proto__/x eq 1', "The path segment '__proto__' is not allowed."],
    ['$filter=data/constructor eq 1', "The path segment 'constructor' is not allowed."],
  ])('refuses %j: %s', (query, message) => {
    expect(detail(query)).toBe(message);
  });

  it('refuses a collection navigation in a path, and an unknown entity set', () => {
    expect(detail("$filter=people/name eq 'x'", 'Team')).toBe(
      "The navigation property 'people' is a collection; a path can only cross single ones (use $expand).",
    );
    expect(() => evaluateODataQuery(schema, 'Nope', {}, source)).toThrow("Unknown entity set 'Nope'.");
  });
});
