import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../tests/support/render';
import { ResultDialog } from './ResultDialog';

describe('ResultDialog', () => {
  it('lists the Added, Removed and Updated permissions under their headings', () => {
    renderWithProviders(
      <ResultDialog
        opened
        onClose={() => {}}
        added={[
          { key: 1, label: 'Form_Add', description: 'priority 1' },
          { key: 2, label: 'Form_Update' },
        ]}
        removed={[{ key: 3, label: 'Form_Delete' }]}
        updated={[{ key: 4, label: 'FormGroup_Select', description: 'priority 1 → 3' }]}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Permission changes' });
    const added = within(dialog).getByRole('region', { name: 'Added' });
    expect(within(added).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Form_Add (priority 1)',
      'Form_Update',
    ]);
    expect(within(dialog).getByRole('region', { name: 'Removed' })).toHaveTextContent('Form_Delete');
    expect(within(dialog).getByRole('region', { name: 'Updated' })).toHaveTextContent('FormGroup_Select (priority 1 → 3)');
    expect(within(dialog).getByRole('heading', { name: 'Added' })).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Removed' })).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Updated' })).toBeInTheDocument();
    expect(screen.queryByText('No changes were made to the permissions.')).not.toBeInTheDocument();
  });

  it('leaves out empty sections', () => {
    renderWithProviders(<ResultDialog opened onClose={() => {}} removed={[{ key: 3, label: 'Form_Delete' }]} />);
    expect(screen.getByRole('heading', { name: 'Removed' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Added' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Updated' })).not.toBeInTheDocument();
  });

  it("says exactly 'No changes were made to the permissions.' when nothing changed", () => {
    renderWithProviders(<ResultDialog opened onClose={() => {}} title="Claims updated" message="Group: Editors" />);
    const dialog = screen.getByRole('dialog', { name: 'Claims updated' });
    expect(within(dialog).getByText('No changes were made to the permissions.')).toBeInTheDocument();
    expect(within(dialog).getByText('Group: Editors')).toBeInTheDocument();
    expect(within(dialog).queryByRole('list')).not.toBeInTheDocument();
  });

  it('closes from its Close button (focused first) and from Escape', async () => {
    const onClose = vi.fn();
    const { user } = renderWithProviders(<ResultDialog opened onClose={onClose} />);
    const close = screen.getByRole('button', { name: 'Close' });
    await waitFor(() => expect(close).toHaveFocus());
    expect(screen.getAllByRole('button')).toHaveLength(1);
    await user.click(close);
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
