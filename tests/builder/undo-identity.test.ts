// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { builderReducer, CanvasCompileCache, COMPILE_SLOTS, emptyDocument, initialBuilderState, type BuilderAction, type BuilderState } from '../../src/builder/model';
import { WIDGET_KINDS } from '../../src/engine/widget-kinds';

const run = (state: BuilderState, ...actions: BuilderAction[]) => actions.reduce(builderReducer, state);

describe('undo and redo give back the documents themselves', () => {
  it('undoing a move gives back the document, its sections and its fields as the very objects they were', () => {
    let s = run(
      initialBuilderState(emptyDocument()),
      { type: 'addField', kind: WIDGET_KINDS.text },
      { type: 'addField', kind: WIDGET_KINDS.email },
      { type: 'addSection', title: 'Two' },
    );
    const before = s.document;
    const [first, second] = before.layout.pages[0]!.sections;
    s = run(s, { type: 'moveField', id: 'text-1', to: { sectionId: second!.id, index: 0 } });
    const after = s.document;
    expect(after.layout.pages[0]!.sections[1]!.fields.map((f) => f.id)).toEqual(['text-1']);

    s = run(s, { type: 'undo' });
    // Not a copy rebuilt from the patches: what is memoised on these objects (canvas sections, compiled form) holds.
    expect(s.document).toBe(before);
    expect(s.document.layout.pages[0]!.sections[0]).toBe(first);
    expect(s.document.layout.pages[0]!.sections[1]).toBe(second);

    s = run(s, { type: 'redo' });
    expect(s.document).toBe(after);
    s = run(s, { type: 'undo' }, { type: 'undo' });
    // Two steps back: the section added before the move is gone again, by the same rule.
    expect(s.document.layout.pages[0]!.sections).toHaveLength(1);
    s = run(s, { type: 'redo' }, { type: 'redo' });
    expect(s.document).toBe(after);
  });

  it('a label typed, undone and redone keeps the untouched fields as they were', () => {
    let s = run(initialBuilderState(emptyDocument()), { type: 'addField', kind: WIDGET_KINDS.text }, { type: 'addField', kind: WIDGET_KINDS.email });
    const email = s.document.layout.pages[0]!.sections[0]!.fields.find((f) => f.id !== 'text-1')!;
    s = run(s, { type: 'updateField', id: 'text-1', changes: { label: 'Name' } }, { type: 'undo' });
    expect(s.document.layout.pages[0]!.sections[0]!.fields.find((f) => f.id === 'text-1')!.label).toBe('Short text');
    expect(s.document.layout.pages[0]!.sections[0]!.fields.find((f) => f.id !== 'text-1')).toBe(email);
  });

  it('the canvas draws an undone document with the compiled form it had: a hit in the compile cache, not a compile', () => {
    const cache = new CanvasCompileCache();
    let s = run(initialBuilderState(emptyDocument()), { type: 'addField', kind: WIDGET_KINDS.text });
    const first = cache.get(s.document, WIDGET_KINDS, 'canvas');
    expect(first.result.error).toBeNull();
    expect(first.result.compiled?.fields.map((f) => f.field.id)).toEqual(['text-1']);
    // Every field shown: a field's rule does not hide it on the canvas.
    s = run(s, { type: 'addField', kind: WIDGET_KINDS.email }, { type: 'updateField', id: 'email-1', changes: { visibleWhen: [{ path: '/shortText', op: 'notEmpty' }] } });
    const second = cache.get(s.document, WIDGET_KINDS, 'canvas');
    expect(second.schema.layout.pages[0]!.sections[0]!.fields.map((f) => f.visibleWhen)).toEqual([undefined, undefined]);
    expect(second.schema.version).not.toBe(first.schema.version);
    s = run(s, { type: 'undo' }, { type: 'undo' });
    // Undone to the first document: the very schema and compiled form of before.
    expect(cache.get(s.document, WIDGET_KINDS, 'canvas')).toBe(first);
    s = run(s, { type: 'redo' }, { type: 'redo' });
    expect(cache.get(s.document, WIDGET_KINDS, 'canvas')).toBe(second);
    // Another registry or id is another form; past the slots the oldest goes.
    expect(cache.get(s.document, { ...WIDGET_KINDS }, 'canvas')).not.toBe(second);
    for (let i = 0; i < COMPILE_SLOTS; i++) {
      s = run(s, { type: 'updateField', id: 'text-1', changes: { label: `Name ${i}` } });
      cache.get(s.document, WIDGET_KINDS, 'canvas');
    }
    const versions = new Set<number>();
    for (let i = 0; i < COMPILE_SLOTS; i++) {
      versions.add(cache.get(s.document, WIDGET_KINDS, 'canvas').schema.version);
      s = run(s, { type: 'undo' });
    }
    // The slots held hold distinct versions (the engine's own cache is keyed by id and version).
    expect(versions.size).toBe(COMPILE_SLOTS);
    expect(cache.get(run(s, { type: 'undo' }).document, WIDGET_KINDS, 'canvas')).not.toBe(second);
  });

  it('a document that does not compile says why, and the next one compiles again', () => {
    const cache = new CanvasCompileCache();
    const broken = { ...emptyDocument(), jsonSchema: { type: 'object', properties: { a: { type: 'string', pattern: '(' } } } };
    const { result } = cache.get(broken, WIDGET_KINDS, 'canvas');
    expect(result.compiled).toBeNull();
    expect(result.error).toEqual(expect.any(String));
    expect(cache.get(emptyDocument(), WIDGET_KINDS, 'canvas').result.error).toBeNull();
  });
});
