import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { AuthStatusCard } from '../../src/ui';

const meta = {
  title: 'UI/AuthStatusCard',
  component: AuthStatusCard,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: { onRetry: fn() },
  argTypes: { status: { control: 'inline-radio', options: ['loading', 'success', 'error'] } },
} satisfies Meta<typeof AuthStatusCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 'Finishing sign in…' while the callback exchanges the code for tokens. */
export const Loading: Story = { args: { status: 'loading' } };

/** 'Signed in', just before the redirect to the page stored before login. */
export const Success: Story = { args: { status: 'success' } };

/** 'Sign in failed' with 'Try again', which restarts login with a login prompt. */
export const Error: Story = { args: { status: 'error' } };

/** A failure with the technical reason shown under the message. */
export const ErrorWithDetail: Story = {
  args: { status: 'error', error: 'invalid_grant: authorization code expired' },
};
