import { act, screen, waitFor, within } from '@testing-library/react';
import { useCallback, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BuilderCanvas } from '../../src/builder/BuilderCanvas';
import { builderReducer, initialBuilderState, type BuilderSelection, type BuilderState } from '../../src/builder/model';
import { WIDGET_KINDS } from '../../src/engine/widget-kinds';
import { generateForm } from '../../src/forms';
import { withFormWidgets } from '../../src/forms/widgets/registry';
import { defaultLabels } from '../../src/query/labels';
import { renderWithProviders } from '../support/render';

/** An IntersectionObserver the test drives: it reports the sections the test says are near the view. */
class FakeObserver {
  static current: FakeObserver | null = null;
  readonly elements: Element[] = [];
  constructor(readonly callback: IntersectionObserverCallback) {
    FakeObserver.current = this;
  }
  observe(element: Element) {
    this.elements.push(element);
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

/** The observer reports these sections within reach of the view, and the others not. */
function near(...sectionIds: string[]) {
  const observer = FakeObserver.current!;
  const entries = observer.elements.map((target) => ({ target, isIntersecting: sectionIds.includes((target as HTMLElement).dataset.builderSection ?? '') }));
  act(() => observer.callback(entries as unknown as IntersectionObserverEntry[], observer as unknown as IntersectionObserver));
}

beforeEach(() => {
  FakeObserver.current = null;
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(() => vi.unstubAllGlobals());

const widgets = withFormWidgets();

function Harness({ initial }: { initial: BuilderState }) {
  const [state, set] = useState(initial);
  const onSelect = useCallback((selection: BuilderSelection) => set((s) => builderReducer(s, { type: 'select', selection })), []);
  return <BuilderCanvas doc={state.document} selection={state.selection} kinds={WIDGET_KINDS} widgets={widgets} labels={defaultLabels} editing={null} onSelect={onSelect} />;
}

const section = (id: string) => document.querySelector<HTMLElement>(`[data-builder-section="${id}"]`)!;
/** Whether a section draws its own fields' widgets (not counting the sections inside it). */
const drawsOwnWidgets = (id: string) => [...section(id).querySelectorAll('input, textarea, select')].some((el) => el.closest('[data-builder-section]') === section(id));

describe('the builder canvas on a long form with sections inside sections', () => {
  it('draws a nested section far from the view as stand-ins, and in full when near or when it holds the selection', async () => {
    const form = generateForm(80);
    const [outer, inner] = form.layout.pages[0]!.sections;
    let initial = initialBuilderState({ jsonSchema: form.jsonSchema, layout: form.layout });
    initial = builderReducer(initial, { type: 'moveSection', id: inner!.id, to: { pageId: form.layout.pages[0]!.id, parentId: outer!.id } });
    const count = form.layout.pages.flatMap((p) => p.sections).length;
    renderWithProviders(<Harness initial={initial} />);
    const canvas = screen.getByRole('region', { name: 'Form' });
    // Every section is observed, the nested one too.
    await waitFor(() => expect(FakeObserver.current?.elements.length).toBe(count));
    near(outer!.id);
    await waitFor(() => expect(drawsOwnWidgets(outer!.id)).toBe(true));
    expect(drawsOwnWidgets(inner!.id)).toBe(false);
    expect(within(canvas).getAllByRole('button', { name: /^Field / })).toHaveLength(80);
    near(outer!.id, inner!.id);
    await waitFor(() => expect(drawsOwnWidgets(inner!.id)).toBe(true));
    near(outer!.id);
    await waitFor(() => expect(drawsOwnWidgets(inner!.id)).toBe(false));
    // A click on a stand-in of the nested section selects its field: the section is drawn in full, and stays.
    act(() => within(section(inner!.id)).getByRole('button', { name: `Field ${inner!.fields[0]!.label}` }).click());
    await waitFor(() => expect(drawsOwnWidgets(inner!.id)).toBe(true));
    near(outer!.id);
    expect(drawsOwnWidgets(inner!.id)).toBe(true);
  });
});
