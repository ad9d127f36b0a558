import { act, screen, waitFor } from '@testing-library/react';
import { useCallback, useState } from 'react';
import { BuilderCanvas, sameOutline } from '../../src/builder/BuilderCanvas';
import { createLiveTexts, fieldTextsOnlyChanged, TEXTS_SETTLE_MS, useCanvasDocument } from '../../src/builder/live-texts';
import { builderReducer, CanvasCompileCache, findField, initialBuilderState, type BuilderAction, type BuilderSelection, type BuilderState } from '../../src/builder/model';
import { WIDGET_KINDS } from '../../src/engine/widget-kinds';
import { generateForm } from '../../src/forms';
import { withFormWidgets } from '../../src/forms/widgets/registry';
import { defaultLabels } from '../../src/query/labels';
import { renderWithProviders } from '../support/render';

// Counts the renders of each canvas field's widget (a field renders its widget exactly once per render).
const renders = vi.hoisted(() => new Map<string, number>());
vi.mock('../../src/forms/widgets/EditWidget', async (importOriginal) =>
  (await import('../support/widget-renders')).countingEditWidget(importOriginal, renders),
);

const widgets = withFormWidgets();
const form = generateForm(40);
const ids = form.layout.pages.flatMap((p) => p.sections.flatMap((s) => s.fields.map((f) => f.id)));
const start = () => initialBuilderState({ jsonSchema: form.jsonSchema, layout: form.layout });
const run = (state: BuilderState, ...actions: BuilderAction[]) => actions.reduce(builderReducer, state);

describe('which changes only a field\'s display texts', () => {
  it('a label, help text or placeholder only; not options, widget, path, rules or the outline', () => {
    const s = start();
    const id = ids[3]!;
    const field = findField(s.document, id)!.field;
    const texts = run(s, { type: 'updateField', id, changes: { label: 'Renamed', helpText: 'Help', placeholder: 'Type' } });
    expect(fieldTextsOnlyChanged(s.document, texts.document)).toBe(true);
    expect(fieldTextsOnlyChanged(texts.document, run(texts, { type: 'undo' }).document)).toBe(true);
    const options = run(s, { type: 'updateField', id, changes: { options: [{ value: 'a', label: 'A' }] } });
    expect(fieldTextsOnlyChanged(s.document, options.document)).toBe(false);
    const readOnly = run(s, { type: 'updateField', id, changes: { readOnly: !field.readOnly } });
    expect(fieldTextsOnlyChanged(s.document, readOnly.document)).toBe(false);
    const moved = run(s, { type: 'moveFieldBy', id, delta: 1 });
    expect(fieldTextsOnlyChanged(s.document, moved.document)).toBe(false);
    const section = form.layout.pages[0]!.sections[0]!.id;
    const retitled = run(s, { type: 'updateSection', id: section, changes: { title: 'Other' } });
    expect(fieldTextsOnlyChanged(s.document, retitled.document)).toBe(false);
  });
});

let dispatch: (action: BuilderAction) => void = () => {};

/** The builder's screen as far as the canvas goes: the document, the canvas's document and the live texts. */
function Harness({ follow = false }: { follow?: boolean }) {
  const [state, set] = useState(start);
  dispatch = (action) => set((s) => builderReducer(s, action));
  const [live] = useState(createLiveTexts);
  const shown = useCanvasDocument(state.document, follow, sameOutline, live);
  const onSelect = useCallback((selection: BuilderSelection) => set((s) => builderReducer(s, { type: 'select', selection })), []);
  return (
    <BuilderCanvas doc={shown} liveTexts={live} selection={state.selection} kinds={WIDGET_KINDS} widgets={widgets} labels={defaultLabels} editing={null} onSelect={onSelect} />
  );
}

const snapshot = () => Object.fromEntries(renders);
const changedSince = (before: Record<string, number>) => Object.keys(snapshot()).filter((id) => renders.get(id) !== before[id]);

describe('a key in a field\'s label reaches its canvas item directly', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the new label in the same commit, re-rendering that field only; the canvas compiles once the typing pauses', async () => {
    renderWithProviders(<Harness />);
    await waitFor(() => expect(renders.size).toBe(40), { timeout: 10_000 });
    const compiles = vi.spyOn(CanvasCompileCache.prototype, 'get');
    const id = ids[7]!;
    const before = snapshot();
    for (const text of ['E', 'Ed', 'Edi']) {
      act(() => dispatch({ type: 'updateField', id, changes: { label: text } }));
      // In the commit of the key itself: no waiting for a deferred render.
      expect(screen.getByRole('button', { name: `Field ${text}` })).toBeTruthy();
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(changedSince(before)).toEqual([`ccq-builder-${id}`]);
    expect(compiles.mock.calls.filter(([doc]) => findField(doc, id)?.field.label.startsWith('E'))).toEqual([]);
    // Once nothing changed for a moment, the canvas takes the document (one compile for the burst).
    await waitFor(() => expect(compiles.mock.calls.some(([doc]) => findField(doc, id)?.field.label === 'Edi')).toBe(true), { timeout: TEXTS_SETTLE_MS * 10 });
    expect(compiles.mock.calls.filter(([doc]) => findField(doc, id)?.field.label.startsWith('E')).every(([doc]) => findField(doc, id)?.field.label === 'Edi')).toBe(true);
    expect(screen.getByText('Edi')).toBeTruthy();
    // Undo of a key shows at once too.
    act(() => dispatch({ type: 'undo' }));
    expect(screen.getByText('Ed')).toBeTruthy();
  });

  it('with the preview open, the canvas follows every key (compiled without waiting for a pause)', async () => {
    renderWithProviders(<Harness follow />);
    await waitFor(() => expect(renders.size).toBe(40), { timeout: 10_000 });
    const compiles = vi.spyOn(CanvasCompileCache.prototype, 'get');
    const id = ids[7]!;
    act(() => dispatch({ type: 'updateField', id, changes: { label: 'Followed' } }));
    await waitFor(() => expect(compiles.mock.calls.some(([doc]) => findField(doc, id)?.field.label === 'Followed')).toBe(true), { timeout: TEXTS_SETTLE_MS / 2 });
    act(() => dispatch({ type: 'updateField', id, changes: { helpText: 'Said below' } }));
    await waitFor(() => expect(screen.getByText('Said below')).toBeTruthy());
  });
});
