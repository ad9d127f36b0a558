import { screen } from '@testing-library/react';
import { createFormEngine } from '../../src/engine';
import { FormRenderer } from '../../src/forms';
import { widgetFields, widgetGallerySchema } from '../../stories/forms/fixtures';
import { renderWithProviders } from '../support/render';

describe('FormRenderer by keyboard alone', () => {
  it('Tab reaches every field in layout order, then the submit button', async () => {
    const schema = widgetGallerySchema();
    const { user } = renderWithProviders(<FormRenderer schema={schema} progressive={false} idPrefix="k" />);
    const visited: string[] = [];
    for (let i = 0; i < 60; i++) {
      await user.tab();
      const active = document.activeElement as HTMLElement;
      if (active === screen.getByRole('button', { name: 'Submit' })) break;
      const owner = active.closest<HTMLElement>('fieldset[id^="k-"]') ?? active;
      if (owner.id && !visited.includes(owner.id)) visited.push(owner.id);
    }
    const fieldIds = widgetFields.filter((w) => w.widget !== 'static').map((w) => `k-${w.field.id}`);
    expect(visited.filter((id) => fieldIds.includes(id))).toEqual(fieldIds);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Submit' }));
  });

  it('answers choices with the keyboard: Space ticks boxes, arrows move through radios', async () => {
    const schema = widgetGallerySchema();
    const engine = createFormEngine(schema);
    const { user } = renderWithProviders(<FormRenderer schema={schema} engine={engine} progressive={false} />);
    screen.getByLabelText(/^I accept the terms/).focus();
    await user.keyboard(' ');
    expect(engine.getValue('/terms')).toBe(true);
    screen.getByLabelText('Send me the newsletter').focus();
    await user.keyboard(' ');
    expect(engine.getValue('/newsletter')).toBe(true);
    screen.getByLabelText('Email').focus();
    await user.keyboard(' ');
    expect(engine.getValue('/contact')).toBe('email');
    await user.keyboard('{ArrowDown}');
    expect(engine.getValue('/contact')).toBe('phone');
    screen.getByLabelText('Green').focus();
    await user.keyboard(' ');
    expect(engine.getValue('/colours')).toEqual(['green']);
  });

  it('signs by typing, with no pointer', async () => {
    const schema = widgetGallerySchema();
    const engine = createFormEngine(schema);
    const { user } = renderWithProviders(<FormRenderer schema={schema} engine={engine} progressive={false} />);
    screen.getByRole('button', { name: 'Draw' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Draw' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('img', { name: 'Signature pad: draw with a mouse, finger or pen' })).toBeInTheDocument();
    await user.tab({ shift: true });
    await user.keyboard('{Enter}');
    await user.tab();
    await user.tab();
    await user.keyboard('Ada Lovelace');
    expect(engine.getValue('/signature')).toBe('Ada Lovelace');
  });
});
