import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { FormSchema } from '../../src/api/types';
import { matrixSchema } from '../../src/engine/matrix';
import { FormRenderer } from '../../src/forms';

const rows = [
  { value: 'room', label: 'Room' },
  { value: 'food', label: 'Food' },
  { value: 'staff', label: 'Staff' },
];
const columns = [
  { value: 'poor', label: 'Poor' },
  { value: 'fair', label: 'Fair' },
  { value: 'good', label: 'Good' },
  { value: 'excellent', label: 'Excellent' },
];

/** A feedback form with the built-in matrix: three rows, four columns, required (every row needs an answer). */
function matrixFormSchema(): FormSchema {
  return {
    formSchemaId: 'matrix',
    formId: 'matrix-form',
    name: 'Your stay',
    version: 1,
    isPublic: true,
    isDeleted: false,
    createdDateTime: new Date(0),
    lastUpdatedDateTime: new Date(0),
    jsonSchema: { type: 'object', properties: { stay: matrixSchema(rows, columns) }, required: ['stay'] },
    layout: {
      pages: [
        {
          id: 'page-1',
          title: 'Your stay',
          sections: [{ id: 'stay', title: '', fields: [{ id: 'stay', path: '/stay', widget: 'matrix', label: 'Rate your stay', helpText: 'One answer in each row.', rows, options: columns }] }],
        },
      ],
    },
  };
}

/**
 * The built-in matrix (`widget: 'matrix'`): rows × columns of choices, each row one answer among the columns. Each
 * row is a radio group named by the row, its radios named by the columns: the arrow keys move within a row, Tab from
 * row to row. Switch the theme in the toolbar for dark mode (the accessibility check runs both).
 */
const meta = {
  title: 'Forms/Matrix',
  component: FormRenderer,
  args: { schema: matrixFormSchema(), onSubmit: fn(), progressive: false },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof FormRenderer>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Keyboard only: in each row an arrow key moves to the next column; Submit stores one answer per row. */
export const Edit: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    for (const row of ['Room', 'Food', 'Staff']) {
      const group = canvas.getByRole('radiogroup', { name: row });
      within(group).getByRole('radio', { name: 'Poor' }).focus();
      await userEvent.keyboard('{ArrowRight}');
      await expect(within(group).getByRole('radio', { name: 'Fair' })).toBeChecked();
    }
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledWith({ stay: { room: 'fair', food: 'fair', staff: 'fair' } }, expect.anything()));
  },
};

/** Submitted with a row left: the question says every row needs an answer, the row itself "Not answered". */
export const EditWithError: Story = {
  args: { initialData: { stay: { room: 'good' } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    const food = canvas.getByRole('radiogroup', { name: 'Food' });
    await waitFor(() => expect(food).toHaveAccessibleDescription('Not answered'));
    for (const radio of within(food).getAllByRole('radio')) await expect(radio).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByRole('group', { name: /Rate your stay/ })).toHaveAttribute('aria-invalid', 'true');
  },
};

/** View mode: each answered row as "Row — Column". */
export const View: Story = {
  args: { mode: 'view', initialData: { stay: { room: 'good', food: 'excellent', staff: 'fair' } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('group', { name: 'Rate your stay' })).toHaveTextContent(/Room — Good\s*Food — Excellent\s*Staff — Fair/);
  },
};

/** Read-only (a locked answer): the choices shown, none to change. */
export const ReadOnly: Story = {
  args: { initialData: { stay: { room: 'good', food: 'fair' } }, disabled: true },
};
