import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { FieldRuleNode, FormField } from '../../src/api/types';
import { FieldPropertiesPanel, RuleEditor, SectionPropertiesPanel, type RuleFieldOption } from '../../src/builder/properties';
import { WIDGET_KINDS } from '../../src/engine/widget-kinds';
import { renderWithProviders } from '../support/render';

const others: RuleFieldOption[] = [{ id: 'name', path: '/name', label: 'Name', widget: 'text' }];

function Rules({ onChange }: { onChange: (r: FieldRuleNode[]) => void }) {
  const [value, setValue] = useState<FieldRuleNode[]>([]);
  return <RuleEditor legend="Show this field when" value={value} fields={others} onChange={(v) => (onChange(v), setValue(v))} />;
}

describe('what a field’s panel mounts when it opens', () => {
  it('an empty rule editor has no All/Any switch; the first rule brings it, and the focus stays on Add rule', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Rules onChange={onChange} />);
    const group = screen.getByRole('group', { name: 'Show this field when' });
    expect(within(group).queryByRole('radio')).toBeNull();
    expect(within(group).getByText('Always (no rule yet).')).toBeInTheDocument();
    const add = within(group).getByRole('button', { name: 'Add rule' });
    add.focus();
    await user.keyboard('{Enter}');
    expect(onChange.mock.lastCall?.[0]).toEqual([{ path: '/name', op: 'notEmpty' }]);
    expect(within(group).getByRole('radio', { name: 'Any of these' })).toBeInTheDocument();
    expect(document.activeElement).toBe(within(group).getByRole('button', { name: 'Add rule' }));
  });

  it('with no other field to read, Add rule and Add group are off, and the line that says why describes them', () => {
    renderWithProviders(<RuleEditor legend="Show this field when" value={[]} fields={[]} onChange={() => {}} />);
    const group = screen.getByRole('group', { name: 'Show this field when' });
    for (const name of ['Add rule', 'Add group']) {
      const button = within(group).getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription('A rule reads the answer to another field: add one to the form first.');
    }
  });

  it('a text field’s panel opens without mode switches, and its help text grows by CSS, not by measuring', () => {
    const field: FormField = { id: 'f', path: '/f', widget: 'text', label: 'F' };
    renderWithProviders(<FieldPropertiesPanel field={field} schema={WIDGET_KINDS.text!.defaultSchema} required={false} fields={others} onChange={() => {}} />);
    expect(screen.getByRole('group', { name: 'Show this field when' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Require this field when' })).toBeInTheDocument();
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    const help = screen.getByLabelText('Help text');
    expect(help.tagName).toBe('TEXTAREA');
    expect(help).toHaveAttribute('rows', '2');
    // The autosize textarea writes its measured height on the element; this one leaves it to the stylesheet.
    expect(help.style.height).toBe('');
    expect(help.style.fieldSizing).toBe('content');
  });

  it('asks for a label only of a field that stores an answer: a text block may go without one, as the save allows', () => {
    const block: FormField = { id: 'b', path: '/b', widget: 'static', label: '' };
    const { unmount } = renderWithProviders(<FieldPropertiesPanel field={block} schema={{}} required={false} fields={others} onChange={() => {}} />);
    const blockLabel = screen.getByRole('textbox', { name: /^Label/ });
    expect(blockLabel).not.toBeRequired();
    expect(blockLabel).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Give the field a label.')).not.toBeInTheDocument();
    unmount();
    const text: FormField = { id: 'f', path: '/f', widget: 'text', label: ' ' };
    renderWithProviders(<FieldPropertiesPanel field={text} schema={WIDGET_KINDS.text!.defaultSchema} required={false} fields={others} onChange={() => {}} />);
    const textLabel = screen.getByRole('textbox', { name: /^Label/ });
    expect(textLabel).toBeRequired();
    expect(textLabel).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Give the field a label.')).toBeInTheDocument();
  });
});

describe('what a section’s panel measures', () => {
  it('its description grows by CSS, not by measuring after each render', () => {
    renderWithProviders(<SectionPropertiesPanel section={{ id: 's', title: 'S', fields: [] }} onChange={() => {}} />);
    const description = screen.getByLabelText('Description', { exact: false });
    expect(description.tagName).toBe('TEXTAREA');
    expect(description).toHaveAttribute('rows', '2');
    expect(description.style.height).toBe('');
    expect(description.style.fieldSizing).toBe('content');
  });
});

describe('fields without a label in a rule', () => {
  it('are named by their kind, as the canvas names them, with the path that tells two of one kind apart', async () => {
    const fields: RuleFieldOption[] = [
      { id: 'a', path: '/nick', label: '', widget: 'text' },
      { id: 'b', path: '/city', label: '  ', widget: 'text', later: true },
      { id: 'c', path: '/name', label: 'Name', widget: 'text' },
    ];
    const { user } = renderWithProviders(
      <RuleEditor legend="Show this field when" value={[{ path: '/city', op: 'notEmpty' }]} fields={fields} onChange={() => {}} />,
    );
    const rule = screen.getByRole('group', { name: 'Rule 1' });
    const picker = within(rule).getByRole('combobox', { name: 'Field' });
    expect(picker).toHaveValue('Short text (no label) · /city');
    expect(within(rule).getByText("This rule depends on 'Short text (no label) · /city', which comes later in the form: move that field up or choose another.")).toBeInTheDocument();
    await user.click(picker);
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Short text (no label) · /nick', 'Short text (no label) · /city', 'Name']);
  });

  it('are named so among the fields a computed value is made from', async () => {
    const fields: RuleFieldOption[] = [
      { id: 'a', path: '/price', label: '', widget: 'number' },
      { id: 'b', path: '/count', label: 'Count', widget: 'number' },
    ];
    const total: FormField = { id: 'f', path: '/total', widget: 'number', label: 'Total', computed: { op: 'sum', paths: [] } };
    const { user } = renderWithProviders(
      <FieldPropertiesPanel field={total} schema={WIDGET_KINDS.number!.defaultSchema} required={false} fields={fields} onChange={() => {}} />,
    );
    await user.click(screen.getByLabelText('From the fields', { selector: 'input' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Number (no label) · /price', 'Count']);
  });
});

describe('a key typed in a field’s panel', () => {
  it('does not draw its rule editors again (their rows list every field of the form for their pickers)', async () => {
    /** The rule targets, counting the lists built from them (each rule row builds its picker's list on each render). */
    let lists = 0;
    class Counted extends Array<RuleFieldOption> {
      override map<U>(fn: (value: RuleFieldOption, index: number, array: RuleFieldOption[]) => U): U[] {
        lists++;
        return Array.from(this).map(fn);
      }
    }
    const fields = Counted.from(others) as Counted;
    function Panel() {
      const [field, setField] = useState<FormField>({ id: 'f', path: '/f', widget: 'text', label: 'F', visibleWhen: [{ path: '/name', op: 'notEmpty' }] });
      return (
        <FieldPropertiesPanel field={field} schema={WIDGET_KINDS.text!.defaultSchema} required={false} fields={fields} onChange={(next) => setField(next.field)} />
      );
    }
    const { user } = renderWithProviders(<Panel />);
    expect(screen.getByRole('group', { name: 'Rule 1' })).toBeInTheDocument();
    const before = lists;
    expect(before).toBeGreaterThan(0);
    await user.type(screen.getByRole('textbox', { name: /^Label/ }), 'x');
    expect(screen.getByRole('textbox', { name: /^Label/ })).toHaveValue('Fx');
    expect(lists).toBe(before);
  });
});

describe('boxes that hold code', () => {
  it('show the data path and the pattern in the monospace font, their labels and descriptions in the panel’s own', () => {
    const field: FormField = { id: 'f', path: '/f', widget: 'text', label: 'F' };
    renderWithProviders(
      <FieldPropertiesPanel field={field} schema={WIDGET_KINDS.text!.defaultSchema} required={false} fields={others} onChange={() => {}} onRenamePath={() => {}} />,
    );
    for (const box of [screen.getByRole('textbox', { name: /^Data path/ }), screen.getByRole('textbox', { name: /^Pattern/ })]) {
      expect(box.style.fontFamily).toBe('var(--mantine-font-family-monospace)');
      const root = box.closest('.mantine-InputWrapper-root') as HTMLElement;
      expect(root.style.fontFamily).toBe('');
      expect(root.querySelector('label')!.style.fontFamily).toBe('');
    }
  });
});
