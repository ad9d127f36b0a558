// @vitest-environment node
import { FORM_LIMITS, FormLimitError, validateSubmission } from '../../src/engine';
import type { JsonObject } from '../../src/api/types';
import { seedFormSchemas } from '../../src/testing/seed-forms';
import { contactSchema, f, makeSchema, onePage, section } from './fixtures';

const seeds = seedFormSchemas();
const contact = seeds.find((s) => s.name.toLowerCase().includes('contact')) ?? seeds[0]!;

describe('validateSubmission', () => {
  it('accepts valid data and returns it', () => {
    const result = validateSubmission(contactSchema(), { name: 'Ada', age: 3 });
    expect(result).toEqual({ valid: true, errors: [], data: { name: 'Ada', age: 3 } });
  });

  it('lists each problem with its path and the same message the browser shows', () => {
    const result = validateSubmission(contactSchema(), { name: 'x'.repeat(41), age: 11, preference: 'phone' });
    expect(result.valid).toBe(false);
    expect(result.errors.map((e) => [e.path, e.message])).toEqual([
      ['/name', 'Enter at most 40 characters'],
      ['/age', 'Enter a number between 1 and 10'],
      ['/phone', 'This field is required'],
    ]);
  });

  it('neither requires nor validates hidden fields, and drops their answers', () => {
    const result = validateSubmission(contactSchema(), { name: 'Ada', preference: 'email', phone: '!!' });
    expect(result.valid).toBe(true);
    expect(result.data).toEqual({ name: 'Ada', preference: 'email' });
  });

  it('recomputes computed values instead of trusting the client', () => {
    const schema = makeSchema(
      { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' }, total: { type: 'number' } } },
      onePage(section('s', [f('a', '/a'), f('b', '/b'), f('total', '/total', { computed: { op: 'sum', paths: ['/a', '/b'] } })])),
    );
    expect(validateSubmission(schema, { a: 1, b: 2, total: 1000 }).data).toEqual({ a: 1, b: 2, total: 3 });
  });

  it('reports data the layout does not show, from the JSON Schema itself', () => {
    const schema = makeSchema(
      {
        type: 'object',
        properties: { name: { type: 'string' }, secret: { type: 'string' } },
        required: ['secret'],
        additionalProperties: false,
      },
      onePage(section('s', [f('name', '/name')])),
    );
    const result = validateSubmission(schema, { name: 'Ada', extra: 1 });
    expect(result.errors.map((e) => [e.path, e.message, e.fieldId])).toEqual([
      ['/secret', 'This field is required', null],
      ['/extra', 'This value is not allowed', null],
    ]);
  });

  it('honours JSON Schema conditionals (if/then)', () => {
    const schema = makeSchema(
      {
        type: 'object',
        properties: { kind: { type: 'string' }, detail: { type: 'string' } },
        if: { properties: { kind: { const: 'other' } }, required: ['kind'] },
        then: { required: ['detail'] },
      },
      onePage(section('s', [f('kind', '/kind'), f('detail', '/detail')])),
    );
    expect(validateSubmission(schema, { kind: 'simple' }).valid).toBe(true);
    const result = validateSubmission(schema, { kind: 'other' });
    expect(result.errors.map((e) => [e.path, e.message, e.fieldId])).toEqual([['/detail', 'This field is required', 'detail']]);
  });

  it('checks the seed forms the fake serves', () => {
    expect(seeds.length).toBeGreaterThan(0);
    for (const schema of seeds) {
      const result = validateSubmission(schema, {});
      expect(result.valid, schema.name).toBe(false);
      expect(result.errors.every((e) => e.message.length > 0 && e.path.startsWith('/')), schema.name).toBe(true);
    }
    const missing = validateSubmission(contact, {}).errors.map((e) => e.message);
    expect(missing).toContain('This field is required');
  });

  describe('refuses hostile data before validating', () => {
    it.each([
      ['{"__proto__": {"polluted": true}}', "The data path '/__proto__' is not allowed: the segment '__proto__' is reserved."],
      ['{"a": {"constructor": {"prototype": {"x": 1}}}}', "The data path '/a/constructor' is not allowed: the segment 'constructor' is reserved."],
      ['{"list": [{"prototype": 1}]}', "The data path '/list/0/prototype' is not allowed: the segment 'prototype' is reserved."],
    ])('%s', (json, message) => {
      let error: unknown;
      try {
        validateSubmission(contactSchema(), JSON.parse(json));
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(FormLimitError);
      expect(error).toMatchObject({ kind: 'data-path', status: 400, message });
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });

    it('data that is not an object', () => {
      for (const data of [null, [], 'x', 3]) {
        expect(() => validateSubmission(contactSchema(), data)).toThrow('The form data must be a JSON object.');
      }
    });

    it('data over the size limit (413) within a second', () => {
      const started = performance.now();
      let error: unknown;
      try {
        validateSubmission(contactSchema(), { message: 'x'.repeat(FORM_LIMITS.maxDataSize) });
      } catch (e) {
        error = e;
      }
      expect(performance.now() - started).toBeLessThan(1000);
      expect(error).toMatchObject({ kind: 'data-size', status: 413 });
    });

    it('data nested too deeply', () => {
      let deep: Record<string, unknown> = {};
      for (let i = 0; i < 40; i++) deep = { x: deep };
      expect(() => validateSubmission(contactSchema(), deep)).toThrow(FormLimitError);
    });
  });

  it('validates one field with a long answer against a vetted pattern in well under 50 ms', () => {
    const schema = makeSchema(
      { type: 'object', properties: { code: { type: 'string', pattern: '^[A-Za-z0-9 ,.-]*$', maxLength: 200000 } } },
      onePage(section('s', [f('code', '/code')])),
    );
    validateSubmission(schema, { code: 'warm up' });
    const started = performance.now();
    const result = validateSubmission(schema, { code: `${'a'.repeat(100000)}!` });
    expect(performance.now() - started).toBeLessThan(50);
    expect(result.errors.map((e) => e.message)).toEqual(['Enter a value in the correct format']);
  });

  it('validates a 1000-field submission quickly', () => {
    const properties: JsonObject = {};
    const fields = [];
    const data: Record<string, string> = {};
    for (let i = 0; i < 1000; i++) {
      properties[`f${i}`] = { type: 'string', maxLength: 40, pattern: '^[a-z]*$' };
      fields.push(f(`f${i}`, `/f${i}`));
      data[`f${i}`] = 'abc';
    }
    const schema = makeSchema({ type: 'object', properties, required: ['f0'] }, onePage(section('s', fields)));
    validateSubmission(schema, data);
    const started = performance.now();
    const result = validateSubmission(schema, data);
    expect(result.valid).toBe(true);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
