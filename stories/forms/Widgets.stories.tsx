import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { WidgetStates } from './WidgetStates';

/**
 * Every widget of the form renderer in its edit, error, disabled and view states (switch the theme in the toolbar for
 * dark mode). The error state shows the field's own message once it was touched.
 */
const meta = {
  title: 'Forms/Widgets',
  component: WidgetStates,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof WidgetStates>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Text: Story = {
  args: { widget: 'text' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Enter at most 40 characters')).toBeInTheDocument();
  },
};
export const Textarea: Story = { args: { widget: 'textarea' } };
export const Email: Story = { args: { widget: 'email' } };
export const Url: Story = { args: { widget: 'url' } };
export const Phone: Story = { args: { widget: 'phone' } };
export const NumberInput: Story = { args: { widget: 'number' } };
export const Integer: Story = { args: { widget: 'integer' } };
export const Checkbox: Story = { args: { widget: 'checkbox' } };
export const Switch: Story = { args: { widget: 'switch' } };
export const Select: Story = { args: { widget: 'select' } };
export const Radio: Story = { args: { widget: 'radio' } };
export const Segmented: Story = { args: { widget: 'segmented' } };
export const MultiSelect: Story = { args: { widget: 'multiselect' } };
export const Checkboxes: Story = { args: { widget: 'checkboxes' } };
export const DateInput: Story = { args: { widget: 'date' } };
export const Time: Story = { args: { widget: 'time' } };
export const DateTime: Story = { args: { widget: 'datetime' } };
export const Signature: Story = { args: { widget: 'signature' } };
export const Rating: Story = {
  args: { widget: 'rating' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The error state: a number off the scale; the view state: the sample's stars in words.
    await expect(canvas.getByText('4 of 5 stars')).toBeInTheDocument();
    await expect(canvas.getAllByRole('radio', { name: '5 of 5 stars' }).length).toBeGreaterThan(0);
  },
};
export const Matrix: Story = {
  args: { widget: 'matrix' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The error state: a row left ('Not answered' at the row); the view state: each row in words.
    await expect(canvas.getByText('Not answered')).toBeInTheDocument();
    await expect(canvas.getByText(/Speed — Good/)).toBeInTheDocument();
    await expect(canvas.getAllByRole('radiogroup', { name: 'Care' }).length).toBeGreaterThan(0);
  },
};
export const StaticText: Story = { args: { widget: 'static' } };
