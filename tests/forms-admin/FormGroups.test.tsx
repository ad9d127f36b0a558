import { notifications } from '@mantine/notifications';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormGroupDetail } from '../../src/forms-admin/FormGroupDetail';
import { FormGroupList } from '../../src/forms-admin/FormGroupList';
import { seedIds } from '../../src/testing/seed-ids';
import { renderInApi, setupFakeApi } from '../admin/support/screen';
import { claimsLoaded } from './support';

const { backend, requestsTo } = setupFakeApi();
afterEach(() => notifications.clean());

const g = seedIds.formGroups;
const f = seedIds.forms;
const groupOf = (formId: string) => backend.db.forms.find((x) => x.formId === formId)?.formGroupId;

describe('FormGroupList', () => {
  it('lists the groups with their number of forms; creates one (blank names refused) and opens it', async () => {
    const onOpenFormGroup = vi.fn();
    const { user } = renderInApi(<FormGroupList onOpenFormGroup={onOpenFormGroup} />);
    const table = await screen.findByRole('table', { name: 'Form Groups' });
    const row = (await within(table).findByText('Customer Onboarding')).closest('tr') as HTMLElement;
    expect(within(row).getAllByRole('cell')[2]).toHaveTextContent('1');
    await user.click(screen.getByRole('button', { name: 'Create form group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create form group' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), ' ');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Finance');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Money');
    // 'Save' waits for the check that no other live group has the name.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled());
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText("Form group 'Finance' was created.");
    const created = backend.db.formGroups.find((x) => x.name === 'Finance');
    expect(created?.description).toBe('Money');
    expect(onOpenFormGroup).toHaveBeenCalledWith(created?.formGroupId);
    await within(table).findByText('Finance');
  });

  it('renames and describes a group', async () => {
    const { user } = renderInApi(<FormGroupList />);
    await user.click(await screen.findByRole('button', { name: 'Edit Public Enquiries' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename or describe the form group' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.type(name, 'Website');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled());
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText("Form group 'Website' was saved.");
    expect(backend.db.formGroups.find((x) => x.formGroupId === g.publicEnquiries)?.name).toBe('Website');
  });

  it('deleting a group permanently never deletes its forms: they stay, in no group', async () => {
    const { user } = renderInApi(<FormGroupList />);
    await user.click(await screen.findByRole('button', { name: 'Delete Customer Onboarding' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText(/'Customer Onboarding' was deleted/);
    expect(backend.db.forms.find((x) => x.formId === f.loanApplication)?.isDeleted).toBe(false);
    await user.click(screen.getByRole('switch', { name: 'Show deleted' }));
    await user.click(await screen.findByRole('button', { name: 'Delete permanently Customer Onboarding' }));
    const dialog = await screen.findByRole('dialog', { name: "Delete form group 'Customer Onboarding' permanently?" });
    expect(dialog).toHaveTextContent('Its forms are not deleted: they stay, in no group.');
    const formReads = requestsTo('FormOData').length;
    await user.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));
    await screen.findByText("'Customer Onboarding' was deleted permanently.");
    const loan = backend.db.forms.find((x) => x.formId === f.loanApplication);
    expect(loan?.isDeleted).toBe(false);
    expect(loan?.formGroupId).toBeNull();
    // Nothing on this screen reads forms: the refetch touches only lists that are shown.
    expect(requestsTo('FormOData').length).toBe(formReads);
  });

  it('a user without the button claims gets no Create, Edit or Delete, but may open a group', async () => {
    backend.setCurrentUser('auditor');
    const { queryClient } = renderInApi(<FormGroupList onOpenFormGroup={() => {}} />);
    await within(await screen.findByRole('table', { name: 'Form Groups' })).findByText('Human Resources');
    await claimsLoaded(queryClient);
    expect(screen.queryByRole('button', { name: /^(Edit|Delete|Create)/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open Human Resources' })).toBeInTheDocument();
  });
});

describe('FormGroupDetail', () => {
  it("says 'Nothing found.' only once the typed text's forms have arrived, not while they are on their way", async () => {
    const { user } = renderInApi(<FormGroupDetail formGroupId={g.humanResources} onOpenForm={() => {}} />);
    const input = await screen.findByLabelText('Add a form', { selector: 'input' });
    await user.click(input);
    await user.type(input, 'zzzz');
    expect(await screen.findByRole('option', { name: 'Nothing found.' })).toHaveAttribute('aria-disabled', 'true');
    await user.clear(input);
    await user.type(input, 'loan');
    // The answer for 'zzzz' (none) is still the one in hand: it does not speak for 'loan'.
    expect(screen.queryByRole('option', { name: 'Nothing found.' })).not.toBeInTheDocument();
    expect(await screen.findByRole('option', { name: 'Loan Application (in Customer Onboarding)' })).toBeInTheDocument();
  });

  it('shows the group and its forms; adds a form of another group (moving it) and removes one', async () => {
    const { user } = renderInApi(<FormGroupDetail formGroupId={g.humanResources} onOpenForm={() => {}} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Human Resources' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Forms in this group' });
    await within(table).findByText('Employee Onboarding');
    expect(within(table).queryByText('Loan Application')).not.toBeInTheDocument();

    await user.click(screen.getByLabelText('Add a form', { selector: 'input' }));
    await user.type(screen.getByLabelText('Add a form', { selector: 'input' }), 'loan');
    await user.click(await screen.findByRole('option', { name: 'Loan Application (in Customer Onboarding)' }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await screen.findByText("'Loan Application' was added to 'Human Resources'.");
    expect(groupOf(f.loanApplication)).toBe(g.humanResources);
    await within(table).findByText('Loan Application');

    await user.click(screen.getByRole('button', { name: 'Remove from group Employee Onboarding' }));
    await screen.findByText("'Employee Onboarding' was removed from 'Human Resources'.");
    expect(groupOf(f.employeeOnboarding)).toBeNull();
    expect(backend.db.forms.find((x) => x.formId === f.employeeOnboarding)?.isDeleted).toBe(false);
    await waitFor(() => expect(within(table).queryByText('Employee Onboarding')).not.toBeInTheDocument());
  });

  it("'Delete' asks, deletes the group (not its forms) and hands back to the host", async () => {
    const onDeleted = vi.fn();
    const { user } = renderInApi(<FormGroupDetail formGroupId={g.humanResources} onDeleted={onDeleted} />);
    await user.click(await screen.findByRole('button', { name: 'Delete Human Resources' }));
    await user.click(within(await screen.findByRole('dialog', { name: "Delete form group 'Human Resources'?" })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledOnce());
    expect(backend.db.formGroups.find((x) => x.formGroupId === g.humanResources)?.isDeleted).toBe(true);
    expect(backend.db.forms.find((x) => x.formId === f.employeeOnboarding)?.isDeleted).toBe(false);
  });

  it('a user without EditFormGroup cannot add or remove forms, rename or delete the group', async () => {
    backend.setCurrentUser('auditor');
    const { queryClient } = renderInApi(<FormGroupDetail formGroupId={g.humanResources} />);
    await within(await screen.findByRole('table', { name: 'Forms in this group' })).findByText('Employee Onboarding');
    await claimsLoaded(queryClient);
    expect(screen.queryByLabelText('Add a form', { selector: 'input' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Remove from group|Edit|Delete)/ })).not.toBeInTheDocument();
  });

  it('a group that does not exist says so', async () => {
    renderInApi(<FormGroupDetail formGroupId="40000000-0000-4000-8000-0000000000ff" />);
    expect(await screen.findByText('This form group does not exist or was deleted.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back to Form Groups' }), 'no way back without onBack').not.toBeInTheDocument();
  });

  it("'Back to Form Groups' hands back to the host, on the group's page and on the page of a group not found", async () => {
    const onBack = vi.fn();
    const { user } = renderInApi(<FormGroupDetail formGroupId={g.humanResources} onBack={onBack} />);
    await screen.findByRole('heading', { level: 1, name: 'Human Resources' });
    await user.click(screen.getByRole('button', { name: 'Back to Form Groups' }));
    expect(onBack).toHaveBeenCalledTimes(1);
    cleanup();
    const again = renderInApi(<FormGroupDetail formGroupId="40000000-0000-4000-8000-0000000000ff" onBack={onBack} />);
    await screen.findByText('This form group does not exist or was deleted.');
    await again.user.click(screen.getByRole('button', { name: 'Back to Form Groups' }));
    expect(onBack).toHaveBeenCalledTimes(2);
  });
});
