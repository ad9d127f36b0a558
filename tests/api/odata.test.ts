// @vitest-environment node
import { HttpResponse } from 'msw';
import type { Filter, Form, FormInstance, ODataQueryOptions } from '../../src/api';
import {
  ArgumentError,
  ODATA_ACCEPT,
  and,
  buildODataQuery,
  contains,
  endswith,
  eq,
  ge,
  gt,
  guid,
  le,
  lt,
  ne,
  not,
  or,
  rawFilter,
  serializeFilter,
  serializeLiteral,
  startswith,
} from '../../src/api';
import { capture, queryPairs, testClient, setupApiServer } from './server';

setupApiServer();

const GUID = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';

describe('OData literals', () => {
  it.each([
    ['plain', "'plain'"],
    ["O'Brien", "'O''Brien'"],
    ["''", "''''''"],
    ['', "''"],
  ])('quotes the string %j as %s', (value, expected) => {
    expect(serializeLiteral(value)).toBe(expected);
  });

  it('writes dates as unquoted ISO', () => {
    expect(serializeLiteral(new Date(Date.UTC(2024, 0, 2, 3, 4, 5)))).toBe('2024-01-02T03:04:05.000Z');
  });

  it('writes GUIDs unquoted and refuses what is not one', () => {
    expect(serializeLiteral(guid(GUID))).toBe(GUID);
    expect(() => guid("x' or 1 eq 1")).toThrow(TypeError);
  });

  it('writes null, booleans and numbers', () => {
    expect(serializeLiteral(null)).toBe('null');
    expect(serializeLiteral(true)).toBe('true');
    expect(serializeLiteral(false)).toBe('false');
    expect(serializeLiteral(42)).toBe('42');
    expect(serializeLiteral(-1.5)).toBe('-1.5');
    expect(() => serializeLiteral(Number.NaN)).toThrow(TypeError);
    expect(() => serializeLiteral(new Date('nope'))).toThrow(TypeError);
  });
});

describe('OData filters', () => {
  it('serialises every comparison operator', () => {
    expect(serializeFilter(eq('name', 'x'))).toBe("name eq 'x'");
    expect(serializeFilter(ne('status', 3))).toBe('status ne 3');
    expect(serializeFilter(gt('version', 1))).toBe('version gt 1');
    expect(serializeFilter(ge('version', 1))).toBe('version ge 1');
    expect(serializeFilter(lt('version', 9))).toBe('version lt 9');
    expect(serializeFilter(le('version', 9))).toBe('version le 9');
  });

  it('serialises the string functions with quoted values', () => {
    expect(serializeFilter(contains('name', "it's"))).toBe("contains(name,'it''s')");
    expect(serializeFilter(startswith('name', 'A'))).toBe("startswith(name,'A')");
    expect(serializeFilter(endswith('name', 'z'))).toBe("endswith(name,'z')");
  });

  it('parenthesises and / or / not', () => {
    const filter = and(eq('isDeleted', false), or(eq('formId', guid(GUID)), eq('formGroupId', null)), not(eq('name', 'a')));
    expect(serializeFilter(filter)).toBe(
      `(isDeleted eq false) and ((formId eq ${GUID}) or (formGroupId eq null)) and (not (name eq 'a'))`,
    );
    expect(serializeFilter(and(eq('name', 'only')))).toBe("name eq 'only'");
    expect(serializeFilter(and())).toBe('');
  });

  it('allows navigation paths and refuses property names that are not paths', () => {
    expect(serializeFilter(eq('formGroup/name', 'g'))).toBe("formGroup/name eq 'g'");
    expect(() => serializeFilter(eq('name) or (true', 'x'))).toThrow(TypeError);
  });

  it('passes written filters through', () => {
    expect(serializeFilter("name eq 'a'")).toBe("name eq 'a'");
    expect(serializeFilter(rawFilter('year(createdDateTime) eq 2024'))).toBe('year(createdDateTime) eq 2024');
  });

  it('infers the entity from the context, so only its properties are accepted', () => {
    const typed: Filter<Form> = and(eq('name', 'x'), contains('description', 'y'));
    // @ts-expect-error: 'nope' is not a property of Form
    const wrong: Filter<Form> = eq('nope', 1);
    const options: ODataQueryOptions<FormInstance> = { filter: eq('status', 2), select: ['formInstanceId'] };
    expect(serializeFilter(typed)).toBe("(name eq 'x') and (contains(description,'y'))");
    expect(serializeFilter(wrong)).toBe('nope eq 1');
    expect(buildODataQuery(options)).toBe('$filter=status%20eq%202&$select=formInstanceId');
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
    expect(buildODataQuery(options)).toBe(
      '$filter=(anything%20eq%201)%20and%20(x%20eq%20\'y\')&$orderby=name%20desc&$expand=pdfTemplate($select=fileName)',
    );
    expect([badSelect, badExpand, typedCall, badCall]).toHaveLength(4);
  });
});

describe('buildODataQuery', () => {
  it('is empty without options', () => {
    expect(buildODataQuery()).toBe('');
    expect(buildODataQuery({})).toBe('');
  });

  it('writes every option in order, URL-encoded', () => {
    const query = buildODataQuery<Form>({
      filter: and(eq('name', "O'Brien & Co"), gt('createdDateTime', new Date(Date.UTC(2024, 0, 2, 3, 4, 5)))),
      select: ['formId', 'name'],
      orderBy: [['name', 'asc'], ['createdDateTime', 'desc'], 'formId'],
      top: 10,
      skip: 20,
      count: true,
    });
    expect(query).toBe(
      "$filter=(name%20eq%20'O''Brien%20%26%20Co')%20and%20(createdDateTime%20gt%202024-01-02T03:04:05.000Z)" +
        '&$select=formId,name&$orderby=name%20asc,createdDateTime%20desc,formId&$top=10&$skip=20&$count=true',
    );
    const params = new URLSearchParams(query);
    expect([...params.keys()]).toEqual(['$filter', '$select', '$orderby', '$top', '$skip', '$count']);
    expect(params.get('$filter')).toBe(
      "(name eq 'O''Brien & Co') and (createdDateTime gt 2024-01-02T03:04:05.000Z)",
    );
  });

  it('leaves $count out unless asked for', () => {
    expect(buildODataQuery({ count: false, top: 0 })).toBe('$top=0');
  });

  it('refuses negative or fractional $top and $skip', () => {
    expect(() => buildODataQuery({ top: -1 })).toThrow(TypeError);
    expect(() => buildODataQuery({ skip: 1.5 })).toThrow(TypeError);
  });

  it('writes nested $expand with ; between nested options', () => {
    interface Child {
      id: string;
      name: string;
    }
    interface Parent {
      id: string;
      children: Child[] | null;
      owner: { id: string; group: Child | null };
    }
    const query = buildODataQuery<Parent>({
      expand: {
        children: { select: ['id', 'name'], filter: eq('name', 'a;b'), top: 5, orderBy: [['name', 'desc']] },
        owner: { expand: { group: true } },
      },
    });
    expect(new URLSearchParams(query).get('$expand')).toBe(
      "children($filter=name eq 'a;b';$select=id,name;$orderby=name desc;$top=5),owner($expand=group)",
    );
    expect(buildODataQuery<Parent>({ expand: { children: true } })).toBe('$expand=children');
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
    expect(calls[0]?.headers.get('accept')).toBe(ODATA_ACCEPT);
    expect(ODATA_ACCEPT).toBe('application/json;odata.metadata=none;odata.streaming=true');
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
