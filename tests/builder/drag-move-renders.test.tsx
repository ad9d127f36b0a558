import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { generateForm } from '../../src/forms';
import { renderInApi, setupFakeApi } from '../admin/support/screen';
import { BuilderHarness, layOutAsColumn } from './support/builder-harness';
import { dragAnnouncement, pressDragKey } from './support/drag-keys';
import { changedSince, renderCounts } from './support/item-renders';

// Counts the renders of each section (its lazy shell) and of the armed item (useDraggable), of each drop target (useDroppable) and
// of each field's widget.
const items = vi.hoisted(() => new Map<string, number>());
const drops = vi.hoisted(() => new Map<string, number>());
vi.mock('@dnd-kit/core', async (importOriginal) => (await import('./support/item-renders')).countingDraggable(importOriginal, items, drops));
// A section's shell is a lazy draggable: its renders are counted in `items` too (the fields' lazy shells apart).
const lazyFields = vi.hoisted(() => new Map<string, number>());
vi.mock('../../src/builder/lazy-draggable', async (importOriginal) => (await import('./support/item-renders')).countingLazyDraggable(importOriginal, lazyFields, items));
/** The drop targets of section drags only (a page's end, a section's sections' end) that rendered since `before`. */
const sectionOnlyDrops = (before: Record<string, number>) => changedSince(drops, before).filter((id) => id.startsWith('nest:') || id.startsWith('page-drop:'));
const widgets = vi.hoisted(() => new Map<string, number>());
vi.mock('../../src/forms/widgets/EditWidget', async (importOriginal) =>
  (await import('../support/widget-renders')).countingEditWidget(importOriginal, widgets),
);

setupFakeApi();

describe('a drag step draws the drop line only', () => {
  let layout: ReturnType<typeof layOutAsColumn>;
  beforeEach(() => {
    layout = layOutAsColumn();
  });
  afterEach(() => layout.mockRestore());

  it('moving a dragged field from place to place in a section re-renders no other item and no widget; the line moves', async () => {
    const form = generateForm(20);
    renderInApi(<BuilderHarness doc={{ jsonSchema: form.jsonSchema, layout: form.layout }} />);
    await waitFor(() => expect(widgets.size).toBe(20), { timeout: 10_000 });
    const canvas = screen.getByRole('region', { name: 'Form' });
    const item = (label: string) => within(canvas).getByRole('button', { name: `Field ${label}` });
    item('Text 1.2').focus();
    const dropsAtStart = renderCounts(drops);
    await pressDragKey('Space');
    await waitFor(() => expect(dragAnnouncement()).toBe('Picked up Field Text 1.2.'));

    for (const [over, line] of [
      ['Text 1.3', 'after'],
      ['Text 1.4', 'after'],
      ['Text 1.5', 'after'],
    ] as const) {
      const itemsBefore = renderCounts(items);
      const widgetsBefore = renderCounts(widgets);
      await pressDragKey('ArrowDown');
      await waitFor(() => expect(dragAnnouncement()).toBe(`Field Text 1.2 is over Field ${over}.`));
      // Each step: no canvas item (section or field) but the dragged one's shell (dnd-kit gives it the drag's
      // transform; the overlay shows it) and no widget rendered again.
      expect(changedSince(items, itemsBefore).filter((id) => id !== 'g1f2')).toEqual([]);
      expect(changedSince(widgets, widgetsBefore)).toEqual([]);
      // One line, on the field it is over.
      const lines = [...canvas.querySelectorAll<HTMLElement>('[data-builder-drop-place]')];
      expect(lines).toHaveLength(1);
      expect(lines[0]!.dataset.builderDropPlace).toBe(line);
      expect(lines[0]!.contains(item(over))).toBe(true);
    }
    await pressDragKey('Space');
    await waitFor(() => expect(dragAnnouncement()).toBe('Field Text 1.2 was dropped on Field Text 1.5.'));
    await waitFor(() =>
      expect(within(canvas).getAllByRole('button', { name: /^Field Text 1\./ }).map((b) => b.getAttribute('aria-label'))).toEqual(
        ['Field Text 1.1', 'Field Text 1.3', 'Field Text 1.4', 'Field Text 1.5', 'Field Text 1.2', 'Field Text 1.6'],
      ),
    );
    expect(canvas.querySelector('[data-builder-drop-place]')).toBeNull();
    // The drop targets only a section may land on (a page's end, a section's sections' end: 4 here) are no dnd-kit
    // droppables during a field's drag: its pick-up, steps and drop render none of them (each one rendered at each
    // change of dnd-kit's context when they were).
    expect(sectionOnlyDrops(dropsAtStart)).toEqual([]);
  }, 60_000);

  it('moving a dragged field on into the next section re-renders no section and no other field', async () => {
    const form = generateForm(20);
    renderInApi(<BuilderHarness doc={{ jsonSchema: form.jsonSchema, layout: form.layout }} />);
    await waitFor(() => expect(widgets.size).toBe(20), { timeout: 10_000 });
    const canvas = screen.getByRole('region', { name: 'Form' });
    within(canvas).getByRole('button', { name: 'Field Text 1.2' }).focus();
    await pressDragKey('Space');
    await waitFor(() => expect(dragAnnouncement()).toBe('Picked up Field Text 1.2.'));
    const inSecond = () => canvas.querySelector('[data-builder-section="group2"] [data-builder-drop-place]');
    const itemsBefore = renderCounts(items);
    const widgetsBefore = renderCounts(widgets);
    // Down through the first section's fields and into the second's list: dnd-kit's context changes as the drag passes
    // into another list, and the sections' shells read none of it (their droppables are children that draw nothing).
    for (let i = 0; i < 12 && !inSecond(); i++) {
      const said = dragAnnouncement();
      await pressDragKey('ArrowDown');
      await waitFor(() => expect(dragAnnouncement()).not.toBe(said));
    }
    expect(inSecond()).not.toBeNull();
    expect(changedSince(items, itemsBefore).filter((id) => id !== 'g1f2')).toEqual([]);
    expect(changedSince(widgets, widgetsBefore)).toEqual([]);
    await pressDragKey('Escape');
    await waitFor(() => expect(canvas.querySelector('[data-builder-drop-place]')).toBeNull());
  }, 60_000);
});
