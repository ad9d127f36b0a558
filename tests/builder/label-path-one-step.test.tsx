import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormBuilder } from '../../src';
import { builderReducer, emptyDocument, findField, initialBuilderState, type BuilderAction, type BuilderState } from '../../src/builder/model';
import { WIDGET_KINDS } from '../../src/engine/widget-kinds';
import { renderInApi, setupFakeApi } from '../admin/support/screen';
import { memoryStorage } from './support/memory-storage';

setupFakeApi();

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
    await user.click(await screen.findByRole('button', { name: 'Add Short text' }, { timeout: 5000 }));
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

  it('keeps each key typed one step, the path following the label at every step', async () => {
    const { user } = renderInApi(<FormBuilder draftStorage={memoryStorage()} />);
    await user.click(await screen.findByRole('button', { name: 'Add Short text' }, { timeout: 5000 }));
    await user.clear(label());
    await user.type(label(), 'Age');
    await user.tab();
    await waitFor(() => expect(path().value).toBe('/age'));
    await user.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(label().value).toBe('Ag'));
    expect(path().value).toBe('/ag');
    await user.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(label().value).toBe('A'));
    expect(path().value).toBe('/a');
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    await waitFor(() => expect(label().value).toBe('Ag'));
    expect(path().value).toBe('/ag');
  });
});
