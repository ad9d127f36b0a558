import { act, fireEvent, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type * as MantineModule from '@mantine/core';
import type * as PropertiesModule from '../../src/builder/properties';
import { generateForm } from '../../src/forms';
import { setupFakeApi } from '../admin/support/screen';
import { renderBuilder } from './support/builder-harness';
import { changedSince, renderCounts } from './support/item-renders';

// The renders of the property pane's switches and text areas, and of each canvas item (every field calls
// useLazyDraggable once per render of its shell).
const counts = vi.hoisted(() => ({ switches: 0, textareas: 0, pageTitles: 0, panels: 0 }));
vi.mock('@mantine/core', async (importOriginal) => {
  const original = await importOriginal<typeof MantineModule>();
  const counted = (await import('./support/item-renders')).countedComponent;
  return {
    ...original,
    Switch: counted(original.Switch, () => counts.switches++),
    Textarea: counted(original.Textarea, () => counts.textareas++),
    // A page's title (a Title of order 2 reading 'Page …' on a generated form): its renders are the page's.
    Title: counted(original.Title, (props) => {
      if (props.order === 2 && String(props.children).startsWith('Page ')) counts.pageTitles++;
    }),
  };
});
// The field's property panel as a whole (its editors each draw again only when what they show changed).
vi.mock('../../src/builder/properties', async (importOriginal) => {
  const original = await importOriginal<typeof PropertiesModule>();
  const counted = (await import('./support/item-renders')).countedComponent;
  return { ...original, FieldPropertiesPanel: counted(original.FieldPropertiesPanel, () => counts.panels++) };
});
const items = vi.hoisted(() => new Map<string, number>());
vi.mock('../../src/builder/lazy-draggable', async (importOriginal) => (await import('./support/item-renders')).countingLazyDraggable(importOriginal, items));

setupFakeApi();

// Selecting another field hands the property pane's editors the new field: the pane is not unmounted and mounted anew
// for it (its label box stays the same element), an editor showing the same as before (the switches, an empty help
// text) is not drawn again, and on the canvas only the item that was selected and the one now selected are.
describe('selecting another field', () => {
  it('keeps the property editors mounted, redraws only the editors that show something else and the two canvas items', async () => {
    const form = generateForm(40);
    const fields = form.layout.pages.flatMap((p) => p.sections.flatMap((s) => s.fields));
    // Two text fields alike in what the switches and the help text show (neither required, no help text).
    const a = fields.find((f) => f.id === 'g1f2');
    const b = fields.find((f) => f.id === 'g1f3');
    expect(a?.widget === 'text' && b?.widget === 'text' && !a.helpText && !b.helpText).toBe(true);
    const { user, item, pane } = await renderBuilder(form, b!.id);

    await user.click(item(a!.id));
    const labelA = await within(pane).findByRole('textbox', { name: /^Label/ }, { timeout: 10_000 });
    await waitFor(() => expect((labelA as HTMLInputElement).value).toBe(a!.label), { timeout: 10_000 });
    const switchA = within(pane).getAllByRole('switch')[0]!;
    // The pane's deferred render of the first selection is over.
    await new Promise((r) => setTimeout(r, 200));

    const before = { ...counts };
    const itemsBefore = renderCounts(items);
    await user.click(item(b!.id));
    await waitFor(() => expect((within(pane).getByRole('textbox', { name: /^Label/ }) as HTMLInputElement).value).toBe(b!.label), { timeout: 10_000 });
    await new Promise((r) => setTimeout(r, 200));

    // The same elements: not unmounted and mounted again (they were, with the pane keyed by the field).
    expect(within(pane).getByRole('textbox', { name: /^Label/ })).toBe(labelA);
    expect(within(pane).getAllByRole('switch')[0]).toBe(switchA);
    expect(within(pane).getByRole('region', { name: /^Properties of / })).toHaveAccessibleName(new RegExp(b!.label.replace('.', '\\.')));
    // The switches and the help text show what they showed for the field before: not drawn again.
    expect(counts.switches - before.switches).toBe(0);
    expect(counts.textareas - before.textareas).toBe(0);
    // On the canvas: the item selected before and the one selected now.
    expect(changedSince(items, itemsBefore)).toEqual([a!.id, b!.id].sort());
  }, 60_000);

  it('draws nothing again for a click on the field already selected', async () => {
    const form = generateForm(40);
    const { user, item, pane } = await renderBuilder(form, 'g1f2');
    await user.click(item('g1f2'));
    await waitFor(() => expect((within(pane).getByRole('textbox', { name: /^Label/ }) as HTMLInputElement).value).toBe('Text 1.2'), { timeout: 10_000 });
    await new Promise((r) => setTimeout(r, 200));

    const before = { ...counts };
    const itemsBefore = renderCounts(items);
    await user.click(item('g1f2'));
    await new Promise((r) => setTimeout(r, 200));
    expect(item('g1f2')).toHaveAttribute('aria-pressed', 'true');
    // The same selection: neither the pane, nor its editors, nor a page, nor a canvas item drawn again.
    expect({ ...counts }).toEqual(before);
    expect(changedSince(items, itemsBefore)).toEqual([]);
  }, 60_000);

  it('on a long form, draws again only the page that holds the selection, not every page', async () => {
    // Every section reported in view at once: the canvas tracks which are far (over 60 fields) and finds none.
    class InView {
      constructor(readonly callback: IntersectionObserverCallback) {}
      observe(target: Element) {
        queueMicrotask(() => this.callback([{ target, isIntersecting: true } as unknown as IntersectionObserverEntry], this as unknown as IntersectionObserver));
      }
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    }
    vi.stubGlobal('IntersectionObserver', InView);
    const form = generateForm({ fields: 70, groupsPerPage: 2 });
    expect(form.layout.pages).toHaveLength(4);
    const { user, item, pane } = await renderBuilder(form, 'g1f3');
    const label = () => within(pane).getByRole('textbox', { name: /^Label/ }) as HTMLInputElement;

    await user.click(item('g1f2'));
    await waitFor(() => expect(label().value).toBe('Text 1.2'), { timeout: 10_000 });
    await new Promise((r) => setTimeout(r, 200));
    const before = counts.pageTitles;
    await user.click(item('g1f3'));
    await waitFor(() => expect(label().value).toBe('Text 1.3'), { timeout: 10_000 });
    await new Promise((r) => setTimeout(r, 200));
    // The first page, whose selected item changed; not the other three.
    expect(counts.pageTitles - before).toBe(1);
    // A field of the third page: the page that held the selection and the one that holds it now.
    const third = form.layout.pages[2]!.sections[0]!.fields[0]!;
    const beforeThird = counts.pageTitles;
    await user.click(item(third.id));
    await waitFor(() => expect(label().value).toBe(third.label), { timeout: 10_000 });
    await new Promise((r) => setTimeout(r, 200));
    expect(counts.pageTitles - beforeThird).toBe(2);
    vi.unstubAllGlobals();
  }, 60_000);

  it('takes the focus out of the pane when the selection changes under it, so a key meant for one field never reaches another', async () => {
    const form = generateForm(12);
    const fields = form.layout.pages.flatMap((p) => p.sections.flatMap((s) => s.fields)).filter((f) => f.widget === 'text');
    const [a, b] = fields;
    const { user, item, pane } = await renderBuilder(form, b!.id);
    const labelBox = () => within(pane).getByRole('textbox', { name: /^Label/ }) as HTMLInputElement;

    // Field a renamed, then field b selected and its label box entered.
    await user.click(item(a!.id));
    await waitFor(() => expect(labelBox().value).toBe(a!.label), { timeout: 10_000 });
    await user.click(labelBox());
    await user.keyboard('1');
    await waitFor(() => expect(labelBox().value).toBe(`${a!.label}1`));
    await user.click(item(b!.id));
    await waitFor(() => expect(labelBox().value).toBe(b!.label), { timeout: 10_000 });
    await user.click(labelBox());
    expect(document.activeElement).toBe(labelBox());

    // Ctrl+Z in b's label box takes back a's rename and selects a again: the box shows a's label, without the focus.
    await act(async () => {
      fireEvent.keyDown(labelBox(), { key: 'z', code: 'KeyZ', ctrlKey: true });
    });
    await waitFor(() => expect(labelBox().value).toBe(a!.label), { timeout: 10_000 });
    expect(document.activeElement).not.toBe(labelBox());
    // Keys typed now change neither field's label.
    await user.keyboard('q');
    expect(labelBox().value).toBe(a!.label);
    expect(item(a!.id).textContent).not.toContain(`${a!.label}q`);
    expect(item(b!.id).textContent).not.toContain(`${b!.label}q`);
  }, 60_000);
});
