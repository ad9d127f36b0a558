import { createRootRoute } from '@tanstack/react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminShell } from '../../example-host/src/components/AdminShell';
import { adminMenuEntries } from '../../example-host/src/components/adminMenuEntries';
import { grantedClaims } from './support/permissions.mock';
import { renderRouter } from './support/renderRouter';

vi.mock('../../src/permissions', () => import('./support/permissions.mock'));
vi.mock('../../src/auth/RequireAdmin', () => import('./support/requireAdmin.mock'));

const ALL_LABELS = [
  'Form Builder',
  'Form Groups',
  'Form Instances',
  'Form Preview',
  'Forms',
  'Form Schemas',
  'Signing',
  'Role Management',
  'User & Role Management',
];

async function renderShell(path = '/admin/', onSignOut = vi.fn()) {
  const root = createRootRoute({
    component: () => (
      <AdminShell userName="Ada Lovelace" onSignOut={onSignOut}>
        <p>screen</p>
      </AdminShell>
    ),
  });
  return renderRouter(root, path);
}

describe('AdminMenu', () => {
  beforeEach(() => grantedClaims.clear());

  it('has an entry for every menu claim, in order', () => {
    expect(adminMenuEntries.map((e) => e.label)).toEqual(ALL_LABELS);
    expect(adminMenuEntries.map((e) => e.claim)).toEqual([
      'FormBuilder_AllowRead',
      'FormGroups_AllowRead',
      'FormInstances_AllowRead',
      'FormPreview_AllowRead',
      'Forms_AllowRead',
      'FormSchemas_AllowRead',
      'Signing_AllowRead',
      'RoleManagement_AllowRead',
      'UserRoleManagement_AllowRead',
    ]);
  });

  it('shows every entry to a user holding every menu claim', async () => {
    adminMenuEntries.forEach((e) => grantedClaims.add(e.claim));
    const { screen } = await renderShell();
    const nav = screen.getByRole('navigation', { name: 'Admin menu' });
    const links = Array.from(nav.querySelectorAll('a')).map((a) => a.textContent);
    expect(links).toEqual(ALL_LABELS);
    expect(screen.getByRole('link', { name: 'Role Management' })).toHaveAttribute('href', '/admin/auth/assign-claims-to-roles');
    expect(screen.getByRole('link', { name: 'User & Role Management' })).toHaveAttribute(
      'href',
      '/admin/auth/assign-roles-to-users',
    );
  });

  it('shows only the entries whose claim the user holds', async () => {
    grantedClaims.add('Forms_AllowRead');
    grantedClaims.add('Signing_AllowRead');
    const { screen } = await renderShell();
    const nav = screen.getByRole('navigation', { name: 'Admin menu' });
    expect(Array.from(nav.querySelectorAll('a')).map((a) => a.textContent)).toEqual(['Forms', 'Signing']);
  });

  it('shows no entries without menu claims', async () => {
    const { screen } = await renderShell();
    expect(screen.getByRole('navigation', { name: 'Admin menu' }).querySelectorAll('a')).toHaveLength(0);
  });

  it('marks the entry of the current screen active', async () => {
    grantedClaims.add('FormGroups_AllowRead');
    grantedClaims.add('Forms_AllowRead');
    const { screen } = await renderShell('/admin/form-group/g1');
    expect(screen.getByRole('link', { name: 'Form Groups' })).toHaveAttribute('data-active');
    expect(screen.getByRole('link', { name: 'Forms' })).not.toHaveAttribute('data-active');
  });
});

describe('AdminShell', () => {
  it("shows the user's name and signs out", async () => {
    const onSignOut = vi.fn();
    const { screen, user } = await renderShell('/admin/', onSignOut);
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(onSignOut).toHaveBeenCalledOnce();
    expect(screen.getByText('screen')).toBeInTheDocument();
  });
});
