/**
 * The multi-select widget (our own listbox over Mantine's PillsInput): ARIA combobox wiring, mouse and keyboard picks,
 * filtering, removal, and the read-only and disabled states.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { createFormEngine } from '../../src/engine';
import { FormRenderer } from '../../src/forms';
import type { FormSchema } from '../../src/api/types';
import { renderWithProviders } from '../support/render';

const LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'fr', label: 'French' },
  { value: 'de', label: 'German' },
  { value: 'es', label: 'Spanish' },
];

function schema(readOnly = false): FormSchema {
  return {
    formSchemaId: 'multi',
    formId: 'multi',
    name: 'Multi',
    version: 1,
    jsonSchema: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { languages: { type: 'array', items: { type: 'string', enum: LANGUAGES.map((l) => l.value) }, maxItems: 3, uniqueItems: true } },
      required: ['languages'],
    },
    layout: {
      pages: [
        {
          id: 'p',
          title: 'Page',
          sections: [
            {
              id: 's',
              title: 'Section',
              fields: [
                { id: 'languages', path: '/languages', widget: 'multiselect', label: 'Languages', helpText: 'Pick up to three.', placeholder: 'Pick languages', options: LANGUAGES, readOnly },
                { id: 'next', path: '/next', widget: 'text', label: 'Next field' },
              ],
            },
          ],
        },
      ],
    },
    isPublic: true,
    isDeleted: false,
    createdDateTime: new Date(0),
    lastUpdatedDateTime: new Date(0),
  };
}

function setup(data?: Record<string, unknown>, { readOnly = false, ...extra }: { disabled?: boolean; readOnly?: boolean } = {}) {
  const s = schema(readOnly);
  const engine = createFormEngine(s, data ? { data: data as never } : {});
  const result = renderWithProviders(<FormRenderer schema={s} engine={engine} progressive={false} {...extra} />);
  return { engine, ...result };
}

const input = () => screen.getByRole('combobox', { name: /^Languages/ });
const optionNames = () => screen.getAllByRole('option').map((o) => o.textContent);

describe('multi-select widget', () => {
  it('is a labelled combobox that opens a multi-selectable listbox, with its help tied to it', async () => {
    const { user } = setup();
    const box = input();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-controls');
    expect(box).toHaveAttribute('placeholder', 'Pick languages');
    expect(box.getAttribute('aria-describedby')).toContain(screen.getByText('Pick up to three.').id);
    await user.click(box);
    const list = screen.getByRole('listbox', { name: /^Languages/ });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-controls', list.id);
    expect(list).toHaveAttribute('aria-multiselectable', 'true');
    expect(optionNames()).toEqual(['English', 'French', 'German', 'Spanish']);
    for (const option of within(list).getAllByRole('option')) expect(option).toHaveAttribute('aria-selected', 'false');
  });

  it('picks and unpicks with the mouse; picks show as pills and aria-selected', async () => {
    const { engine, user } = setup();
    await user.click(input());
    await user.click(screen.getByRole('option', { name: 'French' }));
    await user.click(screen.getByRole('option', { name: 'Spanish' }));
    expect(engine.getValue('/languages')).toEqual(['fr', 'es']);
    expect(screen.getByRole('option', { name: 'French' })).toHaveAttribute('aria-selected', 'true');
    // Still open and focused after a pick, like Mantine's MultiSelect.
    expect(input()).toHaveFocus();
    await user.click(screen.getByRole('option', { name: 'French' }));
    expect(engine.getValue('/languages')).toEqual(['es']);
    await user.click(screen.getByRole('option', { name: 'Spanish' }));
    // No picks left: no answer at all, not an empty list.
    expect(engine.getValue('/languages')).toBeUndefined();
  });

  it('is fully usable by keyboard: arrows move the active option, Enter picks, Escape closes, Backspace removes', async () => {
    const { engine, user } = setup();
    await user.tab();
    const box = input();
    expect(box).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    const active = () => document.getElementById(box.getAttribute('aria-activedescendant') ?? '')?.textContent;
    expect(active()).toBe('English');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(active()).toBe('German');
    await user.keyboard('{Enter}');
    expect(engine.getValue('/languages')).toEqual(['de']);
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    // Wraps from the first option to the last.
    expect(active()).toBe('Spanish');
    await user.keyboard('{Enter}');
    expect(engine.getValue('/languages')).toEqual(['de', 'es']);
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{Backspace}');
    expect(engine.getValue('/languages')).toEqual(['de']);
    // Tab leaves the widget and closes it.
    await user.keyboard('{ArrowDown}');
    await user.tab();
    expect(screen.getByLabelText('Next field')).toHaveFocus();
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('filters the options by what is typed, and Enter picks the first match', async () => {
    const { engine, user } = setup();
    await user.click(input());
    await user.keyboard('an');
    expect(optionNames()).toEqual(['German', 'Spanish']);
    await user.keyboard('{Enter}');
    expect(engine.getValue('/languages')).toEqual(['de']);
    // The search is cleared after a pick.
    expect(input()).toHaveValue('');
    await user.keyboard('xyz');
    // Nothing matches: no list.
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input()).toHaveAttribute('aria-expanded', 'false');
  });

  it('a pill’s remove button removes that pick', async () => {
    const { engine, container } = setup({ languages: ['en', 'fr'] });
    const pills = [...container.querySelectorAll('.mantine-Pill-root')];
    expect(pills.map((p) => p.textContent)).toEqual(['English', 'French']);
    const remove = pills[0]?.querySelector('button');
    expect(remove).toBeTruthy();
    fireEvent.click(remove as HTMLButtonElement);
    expect(engine.getValue('/languages')).toEqual(['fr']);
  });

  it('shows the validation error on the control, on submit', async () => {
    const { user } = setup({ languages: ['en', 'fr', 'de', 'es'] });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const box = input();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    const message = screen.getAllByText('Select at most 3 options').find((el) => box.getAttribute('aria-describedby')?.includes(el.id));
    expect(message).toBeTruthy();
  });

  it('read-only: shows the picks, never opens and changes nothing', async () => {
    const { engine, user, container } = setup({ languages: ['en'] }, { readOnly: true });
    const box = input();
    await user.click(box);
    await user.keyboard('{ArrowDown}{Enter}{Backspace}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(engine.getValue('/languages')).toEqual(['en']);
    expect(container.querySelector('.mantine-Pill-root button')).toBeNull();
  });

  it('disabled: the control is disabled and has no remove buttons', () => {
    const { container } = setup({ languages: ['en'] }, { disabled: true });
    expect(input()).toBeDisabled();
    expect(container.querySelector('.mantine-Pill-root button')).toBeNull();
  });

  it('has no axe violations, open and with picks', async () => {
    const { user, container } = setup({ languages: ['en'] });
    await user.click(input());
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    const result = await act(() => axe.run(container, { rules: { 'color-contrast': { enabled: false } } }));
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
