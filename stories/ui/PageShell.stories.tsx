import { Button, Paper, Text } from '@mantine/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { PageShell } from '../../src/ui';

const meta = {
  title: 'UI/PageShell',
  component: PageShell,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    title: 'Role Management',
    children: (
      <Paper withBorder p="lg">
        <Text>Page content</Text>
      </Paper>
    ),
  },
} satisfies Meta<typeof PageShell>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Basic: Story = {};

export const WithSubtitleAndActions: Story = {
  args: {
    subtitle: 'Create and manage claim groups with their associated permissions',
    actions: (
      <>
        <Button variant="default">Refresh</Button>
        <Button>Full Sync</Button>
      </>
    ),
  },
};

export const Narrow: Story = { args: { title: 'User & Role Management', maxWidth: 640 } };
