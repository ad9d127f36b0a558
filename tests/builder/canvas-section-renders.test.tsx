import { act, waitFor } from '@testing-library/react';
import { useCallback, useState } from 'react';
import { BuilderCanvas } from '../../src/builder/BuilderCanvas';
import { builderReducer, initialBuilderState, type BuilderSelection, type BuilderState } from '../../src/builder/model';
import { WIDGET_KINDS } from '../../src/engine/widget-kinds';
import { generateForm } from '../../src/forms';
import { withFormWidgets } from '../../src/forms/widgets/registry';
import { defaultLabels } from '../../src/query/labels';
import { renderWithProviders } from '../support/render';

// Counts the renders of each canvas item: every section and every field calls useLazyDraggable once per render.
const renders = vi.hoisted(() => new Map<string, number>());
vi.mock('@dnd-kit/core', async (importOriginal) => (await import('./support/item-renders')).countingDraggable(importOriginal, renders));
vi.mock('../../src/builder/lazy-draggable', async (importOriginal) => (await import('./support/item-renders')).countingLazyDraggable(importOriginal, renders, renders));

const widgets = withFormWidgets();
let setState: (next: (s: BuilderState) => BuilderState) => void = () => {};

function Harness({ initial }: { initial: BuilderState }) {
  const [state, set] = useState(initial);
  setState = set;
  const onSelect = useCallback((selection: BuilderSelection) => set((s) => builderReducer(s, { type: 'select', selection })), []);
  return <BuilderCanvas doc={state.document} selection={state.selection} kinds={WIDGET_KINDS} widgets={widgets} labels={defaultLabels} editing={null} onSelect={onSelect} />;
}

const snapshot = () => Object.fromEntries(renders);
const changedSince = (before: Record<string, number>) => Object.keys(snapshot()).filter((id) => renders.get(id) !== before[id]).sort();

describe('the builder canvas re-renders only the sections concerned', () => {
  it('a selection re-renders the sections of the old and the new selection, an edit the section of the field', async () => {
    const form = generateForm(40);
    const sections = form.layout.pages.flatMap((p) => p.sections);
    expect(sections.length).toBeGreaterThan(2);
    const first = sections[0]!;
    const last = sections[sections.length - 1]!;
    renderWithProviders(<Harness initial={initialBuilderState({ jsonSchema: form.jsonSchema, layout: form.layout })} />);
    await waitFor(() => expect(renders.has(last.fields[0]!.id)).toBe(true));
    act(() => setState((s) => builderReducer(s, { type: 'select', selection: { type: 'field', id: first.fields[0]!.id } })));

    let before = snapshot();
    act(() => setState((s) => builderReducer(s, { type: 'select', selection: { type: 'field', id: last.fields[0]!.id } })));
    expect(changedSince(before)).toEqual([first.id, first.fields[0]!.id, last.id, last.fields[0]!.id].sort());

    before = snapshot();
    act(() => setState((s) => builderReducer(s, { type: 'updateField', id: last.fields[1]!.id, changes: { label: 'Renamed' } })));
    await waitFor(() => expect(changedSince(before)).toContain(last.fields[1]!.id));
    expect(changedSince(before)).toEqual([last.id, last.fields[1]!.id].sort());
  });
});
