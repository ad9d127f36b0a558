import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../tests/support/render';
import { LoadingState } from './LoadingState';

describe('LoadingState', () => {
  it('is a status named Loading… by default', () => {
    renderWithProviders(<LoadingState />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  });

  it('takes another label and can show it', () => {
    renderWithProviders(<LoadingState labelVisible labels={{ label: 'Loading users…' }} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading users…');
    expect(screen.getByText('Loading users…')).toBeVisible();
  });
});
