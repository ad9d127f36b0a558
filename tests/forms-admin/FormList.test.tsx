import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormList } from '../../src/forms-admin/FormList';
import { errorHandlers } from '../../src/testing';
import { seedIds } from '../../src/testing/seed-ids';
import { renderInApi, setupFakeApi } from '../admin/support/screen';
import { claimsLoaded } from './support';

const { backend, server, requestsTo } = setupFakeApi();
afterEach(() => notifications.clean());

const table = () => screen.getByRole('table', { name: 'Forms' });
const rowOf = async (name: string) => {
  const cell = await within(await screen.findByRole('table', { name: 'Forms' })).findByText(name);
  return cell.closest('tr') as HTMLElement;
};
const names = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('td')?.textContent ?? '');

describe('FormList', () => {
  it('shows each form with its group, current version, public or not, instances and last change', async () => {
    renderInApi(<FormList />);
    expect(screen.getByRole('heading', { level: 1, name: 'Forms' })).toBeInTheDocument();
    const loan = await rowOf('Loan Application');
    expect(loan).toHaveTextContent('Customer Onboarding');
    const cells = within(loan).getAllByRole('cell').map((c) => c.textContent);
    expect(cells.slice(0, 5)).toEqual(['Loan Application', 'Customer Onboarding', '1', 'No', '4']);
    expect(within(await rowOf('Contact Request')).getAllByRole('cell')[3]).toHaveTextContent('Yes');
    expect(within(await rowOf('Expense Claim')).getAllByRole('cell')[2]).toHaveTextContent('2');
    const read = requestsTo('FormOData').at(-1)?.path ?? '';
    expect(decodeURIComponent(read)).toContain('$count=true');
    expect(decodeURIComponent(read)).toContain('$top=20');
  });

  it("says 'No group' for a form in no group (a blank cell reads as nothing)", async () => {
    const contact = backend.db.forms.find((x) => x.name === 'Contact Request');
    if (!contact) throw new Error('The seeds have no Contact Request form.');
    contact.formGroupId = null;
    renderInApi(<FormList />);
    expect(within(await rowOf('Contact Request')).getAllByRole('cell')[1]).toHaveTextContent(/^No group$/);
  });

  it('searches, sorts and pages on the server', async () => {
    const { user } = renderInApi(<FormList />);
    await rowOf('Loan Application');
    expect(names()).toEqual(['Contact Request', 'Employee Onboarding', 'Expense Claim', 'Loan Application']);
    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'LOAN');
    await waitFor(() => expect(names()).toEqual(['Loan Application']), { timeout: 5000 });
    expect(decodeURIComponent(requestsTo('FormOData').at(-1)?.path ?? '')).toContain("contains(tolower(name),'loan')");
    await user.clear(screen.getByRole('searchbox', { name: 'Search by name' }));
    await waitFor(() => expect(names()).toHaveLength(4), { timeout: 5000 });
    await user.click(within(table()).getByRole('button', { name: /Name/ }));
    await waitFor(() => expect(names()[0]).toBe('Loan Application'), { timeout: 5000 });
    expect(decodeURIComponent(requestsTo('FormOData').at(-1)?.path ?? '')).toContain('$orderby=name desc');
  });

  it("says what a search that matches nothing was, and 'Clear search' empties the box and lists every form again", async () => {
    const { user } = renderInApi(<FormList />);
    await rowOf('Loan Application');
    const box = screen.getByRole('searchbox', { name: 'Search by name' });
    await user.type(box, 'zz top');
    const clear = await screen.findByRole('button', { name: 'Clear search' }, { timeout: 5000 });
    expect(screen.getByText("Nothing matches 'zz top'.")).toBeVisible();
    await user.click(clear);
    expect(box).toHaveValue('');
    await waitFor(() => expect(names()).toHaveLength(4), { timeout: 5000 });
    expect(screen.queryByText(/^Nothing matches/)).not.toBeInTheDocument();
  });

  it("'Create form' and 'Open' call the host, each only with its button claim", async () => {
    const onOpenForm = vi.fn();
    const onCreateForm = vi.fn();
    const { user } = renderInApi(<FormList onOpenForm={onOpenForm} onCreateForm={onCreateForm} />);
    await user.click(await screen.findByRole('button', { name: 'Open Loan Application' }));
    expect(onOpenForm).toHaveBeenCalledWith(seedIds.forms.loanApplication);
    await user.click(screen.getByRole('button', { name: 'Create form' }));
    expect(onCreateForm).toHaveBeenCalledOnce();
  });

  it('a user without the button claims sees no Create, Open or Delete, and no deleted view', async () => {
    backend.setCurrentUser('auditor');
    const { queryClient } = renderInApi(<FormList onOpenForm={() => {}} onCreateForm={() => {}} />);
    await rowOf('Loan Application');
    await claimsLoaded(queryClient);
    expect(screen.queryByRole('button', { name: 'Create form' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Open|Delete)/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Show deleted' })).not.toBeInTheDocument();
  });

  it("the editor deletes and restores but never sees 'Delete permanently'", async () => {
    backend.setEnforceClaims(true);
    backend.setCurrentUser('editor');
    const { user } = renderInApi(<FormList />);
    await user.click(await screen.findByRole('button', { name: 'Delete Loan Application' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(names()).not.toContain('Loan Application'));
    await user.click(screen.getByRole('switch', { name: 'Show deleted' }));
    await screen.findByRole('button', { name: 'Restore Loan Application' });
    expect(screen.queryByRole('button', { name: /Delete permanently/ })).not.toBeInTheDocument();
  });

  it('a failed read says so and loads again on Try again', async () => {
    server.use(errorHandlers.failing('/odata/FormOData', 500, { once: true }));
    const { user } = renderInApi(<FormList />);
    expect(await screen.findByText('Failed to load forms. Please try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await rowOf('Loan Application');
  });
});
