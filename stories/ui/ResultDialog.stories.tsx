import { Button } from '@mantine/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useArgs } from 'storybook/preview-api';
import { fn } from 'storybook/test';
import { ResultDialog, type ResultDialogProps } from '../../src/ui';

const meta = {
  title: 'UI/ResultDialog',
  component: ResultDialog,
  tags: ['autodocs'],
  args: { opened: true, onClose: fn() },
  render: function Render(args: ResultDialogProps) {
    const [, updateArgs] = useArgs<ResultDialogProps>();
    return (
      <>
        <Button variant="default" onClick={() => updateArgs({ opened: true })}>
          Open dialog
        </Button>
        <ResultDialog
          {...args}
          onClose={() => {
            args.onClose();
            updateArgs({ opened: false });
          }}
        />
      </>
    );
  },
} satisfies Meta<typeof ResultDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithChanges: Story = {
  args: {
    message: 'Claims successfully updated for the claim group Editors.',
    added: [
      { key: 10, label: 'Form_Add', description: 'priority 1' },
      { key: 11, label: 'Form_Update', description: 'priority 1' },
    ],
    removed: [{ key: 12, label: 'Form_Delete' }],
    updated: [{ key: 13, label: 'FormGroup_Select', description: 'priority 1 → 3' }],
  },
};

export const OnlyAdded: Story = {
  args: { added: [{ key: 20, label: 'CreateForm_AllowRead', description: 'priority 1' }] },
};

export const NoChanges: Story = {};
