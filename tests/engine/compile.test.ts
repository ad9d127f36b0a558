// @vitest-environment node
import { checkFormSchema, clearCompiledForms, compileFormSchema, createFormEngine, FORM_LIMITS, FormLimitError } from '../../src/engine';
import type { FormField, JsonObject } from '../../src/api/types';
import { contactSchema, f, makeSchema, onePage, section } from './fixtures';

function refusal(run: () => unknown): FormLimitError {
  try {
    run();
  } catch (error) {
    if (error instanceof FormLimitError) return error;
    throw error;
  }
  throw new Error('expected a FormLimitError');
}

describe('compileFormSchema: once per schema version', () => {
  beforeEach(() => clearCompiledForms());

  it('returns the cached compilation for the same formSchemaId and version', () => {
    const schema = contactSchema();
    const first = compileFormSchema(schema);
    expect(compileFormSchema(schema)).toBe(first);
    // The same version loaded again (a new object with the same content) is not compiled again.
    expect(compileFormSchema(structuredClone(schema))).toBe(first);
    expect(first.key).toBe(`${schema.formSchemaId}@1`);
  });

  it('engines of one schema version share one compilation', () => {
    const schema = contactSchema();
    expect(createFormEngine(schema).compiled).toBe(createFormEngine(structuredClone(schema)).compiled);
  });

  it('compiles another version separately', () => {
    const v1 = contactSchema();
    const v2 = { ...structuredClone(v1), version: 2 };
    expect(compileFormSchema(v2)).not.toBe(compileFormSchema(v1));
    expect(compileFormSchema(v2).key).toBe(`${v1.formSchemaId}@2`);
  });

  it('recompiles when an unsaved draft with the same key changes', () => {
    const schema = contactSchema();
    const first = compileFormSchema(schema);
    const edited = structuredClone(schema);
    edited.layout.pages[0]!.title = 'Edited';
    const second = compileFormSchema(edited);
    expect(second).not.toBe(first);
    expect(second.pages[0]!.page.title).toBe('Edited');
  });

  it('resolves $ref and allOf for field facts', () => {
    const schema = makeSchema(
      {
        $defs: { short: { type: 'string', maxLength: 5 } },
        type: 'object',
        properties: { nick: { $ref: '#/$defs/short' }, age: { allOf: [{ type: 'integer' }, { minimum: 1, maximum: 9 }] } },
        required: ['nick'],
      },
      onePage(section('s', [f('nick', '/nick'), f('age', '/age', { widget: 'integer' })])),
    );
    const compiled = compileFormSchema(schema);
    expect(compiled.fieldById.get('nick')).toMatchObject({ schemaRequired: true, info: { type: 'string', maxLength: 5 } });
    expect(compiled.fieldById.get('age')?.info).toMatchObject({ type: 'integer', minimum: 1, maximum: 9 });
    const engine = createFormEngine(schema, { data: { nick: 'toolong', age: 12 } });
    expect(engine.check().errors.map((e) => e.message)).toEqual(['Enter at most 5 characters', 'Enter a number between 1 and 9']);
  });
});

describe('checkFormSchema: limits and safety', () => {
  it('refuses a schema over the size limit with 413, fast', () => {
    const big = makeSchema({ type: 'object', description: 'x'.repeat(FORM_LIMITS.maxSchemaSize) }, onePage());
    const started = performance.now();
    const error = refusal(() => compileFormSchema(big));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(error).toMatchObject({ kind: 'schema-size', status: 413 });
    expect(error.message).toBe(`The form schema is too large: at most ${FORM_LIMITS.maxSchemaSize} characters are allowed.`);
  });

  it('refuses a schema nested too deeply with 400', () => {
    let deep: JsonObject = { type: 'string' };
    for (let i = 0; i < 40; i++) deep = { type: 'object', properties: { x: deep } };
    const error = refusal(() => checkFormSchema(makeSchema(deep, onePage())));
    expect(error).toMatchObject({ kind: 'schema-depth', status: 400 });
    expect(error.message).toBe(`The form schema is nested too deeply: at most ${FORM_LIMITS.maxSchemaDepth} levels are allowed.`);
  });

  it('refuses too many fields', () => {
    const fields: FormField[] = Array.from({ length: FORM_LIMITS.maxFields + 1 }, (_, i) => f(`f${i}`, `/f${i}`));
    const error = refusal(() => checkFormSchema(makeSchema({ type: 'object' }, onePage(section('s', fields)))));
    expect(error).toMatchObject({ kind: 'schema-fields', status: 400 });
    expect(error.message).toBe(`The form has too many fields: at most ${FORM_LIMITS.maxFields} are allowed.`);
  });

  it('accepts the documented maximum of fields', () => {
    const fields: FormField[] = Array.from({ length: FORM_LIMITS.maxFields }, (_, i) => f(`f${i}`, `/f${i}`));
    expect(() => checkFormSchema(makeSchema({ type: 'object' }, onePage(section('s', fields))))).not.toThrow();
  });

  it.each(['/__proto__/x', '/a/constructor', '/prototype'])('refuses the layout path %s', (path) => {
    const error = refusal(() => checkFormSchema(makeSchema({ type: 'object' }, onePage(section('s', [f('x', path)])))));
    expect(error.kind).toBe('schema-layout');
    expect(error.message).toContain('is not allowed');
  });

  it('refuses forbidden segments in rule and repeat paths', () => {
    const rule = f('x', '/x', { visibleWhen: [{ path: '/__proto__', op: 'empty' }] });
    expect(() => checkFormSchema(makeSchema({ type: 'object' }, onePage(section('s', [rule]))))).toThrow(FormLimitError);
    const repeat = section('s', [f('x', '/x')], { repeatable: { path: '/constructor' } });
    expect(() => checkFormSchema(makeSchema({ type: 'object' }, onePage(repeat)))).toThrow(FormLimitError);
  });

  it('refuses duplicate field ids and paths', () => {
    expect(() => checkFormSchema(makeSchema({ type: 'object' }, onePage(section('s', [f('a', '/a'), f('a', '/b')]))))).toThrow(
      "Two fields have the id 'a'.",
    );
    expect(() => checkFormSchema(makeSchema({ type: 'object' }, onePage(section('s', [f('a', '/a'), f('b', '/a')]))))).toThrow(
      "Two fields are bound to the data path '/a'.",
    );
  });

  it('refuses a pattern that does not compile, naming it and where it is', () => {
    const schema = makeSchema({ type: 'object', properties: { code: { type: 'string', pattern: '([a-z]' } } }, onePage());
    const error = refusal(() => checkFormSchema(schema));
    expect(error).toMatchObject({ kind: 'schema-pattern', status: 400 });
    expect(error.message).toMatch(/^The pattern '\(\[a-z\]' at \/properties\/code\/pattern is not a valid regular expression: /);
  });

  it('refuses a bad patternProperties key too', () => {
    const schema = makeSchema({ type: 'object', patternProperties: { '(': { type: 'string' } } }, onePage());
    expect(() => checkFormSchema(schema)).toThrow(/is not a valid regular expression/);
  });

  it('runs the pattern hook (the server plugs in a ReDoS checker) and reports its reason', () => {
    const schema = makeSchema(
      { type: 'object', properties: { a: { type: 'string', pattern: '^(a+)+$' }, b: { type: 'string', pattern: '^[0-9]+$' } } },
      onePage(),
    );
    const seen: string[] = [];
    const error = refusal(() =>
      checkFormSchema(schema, {
        checkPattern: (pattern, location) => {
          seen.push(`${location} ${pattern}`);
          return pattern.includes('+)+') ? 'it can backtrack catastrophically' : null;
        },
      }),
    );
    expect(seen[0]).toBe('/properties/a/pattern ^(a+)+$');
    expect(error.message).toBe("The pattern '^(a+)+$' at /properties/a/pattern is not allowed: it can backtrack catastrophically");
  });

  it('does not mistake enum or const values for patterns', () => {
    const schema = makeSchema({ type: 'object', properties: { a: { const: { pattern: '(' } } } }, onePage());
    expect(() => checkFormSchema(schema)).not.toThrow();
  });
});
