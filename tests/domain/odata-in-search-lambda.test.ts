/**
 * The OData additions in the shared syntax tree: `in` lists, `$search` and `any` / `all` lambdas —
 * parsed (with their limits and positioned errors), serialised back to the same tree, bound and
 * evaluated in memory (what the test fake answers; the server's SQL is held to the same answers in
 * tests/server/odata-sql.test.ts).
 */
import { describe, expect, it } from 'vitest';
import {
  evaluateODataQuery,
  FORMS_ODATA_SCHEMA,
  ODATA_LIMITS,
  ODataError,
  parseFilter,
  parseODataQuery,
  parseSearch,
  searchTexts,
  serializeFilter,
  serializeQuery,
  serializeSearch,
  type ODataRow,
} from '../../src/domain/odata';

function error(run: () => unknown): ODataError {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(ODataError);
    expect((e as ODataError).status).toBe(400);
    return e as ODataError;
  }
  throw new Error('expected an ODataError');
}

describe('in', () => {
  it('parses a list of literals as one in node and writes it back', () => {
    const filter = parseFilter("status in (1, 2) and name IN ('a','b''c')");
    expect(filter).toEqual({
      kind: 'logical',
      op: 'and',
      operands: [
        { kind: 'in', subject: { kind: 'property', path: ['status'] }, values: [1, 2].map((value) => ({ kind: 'literal', type: 'number', value })) },
        { kind: 'in', subject: { kind: 'property', path: ['name'] }, values: ['a', "b'c"].map((value) => ({ kind: 'literal', type: 'string', value })) },
      ],
    });
    expect(serializeFilter(filter)).toBe("status in (1,2) and name in ('a','b''c')");
    expect(parseFilter(serializeFilter(filter))).toEqual(filter);
  });

  it('counts a list as one node, so a long list leaves room for the rest of the filter', () => {
    const list = Array.from({ length: ODATA_LIMITS.maxInValues }, (_, i) => i).join(',');
    expect(() => parseFilter(`status in (${list})`)).not.toThrow();
    expect(error(() => parseFilter(`status in (${list},0)`)).detail).toContain(`over the limit of ${ODATA_LIMITS.maxInValues} (maxInValues)`);
  });

  it('names malformed lists and where they are', () => {
    expect(error(() => parseFilter('status in ()')).detail).toBe("Expected a literal in the 'in' list but found ')' at position 11 of $filter.");
    expect(error(() => parseFilter('status in (1 2)')).detail).toBe("Expected ',' or ')' in the 'in' list but found '2' at position 13 of $filter.");
    expect(error(() => parseFilter('status in (name)')).detail).toContain("Expected a literal in the 'in' list but found 'name'");
    expect(error(() => parseFilter('status in 1')).detail).toContain("Expected '(' after 'in'");
    expect(error(() => parseFilter("status in (1, 'a%00'")).detail).toBeDefined();
  });
});

describe('any / all', () => {
  it('parses lambdas with their variables stripped from the paths, and writes them back', () => {
    const text = "formSchemas/any(s: s/isPublic eq true and s/formInstances/all(i: i/status in (1,2)))";
    const filter = parseFilter(text);
    expect(filter).toEqual({
      kind: 'lambda',
      op: 'any',
      navigation: 'formSchemas',
      variable: 's',
      predicate: {
        kind: 'logical',
        op: 'and',
        operands: [
          { kind: 'compare', op: 'eq', left: { kind: 'property', path: ['isPublic'] }, right: { kind: 'literal', type: 'boolean', value: true } },
          {
            kind: 'lambda',
            op: 'all',
            navigation: 'formInstances',
            variable: 'i',
            predicate: { kind: 'in', subject: { kind: 'property', path: ['status'] }, values: [1, 2].map((value) => ({ kind: 'literal', type: 'number', value })) },
          },
        ],
      },
    });
    expect(serializeFilter(filter)).toBe('formSchemas/any(s:s/isPublic eq true and s/formInstances/all(i:i/status in (1,2)))');
    expect(parseFilter(serializeFilter(filter))).toEqual(filter);
    expect(parseFilter('formSchemas/any()')).toEqual({ kind: 'lambda', op: 'any', navigation: 'formSchemas', variable: 'x' });
  });

  it('refuses paths outside the variable, reused variables, all() and nesting over the limit', () => {
    expect(error(() => parseFilter('formSchemas/any(s: name eq 1)')).detail).toBe(
      "Inside a lambda, a property path must start with its range variable 's/' at position 19 of $filter.",
    );
    expect(error(() => parseFilter('a/any(s: s/b/any(s: s/c eq 1))')).detail).toContain("The range variable 's' is already in use");
    expect(error(() => parseFilter('formSchemas/all()')).detail).toContain("'all' needs a predicate");
    expect(error(() => parseFilter('a/any(w: w/b/any(x: x/c/any(y: y/d/any(z: z/e eq 1))))')).detail).toContain(
      `nested deeper than the limit of ${ODATA_LIMITS.maxLambdaDepth} (maxLambdaDepth)`,
    );
    expect(error(() => parseFilter('formSchemas/any(s s/x eq 1)')).detail).toContain("Expected ':' after the range variable");
  });

  it('binds the collection: unknown, single-row and other-type predicates are 400s naming them', () => {
    const read = (filter: string, type = 'Form') => () => evaluateODataQuery(FORMS_ODATA_SCHEMA, type, { filter: parseFilter(filter) }, { rows: () => [] });
    expect(error(read('nope/any(x: x/a eq 1)')).detail).toBe("Could not find a navigation property named 'nope' on type 'Form'.");
    expect(error(read('formGroup/any(x: x/name eq 1)')).detail).toContain("'formGroup' is a single row");
    expect(error(read('formSchemas/any(x: x/nope eq 1)')).detail).toBe("Could not find a property named 'nope' on type 'FormSchema'.");
    expect(error(read("formSchemas/any(x: x/version eq 'a')")).detail).toContain('Cannot compare');
  });
});

describe('$search', () => {
  it('reads words, phrases, AND / OR / NOT and parentheses, NOT binding tightest, then AND', () => {
    expect(parseSearch('ann lee OR "new york" NOT (x OR y)')).toEqual({
      kind: 'logical',
      op: 'or',
      operands: [
        { kind: 'logical', op: 'and', operands: [{ kind: 'term', text: 'ann' }, { kind: 'term', text: 'lee' }] },
        {
          kind: 'logical',
          op: 'and',
          operands: [
            { kind: 'term', text: 'new york' },
            { kind: 'not', operand: { kind: 'logical', op: 'or', operands: [{ kind: 'term', text: 'x' }, { kind: 'term', text: 'y' }] } },
          ],
        },
      ],
    });
    // Lower-case and / or / not are words; a phrase escapes " and \.
    expect(parseSearch('cats and dogs')).toEqual({ kind: 'logical', op: 'and', operands: ['cats', 'and', 'dogs'].map((text) => ({ kind: 'term', text })) });
    expect(parseSearch('"say \\"hi\\" \\\\"')).toEqual({ kind: 'term', text: 'say "hi" \\' });
  });

  it('writes a search that reads back as itself', () => {
    for (const text of ['ann', 'a AND b', 'a OR (b AND NOT c)', '"new york" OR "AND"', 'NOT NOT x', '"a\\"b"']) {
      const search = parseSearch(text);
      expect(parseSearch(serializeSearch(search))).toEqual(search);
    }
    const query = parseODataQuery({ $search: 'ann OR "lee x"', $filter: 'status eq 1' });
    expect(parseODataQuery(serializeQuery(query))).toEqual(query);
  });

  it('refuses what it cannot search: NUL, control characters, long text, many terms, dangling operators, nested use', () => {
    expect(error(() => parseSearch('a\u0000b')).detail).toContain('control characters');
    expect(error(() => parseSearch('"a\nb"')).detail).toContain('control characters');
    expect(error(() => parseSearch('x'.repeat(ODATA_LIMITS.maxSearchLength + 1))).detail).toContain('(maxSearchLength)');
    expect(error(() => parseSearch(Array.from({ length: ODATA_LIMITS.maxSearchTerms + 1 }, (_, i) => `w${i}`).join(' '))).detail).toContain('(maxSearchTerms)');
    expect(error(() => parseSearch('a AND')).detail).toBe('Expected a word or a "phrase" but found the end at position 5 of $search.');
    expect(error(() => parseSearch('(a')).detail).toContain("Expected ')'");
    expect(error(() => parseSearch('""')).detail).toContain('A phrase is empty');
    expect(error(() => parseSearch('"open')).detail).toContain('Unterminated phrase at position 0');
    expect(error(() => parseSearch(`${'('.repeat(40)}a${')'.repeat(40)}`)).detail).toContain('(maxFilterNesting)');
    expect(error(() => parseODataQuery({ $expand: 'formSchemas($search=a)' })).detail).toContain('only at the top level');
  });

  it('looks in each set’s declared texts: strings anywhere in instance data and the id, not keys or numbers', () => {
    const row = { formInstanceId: 'ABC-1', data: { Name: 'Ann', list: [{ city: 'Cork' }, 3, true], n: 7 }, status: 1 };
    expect(searchTexts(FORMS_ODATA_SCHEMA.FormInstance, row)).toEqual(['abc-1', 'ann', 'cork']);
    expect(searchTexts(FORMS_ODATA_SCHEMA.Form, { name: 'Leave', description: null })).toEqual(['leave']);
  });
});

describe('evaluating in, lambdas and $search', () => {
  const at = '2024-01-01T00:00:00.000Z';
  const audit = { isDeleted: false, createdDateTime: at, lastUpdatedDateTime: at };
  const id = (n: number) => `00000000-0000-0000-0000-${String(n).padStart(12, '0')}`;
  const rows: Record<string, ODataRow[]> = {
    Form: [
      { formId: id(1), name: 'Leave request', description: 'Days off', formGroupId: null, ...audit },
      { formId: id(2), name: 'Expenses', description: null, formGroupId: null, ...audit },
      { formId: id(3), name: 'Empty', description: 'no schemas', formGroupId: null, ...audit },
    ],
    FormSchema: [
      { formSchemaId: id(11), formId: id(1), name: 'v1', version: 1, isPublic: false, ...audit },
      { formSchemaId: id(12), formId: id(1), name: 'v2', version: 2, isPublic: true, ...audit },
      { formSchemaId: id(21), formId: id(2), name: 'v1', version: 1, isPublic: false, ...audit, isDeleted: true },
    ],
    FormInstance: [
      { formInstanceId: id(101), formSchemaId: id(12), formId: id(1), data: { who: 'Ann Lee', city: 'New York' }, status: 1, ...audit },
      { formInstanceId: id(102), formSchemaId: id(12), formId: id(1), data: { who: 'Bo', notes: ['york'] }, status: 3, ...audit },
    ],
  };
  const source = { rows: (type: string) => rows[type] ?? [] };
  const read = (type: string, input: Record<string, string>) =>
    evaluateODataQuery(FORMS_ODATA_SCHEMA, type, parseODataQuery(input), source).value.map((r) => r.name ?? r.formInstanceId);

  it('in matches a value of the list; GUIDs in any case', () => {
    expect(read('FormInstance', { $filter: 'status in (3, 4)' })).toEqual([id(102)]);
    expect(read('Form', { $filter: `formId in ('${id(2).toUpperCase()}', ${id(3)})` })).toEqual(['Expenses', 'Empty']);
    expect(read('Form', { $filter: "not (description in ('Days off'))" })).toEqual(['Expenses', 'Empty']);
  });

  it('any / all over a collection, soft-deleted rows counted only when the predicate names the flag', () => {
    expect(read('Form', { $filter: 'formSchemas/any(s: s/isPublic eq true)' })).toEqual(['Leave request']);
    expect(read('Form', { $filter: 'formSchemas/any()' })).toEqual(['Leave request']);
    expect(read('Form', { $filter: 'formSchemas/any(s: s/isDeleted eq true)' })).toEqual(['Expenses']);
    // all holds for a form without (live) schemas.
    expect(read('Form', { $filter: 'formSchemas/all(s: s/version eq 1)' })).toEqual(['Expenses', 'Empty']);
    expect(read('Form', { $filter: 'formSchemas/any(s: s/formInstances/any(i: i/status eq 3))' })).toEqual(['Leave request']);
  });

  it('$search combines with the filter; terms ignore case; a phrase is one term', () => {
    expect(read('FormInstance', { $search: 'YORK' })).toEqual([id(101), id(102)]);
    expect(read('FormInstance', { $search: '"new york"' })).toEqual([id(101)]);
    expect(read('FormInstance', { $search: 'york NOT ann', $filter: 'status eq 3' })).toEqual([id(102)]);
    expect(read('Form', { $search: 'days OR expenses' })).toEqual(['Leave request', 'Expenses']);
  });
});
