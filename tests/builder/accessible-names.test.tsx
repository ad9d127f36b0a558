import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormBuilder } from '../../src';
import { BuilderCanvas } from '../../src/builder/BuilderCanvas';
import { builderReducer, emptyDocument, initialBuilderState } from '../../src/builder/model';
import { WIDGET_KINDS } from '../../src/engine/widget-kinds';
import { FORM_WIDGETS, withFormWidgets } from '../../src/forms/widgets/registry';
import { defaultLabels } from '../../src/query/labels';
import { hostWidgets } from '../../stories/forms/starRating';
import { renderInApi, setupFakeApi } from '../admin/support/screen';
import { renderWithProviders } from '../support/render';
import { paletteIcon } from '../../src/ui/icons';
import { seedIds } from '../../src/testing/seed-ids';
import { BUILDER_FIRST_RENDER_MS } from './support/timing';

// A control's accessible name holds the text it shows (WCAG 2.5.3, label in name): a speech user says what they see.
setupFakeApi();

/** A storage of its own per test: no draft is offered back. */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, String(v)),
  };
}

const palette = () => screen.getByRole('navigation', { name: 'Add to the form' });
const handles = () =>
  within(palette())
    .getAllByRole('button')
    .filter((b) => b.getAttribute('aria-roledescription') === 'draggable');

describe('the form builder names its controls by what they show', () => {
  it('a palette handle is named by its visible text, its icon hidden, the drag hint its description', async () => {
    renderInApi(<FormBuilder draftStorage={memoryStorage()} />);
    await screen.findByRole('button', { name: 'Add Short text' }, { timeout: BUILDER_FIRST_RENDER_MS });
    const all = handles();
    // Page, section, repeatable section and every built-in kind.
    expect(all).toHaveLength(3 + Object.keys(FORM_WIDGETS).length);
    for (const handle of all) {
      const text = handle.textContent?.trim() ?? '';
      expect(text).not.toBe('');
      expect(handle).toHaveAccessibleName(text);
      expect(handle.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    }
    const shortText = within(palette()).getByRole('button', { name: 'Short text' });
    expect(shortText).toHaveAccessibleDescription(/^Drag Short text onto the form\. To pick up an item, press space\./);
    expect(within(palette()).getByRole('button', { name: 'Repeatable section' })).toHaveAccessibleDescription(/^Drag Repeatable section onto the form\./);
  });

  it('a host’s kind keeps its own icon, hidden beside its name', async () => {
    renderInApi(<FormBuilder widgets={hostWidgets} draftStorage={memoryStorage()} />);
    const handle = await within(await screen.findByRole('navigation', { name: 'Add to the form' }, { timeout: 5000 })).findByRole('button', { name: 'Star rating' });
    expect(handle).toHaveTextContent('★Star rating');
    expect(within(handle).getByText('★')).toHaveAttribute('aria-hidden', 'true');
  });

  it('a canvas field item holds no content: the inert widget lies under it, hidden, and its name is what it shows', async () => {
    const { user } = renderInApi(<FormBuilder draftStorage={memoryStorage()} />);
    await user.click(await screen.findByRole('button', { name: 'Add Short text' }, { timeout: BUILDER_FIRST_RENDER_MS }));
    const item = within(screen.getByRole('region', { name: 'Form' })).getByRole('button', { name: 'Field Short text' });
    expect(item).toBeEmptyDOMElement();
    const card = item.parentElement!;
    const widget = await waitFor(() => within(card).getByRole('textbox', { hidden: true }));
    expect(widget.closest('[inert]')).toHaveAttribute('aria-hidden', 'true');
    // The canvas's widgets take the renderer's 3:1 control border (a long form's light controls read it from here).
    expect(widget.closest('[inert]')).toHaveStyle('--mantine-color-dark-4: var(--mantine-color-dark-2)');
  });

  it('the preview’s two switches are named groups, so its width is found apart from the form’s own choices', async () => {
    const { user } = renderInApi(<FormBuilder draftStorage={memoryStorage()} />);
    await user.click(await screen.findByRole('button', { name: 'Add Short text' }, { timeout: BUILDER_FIRST_RENDER_MS }));
    await user.click(screen.getByRole('button', { name: 'Show preview' }));
    expect(screen.getByRole('radiogroup', { name: 'Preview mode' })).toBeInTheDocument();
    await user.click(within(screen.getByRole('radiogroup', { name: 'Preview width' })).getByRole('radio', { name: 'Phone' }));
    expect(await screen.findByRole('region', { name: 'Preview: Fill in, Phone' })).toBeInTheDocument();
  });

  it('a field whose label is emptied is named by its kind and data path, never by its id: on the canvas, in the Add hint, its pane and the delete dialog', async () => {
    const { user } = renderInApi(<FormBuilder formId={seedIds.forms.loanApplication} draftStorage={memoryStorage()} />);
    await screen.findByRole('heading', { name: /Form builder: Loan Application/ }, { timeout: BUILDER_FIRST_RENDER_MS });
    const canvas = () => screen.getByRole('region', { name: 'Form' });
    const clearLabel = async (name: string) => {
      await user.click(await within(canvas()).findByRole('button', { name: `Field ${name}` }));
      const pane = await screen.findByRole('region', { name: `Properties of ${name}` });
      // The field's own Label box comes first; a choice field's options have theirs below it.
      await user.clear(within(pane).getAllByRole('textbox', { name: /^Label/ })[0]!);
    };
    // Employer's rule reads Employment status: deleting the latter names the former.
    await clearLabel('Employer');
    await clearLabel('Employment status');
    const item = await within(canvas()).findByRole('button', { name: 'Field Radio buttons (no label) · /employment/status' });
    expect(within(canvas()).getByRole('button', { name: 'Field Short text (no label) · /employment/employerName' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Properties of Radio buttons (no label) · /employment/status' })).toBeInTheDocument();
    expect(await screen.findByText('Adds after the field “Radio buttons (no label) · /employment/status”.')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/employment-status|employment-employer/);
    await user.click(screen.getByRole('button', { name: 'Actions for Field Radio buttons (no label) · /employment/status' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Radio buttons (no label) · /employment/status?' });
    expect(dialog).toHaveTextContent('will point at nothing: Short text (no label) · /employment/employerName.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(item).toBeInTheDocument();
  });

  it('a read-only section title’s button holds the title only (the repeat note is beside it)', () => {
    const start = initialBuilderState(emptyDocument());
    const state = builderReducer(start, { type: 'addSection', title: 'Jobs', repeatable: true });
    renderWithProviders(
      <BuilderCanvas doc={state.document} selection={null} kinds={WIDGET_KINDS} widgets={withFormWidgets()} labels={defaultLabels} editing={null} onSelect={() => {}} />,
    );
    const title = screen.getByRole('button', { name: 'Section Jobs' });
    expect(title).toHaveTextContent(/^Jobs$/);
    expect(screen.getByText(/^Repeats for each item of \//)).toBeInTheDocument();
  });
});

describe('the palette icons', () => {
  it('every built-in kind draws an SVG icon (no character that a system may lack a font for)', () => {
    for (const kind of Object.values(FORM_WIDGETS)) {
      const { container, unmount } = render(<>{paletteIcon(kind)}</>);
      const svg = container.querySelector('svg');
      expect(svg, kind.kind).not.toBeNull();
      expect(svg).toHaveAttribute('aria-hidden', 'true');
      expect(container.textContent, kind.kind).toBe('');
      unmount();
    }
  });
});
