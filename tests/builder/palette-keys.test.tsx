import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormBuilder } from '../../src';
import { renderInApi, setupFakeApi } from '../admin/support/screen';
import { memoryStorage } from './support/memory-storage';

setupFakeApi();

const palette = () => screen.getByRole('navigation', { name: 'Add to the form' });
/** What in the palette is in the tab order. */
const tabStops = () => [...palette().querySelectorAll<HTMLElement>('button, input, a[href], [tabindex]')].filter((el) => el.tabIndex >= 0);

describe('FormBuilder palette, by keyboard', () => {
  it('is one tab stop: the arrow keys move between entries and between an entry’s handle and its Add; Enter adds', async () => {
    const { user } = renderInApi(<FormBuilder draftStorage={memoryStorage()} />);
    const addPage = await screen.findByRole('button', { name: 'Add Page' }, { timeout: 10_000 });
    // One stop, the first entry's 'Add'; Tab from before the palette lands on it.
    expect(tabStops()).toEqual([addPage]);
    expect(within(palette()).getByRole('toolbar', { name: 'Add to the form' })).toBeInTheDocument();
    screen.getByRole('button', { name: 'Undo' }).focus();
    while (!palette().contains(document.activeElement)) await user.tab();
    expect(addPage).toHaveFocus();

    // Down goes to the next entry's 'Add', Up back; End to the last entry, Home to the first.
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Add Section' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Add Short text' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('button', { name: 'Add Repeatable section' })).toHaveFocus();
    await user.keyboard('{End}');
    const adds = within(palette()).getAllByRole('button', { name: /^Add / });
    expect(adds.at(-1)).toHaveFocus();
    await user.keyboard('{Home}');
    expect(addPage).toHaveFocus();

    // Left goes to the entry's drag handle, Down to the next handle, Right to that entry's 'Add'.
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toHaveAttribute('data-palette-stop', 'drag');
    expect(document.activeElement).toHaveTextContent('Page');
    await user.keyboard('{ArrowDown}{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Add Section' })).toHaveFocus();

    // The stop is the control last focused: Tab leaves the palette at once, Shift+Tab comes back to it.
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const shortText = screen.getByRole('button', { name: 'Add Short text' });
    expect(shortText).toHaveFocus();
    expect(tabStops()).toEqual([shortText]);
    await user.tab();
    expect(palette().contains(document.activeElement)).toBe(false);
    await user.tab({ shift: true });
    expect(shortText).toHaveFocus();

    // Enter adds the entry (the new field takes the focus on the canvas).
    await user.keyboard('{Enter}');
    const canvas = screen.getByRole('region', { name: 'Form' });
    await waitFor(() => expect(within(canvas).getByRole('button', { name: 'Field Short text' })).toHaveFocus(), { timeout: 5000 });
  }, 30_000);
});
