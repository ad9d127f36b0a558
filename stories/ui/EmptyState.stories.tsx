import { Button } from '@mantine/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { EmptyState } from '../../src/ui';

const meta = {
  title: 'UI/EmptyState',
  component: EmptyState,
  tags: ['autodocs'],
  args: { message: 'There are no user groups yet.' },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Basic: Story = {};

export const WithTitleAndAction: Story = {
  args: {
    title: 'No user groups',
    message: 'Create a group to give several users the same claim groups.',
    action: <Button>Create group</Button>,
  },
};
