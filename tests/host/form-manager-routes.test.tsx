import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { seedIds } from '../../src/testing/seed-ids';
import { setupFakeHost } from './support/fakeHost';

// Signed in as the fake backend's administrator (setupFakeHost): the real admin check, route gate and claims run against the fake.
const { renderAdmin } = setupFakeHost();

const expense = seedIds.forms.expenseClaim;
const v1 = seedIds.formSchemas.expenseClaimV1;

describe('the form manager routes', () => {
  it("/admin/form-manager/$formId shows that form's manager, titled; 'Open in builder' goes to the builder with ?formId=", async () => {
    const { screen, user, router } = await renderAdmin(`/admin/form-manager/${expense}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Form: Expense Claim' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Form Manager — CCQ Forms Admin'));
    await user.click(await screen.findByRole('button', { name: 'Open in builder' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/form-builder/'));
    expect(router.state.location.search).toEqual({ formId: expense });
  });

  it("a version's 'Open' goes to /admin/form-manager/form-schema/$formSchemaId, and 'Back to the form' returns", async () => {
    const { screen, user, router } = await renderAdmin(`/admin/form-manager/${expense}`);
    await screen.findByRole('heading', { level: 1, name: 'Form: Expense Claim' }, { timeout: 5000 });
    await user.click(await screen.findByRole('button', { name: 'Open: Version 1' }, { timeout: 5000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/form-manager/form-schema/${v1}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Form schema: Expense Claim (version 1)' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Form Schema Manager — CCQ Forms Admin'));
    await user.click(screen.getByRole('button', { name: 'Back to the form' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/form-manager/${expense}`));
  });

  it("an instance's 'Open' goes to its page, /admin/form-instance/$formInstanceId", async () => {
    const { screen, user, router } = await renderAdmin(`/admin/form-manager/form-schema/${v1}`);
    await screen.findByRole('heading', { level: 1, name: /version 1/ }, { timeout: 5000 });
    await user.click((await screen.findAllByRole('button', { name: /^Open: / }, { timeout: 5000 }))[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/form-instance/${seedIds.formInstances.expenseCompleted}`));
    expect(await screen.findByRole('heading', { level: 1, name: `Expense Claim ${seedIds.formInstances.expenseCompleted.slice(-8)}` }, { timeout: 5000 })).toBeInTheDocument();
  });
});
