/**
 * The admin area, loaded on demand: routes.tsx reaches this module only through `import()` (TanStack Router's
 * `lazyRouteComponent`), so its code — the admin shell and menu, the admin gate and the permission screens — is a
 * chunk of its own that the public pages (the form viewer, home, sign-in callback) never download. Nothing outside
 * routes.tsx may import it statically, or the bundler would fold it back into the main chunk.
 */
import { ModalsProvider } from '@mantine/modals';
import { Outlet, useRouter } from '@tanstack/react-router';
import { AdminRouteGate } from './components/AdminRouteGate';
import { AdminShell } from './components/AdminShell';
import { NoAdminAccessPage } from './components/NoAdminAccessPage';
import { PendingPage } from './components/PendingPage';
import { SIGNED_OUT_PATH } from './config';
import { displayNames } from './displayNames';
import { RequireAdmin, RoleManagement, UserRoleManagement, useAuth } from './formsAdmin';

/**
 * The admin area: administrators only (the server's `CheckForAdminRole`), in the admin shell with its menu. Mantine's
 * modals provider lives here rather than around the whole app: only admin screens open modals, and Modal brings
 * ScrollArea and floating-ui (about 20 kB compressed) that the public form would otherwise download.
 */
export function AdminLayout() {
  const auth = useAuth();
  const user = auth.user;
  const userName = user ? (displayNames([{ id: user.subject, name: user.name, email: user.email }])[0] ?? '') : '';
  const router = useRouter();
  // Resolves only when the provider could not be reached (the local session has ended): say so on the signed-out page.
  const signOut = () => void auth.signOut().then(() => router.navigate({ to: SIGNED_OUT_PATH }));
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
