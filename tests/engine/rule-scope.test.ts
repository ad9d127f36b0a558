import { describe, expect, it } from 'vitest';
import { builderReducer, emptyDocument, findField, initialBuilderState, type BuilderAction, type BuilderState } from '../../src/builder/model';
import { brokenRuleReferences } from '../../src/engine/authoring';
import { checkFormDraft } from '../../src/engine/draft-check';
import { WIDGET_KINDS } from '../../src/engine/widget-kinds';

// Rules read only their own scope: the answers of the same item inside a repeatable section, the fields outside
// repeatable sections otherwise. A field moved across a repeatable section's boundary keeps its rules as written, so
// a rule naming a field left behind in the old scope can no longer see it: the builder, the save check and the server
// flag it on the moved field, naming the field the rule is on.
const run = (state: BuilderState, ...actions: BuilderAction[]) => actions.reduce(builderReducer, state);

/** A page with a text field (text-1) and a repeatable section 'Jobs' (section-2) holding an email field (email-1). */
function form(): BuilderState {
  let s = run(initialBuilderState(emptyDocument()), { type: 'addField', kind: WIDGET_KINDS.text });
  s = run(s, { type: 'addSection', title: 'Jobs', repeatable: true, to: { pageId: 'page-1' } });
  s = run(s, { type: 'addField', kind: WIDGET_KINDS.email, to: { sectionId: 'section-2' } });
  expect(findField(s.document, 'email-1')).toMatchObject({ base: '/jobs', field: { path: '/email' } });
  return s;
}

describe('a rule naming a field of another scope', () => {
  it('is flagged on a field moved out of a repeatable section whose rule names a field of the items', () => {
    let s = form();
    s = run(s, { type: 'addField', kind: WIDGET_KINDS.number, to: { sectionId: 'section-2' } });
    const moved = findField(s.document, 'number-1')!;
    expect(moved.base).toBe('/jobs');
    s = run(s, { type: 'updateField', id: 'number-1', changes: { visibleWhen: [{ path: '/email', op: 'notEmpty' }] } });
    expect(checkFormDraft(s.document, WIDGET_KINDS)).toEqual([]);

    s = run(s, { type: 'moveField', id: 'number-1', to: { sectionId: 'section-1' } });
    expect(findField(s.document, 'number-1')?.base).toBe('');
    expect(findField(s.document, 'number-1')?.field.visibleWhen).toEqual([{ path: '/email', op: 'notEmpty' }]);

    const broken = brokenRuleReferences(s.document.layout, s.document.jsonSchema);
    expect(broken).toEqual([expect.objectContaining({ fieldId: 'number-1', kind: 'visibleWhen', path: '/email', problem: 'scope', target: { id: 'email-1', label: 'Email' } })]);
    const problems = checkFormDraft(s.document, WIDGET_KINDS);
    expect(problems).toEqual([expect.objectContaining({ fieldId: 'number-1', kind: 'schema-layout', status: 400 })]);
    expect(problems[0]!.message).toContain("'Email'");
    expect(problems[0]!.message).toContain('/email');
  });

  it('is flagged on a field moved into a repeatable section whose rule names a field outside it', () => {
    let s = form();
    s = run(s, { type: 'addField', kind: WIDGET_KINDS.number, to: { sectionId: 'section-1' } });
    const text = findField(s.document, 'text-1')!.field;
    s = run(s, { type: 'updateField', id: 'number-1', changes: { requiredWhen: [{ any: [{ path: text.path, op: 'eq', value: 'yes' }] }] } });
    expect(checkFormDraft(s.document, WIDGET_KINDS)).toEqual([]);

    s = run(s, { type: 'moveField', id: 'number-1', to: { sectionId: 'section-2' } });
    expect(findField(s.document, 'number-1')?.base).toBe('/jobs');

    expect(brokenRuleReferences(s.document.layout, s.document.jsonSchema)).toEqual([
      expect.objectContaining({ fieldId: 'number-1', kind: 'requiredWhen', at: [0, 0], problem: 'scope', target: { id: 'text-1', label: text.label } }),
    ]);
    const problems = checkFormDraft(s.document, WIDGET_KINDS);
    expect(problems).toEqual([expect.objectContaining({ fieldId: 'number-1', kind: 'schema-layout' })]);
    expect(problems[0]!.message).toContain(`'${text.label}'`);
  });

  it('is flagged when a field outside names a field of the items through the list (the rename moves the rule there)', () => {
    let s = form();
    s = run(s, { type: 'updateField', id: 'text-1', changes: { visibleWhen: [{ path: '/jobs/*/email', op: 'eq', value: 'a@b.c' }] } });
    expect(brokenRuleReferences(s.document.layout, s.document.jsonSchema)).toEqual([
      expect.objectContaining({ fieldId: 'text-1', problem: 'scope', target: { id: 'email-1', label: 'Email' } }),
    ]);
    expect(checkFormDraft(s.document, WIDGET_KINDS)).toEqual([expect.objectContaining({ fieldId: 'text-1' })]);
  });

  it('leaves alone rules of the same scope, a rule on the list itself, and computations over the items', () => {
    let s = form();
    s = run(s, { type: 'addField', kind: WIDGET_KINDS.number, to: { sectionId: 'section-2' } });
    s = run(s, { type: 'updateField', id: 'number-1', changes: { visibleWhen: [{ path: '/email', op: 'notEmpty' }] } });
    s = run(s, { type: 'addField', kind: WIDGET_KINDS.number, to: { sectionId: 'section-1' } });
    s = run(s, { type: 'updateField', id: 'number-2', changes: { visibleWhen: [{ path: '/jobs', op: 'notEmpty' }] } });
    expect(brokenRuleReferences(s.document.layout, s.document.jsonSchema).filter((b) => b.problem === 'scope')).toEqual([]);
    expect(checkFormDraft(s.document, WIDGET_KINDS)).toEqual([]);
  });
});
