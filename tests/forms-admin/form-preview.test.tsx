import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormPreview } from '../../src/forms-admin/FormPreview';
import { errorHandlers } from '../../src/testing';
import { seedIds } from '../../src/testing/seed-ids';
import { renderInApi, setupFakeApi } from '../admin/support/screen';

const { backend, server } = setupFakeApi();

/** Every request the preview made that could change something on the server. */
const writes = () => backend.requests.filter((r) => r.method !== 'GET');

const frame = () => screen.getByRole('region', { name: /^Preview of / });

describe('FormPreview', () => {
  it('lists the live forms and shows the chosen one with the public renderer, at its current version', async () => {
    const { user } = renderInApi(<FormPreview />);
    expect(await screen.findByText('Choose a form to see it as the public will.')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Form' }));
    await user.click(await screen.findByRole('option', { name: 'Contact Request' }));
    const region = await screen.findByRole('region', { name: 'Preview of Contact Request, Fill in, Desktop' });
    expect(within(region).getByRole('heading', { level: 2, name: 'Contact Request' })).toBeInTheDocument();
    expect(await within(region).findByRole('textbox', { name: /Your name/ })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Version' })).toHaveValue('Version 1 (current)');
  });

  it('saves nothing: typed answers, a valid submit and the view mode make no POST, PATCH, PUT or DELETE', async () => {
    const { user } = renderInApi(<FormPreview formId={seedIds.forms.contactRequest} />);
    const region = await screen.findByRole('region', { name: /Contact Request, Fill in/ });
    await user.type(await within(region).findByRole('textbox', { name: /Your name/ }), 'Zed Previewer');
    await user.type(within(region).getByRole('textbox', { name: /Your email/ }), 'zed@example.com');
    await user.click(within(region).getByRole('radio', { name: 'Email' }));
    await user.type(within(region).getByRole('textbox', { name: /Message/ }), 'Hello');
    await user.click(within(region).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('This is a preview: the answers are complete, and nothing was saved.')).toBeInTheDocument();

    // The answers typed show read-only in 'View answers'.
    await user.click(screen.getByRole('radio', { name: 'View answers' }));
    const view = await screen.findByRole('region', { name: 'Preview of Contact Request, View answers, Desktop' });
    expect(within(view).getByText('Zed Previewer')).toBeInTheDocument();
    expect(within(view).queryByRole('textbox')).not.toBeInTheDocument();

    expect(backend.requests.length).toBeGreaterThan(0);
    expect(writes()).toEqual([]);
    expect(backend.db.formInstances.some((i) => i.data && JSON.stringify(i.data).includes('Zed Previewer'))).toBe(false);
  });

  it('shows the form in a 390 px frame at phone width', async () => {
    const { user } = renderInApi(<FormPreview formId={seedIds.forms.contactRequest} />);
    await screen.findByRole('region', { name: /Desktop$/ });
    expect(frame()).toHaveAttribute('data-width', 'desktop');
    expect(frame().style.width).toBe('100%');
    await user.click(screen.getByRole('radio', { name: 'Phone (390 px)' }));
    const phone = await screen.findByRole('region', { name: 'Preview of Contact Request, Fill in, Phone (390 px)' });
    expect(phone).toHaveAttribute('data-width', 'phone');
    expect(phone.style.width).toBe('390px');
    expect(phone.style.maxWidth).toBe('390px');
    expect(await within(phone).findByRole('textbox', { name: /Your name/ })).toBeInTheDocument();
  });

  it('shows the version chosen: an older version without the fields added later', async () => {
    const { user } = renderInApi(<FormPreview formId={seedIds.forms.expenseClaim} />);
    await screen.findByRole('region', { name: /Expense Claim/ });
    expect(screen.getByRole('combobox', { name: 'Version' })).toHaveValue('Version 2 (current)');
    expect(await within(frame()).findByRole('combobox', { name: /Category/ })).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Version' }));
    await user.click(await screen.findByRole('option', { name: 'Version 1' }));
    await waitFor(() => expect(within(frame()).queryByRole('combobox', { name: /Category/ })).not.toBeInTheDocument());
    expect(within(frame()).getByRole('textbox', { name: /Description/ })).toBeInTheDocument();
  });

  it('says when the forms cannot be loaded, with a retry', async () => {
    server.use(errorHandlers.failing('/odata/FormOData', 500));
    renderInApi(<FormPreview />);
    expect(await screen.findByText('Failed to load the forms. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('says when there is no form to preview', async () => {
    backend.db.forms.length = 0;
    renderInApi(<FormPreview />);
    expect(await screen.findByText('There are no forms to preview yet.')).toBeInTheDocument();
  });
});
