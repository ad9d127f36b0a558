import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ActionButton } from '../../src/ui';

const meta = {
  title: 'UI/ActionButton',
  component: ActionButton,
  tags: ['autodocs'],
  args: { children: 'Delete', color: 'red', variant: 'outline', onClick: fn() },
} satisfies Meta<typeof ActionButton>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The action may be used. */
export const Allowed: Story = {};

/** The action may not be used: inert, with the reason as tooltip and accessible description. */
export const DisabledWithReason: Story = {
  args: {
    access: { can: false, reason: "'Administrators' is a built-in group and cannot be deleted. Change its permissions instead." },
  },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Delete' });
    await userEvent.click(button);
    await expect(args.onClick).not.toHaveBeenCalled();
    await expect(button).toHaveAttribute('aria-disabled', 'true');
  },
};

/** The action may not be used and is hidden. */
export const Hidden: Story = { args: { access: { can: false, reason: 'No.' }, hideWhenDenied: true } };
