import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { generateForm } from '../../src/forms';
import { renderInApi, setupFakeApi } from '../admin/support/screen';
import { BuilderHarness, layOutAsColumn } from './support/builder-harness';

setupFakeApi();

const HEIGHT = 500;

/**
 * The builder in a scrolling box 500 px high (jsdom lays nothing out: the box's size and scroll extent are given, the
 * rest is laid out as one column), with the box's `scrollBy` recorded.
 */
function inScrollingBox() {
  const form = generateForm(20);
  renderInApi(
    <div data-testid="scroller" style={{ overflow: 'auto', height: HEIGHT }}>
      <BuilderHarness doc={{ jsonSchema: form.jsonSchema, layout: form.layout }} />
    </div>,
  );
  const box = screen.getByTestId('scroller');
  const rect = { x: 0, y: 0, left: 0, top: 0, width: 800, height: HEIGHT, right: 800, bottom: HEIGHT, toJSON: () => ({}) } as DOMRect;
  vi.spyOn(box, 'getBoundingClientRect').mockReturnValue(rect);
  for (const [key, value] of Object.entries({ scrollHeight: 5000, clientHeight: HEIGHT, scrollWidth: 800, clientWidth: 800 })) {
    Object.defineProperty(box, key, { configurable: true, value });
  }
  const scrollBy = vi.fn();
  box.scrollBy = scrollBy as unknown as typeof box.scrollBy;
  return { scrollBy };
}

const pointer = async (type: 'pointerMove' | 'pointerUp', clientY: number) =>
  act(async () => {
    fireEvent[type](document, { clientX: 300, clientY, pointerId: 1, isPrimary: true, button: 0 });
    await new Promise((r) => setTimeout(r, 30));
  });

// A drag scrolls the canvas only while the pointer is in a narrow band at the edge of the scrolling area: dnd-kit's
// default band (a fifth of the area) scrolled the page under a pointer that was still well inside it, and every
// scroll step re-measured the drag's places and drew the sections it brought into view.
describe('the scroll of a drag', () => {
  let layout: ReturnType<typeof layOutAsColumn>;
  beforeEach(() => {
    layout = layOutAsColumn();
  });
  afterEach(() => layout.mockRestore());

  it('does not scroll with the pointer a tenth of the height from the edge, and scrolls at the edge', async () => {
    const { scrollBy } = inScrollingBox();
    const canvas = await screen.findByRole('region', { name: 'Form' });
    const item = await within(canvas).findByRole('button', { name: 'Field Text 1.1' }, { timeout: 10_000 });
    await act(async () => {
      fireEvent.pointerDown(item, { clientX: 300, clientY: 100, pointerId: 1, isPrimary: true, button: 0 });
    });
    // Past the 6 px that start a drag, then down to a tenth of the height above the bottom edge.
    await pointer('pointerMove', 120);
    await pointer('pointerMove', 300);
    await pointer('pointerMove', HEIGHT * 0.9);
    await act(async () => {
      await new Promise((r) => setTimeout(r, 150));
    });
    expect(scrollBy).not.toHaveBeenCalled();
    // At the edge: the drag still scrolls the area.
    await pointer('pointerMove', HEIGHT - 2);
    await waitFor(() => expect(scrollBy).toHaveBeenCalled(), { timeout: 5_000 });
    expect(scrollBy.mock.calls.some(([, y]) => (y as number) > 0)).toBe(true);
    await pointer('pointerUp', HEIGHT - 2);
  }, 60_000);
});
