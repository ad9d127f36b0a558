// @vitest-environment node
import { HttpResponse } from 'msw';
import type { Filter, Form, FormInstance, ODataQueryOptions } from '../../src/api';
import * as api from '../../src/api';
import { ArgumentError, odata } from '../../src/api';
import { parseODataQuery } from '../../src/domain/odata';
import { capture, queryPairs, testClient, setupApiServer } from './server';

setupApiServer();

const GUID = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';
const { and, contains, endswith, eq, ge, gt, guid, le, lt, ne, not, or, startswith, serializeFilter, buildQuery } = odata;

describe('the odata namespace', () => {
  it('is the one way in: no bare and / or / eq exports from the entry point', () => {
    for (const name of ['and', 'or', 'not', 'eq', 'ne', 'contains', 'guid', 'buildODataQuery', 'serializeFilter', 'rawFilter']) {
      expect(api, name).not.toHaveProperty(name);
    }
    expect(Object.keys(odata).sort()).toEqual(
      [
        'ACCEPT', 'LIMITS', 'ODataError', 'all', 'and', 'any', 'buildQuery', 'contains', 'endswith', 'eq', 'deletedView', 'etagOfRow', 'filter', 'ge',
        'gt', 'guid', 'in', 'le', 'lt', 'ne', 'not', 'or', 'searchWords', 'serializeFilter', 'startswith', 'toQueryTree', 'tolower',
        'toupper', 'typedSearch',
      ].sort(),
    );
  });
});

describe('OData literals', () => {
  it.each([
    ['plain', "'plain'"],
    ["O'Brien", "'O''Brien'"],
    ["''", "''''''"],
    ["x' or 1 eq 1 or name eq '", "'x'' or 1 eq 1 or name eq '''"],
  ])('quotes %j as %s, and the server reads the same text back', (value, expected) => {
    const text = serializeFilter(eq('name', value));
    expect(text).toBe(`name eq ${expected}`);
    expect(parseODataQuery({ $filter: text }).filter).toEqual(eq('name', value).node);
  });

  it('writes dates as ISO date-times, GUIDs bare, and refuses what is not a GUID', () => {
    expect(serializeFilter(gt('createdDateTime', new Date(Date.UTC(2024, 0, 2, 3, 4, 5))))).toBe(
      'createdDateTime gt 2024-01-02T03:04:05.000Z',
    );
    expect(serializeFilter(eq('formId', guid(GUID.toUpperCase())))).toBe(`formId eq ${GUID}`);
    expect(serializeFilter(eq('formId', GUID))).toBe(`formId eq '${GUID}'`);
    expect(() => guid("x' or 1 eq 1")).toThrow(odata.ODataError);
    expect(() => guid("x' or 1 eq 1")).toThrow("'x' or 1 eq 1' is not a GUID.");
  });

  it('writes null, booleans and numbers bare, and refuses what OData cannot write', () => {
    expect(serializeFilter(eq('formGroupId', null))).toBe('formGroupId eq null');
    expect(serializeFilter(eq('isDeleted', true))).toBe('isDeleted eq true');
    expect(serializeFilter(ne('isPublic', false))).toBe('isPublic ne false');
    expect(serializeFilter(eq('version', 42))).toBe('version eq 42');
    expect(serializeFilter(eq('version', -1.5))).toBe('version eq -1.5');
    expect(() => eq('version', Number.NaN)).toThrow('NaN cannot be used in a filter.');
    expect(() => eq('createdDateTime', new Date('nope'))).toThrow('An invalid date cannot be used in a filter.');
  });
});

describe('OData filters', () => {
  it('writes every comparison', () => {
    expect(serializeFilter(eq('name', 'x'))).toBe("name eq 'x'");
    expect(serializeFilter(ne('status', 3))).toBe('status ne 3');
    expect(serializeFilter(gt('version', 1))).toBe('version gt 1');
    expect(serializeFilter(ge('version', 1))).toBe('version ge 1');
    expect(serializeFilter(lt('version', 9))).toBe('version lt 9');
    expect(serializeFilter(le('version', 9))).toBe('version le 9');
  });

  it('writes the string functions, with tolower / toupper for case-insensitive matching', () => {
    expect(serializeFilter(contains('name', "it's"))).toBe("contains(name,'it''s')");
    expect(serializeFilter(startswith('name', 'A'))).toBe("startswith(name,'A')");
    expect(serializeFilter(endswith('name', 'z'))).toBe("endswith(name,'z')");
    expect(serializeFilter(contains(odata.tolower('name'), 'abc'))).toBe("contains(tolower(name),'abc')");
    expect(serializeFilter(eq(odata.toupper('name'), 'ABC'))).toBe("toupper(name) eq 'ABC'");
  });

  it('combines with and / or / not, with the parentheses the tree needs', () => {
    const filter = and(eq('isDeleted', false), or(eq('formId', guid(GUID)), eq('formGroupId', null)), not(eq('name', 'a')));
    expect(serializeFilter(filter)).toBe(
      `isDeleted eq false and (formId eq ${GUID} or formGroupId eq null) and not (name eq 'a')`,
    );
    expect(parseODataQuery({ $filter: serializeFilter(filter) }).filter).toEqual(filter.node);
    expect(serializeFilter(and(eq('name', 'only')))).toBe("name eq 'only'");
    expect(serializeFilter(and())).toBe('');
    expect(serializeFilter(not(or()))).toBe('');
  });

  it('accepts navigation and JSON paths, and refuses anything that is not a path', () => {
    expect(serializeFilter(eq('formGroup/name', 'g'))).toBe("formGroup/name eq 'g'");
    expect(serializeFilter(eq('data/applicant/name', 'n'))).toBe("data/applicant/name eq 'n'");
    expect(() => serializeFilter(eq('name) or (true', 'x'))).toThrow("'name) or (true' is not a property path.");
  });

  it('parses written filters with the one parser, so a mistake is found before sending', () => {
    expect(serializeFilter("name  eq 'a'")).toBe("name eq 'a'");
    expect(serializeFilter(odata.filter("not (version gt 2) and contains(name,'x')"))).toBe(
      "not (version gt 2) and contains(name,'x')",
    );
    expect(() => odata.filter('year(createdDateTime) eq 2024')).toThrow("Unknown function 'year' at position 0 of $filter.");
  });

  it('infers the entity from the context, so only its properties are accepted', () => {
    const typed: Filter<Form> = and(eq('name', 'x'), contains('description', 'y'));
    // @ts-expect-error: 'nope' is not a property of Form
    const wrong: Filter<Form> = eq('nope', 1);
    const options: ODataQueryOptions<FormInstance> = { filter: eq('status', 2), select: ['formInstanceId'] };
    expect(serializeFilter(typed)).toBe("name eq 'x' and contains(description,'y')");
    expect(serializeFilter(wrong)).toBe('nope eq 1');
    expect(buildQuery(options)).toBe('$filter=status%20eq%202&$select=formInstanceId');
  });

  it('lets untyped filters fit any entity and checks the typed parts of options', () => {
    const untyped = and(eq('anything', 1), eq('x', 'y'));
    const options: ODataQueryOptions<Form> = {
      filter: untyped,
      orderBy: [['name', 'desc']],
      expand: { pdfTemplate: { select: ['fileName'] } },
    };
    // @ts-expect-error: 'nope' is not a property of Form
    const badSelect: ODataQueryOptions<Form> = { select: ['nope'] };
    // @ts-expect-error: 'nope' is not a property of PdfTemplate
    const badExpand: ODataQueryOptions<Form> = { expand: { pdfTemplate: { select: ['nope'] } } };
    const client = testClient();
    const typedCall = () => client.odata.forms.list({ filter: or(eq('name', 'x'), startswith('description', 'd')) });
    // @ts-expect-error: 'nope' is not a property of Form
    const badCall = () => client.odata.forms.list({ filter: eq('nope', 1) });
    // @ts-expect-error: tolower takes a property of Form
    const badLower: Filter<Form> = contains(odata.tolower<Form>('nope'), 'x');
    expect(buildQuery(options)).toBe(
      "$filter=anything%20eq%201%20and%20x%20eq%20'y'&$orderby=name%20desc&$expand=pdfTemplate($select=fileName)",
    );
    expect([badSelect, badExpand, typedCall, badCall, badLower]).toHaveLength(5);
  });
});

describe('odata.buildQuery', () => {
  it('is empty without options', () => {
    expect(buildQuery()).toBe('');
    expect(buildQuery({})).toBe('');
  });

  it('writes every option in order, URL-encoded', () => {
    const query = buildQuery<Form>({
      filter: and(eq('name', "O'Brien & Co"), gt('createdDateTime', new Date(Date.UTC(2024, 0, 2, 3, 4, 5)))),
      select: ['formId', 'name'],
      orderBy: [['name', 'asc'], ['createdDateTime', 'desc'], 'formId'],
      top: 10,
      skip: 20,
      count: true,
    });
    expect(query).toBe(
      "$filter=name%20eq%20'O''Brien%20%26%20Co'%20and%20createdDateTime%20gt%202024-01-02T03:04:05.000Z" +
        '&$select=formId,name&$orderby=name%20asc,createdDateTime%20desc,formId%20asc&$top=10&$skip=20&$count=true',
    );
    const params = new URLSearchParams(query);
    expect([...params.keys()]).toEqual(['$filter', '$select', '$orderby', '$top', '$skip', '$count']);
    expect(params.get('$filter')).toBe("name eq 'O''Brien & Co' and createdDateTime gt 2024-01-02T03:04:05.000Z");
  });

  it('encodes + in a date-time zone, so the server does not read a space', () => {
    const query = buildQuery({ filter: "createdDateTime gt 2024-01-02T03:04:05+02:00" });
    expect(query).toBe('$filter=createdDateTime%20gt%202024-01-02T01:04:05.000Z');
    expect(encodeURIComponent('+')).toBe('%2B');
  });

  it('leaves $count out unless asked for', () => {
    expect(buildQuery({ count: false, top: 0 })).toBe('$top=0');
  });

  it('refuses negative or fractional $top and $skip, and $top over the limit', () => {
    expect(() => buildQuery({ top: -1 })).toThrow('$top must be a non-negative integer.');
    expect(() => buildQuery({ skip: 1.5 })).toThrow('$skip must be a non-negative integer.');
    expect(() => buildQuery({ top: odata.LIMITS.maxTop + 1 })).toThrow('$top is 1001, over the limit of 1000 (maxTop).');
    expect(() => buildQuery({ top: 1001 })).toThrow(odata.ODataError);
  });

  it('writes nested $expand with ; between nested options, and refuses one deeper than the limit', () => {
    interface Child {
      id: string;
      name: string;
      parent: Parent | null;
    }
    interface Parent {
      id: string;
      children: Child[] | null;
      owner: { id: string; group: Child | null };
    }
    const query = buildQuery<Parent>({
      expand: {
        children: { select: ['id', 'name'], filter: eq('name', 'a;b'), top: 5, orderBy: [['name', 'desc']] },
        owner: { expand: { group: true } },
      },
    });
    expect(new URLSearchParams(query).get('$expand')).toBe(
      "children($filter=name eq 'a;b';$select=id,name;$orderby=name desc;$top=5),owner($expand=group)",
    );
    expect(buildQuery<Parent>({ expand: { children: true } })).toBe('$expand=children');
    expect(() => buildQuery<Parent>({ expand: { children: { expand: { parent: { expand: { children: true } } } } } })).toThrow(
      '$expand is nested deeper than the limit of 2 (maxExpandDepth).',
    );
  });

  it('writes a query the server reads back as the same tree', () => {
    const options: ODataQueryOptions<Form> = {
      filter: and(eq('isDeleted', false), contains(odata.tolower('name'), "o'brien")),
      select: ['formId', 'name'],
      orderBy: [['name', 'desc'], 'formId'],
      top: 20,
      skip: 40,
      count: true,
      expand: { pdfTemplate: { select: ['fileName'] } },
    };
    expect(parseODataQuery(buildQuery(options))).toEqual(odata.toQueryTree(options));
  });
});

describe('client.odata', () => {
  const sets = [
    ['forms', '/odata/FormOData'],
    ['formGroups', '/odata/FormGroupOData'],
    ['formInstances', '/odata/FormInstanceOData'],
    ['formSchemas', '/odata/FormSchemaOData'],
  ] as const;

  it.each(sets)('%s.list: GET %s with the query and the OData accept header', async (set, path) => {
    const calls = capture('get', path, () =>
      HttpResponse.json({ value: [{ name: 'a', createdDateTime: '2024-01-02T03:04:05Z' }], '@odata.count': 7 }),
    );
    const client = testClient({ getAccessToken: () => 'tok' });
    const result = await client.odata[set].list({ filter: "name eq 'a'", top: 1, count: true });
    expect(result).toEqual({ value: [{ name: 'a', createdDateTime: new Date('2024-01-02T03:04:05Z') }], '@odata.count': 7 });
    expect(calls[0]?.headers.get('accept')).toBe(odata.ACCEPT);
    expect(odata.ACCEPT).toBe('application/json;odata.metadata=none;odata.streaming=true');
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer tok');
    expect(queryPairs(calls[0]!.url)).toEqual([
      ['$filter', "name eq 'a'"],
      ['$top', '1'],
      ['$count', 'true'],
    ]);
  });

  it.each(sets)('%s.list without options sends no query', async (set, path) => {
    const calls = capture('get', path, () => HttpResponse.json({ value: [] }));
    await expect(testClient().odata[set].list()).resolves.toEqual({ value: [] });
    expect(calls[0]?.url.search).toBe('');
  });

  it.each(sets)('%s.getOne asks for one row and resolves it', async (set, path) => {
    const calls = capture('get', path, () => HttpResponse.json({ value: [{ id: 1 }] }));
    await expect(testClient().odata[set].getOne({ filter: 'id eq 1', top: 50 })).resolves.toEqual({ id: 1 });
    expect(queryPairs(calls[0]!.url)).toEqual([
      ['$filter', 'id eq 1'],
      ['$top', '1'],
    ]);
  });

  it('getOne resolves null when no row comes back', async () => {
    capture('get', '/odata/FormOData', () => HttpResponse.json({ value: [] }));
    await expect(testClient().odata.forms.getOne()).resolves.toBeNull();
  });

  it("getOne fails with 'Expected one or zero results' when more than one row comes back", async () => {
    capture('get', '/odata/FormOData', () => HttpResponse.json({ value: [{ id: 1 }, { id: 2 }] }));
    await expect(testClient().odata.forms.getOne()).rejects.toThrow(new Error('Expected one or zero results'));
  });

  it("refuses null options with the 'options' message", async () => {
    const client = testClient();
    const message = "The parameter 'options' must be defined and cannot be null.";
    const nullOptions = null as unknown as ODataQueryOptions<Form>;
    await expect(client.odata.forms.list(nullOptions)).rejects.toThrow(ArgumentError);
    await expect(client.odata.forms.list(nullOptions)).rejects.toThrow(message);
    await expect(client.odata.formSchemas.getOne(nullOptions as never)).rejects.toThrow(message);
  });
});

describe('row versions', () => {
  it('etagOfRow reads the @odata.etag a read answered with a row, or null', () => {
    expect(odata.etagOfRow({ '@odata.etag': '"3"', name: 'x' })).toBe('"3"');
    expect(odata.etagOfRow({ name: 'x' })).toBeNull();
    expect(odata.etagOfRow({ '@odata.etag': '' })).toBeNull();
    expect(odata.etagOfRow(null)).toBeNull();
  });
});

describe('odata.in, odata.any / odata.all and $search', () => {
  it('writes an in list of values the server parses back to the same tree', () => {
    const filter = odata.in<FormInstance>('status', [1, 2]);
    expect(odata.serializeFilter(filter)).toBe('status in (1,2)');
    expect(odata.serializeFilter(odata.in<Form>('name', ["O'Brien", 'x']))).toBe("name in ('O''Brien','x')");
    const query = odata.buildQuery<FormInstance>({ filter: odata.and(filter, odata.eq('isDeleted', false)) });
    expect(parseODataQuery(query).filter).toEqual(filter.node && { kind: 'logical', op: 'and', operands: [filter.node, { kind: 'compare', op: 'eq', left: { kind: 'property', path: ['isDeleted'] }, right: { kind: 'literal', type: 'boolean', value: false } }] });
  });

  it('refuses an empty in list or one over the limit', () => {
    expect(() => odata.in('status', [])).toThrow(odata.ODataError);
    expect(() => odata.in('status', Array.from({ length: odata.LIMITS.maxInValues + 1 }, (_, i) => i))).toThrow('maxInValues');
  });

  it('writes any / all with their range variables, nested ones distinct, and reads them back', () => {
    const inner = odata.any('formInstances', odata.eq('status', 2));
    const outer = odata.any<Form>('formSchemas', odata.and(odata.eq('isPublic', true), inner));
    const text = odata.serializeFilter(outer);
    expect(text).toBe('formSchemas/any(x1:x1/isPublic eq true and x1/formInstances/any(x0:x0/status eq 2))');
    expect(parseODataQuery({ $filter: text }).filter).toEqual(outer.node);
    expect(odata.serializeFilter(odata.any<Form>('formSchemas'))).toBe('formSchemas/any()');
    expect(odata.serializeFilter(odata.all<Form>('formSchemas', odata.eq('isPublic', false)))).toBe('formSchemas/all(x0:x0/isPublic eq false)');
  });

  it('sends $search, checked by the parser, and builds one from typed words', () => {
    expect(new URLSearchParams(odata.buildQuery({ search: 'ann "new york"' })).get('$search')).toBe('ann AND "new york"');
    // A stray quote (a phrase still being typed) is left out: its word is searched for as it stands.
    expect(odata.searchWords('  ann  (lee) OR "x ')).toBe('ann AND "(lee)" AND "OR" AND x');
    expect(parseODataQuery({ $search: odata.searchWords('ann (lee) OR "x') ?? '' }).search).toEqual({
      kind: 'logical',
      op: 'and',
      operands: ['ann', '(lee)', 'OR', 'x'].map((text) => ({ kind: 'term', text })),
    });
    expect(odata.searchWords('   ')).toBeUndefined();
    expect(() => odata.buildQuery({ search: '"unterminated' })).toThrow('Unterminated phrase');
    // Never throws on typed input: words past the limits are left out, control characters split words.
    const many = odata.searchWords(Array.from({ length: odata.LIMITS.maxSearchTerms + 5 }, (_, i) => `w${i}`).join(' ')) ?? '';
    expect(many.split(' AND ')).toHaveLength(odata.LIMITS.maxSearchTerms);
    expect(() => parseODataQuery({ $search: many })).not.toThrow();
    const long = odata.searchWords(`short ${'x'.repeat(300)} other`) ?? '';
    expect(long).toBe('short');
    expect(odata.searchWords('a\u0000b\nc')).toBe('a AND b AND c');
    expect(odata.searchWords('x'.repeat(300))).toBeUndefined();
    // How much of the text the search holds, for a screen to say what was left out.
    expect(odata.typedSearch(`short ${'x'.repeat(300)} other`)).toEqual({ search: 'short', searched: 1, typed: 3 });
    expect(odata.typedSearch('x'.repeat(300))).toEqual({ search: undefined, searched: 0, typed: 1 });
    expect(odata.typedSearch('  ')).toEqual({ search: undefined, searched: 0, typed: 0 });
  });
});
