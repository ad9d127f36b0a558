import { screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type * as MantineModule from '@mantine/core';
import type * as CoreModule from '@dnd-kit/core';
import type * as EditWidgetModule from '../../src/forms/widgets/EditWidget';
import type * as AuthoringModule from '../../src/engine/authoring';
import { TEXTS_SETTLE_MS } from '../../src/builder/live-texts';
import { generateForm } from '../../src/forms';
import { renderInApi, setupFakeApi } from '../admin/support/screen';
import { BuilderHarness } from './support/builder-harness';

// The renders of: the property pane's text boxes by their label, its switches and text areas, every Mantine Modal
// (the closed dialogs: the save button's among them), the drag-and-drop context (palette and canvas), every drag
// handle of the palette and the canvas, and each canvas field's widget.
const counts = vi.hoisted(() => ({ boxes: new Map<string, number>(), switches: 0, textareas: 0, modals: 0, dnd: 0, draggables: 0, widgets: new Map<string, number>(), ruleTargets: 0 }));
// The listings of a field's rule targets (every field of the form walked).
vi.mock('../../src/engine/authoring', async (importOriginal) => {
  const original = await importOriginal<typeof AuthoringModule>();
  return {
    ...original,
    ruleTargets: (...args: Parameters<typeof original.ruleTargets>) => {
      counts.ruleTargets++;
      return original.ruleTargets(...args);
    },
  };
});
vi.mock('@mantine/core', async (importOriginal) => {
  const original = await importOriginal<typeof MantineModule>();
  const counted = (await import('./support/item-renders')).countedComponent;
  return {
    ...original,
    TextInput: counted(original.TextInput, (props) => {
      const label = String(props.label);
      counts.boxes.set(label, (counts.boxes.get(label) ?? 0) + 1);
    }),
    Switch: counted(original.Switch, () => counts.switches++),
    Textarea: counted(original.Textarea, () => counts.textareas++),
    Modal: counted(original.Modal, () => counts.modals++),
  };
});
vi.mock('@dnd-kit/core', async (importOriginal) => {
  const original = await importOriginal<typeof CoreModule>();
  const DndContext = (props: Parameters<typeof original.DndContext>[0]) => {
    counts.dnd++;
    return createElement(original.DndContext, props);
  };
  return {
    ...original,
    DndContext,
    useDraggable: (args: Parameters<typeof original.useDraggable>[0]) => {
      counts.draggables++;
      return original.useDraggable(args);
    },
  };
});
vi.mock('../../src/forms/widgets/EditWidget', async (importOriginal) => {
  const original = await importOriginal<typeof EditWidgetModule>();
  return {
    EditWidget: (props: Parameters<typeof original.EditWidget>[0]) => {
      counts.widgets.set(props.id, (counts.widgets.get(props.id) ?? 0) + 1);
      return original.EditWidget(props);
    },
  };
});

setupFakeApi();

const snapshot = () => ({ ...counts, boxes: new Map(counts.boxes), widgets: new Map(counts.widgets) });
type Counts = ReturnType<typeof snapshot>;
const changed = (from: Map<string, number>, to: Map<string, number>) => [...to].filter(([k, n]) => from.get(k) !== n).map(([k]) => k).sort();

// A key typed in a field's label reaches that label box (and the data path box that follows it), the one canvas item
// showing the label, and nothing else: not the pane's other editors, not the closed dialogs (the save button's), not
// the palette and the canvas in their drag-and-drop context.
describe('a key in the label', () => {
  afterEach(() => vi.restoreAllMocks());

  it('renders the label box, the path that follows it and the one canvas field only', () => typeThreeKeys(false), 60_000);

  it('renders the label box and the one canvas field only when the path stays (a saved field): not the data path box', () => typeThreeKeys(true), 60_000);
});

async function typeThreeKeys(saved: boolean) {
  {
    // The canvas takes the whole document once the typing pauses (a render of the canvas, tested on its own in
    // builder-renders): held off here, so that a slow machine, pausing between two keys, does not count it for a key.
    const setTimeout = window.setTimeout.bind(window);
    vi.spyOn(window, 'setTimeout').mockImplementation(((run: () => void, ms?: number) => setTimeout(run, ms === TEXTS_SETTLE_MS ? 600_000 : ms)) as typeof window.setTimeout);
    const form = generateForm(40);
    const ids = form.layout.pages.flatMap((p) => p.sections.flatMap((s) => s.fields.map((f) => f.id)));
    const { user } = renderInApi(<BuilderHarness doc={{ jsonSchema: form.jsonSchema, layout: form.layout }} saved={saved} />);
    const canvas = await screen.findByRole('region', { name: 'Form' });
    const items = () => within(canvas).getAllByRole('button', { name: /^Field / });
    await waitFor(() => expect(items().length).toBe(40), { timeout: 10_000 });
    // A text field (its pane has a help text, a placeholder and switches).
    const index = ids.findIndex((id) => form.layout.pages.some((p) => p.sections.some((s) => s.fields.some((f) => f.id === id && f.widget === 'text'))));
    expect(index).toBeGreaterThanOrEqual(0);
    await user.click(items()[index]!);
    const pane = screen.getByRole('complementary', { name: 'Properties' });
    const label = await within(pane).findByRole('textbox', { name: /^Label/ }, { timeout: 10_000 });
    expect(within(pane).getAllByRole('switch').length).toBeGreaterThan(0);
    // Into the box first (its focus is not a key), then each key on its own.
    await user.click(label);
    await new Promise((r) => setTimeout(r, 100));

    for (const key of ['x', 'y', 'z']) {
      const before: Counts = snapshot();
      await user.keyboard(key);
      // Read at once: the key's renders are done (a key is a discrete event, its update synchronous), and the canvas
      // takes the whole document only once the typing has paused for a while.
      const after: Counts = snapshot();
      expect((label as HTMLInputElement).value).toMatch(new RegExp(`${key}$`));
      // The canvas item shows the new label.
      expect(items()[index]!.parentElement?.textContent).toContain((label as HTMLInputElement).value);
      const boxes = changed(before.boxes, after.boxes);
      // The label box, the data path box, and the canvas field's own text box (labelled with the new label).
      expect(boxes.filter((b) => b !== 'Label' && b !== 'Data path' && b !== (label as HTMLInputElement).value)).toEqual([]);
      expect(boxes).toContain('Label');
      // A saved field's path does not follow its label: its box has nothing new to show.
      if (saved) expect(boxes).not.toContain('Data path');
      // Nor are the rule targets listed again (the field is not among its own; its path, when it follows, is).
      if (saved) expect(after.ruleTargets - before.ruleTargets).toBe(0);
      expect(after.switches - before.switches).toBe(0);
      expect(after.textareas - before.textareas).toBe(0);
      expect(after.modals - before.modals).toBe(0);
      expect(after.dnd - before.dnd).toBe(0);
      expect(after.draggables - before.draggables).toBe(0);
      expect(changed(before.widgets, after.widgets)).toEqual([`ccq-builder-${ids[index]}`]);
    }
  }
}
