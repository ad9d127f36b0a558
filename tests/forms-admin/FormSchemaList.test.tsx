import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormSchemaList } from '../../src/forms-admin/FormSchemaList';
import { seedIds } from '../../src/testing/seed-ids';
import { renderInApi, setupFakeApi } from '../admin/support/screen';
import { claimsLoaded } from './support';

const { backend } = setupFakeApi();
afterEach(() => notifications.clean());

const rowOf = async (text: string) =>
  (await within(await screen.findByRole('table', { name: 'Form Schemas' })).findByRole('button', { name: text })).closest('tr') as HTMLElement;

describe('FormSchemaList', () => {
  it('lists every schema version with its form, version, public or not and instances; Open calls the host', async () => {
    const onOpenFormSchema = vi.fn();
    const { user } = renderInApi(<FormSchemaList onOpenFormSchema={onOpenFormSchema} onCreateFormSchema={() => {}} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Form Schemas' })).toBeInTheDocument();
    const v2 = await rowOf('Open Expense Claim v2');
    expect(within(v2).getAllByRole('cell').slice(0, 5).map((c) => c.textContent)).toEqual(['Expense Claim', 'Expense Claim', '2', 'No', '0']);
    expect(within(await rowOf('Open Contact Request v1')).getAllByRole('cell')[3]).toHaveTextContent('Yes');
    await user.click(screen.getByRole('button', { name: 'Open Expense Claim v2' }));
    expect(onOpenFormSchema).toHaveBeenCalledWith(seedIds.formSchemas.expenseClaimV2);
    expect(screen.getByRole('button', { name: 'Create form schema' })).toBeInTheDocument();
  });

  it("'Delete permanently' of a schema says its instances go with it, and removes them", async () => {
    const { user } = renderInApi(<FormSchemaList />);
    await user.click(await screen.findByRole('button', { name: 'Delete Expense Claim v1' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText("'Expense Claim v1' was deleted. 'Show deleted' lists it, to restore it.");
    await user.click(screen.getByRole('switch', { name: 'Show deleted' }));
    await user.click(await screen.findByRole('button', { name: 'Delete permanently Expense Claim v1' }));
    const dialog = await screen.findByRole('dialog', { name: "Delete form schema 'Expense Claim v1' permanently?" });
    expect(dialog).toHaveTextContent('Its instances and their signing envelopes are deleted with it. This action cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));
    await screen.findByText("'Expense Claim v1' was deleted permanently.");
    expect(backend.db.formSchemas.some((s) => s.formSchemaId === seedIds.formSchemas.expenseClaimV1)).toBe(false);
    expect(backend.db.formInstances.some((i) => i.formSchemaId === seedIds.formSchemas.expenseClaimV1)).toBe(false);
  });

  it('a user without the button claims sees no Create, Open or Delete', async () => {
    backend.setCurrentUser('auditor');
    const { queryClient } = renderInApi(<FormSchemaList onOpenFormSchema={() => {}} onCreateFormSchema={() => {}} />);
    await within(await screen.findByRole('table', { name: 'Form Schemas' })).findAllByText('Loan Application');
    await claimsLoaded(queryClient);
    expect(screen.queryByRole('button', { name: /^(Open|Delete|Create)/ })).not.toBeInTheDocument();
  });
});
