import { BuilderCanvas } from '../../src/builder/BuilderCanvas';
import { initialBuilderState } from '../../src/builder/model';
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

describe('the builder canvas on opening', () => {
  it('draws each section and field once, with the form engine there from the first render', () => {
    const form = generateForm(40);
    const { document } = initialBuilderState({ jsonSchema: form.jsonSchema, layout: form.layout });
    const sections = form.layout.pages.flatMap((p) => p.sections);
    const fields = sections.flatMap((s) => s.fields);
    const { container } = renderWithProviders(
      <BuilderCanvas doc={document} selection={null} kinds={WIDGET_KINDS} widgets={widgets} labels={defaultLabels} editing={null} onSelect={() => {}} />,
    );
    expect(container.querySelectorAll('[data-builder-kind="field"]')).toHaveLength(40);
    // Not drawn first without the engine and then again, synchronously, when a layout effect made it.
    expect(sections.map((s) => renders.get(s.id))).toEqual(sections.map(() => 1));
    expect(fields.map((f) => renders.get(f.id))).toEqual(fields.map(() => 1));
  });
});
