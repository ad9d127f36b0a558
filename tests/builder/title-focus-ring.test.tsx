import { act, fireEvent, screen } from '@testing-library/react';
import { BuilderCanvas } from '../../src/builder/BuilderCanvas';
import { initialBuilderState } from '../../src/builder/model';
import { WIDGET_KINDS } from '../../src/engine/widget-kinds';
import { generateForm } from '../../src/forms';
import { withFormWidgets } from '../../src/forms/widgets/registry';
import { defaultLabels, fillLabel } from '../../src/query/labels';
import { renderWithProviders } from '../support/render';

// The page and section titles are buttons styled as headings. `all: unset` in their inline style also unset the
// outline, and an inline style beats the stylesheet's `:focus-visible` rule: a keyboard user saw no focus at all.
// jsdom computes no `:focus-visible`, so this checks the two halves of the ring as Chromium draws it: the buttons
// carry Mantine's keyboard focus ring class (2px outline in the primary colour, as on every Mantine button) and their
// inline style leaves `outline` to it.
describe('the builder canvas: page and section title buttons show a focus ring', () => {
  it('a read-only canvas: the page and section titles are the canvas’s items (one tab stop, arrows between them) with the focus ring class', () => {
    const form = generateForm(3);
    const state = initialBuilderState({ jsonSchema: form.jsonSchema, layout: form.layout });
    const page = state.document.layout.pages[0]!;
    const section = page.sections[0]!;
    renderWithProviders(
      <BuilderCanvas doc={state.document} selection={null} kinds={WIDGET_KINDS} widgets={withFormWidgets()} labels={defaultLabels} editing={null} onSelect={() => undefined} />,
    );
    const pageTitle = screen.getByRole('heading', { level: 2, name: page.title || fillLabel(defaultLabels.fbPageNamed, { name: '1' }) }).closest('button');
    const sectionTitle = screen.getByRole('button', { name: fillLabel(defaultLabels.fbSectionNamed, { name: section.title || defaultLabels.fbUntitledSection }) });
    // The canvas is one tab stop: its first item; the arrow keys take the stop along.
    expect(pageTitle!.tabIndex).toBe(0);
    expect(sectionTitle.tabIndex).toBe(-1);
    act(() => pageTitle!.focus());
    fireEvent.keyDown(pageTitle!, { key: 'ArrowDown' });
    expect(sectionTitle).toHaveFocus();
    expect(sectionTitle.tabIndex).toBe(0);
    expect(pageTitle!.tabIndex).toBe(-1);
    for (const button of [pageTitle, sectionTitle]) {
      expect(button).not.toBeNull();
      expect(button!.classList.contains('mantine-focus-auto')).toBe(true);
      expect(button!.style.getPropertyValue('all')).toBe('');
      expect(button!.style.getPropertyValue('outline')).toBe('');
    }
  });
});
