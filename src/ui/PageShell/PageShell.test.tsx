import { Button, rem } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../tests/support/render';
import { PageShell } from './PageShell';

describe('PageShell', () => {
  it('renders a region named by its heading, with subtitle, actions and content', () => {
    renderWithProviders(
      <PageShell
        title="Role Management"
        subtitle="Create and manage claim groups with their associated permissions"
        actions={<Button>Refresh</Button>}
      >
        <p>content</p>
      </PageShell>,
    );
    expect(screen.getByRole('region', { name: 'Role Management' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Role Management' })).toBeInTheDocument();
    expect(screen.getByText('Create and manage claim groups with their associated permissions')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    expect(screen.getByText('content')).toBeInTheDocument();
  });

  it('is 1200px wide at most by default, and takes another width and heading level', () => {
    const { rerender } = renderWithProviders(<PageShell title="A" />);
    expect(screen.getByRole('region', { name: 'A' })).toHaveStyle({ maxWidth: rem(1200) });
    rerender(<PageShell title="A" maxWidth={800} titleOrder={2} />);
    expect(screen.getByRole('region', { name: 'A' })).toHaveStyle({ maxWidth: rem(800) });
    expect(screen.getByRole('heading', { level: 2, name: 'A' })).toBeInTheDocument();
  });
});
