import { describe, expect, it } from 'vitest';
import { builderReducer, emptyDocument, initialBuilderState, type BuilderAction, type BuilderState } from '../../src/builder/model';
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
});
