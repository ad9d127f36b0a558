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
/**
 * The canvas's field items, by their markup rather than by role: a role query computes the name of every element of
 * a canvas of 70 fields (slow in jsdom). Each is a button named 'Field {label}', as a role query would find it.
 */
const fieldItems = (root: HTMLElement) => {
  const items = [...root.querySelectorAll<HTMLElement>('[data-builder-item][data-builder-kind="field"]')];
  for (const item of items) {
    expect(item).toHaveAttribute('role', 'button');
    expect(item.getAttribute('aria-label')).toMatch(/^Field /);
  }
  return items;
};
/** Whether a section draws its fields' widgets (a stand-in draws the field's name only, no control). */
const drawsWidgets = (id: string) => section(id).querySelectorAll('input, textarea, select').length > 0;

// A long form draws the widgets of the sections near the view only; every field stays an item of the canvas. 70
// fields: over the 60 where windowing starts, in 7 sections (the test scrolls to the sixth).
describe('the builder canvas on a long form', () => {
  it('draws stand-ins far from the view, keeps every field reachable, and draws a section in full when one of its fields takes the focus', async () => {
    const form = generateForm(70);
    const sectionIds = form.layout.pages.flatMap((p) => p.sections.map((s) => s.id));
    // A field far from the view whose label is empty: its stand-in is named by its kind and path, as the canvas names it.
    const unlabeled = form.layout.pages.flatMap((p) => p.sections)[3]!.fields[0]!;
    unlabeled.label = '';
    renderWithProviders(<Harness initial={initialBuilderState({ jsonSchema: form.jsonSchema, layout: form.layout })} />);
    const canvas = screen.getByRole('region', { name: 'Form' });
    await waitFor(() => expect(FakeObserver.current?.elements.length).toBe(sectionIds.length));
    near(sectionIds[0]!);
    await waitFor(() => expect(drawsWidgets(sectionIds[0]!)).toBe(true));
    // What is observed is the sections on the page (the canvas is not mounted a second time once its engine is there).
    expect(FakeObserver.current!.elements.every((element) => element.isConnected)).toBe(true);
    // Every field is an item, named as always; only the first section draws widgets.
    expect(fieldItems(canvas)).toHaveLength(70);
    expect(sectionIds.slice(1).filter(drawsWidgets)).toEqual([]);
    const standIn = section(sectionIds[3]!).querySelector<HTMLElement>(`[data-builder-key="${unlabeled.id}"]`)!;
    const unlabeledName = `${WIDGET_KINDS[unlabeled.widget as keyof typeof WIDGET_KINDS].name} (no label) · ${unlabeled.path}`;
    expect(standIn).toHaveTextContent(unlabeledName);
    expect(standIn).toHaveAttribute('aria-label', `Field ${unlabeledName}`);

    // The arrow keys go from the last field of the first section to the first of the second: its section is drawn in
    // full and the focus is on its real item, not selected until Enter.
    const lastOfFirst = fieldItems(section(sectionIds[0]!)).at(-1)!;
    act(() => lastOfFirst.focus());
    const firstOfSecond = form.layout.pages[0]!.sections[1]!.fields[0]!;
    act(() => {
      lastOfFirst.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    });
    // First the second section's own item (its title), then its first field.
    const secondTitle = within(section(sectionIds[1]!)).getAllByRole('button', { name: /^Section / })[0]!;
    expect(secondTitle).toHaveFocus();
    act(() => {
      secondTitle.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    });
    await waitFor(() => expect(drawsWidgets(sectionIds[1]!)).toBe(true));
    const item = within(section(sectionIds[1]!)).getByRole('button', { name: `Field ${firstOfSecond.label}` });
    expect(item).toHaveFocus();
    expect(item).toHaveAttribute('aria-pressed', 'false');
    act(() => {
      item.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    });
    expect(item).toHaveAttribute('aria-pressed', 'true');

    // Scrolled away from the first section while its title holds the focus, it stays drawn (the focus stays put).
    const title = within(section(sectionIds[0]!)).getByRole('button', { name: /^Section / });
    act(() => title.focus());
    near(sectionIds[5]!);
    expect(drawsWidgets(sectionIds[0]!)).toBe(true);
    expect(title).toHaveFocus();
    // Without the focus, scrolled away, it draws stand-ins again (the second holds the selection and stays).
    act(() => title.blur());
    near(sectionIds[5]!);
    await waitFor(() => expect(drawsWidgets(sectionIds[0]!)).toBe(false));
    expect(drawsWidgets(sectionIds[1]!)).toBe(true);
    expect(drawsWidgets(sectionIds[5]!)).toBe(true);
    expect(fieldItems(canvas)).toHaveLength(70);
  });

  it('draws every field in full without IntersectionObserver (nothing to tell what is in view)', async () => {
    vi.unstubAllGlobals();
    vi.stubGlobal('IntersectionObserver', undefined);
    const form = generateForm(70);
    const sectionIds = form.layout.pages.flatMap((p) => p.sections.map((s) => s.id));
    renderWithProviders(<Harness initial={initialBuilderState({ jsonSchema: form.jsonSchema, layout: form.layout })} />);
    await waitFor(() => expect(sectionIds.every(drawsWidgets)).toBe(true));
  });
});
