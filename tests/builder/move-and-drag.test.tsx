import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FormBuilder } from '../../src';
import { renderInApi, setupFakeApi } from '../admin/support/screen';
import { memoryStorage } from './support/memory-storage';
import { layOutAsColumn } from './support/builder-harness';
import { BUILDER_FIRST_RENDER_MS } from './support/timing';

setupFakeApi();

const canvas = () => screen.getByRole('region', { name: 'Form' });
const page = (name: string) => within(canvas()).getByRole('region', { name: `Page ${name}` });
const fieldsOf = (region: HTMLElement) =>
  within(region)
    .queryAllByRole('button', { name: /^Field / })
    .map((b) => b.getAttribute('aria-label'));
/** The sections' drag handles, which name them. */
const sectionsOf = (region: HTMLElement) => [...region.querySelectorAll('[data-builder-item][aria-label^="Section "]')].map((b) => b.getAttribute('aria-label'));

/** Everything dnd-kit's live region has said (each announcement replaces the one before it). */
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


/** A builder with Short text and Email in the first section and a second page whose section is empty. */
async function twoPages() {
  const view = renderInApi(<FormBuilder draftStorage={memoryStorage()} />);
  const { user } = view;
  await user.click(await screen.findByRole('button', { name: 'Add Short text' }, { timeout: BUILDER_FIRST_RENDER_MS }));
  await user.click(screen.getByRole('button', { name: 'Add Email' }));
  await user.click(screen.getByRole('button', { name: 'Add Page' }));
  await waitFor(() => expect(within(canvas()).getAllByRole('region', { name: /^Page / })).toHaveLength(2));
  return view;
}

/** Presses a key on the focused element the way dnd-kit's keyboard sensor listens (keydown with `code`). */
async function press(code: 'Space' | 'ArrowDown' | 'ArrowUp' | 'Escape') {
  const target = document.activeElement ?? document.body;
  await act(async () => {
    fireEvent.keyDown(target, { code, key: code === 'Space' ? ' ' : code });
    await new Promise((r) => setTimeout(r, 30));
  });
}

describe('FormBuilder moves: "Move to…" and keyboard dragging', () => {
  it('moves a field to a section of another page, at the position asked, as one undoable step', async () => {
    const { user } = await twoPages();
    await user.click(screen.getByRole('button', { name: 'Add Number' }));
    await user.click(screen.getByRole('button', { name: 'Actions for Field Short text' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move to…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move Short text to…' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Section' }));
    // The sections are listed under their pages.
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getByRole('group', { name: 'Page 2' })).toBeInTheDocument();
    await user.click(within(listbox).getByRole('option', { name: 'Page 2 / Section 1' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Position' }));
    await user.click(await screen.findByRole('option', { name: 'First' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(fieldsOf(page('Page 2'))).toEqual(['Field Short text', 'Field Number']));
    expect(fieldsOf(page('Page 1'))).toEqual(['Field Email']);
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(fieldsOf(page('Page 1'))).toEqual(['Field Short text', 'Field Email']));
    expect(fieldsOf(page('Page 2'))).toEqual(['Field Number']);
  });

  it('moves a section to another page with "Move to…", after a section there, as one undoable step', async () => {
    const { user } = await twoPages();
    await user.click(within(page('Page 1')).getByRole('button', { name: 'Actions for Section Section 1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move to…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move Section 1 to…' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Page or section' }));
    await user.click(await screen.findByRole('option', { name: 'Page 2' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Position' }));
    // Page 2's own section is named too (both are 'Section 1'); the moved one is not offered as a place.
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['First', 'After Section 1']);
    await user.click(screen.getByRole('option', { name: 'After Section 1' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(sectionsOf(page('Page 2'))).toHaveLength(2));
    expect(sectionsOf(page('Page 1'))).toEqual([]);
    // Its fields went with it, after page 2's own section; the empty page says where a section can go.
    expect(fieldsOf(page('Page 2'))).toEqual(['Field Short text', 'Field Email']);
    expect(within(page('Page 1')).getByText('No sections on this page yet. Drop a section here.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(fieldsOf(page('Page 1'))).toEqual(['Field Short text', 'Field Email']));
    expect(sectionsOf(page('Page 2'))).toHaveLength(1);
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

    it('drags a field with the mouse into an empty section on the next page, as one undoable step', async () => {
      const { user } = await twoPages();
      const email = within(page('Page 1')).getByRole('button', { name: 'Field Email' });
      const from = centre(email);
      await act(async () => {
        fireEvent.pointerDown(email, { ...from, pointerId: 1, isPrimary: true, button: 0 });
      });
      // Past the 6 px that start a drag, then over page 2's empty section, and let go.
      await pointer('pointerMove', { clientX: 300, clientY: from.clientY + 20 });
      const zone = within(page('Page 2')).getByText('No fields in this section yet. Drop a field here.').parentElement!;
      await pointer('pointerMove', centre(zone));
      await waitFor(() => expect(announced()).toContain('Field Email is over Section Section 1.'));
      await pointer('pointerUp', centre(zone));
      await waitFor(() => expect(fieldsOf(page('Page 2'))).toEqual(['Field Email']));
      expect(fieldsOf(page('Page 1'))).toEqual(['Field Short text']);
      await user.click(screen.getByRole('button', { name: 'Undo' }));
      await waitFor(() => expect(fieldsOf(page('Page 1'))).toEqual(['Field Short text', 'Field Email']));
    });

    it('leaves the fields in place while a field is dragged, a line showing where it goes; the drop moves it there', async () => {
      await twoPages();
      const short = within(page('Page 1')).getByRole('button', { name: 'Field Short text' });
      const email = within(page('Page 1')).getByRole('button', { name: 'Field Email' });
      const from = centre(short);
      await act(async () => {
        fireEvent.pointerDown(short, { ...from, pointerId: 1, isPrimary: true, button: 0 });
      });
      await pointer('pointerMove', { clientX: 300, clientY: from.clientY + 20 });
      await pointer('pointerMove', centre(email));
      await waitFor(() => expect(announced()).toContain('Field Short text is over Field Email.'));
      // Over Email, coming from above in its section: the line is after Email, and no field has moved.
      const lines = [...canvas().querySelectorAll<HTMLElement>('[data-builder-drop-place]')];
      expect(lines).toHaveLength(1);
      expect(lines[0]!.dataset.builderDropPlace).toBe('after');
      expect(lines[0]!.contains(email)).toBe(true);
      expect(lines[0]!.style.boxShadow).not.toBe('');
      // Each item's sortable shell: item → its box → group → paper → shell.
      const shells = [short, email].map((item) => item.parentElement!.parentElement!.parentElement!.parentElement!);
      expect(shells.map((shell) => shell.style.transform)).toEqual(['', '']);
      await pointer('pointerUp', centre(email));
      await waitFor(() => expect(fieldsOf(page('Page 1'))).toEqual(['Field Email', 'Field Short text']));
      expect(canvas().querySelector('[data-builder-drop-place]')).toBeNull();
    });

    it('drags a section with the mouse onto the end of the next page', async () => {
      await twoPages();
      const handle = within(page('Page 1')).getByRole('button', { name: 'Section Section 1' });
      const from = centre(handle);
      await act(async () => {
        fireEvent.pointerDown(handle, { ...from, pointerId: 1, isPrimary: true, button: 0 });
      });
      await pointer('pointerMove', { clientX: 300, clientY: from.clientY + 20 });
      // The page's end: the last thing in its region.
      const end = page('Page 2').lastElementChild!;
      await pointer('pointerMove', centre(end));
      await waitFor(() => expect(announced()).toContain('Section Section 1 is over End of Page Page 2.'));
      await pointer('pointerUp', centre(end));
      await waitFor(() => expect(sectionsOf(page('Page 2'))).toHaveLength(2));
      expect(fieldsOf(page('Page 2'))).toEqual(['Field Short text', 'Field Email']);
    });
  });

  describe('with the keyboard sensor (Space picks up, arrow keys move, Space drops)', () => {
    let layout: ReturnType<typeof layOutAsColumn>;
    beforeEach(() => {
      layout = layOutAsColumn();
    });
    afterEach(() => layout.mockRestore());

    it('drags a field down into the next page\'s section, announcing each step in our labels, as one undoable step', async () => {
      const { user } = await twoPages();
      const email = within(page('Page 1')).getByRole('button', { name: 'Field Email' });
      email.focus();
      await press('Space');
      await waitFor(() => expect(announced()).toContain('Picked up Field Email.'));
      // Down once: over the drop zone of page 2's empty section.
      await press('ArrowDown');
      await waitFor(() => expect(announced()).toMatch(/Field Email is over Section Section 1\./));
      await press('Space');
      await waitFor(() => expect(fieldsOf(page('Page 2'))).toEqual(['Field Email']));
      expect(announced()).toContain('Field Email was dropped on Section Section 1.');
      expect(fieldsOf(page('Page 1'))).toEqual(['Field Short text']);
      await user.click(screen.getByRole('button', { name: 'Undo' }));
      await waitFor(() => expect(fieldsOf(page('Page 1'))).toEqual(['Field Short text', 'Field Email']));
      expect(fieldsOf(page('Page 2'))).toEqual([]);
    });

    it('reorders fields within a section and cancels with Escape', async () => {
      await twoPages();
      within(page('Page 1')).getByRole('button', { name: 'Field Short text' }).focus();
      await press('Space');
      await press('ArrowDown');
      await waitFor(() => expect(announced()).toContain('Field Short text is over Field Email.'));
      await press('Escape');
      await waitFor(() => expect(announced()).toContain('Moving Field Short text was cancelled.'));
      expect(fieldsOf(page('Page 1'))).toEqual(['Field Short text', 'Field Email']);
      within(page('Page 1')).getByRole('button', { name: 'Field Email' }).focus();
      await press('Space');
      await press('ArrowUp');
      await waitFor(() => expect(announced()).toContain('Field Email is over Field Short text.'));
      await press('Space');
      await waitFor(() => expect(fieldsOf(page('Page 1'))).toEqual(['Field Email', 'Field Short text']));
    });

    it('drags a section onto the end of another page', async () => {
      const { user } = await twoPages();
      within(page('Page 1')).getByRole('button', { name: 'Section Section 1' }).focus();
      await press('Space');
      await waitFor(() => expect(announced()).toContain('Picked up Section Section 1.'));
      for (let i = 0; i < 8 && !/is over End of Page Page 2\./.test(announced()); i++) await press('ArrowDown');
      expect(announced()).toContain('Section Section 1 is over End of Page Page 2.');
      await press('Space');
      await waitFor(() => expect(fieldsOf(page('Page 2'))).toEqual(['Field Short text', 'Field Email']));
      expect(sectionsOf(page('Page 2'))).toHaveLength(2);
      expect(sectionsOf(page('Page 1'))).toEqual([]);
      await user.click(screen.getByRole('button', { name: 'Undo' }));
      await waitFor(() => expect(fieldsOf(page('Page 1'))).toEqual(['Field Short text', 'Field Email']));
    });
  });
});
