import { Button, useMantineTheme } from '@mantine/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useArgs } from 'storybook/preview-api';
import { fn } from 'storybook/test';
import { ConfirmModal, type ConfirmModalProps } from '../../src/ui';

const meta = {
  title: 'UI/ConfirmModal',
  component: ConfirmModal,
  tags: ['autodocs'],
  args: {
    opened: true,
    title: 'Clear all permissions?',
    message: 'Every claim group and permission assigned to this user will be removed.',
    labels: { confirm: 'Clear All' },
    onConfirm: fn(),
    onCancel: fn(),
  },
  // A trigger button and args-driven state, so the dialog can be reopened after Cancel / Escape.
  render: function Render(args: ConfirmModalProps) {
    const [, updateArgs] = useArgs<ConfirmModalProps>();
    return (
      <>
        <Button variant="default" onClick={() => updateArgs({ opened: true })}>
          Open dialog
        </Button>
        <ConfirmModal
          {...args}
          onCancel={() => {
            args.onCancel();
            updateArgs({ opened: false });
          }}
        />
      </>
    );
  },
} satisfies Meta<typeof ConfirmModal>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {};

/** After Confirm: the work runs, Confirm shows a loader and Cancel, × and Escape are blocked. */
export const Confirming: Story = { args: { loading: true } };

/** A non-destructive confirmation with the default labels and the host theme's primary color. */
export const NonDestructive: Story = {
  args: {
    title: 'Run full sync?',
    message: 'Users are synchronised from the identity provider. This can take a minute.',
    labels: undefined,
  },
  render: function Render(args: ConfirmModalProps) {
    const { primaryColor } = useMantineTheme();
    // The meta's render, called as the story function itself (its useArgs is a Storybook hook, not a component's).
    return meta.render({ ...args, confirmColor: primaryColor });
  },
};
