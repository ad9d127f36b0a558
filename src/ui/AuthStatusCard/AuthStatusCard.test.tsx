import { rem } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../tests/support/render';
import { AuthStatusCard, DEFAULT_AUTH_STATUS_CARD_LABELS } from './AuthStatusCard';

describe('AuthStatusCard', () => {
  it('shows the spec texts while finishing sign in, as a status', () => {
    renderWithProviders(<AuthStatusCard status="loading" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Finishing sign in…' })).toBeInTheDocument();
    expect(screen.getByText('Please wait while we complete the login.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Finishing sign in…');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows the spec texts once signed in', () => {
    renderWithProviders(<AuthStatusCard status="success" />);
    expect(screen.getByRole('heading', { name: 'Signed in' })).toBeInTheDocument();
    expect(screen.getByText('You have successfully logged in. Redirecting…')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows the spec texts on failure as an alert, and Try again calls onRetry', async () => {
    const onRetry = vi.fn();
    const { user } = renderWithProviders(<AuthStatusCard status="error" onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Sign in failed');
    expect(screen.getByRole('heading', { name: 'Sign in failed' })).toBeInTheDocument();
    expect(screen.getByText("We couldn't sign you in. Please try again.")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('shows the error detail only on failure, from an Error or a node', () => {
    const { rerender } = renderWithProviders(
      <AuthStatusCard status="error" onRetry={() => {}} error={new Error('invalid_grant')} />,
    );
    expect(screen.getByText('invalid_grant')).toBeInTheDocument();
    rerender(<AuthStatusCard status="loading" error="state mismatch" />);
    expect(screen.queryByText('state mismatch')).not.toBeInTheDocument();
    rerender(<AuthStatusCard status="error" error="state mismatch" />);
    expect(screen.getByText('state mismatch')).toBeInTheDocument();
  });

  it('has no Try again button without onRetry', () => {
    renderWithProviders(<AuthStatusCard status="error" />);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('exposes the state as data-status and uses a 420px card by default', () => {
    const { container } = renderWithProviders(<AuthStatusCard status="success" />);
    const card = container.querySelector('[data-status]');
    expect(card).toHaveAttribute('data-status', 'success');
    expect(card).toHaveStyle({ maxWidth: rem(420) });
  });

  it('takes partial label overrides and keeps the other defaults', () => {
    renderWithProviders(<AuthStatusCard status="error" onRetry={() => {}} labels={{ errorTitle: 'Échec' }} />);
    expect(screen.getByRole('heading', { name: 'Échec' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: DEFAULT_AUTH_STATUS_CARD_LABELS.retry })).toBeInTheDocument();
  });

  it('exports the exact spec texts as defaults', () => {
    expect(DEFAULT_AUTH_STATUS_CARD_LABELS).toEqual({
      loadingTitle: 'Finishing sign in…',
      loadingMessage: 'Please wait while we complete the login.',
      successTitle: 'Signed in',
      successMessage: 'You have successfully logged in. Redirecting…',
      errorTitle: 'Sign in failed',
      errorMessage: "We couldn't sign you in. Please try again.",
      retry: 'Try again',
    });
    expect(AuthStatusCard.displayName).toBe('@ccq/forms-admin/AuthStatusCard');
  });
});
