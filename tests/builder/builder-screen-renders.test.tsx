import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type * as MantineModule from '@mantine/core';
import { generateForm } from '../../src/forms';
import { renderInApi, setupFakeApi } from '../admin/support/screen';
import { BuilderHarness } from './support/builder-harness';

// Counts the renders of Mantine's Modal (the screen's closed dialogs), Badge (the toolbar's saved state), Title (the
// title of a canvas page) and of the
// Box of each drop strip at the end of a section's sections (marked `data-builder-nest`).
const counts = vi.hoisted(() => ({ modal: 0, badge: 0, nest: 0, pageTitle: 0 }));
vi.mock('@mantine/core', async (importOriginal) => {
  const original = await importOriginal<typeof MantineModule>();
  const counted = (await import('./support/item-renders')).countedComponent;
  return {
    ...original,
    Modal: counted(original.Modal, () => counts.modal++),
    Badge: counted(original.Badge, () => counts.badge++),
    // The title of the canvas's page named 'Two' (a level 2 heading drawn at size h3).
    Title: counted(original.Title, (props) => {
      if (props.order === 2 && props.size === 'h3' && props.children === 'Two') counts.pageTitle++;
    }),
    Box: counted(original.Box, (props) => {
      if (props['data-builder-nest'] !== undefined) counts.nest++;
    }),
  };
});

setupFakeApi();


async function press(code: 'Space' | 'Escape' | 'ArrowDown') {
  const target = document.activeElement ?? document.body;
  const key = code === 'Space' ? ' ' : code;
  await act(async () => {
    fireEvent.keyDown(target, { code, key });
    await new Promise((r) => setTimeout(r, 30));
  });
}

// A selection or a step of a drag must not draw the whole screen again: the closed dialogs, the toolbar, and the drop
// strips at the end of every section's sections (which read only whether a section is being dragged).
describe('the builder screen around the canvas', () => {
  it('a selection draws no closed dialog and not the toolbar; the steps of a drag draw no drop strip', async () => {
    const form = generateForm(40);
    const { user } = renderInApi(<BuilderHarness doc={{ jsonSchema: form.jsonSchema, layout: form.layout }} />);
    const canvas = await screen.findByRole('region', { name: 'Form' });
    const items = () => within(canvas).getAllByRole('button', { name: /^Field / });
    await waitFor(() => expect(items().length).toBe(40), { timeout: 10_000 });
    expect(canvas.querySelectorAll('[data-builder-nest]').length).toBeGreaterThan(0);

    const before = { ...counts };
    await user.click(items()[5]!);
    await screen.findByRole('region', { name: /^Properties of / });
    expect(counts.modal - before.modal).toBe(0);
    expect(counts.badge - before.badge).toBe(0);

    // A key in the label changes the document (and undo), which the toolbar's save button reads alone: the title and
    // saved state are not drawn again (this harness keeps the form saved).
    const label = within(screen.getByRole('complementary', { name: 'Properties' })).getByRole('textbox', { name: /^Label/ });
    await user.type(label, 'x');
    await waitFor(() => expect((label as HTMLInputElement).value).toMatch(/x$/));
    const badgeAfterFirstKey = counts.badge;
    await user.type(label, 'y');
    await waitFor(() => expect((label as HTMLInputElement).value).toMatch(/xy$/));
    expect(counts.badge - badgeAfterFirstKey).toBe(0);

    // A keyboard drag: picked up, moved down three places, cancelled. Each step changes dnd-kit's context.
    items()[10]!.focus();
    await waitFor(() => expect(screen.getByRole('region', { name: /^Properties of / })).toHaveAccessibleName(/Properties of .+/));
    await press('Space');
    const atStart = counts.nest;
    await press('ArrowDown');
    await press('ArrowDown');
    await press('ArrowDown');
    await waitFor(() => expect(document.querySelector('[id^="DndLiveRegion"]')?.textContent).toMatch(/is over/));
    expect(counts.nest - atStart).toBe(0);
    await press('Escape');
    await waitFor(() => expect(document.querySelector('[id^="DndLiveRegion"]')?.textContent).toMatch(/was cancelled/));
  }, 60_000);

  it('a selection re-renders the page that holds it, not the other pages', async () => {
    const form = generateForm(40);
    const [page] = form.layout.pages;
    const half = Math.ceil(page!.sections.length / 2);
    const layout = {
      pages: [
        { ...page!, sections: page!.sections.slice(0, half) },
        { id: 'page-two', title: 'Two', sections: page!.sections.slice(half) },
      ],
    };
    expect(layout.pages[1]!.sections.length).toBeGreaterThan(0);
    const { user } = renderInApi(<BuilderHarness doc={{ jsonSchema: form.jsonSchema, layout }} />);
    const canvas = await screen.findByRole('region', { name: 'Form' });
    const items = () => within(canvas).getAllByRole('button', { name: /^Field / });
    await waitFor(() => expect(items().length).toBe(40), { timeout: 10_000 });

    await user.click(items()[1]!);
    await screen.findByRole('region', { name: /^Properties of / });
    const before = counts.pageTitle;
    // Another field of the first page: the second page is not drawn again.
    await user.click(items()[2]!);
    await waitFor(() => expect(within(canvas).getAllByRole('button', { name: /^Field / })[2]).toHaveAttribute('aria-pressed', 'true'));
    await new Promise((r) => setTimeout(r, 100));
    expect(within(canvas).getByRole('heading', { level: 2, name: 'Two' })).toBeInTheDocument();
    expect(counts.pageTitle - before).toBe(0);
  }, 60_000);
});
