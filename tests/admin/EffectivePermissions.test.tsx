import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  EffectivePermissionsPanel,
  type EffectivePermissionsHolder,
  type EffectivePermissionsPanelProps,
} from '../../src/admin/shared/EffectivePermissions';
import { APIProvider } from '../../src/query/APIProvider';
import { createFakeBackend } from '../../src/testing';
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

const requests = () => backend.requests.filter((r) => r.path.includes('GetEffectivePermissions'));

function renderPanel(
  holder: EffectivePermissionsHolder = { kind: 'user', id: seedIds.users.editor, name: 'Eddie Editor' },
  props: Omit<EffectivePermissionsPanelProps, 'holder'> = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithProviders(
    <APIProvider baseUrl={base} queryClient={queryClient} clientOptions={{ retry: { retries: 0 } }}>
      <EffectivePermissionsPanel holder={holder} {...props} />
    </APIProvider>,
  );
}

const row = (key: string) => {
  const header = screen.getByRole('rowheader', { name: key });
  return header.closest('tr') as HTMLElement;
};

describe('EffectivePermissionsPanel', () => {
  it('loads nothing until opened, then lists each permission with its result, priority and path', async () => {
    const { user } = renderPanel();
    const toggle = screen.getByRole('button', { name: 'Why can they? Show effective permissions' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(requests()).toHaveLength(0);
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const table = await screen.findByRole('table', { name: 'Effective permissions: Eddie Editor' });
    expect(requests()).toHaveLength(1);
    // A hard delete: granted by Form Editors, denied at priority 10 by No Hard Delete — the deny wins.
    const del = row('Form_Delete');
    expect(within(del).getByText('Denied')).toBeInTheDocument();
    expect(within(del).getByText('10')).toBeInTheDocument();
    expect(within(del).getByText('Form Authors → No Hard Delete')).toBeInTheDocument();
    expect(within(del).getByText(/Form Authors → Form Editors.*: lower priority/)).toBeInTheDocument();
    // Reading forms comes through the nested role.
    const select = row('Form_Select');
    expect(within(select).getByText('Allowed')).toBeInTheDocument();
    expect(within(table).getAllByRole('row').length).toBeGreaterThan(5);
  });

  it('filters by permission name or by a group or role on the path', async () => {
    const { user } = renderPanel();
    await user.click(screen.getByRole('button', { name: /Show effective permissions/ }));
    await screen.findByRole('table');
    const search = screen.getByRole('textbox', { name: 'Search effective permissions' });
    await user.type(search, 'no hard delete');
    const rows = within(screen.getByRole('table')).getAllByRole('rowheader');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => /_Delete$/.test(r.textContent ?? ''))).toBe(true);
    await user.clear(search);
    await user.type(search, 'zzz-nothing');
    expect(screen.getByText('No permission matches the search.')).toBeInTheDocument();
  });

  it('says when the holder has nothing, and explains a user group too', async () => {
    const { user } = renderPanel({ kind: 'user', id: seedIds.users.newcomer, name: 'Nora Newcomer' });
    await user.click(screen.getByRole('button', { name: /Show effective permissions/ }));
    expect(
      await screen.findByText('No permissions: nothing is granted to this user, directly or through groups and roles.'),
    ).toBeInTheDocument();
  });

  it('passes classNames and styles to its named parts (root, toggle, search, table)', async () => {
    const { user } = renderPanel(undefined, {
      classNames: { root: 'my-root', toggle: 'my-toggle', search: 'my-search', table: 'my-table' },
      styles: { root: { outline: '3px solid rgb(255, 0, 0)' }, table: { outline: '2px dashed rgb(0, 0, 255)' } },
    });
    const section = screen.getByRole('region', { name: 'Effective permissions' });
    expect(section).toHaveClass('my-root');
    expect(section).toHaveStyle({ outline: '3px solid rgb(255, 0, 0)' });
    const toggle = screen.getByRole('button', { name: /Show effective permissions/ });
    expect(toggle).toHaveClass('my-toggle');
    await user.click(toggle);
    const table = await screen.findByRole('table', { name: 'Effective permissions: Eddie Editor' });
    expect(table).toHaveClass('my-table');
    expect(table).toHaveStyle({ outline: '2px dashed rgb(0, 0, 255)' });
    expect(screen.getByRole('textbox', { name: /Search/ }).closest('.my-search')).not.toBeNull();
  });

  it('shows a failure with a retry that works', async () => {
    let fail = true;
    server.use(
      http.get(`${base}/api/Claim/GetEffectivePermissionsOfUserGroup`, () =>
        fail ? HttpResponse.json({ title: 'Down', status: 503 }, { status: 503 }) : undefined,
      ),
    );
    const { user } = renderPanel({ kind: 'userGroup', id: seedIds.userGroups.readers, name: 'Readers' });
    await user.click(screen.getByRole('button', { name: /Show effective permissions/ }));
    expect(await screen.findByText('Failed to load the effective permissions. Please try again.')).toBeInTheDocument();
    fail = false;
    // findByRole: the panel may still be opening (its content is hidden from the accessibility tree until then).
    await user.click(await screen.findByRole('button', { name: /try again|retry/i }));
    await waitFor(() => expect(screen.getByRole('table', { name: 'Effective permissions: Readers' })).toBeInTheDocument());
    expect(within(row('Claim_ReadClaimEntries')).getByText('Form Readers')).toBeInTheDocument();
  });
  it('explains what a role grants: its own grants directly, the nested role’s through it', async () => {
    const { user } = renderPanel({ kind: 'claimGroup', id: seedIds.claimGroups.formEditors, name: 'Form Editors' });
    await user.click(screen.getByRole('button', { name: /Show effective permissions/ }));
    expect(await screen.findByText(/Every permission this role grants, from its own grants and every role it nests/)).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Effective permissions: Form Editors' });
    expect(within(row('Form_Add')).getByText('granted directly')).toBeInTheDocument();
    expect(within(row('Claim_ReadClaimEntries')).getByText('Form Readers')).toBeInTheDocument();
    expect(requests().map((r) => r.path.split('?')[0])).toEqual(['/api/Claim/GetEffectivePermissionsOfClaimGroup']);
  });
});
