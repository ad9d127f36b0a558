import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../tests/support/render';
import { ActionButton } from './ActionButton';

describe('ActionButton', () => {
  it('is an ordinary button when the action is allowed', async () => {
    const onClick = vi.fn();
    const { user } = renderWithProviders(<ActionButton onClick={onClick}>Delete</ActionButton>);
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button).not.toHaveAttribute('aria-disabled');
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('is inert, focusable and described by the reason when the action is not allowed', async () => {
    const onClick = vi.fn();
    const { user } = renderWithProviders(
      <ActionButton onClick={onClick} access={{ can: false, reason: 'Built-in groups cannot be deleted.' }}>
        Delete
      </ActionButton>,
    );
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAccessibleDescription('Built-in groups cannot be deleted.');
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
    button.focus();
    expect(button).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Built-in groups cannot be deleted.');
  });

  it('does not submit its form while not allowed', async () => {
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    const { user } = renderWithProviders(
      <form onSubmit={onSubmit}>
        <ActionButton type="submit" access={{ can: false, reason: 'No.' }}>
          Save
        </ActionButton>
      </form>,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('renders nothing when told to hide a denied action', () => {
    renderWithProviders(
      <ActionButton hideWhenDenied access={{ can: false, reason: 'No.' }}>
        Full Sync
      </ActionButton>,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
