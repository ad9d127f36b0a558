import { Button } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../tests/support/render';
import { EmptyState } from './EmptyState';

describe('EmptyState', () => {
  it('shows the title and message', () => {
    renderWithProviders(<EmptyState title="No user groups yet" message="Create a group to get started." />);
    expect(screen.getByText('No user groups yet')).toBeInTheDocument();
    expect(screen.getByText('Create a group to get started.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('renders the action', async () => {
    const onCreate = vi.fn();
    const { user } = renderWithProviders(
      <EmptyState message="Nothing here." action={<Button onClick={onCreate}>Create group</Button>} />,
    );
    await user.click(screen.getByRole('button', { name: 'Create group' }));
    expect(onCreate).toHaveBeenCalledTimes(1);
  });
});
