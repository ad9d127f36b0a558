// @vitest-environment node
import type { FieldWidget, FormLayout, JsonObject } from '../../src/api/types';
import { checkSchemaForSave } from '../../src/domain/forms';
import { DomainError } from '../../src/domain/errors';
import { checkWidgetBindings, FormLimitError, WIDGET_KINDS } from '../../src/engine';
import { seedFormSchemas } from '../../src/testing/seed-forms';
import { SEED_SCHEMA_CONTENTS } from '../../example-host/server/db/seed';
import { showcaseLayout, showcaseSchema } from '../../example-host/server/db/seed-showcase';
import { f, onePage, section } from './fixtures';

const schemaOf = (properties: JsonObject, layout: FormLayout) => ({
  jsonSchema: { type: 'object', properties } as JsonObject,
  layout,
});

function refusal(run: () => unknown): FormLimitError {
  try {
    run();
  } catch (error) {
    if (error instanceof FormLimitError) return error;
    throw error;
  }
  throw new Error('expected a FormLimitError');
}

const one = (widget: FieldWidget, property: JsonObject | boolean) => schemaOf({ value: property }, onePage(section('s', [f('value', '/value', { widget })])));

describe('WIDGET_KINDS: what each widget stores', () => {
  it('has a row for every widget the renderer knows', () => {
    expect(Object.keys(WIDGET_KINDS).sort()).toEqual(
      ['checkbox', 'checkboxes', 'date', 'datetime', 'email', 'integer', 'multiselect', 'number', 'phone', 'radio', 'segmented', 'select', 'signature', 'static', 'switch', 'text', 'textarea', 'time', 'url'].sort(),
    );
    expect(WIDGET_KINDS.multiselect.value).toBe('list');
    expect(WIDGET_KINDS.checkbox.types).toEqual(['boolean']);
    expect(WIDGET_KINDS.static.value).toBe('none');
  });
});

describe('checkWidgetBindings: a saved layout can be filled in', () => {
  it('refuses a multi-select bound to a string, naming the field, the widget and the type', () => {
    const error = refusal(() => checkWidgetBindings(one('multiselect', { type: 'string' })));
    expect(error.kind).toBe('schema-binding');
    expect(error.status).toBe(400);
    expect(error.message).toContain("'value'");
    expect(error.message).toContain("'multiselect'");
    expect(error.message).toContain("of type 'string'");
  });

  it.each<[FieldWidget, JsonObject | boolean]>([
    ['text', { type: 'number' }],
    ['number', { type: 'string' }],
    ['checkbox', { type: 'string' }],
    ['switch', { type: 'array', items: { type: 'string' } }],
    ['select', { type: 'array', items: { type: 'string' } }],
    ['checkboxes', { type: 'boolean' }],
    ['multiselect', { type: 'array', items: { type: 'object' } }],
    ['date', { type: 'string', format: 'email' }],
    ['email', { type: 'string', format: 'date' }],
    ['signature', { type: 'object' }],
    ['text', false],
  ])('refuses %s on %j', (widget, property) => {
    expect(refusal(() => checkWidgetBindings(one(widget, property))).kind).toBe('schema-binding');
  });

  it.each<[FieldWidget, JsonObject]>([
    ['text', { type: 'string', format: 'date' }],
    ['textarea', { type: ['string', 'null'] }],
    ['number', { type: 'integer' }],
    ['integer', { type: 'number' }],
    ['select', { type: 'integer', enum: [1, 2] }],
    ['radio', { type: 'boolean' }],
    ['multiselect', { type: 'array', items: { type: 'string', enum: ['a', 'b'] } }],
    ['checkboxes', { type: 'array' }],
    ['date', { type: 'string', format: 'date' }],
    ['datetime', { type: 'string' }],
    ['checkbox', { $ref: '#/$defs/flag' }],
    ['text', {}],
  ])('accepts %s on %j', (widget, property) => {
    const schema = one(widget, property);
    (schema.jsonSchema as { $defs?: JsonObject }).$defs = { flag: { type: 'boolean' } };
    expect(() => checkWidgetBindings(schema)).not.toThrow();
  });

  it('reads the type of a field inside a repeatable section from the array items, and needs an array to repeat over', () => {
    const items = { type: 'array', items: { type: 'object', properties: { qty: { type: 'integer' } } } };
    const layout = onePage(section('rows', [f('qty', '/qty', { widget: 'checkbox' })], { repeatable: { path: '/rows' } }));
    expect(refusal(() => checkWidgetBindings(schemaOf({ rows: items }, layout))).message).toContain("'/rows/*/qty'");
    const fine = onePage(section('rows', [f('qty', '/qty', { widget: 'integer' })], { repeatable: { path: '/rows' } }));
    expect(() => checkWidgetBindings(schemaOf({ rows: items }, fine))).not.toThrow();
    expect(refusal(() => checkWidgetBindings(schemaOf({ rows: { type: 'string' } }, fine))).message).toContain("not 'array'");
  });

  it('refuses a widget it does not know', () => {
    const layout = onePage(section('s', [f('x', '/x', { widget: 'slider' as FieldWidget })]));
    expect(refusal(() => checkWidgetBindings(schemaOf({ x: { type: 'number' } }, layout))).message).toContain("'slider', which is not known");
  });

  it('is part of the check before saving: a 400 problem', () => {
    try {
      checkSchemaForSave(one('multiselect', { type: 'string' }));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).status).toBe(400);
    }
  });

  it("accepts every seeded form (the fake's and the server's)", () => {
    const showcase = { jsonSchema: showcaseSchema, layout: showcaseLayout };
    for (const schema of [...seedFormSchemas(), ...SEED_SCHEMA_CONTENTS, showcase]) expect(() => checkSchemaForSave(schema)).not.toThrow();
  });
});
