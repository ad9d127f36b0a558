import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { FormRenderer } from '../../src/forms';
import { feedbackSchema, hostWidgets } from './starRating';

/**
 * A host's own widget kind: a star rating (Mantine `Rating`) registered with the `widgets` prop, in the form (edit)
 * and in view mode. The builder's palette and canvas read the same registry entry (its `name`, `icon`,
 * `defaultField` and `defaultSchema`) once the builder exists.
 */
const meta = {
  title: 'Forms/Custom widget',
  component: FormRenderer,
  args: { schema: feedbackSchema(), widgets: hostWidgets, onSubmit: fn(), progressive: false },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof FormRenderer>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The public form: the rating is a group of five stars; choosing four stores 4. */
export const Edit: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('group', { name: /How was your visit\?/ })).toBeInTheDocument();
    // A star is chosen by its label (the star drawn); its radio input only previews.
    const star = canvas.getByLabelText('4 of 5 stars') as HTMLInputElement;
    await userEvent.click(star.labels![0]!);
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expect(args.onSubmit).toHaveBeenCalledWith(expect.objectContaining({ rating: 4 }), expect.anything());
  },
};

/** Submitted without a rating: the rating is required, and its error is tied to the group. */
export const EditWithError: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expect(canvas.getByRole('alert')).toBeInTheDocument();
  },
};

/** View mode: the host's view component, the stars read-only with their count in words. */
export const View: Story = {
  args: { mode: 'view', initialData: { rating: 4, comment: 'Friendly staff.' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('4 of 5 stars')).toBeInTheDocument();
  },
};

/** View mode with no rating given: "Not answered". */
export const ViewUnanswered: Story = {
  args: { mode: 'view', initialData: { comment: 'No rating.' } },
};
