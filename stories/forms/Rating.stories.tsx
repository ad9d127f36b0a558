import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { FormSchema } from '../../src/api/types';
import { FormRenderer } from '../../src/forms';

/** A feedback form with the built-in rating: seven stars, required. */
function ratingSchema(): FormSchema {
  return {
    formSchemaId: 'rating',
    formId: 'rating-form',
    name: 'Your stay',
    version: 1,
    isPublic: true,
    isDeleted: false,
    createdDateTime: new Date(0),
    lastUpdatedDateTime: new Date(0),
    jsonSchema: { type: 'object', properties: { stay: { type: 'integer', minimum: 1, maximum: 7 } }, required: ['stay'] },
    layout: {
      pages: [
        {
          id: 'page-1',
          title: 'Your stay',
          sections: [{ id: 'stay', title: '', fields: [{ id: 'stay', path: '/stay', widget: 'rating', label: 'How was your stay?', helpText: 'One star is poor, seven excellent.' }] }],
        },
      ],
    },
  };
}

/**
 * The built-in rating (`widget: 'rating'`): a whole number of stars from 1 to the `maximum` of its path (3 to 10),
 * a radio group drawn as stars. Each star is named by its place ("3 of 7 stars"); the arrow keys choose a star as in
 * any radio group. Switch the theme in the toolbar for dark mode (the accessibility check runs both).
 */
const meta = {
  title: 'Forms/Rating',
  component: FormRenderer,
  args: { schema: ratingSchema(), onSubmit: fn(), progressive: false },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof FormRenderer>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Keyboard only: Tab into the stars, two arrow presses right choose the second star, Submit stores 2. */
export const Edit: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const group = canvas.getByRole('group', { name: /How was your stay\?/ });
    await expect(within(group).getAllByRole('radio')).toHaveLength(8);
    within(group).getByRole('radio', { name: 'Not answered' }).focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await expect(within(group).getByRole('radio', { name: '2 of 7 stars' })).toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledWith({ stay: 2 }, expect.anything()));
  },
};

/** Submitted without a rating: the group says so, and the error summary links to it. */
export const EditWithError: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(canvas.getByRole('group', { name: /How was your stay\?/ })).toHaveAttribute('aria-invalid', 'true'));
  },
};

/** View mode: the answer in words. */
export const View: Story = {
  args: { mode: 'view', initialData: { stay: 6 } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('group', { name: 'How was your stay?' })).toHaveTextContent('6 of 7 stars');
  },
};

/** View mode without a rating: "Not answered". */
export const Unanswered: Story = {
  args: { mode: 'view', initialData: {} },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('group', { name: 'How was your stay?' })).toHaveTextContent('Not answered');
  },
};

/** Read-only (a computed or locked answer): the stars shown, none to choose. */
export const ReadOnly: Story = {
  args: { initialData: { stay: 5 }, disabled: true },
};
