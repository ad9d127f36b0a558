import { screen } from '@testing-library/react';
import { FormRenderer } from '../../src/forms';
import { seedFormSchemas } from '../../src/testing/seed-forms';
import { renderWithProviders } from '../support/render';

describe('smoke', () => {
  it.each(seedFormSchemas().map((s) => [s.name, s] as const))('renders %s', (_, schema) => {
    renderWithProviders(<FormRenderer schema={schema} />);
    expect(screen.getAllByRole('button').length).toBeGreaterThan(0);
  });
});
