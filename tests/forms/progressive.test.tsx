import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFormEngine } from '../../src/engine';
import { FormRenderer, generateForm } from '../../src/forms';
import { renderWithProviders } from '../support/render';

describe('FormRenderer: progressive mounting of long forms', () => {
  it('puts every field in the DOM at once, light controls first, and upgrades them all', async () => {
    const schema = generateForm(30);
    renderWithProviders(<FormRenderer schema={schema} progressive={{ initial: 5, batch: 10 }} idPrefix="p" />);
    // Every field is there from the first render (find-in-page, autofill, screen readers), labelled.
    for (const field of schema.layout.pages[0]!.sections.flatMap((s) => s.fields)) {
      expect(document.getElementById(`p-${field.id}`), field.id).not.toBeNull();
    }
    // Whole sections (of 10) upgrade together: the first one covers the 5 initial fields.
    expect(document.querySelectorAll('[data-lite]').length).toBe(20);
    expect(screen.getByLabelText(/^Text 3\.1/)).toBeInTheDocument();
    await waitFor(() => expect(document.querySelectorAll('[data-lite]').length).toBe(0));
  });

  it('a light control works like the widget: typing reaches the engine, errors show and are tied to it', async () => {
    const schema = generateForm(30);
    const engine = createFormEngine(schema);
    renderWithProviders(<FormRenderer schema={schema} engine={engine} progressive={{ initial: 0, batch: 1000 }} idPrefix="p" />);
    // No delay between keys: the user is in the light control before the first upgrade task runs.
    const user = userEvent.setup({ delay: null });
    const input = document.getElementById('p-g1f1') as HTMLInputElement;
    expect(input.closest('[data-lite]')).not.toBeNull();
    await user.type(input, 'x'.repeat(21));
    expect(engine.getValue('/group1/field1')).toBe('x'.repeat(21));
    // Focused: the light control stays until the user leaves it, so the caret is never lost.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.getElementById('p-g1f1')).toBe(input);
    await user.tab();
    await waitFor(() => expect(document.getElementById('p-g1f1')?.closest('[data-lite]')).toBeNull());
    const upgraded = document.getElementById('p-g1f1') as HTMLInputElement;
    expect(upgraded).toHaveValue('x'.repeat(21));
    expect(upgraded).toHaveAttribute('aria-invalid', 'true');
    expect(document.getElementById(upgraded.getAttribute('aria-describedby')!.split(' ')[0]!)).toHaveTextContent('Enter at most 20 characters');
  });

  it('shows errors on light controls too', async () => {
    const schema = generateForm(20);
    const engine = createFormEngine(schema);
    renderWithProviders(<FormRenderer schema={schema} engine={engine} progressive={{ initial: 0, batch: 1 }} idPrefix="p" />);
    const required = document.getElementById('p-g1f1') as HTMLInputElement;
    expect(required.closest('[data-lite]')).not.toBeNull();
    expect(required).toBeRequired();
    await screen.findByRole('button', { name: 'Submit' });
    engine.touch('/group1/field1');
    await waitFor(() => expect(document.getElementById('p-g1f1')).toHaveAttribute('aria-invalid', 'true'));
  });

  it('is off for short forms', () => {
    renderWithProviders(<FormRenderer schema={generateForm(20)} />);
    expect(document.querySelectorAll('[data-lite]').length).toBe(0);
  });

  it('is on by default for forms over 60 fields', () => {
    renderWithProviders(<FormRenderer schema={generateForm(70)} />);
    expect(document.querySelectorAll('[data-lite]').length).toBe(50);
  });
});
