import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api';
import { ClaimTypeFlags, Permission } from '../../src/api/enums';
import { PermissionHistoryPanel, type PermissionHistoryHolder } from '../../src/admin/shared/PermissionHistory';
import { APIProvider } from '../../src/query/APIProvider';
import { createFakeBackend, errorHandlers } from '../../src/testing';
import { seedIds } from '../../src/testing/seed-ids';
import { renderWithProviders } from '../support/render';

const base = 'http://api.test';
const backend = createFakeBackend();
const server = setupServer(...backend.handlers(base));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  backend.reset();
});
afterAll(() => server.close());

const historyCalls = () => backend.requests.filter((r) => r.path.includes('GetPermissionHistory'));
const api = () => createApiClient({ baseUrl: base, retry: { retries: 0 } });

const noHardDelete: PermissionHistoryHolder = { kind: 'claimGroup', id: seedIds.claimGroups.noHardDelete, name: 'No Hard Delete' };

function renderPanel(holder: PermissionHistoryHolder = noHardDelete) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithProviders(
    <APIProvider baseUrl={base} queryClient={queryClient} clientOptions={{ retry: { retries: 0 } }}>
      <PermissionHistoryPanel holder={holder} />
    </APIProvider>,
  );
}

const grant = (claimValue: number, priorityOfPermission = 1, allow = true) => ({
  claimValue,
  claimType: ClaimTypeFlags.ServerClaim,
  allow,
  priorityOfPermission,
});

describe('PermissionHistoryPanel', () => {
  it('loads nothing until opened, then lists the changes with who made them, when, and what changed', async () => {
    const { user } = renderPanel();
    const toggle = await screen.findByRole('button', { name: 'Show change history' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(historyCalls()).toHaveLength(0);
    await user.click(toggle);
    const list = await screen.findByRole('list', { name: 'Change history: No Hard Delete' });
    expect(historyCalls()).toHaveLength(1);
    const [entry] = within(list).getAllByRole('listitem').filter((li) => li.parentElement === list);
    expect(entry).toHaveTextContent('Permissions');
    expect(entry).toHaveTextContent('by Ada Admin');
    expect(within(entry!).getByText('Added')).toBeInTheDocument();
    expect(within(entry!).getByText('Form_Delete (deny · priority 10)')).toBeInTheDocument();
    expect(within(entry!).getByRole('time')).toHaveAttribute('dateTime', expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
  });

  it('shows a new change first, and what it removed and updated', async () => {
    await api().claim.addRemoveUpdateClaimsToClaimGroupOrClaimGroups({
      claimSets: [seedIds.claimGroups.noHardDelete],
      claimBaseToAddUpdate: [grant(Permission.Form_Delete, 20, false)],
      claimEnumsToRemoveValue: [Permission.FormGroup_Delete],
      removeExistingUnMentionedClaimBase: false,
    });
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Show change history' }));
    const list = await screen.findByRole('list', { name: 'Change history: No Hard Delete' });
    const entries = within(list).getAllByRole('listitem').filter((li) => li.parentElement === list);
    expect(entries).toHaveLength(2);
    expect(within(entries[0]!).getByText('Removed')).toBeInTheDocument();
    expect(within(entries[0]!).getByText('FormGroup_Delete (deny · priority 10)')).toBeInTheDocument();
    expect(within(entries[0]!).getByText('Updated')).toBeInTheDocument();
    expect(within(entries[0]!).getByText('Form_Delete (deny · priority 20)')).toBeInTheDocument();
    expect(within(entries[0]!).queryByText('Added')).toBeNull();
  });

  it('pages ten at a time, newest first', async () => {
    const client = api();
    for (let i = 0; i < 12; i += 1) {
      await client.claim.addRemoveUpdateClaimsToAppUserOrUsers({
        claimSets: [seedIds.users.newcomer],
        claimBaseToAddUpdate: [grant(Permission.Form_Select, i + 1)],
        claimEnumsToRemoveValue: [],
        removeExistingUnMentionedClaimBase: false,
      });
    }
    const { user } = renderPanel({ kind: 'user', id: seedIds.users.newcomer, name: 'Nora Newcomer' });
    await user.click(await screen.findByRole('button', { name: 'Show change history' }));
    const list = await screen.findByRole('list', { name: 'Change history: Nora Newcomer' });
    const entries = () => within(list).getAllByRole('listitem').filter((li) => li.parentElement === list);
    expect(entries()).toHaveLength(10);
    expect(entries()[0]).toHaveTextContent('Form_Select (allow · priority 12)');
    const pages = screen.getByRole('navigation', { name: 'Change history pages' });
    expect(within(pages).getByRole('button', { name: 'Previous page' })).toBeInTheDocument();
    await user.click(within(pages).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(entries()).toHaveLength(2));
    expect(entries()[1]).toHaveTextContent('Added');
    expect(entries()[1]).toHaveTextContent('Form_Select (allow · priority 1)');
  });

  it('says when nothing was recorded yet', async () => {
    const { user } = renderPanel({ kind: 'userGroup', id: seedIds.userGroups.readers, name: 'Readers' });
    await user.click(await screen.findByRole('button', { name: 'Show change history' }));
    expect(await screen.findByText('No changes recorded for this user group yet.')).toBeInTheDocument();
  });

  it('says when the history cannot load, and retries', async () => {
    server.use(errorHandlers.failing('/api/Claim/GetPermissionHistory', 500));
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Show change history' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load the change history. Please try again.');
    server.resetHandlers();
    await user.click(within(alert).getByRole('button', { name: /try again|retry/i }));
    expect(await screen.findByRole('list', { name: 'Change history: No Hard Delete' })).toBeInTheDocument();
  });

  it('is not shown to someone who is not an administrator', async () => {
    backend.setCurrentUser('auditor');
    renderPanel();
    await waitFor(() => expect(backend.requests.some((r) => r.path.includes('GetMyClaims') || r.path.includes('GetClaimEntries'))).toBe(true));
    // Give the claims time to arrive: the panel stays absent, and no history is asked for.
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByRole('button', { name: 'Show change history' })).toBeNull();
    expect(historyCalls()).toHaveLength(0);
  });
});
