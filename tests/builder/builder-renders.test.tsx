import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createElement, forwardRef } from 'react';
import { describe, expect, it } from 'vitest';
import type * as MantineModule from '@mantine/core';
import type { ComponentType } from 'react';
import type * as EditWidgetModule from '../../src/forms/widgets/EditWidget';
import { generateForm } from '../../src/forms';
import { renderInApi, setupFakeApi } from '../admin/support/screen';
import { BuilderHarness } from './support/builder-harness';

// Counts the renders of each canvas field's widget (a field renders its widget once per render of its body).
const renders = vi.hoisted(() => new Map<string, number>());
vi.mock('../../src/forms/widgets/EditWidget', async (importOriginal) => {
  const original = await importOriginal<typeof EditWidgetModule>();
  return {
    EditWidget: (props: Parameters<typeof original.EditWidget>[0]) => {
      renders.set(props.id, (renders.get(props.id) ?? 0) + 1);
      return original.EditWidget(props);
    },
  };
});

// Counts the renders of each canvas item: every section and every field calls useLazyDraggable once per
// render (and the field a pointer or key went down on useDraggable besides, in its registration).
const sortables = vi.hoisted(() => new Map<string, number>());
vi.mock('@dnd-kit/core', async (importOriginal) => (await import('./support/item-renders')).countingDraggable(importOriginal, sortables));
vi.mock('../../src/builder/lazy-draggable', async (importOriginal) => (await import('./support/item-renders')).countingLazyDraggable(importOriginal, sortables, sortables));

// Counts the renders of Mantine's Paper: the body of every canvas field (and section) is one.
const papers = vi.hoisted(() => ({ count: 0 }));
vi.mock('@mantine/core', async (importOriginal) => {
  const original = await importOriginal<typeof MantineModule>();
  const Paper = original.Paper as unknown as ComponentType<Record<string, unknown>>;
  const Counted = forwardRef<HTMLDivElement, Record<string, unknown>>((props, ref) => {
    papers.count++;
    return createElement(Paper, { ...props, ref });
  });
  return { ...original, Paper: Object.assign(Counted, original.Paper) };
});

setupFakeApi();


const snapshot = () => Object.fromEntries(renders);
const changedSince = (before: Record<string, number>) => Object.keys(snapshot()).filter((id) => renders.get(id) !== before[id]).sort();
const widgetOf = (fieldId: string) => `ccq-builder-${fieldId}`;

async function press(code: 'Space' | 'Escape') {
  const target = document.activeElement ?? document.body;
  await act(async () => {
    fireEvent.keyDown(target, { code, key: code === 'Space' ? ' ' : code });
    await new Promise((r) => setTimeout(r, 30));
  });
}

// The builder screen around the canvas must not make every field of the canvas render again: dnd-kit re-renders every
// sortable item whenever its context changes (new sensors on each render of the screen did that on every selection
// and key), and on each step of a drag.
describe('the builder screen re-renders only the canvas fields concerned', () => {
  it('a selection, a key in the property pane and a drag picked up and dropped re-render the fields they concern only', async () => {
    const form = generateForm(40);
    const ids = form.layout.pages.flatMap((p) => p.sections.flatMap((s) => s.fields.map((f) => f.id)));
    const { user } = renderInApi(<BuilderHarness doc={{ jsonSchema: form.jsonSchema, layout: form.layout }} />);
    await waitFor(() => expect(renders.size).toBe(40), { timeout: 10_000 });
    const canvas = screen.getByRole('region', { name: 'Form' });
    const items = () => within(canvas).getAllByRole('button', { name: /^Field / });

    // A selection re-renders the item selected and its section, not the other 39 items nor their widgets.
    let before = snapshot();
    const sortablesBefore = Object.fromEntries(sortables);
    await user.click(items()[5]!);
    await screen.findByRole('region', { name: /^Properties of / });
    expect(changedSince(before).filter((id) => id !== widgetOf(ids[5]!))).toEqual([]);
    const itemsRendered = ids.filter((id) => sortables.get(id) !== sortablesBefore[id]);
    expect(itemsRendered).toEqual([ids[5]]);

    // A key in the label re-renders the field typed into only.
    const label = within(screen.getByRole('complementary', { name: 'Properties' })).getByRole('textbox', { name: /^Label/ });
    before = snapshot();
    await user.type(label, 'x');
    await waitFor(() => expect(changedSince(before)).toEqual([widgetOf(ids[5]!)]));
    // Once the typing pauses, the canvas takes the document (compiled again): that field is drawn again, no other.
    const afterKey = renders.get(widgetOf(ids[5]!))!;
    await waitFor(() => expect(renders.get(widgetOf(ids[5]!))).toBeGreaterThan(afterKey), { timeout: 10_000 });
    // A render is counted when React renders, not when it commits: that is a transition, which a busy machine
    // interrupts and renders again, and its commit gives the canvas's engine the document (the field drawn once
    // more). Until the field has stopped rendering, the pick-up below would be charged for it.
    let seen = -1;
    await waitFor(
      () => {
        const now = renders.get(widgetOf(ids[5]!))!;
        const settled = now === seen;
        seen = now;
        expect(settled).toBe(true);
      },
      { timeout: 10_000, interval: 250 },
    );
    expect(changedSince(before)).toEqual([widgetOf(ids[5]!)]);

    // Picked up by the keyboard and put back: the fields read nothing of dnd-kit's drag state, so no widget but the
    // one dragged renders again.
    items()[10]!.focus();
    await waitFor(() => expect(screen.getByRole('region', { name: /^Properties of / })).toHaveAccessibleName(/Properties of .+/));
    before = snapshot();
    const sortablesAtStart = Object.fromEntries(sortables);
    const papersAtStart = papers.count;
    await press('Space');
    await press('Escape');
    await waitFor(() => expect(document.querySelector('[id^="DndLiveRegion"]')?.textContent).toMatch(/was cancelled/));
    // The field picked up, and the one clicked before: a key going down on an item makes it the dnd-kit draggable
    // in place of the one before, whose shell renders once more (not its body).
    expect(ids.filter((id) => sortables.get(id) !== sortablesAtStart[id])).toEqual([ids[5], ids[10]]);
    expect(changedSince(before).filter((id) => id !== widgetOf(ids[10]!))).toEqual([]);
    // The papers drawn again: the dragged field's body and the drag overlay; not the bodies of the 39 other fields nor
    // of the sections (15 here; 269 when every field's body re-rendered with its sortable shell, 31 when the sections'
    // bodies still did).
    expect(papers.count - papersAtStart).toBeLessThan(25);
  }, 60_000);
});
