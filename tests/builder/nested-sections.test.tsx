import type { ClientRect, DroppableContainer } from '@dnd-kit/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FormBuilder } from '../../src';
import { builderCollisions } from '../../src/builder/collisions';
import { renderInApi, setupFakeApi } from '../admin/support/screen';
import { memoryStorage } from './support/memory-storage';
import { layOutAsColumn } from './support/builder-harness';
import { BUILDER_FIRST_RENDER_MS } from './support/timing';

setupFakeApi();

const canvas = () => screen.getByRole('region', { name: 'Form' });
/** A section's frame on the canvas, found by its drag handle's name. */
const frameOf = (name: string) => within(canvas()).getByRole('button', { name: `Section ${name}` }).closest<HTMLElement>('[data-builder-section]')!;
/** The sections directly inside a section's frame (or the canvas), by title, with the sections inside them. */
type Outline = (string | [string, Outline])[];
function outline(root: HTMLElement = canvas()): Outline {
  const frames = [...root.querySelectorAll<HTMLElement>('[data-builder-section]')].filter((f) => f.parentElement?.closest('[data-builder-section]') === (root.matches('[data-builder-section]') ? root : null));
  return frames.map((f) => {
    const title = f.querySelector('h1, h2, h3, h4, h5, h6')?.textContent ?? '';
    const inner = outline(f);
    return inner.length > 0 ? [title, inner] : title;
  });
}
const fieldsOf = (frame: HTMLElement) =>
  within(frame)
    .queryAllByRole('button', { name: /^Field / })
    .filter((b) => b.closest('[data-builder-section]') === frame)
    .map((b) => b.getAttribute('aria-label'));

let announcements: string[] = [];
let observer: MutationObserver | null = null;
beforeEach(() => {
  announcements = [];
  observer = new MutationObserver(() => {
    const text = document.querySelector('[id^="DndLiveRegion"]')?.textContent ?? '';
    if (text && announcements[announcements.length - 1] !== text) announcements.push(text);
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
});
afterEach(() => observer?.disconnect());
const announced = () => announcements.join('\n');


async function press(code: 'Space' | 'ArrowDown' | 'ArrowUp' | 'Escape') {
  const target = document.activeElement ?? document.body;
  await act(async () => {
    fireEvent.keyDown(target, { code, key: code === 'Space' ? ' ' : code });
    await new Promise((r) => setTimeout(r, 30));
  });
}

/** A builder whose first section holds Short text. */
async function builder() {
  const view = renderInApi(<FormBuilder draftStorage={memoryStorage()} />);
  await view.user.click(await screen.findByRole('button', { name: 'Add Short text' }, { timeout: BUILDER_FIRST_RENDER_MS }));
  await waitFor(() => expect(outline()).toEqual(['Section 1']));
  return view;
}

async function menuOf(user: ReturnType<typeof renderInApi>['user'], section: string) {
  await user.click(within(frameOf(section)).getAllByRole('button', { name: `Actions for Section ${section}` })[0]!);
  return screen.findByRole('menu');
}

async function addInside(user: ReturnType<typeof renderInApi>['user'], section: string) {
  const menu = await menuOf(user, section);
  await user.click(within(menu).getByRole('menuitem', { name: 'Add section inside' }));
}

describe('FormBuilder: sections inside sections', () => {
  it('adds a section inside a section, drawn in its frame one heading level down, as one undoable step', async () => {
    const { user } = await builder();
    await addInside(user, 'Section 1');
    await waitFor(() => expect(outline()).toEqual([['Section 1', ['Section 2']]]));
    // The page title is h2, a page's own section h3, a section inside it h4 (as the renderer shows them).
    expect(within(frameOf('Section 1')).getByRole('heading', { name: 'Section 1' }).tagName).toBe('H3');
    expect(within(frameOf('Section 2')).getByRole('heading', { name: 'Section 2' }).tagName).toBe('H4');
    // Selected, its property pane says where it sits.
    const pane = screen.getByRole('complementary', { name: 'Properties' });
    await waitFor(() => expect(within(pane).getByText('Inside: Section 1')).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(outline()).toEqual(['Section 1']));
    await user.click(screen.getByRole('button', { name: 'Redo' }));
    await waitFor(() => expect(outline()).toEqual([['Section 1', ['Section 2']]]));
  });

  it('moves a field into a nested section and back with "Move to…", each one undoable step', async () => {
    const { user } = await builder();
    await addInside(user, 'Section 1');
    await waitFor(() => expect(outline()).toEqual([['Section 1', ['Section 2']]]));
    await user.click(screen.getByRole('button', { name: 'Actions for Field Short text' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move to…' }));
    let dialog = await screen.findByRole('dialog', { name: 'Move Short text to…' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Section' }));
    // Nested sections are listed by their place, under their page.
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getAllByRole('option').map((o) => o.textContent)).toEqual(['Page 1 / Section 1', 'Page 1 / Section 1 / Section 2']);
    await user.click(within(listbox).getByRole('option', { name: 'Page 1 / Section 1 / Section 2' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(fieldsOf(frameOf('Section 2'))).toEqual(['Field Short text']));
    expect(fieldsOf(frameOf('Section 1'))).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Actions for Field Short text' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move to…' }));
    dialog = await screen.findByRole('dialog', { name: 'Move Short text to…' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Section' }));
    await user.click(await screen.findByRole('option', { name: 'Page 1 / Section 1' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(fieldsOf(frameOf('Section 1'))).toEqual(['Field Short text']));
    expect(fieldsOf(frameOf('Section 2'))).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(fieldsOf(frameOf('Section 2'))).toEqual(['Field Short text']));
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(fieldsOf(frameOf('Section 1'))).toEqual(['Field Short text']));
    expect(outline()).toEqual([['Section 1', ['Section 2']]]);
  });

  it('offers a repeatable section no place inside another repeatable section, and says why', async () => {
    const { user } = await builder();
    await user.click(screen.getByRole('button', { name: 'Add Repeatable section' }));
    await user.click(screen.getByRole('button', { name: 'Add Repeatable section' }));
    await waitFor(() => expect(outline()).toEqual(['Section 1', 'Items', 'Items']));
    await user.click(within(canvas()).getAllByRole('button', { name: 'Actions for Section Items' })[1]!);
    await user.click(await screen.findByRole('menuitem', { name: 'Move to…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move Items to…' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Page or section' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    const names = options.map((o) => o.textContent);
    expect(names).toEqual([
      'Page 1',
      'Page 1 / Section 1',
      'Page 1 / Items (not possible: a repeatable section cannot hold another repeatable section)',
      'Page 1 / Items (not possible: a section cannot go inside itself)',
    ]);
    expect(options[2]).toHaveAttribute('data-combobox-disabled');
    expect(options[1]).not.toHaveAttribute('data-combobox-disabled');
  });

  it('refuses a fifth level: "Add section inside" is disabled with the reason', async () => {
    const { user } = await builder();
    for (const [parent, inner] of [['Section 1', 'Section 2'], ['Section 2', 'Section 3'], ['Section 3', 'Section 4']] as const) {
      await addInside(user, parent);
      await waitFor(() => expect(frameOf(inner)).toBeInTheDocument());
    }
    expect(outline()).toEqual([['Section 1', [['Section 2', [['Section 3', ['Section 4']]]]]]]);
    expect(within(frameOf('Section 4')).getByRole('heading', { name: 'Section 4' }).tagName).toBe('H6');
    const menu = await menuOf(user, 'Section 4');
    const item = within(menu).getByRole('menuitem', { name: 'Add section inside (not possible: sections go at most 4 levels deep)' });
    expect(item).toBeDisabled();
    // Level 3 may still hold one.
    await user.keyboard('{Escape}');
    const third = await menuOf(user, 'Section 3');
    expect(within(third).getByRole('menuitem', { name: 'Add section inside' })).toBeEnabled();
  });

  describe('with the pointer sensor (a mouse drag)', () => {
    let layout: ReturnType<typeof layOutAsColumn>;
    beforeEach(() => {
      layout = layOutAsColumn();
    });
    afterEach(() => layout.mockRestore());

    const centre = (element: Element) => {
      const rect = element.getBoundingClientRect();
      return { clientX: 300, clientY: rect.top + rect.height / 2 };
    };
    const pointer = async (type: 'pointerMove' | 'pointerUp', at: { clientX: number; clientY: number }) =>
      act(async () => {
        fireEvent[type](document, { ...at, pointerId: 1, isPrimary: true, button: 0 });
        await new Promise((r) => setTimeout(r, 30));
      });

    it('drags a section into another section and a section out of one onto the page', async () => {
      const { user } = await builder();
      await user.click(screen.getByRole('button', { name: 'Add Section' }));
      await waitFor(() => expect(outline()).toEqual(['Section 1', 'Section 2']));
      const drag = async (name: string, onto: () => Element, says: string) => {
        const handle = within(canvas()).getByRole('button', { name: `Section ${name}` });
        const from = centre(handle);
        await act(async () => {
          fireEvent.pointerDown(handle, { ...from, pointerId: 1, isPrimary: true, button: 0 });
        });
        await pointer('pointerMove', { clientX: 300, clientY: from.clientY + 20 });
        await pointer('pointerMove', centre(onto()));
        await waitFor(() => expect(announced()).toContain(says));
        await pointer('pointerUp', centre(onto()));
      };
      await drag('Section 2', () => canvas().querySelector('[data-builder-nest="section-1"]')!, 'Section Section 2 is over Inside Section Section 1, level 2.');
      await waitFor(() => expect(outline()).toEqual([['Section 1', ['Section 2']]]));
      // Section 1 may not go inside Section 2, which it holds: its strip is no place for it.
      await drag('Section 1', () => canvas().querySelector('[data-builder-nest="section-2"]')!, 'Section Section 1 is over');
      expect(announced()).not.toContain('Section Section 1 is over Inside Section Section 2');
      await waitFor(() => expect(outline()).toEqual([['Section 1', ['Section 2']]]));
      // Out: onto the end of the page.
      await drag('Section 2', () => within(canvas()).getByRole('region', { name: 'Page Page 1' }).lastElementChild!, 'Section Section 2, level 2 is over End of Page Page 1.');
      await waitFor(() => expect(outline()).toEqual(['Section 1', 'Section 2']));
    });
  });

  describe('with the keyboard sensor', () => {
    let layout: ReturnType<typeof layOutAsColumn>;
    beforeEach(() => {
      layout = layOutAsColumn();
    });
    afterEach(() => layout.mockRestore());

    it('drags a section into another section, announcing the section and the level, as one undoable step', async () => {
      const { user } = await builder();
      await user.click(screen.getByRole('button', { name: 'Add Section' }));
      await waitFor(() => expect(outline()).toEqual(['Section 1', 'Section 2']));
      within(canvas()).getByRole('button', { name: 'Section Section 2' }).focus();
      await press('Space');
      await waitFor(() => expect(announced()).toContain('Picked up Section Section 2.'));
      for (let i = 0; i < 8 && !/is over Inside Section Section 1, level 2\./.test(announced()); i++) await press('ArrowUp');
      expect(announced()).toContain('Section Section 2 is over Inside Section Section 1, level 2.');
      await press('Space');
      await waitFor(() => expect(outline()).toEqual([['Section 1', ['Section 2']]]));
      expect(announced()).toContain('Section Section 2 was dropped on Inside Section Section 1, level 2.');
      // Undone and redone with the keys: each time the section is drawn anew, and the focus follows it (on the
      // page's body the builder's keys would no longer reach it).
      await waitFor(() => expect(document.activeElement).toHaveAttribute('aria-label', 'Section Section 2'));
      await user.keyboard('{Control>}z{/Control}');
      await waitFor(() => expect(outline()).toEqual(['Section 1', 'Section 2']));
      await waitFor(() => expect(document.activeElement).toHaveAttribute('aria-label', 'Section Section 2'));
      await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
      await waitFor(() => expect(outline()).toEqual([['Section 1', ['Section 2']]]));
    });
  });
});

describe('builderCollisions, a dragged section', () => {
  const rect = (top: number, height: number): ClientRect => ({ top, left: 0, width: 600, height, bottom: top + height, right: 600 });
  const container = (id: string, data: Record<string, unknown>): DroppableContainer =>
    ({ id, key: id, data: { current: data }, disabled: false, node: { current: null }, rect: { current: null } }) as unknown as DroppableContainer;
  const over = (active: Record<string, unknown>, places: [DroppableContainer, ClientRect][]) =>
    builderCollisions({
      active: { id: String(active.id), data: { current: active }, rect: { current: { initial: null, translated: null } } },
      collisionRect: rect(0, 40),
      droppableRects: new Map(places.map(([c, r]) => [c.id, r])),
      droppableContainers: places.map(([c]) => c),
      pointerCoordinates: null,
    }).map((c) => c.id);

  it('is never over a place it may not go: its own sections, too deep, a repeatable section inside a repeatable one', () => {
    const pages = container('page-drop:p', { type: 'page-drop', pageId: 'p' });
    const ownInner = container('nest:inner', { type: 'nest-drop', sectionId: 'inner', depth: 2, inRepeat: false });
    const level4 = container('nest:deep', { type: 'nest-drop', sectionId: 'deep', depth: 4, inRepeat: false });
    const level3 = container('nest:three', { type: 'nest-drop', sectionId: 'three', depth: 3, inRepeat: false });
    const jobs = container('nest:jobs', { type: 'nest-drop', sectionId: 'jobs', depth: 1, inRepeat: true });
    const places: [DroppableContainer, ClientRect][] = [ownInner, level4, level3, jobs, pages].map((c, i) => [c, rect(i * 50, 40)]);
    // A plain section holding one section (two levels), with no repeatable section.
    expect(over({ id: 'moving', type: 'section', tree: ['moving', 'inner'], height: 2, holdsRepeat: false }, places)).toEqual(['nest:jobs', 'page-drop:p']);
    // The same holding a repeatable section: not into the repeatable section's items either.
    expect(over({ id: 'moving', type: 'section', tree: ['moving', 'inner'], height: 1, holdsRepeat: true }, places)).toEqual(['nest:three', 'page-drop:p']);
  });
});
