import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ApiError } from '../../src/api/errors';
import { createProblemDetails } from '../../src/api/problem-details';
import { ErrorAlert } from '../../src/ui';

const meta = {
  title: 'UI/ErrorAlert',
  component: ErrorAlert,
  tags: ['autodocs'],
  args: { title: 'Error', message: 'Failed to load claim groups. Please try again.' },
} satisfies Meta<typeof ErrorAlert>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Basic: Story = {};

export const WithRetry: Story = {
  args: { message: 'Failed to load users. Please try again.', onRetry: fn() },
};

/** The retry is running: the button shows a loader and cannot be pressed again. */
export const Retrying: Story = {
  args: { message: 'Failed to load users. Please try again.', onRetry: fn(), retrying: true },
};

export const WithDetails: Story = {
  args: {
    message: 'Failed to load permissions. Please try again.',
    onRetry: fn(),
    details: 'An unexpected server error occurred.\nstatus: 500\nresponse: {"title":"Internal Server Error"}',
  },
};

/** The details toggled open. */
export const WithDetailsOpen: Story = {
  args: WithDetails.args,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Show details' }));
    await expect(canvas.getByRole('button', { name: 'Hide details' })).toHaveAttribute('aria-expanded', 'true');
  },
};

/** A refusal (4xx with problem details): the server's reason is the message, under the title of what failed. */
export const Refusal: Story = {
  args: {
    title: 'Could not create the group',
    message: undefined,
    error: new ApiError(409, '', new Headers(), createProblemDetails(409, "A claim group named 'Signers' already exists.")),
  },
};

/** A server failure (5xx): 'An unexpected server error occurred.', with the status and response behind the toggle. */
export const ServerFailure: Story = {
  args: {
    title: 'Could not save the changes',
    message: undefined,
    error: new ApiError(500, '{"title":"Internal Server Error"}', new Headers(), null),
  },
};
