import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type * as CoreModule from '@dnd-kit/core';
import { generateForm } from '../../src/forms';
import { setupFakeApi } from '../admin/support/screen';
import { renderBuilder } from './support/builder-harness';
import { changedSince, renderCounts } from './support/item-renders';

// The renders of dnd-kit's context (each one hands its readers a new transform, and React then searches the whole
// canvas for them) and of each canvas field's shell by its id.
const counts = vi.hoisted(() => ({ dnd: 0 }));
vi.mock('@dnd-kit/core', async (importOriginal) => {
  const original = await importOriginal<typeof CoreModule>();
  const DndContext = (props: Parameters<typeof original.DndContext>[0]) => {
    counts.dnd++;
    return createElement(original.DndContext, props);
  };
  return { ...original, DndContext };
});
const items = vi.hoisted(() => new Map<string, number>());
vi.mock('../../src/builder/lazy-draggable', async (importOriginal) => (await import('./support/item-renders')).countingLazyDraggable(importOriginal, items));
const widgets = vi.hoisted(() => new Map<string, number>());
vi.mock('../../src/forms/widgets/EditWidget', async (importOriginal) => (await import('../support/widget-renders')).countingEditWidget(importOriginal, widgets));

setupFakeApi();

/** The options of Mantine's drop-down lists mounted anywhere in the page (a closed list's are hidden, yet mounted). */
const mountedOptions = () => document.querySelectorAll('[data-combobox-option]').length;

// A selection and an undo draw the canvas items they change and the property pane, not dnd-kit's context around the
// canvas, nor the closed drop-down lists of the pane, nor the fields of a section whose ends stay the same, nor the
// widgets of fields an undo left as they were.
describe('selecting a field and undoing a step', () => {
  it('draws neither dnd-kit’s context nor the options of the pane’s closed lists on a selection', async () => {
    const form = generateForm(40);
    const { user, item, pane } = await renderBuilder(form, 'g1f10');
    const colours = (form.layout.pages[0]!.sections[0]!.fields.find((f) => f.id === 'g1f10')?.options ?? []).map((o) => o.label);
    expect(colours.length).toBeGreaterThan(0);

    const before = counts.dnd;
    // A choice field: its panel's default value is a drop-down list of its options.
    await user.click(item('g1f10'));
    // The list's box (a closed list kept mounted is named by the same label).
    const defaultBox = () => within(pane).getAllByLabelText('Default value').find((el) => el.tagName === 'INPUT')!;
    await waitFor(() => expect(defaultBox()).toBeTruthy(), { timeout: 10_000 });
    await user.click(item('g1f2'));
    await waitFor(() => expect(within(pane).getByRole('region', { name: /^Properties of / })).toHaveAccessibleName(/Text 1\.2/), { timeout: 10_000 });
    await user.click(item('g1f10'));
    await waitFor(() => expect(within(pane).getByRole('region', { name: /^Properties of / })).toHaveAccessibleName(/Colour 1\.10/), { timeout: 10_000 });
    await new Promise((r) => setTimeout(r, 200));
    expect(counts.dnd - before, 'renders of dnd-kit’s context').toBe(0);
    // The closed list mounts no option; opened, it shows them all.
    expect(mountedOptions(), 'options of the closed lists').toBe(0);
    await user.click(defaultBox());
    await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['No default', ...colours]));
  }, 60_000);

  it('a field taken out of a section and put back by undo redraws the field whose place at an end changed, not the others', async () => {
    const form = generateForm(40);
    const { user, canvas, item } = await renderBuilder(form, 'g2f10');
    // Another field selected, so the deleted one is not the selection.
    await user.click(item('g3f1')!);
    await screen.findByRole('region', { name: /^Properties of / }, { timeout: 10_000 });
    await new Promise((r) => setTimeout(r, 200));

    // The first field of the second section deleted from the keyboard (no rule reads it: no question first).
    const dndBefore = counts.dnd;
    const beforeDelete = renderCounts(items);
    item('g2f1')!.focus();
    await act(async () => {
      fireEvent.keyDown(item('g2f1')!, { key: 'Delete', code: 'Delete' });
    });
    await waitFor(() => expect(item('g2f1')).toBeNull());
    await new Promise((r) => setTimeout(r, 100));
    // Of the fields left in the section: the new first one (its menu's ends changed), no other.
    const ofSection = (ids: string[]) => ids.filter((id) => id.startsWith('g2'));
    expect(ofSection(changedSince(items, beforeDelete)).filter((id) => id !== 'g2f1')).toEqual(['g2f2']);

    const beforeUndo = renderCounts(items);
    const widgetsBeforeUndo = renderCounts(widgets);
    await act(async () => {
      fireEvent.keyDown(item('g3f1')!, { key: 'z', code: 'KeyZ', ctrlKey: true });
    });
    await waitFor(() => expect(item('g2f1')).toBeTruthy());
    await new Promise((r) => setTimeout(r, 100));
    expect(ofSection(changedSince(items, beforeUndo))).toEqual(['g2f1', 'g2f2']);
    // The form engine keeps the state of each field the undo left as it was: only the widgets of the items drawn
    // again draw (the field put back, its neighbour, the selected one), not the canvas's 40.
    expect(changedSince(widgets, widgetsBeforeUndo)).toEqual(changedSince(items, beforeUndo).map((id) => `ccq-builder-${id}`));
    expect(within(canvas).getAllByRole('button', { name: /^Field / })).toHaveLength(40);
    // Neither step drew dnd-kit's context.
    expect(counts.dnd - dndBefore, 'renders of dnd-kit’s context').toBe(0);
  }, 60_000);
});
