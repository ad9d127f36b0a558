import { describe, expect, it } from 'vitest';
import { builderReducer, fieldIdsIn, findField, initialBuilderState, renameAction, type BuilderAction, type BuilderDocument, type BuilderState } from '../../src/builder/model';
import type { FormLayout, JsonObject } from '../../src/api/types';

/** A form whose second page, its section and its checkbox share the id 'consent' (as the seeded loan application's). */
function sharedIdForm(): BuilderDocument {
  const jsonSchema: JsonObject = { type: 'object', properties: { name: { type: 'string' }, consent: { type: 'boolean' } } };
  const layout: FormLayout = {
    pages: [
      { id: 'about', title: 'About', sections: [{ id: 'you', title: 'You', fields: [{ id: 'name', path: '/name', widget: 'text', label: 'Name' }] }] },
      {
        id: 'consent',
        title: 'Consent',
        sections: [{ id: 'consent', title: 'Consent and signature', fields: [{ id: 'consent', path: '/consent', widget: 'checkbox', label: 'I agree' }] }],
      },
    ],
  };
  return { jsonSchema, layout };
}

const run = (...actions: BuilderAction[]): BuilderState => actions.reduce(builderReducer, initialBuilderState(sharedIdForm()));
const pages = (state: BuilderState) => state.document.layout.pages.map((p) => `${p.id}:${p.title}:${p.sections.map((s) => `${s.title}[${s.fields.map((f) => f.label).join(',')}]`).join(';')}`);

describe('builder actions on an id a page, a section and a field share', () => {
  it('duplicate with a kind copies that item: the page (a new page), the section, the field', () => {
    expect(run({ type: 'duplicate', id: 'consent', kind: 'page' }).document.layout.pages).toHaveLength(3);
    expect(pages(run({ type: 'duplicate', id: 'consent', kind: 'page' })).at(-1)).toMatch(/:Consent:Consent and signature\[I agree\]$/);
    expect(run({ type: 'duplicate', id: 'consent', kind: 'section' }).document.layout.pages[1]?.sections).toHaveLength(2);
    expect(run({ type: 'duplicate', id: 'consent', kind: 'field' }).document.layout.pages[1]?.sections[0]?.fields).toHaveLength(2);
  });

  it('delete with a kind removes that item: the page goes with its section and field; the section leaves the page', () => {
    expect(pages(run({ type: 'delete', id: 'consent', kind: 'page' }))).toEqual(['about:About:You[Name]']);
    const noSection = run({ type: 'delete', id: 'consent', kind: 'section' });
    expect(pages(noSection)).toEqual(['about:About:You[Name]', 'consent:Consent:']);
    expect(findField(noSection.document, 'consent')).toBeNull();
    expect(pages(run({ type: 'delete', id: 'consent', kind: 'field' }))).toEqual(['about:About:You[Name]', 'consent:Consent:Consent and signature[]']);
  });

  it('renames and lists fields of the kind asked', () => {
    const doc = sharedIdForm();
    expect(renameAction(doc, 'consent', 'Signature', undefined, 'page')).toEqual({ type: 'updatePage', id: 'consent', changes: { title: 'Signature' } });
    expect(renameAction(doc, 'consent', 'Agreement', undefined, 'section')).toEqual({ type: 'updateSection', id: 'consent', changes: { title: 'Agreement' } });
    expect(renameAction(doc, 'consent', 'I accept', undefined, 'field')).toEqual({ type: 'updateField', id: 'consent', changes: { label: 'I accept' } });
    expect(fieldIdsIn(doc, 'consent', 'page')).toEqual(['consent']);
    expect(fieldIdsIn(doc, 'about', 'page')).toEqual(['name']);
  });
});
