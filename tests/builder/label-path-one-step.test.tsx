import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormBuilder } from '../../src';
import { builderReducer, emptyDocument, findField, initialBuilderState, type BuilderAction, type BuilderState } from '../../src/builder/model';
import { WIDGET_KINDS } from '../../src/engine/widget-kinds';
import { diffSchemaFields } from '../../src/forms-admin/FormManager/schema-diff';
import { seedIds } from '../../src/testing/seed-ids';
import { renderInApi, setupFakeApi } from '../admin/support/screen';
import { memoryStorage } from './support/memory-storage';
import { BUILDER_FIRST_RENDER_MS } from './support/timing';

const { backend } = setupFakeApi();

const panel = () => screen.getByRole('region', { name: /properties/i });
const label = () => within(panel()).getByRole('textbox', { name: /^Label/ }) as HTMLInputElement;
const path = () => within(panel()).getByRole('textbox', { name: /^Data path/ }) as HTMLInputElement;

const run = (state: BuilderState, ...actions: BuilderAction[]) => actions.reduce(builderReducer, state);

describe('builder model: a label change with the path that follows it', () => {
  it('renames the path in the same step as the label: one undo restores both, one redo brings both back', () => {
    let s = run(initialBuilderState(emptyDocument()), { type: 'addField', kind: WIDGET_KINDS.text }, { type: 'setRequired', id: 'text-1', required: true });
    const before = s.document;
    const at = findField(before, 'text-1');
    if (!at) throw new Error('no field');
    const steps = s.past.length;
    const schema = (before.jsonSchema.properties as Record<string, object>).shortText ?? {};
    s = run(s, { type: 'changeField', id: 'text-1', field: { ...at.field, label: 'Full name' }, schema: { ...schema }, required: true, path: '/fullName' });
    expect(s.past.length).toBe(steps + 1);
    expect(findField(s.document, 'text-1')?.field).toMatchObject({ label: 'Full name', path: '/fullName' });
    expect(Object.keys(s.document.jsonSchema.properties ?? {})).toEqual(['fullName']);
    expect(s.document.jsonSchema.required).toEqual(['fullName']);
    s = run(s, { type: 'undo' });
    expect(s.document).toEqual(before);
    expect(findField(s.document, 'text-1')?.field).toMatchObject({ label: 'Short text', path: '/shortText' });
    s = run(s, { type: 'redo' });
    expect(findField(s.document, 'text-1')?.field).toMatchObject({ label: 'Full name', path: '/fullName' });
    expect(s.document.jsonSchema.required).toEqual(['fullName']);
  });
});

// A label whose data path follows it renames the path in the same step: one Ctrl+Z takes back both the label and the
// path, one Ctrl+Shift+Z brings both back; each key typed stays a step of its own.
describe('FormBuilder label and data path', () => {
  it('undoes a renamed label and the path that follows it with one Ctrl+Z, and redoes both with one Ctrl+Shift+Z', async () => {
    const { user } = renderInApi(<FormBuilder draftStorage={memoryStorage()} />);
    await user.click(await screen.findByRole('button', { name: 'Add Short text' }, { timeout: BUILDER_FIRST_RENDER_MS }));
    expect(label().value).toBe('Short text');
    expect(path().value).toBe('/shortText');
    // The whole label replaced at once (one change), then the label box left.
    await user.click(label());
    label().setSelectionRange(0, label().value.length);
    await user.paste('Full name');
    await user.tab();
    await waitFor(() => expect(path().value).toBe('/fullName'));
    expect(label().value).toBe('Full name');
    fireEvent.keyDown(path(), { key: 'z', ctrlKey: true });
    await waitFor(() => expect(label().value).toBe('Short text'));
    expect(path().value).toBe('/shortText');
    fireEvent.keyDown(path(), { key: 'z', ctrlKey: true, shiftKey: true });
    await waitFor(() => expect(label().value).toBe('Full name'));
    expect(path().value).toBe('/fullName');
  });

  it('makes what is typed in one visit of the label box one step, the path following the label at every key; a second visit is a step of its own', async () => {
    const { user } = renderInApi(<FormBuilder draftStorage={memoryStorage()} />);
    await user.click(await screen.findByRole('button', { name: 'Add Short text' }, { timeout: BUILDER_FIRST_RENDER_MS }));
    await user.clear(label());
    await user.type(label(), 'Ag');
    await waitFor(() => expect(path().value).toBe('/ag'));
    await user.type(label(), 'e');
    await waitFor(() => expect(path().value).toBe('/age'));
    // The box keeps the focus: Ctrl+Z there takes back the visit's whole typing (the clearing included), label and path.
    expect(label()).toHaveFocus();
    await user.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(label().value).toBe('Short text'));
    expect(path().value).toBe('/shortText');
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    await waitFor(() => expect(label().value).toBe('Age'));
    expect(path().value).toBe('/age');
    // Left and visited again: what is typed then is a step of its own.
    await user.tab();
    await user.click(label());
    await user.type(label(), 's');
    await waitFor(() => expect(path().value).toBe('/ages'));
    await user.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(label().value).toBe('Age'));
    expect(path().value).toBe('/age');
    await user.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(label().value).toBe('Short text'));
    // A long text typed in one visit is one step: one Ctrl+Z takes it all back, and the step before it is still there.
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    await waitFor(() => expect(label().value).toBe('Age'));
    await user.click(label());
    await user.type(label(), ' of the person'.repeat(3));
    await user.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(label().value).toBe('Age'));
    expect(screen.getByRole('button', { name: 'Undo' })).toBeEnabled();
  });
});

describe('builder model: what is typed in one visit of a text box is one step', () => {
  const typed = (s: BuilderState, label: string, typing?: string): BuilderState => {
    const at = findField(s.document, 'text-1');
    if (!at) throw new Error('no field');
    return run(s, { type: 'changeField', id: 'text-1', field: { ...at.field, label }, schema: { type: 'string' }, required: false, ...(typing ? { typing } : null) });
  };
  const added = () => run(initialBuilderState(emptyDocument()), { type: 'addField', kind: WIDGET_KINDS.text });

  it('joins the changes of one visit into the last step; one undo gives back the document before the visit itself', () => {
    const start = added();
    let s = typed(typed(typed(start, 'A', 'v1'), 'Ag', 'v1'), 'Age', 'v1');
    expect(s.past.length).toBe(start.past.length + 1);
    expect(s.past.at(-1)?.typing).toBe('v1');
    expect(findField(s.document, 'text-1')?.field.label).toBe('Age');
    const done = s.document;
    s = run(s, { type: 'undo' });
    expect(s.document).toBe(start.document);
    s = run(s, { type: 'redo' });
    expect(s.document).toBe(done);
    // Undone and redone through the patches (not the kept documents), the joined step gives the same documents.
    const { before: _b, after: _a, ...patchesOnly } = s.past.at(-1)!;
    const rebuilt = { ...s, past: [...s.past.slice(0, -1), patchesOnly] };
    const undone = run(rebuilt, { type: 'undo' });
    expect(undone.document).toEqual(start.document);
    const { before: _b2, after: _a2, ...redoOnly } = undone.future.at(-1)!;
    expect(run({ ...undone, future: [redoOnly] }, { type: 'redo' }).document).toEqual(done);
  });

  it('keeps steps apart across visits, across another change, after an undo, and without a visit', () => {
    const start = added();
    expect(typed(typed(start, 'A', 'v1'), 'Ag', 'v2').past.length).toBe(start.past.length + 2);
    const between = run(typed(start, 'A', 'v1'), { type: 'setRequired', id: 'text-1', required: true });
    expect(typed(between, 'Ag', 'v1').past.length).toBe(start.past.length + 3);
    // Undone while the box keeps the focus: the next key is a new step (redo is gone), the one after it joins that one.
    const undone = run(typed(typed(start, 'Hm', 'v1'), 'Hmm', 'v1'), { type: 'undo' });
    const again = typed(undone, 'X', 'v1');
    expect(again.past.length).toBe(start.past.length + 1);
    expect(again.future).toEqual([]);
    expect(typed(again, 'XY', 'v1').past.length).toBe(start.past.length + 1);
    expect(run(typed(again, 'XY', 'v1'), { type: 'undo' }).document).toBe(undone.document);
    // A change made with no visit named (a host's, or a programmatic one) is a step of its own.
    expect(typed(typed(start, 'A'), 'Ag').past.length).toBe(start.past.length + 2);
  });
});

// Once a field is in a saved version its data path is where answers are stored: the label no longer moves it.
describe('builder model: a saved field keeps its data path', () => {
  const phoneForm = () => {
    let s = run(initialBuilderState(emptyDocument()), { type: 'addField', kind: WIDGET_KINDS.text });
    const at = findField(s.document, 'text-1')!;
    s = run(s, { type: 'changeField', id: 'text-1', field: { ...at.field, label: 'Phone' }, schema: { type: 'string' }, required: false, path: '/phone' });
    return s;
  };
  const relabel = (s: BuilderState, id: string, label: string, path: string) => {
    const at = findField(s.document, id)!;
    return run(s, { type: 'changeField', id, field: { ...at.field, label }, schema: { type: 'string' }, required: false, path });
  };

  it('follows the label while new; once loaded as a saved version or marked saved, the label changes alone', () => {
    const draft = phoneForm();
    expect(findField(draft.document, 'text-1')?.field.path).toBe('/phone');
    // Loaded from a stored version: the label changes, the path stays.
    let s = run(draft, { type: 'load', document: draft.document, saved: true });
    s = relabel(s, 'text-1', 'Mobile phone', '/mobilePhone');
    expect(findField(s.document, 'text-1')?.field).toMatchObject({ label: 'Mobile phone', path: '/phone' });
    expect(Object.keys(s.document.jsonSchema.properties ?? {})).toEqual(['phone']);
    // A field added since still follows its label, until the save that stores it.
    s = run(s, { type: 'addField', kind: WIDGET_KINDS.text });
    const added = s.selection!.id;
    s = relabel(s, added, 'Email', '/email');
    expect(findField(s.document, added)?.field.path).toBe('/email');
    s = run(s, { type: 'markSaved', document: s.document });
    s = relabel(s, added, 'Work email', '/workEmail');
    expect(findField(s.document, added)?.field).toMatchObject({ label: 'Work email', path: '/email' });
    // Undo and redo keep what is saved; an explicit rename still renames.
    s = run(s, { type: 'undo' }, { type: 'redo' });
    expect(s.saved?.get(added)).toBe('/email');
    s = run(s, { type: 'renamePath', id: 'text-1', path: '/mobile' });
    expect(findField(s.document, 'text-1')?.field.path).toBe('/mobile');
  });
});

describe('FormBuilder on a saved form', () => {
  it('keeps /applicant/phone when "Phone" becomes "Mobile phone", and the new version compares as a changed label only', async () => {
    const { user } = renderInApi(<FormBuilder formId={seedIds.forms.contactRequest} draftStorage={memoryStorage()} />);
    const item = await screen.findByRole('button', { name: 'Field Phone' }, { timeout: 5000 });
    await user.click(item);
    expect(path().value).toBe('/applicant/phone');
    expect(path()).toHaveAttribute('readonly');
    await user.click(label());
    label().setSelectionRange(0, label().value.length);
    await user.paste('Mobile phone');
    await user.tab();
    expect(label().value).toBe('Mobile phone');
    expect(path().value).toBe('/applicant/phone');

    // The save dialog names no removed field; the save makes version 2 (an instance uses version 1).
    await user.click(within(screen.getByRole('toolbar', { name: 'Builder tools' })).getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText(/Saving makes a new version, version 2/);
    expect(within(dialog).queryByText(/Fields you removed/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(backend.db.formSchemas.filter((x) => x.formId === seedIds.forms.contactRequest)).toHaveLength(2));
    const [v1, v2] = backend.db.formSchemas.filter((x) => x.formId === seedIds.forms.contactRequest).sort((a, b) => a.version - b.version);
    const diff = diffSchemaFields(v1!.layout, v2!.layout);
    expect(diff.added).toEqual([]);
    expect(diff.removed).toEqual([]);
    expect(diff.changed.map((c) => [c.key, c.properties])).toEqual([['/applicant/phone', ['label']]]);
  });
});
