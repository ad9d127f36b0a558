import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { FieldRuleNode, FormField, FormSection, JsonObject } from '../../src/api/types';
import { checkDataPath } from '../../src/engine/authoring';
import { WIDGET_KINDS } from '../../src/engine/widget-kinds';
import {
  FieldPropertiesPanel,
  hasRuleProblems,
  OptionsEditor,
  parseOptionList,
  RuleEditor,
  SectionPropertiesPanel,
  type FieldPropertiesChange,
  type RuleFieldOption,
} from '../../src/builder/properties';
import { renderWithProviders } from '../support/render';

/** The input labelled `name` (a Mantine Select also labels its list of options with it). */
function input(name: string | RegExp, root: HTMLElement = document.body): HTMLElement {
  const found = within(root)
    .getAllByLabelText(name, { exact: typeof name === 'string' ? false : undefined })
    .filter((el) => el.tagName === 'INPUT' || el.tagName === 'TEXTAREA');
  if (found.length !== 1) throw new Error(`${found.length} inputs labelled ${String(name)}`);
  return found[0]!;
}

const others: RuleFieldOption[] = [
  { id: 'name', path: '/name', label: 'Name', widget: 'text' },
  { id: 'contact', path: '/contact', label: 'Contact by', widget: 'radio', options: [{ value: 'email', label: 'Email' }, { value: 'phone', label: 'Phone' }] },
  { id: 'age', path: '/age', label: 'Age', widget: 'integer' },
  { id: 'agree', path: '/agree', label: 'Agree', widget: 'checkbox' },
  { id: 'notes', path: '/notes', label: 'Notes', widget: 'textarea', later: true },
];

/** The panel with its state kept like the builder keeps it, and every change recorded. */
function Harness(props: { field: FormField; schema?: JsonObject; onChange?: (c: FieldPropertiesChange) => void; onRenamePath?: (from: string, to: string) => void; checkPattern?: (p: string) => Promise<string | null>; pdf?: string[]; savedPath?: string }) {
  const [state, setState] = useState<FieldPropertiesChange>({ field: props.field, schema: props.schema ?? WIDGET_KINDS[props.field.widget as 'text']?.defaultSchema ?? {}, required: false });
  const layout = { pages: [{ id: 'p', title: 'P', sections: [{ id: 's', title: 'S', fields: [state.field, { id: 'name', path: '/name', widget: 'text', label: 'Name' }, { id: 'addr', path: '/address/street', widget: 'text', label: 'Street' }] }] }] };
  return (
    <FieldPropertiesPanel
      field={state.field}
      schema={state.schema}
      required={state.required}
      fields={others}
      pdfFieldNames={props.pdf}
      checkPath={(path) => checkDataPath(path, { layout, fieldId: state.field.id })}
      checkPattern={props.checkPattern}
      savedPath={props.savedPath}
      onChange={(next) => {
        props.onChange?.(next);
        setState(next);
      }}
      onRenamePath={(from, to) => {
        props.onRenamePath?.(from, to);
        setState((s) => ({ ...s, field: { ...s.field, path: to } }));
      }}
    />
  );
}

const field = (widget: string, extra: Partial<FormField> = {}): FormField => ({ id: 'f', path: '/f', widget, label: 'F', ...extra });

describe('FieldPropertiesPanel', () => {
  it('shows only the editors the registry lists for each kind', () => {
    const { unmount } = renderWithProviders(<Harness field={field('text')} />);
    for (const name of ['Label', 'Data path', 'Help text', 'Placeholder', 'Default value', 'Minimum length', 'Maximum length', 'Pattern (regular expression)', 'Format']) {
      expect(input(name), name).toBeInTheDocument();
    }
    expect(screen.queryByLabelText('Minimum')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Options' })).toBeNull();
    // No PDF field editor without a PDF template.
    expect(screen.queryByLabelText('PDF field')).toBeNull();
    unmount();

    renderWithProviders(<Harness field={field('number')} pdf={['Amount', 'Total']} />);
    for (const name of ['Minimum', 'Maximum', 'Step (multiple of)', 'Computed value', 'PDF field']) expect(input(name), name).toBeInTheDocument();
    expect(screen.queryByLabelText('Pattern (regular expression)', { exact: false })).toBeNull();
  });

  it('a text block has no data path, no required switch and no requiredWhen', () => {
    renderWithProviders(<Harness field={field('static', { path: '' })} />);
    expect(input('Label')).toBeInTheDocument();
    expect(screen.queryByLabelText('Data path', { exact: false })).toBeNull();
    expect(screen.queryByLabelText('Required')).toBeNull();
    expect(screen.getByRole('group', { name: 'Show this field when' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Require this field when' })).toBeNull();
  });

  it('checks the data path as it is typed and renames only a valid path, on leaving the box', async () => {
    const onRenamePath = vi.fn();
    const { user } = renderWithProviders(<Harness field={field('text')} onRenamePath={onRenamePath} />);
    const path = input('Data path');
    await user.clear(path);
    await user.type(path, '/name');
    expect(screen.getByText("The field 'Name' already uses this data path.")).toBeInTheDocument();
    await user.type(path, '/x');
    expect(screen.getByText("This path lies inside the answer of the field 'Name' (/name).")).toBeInTheDocument();
    await user.clear(path);
    await user.type(path, '/address');
    expect(screen.getByText("The field 'Street' keeps its answer inside this path (/address/street).")).toBeInTheDocument();
    await user.clear(path);
    await user.type(path, '/a/constructor');
    expect(screen.getByText("The name 'constructor' is reserved: choose another.")).toBeInTheDocument();
    await user.tab();
    expect(onRenamePath).not.toHaveBeenCalled();
    await user.clear(path);
    await user.type(path, '/given{Enter}');
    expect(onRenamePath).toHaveBeenCalledWith('/f', '/given');
  });

  it('a path that follows the label is renamed with it', async () => {
    const onRenamePath = vi.fn();
    const { user } = renderWithProviders(<Harness field={field('text', { label: 'First name', path: '/firstName' })} onRenamePath={onRenamePath} />);
    const label = input('Label');
    await user.clear(label);
    await user.type(label, 'Name');
    await user.tab();
    // /name is taken, so the derived path gets a number.
    expect(onRenamePath).toHaveBeenCalledWith('/firstName', '/name2');
    expect(input('Data path')).toHaveValue('/name2');
  });

  it('a path typed by hand no longer follows the label', async () => {
    const onRenamePath = vi.fn();
    const { user } = renderWithProviders(<Harness field={field('text', { label: 'First name', path: '/given' })} onRenamePath={onRenamePath} />);
    const label = input('Label');
    await user.type(label, 's');
    await user.tab();
    expect(onRenamePath).not.toHaveBeenCalled();
  });

  it('a saved field keeps its path when the label changes; changing it is an explicit act with a warning naming what it breaks', async () => {
    const onRenamePath = vi.fn();
    const { user } = renderWithProviders(<Harness field={field('text', { label: 'Phone', path: '/phone' })} savedPath="/phone" onRenamePath={onRenamePath} />);
    const label = input('Label');
    await user.clear(label);
    await user.type(label, 'Mobile phone');
    await user.tab();
    expect(onRenamePath).not.toHaveBeenCalled();
    expect(input('Data path')).toHaveValue('/phone');
    expect(input('Data path')).toHaveAttribute('readonly');
    expect(screen.getByText(/The form was saved with it, so it stays when the label changes/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Change data path…' }));
    const warning = screen.getByRole('alert');
    expect(warning).toHaveTextContent('Changing a saved data path');
    expect(warning).toHaveTextContent('Answers to this field are stored under /phone. A new path breaks:');
    expect(warning).toHaveTextContent(/the answers of forms already filled in, which stay under \/phone/);
    expect(warning).toHaveTextContent('links to data and pre-fill mappings that name /phone');
    expect(warning).toHaveTextContent('the PDF mapping of answers stored under /phone');
    const path = input('Data path');
    expect(path).not.toHaveAttribute('readonly');
    expect(path).toHaveFocus();
    // Leaving the box applies nothing; 'Keep /phone' puts it back.
    await user.clear(path);
    await user.type(path, '/mobile');
    await user.tab();
    expect(onRenamePath).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Keep /phone' }));
    expect(input('Data path')).toHaveValue('/phone');
    expect(screen.queryByText('Changing a saved data path')).toBeNull();
    // Only 'Change the data path' applies it.
    await user.click(screen.getByRole('button', { name: 'Change data path…' }));
    await user.clear(input('Data path'));
    await user.type(input('Data path'), '/mobile');
    await user.click(screen.getByRole('button', { name: 'Change the data path' }));
    expect(onRenamePath).toHaveBeenCalledWith('/phone', '/mobile');
    expect(input('Data path')).toHaveValue('/mobile');
    expect(input('Data path')).toHaveAttribute('readonly');
  });

  it('edits schema facts and the required flag', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Harness field={field('integer')} schema={{ type: 'integer' }} onChange={onChange} />);
    await user.type(input('Minimum'), '5');
    await user.type(input('Maximum'), '3');
    expect(onChange.mock.lastCall?.[0].schema).toEqual({ type: 'integer', minimum: 5, maximum: 3 });
    expect(screen.getByRole('alert')).toHaveTextContent('The minimum is larger than the maximum.');
    // A default outside the bounds is said under it.
    await user.type(input('Default value'), '9');
    expect(screen.getByText('The default is outside the minimum and maximum.')).toBeInTheDocument();
    await user.clear(input('Default value'));
    expect(screen.queryByText('The default is outside the minimum and maximum.')).toBeNull();
    // A step of 0 refuses every answer: said under its box (the draft check refuses it on saving).
    await user.type(input('Step (multiple of)'), '0');
    expect(onChange.mock.lastCall?.[0].schema).toMatchObject({ multipleOf: 0 });
    expect(screen.getByText('The step must be larger than 0.')).toBeInTheDocument();
    await user.click(input('Required'));
    expect(onChange.mock.lastCall?.[0].required).toBe(true);
    await user.click(input('Read-only'));
    expect(onChange.mock.lastCall?.[0].field.readOnly).toBe(true);
  });

  it("a rating's number of stars is its path's maximum, from 3 to 10; neither a minimum nor a maximum box besides", async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Harness field={field('rating')} onChange={onChange} />);
    const stars = input('Number of stars');
    expect(stars).toHaveValue('5');
    expect(screen.queryByLabelText('Minimum')).toBeNull();
    expect(screen.queryByLabelText('Maximum')).toBeNull();
    await user.click(stars);
    const choices = await screen.findByRole('listbox');
    expect(within(choices).getAllByRole('option').map((o) => o.textContent)).toEqual(['3', '4', '5', '6', '7', '8', '9', '10']);
    await user.click(within(choices).getByRole('option', { name: '7' }));
    expect(onChange.mock.lastCall?.[0].schema).toEqual({ type: 'integer', minimum: 1, maximum: 7 });
    expect(stars).toHaveValue('7');
  });

  it("a file upload's largest file (MB) and number of files are written to its path's schema, within 10 MiB", async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Harness field={field('file')} onChange={onChange} />);
    expect(input('Largest file (MB)')).toHaveValue('10');
    expect(input('Number of files')).toHaveValue('1');
    expect(screen.queryByLabelText('Maximum')).toBeNull();
    // The accepted types by the names people know them by, not their media types.
    expect(screen.getAllByText(/^(PDF|PNG|JPEG|GIF|WEBP|TXT)$/).map((pill) => pill.textContent)).toEqual(['PDF', 'PNG', 'JPEG', 'GIF', 'WEBP', 'TXT']);
    expect(screen.queryByText('application/pdf')).toBeNull();
    // Typed over the whole value (the box shows the schema's value until a number is typed).
    await user.type(input('Largest file (MB)'), '2', { initialSelectionStart: 0, initialSelectionEnd: 2 });
    const items = (onChange.mock.lastCall?.[0].schema as { items: { properties: { size: JsonObject; type: JsonObject } } }).items.properties;
    expect(items.size).toEqual({ type: 'integer', minimum: 1, maximum: 2 * 1024 * 1024 });
    expect(items.type.enum).toEqual(['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'text/plain']);
    await user.type(input('Number of files'), '3', { initialSelectionStart: 0, initialSelectionEnd: 1 });
    expect(onChange.mock.lastCall?.[0].schema).toMatchObject({ type: 'array', maxItems: 3 });
  });

  it("a checkbox list's minimum number of choices above its maximum is said under the boxes", async () => {
    const { user } = renderWithProviders(<Harness field={field('checkboxes')} />);
    await user.type(input('Minimum number of choices'), '3');
    await user.type(input('Maximum number of choices'), '1');
    expect(screen.getByRole('alert')).toHaveTextContent('The minimum is larger than the maximum.');
    await user.clear(input('Maximum number of choices'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("a file upload's limits outside their range are said while typed and brought into it on leaving the box, which then shows what is stored", async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Harness field={field('file')} onChange={onChange} />);
    const maxBytes = () => (onChange.mock.lastCall?.[0].schema as { items: { properties: { size: { maximum: number } } } }).items.properties.size.maximum;
    const size = input('Largest file (MB)');
    await user.type(size, '500', { initialSelectionStart: 0, initialSelectionEnd: 2 });
    expect(size).toHaveAccessibleDescription('Enter a size from 0.1 to 10 MB.');
    await user.tab();
    expect(size).toHaveValue('10');
    expect(maxBytes()).toBe(10 * 1024 * 1024);
    expect(size).not.toHaveAccessibleDescription('Enter a size from 0.1 to 10 MB.');

    await user.type(size, '0', { initialSelectionStart: 0, initialSelectionEnd: 2 });
    expect(size).toHaveAccessibleDescription('Enter a size from 0.1 to 10 MB.');
    await user.tab();
    expect(size).toHaveValue('0.1');
    expect(maxBytes()).toBe(Math.round(0.1 * 1024 * 1024));

    // Emptied: the box shows the stored size again.
    await user.clear(size);
    await user.tab();
    expect(size).toHaveValue('0.1');

    const count = input('Number of files');
    await user.type(count, '100', { initialSelectionStart: 0, initialSelectionEnd: 1 });
    expect(count).toHaveAccessibleDescription('Enter a number of files from 1 to 20.');
    await user.tab();
    expect(count).toHaveValue('20');
    expect(onChange.mock.lastCall?.[0].schema).toMatchObject({ type: 'array', maxItems: 20 });
    await user.type(count, '0', { initialSelectionStart: 0, initialSelectionEnd: 2 });
    expect(count).toHaveAccessibleDescription('Enter a number of files from 1 to 20.');
    await user.tab();
    expect(count).toHaveValue('1');
    expect(onChange.mock.lastCall?.[0].schema).toMatchObject({ type: 'array', maxItems: 1 });
  });

  it("a matrix's rows and columns are two editable lists, each change written to its path's schema (a property per row, the columns their enum)", async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Harness field={field('matrix', { rows: WIDGET_KINDS.matrix.defaultField.rows, options: WIDGET_KINDS.matrix.defaultField.options })} onChange={onChange} />);
    const rows = screen.getByRole('group', { name: 'Rows' });
    const columns = screen.getByRole('group', { name: 'Columns' });
    expect(screen.queryByRole('group', { name: 'Options' })).toBeNull();
    expect(input('Required')).toBeInTheDocument();
    await user.click(within(rows).getByRole('button', { name: 'Add option' }));
    const added = onChange.mock.lastCall?.[0] as FieldPropertiesChange;
    expect(added.field.rows?.map((r) => r.value)).toHaveLength(3);
    expect(Object.keys((added.schema.properties as JsonObject) ?? {})).toEqual(added.field.rows?.map((r) => r.value));
    expect(added.schema.additionalProperties).toBe(false);
    await user.click(within(columns).getByRole('button', { name: 'Remove option 3' }));
    const removed = onChange.mock.lastCall?.[0] as FieldPropertiesChange;
    expect(removed.field.options?.map((o) => o.value)).toEqual(['column-1', 'column-2']);
    for (const row of Object.values(removed.schema.properties as Record<string, JsonObject>)) expect(row.enum).toEqual(['column-1', 'column-2']);
    expect(Object.keys(removed.schema.properties as JsonObject)).toHaveLength(3);
  });

  it('a pattern must compile, and the server check answers on leaving the box with its reason', async () => {
    const checkPattern = vi.fn(async (p: string) => (p === '(a+)+$' ? 'matching it can take time growing exponentially' : null));
    const { user } = renderWithProviders(<Harness field={field('text')} checkPattern={checkPattern} />);
    const pattern = input('Pattern (regular expression)');
    await user.type(pattern, '[[a');
    expect(screen.getByText(/This is not a valid regular expression/)).toBeInTheDocument();
    await user.tab();
    expect(checkPattern).not.toHaveBeenCalled();
    await user.clear(pattern);
    await user.type(pattern, '(a+)+$');
    await user.tab();
    expect(await screen.findByText('The server refuses this pattern: matching it can take time growing exponentially')).toBeInTheDocument();
    await user.clear(pattern);
    await user.type(pattern, '^[[0-9]+$');
    await user.tab();
    expect(await screen.findByText('The server accepts this pattern.')).toBeInTheDocument();
  });

  it('a pattern gets the message a person reads when the answer does not match; it goes with the pattern', async () => {
    const onChange = vi.fn();
    const { user, unmount } = renderWithProviders(<Harness field={field('text')} onChange={onChange} />);
    // No message box without a pattern.
    expect(screen.queryByLabelText('Message when the answer does not match', { exact: false })).toBeNull();
    await user.type(input('Pattern (regular expression)'), '^[[A-Z]{{2}$');
    const message = input('Message when the answer does not match');
    await user.type(message, 'Enter two capital letters, like AB');
    expect(onChange.mock.lastCall?.[0].schema).toMatchObject({ pattern: '^[A-Z]{2}$', errorMessage: { pattern: 'Enter two capital letters, like AB' } });
    // Emptied: the engine's general message again, and no errorMessage left.
    await user.clear(message);
    expect(onChange.mock.lastCall?.[0].schema).not.toHaveProperty('errorMessage');
    await user.type(message, 'Two letters');
    // The pattern taken away takes its message with it.
    await user.clear(input('Pattern (regular expression)'));
    expect(onChange.mock.lastCall?.[0].schema).not.toHaveProperty('pattern');
    expect(onChange.mock.lastCall?.[0].schema).not.toHaveProperty('errorMessage');
    expect(screen.queryByLabelText('Message when the answer does not match', { exact: false })).toBeNull();
    unmount();

    // Messages for other checks stay; a single message for every check is shown, not edited here.
    onChange.mockClear();
    const other = renderWithProviders(<Harness field={field('text')} schema={{ type: 'string', pattern: '^a', errorMessage: { maxLength: 'Too long' } }} onChange={onChange} />);
    await other.user.type(input('Message when the answer does not match'), 'Start with a');
    expect(onChange.mock.lastCall?.[0].schema.errorMessage).toEqual({ maxLength: 'Too long', pattern: 'Start with a' });
    other.unmount();
    renderWithProviders(<Harness field={field('text')} schema={{ type: 'string', pattern: '^a', errorMessage: 'Say it right' }} />);
    const whole = input('Message when the answer does not match');
    expect(whole).toHaveValue('Say it right');
    expect(whole).toHaveAttribute('readonly');
    expect(screen.getByText('This field’s schema gives one message for every check: change it in the JSON view.')).toBeInTheDocument();
  });

  it('options keep the schema enum in step, for one choice and for a list', async () => {
    const onChange = vi.fn();
    const { user, unmount } = renderWithProviders(<Harness field={{ ...field('select'), options: [{ value: 'a', label: 'A' }] }} schema={{ type: 'string', enum: ['a'] }} onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Add option' }));
    expect(onChange.mock.lastCall?.[0].schema).toEqual({ type: 'string', enum: ['a', 'option-2'] });
    unmount();
    onChange.mockClear();
    const list = renderWithProviders(
      <Harness field={{ ...field('checkboxes'), options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }] }} schema={{ type: 'array', items: { type: 'string', enum: ['a', 'b'] } }} onChange={onChange} />,
    );
    await list.user.click(screen.getByRole('button', { name: 'Move option 2 up' }));
    expect(onChange.mock.lastCall?.[0].schema.items).toEqual({ type: 'string', enum: ['b', 'a'] });
    expect(onChange.mock.lastCall?.[0].field.options.map((o: { value: string }) => o.value)).toEqual(['b', 'a']);
  });

  it('a default whose option is removed goes with it, for one choice and for a list (the others stay)', async () => {
    const onChange = vi.fn();
    const options = [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }];
    const one = renderWithProviders(<Harness field={{ ...field('select'), options }} schema={{ type: 'string', enum: ['a', 'b'], default: 'b' }} onChange={onChange} />);
    await one.user.click(screen.getByRole('button', { name: 'Remove option 1' }));
    expect(onChange.mock.lastCall?.[0].schema).toEqual({ type: 'string', enum: ['b'], default: 'b' });
    await one.user.click(screen.getByRole('button', { name: 'Remove option 1' }));
    expect(onChange.mock.lastCall?.[0].schema).toEqual({ type: 'string', enum: [] });
    one.unmount();
    const list = renderWithProviders(
      <Harness field={{ ...field('checkboxes'), options }} schema={{ type: 'array', items: { type: 'string', enum: ['a', 'b'] }, default: ['a', 'b'] }} onChange={onChange} />,
    );
    await list.user.click(screen.getByRole('button', { name: 'Remove option 2' }));
    expect(onChange.mock.lastCall?.[0].schema).toEqual({ type: 'array', items: { type: 'string', enum: ['a'] }, default: ['a'] });
    await list.user.click(screen.getByRole('button', { name: 'Remove option 1' }));
    expect(onChange.mock.lastCall?.[0].schema).toEqual({ type: 'array', items: { type: 'string', enum: [] } });
  });

  it('a computed value picks its operation and source fields', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Harness field={field('number')} schema={{ type: 'number' }} onChange={onChange} />);
    await user.click(input('Computed value'));
    await user.click(screen.getByRole('option', { name: 'Sum' }));
    expect(onChange.mock.lastCall?.[0].field.computed).toEqual({ op: 'sum', paths: [] });
    await user.click(input('From the fields'));
    await user.click(screen.getByRole('option', { name: 'Age' }));
    expect(onChange.mock.lastCall?.[0].field.computed).toEqual({ op: 'sum', paths: ['/age'] });
  });
});

describe('OptionsEditor', () => {
  function Options({ onChange }: { onChange: (o: unknown) => void }) {
    const [value, setValue] = useState([{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }, { value: 'c', label: 'C' }]);
    return <OptionsEditor value={value} onChange={(v) => (onChange(v), setValue(v))} />;
  }

  it('adds, removes, reorders with buttons and pastes a list', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Options onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Move option 1 down' }));
    expect(onChange.mock.lastCall?.[0].map((o: { value: string }) => o.value)).toEqual(['b', 'a', 'c']);
    expect(screen.getByRole('button', { name: 'Move option 1 up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move option 3 down' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove option 3' }));
    expect(onChange.mock.lastCall?.[0].map((o: { value: string }) => o.value)).toEqual(['b', 'a']);
    await user.click(screen.getByRole('button', { name: 'Paste a list' }));
    await user.type(input(/One option a line/), 'Part time{Enter}ft = Full time{Enter}a{Enter}');
    await user.click(screen.getByRole('button', { name: 'Add these options' }));
    expect(onChange.mock.lastCall?.[0]).toEqual([
      { value: 'b', label: 'B' },
      { value: 'a', label: 'A' },
      { value: 'part-time', label: 'Part time' },
      { value: 'ft', label: 'Full time' },
      { value: 'a-2', label: 'a' },
    ]);
    // A value derived from the label follows it; a duplicate value is said.
    const row = screen.getByRole('group', { name: 'Option 3' });
    await user.type(input('Label', row), 's');
    expect(input('Value', row)).toHaveValue('part-times');
    const second = screen.getByRole('group', { name: 'Option 2' });
    await user.clear(input('Value', second));
    await user.type(input('Value', second), 'b');
    expect(screen.getByRole('alert')).toHaveTextContent('Two options have the value b.');
  });

  it('parses spreadsheet rows and labels', () => {
    expect(parseOptionList('x\tX ray\n\n Yes \nÉté')).toEqual([
      { value: 'x', label: 'X ray' },
      { value: 'yes', label: 'Yes' },
      { value: 'ete', label: 'Été' },
    ]);
  });
});

describe('RuleEditor', () => {
  function Rules({ initial, onChange, fields = others }: { initial: FieldRuleNode[]; onChange: (r: FieldRuleNode[]) => void; fields?: RuleFieldOption[] }) {
    const [value, setValue] = useState(initial);
    return <RuleEditor legend="Show this field when" value={value} fields={fields} onChange={(v) => (onChange(v), setValue(v))} />;
  }

  it('builds rules from pickers, the value input following the picked field', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Rules initial={[]} onChange={onChange} />);
    expect(screen.getByText('Always (no rule yet).')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add rule' }));
    expect(onChange.mock.lastCall?.[0]).toEqual([{ path: '/name', op: 'notEmpty' }]);
    const rule = screen.getByRole('group', { name: 'Rule 1' });
    await user.click(input('Field', rule));
    await user.click(screen.getByRole('option', { name: 'Contact by' }));
    await user.click(input('Condition', rule));
    await user.click(screen.getByRole('option', { name: 'is' }));
    // A choice field's value is one of its options.
    await user.click(input('Value', rule));
    await user.click(screen.getByRole('option', { name: 'Phone' }));
    expect(onChange.mock.lastCall?.[0]).toEqual([{ path: '/contact', op: 'eq', value: 'phone' }]);
    // A checkbox's value is yes or no.
    await user.click(input('Field', rule));
    await user.click(screen.getByRole('option', { name: 'Agree' }));
    await user.click(input('Value', rule));
    await user.click(screen.getByRole('option', { name: 'Yes (checked)' }));
    expect(onChange.mock.lastCall?.[0]).toEqual([{ path: '/agree', op: 'eq', value: true }]);
    // A number field compares numbers.
    await user.click(input('Field', rule));
    await user.click(screen.getByRole('option', { name: 'Age' }));
    await user.click(input('Condition', rule));
    await user.click(screen.getByRole('option', { name: 'is greater than' }));
    await user.type(input('Value', rule), '17');
    expect(onChange.mock.lastCall?.[0]).toEqual([{ path: '/age', op: 'gt', value: 17 }]);
  });

  it('switches between all and any and nests groups', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Rules initial={[{ path: '/name', op: 'notEmpty' }]} onChange={onChange} />);
    await user.click(screen.getByRole('radio', { name: 'Any of these' }));
    expect(onChange.mock.lastCall?.[0]).toEqual([{ any: [{ path: '/name', op: 'notEmpty' }] }]);
    await user.click(screen.getByRole('button', { name: 'Add group' }));
    expect(onChange.mock.lastCall?.[0]).toEqual([{ any: [{ path: '/name', op: 'notEmpty' }, { all: [{ path: '/name', op: 'notEmpty' }] }] }]);
    const group = screen.getByRole('group', { name: 'Group of rules, level 2' });
    await user.click(within(group).getByRole('button', { name: 'Add rule' }));
    const rule3 = screen.getByRole('group', { name: 'Rule 3' });
    await user.click(input('Field', rule3));
    await user.click(screen.getByRole('option', { name: 'Age' }));
    expect(onChange.mock.lastCall?.[0]).toEqual([
      { any: [{ path: '/name', op: 'notEmpty' }, { all: [{ path: '/name', op: 'notEmpty' }, { path: '/age', op: 'notEmpty' }] }] },
    ]);
    await user.click(within(group).getByRole('button', { name: 'Remove this group' }));
    expect(onChange.mock.lastCall?.[0]).toEqual([{ any: [{ path: '/name', op: 'notEmpty' }] }]);
    await user.click(screen.getByRole('radio', { name: 'All of these' }));
    expect(onChange.mock.lastCall?.[0]).toEqual([{ path: '/name', op: 'notEmpty' }]);
    await user.click(screen.getByRole('button', { name: 'Remove rule 1' }));
    expect(onChange.mock.lastCall?.[0]).toEqual([]);
  });

  it('flags a rule naming a deleted field and one naming a later field', () => {
    renderWithProviders(
      <Rules initial={[{ path: '/gone', op: 'notEmpty' }, { any: [{ path: '/notes', op: 'empty' }, { path: '/name', op: 'empty' }] }]} onChange={() => {}} />,
    );
    const notes = screen.getAllByRole('note').map((n) => n.textContent);
    expect(notes).toEqual([
      'This rule names /gone, which no field of the form fills in any more: choose another field or remove the rule.',
      "This rule depends on 'Notes', which comes later in the form: move that field up or choose another.",
    ]);
  });

  it("flags a half-written rule at the rule ('is' with no value), and not once its value is chosen", async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Rules initial={[{ path: '/name', op: 'notEmpty' }, { path: '/contact', op: 'eq' }]} onChange={onChange} />);
    const rule = screen.getByRole('group', { name: 'Rule 2' });
    expect(within(rule).getByRole('note')).toHaveTextContent('This rule has no value to compare with: choose one, or remove the rule.');
    expect(hasRuleProblems([{ path: '/contact', op: 'eq' }], others)).toBe(true);
    await user.click(input('Value', rule));
    await user.click(screen.getByRole('option', { name: 'Phone' }));
    expect(within(rule).queryByRole('note')).toBeNull();
    expect(hasRuleProblems([{ path: '/contact', op: 'eq', value: 'phone' }], others)).toBe(false);
  });

  it('stops offering groups at the depth limit', () => {
    let deep: FieldRuleNode = { path: '/name', op: 'empty' };
    for (let i = 0; i < 4; i++) deep = { all: [deep] };
    renderWithProviders(<Rules initial={[deep]} onChange={() => {}} />);
    expect(screen.getAllByRole('button', { name: 'Add group' })).toHaveLength(4);
    expect(screen.getByText('Groups can be nested 5 levels deep.')).toBeInTheDocument();
  });
});

describe('SectionPropertiesPanel', () => {
  it('edits a repeatable section: title, list path, min / max items', async () => {
    const onChange = vi.fn();
    const onRenamePath = vi.fn();
    function Section() {
      const [section, setSection] = useState<FormSection>({ id: 's', title: 'Jobs', fields: [], repeatable: { path: '/jobs', minItems: 1 } });
      return <SectionPropertiesPanel section={section} onChange={(s) => (onChange(s), setSection(s))} onRenamePath={onRenamePath} />;
    }
    const { user } = renderWithProviders(<Section />);
    await user.type(input('Maximum number of items'), '0');
    expect(screen.getByText('The minimum is larger than the maximum.')).toBeInTheDocument();
    await user.clear(input('Maximum number of items'));
    await user.type(input('Maximum number of items'), '5');
    expect(onChange.mock.lastCall?.[0].repeatable).toEqual({ path: '/jobs', minItems: 1, maxItems: 5 });
    const path = input('List data path');
    await user.clear(path);
    await user.type(path, 'jobs');
    expect(screen.getByText("A data path starts with '/', and a '~' in it is followed by 0 or 1.")).toBeInTheDocument();
    await user.clear(path);
    await user.type(path, '/employment{Enter}');
    await waitFor(() => expect(onRenamePath).toHaveBeenCalledWith('/jobs', '/employment'));
  });
});
