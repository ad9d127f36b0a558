import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../tests/support/render';
import { ConfirmModal, type ConfirmModalProps } from './ConfirmModal';

function setup(props: Partial<ConfirmModalProps> = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  const utils = renderWithProviders(
    <ConfirmModal
      opened
      title="Clear all permissions?"
      message="Every claim group and permission of this user will be removed."
      onConfirm={onConfirm}
      onCancel={onCancel}
      {...props}
    />,
  );
  return { ...utils, onConfirm, onCancel };
}

describe('ConfirmModal', () => {
  it('is a dialog named by its title, with the message and Cancel / Confirm', () => {
    setup();
    const dialog = screen.getByRole('dialog', { name: 'Clear all permissions?' });
    expect(dialog).toHaveTextContent('Every claim group and permission of this user will be removed.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeInTheDocument();
  });

  it('renders nothing when closed', () => {
    setup({ opened: false });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('calls onConfirm from the confirm button and onCancel from the cancel button', async () => {
    const { user, onConfirm, onCancel } = setup({ labels: { confirm: 'Clear All', cancel: 'Keep' } });
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Keep' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('cancels on Escape', async () => {
    const { user, onCancel, onConfirm } = setup();
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('cancels from the labelled close button', async () => {
    const { user, onCancel } = setup();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('starts focus on Cancel and keeps Tab inside the dialog', async () => {
    const { user } = setup();
    const dialog = screen.getByRole('dialog');
    // Mantine moves focus into the trap on the next tick.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
    for (let i = 0; i < 5; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('blocks confirming again and every way of cancelling while loading', async () => {
    const { user, onCancel, onConfirm } = setup({ loading: true });
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAttribute('data-loading');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Close' })).toBeDisabled();
    await user.keyboard('{Escape}');
    await user.click(confirm);
    expect(onCancel).not.toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
