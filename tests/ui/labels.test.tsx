import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { APIProvider } from '../../src/query/APIProvider';
import { defaultLabels } from '../../src/query/labels';
import { LabelsProvider, useLabels } from '../../src/query/useLabels';
import { ConfirmModal, LoadingState, ResultDialog } from '../../src/ui';
import { renderWithProviders } from '../support/render';

// One labels object for every text: the shared pieces take theirs from the provider, never from defaults of their own.
describe('shared pieces and the one labels object', () => {
  it('use the English defaults outside any provider', () => {
    renderWithProviders(<ResultDialog opened onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Permission changes' });
    expect(within(dialog).getByText('No changes were made to the permissions.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it("use the APIProvider's labels, then a LabelsProvider's, then their own labels prop", () => {
    renderWithProviders(
      <APIProvider baseUrl="http://api.test" labels={{ cancel: 'Abbrechen', confirm: 'Bestätigen', loading: 'Lädt…' }}>
        <LoadingState />
        <LabelsProvider labels={{ ...defaultLabels, cancel: 'Annuler' }}>
          <ConfirmModal opened title="Sure?" message="Really?" onConfirm={vi.fn()} onCancel={vi.fn()} labels={{ confirm: 'Oui' }} />
        </LabelsProvider>
      </APIProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Lädt…');
    const dialog = screen.getByRole('dialog', { name: 'Sure?' });
    expect(within(dialog).getByRole('button', { name: 'Annuler' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Oui' })).toBeInTheDocument();
  });

  it('exports the access-check title from the same object', () => {
    function Title() {
      return <p>{useLabels().accessCheckFailed}</p>;
    }
    renderWithProviders(<Title />);
    expect(screen.getByText('Access check failed')).toBeInTheDocument();
  });
});
