// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  BUILDER_HISTORY_LIMIT,
  builderReducer,
  dependentsOf,
  emptyDocument,
  findField,
  findSection,
  initialBuilderState,
  isRequired,
  pathForLabel,
  renameAction,
  type BuilderAction,
  type BuilderDocument,
  type BuilderState,
} from '../../src/builder/model';
import { labelToPath, pathFollowsLabel } from '../../src/engine/authoring';
import { WIDGET_KINDS } from '../../src/engine/widget-kinds';
import { checkFormDraft } from '../../src/engine/draft-check';

const run = (state: BuilderState, ...actions: BuilderAction[]) => actions.reduce(builderReducer, state);
const fresh = () => initialBuilderState(emptyDocument());
const props = (doc: BuilderDocument) => (doc.jsonSchema.properties ?? {}) as Record<string, unknown>;

describe('builder model', () => {
  it('adds a field of a kind with its default field and schema, after the selection, and selects it', () => {
    let s = run(fresh(), { type: 'addField', kind: WIDGET_KINDS.text });
    expect(s.selection).toEqual({ type: 'field', id: 'text-1' });
    expect(s.document.layout.pages[0]?.sections[0]?.fields[0]).toMatchObject({ id: 'text-1', widget: 'text', label: 'Short text', path: '/shortText' });
    expect(props(s.document).shortText).toEqual({ type: 'string', maxLength: 200 });
    s = run(s, { type: 'addField', kind: WIDGET_KINDS.email }, { type: 'select', selection: { type: 'field', id: 'text-1' } }, { type: 'addField', kind: WIDGET_KINDS.text });
    expect(s.document.layout.pages[0]?.sections[0]?.fields.map((f) => f.path)).toEqual(['/shortText', '/shortText2', '/email']);
    // Static text needs no data path and adds no schema.
    s = run(s, { type: 'addField', kind: WIDGET_KINDS.static });
    expect(findField(s.document, 'static-1')?.field.path).toBe('');
    expect(Object.keys(props(s.document))).toEqual(['shortText', 'email', 'shortText2']);
  });

  it('adds pages, sections and a repeatable section with an array schema', () => {
    let s = run(fresh(), { type: 'addPage', title: 'Page 2', sectionTitle: 'Section 1' });
    expect(s.document.layout.pages.map((p) => p.id)).toEqual(['page-1', 'page-2']);
    s = run(s, { type: 'addSection', title: 'Employment history', repeatable: true });
    const at = findSection(s.document, 'section-3');
    expect(at?.page.id).toBe('page-2');
    expect(at?.section.repeatable).toEqual({ path: '/employmentHistory', minItems: 0 });
    expect(props(s.document).employmentHistory).toEqual({ type: 'array', items: { type: 'object', properties: {} } });
    s = run(s, { type: 'addField', kind: WIDGET_KINDS.text });
    expect(findField(s.document, 'text-1')?.section.id).toBe('section-3');
    expect((props(s.document).employmentHistory as { items: { properties: object } }).items.properties).toEqual({ shortText: { type: 'string', maxLength: 200 } });
  });

  it('renames a data path: the schema moves, required stays, and every rule and computation naming it is rewritten', () => {
    let s = run(fresh(), { type: 'addField', kind: WIDGET_KINDS.checkbox }, { type: 'addField', kind: WIDGET_KINDS.text }, { type: 'setRequired', id: 'checkbox-1', required: true });
    s = run(s, { type: 'updateField', id: 'text-1', changes: { visibleWhen: [{ path: '/checkbox', op: 'eq', value: true }, { any: [{ path: '/checkbox', op: 'notEmpty' }] }] } });
    s = run(s, { type: 'renamePath', id: 'checkbox-1', path: '/agree' });
    expect(props(s.document).agree).toEqual({ type: 'boolean' });
    expect(props(s.document).checkbox).toBeUndefined();
    const text = findField(s.document, 'text-1')?.field;
    expect(text?.visibleWhen).toEqual([{ path: '/agree', op: 'eq', value: true }, { any: [{ path: '/agree', op: 'notEmpty' }] }]);
    const at = findField(s.document, 'checkbox-1');
    expect(at && isRequired(s.document, at.section, at.field)).toBe(true);
  });

  it('names the fields whose rules depend on a field being deleted', () => {
    let s = run(fresh(), { type: 'addField', kind: WIDGET_KINDS.checkbox }, { type: 'addField', kind: WIDGET_KINDS.text }, { type: 'addField', kind: WIDGET_KINDS.number });
    s = run(s, { type: 'updateField', id: 'text-1', changes: { label: 'Why', requiredWhen: [{ path: '/checkbox', op: 'eq', value: true }] } });
    s = run(s, { type: 'updateField', id: 'number-1', changes: { computed: { op: 'count', paths: ['/shortText'] } } });
    expect(dependentsOf(s.document, ['checkbox-1']).map((f) => f.label)).toEqual(['Why']);
    expect(dependentsOf(s.document, ['text-1']).map((f) => f.id)).toEqual(['number-1']);
    expect(dependentsOf(s.document, ['number-1'])).toEqual([]);
    // A whole section's fields: dependants inside it do not count.
    expect(dependentsOf(s.document, ['checkbox-1', 'text-1', 'number-1'])).toEqual([]);
  });

  it('moves fields up and down, across sections and pages, and into a repeatable section with their schema', () => {
    let s = run(fresh(), { type: 'addField', kind: WIDGET_KINDS.text }, { type: 'addField', kind: WIDGET_KINDS.email });
    s = run(s, { type: 'moveFieldBy', id: 'email-1', delta: -1 });
    expect(s.document.layout.pages[0]?.sections[0]?.fields.map((f) => f.id)).toEqual(['email-1', 'text-1']);
    const before = s;
    expect(run(s, { type: 'moveFieldBy', id: 'email-1', delta: -1 })).toBe(before);
    s = run(s, { type: 'addPage', title: 'Two', sectionTitle: 'S' }, { type: 'moveFieldBy', id: 'text-1', delta: 1 });
    expect(findField(s.document, 'text-1')?.page.id).toBe('page-2');
    s = run(s, { type: 'addSection', title: 'Jobs', repeatable: true, to: { pageId: 'page-2' } });
    s = run(s, { type: 'updateField', id: 'email-1', changes: { visibleWhen: [{ path: '/shortText', op: 'notEmpty' }] } });
    s = run(s, { type: 'moveField', id: 'text-1', to: { sectionId: 'section-3', index: 0 } });
    expect(props(s.document).shortText).toBeUndefined();
    expect((props(s.document).jobs as { items: { properties: object } }).items.properties).toHaveProperty('shortText');
    expect(findField(s.document, 'email-1')?.field.visibleWhen).toEqual([{ path: '/jobs/*/shortText', op: 'notEmpty' }]);
  });

  it('makes each move one undo step: a field into and out of a repeatable section, a section onto an empty page', () => {
    let s = run(fresh(), { type: 'addField', kind: WIDGET_KINDS.text }, { type: 'addSection', title: 'Jobs', repeatable: true }, { type: 'addPage', title: 'Two', sectionTitle: 'S' });
    s = run(s, { type: 'delete', id: 'section-3' });
    expect(s.document.layout.pages[1]?.sections).toEqual([]);
    const start = s;
    const steps = start.past.length;
    s = run(s, { type: 'moveField', id: 'text-1', to: { sectionId: 'section-2' } });
    expect(s.past.length).toBe(steps + 1);
    expect(findField(s.document, 'text-1')?.section.id).toBe('section-2');
    expect(props(s.document).shortText).toBeUndefined();
    s = run(s, { type: 'moveField', id: 'text-1', to: { sectionId: 'section-1' } });
    expect(props(s.document).shortText).toEqual({ type: 'string', maxLength: 200 });
    s = run(s, { type: 'moveSection', id: 'section-2', to: { pageId: 'page-2' } });
    expect(s.past.length).toBe(steps + 3);
    expect(s.document.layout.pages.map((p) => p.sections.map((x) => x.id))).toEqual([['section-1'], ['section-2']]);
    // Moving it where it already is changes nothing and adds no step.
    expect(run(s, { type: 'moveSection', id: 'section-2', to: { pageId: 'page-2' } })).toBe(s);
    s = run(s, { type: 'undo' }, { type: 'undo' }, { type: 'undo' });
    expect(s.document).toEqual(start.document);
  });

  it('duplicates and deletes fields and sections with their schemas', () => {
    let s = run(fresh(), { type: 'addField', kind: WIDGET_KINDS.select }, { type: 'setRequired', id: 'select-1', required: true }, { type: 'duplicate', id: 'select-1' });
    expect(s.selection).toEqual({ type: 'field', id: 'select-2' });
    expect(findField(s.document, 'select-2')?.field).toMatchObject({ path: '/chooseOne2', label: 'Choose one', options: WIDGET_KINDS.select.defaultField.options });
    expect(s.document.jsonSchema.required).toEqual(['chooseOne', 'chooseOne2']);
    s = run(s, { type: 'duplicate', id: 'section-1' });
    expect(s.document.layout.pages[0]?.sections.map((x) => x.fields.length)).toEqual([2, 2]);
    expect(Object.keys(props(s.document))).toHaveLength(4);
    s = run(s, { type: 'delete', id: 'section-1' });
    expect(Object.keys(props(s.document))).toHaveLength(2);
    s = run(s, { type: 'delete', id: 'select-1' });
    expect(findField(s.document, 'select-1')).toBeNull();
  });

  it('adds a matrix with its rows, columns and a schema naming each row; required, it is a draft the save check accepts', () => {
    const s = run(fresh(), { type: 'addField', kind: WIDGET_KINDS.matrix }, { type: 'setRequired', id: 'matrix-1', required: true });
    const matrix = findField(s.document, 'matrix-1')!.field;
    expect(matrix).toMatchObject({ widget: 'matrix', label: 'Rate each row', rows: WIDGET_KINDS.matrix.defaultField.rows, options: WIDGET_KINDS.matrix.defaultField.options });
    expect(props(s.document)[matrix.path.slice(1)]).toEqual({
      type: 'object',
      properties: { 'row-1': { type: 'string', enum: ['column-1', 'column-2', 'column-3'] }, 'row-2': { type: 'string', enum: ['column-1', 'column-2', 'column-3'] } },
      additionalProperties: false,
    });
    expect(s.document.jsonSchema.required).toContain(matrix.path.slice(1));
    expect(checkFormDraft(s.document, WIDGET_KINDS)).toEqual([]);
  });

  it('duplicates a page after it: new ids, fresh data paths with their schemas, a new list for its repeatable section; one undo step', () => {
    let s = run(
      fresh(),
      { type: 'addField', kind: WIDGET_KINDS.text },
      { type: 'setRequired', id: 'text-1', required: true },
      { type: 'addField', kind: WIDGET_KINDS.rating },
      { type: 'updateFieldSchema', id: 'rating-1', schema: { type: 'integer', minimum: 1, maximum: 7 } },
      { type: 'addSection', title: 'Jobs', repeatable: true },
      { type: 'addField', kind: WIDGET_KINDS.date },
      { type: 'addPage', title: 'Page 2', sectionTitle: 'Section 1' },
    );
    const before = s.document;
    s = run(s, { type: 'duplicate', id: 'page-1' });
    const pages = s.document.layout.pages;
    expect(pages.map((p) => p.title)).toEqual(['Page 1', 'Page 1', 'Page 2']);
    expect(s.selection).toEqual({ type: 'page', id: pages[1]!.id });
    const fieldsOf = (page: (typeof pages)[number]) => page.sections.flatMap((x) => x.fields);
    const [original, copy] = [fieldsOf(pages[0]!), fieldsOf(pages[1]!)];
    expect(copy.map((f) => [f.widget, f.label])).toEqual(original.map((f) => [f.widget, f.label]));
    // Every id in the document once; the copy's own fields at paths of their own, its list field inside a new list.
    const ids = [...pages.map((p) => p.id), ...pages.flatMap((p) => p.sections.map((x) => x.id)), ...pages.flatMap(fieldsOf).map((f) => f.id)];
    expect(new Set(ids).size).toBe(ids.length);
    const lists = pages.slice(0, 2).map((p) => p.sections.find((x) => x.repeatable)?.repeatable?.path);
    expect(lists[0]).not.toBe(lists[1]);
    expect(props(s.document)[lists[1]!.slice(1)]).toMatchObject({ type: 'array', items: { type: 'object', properties: { date: { type: 'string', format: 'date' } } } });
    const topLevel = (fields: typeof copy) => fields.filter((f) => f.widget !== 'date').map((f) => f.path);
    expect(topLevel(copy).filter((path) => topLevel(original).includes(path))).toEqual([]);
    const ratingCopy = copy.find((f) => f.widget === 'rating')!;
    expect(props(s.document)[ratingCopy.path.slice(1)]).toEqual({ type: 'integer', minimum: 1, maximum: 7 });
    expect(s.document.jsonSchema.required).toEqual(expect.arrayContaining(['shortText', copy.find((f) => f.widget === 'text')!.path.slice(1)]));
    expect(checkFormDraft(s.document, WIDGET_KINDS)).toEqual([]);
    // One step back and forth.
    const after = s.document;
    s = run(s, { type: 'undo' });
    expect(s.document).toEqual(before);
    s = run(s, { type: 'redo' });
    expect(s.document).toEqual(after);
  });

  it(`undoes and redoes every change, including other pages and rules; keeps ${BUILDER_HISTORY_LIMIT} steps`, () => {
    const start = run(fresh(), { type: 'addField', kind: WIDGET_KINDS.text }, { type: 'addPage', title: 'P2', sectionTitle: 'S' });
    let s = start;
    const snapshots: BuilderDocument[] = [s.document];
    for (let i = 0; i < 120; i++) {
      const action: BuilderAction =
        i % 3 === 0
          ? { type: 'addField', kind: WIDGET_KINDS.number, to: { sectionId: 'section-1' } }
          : i % 3 === 1
            ? { type: 'updateField', id: 'text-1', changes: { label: `Label ${i}`, visibleWhen: [{ path: '/number', op: 'gt', value: i }] } }
            : { type: 'updatePage', id: 'page-2', changes: { title: `Page ${i}` } };
      s = run(s, action);
      snapshots.push(s.document);
    }
    expect(s.past).toHaveLength(122);
    for (let i = 119; i >= 0; i--) {
      s = run(s, { type: 'undo' });
      expect(s.document).toEqual(snapshots[i]);
    }
    for (let i = 1; i <= 120; i++) {
      s = run(s, { type: 'redo' });
      expect(s.document).toEqual(snapshots[i]);
    }
    // A new change clears what could be redone.
    s = run(s, { type: 'undo' }, { type: 'updatePage', id: 'page-1', changes: { title: 'X' } });
    expect(s.future).toHaveLength(0);
    // The oldest steps are dropped past the limit.
    for (let i = 0; i < BUILDER_HISTORY_LIMIT; i++) s = run(s, { type: 'updatePage', id: 'page-1', changes: { title: `T${i}` } });
    expect(s.past).toHaveLength(BUILDER_HISTORY_LIMIT);
  });

  it('restores the selection with undo, and selecting is not a step', () => {
    let s = run(fresh(), { type: 'addField', kind: WIDGET_KINDS.text }, { type: 'select', selection: null });
    expect(s.past).toHaveLength(1);
    s = run(s, { type: 'undo' });
    expect(s.selection).toBeNull();
    s = run(s, { type: 'redo' });
    expect(s.selection).toEqual({ type: 'field', id: 'text-1' });
  });

  it('replaces the whole document as one undoable step', () => {
    const s = run(fresh(), { type: 'addField', kind: WIDGET_KINDS.text });
    const other = emptyDocument('Other');
    const r = run(s, { type: 'replaceDocument', document: other });
    expect(r.document).toEqual(other);
    expect(r.selection).toBeNull();
    expect(run(r, { type: 'undo' }).document).toEqual(s.document);
  });

  it('changes a field, its schema node and required as one step, keeping its id and path', () => {
    let s = run(fresh(), { type: 'addField', kind: WIDGET_KINDS.text });
    const field = findField(s.document, 'text-1')!.field;
    s = run(s, { type: 'changeField', id: 'text-1', field: { ...field, id: 'other', path: '/other', label: 'Name', helpText: 'Your name' }, schema: { type: 'string', maxLength: 50 }, required: true });
    expect(findField(s.document, 'text-1')?.field).toEqual({ id: 'text-1', path: '/shortText', widget: 'text', label: 'Name', helpText: 'Your name' });
    expect(props(s.document).shortText).toEqual({ type: 'string', maxLength: 50 });
    expect(s.document.jsonSchema.required).toEqual(['shortText']);
    // A property left out of the new field is removed.
    s = run(s, { type: 'changeField', id: 'text-1', field: { id: 'text-1', path: '/shortText', widget: 'text', label: 'Name' }, schema: { type: 'string' }, required: false });
    expect(findField(s.document, 'text-1')?.field.helpText).toBeUndefined();
    expect(s.document.jsonSchema.required).toBeUndefined();
    expect(run(s, { type: 'undo' }).document.jsonSchema.required).toEqual(['shortText']);
  });

  it('renames a repeatable section\'s list: its schema moves and rules naming its items follow', () => {
    let s = run(fresh(), { type: 'addSection', title: 'Jobs', repeatable: true }, { type: 'addField', kind: WIDGET_KINDS.text }, { type: 'addPage', title: 'P2', sectionTitle: 'S' });
    s = run(s, { type: 'addField', kind: WIDGET_KINDS.number, to: { sectionId: 'section-3' } });
    s = run(s, { type: 'updateField', id: 'number-1', changes: { computed: { op: 'count', paths: ['/jobs/*/shortText'] } } });
    s = run(s, { type: 'updateSection', id: 'section-2', changes: { repeatable: { path: '/employment', minItems: 1 } } });
    expect(findSection(s.document, 'section-2')?.section.repeatable).toEqual({ path: '/employment', minItems: 1 });
    expect(props(s.document).jobs).toBeUndefined();
    expect(props(s.document).employment).toMatchObject({ type: 'array' });
    expect(findField(s.document, 'number-1')?.field.computed?.paths).toEqual(['/employment/*/shortText']);
  });

  it('derives data paths from labels by the engine\'s authoring rule (labelToPath), so "URL" gives the same path in both', () => {
    const url = { ...WIDGET_KINDS.url, defaultField: { label: 'URL' } };
    let s = run(fresh(), { type: 'addField', kind: url });
    const field = findField(s.document, 'url-1')?.field;
    expect(field?.path).toBe('/url');
    expect(field?.path).toBe(labelToPath('URL', []));
    // The property pane reads the path as following its label, so renaming the label renames the path.
    expect(pathFollowsLabel(field?.path ?? '', 'URL')).toBe(true);
    s = run(s, { type: 'addSection', title: 'URL', repeatable: true });
    expect(findSection(s.document, 'section-2')?.section.repeatable?.path).toBe('/url2');
    s = run(fresh(), { type: 'addSection', title: 'Ünïcode straße', repeatable: true }, { type: 'addSection', title: 'constructor', repeatable: true });
    expect(findSection(s.document, 'section-2')?.section.repeatable?.path).toBe(labelToPath('Ünïcode straße', []));
    expect(findSection(s.document, 'section-3')?.section.repeatable?.path).toBe(labelToPath('constructor', []));
  });

  it('renames an item in place as one step: a label with the path that follows it, a saved field\'s label alone, titles; nothing for the same or an empty text', () => {
    let s = run(fresh(), { type: 'addField', kind: WIDGET_KINDS.text }, { type: 'addField', kind: WIDGET_KINDS.static }, { type: 'addField', kind: WIDGET_KINDS.email });
    // The path follows the label, past a path already taken ('/email').
    const rename = renameAction(s.document, 'text-1', 'Email');
    expect(rename).toMatchObject({ type: 'changeField', id: 'text-1', field: { label: 'Email' }, path: '/email2' });
    const steps = s.past.length;
    s = run(s, rename!);
    expect(s.past.length).toBe(steps + 1);
    expect(findField(s.document, 'text-1')?.field).toMatchObject({ label: 'Email', path: '/email2' });
    expect(props(s.document).email2).toEqual({ type: 'string', maxLength: 200 });
    expect(props(s.document).shortText).toBeUndefined();
    s = run(s, { type: 'undo' });
    expect(findField(s.document, 'text-1')?.field).toMatchObject({ label: 'Short text', path: '/shortText' });
    // A path changed by hand no longer follows its label; a text block has no path: the label alone changes.
    s = run(s, { type: 'renamePath', id: 'text-1', path: '/given' });
    expect(renameAction(s.document, 'text-1', 'Given name')).toEqual({ type: 'updateField', id: 'text-1', changes: { label: 'Given name' } });
    expect(renameAction(s.document, 'static-1', 'Intro')).toEqual({ type: 'updateField', id: 'static-1', changes: { label: 'Intro' } });
    // A saved field keeps its data path: the reducer applies the label only.
    const saved = initialBuilderState(fresh().document, false);
    let t = run(saved, { type: 'addField', kind: WIDGET_KINDS.text }, { type: 'markSaved', document: run(saved, { type: 'addField', kind: WIDGET_KINDS.text }).document });
    t = run(t, renameAction(t.document, 'text-1', 'Full name')!);
    expect(findField(t.document, 'text-1')?.field).toMatchObject({ label: 'Full name', path: '/shortText' });
    // Sections and pages: their titles.
    expect(renameAction(s.document, 'section-1', 'About you')).toEqual({ type: 'updateSection', id: 'section-1', changes: { title: 'About you' } });
    expect(renameAction(s.document, 'page-1', 'Start')).toEqual({ type: 'updatePage', id: 'page-1', changes: { title: 'Start' } });
    // Nothing to do: the same text, an empty one, an unknown id.
    expect(renameAction(s.document, 'text-1', 'Short text')).toBeNull();
    expect(renameAction(s.document, 'text-1', '  ')).toBeNull();
    expect(renameAction(s.document, 'section-1', 'Section 1')).toBeNull();
    expect(renameAction(s.document, 'nothing', 'X')).toBeNull();
  });

  it('numbers a path that follows its label after the segment the label gives, for an emptied label and a long one too', () => {
    const taken = new Set(['/field', '/field2', `/${'a'.repeat(40)}`]);
    const check = (path: string) => (taken.has(path) ? ({ code: 'duplicate', message: 'taken' } as const) : null);
    // The pane renames as the label is typed: a label emptied by the keyboard takes `field`, numbered past those taken.
    expect(pathForLabel({ path: '/shortText2' }, '', check)).toBe('/field3');
    expect(pathForLabel({ path: '/shortText2' }, 'Given name', check)).toBe('/givenName');
    // A label whose segment is cut at its length limit still finds a free, numbered path.
    expect(pathForLabel({ path: '/x' }, 'a'.repeat(60), check)).toBe(`/${'a'.repeat(40)}2`);
    expect(pathForLabel({ path: '/group/x' }, '', check)).toBe('/group/field');
  });
});
