import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormBuilder } from '../../src';
import { renderInApi, setupFakeApi } from '../admin/support/screen';
import { memoryStorage } from './support/memory-storage';
import { BUILDER_FIRST_RENDER_MS } from './support/timing';

setupFakeApi();

const canvas = () => screen.getByRole('region', { name: 'Form' });
const fields = () => within(canvas()).queryAllByRole('button', { name: /^Field / }).map((b) => b.getAttribute('aria-label'));

// One user action is one undo step: an add (with the selection it makes, the property pane it opens and the data
// path the label gives it) is taken back by one Ctrl+Z and brought back by one Ctrl+Shift+Z.
describe('FormBuilder undo', () => {
  it('takes back an added field with one Ctrl+Z and brings it back with one Ctrl+Shift+Z', async () => {
    const { user } = renderInApi(<FormBuilder draftStorage={memoryStorage()} />);
    await user.click(await screen.findByRole('button', { name: 'Add Short text' }, { timeout: BUILDER_FIRST_RENDER_MS }));
    const label = () => within(screen.getByRole('region', { name: /properties/i })).getByRole('textbox', { name: /^Label/ });
    await user.clear(label());
    await user.type(label(), 'Full name');
    // A second page with a repeatable section and a field in it, a third page, and there a long text.
    await user.click(screen.getByRole('button', { name: 'Add Page' }));
    await user.click(screen.getByRole('button', { name: 'Add Repeatable section' }));
    await user.click(screen.getByRole('button', { name: 'Add Short text' }));
    await user.clear(label());
    await user.type(label(), 'Employer');
    await user.click(screen.getByRole('button', { name: 'Add Page' }));
    const add = screen.getByRole('button', { name: 'Add Long text' });
    add.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(fields()).toEqual(['Field Full name', 'Field Employer', 'Field Long text']));
    await user.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(fields()).toEqual(['Field Full name', 'Field Employer']));
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    await waitFor(() => expect(fields()).toEqual(['Field Full name', 'Field Employer', 'Field Long text']));
  });

  it('duplicates a page by keyboard through its menu: the copy after it takes the focus, one Ctrl+Z takes it back', async () => {
    const { user } = renderInApi(<FormBuilder draftStorage={memoryStorage()} />);
    await user.click(await screen.findByRole('button', { name: 'Add Short text' }, { timeout: BUILDER_FIRST_RENDER_MS }));
    const label = () => within(screen.getByRole('region', { name: /properties/i })).getByRole('textbox', { name: /^Label/ });
    await user.clear(label());
    await user.type(label(), 'Full name');
    const pages = () => within(canvas()).queryAllByRole('region', { name: /^Page / }).map((r) => r.getAttribute('aria-label'));
    await waitFor(() => expect(pages()).toHaveLength(1));
    const first = within(canvas()).getAllByRole('region', { name: /^Page / })[0] as HTMLElement;
    const title = first.querySelector<HTMLElement>('[data-builder-kind="page"]');
    if (!title) throw new Error('The page has no title item');
    title.focus();
    // Right arrow to the page's actions menu, Enter opens it, the arrow keys reach Duplicate, Enter duplicates.
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: /^Actions for Page/ })).toHaveFocus();
    await user.keyboard('{Enter}');
    const duplicate = await screen.findByRole('menuitem', { name: 'Duplicate' });
    for (let i = 0; i < 6 && document.activeElement !== duplicate; i += 1) await user.keyboard('{ArrowDown}');
    expect(duplicate).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(pages()).toHaveLength(2));
    expect(fields()).toEqual(['Field Full name', 'Field Full name']);
    const copy = within(canvas()).getAllByRole('region', { name: /^Page / })[1] as HTMLElement;
    await waitFor(() => expect(copy.querySelector('[data-builder-kind="page"]')).toHaveFocus());
    await user.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(pages()).toHaveLength(1));
    expect(fields()).toEqual(['Field Full name']);
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    await waitFor(() => expect(pages()).toHaveLength(2));
    expect(fields()).toEqual(['Field Full name', 'Field Full name']);
  });
});
