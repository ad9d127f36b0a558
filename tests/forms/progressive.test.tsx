import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFormEngine } from '../../src/engine';
import { FormRenderer, generateForm } from '../../src/forms';
import { renderWithProviders } from '../support/render';

describe('FormRenderer: progressive mounting of long forms', () => {
  it('puts every field of a form of up to 100 fields in the DOM at once, light controls first, and upgrades them all', async () => {
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

  it('mounts the first fields in the first render and every other field right after the first paint', async () => {
    const schema = generateForm(200);
    renderWithProviders(<FormRenderer schema={schema} progressive={{ initial: 10, mount: 50, mountBatch: 60, batch: 0 }} idPrefix="p" />);
    const ids = schema.layout.pages[0]!.sections.flatMap((s) => s.fields.map((f) => `p-${f.id}`));
    // The first render: the first 50 fields (10 full, 40 light); every section's heading is there already.
    expect(ids.filter((id) => document.getElementById(id)).length).toBe(50);
    expect(document.getElementById('p-g5f10')).not.toBeNull();
    expect(document.getElementById('p-g6f1')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Group 20' })).toBeInTheDocument();
    // A task or a few later, every field is in the DOM as a labelled light control.
    await waitFor(() => expect(ids.filter((id) => document.getElementById(id)).length).toBe(200));
    expect(screen.getByLabelText(/^Text 20\.1/)).toBe(document.getElementById('p-g20f1'));
    expect(document.querySelectorAll('[data-lite]').length).toBe(190);
  });

  it('an error link to a field that is not mounted yet mounts every field and focuses it', async () => {
    const schema = generateForm(200);
    const engine = createFormEngine(schema, { data: { group20: { field1: 'x'.repeat(21) } } });
    // mountBatch 0: the fields after the first 20 stay out of the DOM until something needs them.
    const { user } = renderWithProviders(<FormRenderer schema={schema} engine={engine} progressive={{ mount: 20, mountBatch: 0, batch: 0 }} idPrefix="p" />);
    expect(document.getElementById('p-g20f1')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const link = within(screen.getByRole('alert')).getByRole('link', { name: 'Enter at most 20 characters' });
    expect(link).toHaveAttribute('href', '#p-g20f1');
    await user.click(link);
    const field = document.getElementById('p-g20f1');
    expect(field).not.toBeNull();
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(document.getElementById('p-g19f5')).not.toBeNull();
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
