import { DndContext } from '@dnd-kit/core';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generateForm } from '../../src/forms';
import { renderInApi, setupFakeApi } from '../admin/support/screen';
import { BuilderHarness, layOutAsColumn } from './support/builder-harness';
import { dragAnnouncement, pressDragKey } from './support/drag-keys';

setupFakeApi();

/** React's fiber of a DOM element (the key React gives it in this build). */
interface Fiber {
  return: Fiber | null;
  type: unknown;
  elementType: unknown;
}
function fiberOf(element: Element): Fiber {
  const key = Object.keys(element).find((k) => k.startsWith('__reactFiber$'));
  if (!key) throw new Error('no React fiber on the element');
  return (element as unknown as Record<string, Fiber>)[key]!;
}

/** Whether dnd-kit's `DndContext` is among the element's React ancestors (its contexts' tree, which React searches). */
function underDndContext(element: Element): boolean {
  for (let f: Fiber | null = fiberOf(element); f; f = f.return) if (f.elementType === DndContext || f.type === DndContext) return true;
  return false;
}

describe("the canvas and the palette lie outside dnd-kit's context", () => {
  let layout: ReturnType<typeof layOutAsColumn>;
  beforeEach(() => {
    layout = layOutAsColumn();
  });
  afterEach(() => layout.mockRestore());

  // dnd-kit's context takes new values at every move of a drag, and React then searches the whole tree under it for
  // their readers: no element of the canvas or the palette is part of that tree, before, during and after a drag.
  it('no canvas item, section or palette entry is under DndContext, at rest and at each step of a drag, and the drag still moves the field', async () => {
    const form = generateForm(20);
    renderInApi(<BuilderHarness doc={{ jsonSchema: form.jsonSchema, layout: form.layout }} />);
    const canvas = await screen.findByRole('region', { name: 'Form' }, { timeout: 10_000 });
    const item = (label: string) => within(canvas).getByRole('button', { name: `Field ${label}` });
    await waitFor(() => item('Text 2.4'), { timeout: 10_000 });
    const palette = screen.getByRole('navigation', { name: 'Add to the form' });
    const checked = () => [
      ...canvas.querySelectorAll('[data-builder-item]'),
      ...canvas.querySelectorAll('[data-builder-section]'),
      ...within(palette).getAllByRole('button'),
    ];
    const outside = () => {
      const elements = checked();
      expect(elements.length).toBeGreaterThan(20);
      expect(elements.filter(underDndContext)).toEqual([]);
    };
    outside();

    item('Text 1.2').focus();
    await pressDragKey('Space');
    await waitFor(() => expect(dragAnnouncement()).toBe('Picked up Field Text 1.2.'));
    outside();
    for (const over of ['Text 1.3', 'Text 1.4']) {
      await pressDragKey('ArrowDown');
      await waitFor(() => expect(dragAnnouncement()).toBe(`Field Text 1.2 is over Field ${over}.`));
      outside();
    }
    await pressDragKey('Space');
    await waitFor(() => expect(dragAnnouncement()).toBe('Field Text 1.2 was dropped on Field Text 1.4.'));
    await waitFor(() =>
      expect(within(canvas).getAllByRole('button', { name: /^Field Text 1\./ }).slice(0, 4).map((b) => b.getAttribute('aria-label'))).toEqual([
        'Field Text 1.1',
        'Field Text 1.3',
        'Field Text 1.4',
        'Field Text 1.2',
      ]),
    );
    outside();
  }, 60_000);
});
