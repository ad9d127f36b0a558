import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { seedIds } from '../../src/testing/seed-ids';
import { setupFakeHost } from './support/fakeHost';

// Signed in as the fake backend's administrator (setupFakeHost): the real admin check, route gate and claims run against the fake.
const { renderAdmin } = setupFakeHost();

const long = { timeout: 8000 };

describe('the forms administration list routes', () => {
  it("/admin/forms/ shows the Forms list; 'Open' goes to the form manager and 'Create form' to the builder", async () => {
    const { screen, user, router } = await renderAdmin('/admin/forms/');
    const table = await screen.findByRole('table', { name: 'Forms' }, long);
    await user.click(await within(table).findByRole('button', { name: 'Open Loan Application' }, long));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/form-manager/${seedIds.forms.loanApplication}`));
    await router.navigate({ to: '/admin/forms' });
    await user.click(await screen.findByRole('button', { name: 'Create form' }, long));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/admin\/form-builder\/$/));
  });

  it("/admin/form-schemas/ shows the Form Schemas list; 'Open' goes to the schema's manager", async () => {
    const { screen, user, router } = await renderAdmin('/admin/form-schemas/');
    const table = await screen.findByRole('table', { name: 'Form Schemas' }, long);
    await user.click(await within(table).findByRole('button', { name: 'Open Expense Claim v2' }, long));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/admin/form-manager/form-schema/${seedIds.formSchemas.expenseClaimV2}`),
    );
  });

  it("/admin/form-group/ lists the groups; 'Open' goes to /admin/form-group/$formGroupId, which shows the group", async () => {
    const { screen, user, router } = await renderAdmin('/admin/form-group/');
    const table = await screen.findByRole('table', { name: 'Form Groups' }, long);
    await user.click(await within(table).findByRole('button', { name: 'Open Human Resources' }, long));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/form-group/${seedIds.formGroups.humanResources}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Human Resources' }, long)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Form Group — CCQ Forms Admin'));
  });
});
