import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { InstanceSummary } from '../../src/api/areas/forms';
import { FormInstanceSummaryView } from '../../src/forms-admin/FormInstanceSummary';
import type { InstanceSummaryState } from '../../src/forms-admin/FormInstanceSummary';
import { defaultLabels } from '../../src/query/labels';

/**
 * The summary's view on its own (what Form Instances' 'Summary' tab renders), with a question of every kind the
 * server sums up: a choice, a list of choices, a yes-or-no, a rating (its stars each counted, those no one gave too),
 * a grid's row, a number and a date histogram, the latest texts, a file upload (how many gave a file), a signature
 * (how many signed; a drawn one is an image, never listed) and a repeatable section's question counted per item.
 */
const meta = {
  title: 'Forms admin/FormInstanceSummaryView',
  component: FormInstanceSummaryView,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof FormInstanceSummaryView>;
export default meta;
type Story = StoryObj<typeof meta>;

const summary: InstanceSummary = {
  instances: 6,
  questions: [
    {
      path: '/contact',
      label: 'Preferred contact',
      widget: 'radio',
      kind: 'choice',
      answered: 6,
      counts: [
        { value: 'email', label: 'Email', count: 4 },
        { value: 'phone', label: 'Phone', count: 2 },
        { value: 'post', label: 'Post', count: 0 },
      ],
    },
    {
      path: '/topics',
      label: 'Topics of interest',
      widget: 'multiselect',
      kind: 'choices',
      answered: 5,
      counts: [
        { value: 'housing', label: 'Housing', count: 3 },
        { value: 'transport', label: 'Transport', count: 4 },
        { value: 'other', label: null, count: 1 },
      ],
    },
    {
      path: '/consent',
      label: 'Agrees to be contacted',
      widget: 'checkbox',
      kind: 'choice',
      answered: 6,
      counts: [
        { value: true, label: null, count: 5 },
        { value: false, label: null, count: 1 },
      ],
    },
    {
      path: '/satisfaction',
      label: 'Overall satisfaction',
      widget: 'rating',
      kind: 'choice',
      answered: 5,
      stars: 5,
      counts: [1, 2, 3, 4, 5].map((value) => ({ value, label: String(value), count: [0, 1, 0, 3, 1][value - 1] ?? 0 })),
    },
    {
      path: '/quality/speed',
      label: 'Service quality',
      row: 'Speed',
      widget: 'matrix',
      kind: 'choice',
      answered: 4,
      counts: [
        { value: 'good', label: 'Good', count: 3 },
        { value: 'poor', label: 'Poor', count: 1 },
      ],
    },
    {
      path: '/household/size',
      label: 'People in the household',
      widget: 'integer',
      kind: 'number',
      answered: 6,
      min: 1,
      max: 6,
      bins: [1, 2, 3, 4, 5, 6].map((n) => ({ from: n, to: n, count: [1, 2, 1, 1, 0, 1][n - 1] ?? 0 })),
    },
    {
      path: '/moved',
      label: 'Moved in on',
      widget: 'date',
      kind: 'date',
      answered: 3,
      min: '2026-03-02',
      max: '2026-03-27',
      // Whole weeks from a Monday, as the summary bins days over more than twenty.
      bins: [
        { from: '2026-03-02', to: '2026-03-08', count: 1 },
        { from: '2026-03-09', to: '2026-03-15', count: 0 },
        { from: '2026-03-16', to: '2026-03-22', count: 0 },
        { from: '2026-03-23', to: '2026-03-27', count: 2 },
      ],
    },
    {
      path: '/comments',
      label: 'Comments',
      widget: 'textarea',
      kind: 'text',
      answered: 2,
      latest: [
        { text: 'The form was quick to fill in.', at: '2026-11-30T10:15:00Z' },
        { text: 'Please add a Welsh version.', at: '2026-11-28T16:40:00Z' },
      ],
    },
    { path: '/money/proof', label: 'A recent utility bill, as proof of address (optional)', widget: 'file', kind: 'file', answered: 2 },
    { path: '/signature', label: 'Signature', widget: 'signature', kind: 'signature', answered: 5 },
    {
      path: '/age',
      label: 'Age',
      widget: 'integer',
      kind: 'number',
      answered: 7,
      min: 4,
      max: 61,
      section: { path: '/members', label: 'Household members', items: 9 },
      bins: [
        { from: 0, to: 9, count: 2 },
        { from: 10, to: 19, count: 1 },
        { from: 20, to: 29, count: 0 },
        { from: 30, to: 39, count: 2 },
        { from: 40, to: 49, count: 0 },
        { from: 50, to: 59, count: 1 },
        { from: 60, to: 69, count: 1 },
      ],
    },
    { path: '/notes', label: 'Notes for the office', widget: 'textarea', kind: 'text', answered: 0, latest: [] },
  ],
};

const loaded = (data: InstanceSummary): InstanceSummaryState => ({ data, isLoading: false, isFetching: false, error: null, refetch: () => undefined });

/** Every kind of question: each card reads its counts as a chart and as a table of the same figures. */
export const EveryKind: Story = {
  args: { state: loaded(summary), labels: defaultLabels },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // A rating's answers read as stars out of the most it has, the stars no one gave too.
    const stars = await canvas.findByRole('table', { name: 'Answers to Overall satisfaction' });
    await expect(within(stars).getByRole('cell', { name: '4 of 5 stars' })).toBeVisible();
    await expect(within(stars).getByRole('cell', { name: '1 of 5 stars' })).toBeVisible();
    // A file upload: how many gave a file, and where the files are.
    const file = canvas.getByRole('region', { name: 'A recent utility bill, as proof of address (optional)' });
    await expect(within(file).getByText('Answered in 2 of 6')).toBeVisible();
    await expect(within(file).getByText('The files are on each form instance.')).toBeVisible();
    await expect(within(file).queryByRole('table')).not.toBeInTheDocument();
    const signature = canvas.getByRole('region', { name: 'Signature' });
    await expect(within(signature).getByText('The signatures are on each form instance.')).toBeVisible();
    await expect(within(signature).queryByRole('list')).not.toBeInTheDocument();
    // A grid's row is named with its question.
    await expect(canvas.getByRole('region', { name: 'Service quality — Speed' })).toBeVisible();
  },
};

/** A question no selected instance answers. */
export const NotAnsweredYet: Story = {
  args: { state: loaded({ instances: 6, questions: summary.questions.filter((q) => q.answered === 0) }), labels: defaultLabels },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Not answered yet.')).toBeVisible();
  },
};
