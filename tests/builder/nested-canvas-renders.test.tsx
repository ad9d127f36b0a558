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

describe('the builder canvas re-renders only the sections concerned, with sections inside sections', () => {
  it('a selection in a nested section re-renders it and the sections around it, not its neighbours; an edit likewise', async () => {
    const form = generateForm(40);
    const [first, inner, , ...rest] = form.layout.pages[0]!.sections;
    const last = rest[rest.length - 1] ?? form.layout.pages[form.layout.pages.length - 1]!.sections.at(-1)!;
    let initial = initialBuilderState({ jsonSchema: form.jsonSchema, layout: form.layout });
    // The page's second section goes inside its first.
    initial = builderReducer(initial, { type: 'moveSection', id: inner!.id, to: { pageId: form.layout.pages[0]!.id, parentId: first!.id } });
    expect(initial.document.layout.pages[0]!.sections[0]!.sections?.map((s) => s.id)).toEqual([inner!.id]);
    renderWithProviders(<Harness initial={initial} />);
    await waitFor(() => expect(renders.has(inner!.fields[0]!.id)).toBe(true));
    expect(document.querySelector(`[data-builder-section="${first!.id}"] [data-builder-section="${inner!.id}"]`)).not.toBeNull();
    act(() => setState((s) => builderReducer(s, { type: 'select', selection: { type: 'field', id: last.fields[0]!.id } })));

    let before = snapshot();
    act(() => setState((s) => builderReducer(s, { type: 'select', selection: { type: 'field', id: inner!.fields[0]!.id } })));
    // The old selection's section and field; the new one's field, its section and the section around it.
    expect(changedSince(before)).toEqual([last.id, last.fields[0]!.id, first!.id, inner!.id, inner!.fields[0]!.id].sort());

    before = snapshot();
    act(() => setState((s) => builderReducer(s, { type: 'updateField', id: inner!.fields[1]!.id, changes: { label: 'Renamed' } })));
    await waitFor(() => expect(changedSince(before)).toContain(inner!.fields[1]!.id));
    expect(changedSince(before)).toEqual([first!.id, inner!.id, inner!.fields[1]!.id].sort());
  });
});
