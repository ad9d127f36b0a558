import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EnvelopeStatus, FormInstanceStatus } from '../../src/api/enums';
import { seedIds } from '../../src/testing/seed-ids';
import { setupFakeHost } from './support/fakeHost';

// Signed in as the fake backend's administrator (setupFakeHost): the real admin check, route gate and claims run against the fake.
const { backend, renderAdmin } = setupFakeHost();

describe('the admin home and the form preview routes', () => {
  it("/admin/ is the dashboard, titled 'Admin home'; 'New form' goes to the form builder and a recent form to its manager", async () => {
    const { screen, user, router } = await renderAdmin('/admin/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin home' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Admin home — CCQ Forms Admin'));
    await user.click(await screen.findByRole('button', { name: 'New form' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/form-builder/'));

    await router.navigate({ to: '/admin/' });
    const recent = await screen.findByRole('region', { name: 'Forms changed recently' });
    await user.click(await within(recent).findByRole('button', { name: /^Expense Claim Changed/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/form-manager/${seedIds.forms.expenseClaim}`));
  });

  it('a latest submission opens that form instance\'s page, not its form', async () => {
    const { screen, user, router } = await renderAdmin('/admin/');
    const latest = await screen.findByRole('region', { name: 'Latest submissions' });
    const first = (await within(latest).findAllByRole('button'))[0]!;
    await user.click(first);
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/admin\/form-instance\/[^/]+$/));
    const id = decodeURIComponent(router.state.location.pathname.split('/').pop()!);
    const instance = backend.db.formInstances.find((i) => i.formInstanceId === id);
    // The newest instance handed in (Submitted or Completed).
    const newest = backend.db.formInstances
      .filter((i) => !i.isDeleted && i.status >= FormInstanceStatus.Submitted)
      .sort((a, b) => +new Date(b.lastUpdatedDateTime) - +new Date(a.lastUpdatedDateTime))[0];
    expect(instance?.formInstanceId).toBe(newest?.formInstanceId);
    expect(first).toHaveTextContent(backend.db.forms.find((f) => f.formId === instance?.formId)?.name ?? 'no such form');
  });

  it('what needs attention opens the Form Instances list filtered to Submitted, and the Signing screen', async () => {
    const { screen, user, router } = await renderAdmin('/admin/');
    const attention = await screen.findByRole('region', { name: 'Needs attention' });
    await user.click(await within(attention).findByRole('button', { name: /submitted form instances? to review$/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/form-instances/'));
    expect(router.state.location.search).toEqual({ status: [FormInstanceStatus.Submitted] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Form Instances' })).toBeInTheDocument();

    await router.navigate({ to: '/admin/' });
    await user.click(await within(await screen.findByRole('region', { name: 'Needs attention' })).findByRole('button', { name: /envelopes? waiting for signatures$/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/signing/'));

    // A declined signature opens the instances whose latest envelope was declined, each ready to be requested again.
    await router.navigate({ to: '/admin/' });
    await user.click(await within(await screen.findByRole('region', { name: 'Needs attention' })).findByRole('button', { name: '1 form instance whose signature was declined' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/form-instances/'));
    expect(router.state.location.search).toEqual({ signature: [EnvelopeStatus.Declined] });
    const table = await screen.findByRole('table', { name: 'Form Instances' });
    expect(await within(table).findByText(seedIds.formInstances.onboardingInProgress.slice(-8))).toBeInTheDocument();
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
  });

  it("'Preview a form' opens /admin/form-preview/, the preview, which saves nothing", async () => {
    const { screen, user, router } = await renderAdmin('/admin/');
    await user.click(await screen.findByRole('button', { name: 'Preview a form' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/form-preview/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Form Preview' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Form Preview — CCQ Forms Admin'));
    await user.click(screen.getByRole('combobox', { name: 'Form' }));
    await user.click(await screen.findByRole('option', { name: 'Contact Request' }));
    expect(await screen.findByRole('region', { name: 'Preview of Contact Request, Fill in, Desktop' })).toBeInTheDocument();
    expect(backend.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });
});
