/**
 * The admin area, loaded on demand: routes.tsx reaches this module only through `import()` (TanStack Router's
 * `lazyRouteComponent`), so its code — the admin shell and menu, the admin gate and the permission screens — is a
 * chunk of its own that the public pages (the form viewer, home, sign-in callback) never download. Nothing outside
 * routes.tsx may import it statically, or the bundler would fold it back into the main chunk.
 */
import { ModalsProvider } from '@mantine/modals';
import { Outlet } from '@tanstack/react-router';
import { AdminRouteGate } from './components/AdminRouteGate';
import { AdminShell } from './components/AdminShell';
import { NoAdminAccessPage } from './components/NoAdminAccessPage';
import { PendingPage } from './components/PendingPage';
import { displayNames } from './displayNames';
import { RequireAdmin, RoleManagement, UserRoleManagement } from './formsAdmin';
import { useHostSession } from './useHostSession';

/**
 * The admin area: administrators only (the server's `CheckForAdminRole`), in the admin shell with its menu. Mantine's
 * modals provider lives here rather than around the whole app: only admin screens open modals, and Modal brings
 * ScrollArea and floating-ui (about 20 kB compressed) that the public form would otherwise download.
 */
export function AdminLayout() {
  const { userName, signOut } = useHostSession();
  return (
    <ModalsProvider>
      <RequireAdmin fallback={<NoAdminAccessPage onSignOut={signOut} />} loading={<PendingPage />}>
        <AdminShell userName={userName} onSignOut={signOut}>
          <AdminRouteGate>
            <Outlet />
          </AdminRouteGate>
        </AdminShell>
      </RequireAdmin>
    </ModalsProvider>
  );
}

/** `/admin/auth/assign-roles-to-users`: User & Role Management with the host's display names. */
export function UserRoleManagementRoute() {
  return <UserRoleManagement getDisplayNames={displayNames} />;
}

/** `/admin/auth/assign-claims-to-roles`: Role Management. */
export function RoleManagementRoute() {
  return <RoleManagement />;
}
