import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { generateForm } from '../../src/forms';
import { renderInApi, setupFakeApi } from '../admin/support/screen';
import { BuilderHarness, layOutAsColumn } from './support/builder-harness';
import { dragAnnouncement, pressDragKey } from './support/drag-keys';
import { changedSince, renderCounts } from './support/item-renders';

// Counts, by item id, the renders of every item that reads dnd-kit's drag state (`useDraggable`): canvas sections and
// fields, palette entries ('palette:…'). Each such render is one a drag's start or drop makes React do.
const items = vi.hoisted(() => new Map<string, number>());
vi.mock('@dnd-kit/core', async (importOriginal) => (await import('./support/item-renders')).countingDraggable(importOriginal, items));
vi.mock('../../src/builder/lazy-draggable', async (importOriginal) => (await import('./support/item-renders')).countingLazyDraggable(importOriginal, items, items));

setupFakeApi();

describe("a drag's start and drop draw the dragged item only", () => {
  let layout: ReturnType<typeof layOutAsColumn>;
  beforeEach(() => {
    layout = layOutAsColumn();
  });
  afterEach(() => layout.mockRestore());

  it('picking up a canvas field and dropping it render no other field and no palette entry', async () => {
    const form = generateForm(20);
    renderInApi(<BuilderHarness doc={{ jsonSchema: form.jsonSchema, layout: form.layout }} />);
    const canvas = screen.getByRole('region', { name: 'Form' });
    await waitFor(() => expect(canvas.querySelectorAll('[data-builder-field]')).toHaveLength(20), { timeout: 10_000 });
    const fieldIds = new Set([...canvas.querySelectorAll<HTMLElement>('[data-builder-field]')].map((e) => e.dataset.builderField!));
    expect(fieldIds.size).toBe(20);
    // Fields and palette entries: the sections (a few, and drop targets besides) are not counted here.
    const fieldsAndPalette = (ids: string[]) => ids.filter((id) => fieldIds.has(id) || id.startsWith('palette:'));

    within(canvas).getByRole('button', { name: 'Field Text 1.2' }).focus();
    const beforePickUp = renderCounts(items);
    await pressDragKey('Space');
    await waitFor(() => expect(dragAnnouncement()).toBe('Picked up Field Text 1.2.'), { timeout: 10_000 });
    expect(fieldsAndPalette(changedSince(items, beforePickUp))).toEqual(['g1f2']);
    // Nor any section: a field's drag changes nothing a section shows (only a section's drag draws their drop lines).
    expect(changedSince(items, beforePickUp).filter((id) => !fieldIds.has(id) && !id.startsWith('palette:'))).toEqual([]);

    await pressDragKey('ArrowDown');
    await waitFor(() => expect(dragAnnouncement()).toBe('Field Text 1.2 is over Field Text 1.3.'), { timeout: 10_000 });
    const beforeDrop = renderCounts(items);
    await pressDragKey('Space');
    await waitFor(() => expect(dragAnnouncement()).toBe('Field Text 1.2 was dropped on Field Text 1.3.'), { timeout: 10_000 });
    await waitFor(
      () => expect(within(canvas).getAllByRole('button', { name: /^Field Text 1\.[1-4]$/ }).map((b) => b.getAttribute('aria-label'))).toEqual(['Field Text 1.1', 'Field Text 1.3', 'Field Text 1.2', 'Field Text 1.4']),
      { timeout: 10_000 },
    );
    // No field but the one dropped: the one it passed moved up a place, yet is neither the first nor the last of the
    // section before or after (a field's place shows only there, in its menu's move up and down).
    expect(fieldsAndPalette(changedSince(items, beforeDrop)).filter((id) => id !== 'g1f2')).toEqual([]);
    // The section the field moved in draws its new order; no other section is drawn again.
    expect(changedSince(items, beforeDrop).filter((id) => !fieldIds.has(id) && !id.startsWith('palette:') && id !== 'group1')).toEqual([]);
  }, 60_000);

  it('picking up a palette entry renders no other entry and no canvas field', async () => {
    const form = generateForm(20);
    renderInApi(<BuilderHarness doc={{ jsonSchema: form.jsonSchema, layout: form.layout }} />);
    const canvas = screen.getByRole('region', { name: 'Form' });
    await waitFor(() => expect(canvas.querySelectorAll('[data-builder-field]')).toHaveLength(20), { timeout: 10_000 });
    const fieldIds = new Set([...canvas.querySelectorAll<HTMLElement>('[data-builder-field]')].map((e) => e.dataset.builderField!));
    const palette = screen.getByRole('navigation', { name: 'Add to the form' });
    within(palette).getByRole('button', { name: 'Short text' }).focus();
    const before = renderCounts(items);
    await pressDragKey('Space');
    // Picked up, then at once over the first field (the announcement of the pick-up is replaced).
    await waitFor(() => expect(dragAnnouncement()).toBe('a new Short text is over Field Text 1.1.'), { timeout: 10_000 });
    const drawn = changedSince(items, before).filter((id) => fieldIds.has(id) || id.startsWith('palette:'));
    expect(drawn).toHaveLength(1);
    expect(drawn[0]).toMatch(/^palette:/);
    await pressDragKey('Escape');
    await waitFor(() => expect(dragAnnouncement()).toBe('Moving a new Short text was cancelled.'), { timeout: 10_000 });
  }, 60_000);
});
