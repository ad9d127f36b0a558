// @vitest-environment node
import type { FormSchema } from '../../src/api/types';
import { createFormEngine } from '../../src/engine';
import { f, makeSchema, onePage, section } from './fixtures';

// A builder's live preview: the schema changes under the same engine, and what was typed stays.

function schemaWith(fields: ReturnType<typeof f>[], required: string[] = []): FormSchema {
  return makeSchema(
    { type: 'object', properties: { name: { type: 'string', maxLength: 5 }, age: { type: 'integer' }, items: { type: 'array' } }, required },
    onePage(section('s', fields)),
    { formSchemaId: 'draft', version: 1 },
  );
}

describe('engine.setSchema', () => {
  it('runs the new layout over the same data, and keeps the answers of fields it drops', () => {
    const engine = createFormEngine(schemaWith([f('name', '/name')]));
    engine.setValue('/name', 'Ada');
    engine.setSchema(schemaWith([f('name', '/name', { label: 'Your name' }), f('age', '/age', { widget: 'integer' })]));
    expect(engine.getData()).toEqual({ name: 'Ada' });
    expect(engine.compiled.fields.map((cf) => cf.field.id)).toEqual(['name', 'age']);
    expect(engine.getFieldState('/age')).toMatchObject({ visible: true, value: undefined });
    engine.setValue('/age', 36);
    engine.setSchema(schemaWith([f('age', '/age', { widget: 'integer' })]));
    expect(engine.getData()).toEqual({ name: 'Ada', age: 36 });
    expect(engine.compiled.fieldById.has('name')).toBe(false);
  });

  it('checks the data against the new rules and tells every subscriber', () => {
    const engine = createFormEngine(schemaWith([f('name', '/name')]));
    engine.setValue('/name', 'Ada');
    engine.touch('/name');
    const heard: string[] = [];
    engine.subscribe('/name', () => heard.push('field'));
    engine.subscribeForm(() => heard.push('form'));
    const changes: string[] = [];
    engine.subscribeChanges((_, path) => changes.push(path));
    engine.setSchema(schemaWith([f('name', '/name', { widget: 'textarea' }), f('age', '/age', { widget: 'integer' })], ['age']));
    expect(heard).toEqual(expect.arrayContaining(['field', 'form']));
    // The data did not change: autosave is not told.
    expect(changes).toEqual([]);
    expect(engine.getFieldState('/age').required).toBe(true);
    expect(engine.check().errors.map((e) => e.path)).toEqual(['/age']);
    // Touched stays touched: a too-long answer under the new maxLength shows at once.
    engine.setValue('/name', 'Adalovelace');
    expect(engine.getFieldState('/name').error).not.toBeNull();
  });

  it('keeps the state object of a field the new layout leaves as it was, and gives a new one where it changed', () => {
    const engine = createFormEngine(schemaWith([f('name', '/name'), f('age', '/age', { widget: 'integer' })]));
    engine.setValue('/name', 'Ada');
    engine.touch('/name');
    const name = engine.getFieldState('/name');
    const age = engine.getFieldState('/age');
    // Another label and a field more: neither state changed.
    engine.setSchema(schemaWith([f('name', '/name', { label: 'Your name' }), f('age', '/age', { widget: 'integer' }), f('other', '/other')]));
    expect(engine.getFieldState('/name')).toBe(name);
    expect(engine.getFieldState('/age')).toBe(age);
    // Age now required: its state is a new object saying so; the name's stays.
    engine.setSchema(schemaWith([f('name', '/name'), f('age', '/age', { widget: 'integer' })], ['age']));
    expect(engine.getFieldState('/name')).toBe(name);
    expect(engine.getFieldState('/age')).not.toBe(age);
    expect(engine.getFieldState('/age')).toMatchObject({ required: true, visible: true, value: undefined });
    // A stricter rule over a touched answer: the error shows at once.
    engine.setSchema(
      makeSchema(
        { type: 'object', properties: { name: { type: 'string', maxLength: 2 }, age: { type: 'integer' } } },
        onePage(section('s', [f('name', '/name'), f('age', '/age', { widget: 'integer' })])),
        { formSchemaId: 'draft', version: 1 },
      ),
    );
    expect(engine.getFieldState('/name')).not.toBe(name);
    expect(engine.getFieldState('/name')).toMatchObject({ value: 'Ada', touched: true });
    expect(engine.getFieldState('/name').error).not.toBeNull();
    // A field taken out and put back reads as new.
    const ageBefore = engine.getFieldState('/age');
    engine.setSchema(schemaWith([f('name', '/name')]));
    expect(engine.getFieldState('/age').visible).toBe(false);
    engine.setSchema(schemaWith([f('name', '/name'), f('age', '/age', { widget: 'integer' })]));
    expect(engine.getFieldState('/age')).not.toBe(ageBefore);
    expect(engine.getFieldState('/age')).toMatchObject({ visible: true, required: false });
  });

  it('keeps a field hidden by a rule hidden, and shows it when the new layout drops the rule', () => {
    const engine = createFormEngine(
      schemaWith([f('name', '/name'), f('age', '/age', { widget: 'integer', visibleWhen: [{ path: '/name', op: 'eq', value: 'Ada' }] })]),
    );
    const hidden = engine.getFieldState('/age');
    expect(hidden.visible).toBe(false);
    engine.setSchema(
      schemaWith([f('name', '/name', { label: 'Name' }), f('age', '/age', { widget: 'integer', visibleWhen: [{ path: '/name', op: 'eq', value: 'Ada' }] })]),
    );
    expect(engine.getFieldState('/age')).toBe(hidden);
    engine.setSchema(schemaWith([f('name', '/name'), f('age', '/age', { widget: 'integer' })]));
    expect(engine.getFieldState('/age').visible).toBe(true);
  });

  it('does nothing for a schema that compiles to the one running', () => {
    const schema = schemaWith([f('name', '/name')]);
    const engine = createFormEngine(schema);
    const compiled = engine.compiled;
    let heard = 0;
    engine.subscribeForm(() => heard++);
    engine.setSchema({ ...schema });
    expect(engine.compiled).toBe(compiled);
    expect(heard).toBe(0);
  });

  it('builds the items of a repeatable section the new layout adds over data already there', () => {
    const engine = createFormEngine(schemaWith([f('name', '/name')]), { data: { items: [{ label: 'a' }, { label: 'b' }] } });
    expect(engine.getArrayState('/items').length).toBe(0);
    const withItems = makeSchema(
      { type: 'object', properties: { items: { type: 'array', items: { type: 'object', properties: { label: { type: 'string' } } } } } },
      onePage(section('list', [f('label', '/label')], { repeatable: { path: '/items' } })),
      { formSchemaId: 'draft', version: 1 },
    );
    engine.setSchema(withItems);
    expect(engine.getArrayState('/items').length).toBe(2);
    expect(engine.getFieldState('/items/1/label').value).toBe('b');
  });
});
