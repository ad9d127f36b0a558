import type { Meta, StoryObj } from '@storybook/react-vite';
import { LoadingState } from '../../src/ui';

const meta = {
  title: 'UI/LoadingState',
  component: LoadingState,
  tags: ['autodocs'],
} satisfies Meta<typeof LoadingState>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The label is only announced to screen readers. */
export const Default: Story = {};

export const WithVisibleLabel: Story = { args: { labelVisible: true, labels: { label: 'Loading users…' } } };
