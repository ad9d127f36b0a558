import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../tests/support/render';
import { ApiError } from '../../api/errors';
import { createProblemDetails } from '../../api/problem-details';
import { APIProvider } from '../../query/APIProvider';
import { ErrorAlert } from './ErrorAlert';

describe('ErrorAlert', () => {
  it('is an alert with the title and the exact message, and no buttons by default', () => {
    renderWithProviders(<ErrorAlert title="Error" message="Failed to load users. Please try again." />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Error');
    expect(alert).toHaveTextContent('Failed to load users. Please try again.');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows Try again when onRetry is given and calls it on click', async () => {
    const onRetry = vi.fn();
    const { user } = renderWithProviders(
      <ErrorAlert message="Failed to load claims. Please try again." onRetry={onRetry} />,
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('disables the retry button while retrying', async () => {
    const onRetry = vi.fn();
    const { user } = renderWithProviders(
      <ErrorAlert message="Failed to load claim groups. Please try again." onRetry={onRetry} retrying />,
    );
    const button = screen.getByRole('button', { name: 'Try again' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('data-loading');
    await user.click(button);
    expect(onRetry).not.toHaveBeenCalled();
  });

  it('toggles the details with a labelled, expandable button', async () => {
    const { user } = renderWithProviders(
      <ErrorAlert message="Failed to load permissions. Please try again." details="500 Internal Server Error" />,
    );
    const toggle = screen.getByRole('button', { name: 'Show details' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Hide details');
    expect(screen.getByText('500 Internal Server Error')).toBeInTheDocument();
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')).toHaveTextContent(
      '500 Internal Server Error',
    );
    await user.click(toggle);
    expect(toggle).toHaveAccessibleName('Show details');
  });

  it('takes label overrides', () => {
    renderWithProviders(
      <ErrorAlert message="x" onRetry={() => {}} details="d" labels={{ retry: 'Retry', showDetails: 'More' }} />,
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'More' })).toBeInTheDocument();
  });
});

describe('ErrorAlert with an error', () => {
  const problem = (status: number, detail: string) =>
    new ApiError(status, JSON.stringify({ detail }), new Headers(), createProblemDetails(status, detail));

  it("shows a refusal's reason under the title of what failed, not 'An unexpected server error occurred.'", () => {
    renderWithProviders(
      <ErrorAlert title="Could not create the group" error={problem(409, "A claim group named 'Signers' already exists.")} />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Could not create the group');
    expect(alert).toHaveTextContent("A claim group named 'Signers' already exists.");
    expect(alert).not.toHaveTextContent('An unexpected server error occurred.');
    expect(alert).toHaveAttribute('data-refused', 'true');
  });

  it("reads 'An unexpected server error occurred.' for a 5xx, with the status behind 'Show details'", async () => {
    const { user } = renderWithProviders(<ErrorAlert title="Could not save the changes" error={problem(500, 'boom')} />);
    expect(screen.getByRole('alert')).toHaveTextContent('An unexpected server error occurred.');
    await user.click(screen.getByRole('button', { name: 'Show details' }));
    expect(screen.getByText(/HTTP 500/)).toBeInTheDocument();
  });

  it("takes its texts from the provider's labels", async () => {
    const onRetry = vi.fn();
    renderWithProviders(
      <APIProvider baseUrl="http://api.test" labels={{ tryAgain: 'Nochmal', unexpectedServerError: 'Serverfehler.' }}>
        <ErrorAlert error={problem(503, 'down')} onRetry={onRetry} />
      </APIProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Serverfehler.');
    expect(screen.getByRole('button', { name: 'Nochmal' })).toBeInTheDocument();
  });
});
