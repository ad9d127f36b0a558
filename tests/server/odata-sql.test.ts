// @vitest-environment node
/**
 * The server's OData compiler against PGlite: every operator, and / or / not, the string functions
 * (LIKE-escaped), $orderby, $top / $skip with the cap and the default page size, $count, $select,
 * nested $expand, scopes and injection attempts. Each read is also run through the domain's
 * in-memory evaluator (what the test fake answers) and must give the same answer.
 */
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { boolean, integer, jsonb, PgDialect, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  evaluateODataQuery,
  ODATA_LIMITS,
  ODataError,
  parseODataQuery,
  bindQuery,
  type ODataQueryInput,
  type ODataRow,
  type ODataSchema,
} from '../../src/domain/odata';
import {
  defineSqlModel,
  distinctODataValues,
  escapeLike,
  ODataSqlCompiler,
  runODataQuery,
  FORMS_SQL_MODEL,
  type ODataDb,
  type ODataScope,
} from '../../example-host/server/odata';
import { openDatabase, type OpenDatabase } from '../../example-host/server/db';
import { runMigrations } from '../../example-host/server/db/migrate';
import { formGroups, formInstances, forms, formSchemas } from '../../example-host/server/db/schema';
import { pgliteTemplate } from './helpers';

const teams = pgTable('teams', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  isDeleted: boolean('is_deleted').notNull().default(false),
});

const people = pgTable('people', {
  id: uuid('id').primaryKey(),
  name: text('name'),
  age: integer('age'),
  born: timestamp('born', { withTimezone: true, mode: 'date' }),
  active: boolean('active'),
  teamId: uuid('team_id'),
  mentorId: uuid('mentor_id'),
  data: jsonb('data'),
  /** Not mapped: no query may name it. */
  secret: text('secret'),
  isDeleted: boolean('is_deleted').notNull().default(false),
});

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
      mentorId: 'guid',
      data: 'json',
      isDeleted: 'boolean',
    },
    navigations: {
      team: { target: 'Team', many: false, sourceProperty: 'teamId', targetProperty: 'id' },
      mentor: { target: 'Person', many: false, sourceProperty: 'mentorId', targetProperty: 'id' },
      mentees: { target: 'Person', many: true, sourceProperty: 'id', targetProperty: 'mentorId' },
    },
    softDeleteProperty: 'isDeleted',
  },
};

const model = defineSqlModel(schema, {
  Team: { table: teams, columns: { id: teams.id, name: teams.name, isDeleted: teams.isDeleted } },
  Person: {
    table: people,
    columns: {
      id: people.id,
      name: people.name,
      age: people.age,
      born: people.born,
      active: people.active,
      teamId: people.teamId,
      mentorId: people.mentorId,
      data: people.data,
      isDeleted: people.isDeleted,
    },
  },
});

const id = (n: number) => `00000000-0000-0000-0000-${String(n).padStart(12, '0')}`;
const teamRows = [
  { id: id(1), name: 'Red', isDeleted: false },
  { id: id(2), name: 'Blue', isDeleted: false },
  { id: id(3), name: 'Gone', isDeleted: true },
];
const personRows = [
  { id: id(11), name: "O'Brien", age: 40, born: new Date('1984-05-01T00:00:00Z'), active: true, teamId: id(1), mentorId: null, data: { city: 'Cork', score: 7, tags: ['a'] }, isDeleted: false },
  { id: id(12), name: 'alice', age: 30, born: new Date('1994-02-03T00:00:00Z'), active: false, teamId: id(2), mentorId: id(11), data: { city: 'Oslo', score: '7', nested: { ok: true } }, isDeleted: false },
  { id: id(13), name: 'Bob', age: null, born: null, active: true, teamId: null, mentorId: id(11), data: {}, isDeleted: false },
  { id: id(14), name: '100%_sure', age: 25, born: new Date('1999-01-01T00:00:00Z'), active: null, teamId: id(3), mentorId: id(12), data: { city: null, score: 9.5 }, isDeleted: false },
  { id: id(15), name: 'Deleted Dave', age: 50, born: null, active: false, teamId: id(1), mentorId: id(11), data: null, isDeleted: true },
  { id: id(16), name: 'back\\slash', age: 25, born: new Date('2001-07-07T12:30:00Z'), active: true, teamId: id(2), mentorId: null, data: { city: 'Ås', score: -1 }, isDeleted: false },
  { id: id(17), name: null, age: 60, born: new Date('1964-01-01T00:00:00Z'), active: false, teamId: id(1), mentorId: id(16), data: { score: true }, isDeleted: false },
];

let client: PGlite;
let db: ODataDb;

beforeAll(async () => {
  client = new PGlite({ loadDataDir: await pgliteTemplate() });
  db = drizzle({ client }) as unknown as ODataDb;
  await client.exec(`
    create table teams (id uuid primary key, name text not null, is_deleted boolean not null default false);
    create table people (id uuid primary key, name text, age integer, born timestamptz, active boolean, team_id uuid,
      mentor_id uuid, data jsonb, secret text, is_deleted boolean not null default false);
  `);
  await db.insert(teams).values(teamRows);
  await db.insert(people).values(personRows.map((p) => ({ ...p, secret: 'hunter2' })));
}, 60_000);

afterAll(async () => {
  await client.close();
});

const memory = {
  rows: (type: string): readonly ODataRow[] => (type === 'Team' ? teamRows : personRows),
};

// Both answers as JSON (dates as ISO strings), so SQL and memory compare like for like.
const wire = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

async function read(input: ODataQueryInput, type = 'Person', scope?: ODataScope) {
  const query = parseODataQuery(input);
  const answer = wire(await runODataQuery(db, model, type, query, { scope }));
  if (!scope) expect(answer, `same answer as the evaluator for ${JSON.stringify(input)}`).toEqual(wire(evaluateODataQuery(schema, type, query, memory)));
  return answer as { value: Record<string, unknown>[]; count?: number };
}
const names = async (input: ODataQueryInput, type = 'Person') => (await read(input, type)).value.map((r) => r.name);

async function refusal(input: ODataQueryInput, type = 'Person'): Promise<string> {
  try {
    await runODataQuery(db, model, type, parseODataQuery(input));
  } catch (error) {
    expect(error).toBeInstanceOf(ODataError);
    expect((error as ODataError).status).toBe(400);
    return (error as ODataError).detail;
  }
  throw new Error('expected an ODataError');
}

describe('runODataQuery over PGlite', () => {
  it('answers the mapped properties of the rows, by key, soft-deleted ones left out', async () => {
    const page = await read('');
    expect(page.value.map((r) => r.id)).toEqual([id(11), id(12), id(13), id(14), id(16), id(17)]);
    expect(Object.keys(page.value[0] ?? {})).toEqual(['id', 'name', 'age', 'born', 'active', 'teamId', 'mentorId', 'data', 'isDeleted']);
    expect(page.value[0]).toMatchObject({ born: '1984-05-01T00:00:00.000Z', data: { city: 'Cork', score: 7, tags: ['a'] } });
    expect(JSON.stringify(page)).not.toContain('hunter2');
  });

  it('compares numbers with every operator; ne is not eq (null ne 30 holds)', async () => {
    expect(await names('$filter=age eq 30')).toEqual(['alice']);
    expect(await names('$filter=age ne 30')).toEqual(["O'Brien", 'Bob', '100%_sure', 'back\\slash', null]);
    expect(await names('$filter=age gt 30')).toEqual(["O'Brien", null]);
    expect(await names('$filter=age ge 30')).toEqual(["O'Brien", 'alice', null]);
    expect(await names('$filter=age lt 30')).toEqual(['100%_sure', 'back\\slash']);
    expect(await names('$filter=age le 30')).toEqual(['alice', '100%_sure', 'back\\slash']);
    expect(await names('$filter=age gt 24.5')).toEqual(["O'Brien", 'alice', '100%_sure', 'back\\slash', null]);
    expect(await names('$filter=age eq null')).toEqual(['Bob']);
    expect(await names('$filter=age ne null')).toHaveLength(5);
    expect(await names('$filter=30 lt age')).toEqual(["O'Brien", null]);
  });

  it('compares strings by code point, booleans, GUIDs and date-times', async () => {
    expect(await names("$filter=name lt 'a'")).toEqual(["O'Brien", 'Bob', '100%_sure']);
    expect(await names("$filter=name ge 'b'")).toEqual(['back\\slash']);
    expect(await names("$filter=name eq 'O''Brien'")).toEqual(["O'Brien"]);
    expect(await names('$filter=name eq null')).toEqual([null]);
    expect(await names('$filter=active eq true')).toEqual(["O'Brien", 'Bob', 'back\\slash']);
    expect(await names('$filter=active ne true')).toEqual(['alice', '100%_sure', null]);
    expect(await names(`$filter=teamId eq ${id(2).toUpperCase()}`)).toEqual(['alice', 'back\\slash']);
    expect(await names(`$filter=teamId eq '${id(2)}'`)).toEqual(['alice', 'back\\slash']);
    expect(await names(`$filter=teamId lt ${id(2)}`)).toEqual(["O'Brien", null]);
    expect(await names('$filter=born ge 1994-02-03')).toEqual(['alice', '100%_sure', 'back\\slash']);
    expect(await names('$filter=born lt 1994-02-03T01:00:00%2B01:00')).toEqual(["O'Brien", null]);
    expect(await names('$filter=born le 2001-07-07T12:30:00Z')).toEqual(["O'Brien", 'alice', '100%_sure', 'back\\slash', null]);
  });

  it('combines with and, or, not — not keeps rows whose operand is null', async () => {
    expect(await names('$filter=active eq true and (age gt 30 or age eq null)')).toEqual(["O'Brien", 'Bob']);
    expect(await names('$filter=not (age gt 30)')).toEqual(['alice', 'Bob', '100%_sure', 'back\\slash']);
    expect(await names('$filter=not (active eq true)')).toEqual(['alice', '100%_sure', null]);
    expect(await names("$filter=not (age gt 30 or contains(name,'a'))")).toEqual(['Bob', '100%_sure']);
    expect(await names('$filter=not (not (age lt 30) and active eq false)')).toEqual(["O'Brien", 'Bob', '100%_sure', 'back\\slash']);
    expect(await names('$filter=age eq 25 or age eq 30 or age eq 60')).toEqual(['alice', '100%_sure', 'back\\slash', null]);
  });

  it('runs contains, startswith and endswith case-sensitively with %, _ and \\ matched literally', async () => {
    expect(await names("$filter=contains(name,'Bri')")).toEqual(["O'Brien"]);
    expect(await names("$filter=contains(name,'%')")).toEqual(['100%_sure']);
    expect(await names("$filter=contains(name,'_')")).toEqual(['100%_sure']);
    expect(await names("$filter=contains(name,'%_s')")).toEqual(['100%_sure']);
    expect(await names("$filter=contains(name,'\\')")).toEqual(['back\\slash']);
    expect(await names("$filter=startswith(name,'b')")).toEqual(['back\\slash']);
    expect(await names("$filter=startswith(tolower(name),'b')")).toEqual(['Bob', 'back\\slash']);
    expect(await names("$filter=endswith(name,'e')")).toEqual(['alice', '100%_sure']);
    expect(await names("$filter=endswith(toupper(name),'CE')")).toEqual(['alice']);
    expect(await names("$filter=not contains(name,'o')")).toEqual(["O'Brien", 'alice', '100%_sure', 'back\\slash', null]);
    expect(await names("$filter=contains(name,'')")).toHaveLength(5);
    expect(escapeLike('50%_\\x')).toBe('50\\%\\_\\\\x');
  });

  it('follows single navigations (also back into the same table) and paths into JSON', async () => {
    expect(await names("$filter=team/name eq 'Red'")).toEqual(["O'Brien", null]);
    expect(await names("$filter=team/name ne 'Red'")).toEqual(['alice', 'Bob', '100%_sure', 'back\\slash']);
    expect(await names("$filter=mentor/name eq 'O''Brien'")).toEqual(['alice', 'Bob']);
    expect(await names("$filter=mentor/mentor/name eq 'O''Brien'")).toEqual(['100%_sure']);
    expect(await names("$filter=mentor/team/name eq 'Red'")).toEqual(['alice', 'Bob']);
    expect(await names('$filter=data/score eq 7')).toEqual(["O'Brien"]);
    expect(await names("$filter=data/score eq '7'")).toEqual(['alice']);
    expect(await names('$filter=data/score ge 7')).toEqual(["O'Brien", '100%_sure']);
    expect(await names('$filter=data/score ne 7')).toHaveLength(5);
    expect(await names('$filter=data/score eq true')).toEqual([null]);
    expect(await names("$filter=data/city lt 'P'")).toEqual(["O'Brien", 'alice']);
    expect(await names('$filter=data/city eq null')).toEqual(['Bob', '100%_sure', null]);
    expect(await names('$filter=data/nested/ok eq true')).toEqual(['alice']);
    expect(await names("$filter=startswith(data/city,'C')")).toEqual(["O'Brien"]);
    expect(await names("$filter=tolower(data/city) eq 'oslo'")).toEqual(['alice']);
  });

  it('reads a comparison, match or in list across a navigation as a semi-join, not a subquery per row', async () => {
    const compiled = (filter: string) => {
      const query = bindQuery(schema, 'Person', parseODataQuery(`$filter=${filter}`));
      const compiler = new ODataSqlCompiler(model);
      return new PgDialect().sqlToQuery(compiler.filter(compiler.ref('Person'), query.filter as never)).sql;
    };
    for (const filter of ["team/name eq 'Red'", "'Red' eq team/name", "contains(team/name,'e')", "team/name in ('Red', 'Blue')", "tolower(team/name) eq 'red'", "mentor/mentor/name eq 'O''Brien'"]) {
      const text = compiled(filter);
      expect(text, filter).toMatch(/^\("t0"\."(team_id|mentor_id)" in \(select /);
      expect(text, filter).not.toContain('limit 1');
    }
    // ne holds where the related row is missing, so it keeps the per-row read.
    expect(compiled("team/name ne 'Red'")).toContain('limit 1');
    // The same answers as the evaluator (read checks every one), negated ones too: a row without a team is not Red.
    expect(await names("$filter='Red' eq team/name")).toEqual(["O'Brien", null]);
    expect(await names("$filter=not (team/name eq 'Red')")).toEqual(['alice', 'Bob', '100%_sure', 'back\\slash']);
    expect(await names("$filter=contains(team/name,'e')")).toEqual(["O'Brien", 'alice', '100%_sure', 'back\\slash', null]);
    expect(await names("$filter=team/name in ('Red', 'Gone')")).toEqual(["O'Brien", '100%_sure', null]);
    expect(await names("$filter=not (team/name in ('Red', 'Gone'))")).toEqual(['alice', 'Bob', 'back\\slash']);
    expect(await names("$filter=tolower(team/name) eq 'blue' or mentor/age gt 35")).toEqual(['alice', 'Bob', 'back\\slash']);
    expect(await names("$filter=mentor/mentor/name eq 'O''Brien' and mentor/team/name eq 'Blue'")).toEqual(['100%_sure']);
    expect(await names("$filter=not (mentor/mentor/age lt 45)")).toEqual(["O'Brien", 'alice', 'Bob', 'back\\slash', null]);
  });

  it('answers the distinct values of a property over the rows a filter selects, within the soft-delete rule and the scope', async () => {
    const distinct = async (input: ODataQueryInput, scope?: ODataScope) =>
      (await distinctODataValues(db, model, 'Person', parseODataQuery(input), 'teamId', { scope })).map((v) => v ?? null).sort();
    // Dave (team 1, deleted) is left out unless the filter names the flag; Bob has no team.
    expect(await distinct('$filter=age gt 20')).toEqual([id(1), id(2), id(3)]);
    expect(await distinct('$filter=age gt 45')).toEqual([id(1)]);
    expect(await distinct('$filter=isDeleted eq true')).toEqual([id(1)]);
    expect(await distinct('', ({ typeName, column }) => (typeName === 'Person' ? sql`${column('age')} < 30` : undefined))).toEqual([id(2), id(3)]);
  });

  it('writes a short in list out, one parameter a value, so the planner can estimate it', () => {
    const query = bindQuery(schema, 'Person', parseODataQuery("$filter=age in (25, 40) and data/score in (7, 'x')"));
    const compiler = new ODataSqlCompiler(model);
    const compiled = new PgDialect().sqlToQuery(compiler.filter(compiler.ref('Person'), query.filter as never));
    expect(compiled.params).toEqual([25, 40, 'score', 7, 'x']);
    expect(compiled.sql).not.toContain('jsonb_array_elements');
  });

  it('orders by several keys with nulls first, pages and counts before paging', async () => {
    expect(await names('$orderby=age desc')).toEqual([null, "O'Brien", 'alice', '100%_sure', 'back\\slash', 'Bob']);
    expect(await names('$orderby=age')).toEqual(['Bob', '100%_sure', 'back\\slash', 'alice', "O'Brien", null]);
    expect(await names('$orderby=name')).toEqual([null, "O'Brien", 'Bob', '100%_sure', 'alice', 'back\\slash'].sort((a, b) => (a === null ? -1 : b === null ? 1 : a < b ? -1 : 1)));
    expect(await names('$orderby=active desc,tolower(name) desc')).toEqual(["O'Brien", 'Bob', 'back\\slash', 'alice', null, '100%_sure']);
    expect(await names('$orderby=team/name,age desc')).toEqual(['Bob', 'alice', 'back\\slash', '100%_sure', null, "O'Brien"]);
    const page = await read('$orderby=age&$skip=1&$top=2&$count=true');
    expect(page.count).toBe(6);
    expect(page.value.map((r) => r.name)).toEqual(['100%_sure', 'back\\slash']);
    expect(await read('$top=0&$count=true&$filter=age gt 30')).toEqual({ value: [], count: 2 });
    expect(await read('$skip=100&$count=true')).toEqual({ value: [], count: 6 });
  });

  it(`applies the default page size of ${ODATA_LIMITS.defaultPageSize} and refuses $top over ${ODATA_LIMITS.maxTop}`, async () => {
    const many = Array.from({ length: 150 }, (_, i) => ({ id: id(1000 + i), name: `bulk ${i}`, teamId: id(2) }));
    await db.insert(people).values(many);
    try {
      const where = "$filter=startswith(name,'bulk')";
      expect((await runODataQuery(db, model, 'Person', parseODataQuery(where))).value).toHaveLength(100);
      expect((await runODataQuery(db, model, 'Person', parseODataQuery(`${where}&$top=120`))).value).toHaveLength(120);
      const expanded = await runODataQuery(db, model, 'Team', parseODataQuery(`$filter=id eq ${id(2)}&$expand=people($select=id)`));
      expect((expanded.value[0]?.people as unknown[]).length).toBe(100);
      expect(() => parseODataQuery('$top=1001')).toThrow('$top is 1001, over the limit of 1000 (maxTop).');
      await expect(runODataQuery(db, model, 'Person', { top: 5000 })).rejects.toThrow('$top is 5000, over the limit of 1000 (maxTop).');
    } finally {
      await db.delete(people).where(sql`${people.name} like 'bulk %'`);
    }
  });

  it('selects properties (in any case) and never an unmapped column', async () => {
    expect((await read(`$select=name,AGE&$filter=id eq ${id(12)}`)).value).toEqual([{ name: 'alice', age: 30 }]);
    expect(await refusal('$select=secret')).toBe("Could not find a property named 'secret' on type 'Person'.");
    expect(await refusal("$filter=secret eq 'hunter2'")).toBe("Could not find a property named 'secret' on type 'Person'.");
    expect(await refusal('$orderby=secret')).toBe("Could not find a property named 'secret' on type 'Person'.");
  });

  it('expands collections and single rows, nested, with their own options, counts and soft-delete rule', async () => {
    const teamsPage = await read(
      "$select=name&$orderby=name&$expand=people($select=name;$filter=age ne 60;$orderby=age desc;$top=2;$skip=0;$count=true;$expand=mentor($select=name))",
      'Team',
    );
    expect(teamsPage.value).toEqual([
      { name: 'Blue', 'people@odata.count': 2, people: [{ name: 'alice', mentor: { name: "O'Brien" } }, { name: 'back\\slash', mentor: null }] },
      { name: 'Red', 'people@odata.count': 1, people: [{ name: "O'Brien", mentor: null }] },
    ]);
    const skipped = await read('$select=name&$orderby=name&$expand=people($select=name;$orderby=name;$skip=1;$count=true)', 'Team');
    expect(skipped.value).toEqual([
      { name: 'Blue', 'people@odata.count': 2, people: [{ name: 'back\\slash' }] },
      { name: 'Red', 'people@odata.count': 2, people: [{ name: "O'Brien" }] },
    ]);
    const mentees = await read(`$select=name&$filter=id eq ${id(11)}&$expand=mentees($select=name;$orderby=name;$expand=mentees($select=name)),team`);
    expect(mentees.value).toEqual([
      {
        name: "O'Brien",
        mentees: [{ name: 'Bob', mentees: [] }, { name: 'alice', mentees: [{ name: '100%_sure' }] }],
        team: { id: id(1), name: 'Red', isDeleted: false },
      },
    ]);
    // A single navigation shows its row even when soft-deleted; a collection hides deleted rows unless asked.
    expect((await read(`$select=name&$filter=id eq ${id(14)}&$expand=team($select=name,isDeleted)`)).value).toEqual([
      { name: '100%_sure', team: { name: 'Gone', isDeleted: true } },
    ]);
    expect((await read(`$select=name&$filter=id eq ${id(1)}&$expand=people($select=name;$filter=isDeleted eq true)`, 'Team')).value).toEqual([
      { name: 'Red', people: [{ name: 'Deleted Dave' }] },
    ]);
    expect((await read('$filter=isDeleted eq true&$select=name', 'Team')).value).toEqual([{ name: 'Gone' }]);
    expect(await refusal('$expand=mentees($expand=mentees($expand=mentees))')).toBe('$expand is nested deeper than the limit of 2 (maxExpandDepth).');
  });

  it('limits every read, expansion and navigation to the scope', async () => {
    // A caller who may see only active people and the Blue team.
    const scope: ODataScope = ({ typeName, column }) =>
      typeName === 'Person' ? sql`${column('active')} is true` : sql`${column('name')} = ${'Blue'}`;
    const visible = await read('$select=name&$orderby=name', 'Person', scope);
    expect(visible.value.map((r) => r.name)).toEqual(['Bob', "O'Brien", 'back\\slash']);
    const teamsSeen = await read('$select=name&$expand=people($select=name)', 'Team', scope);
    expect(teamsSeen.value).toEqual([{ name: 'Blue', people: [{ name: 'back\\slash' }] }]);
    // O'Brien's team (Red) is outside the scope: neither expanded nor reachable through a filter path.
    expect((await read(`$select=name&$filter=id eq ${id(11)}&$expand=team`, 'Person', scope)).value).toEqual([{ name: "O'Brien", team: null }]);
    expect((await read("$filter=team/name eq 'Red'&$select=name", 'Person', scope)).value).toEqual([]);
    // The scope may use unmapped columns of the aliased table.
    const secretScope: ODataScope = ({ typeName, table }) =>
      typeName === 'Person' ? sql`${(table as typeof people).secret} = ${'hunter2'} and ${(table as typeof people).age} > ${30}` : undefined;
    expect((await read('$select=name', 'Person', secretScope)).value.map((r) => r.name)).toEqual(["O'Brien", null]);
  });

  it('keeps injection attempts inside parameters', async () => {
    const payloads = [
      "'; drop table people; --",
      "x' or '1'='1",
      "x') or true or ('",
      '\\\'; select pg_sleep(5); --',
      '%',
      '_',
      "Robert'); DROP TABLE teams;--",
      'O\u2019Brien \u0000',
    ].filter((p) => !p.includes('\u0000'));
    for (const payload of payloads) {
      const quoted = `'${payload.replace(/'/g, "''")}'`;
      expect(await names(`$filter=name eq ${quoted}`), payload).toEqual([]);
      expect(await names({ $filter: `contains(name,${quoted}) or startswith(data/city,${quoted})` }), payload).toEqual(
        payload === '%' ? ['100%_sure'] : payload === '_' ? ['100%_sure'] : [],
      );
      const compiler = new ODataSqlCompiler(model);
      const ref = compiler.ref('Person');
      const bound = bindQuery(schema, 'Person', parseODataQuery({ $filter: `name eq ${quoted} or data/city eq ${quoted}` }));
      const compiled = new PgDialect().sqlToQuery(compiler.where(ref, bound, true)!);
      if (payload.length > 1) expect(compiled.sql, payload).not.toContain(payload);
      expect(compiled.params).toContain(payload);
    }
    // Names and paths that are not identifiers never reach SQL: the parser refuses them.
    expect(() => parseODataQuery({ $filter: 'name; drop table people eq 1' })).toThrow(ODataError);
    expect(() => parseODataQuery({ $select: 'name,"secret"' })).toThrow(ODataError);
    expect(() => parseODataQuery({ $orderby: 'name; drop table people' })).toThrow(ODataError);
    expect(() => parseODataQuery({ $filter: "data/x'-- eq 1" })).toThrow(ODataError);
    expect(await refusal('$filter=data/__proto__ eq 1')).toBe("The path segment '__proto__' is not allowed.");
    // JSON path segments are parameters too.
    const compiler = new ODataSqlCompiler(model);
    const where = compiler.where(compiler.ref('Person'), bindQuery(schema, 'Person', parseODataQuery('$filter=data/deep/city eq 1')), true)!;
    const compiled = new PgDialect().sqlToQuery(where);
    expect(compiled.sql).not.toContain('deep');
    expect(compiled.params).toEqual(expect.arrayContaining(['deep', 'city', 1]));
    // Everything is still there.
    expect((await client.query<{ n: number }>('select count(*)::int as n from people')).rows[0]?.n).toBe(7);
    expect((await client.query<{ n: number }>('select count(*)::int as n from teams')).rows[0]?.n).toBe(3);
  });

  it('answers type and name errors as ODataError (400) before any SQL runs', async () => {
    expect(await refusal('$filter=name eq 1')).toBe("Cannot compare 'name' (string) with the number literal (number).");
    expect(await refusal("$filter=teamId eq 'x'")).toBe("'x' is not a GUID.");
    expect(await refusal('$expand=nope')).toBe("Could not find a navigation property named 'nope' on type 'Person'.");
    expect(await refusal("$filter=mentees/name eq 'x'")).toBe(
      "The navigation property 'mentees' is a collection; a path can only cross single ones (use $expand).",
    );
  });
});

describe('defineSqlModel', () => {
  const team = { table: teams, columns: { id: teams.id, name: teams.name, isDeleted: teams.isDeleted } };
  const teamOnly: ODataSchema = { Team: { ...schema.Team!, navigations: {} } };

  it('checks the mapping against the schema at start-up', () => {
    expect(() => defineSqlModel(teamOnly, { Team: team })).not.toThrow();
    expect(() => defineSqlModel(teamOnly, {})).toThrow("OData type 'Team' has no table mapping.");
    expect(() => defineSqlModel(teamOnly, { Team: { ...team, columns: { id: teams.id, name: teams.name } } })).toThrow(
      "OData property 'Team.isDeleted' has no column.",
    );
    expect(() => defineSqlModel(teamOnly, { Team: { ...team, columns: { ...team.columns, name: people.name } } })).toThrow(
      "The column of 'Team.name' is not a column of its table.",
    );
    expect(() => defineSqlModel(teamOnly, { Team: { ...team, columns: { ...team.columns, name: teams.id } } })).toThrow(
      "The column of 'Team.name' (PgUUID) cannot hold a string.",
    );
    expect(() => defineSqlModel(teamOnly, { Team: { ...team, columns: { ...team.columns, extra: teams.name } } })).toThrow(
      "'Team.extra' is mapped but is not a property of the OData type.",
    );
    expect(() => defineSqlModel(schema, { Team: team })).toThrow("OData type 'Person' has no table mapping.");
    const searchOf = (search: string[]) => ({ Team: { ...(teamOnly.Team as ODataSchema[string]), search } });
    expect(() => defineSqlModel(searchOf(['name', 'id']), { Team: team })).not.toThrow();
    expect(() => defineSqlModel(searchOf(['isDeleted']), { Team: team })).toThrow(
      "'Team.isDeleted' cannot be searched: only string, GUID and JSON properties can.",
    );
    expect(() => defineSqlModel(searchOf(['nope']), { Team: team })).toThrow("'Team.nope' cannot be searched");
    expect(() => defineSqlModel(searchOf(['name']), { Team: { ...team, searchTextColumns: { name: 'name_text' } } })).toThrow(
      "'Team.name' has a search text column but is not a searched JSON property.",
    );
  });
});

describe('FORMS_SQL_MODEL on the server tables', () => {
  let open: OpenDatabase;

  beforeAll(async () => {
    open = await openDatabase({ dataDir: null, memoryTemplate: await pgliteTemplate() });
    await runMigrations(open.db);
  }, 60_000);

  afterAll(async () => {
    await open.close();
  });

  it('answers the four entity sets from the migrated tables, with navigations and JSON paths', async () => {
    const { db } = open;
    // The rows as they go on the wire, without the versions (asserted once, on the first read).
    const withoutEtags = (value: unknown): unknown => JSON.parse(JSON.stringify(value, (key, v: unknown) => (key === '@odata.etag' ? undefined : v))) as unknown;
    const at = new Date('2024-03-01T10:00:00Z');
    const audit = { createdDateTime: at, lastUpdatedDateTime: at };
    await db.insert(formGroups).values([{ formGroupId: id(101), name: 'HR', ...audit }]);
    await db.insert(forms).values([
      { formId: id(201), name: 'Leave request', formGroupId: id(101), pdfData: new Uint8Array([1, 2, 3]), ...audit },
      { formId: id(202), name: 'Old form', formGroupId: id(101), isDeleted: true, ...audit },
    ]);
    await db.insert(formSchemas).values([
      { formSchemaId: id(301), formId: id(201), name: 'Leave request', version: 1, jsonSchema: {}, layout: { pages: [] }, ...audit },
      { formSchemaId: id(302), formId: id(201), name: 'Leave request', version: 2, jsonSchema: {}, layout: { pages: [] }, isPublic: true, ...audit },
    ]);
    await db.insert(formInstances).values([
      { formInstanceId: id(401), formSchemaId: id(302), formId: id(201), data: { days: 3, reason: "Mother's visit" }, status: 2, ...audit },
    ]);
    const sqlDb = db as unknown as ODataDb;
    const formsPage = await runODataQuery(
      sqlDb,
      FORMS_SQL_MODEL,
      'Form',
      parseODataQuery(
        "$filter=formGroup/name eq 'HR'&$select=name&$count=true&$expand=formSchemas($select=version;$orderby=version desc;$top=1),formGroup($select=name)",
      ),
    );
    // Every row, expanded ones too, answers its version whatever $select says.
    expect(wire(formsPage)).toEqual({
      value: [{ '@odata.etag': '"1"', name: 'Leave request', formSchemas: [{ '@odata.etag': '"1"', version: 2 }], formGroup: { '@odata.etag': '"1"', name: 'HR' } }],
      count: 1,
    });
    const all = await runODataQuery(sqlDb, FORMS_SQL_MODEL, 'Form', {});
    expect(all.value.map((f) => f.name)).toEqual(['Leave request']);
    expect(Object.keys(all.value[0] ?? {})).not.toContain('pdfData');
    const instances = await runODataQuery(
      sqlDb,
      FORMS_SQL_MODEL,
      'FormInstance',
      parseODataQuery(
        "$filter=data/days ge 3 and contains(data/reason,'''s') and status eq 2&$select=formInstanceId&$expand=formSchema($select=isPublic;$expand=form($select=name))",
      ),
    );
    expect(withoutEtags(instances.value)).toEqual([{ formInstanceId: id(401), formSchema: { isPublic: true, form: { name: 'Leave request' } } }]);
    const groups = await runODataQuery(
      sqlDb,
      FORMS_SQL_MODEL,
      'FormGroup',
      parseODataQuery('$expand=forms($select=name;$filter=isDeleted eq false or isDeleted eq true;$orderby=name)&$select=name'),
    );
    expect(withoutEtags(groups.value)).toEqual([{ name: 'HR', forms: [{ name: 'Leave request' }, { name: 'Old form' }] }]);
    const publicOnly: ODataScope = ({ typeName, column }) => (typeName === 'FormSchema' ? sql`${column('isPublic')} is true` : undefined);
    const schemas = await runODataQuery(sqlDb, FORMS_SQL_MODEL, 'FormSchema', parseODataQuery('$select=version'), { scope: publicOnly });
    expect(schemas.value).toEqual([{ '@odata.etag': '"1"', version: 2 }]);
  });

  it('searches the strings of instance data at any depth and the id, ignoring case, as the evaluator does', async () => {
    const { db } = open;
    const at = new Date('2024-03-01T10:00:00Z');
    const audit = { createdDateTime: at, lastUpdatedDateTime: at };
    const rows: (typeof formInstances.$inferInsert & ODataRow)[] = [
      { formInstanceId: id(411), formSchemaId: id(302), formId: id(201), data: { name: 'Ann Lee', address: { city: 'New York' } }, status: 1, ...audit },
      { formInstanceId: id(412), formSchemaId: id(302), formId: id(201), data: { name: 'Bo', items: [{ note: '100% sure' }], city: 7 }, status: 1, ...audit },
      { formInstanceId: id(413), formSchemaId: id(302), formId: id(201), data: { York: 'no', name: 'Cy\nYork' }, status: 1, ...audit },
    ];
    await db.insert(formInstances).values(rows);
    const sqlDb = db as unknown as ODataDb;
    const memoryRows = { rows: (type: string): readonly ODataRow[] => (type === 'FormInstance' ? rows : []) };
    const search = async (text: string) => {
      const query = parseODataQuery({ $search: text, $filter: `formInstanceId in (${id(411)},${id(412)},${id(413)})`, $select: 'formInstanceId' });
      const found = (await runODataQuery(sqlDb, FORMS_SQL_MODEL, 'FormInstance', query)).value.map((r) => r.formInstanceId);
      const memory = evaluateODataQuery(FORMS_SQL_MODEL.schema, 'FormInstance', query, memoryRows).value.map((r) => r.formInstanceId);
      expect(found, `same as the evaluator for ${text}`).toEqual(memory);
      return found.map((f) => Number(String(f).slice(-3)));
    };
    expect(await search('york')).toEqual([411, 413]);
    expect(await search('"new york"')).toEqual([411]);
    expect(await search('york NOT new')).toEqual([413]);
    expect(await search('ann OR bo')).toEqual([411, 412]);
    // Keys and numbers are not searched; LIKE's wildcards match literally; an id matches a term of 8 characters or more
    // (a shorter one is in most ids by chance).
    expect(await search('address')).toEqual([]);
    expect(await search('7')).toEqual([]);
    expect(await search('100%')).toEqual([412]);
    expect(await search('0%_')).toEqual([]);
    expect(await search(id(413).slice(-8))).toEqual([413]);
    expect(await search(id(413).slice(-6))).toEqual([]);
    // A term never matches across two strings (they are separate lines of the searched text).
    expect(await search('"no cy"')).toEqual([]);
  });

  it('matches a text in an answer as the evaluator does, the stored searched text picking the candidates', async () => {
    const { db } = open;
    const at = new Date('2024-03-01T10:00:00Z');
    const audit = { createdDateTime: at, lastUpdatedDateTime: at };
    const rows: (typeof formInstances.$inferInsert & ODataRow)[] = [
      { formInstanceId: id(421), formSchemaId: id(302), formId: id(201), data: { address: { city: 'Munich' }, note: 'to Hamburg' }, status: 1, ...audit },
      { formInstanceId: id(422), formSchemaId: id(302), formId: id(201), data: { address: { city: 'HAMBURG-MUNICH' }, note: 'Munich' }, status: 1, ...audit },
      { formInstanceId: id(423), formSchemaId: id(302), formId: id(201), data: { address: { city: 80_331 }, note: 'mun_ich 100%' }, status: 1, ...audit },
      { formInstanceId: id(424), formSchemaId: id(302), formId: id(201), data: { address: { city: ['Munich'] }, note: null }, status: 1, ...audit },
    ];
    await db.insert(formInstances).values(rows);
    const sqlDb = db as unknown as ODataDb;
    const memoryRows = { rows: (type: string): readonly ODataRow[] => (type === 'FormInstance' ? rows : []) };
    const only = `formInstanceId in (${id(421)},${id(422)},${id(423)},${id(424)})`;
    const match = async (filter: string) => {
      const query = parseODataQuery({ $filter: `${only} and (${filter})`, $select: 'formInstanceId', $count: 'true' });
      const found = await runODataQuery(sqlDb, FORMS_SQL_MODEL, 'FormInstance', query);
      const memory = evaluateODataQuery(FORMS_SQL_MODEL.schema, 'FormInstance', query, memoryRows);
      expect(found.value.map((r) => r.formInstanceId), `same as the evaluator for ${filter}`).toEqual(memory.value.map((r) => r.formInstanceId));
      expect(found.count, filter).toBe(memory.value.length);
      return found.value.map((r) => Number(String(r.formInstanceId).slice(-3)));
    };
    expect(await match("contains(tolower(data/address/city),'munich')")).toEqual([421, 422]);
    expect(await match("contains(data/address/city,'Munich')")).toEqual([421]);
    expect(await match("contains(data/address/city,'munich')")).toEqual([]);
    expect(await match("contains(tolower(data/address/city),'Munich')")).toEqual([]);
    expect(await match("startswith(data/address/city,'HAM')")).toEqual([422]);
    expect(await match("endswith(tolower(data/address/city),'nich')")).toEqual([421, 422]);
    expect(await match("contains(toupper(data/address/city),'MUNICH')")).toEqual([421, 422]);
    // Another answer holding the text is not a match; a number, a list or null is no text; wildcards match literally.
    expect(await match("contains(tolower(data/note),'hamburg')")).toEqual([421]);
    expect(await match("contains(data/address/city,'80')")).toEqual([]);
    expect(await match("contains(data/note,'_ich 100%')")).toEqual([423]);
    expect(await match("contains(data/address/city,'Mu_ich')")).toEqual([]);
    // Negated, and beside other leaves.
    expect(await match("not contains(tolower(data/address/city),'munich')")).toEqual([423, 424]);
    expect(await match("contains(tolower(data/address/city),'munich') or contains(data/note,'100')")).toEqual([421, 422, 423]);
    expect(await match("contains(data/address/city,'')")).toEqual([421, 422]);
  });

  it('counts the instances whose answer holds a text from the trigram index of the stored searched text', async () => {
    const plan = await open.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const query = parseODataQuery({ $filter: "contains(tolower(data/address/city),'munich')" });
      const compiler = new ODataSqlCompiler(FORMS_SQL_MODEL);
      const t = compiler.ref('FormInstance');
      const where = compiler.where(t, bindQuery(FORMS_SQL_MODEL.schema, 'FormInstance', query), true);
      return tx.execute(sql`explain select count(*) from ${compiler.from(t)} where ${where}`);
    });
    expect(JSON.stringify(plan)).toContain('form_instances_search_trgm_idx');
  });

  it('reads the searched text of instance data from its stored column (migration 0013), not computing it per row', () => {
    const query = bindQuery(FORMS_SQL_MODEL.schema, 'FormInstance', parseODataQuery({ $search: 'york' }));
    const compiler = new ODataSqlCompiler(FORMS_SQL_MODEL);
    const t = compiler.ref('FormInstance');
    const text = new PgDialect().sqlToQuery(compiler.where(t, query, true) as never).sql;
    expect(text).toContain('"t0"."search_text" like');
    expect(text).not.toContain('odata_json_strings');
  });

  it('serves the instance search from the trigram index', async () => {
    const plan = await open.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const query = parseODataQuery({ $search: 'york' });
      const compiler = new ODataSqlCompiler(FORMS_SQL_MODEL);
      const t = compiler.ref('FormInstance');
      const where = compiler.where(t, bindQuery(FORMS_SQL_MODEL.schema, 'FormInstance', query), true);
      return tx.execute(sql`explain select 1 from ${compiler.from(t)} where ${where}`);
    });
    expect(JSON.stringify(plan)).toContain('form_instances_search_trgm_idx');
  });

  it('reads a page of instances in each order the instance list sorts by from an index, without sorting', async () => {
    const columns = { createdDateTime: 'created_date_time', lastUpdatedDateTime: 'last_updated_date_time', status: 'status' } as const;
    for (const [property, column] of Object.entries(columns)) {
      for (const direction of ['asc', 'desc'] as const) {
        const plan = await open.db.transaction(async (tx) => {
          await tx.execute(sql`set local enable_seqscan = off`);
          const query = bindQuery(FORMS_SQL_MODEL.schema, 'FormInstance', parseODataQuery({ $filter: 'isDeleted eq false', $orderby: `${property} ${direction}`, $top: '20' }));
          const compiler = new ODataSqlCompiler(FORMS_SQL_MODEL);
          const t = compiler.ref('FormInstance');
          const where = compiler.where(t, query, true);
          return tx.execute(sql`explain select 1 from ${compiler.from(t)} where ${where} order by ${sql.join(compiler.orderBy(t, query), sql`, `)} limit 20`);
        });
        const text = JSON.stringify(plan);
        expect(text, `${property} ${direction}`).toContain(`form_instances_${column}_${direction}_idx`);
        expect(text, `${property} ${direction}`).not.toContain('Sort');
      }
    }
  });

  it("counts a group's or a form's instances from an index alone (migration 0013), the group as a semi-join", async () => {
    for (const filter of ['isDeleted eq false and form/formGroupId eq 00000000-0000-4000-8000-000000000001', 'formId eq 00000000-0000-4000-8000-000000000001 and status in (1, 2)']) {
      const plan = await open.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_bitmapscan = off`);
        const query = bindQuery(FORMS_SQL_MODEL.schema, 'FormInstance', parseODataQuery({ $filter: filter }));
        const compiler = new ODataSqlCompiler(FORMS_SQL_MODEL);
        const t = compiler.ref('FormInstance');
        return tx.execute(sql`explain select count(*) from ${compiler.from(t)} where ${compiler.where(t, query, true)}`);
      });
      const text = JSON.stringify(plan);
      expect(text, filter).toContain('Index Only Scan using form_instances_form_deleted_status_idx');
      expect(text, filter).not.toContain('SubPlan');
    }
  });

  it("finds the schemas of the live instances (the CSV export's header) from an index alone (migration 0013)", async () => {
    const plan = await open.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      const query = bindQuery(FORMS_SQL_MODEL.schema, 'FormInstance', parseODataQuery({ $filter: 'isDeleted eq false' }));
      const compiler = new ODataSqlCompiler(FORMS_SQL_MODEL);
      const t = compiler.ref('FormInstance');
      return tx.execute(sql`explain select distinct ${compiler.column(t, 'formSchemaId')} from ${compiler.from(t)} where ${compiler.where(t, query, true)}`);
    });
    expect(JSON.stringify(plan)).toContain('Index Only Scan using form_instances_deleted_schema_idx');
  });

  it('searches forms by name and description, groups by name and description, schemas by name', async () => {
    const sqlDb = open.db as unknown as ODataDb;
    const names = async (type: string, text: string) =>
      (await runODataQuery(sqlDb, FORMS_SQL_MODEL, type, parseODataQuery({ $search: text }))).value.map((r) => r.name);
    expect(await names('Form', 'LEAVE')).toEqual(['Leave request']);
    expect(await names('FormGroup', 'hr')).toEqual(['HR']);
    expect(await names('FormSchema', 'request')).toEqual(['Leave request', 'Leave request']);
    expect(await names('Form', 'nothing-like-it')).toEqual([]);
  });
});

describe('in, any / all over PGlite (the same answers as the evaluator)', () => {
  it('matches a value of an in list, of every type, GUIDs in any case, JSON values by type', async () => {
    expect(await names('$filter=age in (25, 40)')).toEqual(["O'Brien", '100%_sure', 'back\\slash']);
    expect(await names("$filter=name in ('Bob', 'alice', 'nobody')")).toEqual(['alice', 'Bob']);
    expect(await names(`$filter=teamId in (${id(2).toUpperCase()}, '${id(3)}')`)).toEqual(['alice', '100%_sure', 'back\\slash']);
    expect(await names('$filter=born in (1984-05-01T00:00:00Z, 1999-01-01)')).toEqual(["O'Brien", '100%_sure']);
    expect(await names('$filter=active in (false)')).toEqual(['alice', null]);
    expect(await names("$filter=data/score in (7, 'x', true)")).toEqual(["O'Brien", null]);
    expect(await names("$filter=tolower(name) in ('bob', 'o''brien')")).toEqual(["O'Brien", 'Bob']);
    // not keeps the rows whose subject is null, as `not eq` does.
    expect(await names('$filter=not (age in (25, 40, 30))')).toEqual(['Bob', null]);
  });

  it('sends the list as one parameter, however long', () => {
    const list = Array.from({ length: ODATA_LIMITS.maxInValues }, (_, i) => i).join(',');
    const query = bindQuery(schema, 'Person', parseODataQuery(`$filter=age in (${list})`));
    const compiler = new ODataSqlCompiler(model);
    const compiled = new PgDialect().sqlToQuery(compiler.filter(compiler.ref('Person'), query.filter as never));
    expect(compiled.params).toHaveLength(1);
  });

  it('refuses an in list over the limit, with null, or of another type', async () => {
    const list = Array.from({ length: ODATA_LIMITS.maxInValues + 1 }, (_, i) => i).join(',');
    expect(await refusal(`$filter=age in (${list})`)).toContain('maxInValues');
    expect(await refusal('$filter=age in (1, null)')).toContain("use 'eq null'");
    expect(await refusal("$filter=age in (1, 'a')")).toContain("in an 'in' list");
    expect(await refusal('$filter=age in ()')).toContain("Expected a literal in the 'in' list");
  });

  it('runs any and all over collections, nested, within the soft-delete rule', async () => {
    expect(await names('$filter=mentees/any(m: m/age gt 26)')).toEqual(["O'Brien", 'back\\slash']);
    // Deleted Dave (50) is a mentee of O'Brien but soft-deleted: he counts only when the predicate names the flag.
    expect(await names('$filter=mentees/any(m: m/age eq 50)')).toEqual([]);
    expect(await names('$filter=mentees/any(m: m/age eq 50 and m/isDeleted eq true)')).toEqual(["O'Brien"]);
    expect(await names('$filter=mentees/any()')).toEqual(["O'Brien", 'alice', 'back\\slash']);
    // all holds for a row without mentees; not all keeps only those with one that fails.
    expect(await names('$filter=mentees/all(m: m/age le 30)')).toEqual(['alice', 'Bob', '100%_sure', null]);
    expect(await names('$filter=not mentees/all(m: m/age le 30)')).toEqual(["O'Brien", 'back\\slash']);
    expect(await names('$filter=mentees/any(m: m/mentees/any(n: n/age eq 25))')).toEqual(["O'Brien"]);
    expect(await names("$filter=people/any(p: p/name eq 'alice')", 'Team')).toEqual(['Blue']);
  });

  it('refuses lambdas that are too deep, over single navigations or naming outside their variable', async () => {
    expect(await refusal('$filter=mentees/any(a: a/mentees/any(b: b/mentees/any(c: c/mentees/any(d: d/age eq 1))))')).toContain('maxLambdaDepth');
    expect(await refusal('$filter=team/any(t: t/name eq 1)')).toContain('single row');
    expect(await refusal('$filter=mentees/any(m: age eq 1)')).toContain("range variable 'm/'");
  });

  it('limits the collection of a lambda to the scope', async () => {
    const noDeepAges: ODataScope = ({ typeName, column }) => (typeName === 'Person' ? sql`${column('age')} is distinct from 25` : undefined);
    const page = await read('$filter=mentees/any(m: m/age eq 25)&$select=name', 'Person', noDeepAges);
    expect(page.value).toEqual([]);
  });
});
