import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { EveryKindHarness, fieldOfKind, PanelHarness, RuleHarness, SectionHarness } from './properties-fixtures';

/**
 * The builder's property panel: per widget kind only the editors its registry entry lists, the data path checked as
 * it is typed, the pattern checked by the server when its box is left, options, computed values, PDF field names and
 * the rule editor with all / any and nested groups.
 */
const meta = {
  title: 'Builder/Properties',
  component: PanelHarness,
  parameters: { layout: 'padded' },
  args: { initial: fieldOfKind('text') },
} satisfies Meta<typeof PanelHarness>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A short text field: path, pattern (with format), lengths, default, rules. */
export const TextField: Story = {};

/** A whole number with bounds, a computed value and the PDF field it fills. */
export const NumberField: Story = {
  args: {
    initial: fieldOfKind('integer', { computed: { op: 'sum', paths: ['/age'] } }),
    pdfFieldNames: ['Applicant age', 'Total'],
  },
};

/** A drop-down list: its options editor (value and label, move, remove, paste a list). */
export const ChoiceField: Story = { args: { initial: fieldOfKind('select') } };

/** A checkbox list: options plus the minimum and maximum number of choices. */
export const ListField: Story = { args: { initial: fieldOfKind('checkboxes') } };

/** A checkbox: yes / no default, no placeholder or lengths. */
export const BooleanField: Story = { args: { initial: fieldOfKind('checkbox') } };

/** A file upload: the accepted types by name, the largest file and the number of files. */
export const FileField: Story = { args: { initial: fieldOfKind('file') } };

/** A largest file beyond 10 MB typed: said under the box; leaving it stores 10 MB and shows it. */
export const FileLimitOutOfRange: Story = {
  args: { initial: fieldOfKind('file') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const size = canvas.getByRole('textbox', { name: 'Largest file (MB)' });
    await userEvent.clear(size);
    await userEvent.type(size, '500');
    await expect(canvas.getByText('Enter a size from 0.1 to 10 MB.')).toBeInTheDocument();
  },
};

/** A text block stores nothing: no data path, no required switch, only when it shows. */
export const StaticText: Story = { args: { initial: fieldOfKind('static') } };

/** The data path typed over another field's: the specific problem shows under the box. */
export const PathProblem: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const path = canvas.getByRole('textbox', { name: /Data path/ });
    await userEvent.clear(path);
    await userEvent.type(path, '/a/__proto__');
    await expect(canvas.getByText("The name '__proto__' is reserved: choose another.")).toBeInTheDocument();
  },
};

/** A pattern the server refuses (nested repetition): its reason shows when the box is left. */
export const PatternRefused: Story = {
  args: { initial: { ...fieldOfKind('text'), schema: { type: 'string', pattern: '^(a+)+$' } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('textbox', { name: /Pattern/ }));
    await userEvent.tab();
    await expect(await canvas.findByText(/The server refuses this pattern/)).toBeInTheDocument();
  },
};

/** A pattern with the message a person reads when their answer does not match it (the schema's `errorMessage.pattern`). */
export const PatternWithMessage: Story = {
  args: { initial: { ...fieldOfKind('text', { label: 'Postcode' }), schema: { type: 'string', pattern: '^[A-Z]{2}[0-9]{3}$', errorMessage: { pattern: 'Enter a postcode, like AB123' } } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: /Message when the answer does not match/ })).toHaveValue('Enter a postcode, like AB123');
  },
};

/** A field of a saved form: its data path stays when the label changes, and is changed only through 'Change data path…'. */
export const SavedField: Story = {
  args: { initial: fieldOfKind('text', { label: 'Phone', path: '/phone' }), savedPath: '/phone' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const label = canvas.getByRole('textbox', { name: /^Label/ });
    await userEvent.clear(label);
    await userEvent.type(label, 'Mobile phone');
    await userEvent.tab();
    await expect(canvas.getByRole('textbox', { name: /Data path/ })).toHaveValue('/phone');
  },
};

/** 'Change data path…' on a saved field: the box opens under a warning naming what a new path breaks. */
export const SavedFieldChangingPath: Story = {
  args: { initial: fieldOfKind('text', { label: 'Phone', path: '/phone' }), savedPath: '/phone' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Change data path…' }));
    await expect(canvas.getByRole('alert')).toHaveTextContent('Changing a saved data path');
    await userEvent.clear(canvas.getByRole('textbox', { name: /Data path/ }));
    await userEvent.type(canvas.getByRole('textbox', { name: /Data path/ }), '/mobile');
  },
};

/** Shown to a user who may not edit: every input read-only. */
export const ReadOnly: Story = { args: { initial: fieldOfKind('email'), readOnly: true } };

/** A field of each kind selected, one panel per kind of the registry. */
export const EveryKind: StoryObj = { render: () => <EveryKindHarness /> };

/** Rules with nested groups: (contact is phone and (age < 26 or a student)) or … — and a rule on a deleted and a later field, flagged. */
export const RuleEditorNestedWithBrokenRule: StoryObj = {
  render: () => (
    <RuleHarness
      initial={[
        {
          any: [
            { all: [{ path: '/contact', op: 'eq', value: 'phone' }, { any: [{ path: '/age', op: 'lt', value: 26 }, { path: '/student', op: 'eq', value: true }] }] },
            { path: '/nickname', op: 'notEmpty' },
            { path: '/notes', op: 'empty' },
          ],
        },
      ]}
    />
  ),
};

/** A half-written rule ("Contact by is" with no value yet): flagged at the rule; the form is not saved until it has one. */
export const RuleEditorRuleWithoutValue: StoryObj = {
  render: () => <RuleHarness initial={[{ path: '/contact', op: 'eq' }]} />,
};

/** No rule yet: the field always shows. */
export const RuleEditorEmpty: StoryObj = { render: () => <RuleHarness initial={[]} /> };

/** The form's only field: no other field to read, so the add buttons are off and a line says why. */
export const RuleEditorNoOtherField: StoryObj = { render: () => <RuleHarness initial={[]} fields={[]} /> };

/** A repeatable section: its list path, minimum and maximum number of items and its 'Add' text. */
export const RepeatableSection: StoryObj = {
  render: () => <SectionHarness initial={{ id: 'jobs', title: 'Employment history', fields: [], repeatable: { path: '/jobs', minItems: 1, maxItems: 10, addLabel: 'Add a job' } }} />,
};
