import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormSchemaManager, type FormSchemaManagerProps } from '../../src/forms-admin/FormSchemaManager';
import { errorHandlers } from '../../src/testing';
import { seedIds } from '../../src/testing/seed-ids';
import { renderInApi, setupFakeApi } from '../admin/support/screen';

const { backend, server, requestsTo } = setupFakeApi();
afterEach(() => notifications.clean());

const v1 = seedIds.formSchemas.expenseClaimV1;
const expense = seedIds.forms.expenseClaim;

function renderScreen(props: Partial<FormSchemaManagerProps> = {}) {
  return renderInApi(<FormSchemaManager formSchemaId={v1} {...props} />);
}
const region = (name: string | RegExp) => screen.findByRole('region', { name });
const writes = () => backend.requests.filter((r) => r.method !== 'GET');

describe('FormSchemaManager', () => {
  it('shows the version with its fields (data path, widget, place) and its instances; a used version says it cannot change', async () => {
    renderScreen();
    expect(await screen.findByRole('heading', { level: 1, name: 'Form schema: Expense Claim (version 1)' })).toBeInTheDocument();
    const fields = await region('Fields');
    const row = within(fields).getByText('/items/*/amount').closest('tr')!;
    expect(within(row).getByText('Amount')).toBeInTheDocument();
    expect(within(row).getByText('Number'), "the widget's palette name").toBeInTheDocument();
    expect(within(row).getByText('Expenses / Expense item')).toBeInTheDocument();
    expect(within(fields).queryByText('/costCentre')).not.toBeInTheDocument();
    const instances = await region('Instances');
    expect(await within(instances).findByText('Completed')).toBeInTheDocument();
    expect(await screen.findByText(/Instances use this version, so it can no longer be changed/)).toBeInTheDocument();
    // Each instance by its short id, as Form Instances names it; no 'Version' column, where every row is this version.
    const headers = within(instances).getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers[0]).toBe('Instance');
    expect(headers).not.toContain('Version');
    const completed = within(instances).getByText('Completed').closest('tr')!;
    expect(within(completed).getByText(/^[0-9a-f]{8}$/)).toBeInTheDocument();
  });

  it("'Make current' patches the form's currentFormSchemaId, with a toast; then the version is current", async () => {
    const { user } = renderScreen();
    const notCurrent = 'Not the current version: the form’s link opens the current one, and new instances start on it.';
    expect(await screen.findByText(notCurrent)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Make current' }));
    expect(await screen.findByText("Version 1 of 'Expense Claim' is now current.")).toBeInTheDocument();
    expect(backend.db.forms.find((f) => f.formId === expense)?.currentFormSchemaId).toBe(v1);
    expect(requestsTo('patch').map((r) => r.path)).toEqual(['/api/crud/form/patch']);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Make current' })).not.toBeInTheDocument());
    expect(screen.getByText('Current')).toBeInTheDocument();
  });

  it('previews the version with the real renderer, to fill in or read-only, and saves nothing', async () => {
    const { user } = renderScreen();
    const preview = await region('Preview');
    expect(within(preview).getByText('A preview: nothing you type here is saved.')).toBeInTheDocument();
    const claimant = await within(preview).findByRole('textbox', { name: /Claimant/ });
    await user.type(claimant, 'Ada');
    expect(claimant).toHaveValue('Ada');
    expect(within(preview).queryByRole('button', { name: /submit/i })).not.toBeInTheDocument();
    await user.click(within(preview).getByText('Read-only'));
    await waitFor(() => expect(within(preview).queryByRole('textbox', { name: /Claimant/ })).not.toBeInTheDocument());
    expect(writes()).toEqual([]);
  });

  it("calls back 'Back to the form' with the form's id and 'Open' with the instance", async () => {
    const onOpenForm = vi.fn();
    const onOpenInstance = vi.fn();
    const { user } = renderScreen({ onOpenForm, onOpenInstance });
    await user.click(await screen.findByRole('button', { name: 'Back to the form' }));
    expect(onOpenForm).toHaveBeenCalledWith(expense);
    const instances = await region('Instances');
    await user.click((await within(instances).findAllByRole('button', { name: /^Open: / }))[0]!);
    expect(onOpenInstance.mock.calls[0]?.[0]).toMatchObject({ formSchemaId: v1 });
  });

  it("a reader sees the version but neither 'Make current' nor the instances", async () => {
    backend.setCurrentUser('reader');
    renderScreen();
    await region('Fields');
    await waitFor(() => expect(requestsTo('GetMyClaims').length).toBeGreaterThan(0));
    await region('Preview');
    expect(screen.queryByRole('button', { name: 'Make current' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Instances' })).not.toBeInTheDocument();
  });

  it('says so when the version does not exist', async () => {
    renderScreen({ formSchemaId: '60000000-0000-4000-8000-0000000000ff' });
    expect(await screen.findByText('This form schema does not exist or was deleted.')).toBeInTheDocument();
  });

  it('says the version failed to load, with a retry', async () => {
    server.use(errorHandlers.failing('/odata/FormSchemaOData', 500, { once: true }));
    const { user } = renderScreen();
    expect(await screen.findByText('Failed to load the form schema. Please try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: /version 1/ })).toBeInTheDocument();
  });
});
