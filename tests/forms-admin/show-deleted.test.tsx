import { screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import * as odata from '../../src/api/odata';
import { deletedViewFilter, evaluateODataQuery, FORMS_ODATA_SCHEMA, isSoftDeletedRow } from '../../src/domain/odata';
import { FormGroupList } from '../../src/forms-admin/FormGroupList';
import { FormInstanceList } from '../../src/forms-admin/FormInstanceList';
import { instanceQuery, NO_INSTANCE_FILTERS } from '../../src/forms-admin/FormInstanceList/instance-filter';
import { seedIds } from '../../src/testing/seed-ids';
import { renderInApi, setupFakeApi } from '../admin/support/screen';

// 'Show deleted' lists every row, the soft-deleted ones marked in words; a row restored there stays, unmarked.
const { backend } = setupFakeApi();
afterEach(() => notifications.clean());

describe('the deleted view as OData (one rule for the client, the fake and the server)', () => {
  it('writes the live view as isDeleted eq false and the deleted view as every value of the flag', () => {
    expect(decodeURIComponent(odata.buildQuery({ filter: odata.deletedView(false) }))).toBe('$filter=isDeleted eq false');
    expect(decodeURIComponent(odata.buildQuery({ filter: odata.deletedView(true) }))).toBe('$filter=isDeleted in (false,true)');
    expect(decodeURIComponent(odata.buildQuery(instanceQuery(NO_INSTANCE_FILTERS, true)))).toBe('$filter=isDeleted in (false,true)');
    expect(isSoftDeletedRow({ isDeleted: true })).toBe(true);
    expect(isSoftDeletedRow({ isDeleted: false })).toBe(false);
    expect(isSoftDeletedRow({})).toBe(false);
  });

  it('selects the live rows, or every row, with the evaluator the fake uses', () => {
    const rows = [
      { formGroupId: 'a', name: 'A', description: null, isDeleted: false },
      { formGroupId: 'b', name: 'B', description: null, isDeleted: true },
    ];
    const names = (showDeleted: boolean) =>
      evaluateODataQuery(FORMS_ODATA_SCHEMA, 'FormGroup', { filter: deletedViewFilter(showDeleted), orderBy: [] }, { rows: () => rows }).value.map((r) => r.name);
    expect(names(false)).toEqual(['A']);
    expect(names(true)).toEqual(['A', 'B']);
  });
});

const groupRow = (name: string) => (within(screen.getByRole('table')).getByText(name).closest('tr') as HTMLElement);

describe("a list's 'Show deleted'", () => {
  it('shows live and deleted rows together, the deleted ones marked; a restored row stays in view, unmarked', async () => {
    const deleted = backend.db.formGroups.find((g) => g.formGroupId === seedIds.formGroups.publicEnquiries);
    if (!deleted) throw new Error('seed group missing');
    deleted.isDeleted = true;
    const deletedName = deleted.name;
    const liveName = backend.db.formGroups.find((g) => !g.isDeleted)?.name ?? '';
    expect(liveName).not.toBe('');
    const { user } = renderInApi(<FormGroupList />);
    await within(await screen.findByRole('table')).findByText(liveName);
    expect(within(screen.getByRole('table')).queryByText(deletedName)).not.toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Show deleted' }));
    await within(screen.getByRole('table')).findByText(deletedName);
    // The live row is still listed, with 'Delete' and no mark; the deleted one says 'Deleted' and offers 'Restore'.
    expect(within(groupRow(liveName)).queryByText('Deleted')).not.toBeInTheDocument();
    expect(within(groupRow(liveName)).getByRole('button', { name: `Delete ${liveName}` })).toBeInTheDocument();
    expect(within(groupRow(deletedName)).getByText('Deleted')).toBeInTheDocument();

    await user.click(within(groupRow(deletedName)).getByRole('button', { name: `Restore ${deletedName}` }));
    expect(await screen.findByText(`'${deletedName}' was restored.`)).toBeInTheDocument();
    await waitFor(() => expect(within(groupRow(deletedName)).queryByText('Deleted')).not.toBeInTheDocument());
    expect(within(groupRow(deletedName)).getByRole('button', { name: `Delete ${deletedName}` })).toBeInTheDocument();
    expect(backend.db.formGroups.find((g) => g.formGroupId === seedIds.formGroups.publicEnquiries)?.isDeleted).toBe(false);
  });

  it('Form Instances: the deleted instance is marked among the live ones and stays after its restore', async () => {
    const id = seedIds.formInstances.expenseDeleted;
    const { user } = renderInApi(<FormInstanceList />);
    const live = seedIds.formInstances.loanSubmitted;
    await screen.findByText(live.slice(-8), undefined, { timeout: 5000 });
    await user.click(screen.getByRole('switch', { name: 'Show deleted' }));
    const cell = await screen.findByText(id.slice(-8), undefined, { timeout: 5000 });
    const row = () => within(screen.getByRole('table')).getByText(id.slice(-8)).closest('tr') as HTMLElement;
    expect(within(cell.closest('tr') as HTMLElement).getByText('Deleted')).toBeInTheDocument();
    const liveRow = within(screen.getByRole('table')).getByText(live.slice(-8)).closest('tr') as HTMLElement;
    expect(within(liveRow).queryByText('Deleted')).not.toBeInTheDocument();

    await user.click(within(row()).getByRole('button', { name: /^Restore / }));
    await waitFor(() => expect(backend.db.formInstances.find((i) => i.formInstanceId === id)?.isDeleted).toBe(false));
    await waitFor(() => expect(within(row()).queryByText('Deleted')).not.toBeInTheDocument());
    expect(within(row()).getByRole('button', { name: /^Delete (?!permanently)/ })).toBeInTheDocument();
  });
});
