import { act, waitFor } from '@testing-library/react';
import { useCallback, useState } from 'react';
import { BuilderCanvas } from '../../src/builder/BuilderCanvas';
import { builderReducer, initialBuilderState, type BuilderSelection, type BuilderState } from '../../src/builder/model';
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
let setState: (next: (s: BuilderState) => BuilderState) => void = () => {};

function Harness({ initial }: { initial: BuilderState }) {
  const [state, set] = useState(initial);
  setState = set;
  const onSelect = useCallback((selection: BuilderSelection) => set((s) => builderReducer(s, { type: 'select', selection })), []);
  return <BuilderCanvas doc={state.document} selection={state.selection} kinds={WIDGET_KINDS} widgets={widgets} labels={defaultLabels} editing={null} onSelect={onSelect} />;
}

const snapshot = () => Object.fromEntries(renders);
const changedSince = (before: Record<string, number>) => Object.keys(snapshot()).filter((id) => renders.get(id) !== before[id]);

describe('the builder canvas re-renders only what changed', () => {
  it('selecting a field re-renders no widget; changing one field re-renders that field only', async () => {
    const form = generateForm(40);
    renderWithProviders(<Harness initial={initialBuilderState({ jsonSchema: form.jsonSchema, layout: form.layout })} />);
    await waitFor(() => expect(renders.size).toBe(40));
    const ids = form.layout.pages.flatMap((p) => p.sections.flatMap((s) => s.fields.map((f) => f.id)));

    let before = snapshot();
    act(() => setState((s) => builderReducer(s, { type: 'select', selection: { type: 'field', id: ids[5]! } })));
    act(() => setState((s) => builderReducer(s, { type: 'select', selection: { type: 'field', id: ids[6]! } })));
    expect(changedSince(before)).toEqual([]);

    before = snapshot();
    act(() => setState((s) => builderReducer(s, { type: 'updateField', id: ids[7]!, changes: { label: 'Renamed' } })));
    await waitFor(() => expect(changedSince(before).length).toBeGreaterThan(0));
    expect(changedSince(before)).toEqual([`ccq-builder-${ids[7]}`]);
  });
});
