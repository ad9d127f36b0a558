import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FormGroupDetail } from '../../src/forms-admin/FormGroupDetail';
import { FormGroupList } from '../../src/forms-admin/FormGroupList';
import { FormManager } from '../../src/forms-admin/FormManager';
import { FormSchemaManager } from '../../src/forms-admin/FormSchemaManager';
import { seedIds } from '../../src/testing/seed-ids';
import { renderInApi, setupFakeApi } from '../admin/support/screen';

// The mistakes a person makes on the forms administration screens, and what the screens answer.

const { backend, requestsTo } = setupFakeApi();
afterEach(() => notifications.clean());

const writes = (set: string) => requestsTo(set).filter((r) => r.method !== 'GET').length;

describe('names a person types', () => {
  it("a form group's blank name says 'Enter a name.' once the person tried; nothing is sent", async () => {
    const { user } = renderInApi(<FormGroupList />);
    await user.click(await screen.findByRole('button', { name: 'Create form group' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Create form group' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    expect(within(dialog).queryByText('Enter a name.')).not.toBeInTheDocument();
    await user.type(name, '   {Enter}');
    expect(await within(dialog).findByText('Enter a name.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    // A name longer than the stores keep is said as it is typed (not after a round trip), and kept.
    await user.clear(name);
    await user.paste('g'.repeat(201));
    expect(name).toHaveAccessibleDescription('A name can be at most 200 characters: this one has 201.');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(name, '{Enter}');
    expect(name).toHaveValue('g'.repeat(201));
    expect(writes('formgroup')).toBe(0);
  });

  it("a form group's name another live group has (any case) is refused in the dialog; a deleted group's name is free", async () => {
    const { user } = renderInApi(<FormGroupList />);
    await user.click(await screen.findByRole('button', { name: 'Create form group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create form group' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await user.type(name, '  customer onboarding ');
    expect(await within(dialog).findByText("A form group named 'customer onboarding' already exists.")).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(name, '{Enter}');
    expect(writes('formgroup')).toBe(0);
    // Renaming a group to its own name is not a clash.
    backend.db.formGroups.find((g) => g.formGroupId === seedIds.formGroups.humanResources)!.isDeleted = true;
    await user.clear(name);
    await user.type(name, 'Human Resources');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled());
    expect(within(dialog).queryByText(/already exists/)).not.toBeInTheDocument();
  });

  it('renaming a form to another live form\'s name (any case) or to nothing is refused; its own name is free', async () => {
    const { user } = renderInApi(<FormManager formId={seedIds.forms.expenseClaim} publicOrigin="https://host.example" />);
    const name = await screen.findByRole('textbox', { name: /Name/ });
    const save = screen.getByRole('button', { name: 'Save details' });
    await user.clear(name);
    expect(await screen.findByText('Enter a name.')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.paste('f'.repeat(250));
    expect(await screen.findByText('A name can be at most 200 characters: this one has 250.')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.clear(name);
    await user.type(name, 'LOAN APPLICATION');
    expect(await screen.findByText("A form named 'LOAN APPLICATION' already exists.", {}, { timeout: 3000 })).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.clear(name);
    await user.type(name, 'expense claim');
    await waitFor(() => expect(save).toBeEnabled());
    expect(screen.queryByText(/already exists/)).not.toBeInTheDocument();
    expect(writes('form')).toBe(0);
  });
});

describe('links a person opens', () => {
  it.each([
    ['FormManager', () => <FormManager formId="not-a-form" />, 'This form does not exist or was deleted.'],
    ['FormSchemaManager', () => <FormSchemaManager formSchemaId="123" />, 'This form schema does not exist or was deleted.'],
    ['FormGroupDetail', () => <FormGroupDetail formGroupId="%20" />, 'This form group does not exist or was deleted.'],
  ])('%s with an id that is not one (a mistyped or cut link) says it does not exist', async (_name, render, text) => {
    renderInApi(render());
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('a deleted form group opened by its link says it is deleted and offers no change of its forms', async () => {
    backend.db.formGroups.find((g) => g.formGroupId === seedIds.formGroups.customerOnboarding)!.isDeleted = true;
    renderInApi(<FormGroupDetail formGroupId={seedIds.formGroups.customerOnboarding} onOpenForm={() => {}} />);
    expect(await screen.findByText("This form group is deleted. 'Restore' brings it back; its forms were never deleted.")).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Restore Customer Onboarding' })).toBeInTheDocument();
    await screen.findByText('Loan Application');
    expect(screen.queryByRole('button', { name: /Remove from group/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });
});

describe('deleting a group that holds forms', () => {
  it("the 'Delete' confirmation says its forms are not deleted, and they are not", async () => {
    const { user } = renderInApi(<FormGroupList />);
    await user.click(await screen.findByRole('button', { name: 'Delete Customer Onboarding' }));
    const dialog = await screen.findByRole('dialog', { name: "Delete form group 'Customer Onboarding'?" });
    expect(dialog).toHaveTextContent("It leaves the lists and shows under 'Show deleted', where 'Restore' brings it back. Its forms are not deleted.");
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText(/'Customer Onboarding' was deleted/);
    expect(backend.db.forms.find((x) => x.formId === seedIds.forms.loanApplication)?.isDeleted).toBe(false);
  });
});
