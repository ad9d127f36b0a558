import { describe, expect, it } from 'vitest';
import type { FormSection } from '../../src/api/types';
import {
  builderReducer,
  dependentsOf,
  emptyDocument,
  fieldIdsIn,
  findField,
  findSection,
  initialBuilderState,
  sectionPlaceProblem,
  type BuilderAction,
  type BuilderDocument,
  type BuilderState,
} from '../../src/builder/model';
import { FORM_LIMITS } from '../../src/engine/limits';
import { WIDGET_KINDS } from '../../src/engine/widget-kinds';

const run = (state: BuilderState, ...actions: BuilderAction[]) => actions.reduce(builderReducer, state);
const fresh = () => initialBuilderState(emptyDocument());
const props = (doc: BuilderDocument) => (doc.jsonSchema.properties ?? {}) as Record<string, { items?: { properties?: Record<string, unknown> } }>;
/** The outline of a page: each section's id with the sections inside it. */
type Outline = (string | [string, Outline])[];
const outlineOf = (sections: readonly FormSection[]): Outline => sections.map((s) => (s.sections?.length ? [s.id, outlineOf(s.sections)] : s.id));
const outline = (s: BuilderState, page = 0) => outlineOf(s.document.layout.pages[page]?.sections ?? []);

describe('builder model: sections inside sections', () => {
  it('adds a section inside a section, one level down, as one undoable step', () => {
    let s = run(fresh(), { type: 'addSection', title: 'Inner', to: { pageId: 'page-1', parentId: 'section-1' } });
    expect(outline(s)).toEqual([['section-1', ['section-2']]]);
    expect(s.selection).toEqual({ type: 'section', id: 'section-2' });
    expect(findSection(s.document, 'section-2')).toMatchObject({ depth: 2, index: 0, parent: { id: 'section-1' } });
    expect(s.past).toHaveLength(1);
    s = run(s, { type: 'undo' });
    expect(outline(s)).toEqual(['section-1']);
    s = run(s, { type: 'redo' });
    expect(outline(s)).toEqual([['section-1', ['section-2']]]);
  });

  it('adds a field to a nested section, and from the palette after a selected nested section at its own level', () => {
    let s = run(fresh(), { type: 'addSection', title: 'Inner', to: { pageId: 'page-1', parentId: 'section-1' } });
    s = run(s, { type: 'addField', kind: WIDGET_KINDS.text, to: { sectionId: 'section-2' } });
    expect(findField(s.document, 'text-1')).toMatchObject({ section: { id: 'section-2' }, base: '' });
    expect(props(s.document).shortText).toEqual({ type: 'string', maxLength: 200 });
    // The palette's section goes right after the selection's section, at that section's level.
    s = run(s, { type: 'select', selection: { type: 'field', id: 'text-1' } }, { type: 'addSection', title: 'Next' });
    expect(outline(s)).toEqual([['section-1', ['section-2', 'section-3']]]);
    s = run(s, { type: 'addSection', title: 'Page level', after: 'section-1' });
    expect(outline(s)).toEqual([['section-1', ['section-2', 'section-3']], 'section-4']);
  });

  it('puts a palette repeatable section selected inside a repeatable section right after that repeatable section', () => {
    let s = run(fresh(), { type: 'addSection', title: 'Jobs', repeatable: true });
    s = run(s, { type: 'addSection', title: 'Dates', to: { pageId: 'page-1', parentId: 'section-2' } });
    expect(findSection(s.document, 'section-3')).toMatchObject({ depth: 2, base: '/jobs', repeatOwner: { id: 'section-2' } });
    s = run(s, { type: 'select', selection: { type: 'section', id: 'section-3' } }, { type: 'addSection', title: 'Pets', repeatable: true });
    expect(outline(s)).toEqual(['section-1', ['section-2', ['section-3']], 'section-4']);
  });

  it('refuses a repeatable section inside a repeatable section, and deeper than the limit, changing nothing', () => {
    let s = run(fresh(), { type: 'addSection', title: 'Jobs', repeatable: true }, { type: 'addSection', title: 'Dates', to: { pageId: 'page-1', parentId: 'section-2' } });
    const before = s;
    expect(run(s, { type: 'addSection', title: 'Items', repeatable: true, to: { pageId: 'page-1', parentId: 'section-3' } })).toBe(before);
    expect(sectionPlaceProblem(s.document, 'section-3', { adding: { repeatable: true } })).toBe('repeatInRepeat');
    // A plain section that holds a repeatable one does not go into a repeatable section either.
    s = run(s, { type: 'addSection', title: 'Wrapper', to: { pageId: 'page-1' } }, { type: 'addSection', title: 'Pets', repeatable: true, to: { pageId: 'page-1', parentId: 'section-4' } });
    expect(outline(s)).toEqual(['section-1', ['section-2', ['section-3']], ['section-4', ['section-5']]]);
    expect(sectionPlaceProblem(s.document, 'section-2', { sectionId: 'section-4' })).toBe('repeatInRepeat');
    expect(run(s, { type: 'moveSection', id: 'section-4', to: { pageId: 'page-1', parentId: 'section-2' } })).toBe(s);

    // Levels: section-1 is level 1; three more inside make level 4, the last allowed.
    let d = fresh();
    for (let level = 2; level <= FORM_LIMITS.maxSectionDepth; level++) d = run(d, { type: 'addSection', title: `L${level}`, to: { pageId: 'page-1', parentId: `section-${level - 1}` } });
    expect(findSection(d.document, `section-${FORM_LIMITS.maxSectionDepth}`)?.depth).toBe(FORM_LIMITS.maxSectionDepth);
    expect(sectionPlaceProblem(d.document, `section-${FORM_LIMITS.maxSectionDepth}`, { adding: { repeatable: false } })).toBe('tooDeep');
    expect(run(d, { type: 'addSection', title: 'L5', to: { pageId: 'page-1', parentId: `section-${FORM_LIMITS.maxSectionDepth}` } })).toBe(d);
    // A section holding a section counts both levels: section-3 (with section-4 inside) into a level-3 section is too deep.
    d = run(d, { type: 'addSection', title: 'Other', to: { pageId: 'page-1' } }, { type: 'addSection', title: 'O2', to: { pageId: 'page-1', parentId: 'section-5' } });
    d = run(d, { type: 'addSection', title: 'O3', to: { pageId: 'page-1', parentId: 'section-6' } });
    expect(sectionPlaceProblem(d.document, 'section-7', { sectionId: 'section-3' })).toBe('tooDeep');
    expect(sectionPlaceProblem(d.document, 'section-6', { sectionId: 'section-3' })).toBeNull();
  });

  it('refuses to move a section into itself or a section inside it', () => {
    const s = run(fresh(), { type: 'addSection', title: 'A', to: { pageId: 'page-1', parentId: 'section-1' } }, { type: 'addSection', title: 'B', to: { pageId: 'page-1', parentId: 'section-2' } });
    expect(sectionPlaceProblem(s.document, 'section-1', { sectionId: 'section-1' })).toBe('intoItself');
    expect(sectionPlaceProblem(s.document, 'section-3', { sectionId: 'section-1' })).toBe('intoItself');
    expect(run(s, { type: 'moveSection', id: 'section-1', to: { pageId: 'page-1', parentId: 'section-3' } })).toBe(s);
    expect(sectionPlaceProblem(s.document, null, { sectionId: 'section-3' })).toBeNull();
  });

  it('moves a section into a section, out to the page and to another page, each one undo step', () => {
    let s = run(fresh(), { type: 'addSection', title: 'B', to: { pageId: 'page-1' } }, { type: 'addField', kind: WIDGET_KINDS.text, to: { sectionId: 'section-2' } });
    s = run(s, { type: 'addPage', title: 'Two', sectionTitle: 'S' });
    const steps = s.past.length;
    s = run(s, { type: 'moveSection', id: 'section-2', to: { pageId: 'page-1', parentId: 'section-1' } });
    expect(outline(s)).toEqual([['section-1', ['section-2']]]);
    expect(findField(s.document, 'text-1')?.section.id).toBe('section-2');
    s = run(s, { type: 'moveSection', id: 'section-2', to: { pageId: 'page-2', parentId: 'section-3', index: 0 } });
    expect(outline(s, 1)).toEqual([['section-3', ['section-2']]]);
    expect(outline(s)).toEqual(['section-1']);
    // Move up past the start of its parent's sections: out, before the parent.
    s = run(s, { type: 'moveSectionBy', id: 'section-2', delta: -1 });
    expect(outline(s, 1)).toEqual(['section-2', 'section-3']);
    expect(s.past.length).toBe(steps + 3);
    s = run(s, { type: 'undo' });
    expect(outline(s, 1)).toEqual([['section-3', ['section-2']]]);
    s = run(s, { type: 'undo' }, { type: 'undo' });
    expect(outline(s)).toEqual(['section-1', 'section-2']);
    s = run(s, { type: 'redo' });
    expect(outline(s)).toEqual([['section-1', ['section-2']]]);
    // Move down past the end: out, after the parent.
    s = run(s, { type: 'moveSectionBy', id: 'section-2', delta: 1 });
    expect(outline(s)).toEqual(['section-1', 'section-2']);
  });

  it('moves a field into a nested section and back, and up/down through nested sections in reading order', () => {
    let s = run(fresh(), { type: 'addField', kind: WIDGET_KINDS.text }, { type: 'addField', kind: WIDGET_KINDS.email });
    s = run(s, { type: 'addSection', title: 'Inner', to: { pageId: 'page-1', parentId: 'section-1' } });
    s = run(s, { type: 'moveField', id: 'text-1', to: { sectionId: 'section-2' } });
    expect(findField(s.document, 'text-1')).toMatchObject({ section: { id: 'section-2' }, field: { path: '/shortText' } });
    s = run(s, { type: 'moveField', id: 'text-1', to: { sectionId: 'section-1', index: 0 } });
    expect(s.document.layout.pages[0]?.sections[0]?.fields.map((f) => f.id)).toEqual(['text-1', 'email-1']);
    // Down past the section's last field: into the section inside it, which comes next in reading order.
    s = run(s, { type: 'moveFieldBy', id: 'email-1', delta: 1 });
    expect(findField(s.document, 'email-1')?.section.id).toBe('section-2');
  });

  it('rewrites paths and the rules naming them when a field or a section crosses a repeatable section\'s boundary', () => {
    let s = run(fresh(), { type: 'addField', kind: WIDGET_KINDS.text }, { type: 'addField', kind: WIDGET_KINDS.email });
    s = run(s, { type: 'updateField', id: 'email-1', changes: { visibleWhen: [{ path: '/shortText', op: 'notEmpty' }] } });
    s = run(s, { type: 'addSection', title: 'Jobs', repeatable: true, to: { pageId: 'page-1' } }, { type: 'addSection', title: 'Dates', to: { pageId: 'page-1', parentId: 'section-2' } });
    const before = s;
    s = run(s, { type: 'moveField', id: 'text-1', to: { sectionId: 'section-3' } });
    expect(s.past.length).toBe(before.past.length + 1);
    expect(findField(s.document, 'text-1')).toMatchObject({ base: '/jobs', field: { path: '/shortText' } });
    expect(props(s.document).shortText).toBeUndefined();
    expect(props(s.document).jobs?.items?.properties).toHaveProperty('shortText');
    expect(findField(s.document, 'email-1')?.field.visibleWhen).toEqual([{ path: '/jobs/*/shortText', op: 'notEmpty' }]);
    s = run(s, { type: 'undo' });
    expect(s.document).toEqual(before.document);

    // A plain section with a field moved into the repeatable section: its field goes into the items too.
    s = run(s, { type: 'addSection', title: 'Extra', to: { pageId: 'page-1' } }, { type: 'moveField', id: 'email-1', to: { sectionId: 'section-4' } });
    s = run(s, { type: 'updateField', id: 'text-1', changes: { visibleWhen: [{ path: '/email', op: 'notEmpty' }] } });
    const plain = s;
    s = run(s, { type: 'moveSection', id: 'section-4', to: { pageId: 'page-1', parentId: 'section-3' } });
    expect(s.past.length).toBe(plain.past.length + 1);
    expect(findField(s.document, 'email-1')).toMatchObject({ base: '/jobs', field: { path: '/email' } });
    expect(props(s.document).email).toBeUndefined();
    expect(props(s.document).jobs?.items?.properties).toHaveProperty('email');
    expect(findField(s.document, 'text-1')?.field.visibleWhen).toEqual([{ path: '/jobs/*/email', op: 'notEmpty' }]);
    // And out again to the page: back at the root.
    s = run(s, { type: 'moveSection', id: 'section-4', to: { pageId: 'page-1' } });
    expect(props(s.document).email).toBeDefined();
    expect(findField(s.document, 'text-1')?.field.visibleWhen).toEqual([{ path: '/email', op: 'notEmpty' }]);
  });

  it('rewrites the rules of fields in nested sections too when a field they name changes container', () => {
    let s = run(fresh(), { type: 'addField', kind: WIDGET_KINDS.text }, { type: 'addSection', title: 'Inner', to: { pageId: 'page-1', parentId: 'section-1' } });
    s = run(s, { type: 'addField', kind: WIDGET_KINDS.email, to: { sectionId: 'section-2' } }, { type: 'updateField', id: 'email-1', changes: { requiredWhen: [{ path: '/shortText', op: 'notEmpty' }] } });
    s = run(s, { type: 'addSection', title: 'Jobs', repeatable: true, to: { pageId: 'page-1' } });
    s = run(s, { type: 'moveField', id: 'text-1', to: { sectionId: 'section-3' } });
    expect(findField(s.document, 'email-1')?.field.requiredWhen).toEqual([{ path: '/jobs/*/shortText', op: 'notEmpty' }]);
  });

  it('keeps the rules between the fields of a moved section when one of them takes a numbered path in its new scope', () => {
    let s = run(fresh(), { type: 'addField', kind: WIDGET_KINDS.text }, { type: 'addSection', title: 'Jobs', repeatable: true, to: { pageId: 'page-1' } });
    s = run(s, { type: 'addSection', title: 'Dates', to: { pageId: 'page-1', parentId: 'section-2' } });
    s = run(s, { type: 'addField', kind: WIDGET_KINDS.text, to: { sectionId: 'section-3' } }, { type: 'addField', kind: WIDGET_KINDS.email, to: { sectionId: 'section-3' } });
    // In the item: text-2 at /shortText, and email-1 shown when it is answered (an item-relative path).
    expect(findField(s.document, 'text-2')).toMatchObject({ base: '/jobs', field: { path: '/shortText' } });
    s = run(s, { type: 'updateField', id: 'email-1', changes: { visibleWhen: [{ path: '/shortText', op: 'notEmpty' }] } });
    // Out to the page, where /shortText is text-1's: text-2 becomes /shortText2 and the rule follows it.
    s = run(s, { type: 'moveSection', id: 'section-3', to: { pageId: 'page-1' } });
    expect(findField(s.document, 'text-2')).toMatchObject({ base: '', field: { path: '/shortText2' } });
    expect(findField(s.document, 'email-1')?.field.visibleWhen).toEqual([{ path: '/shortText2', op: 'notEmpty' }]);
    expect(findField(s.document, 'text-1')?.field.path).toBe('/shortText');
  });

  it('duplicates a section with the sections inside it: new ids, fresh paths, a new list for a repeatable one', () => {
    let s = run(fresh(), { type: 'addSection', title: 'Inner', to: { pageId: 'page-1', parentId: 'section-1' } }, { type: 'addField', kind: WIDGET_KINDS.text, to: { sectionId: 'section-2' } });
    s = run(s, { type: 'duplicate', id: 'section-1' });
    expect(outline(s)).toEqual([['section-1', ['section-2']], ['section-3', ['section-4']]]);
    expect(findSection(s.document, 'section-4')?.section.fields.map((f) => f.path)).toEqual(['/shortText2']);
    expect(props(s.document).shortText2).toEqual({ type: 'string', maxLength: 200 });
    // A repeatable section with a section inside: the copy's items keep their paths in a new list.
    s = run(s, { type: 'addSection', title: 'Jobs', repeatable: true, to: { pageId: 'page-1' } }, { type: 'addSection', title: 'Dates', to: { pageId: 'page-1', parentId: 'section-5' } });
    s = run(s, { type: 'addField', kind: WIDGET_KINDS.date, to: { sectionId: 'section-6' } }, { type: 'duplicate', id: 'section-5' });
    const copy = findSection(s.document, 'section-7');
    expect(copy?.section.repeatable?.path).toBe('/jobs2');
    expect(copy?.section.sections?.[0]?.fields.map((f) => f.path)).toEqual(findSection(s.document, 'section-6')?.section.fields.map((f) => f.path));
    expect(Object.keys(props(s.document).jobs2?.items?.properties ?? {})).toEqual(Object.keys(props(s.document).jobs?.items?.properties ?? {}));
    // Duplicating the nested section puts the copy beside it, inside the same parent.
    s = run(s, { type: 'duplicate', id: 'section-2' });
    expect(findSection(s.document, s.selection?.id ?? '')).toMatchObject({ parent: { id: 'section-1' }, index: 1 });
  });

  it('deletes a section with the sections inside it, their schemas and lists; its fields count for dependants', () => {
    let s = run(fresh(), { type: 'addField', kind: WIDGET_KINDS.checkbox }, { type: 'addSection', title: 'Wrapper', to: { pageId: 'page-1' } });
    s = run(s, { type: 'addSection', title: 'Pets', repeatable: true, to: { pageId: 'page-1', parentId: 'section-2' } }, { type: 'addSection', title: 'Inner', to: { pageId: 'page-1', parentId: 'section-2' } });
    s = run(s, { type: 'addField', kind: WIDGET_KINDS.text, to: { sectionId: 'section-4' } }, { type: 'updateField', id: 'checkbox-1', changes: { visibleWhen: [{ path: '/shortText', op: 'notEmpty' }] } });
    expect(fieldIdsIn(s.document, 'section-2')).toEqual(['text-1']);
    expect(dependentsOf(s.document, fieldIdsIn(s.document, 'section-2')).map((f) => f.id)).toEqual(['checkbox-1']);
    expect(props(s.document).pets).toBeDefined();
    const before = s;
    s = run(s, { type: 'delete', id: 'section-2' });
    expect(outline(s)).toEqual(['section-1']);
    expect(props(s.document).pets).toBeUndefined();
    expect(props(s.document).shortText).toBeUndefined();
    expect(s.past.length).toBe(before.past.length + 1);
    expect(run(s, { type: 'undo' }).document).toEqual(before.document);
  });
});
