import type { MenuClaimKey } from '../formsAdmin';
import type { HostLabelKey } from '../hostLabels';

/** One entry of the admin menu: where it leads and the menu claim (docs/spec.md, Roles and permissions) that shows it. */
export interface AdminMenuEntry {
  /** The entry's text, a key of the host's labels. */
  label: HostLabelKey;
  to: string;
  claim: MenuClaimKey;
}

/** The admin menu (docs/spec.md, Screens and routes menu entries, plus the two permission screens), in display order. */
export const adminMenuEntries = [
  { label: 'hostMenuFormBuilder', to: '/admin/form-builder/', claim: 'FormBuilder_AllowRead' },
  { label: 'hostMenuFormGroups', to: '/admin/form-group/', claim: 'FormGroups_AllowRead' },
  { label: 'hostMenuFormInstances', to: '/admin/form-instances/', claim: 'FormInstances_AllowRead' },
  { label: 'hostMenuFormPreview', to: '/admin/form-preview/', claim: 'FormPreview_AllowRead' },
  { label: 'hostMenuForms', to: '/admin/forms/', claim: 'Forms_AllowRead' },
  { label: 'hostMenuFormSchemas', to: '/admin/form-schemas/', claim: 'FormSchemas_AllowRead' },
  { label: 'hostMenuSigning', to: '/admin/signing/', claim: 'Signing_AllowRead' },
  { label: 'hostMenuRoleManagement', to: '/admin/auth/assign-claims-to-roles', claim: 'RoleManagement_AllowRead' },
  { label: 'hostMenuUserRoleManagement', to: '/admin/auth/assign-roles-to-users', claim: 'UserRoleManagement_AllowRead' },
] as const satisfies readonly AdminMenuEntry[];

/** An admin route and the claim that opens it: its menu entry's, or the one the server asks for its only call. */
export interface AdminRouteAccess {
  /** The screen's name, for the 'No access' page: a key of the host's labels. */
  label: HostLabelKey;
  /** The path prefix the rule covers. */
  to: string;
  claim: MenuClaimKey | 'GlobalDataAdmin';
  /** For a route without a menu entry of its own: the entry (its `to`) it belongs to, marked active on its pages. */
  menu?: (typeof adminMenuEntries)[number]['to'];
}

/** Admin routes without a menu entry of their own, gated by the menu claim of the screen they belong to. */
const routesWithoutMenuEntry = [
  { label: 'hostScreenFormSchemaManager', to: '/admin/form-manager/form-schema/', claim: 'FormSchemas_AllowRead', menu: '/admin/form-schemas/' },
  { label: 'hostScreenFormManager', to: '/admin/form-manager/', claim: 'Forms_AllowRead', menu: '/admin/forms/' },
  { label: 'hostScreenPdfImport', to: '/admin/form-import/', claim: 'Forms_AllowRead', menu: '/admin/forms/' },
  { label: 'hostScreenFormDataLinking', to: '/admin/form-linking/', claim: 'FormSchemas_AllowRead', menu: '/admin/form-schemas/' },
  { label: 'hostScreenFormInstance', to: '/admin/form-instance/', claim: 'FormInstances_AllowRead', menu: '/admin/form-instances/' },
  // The mail the server sent (its signing links among it), reached from the Signing screen: the server lets
  // administrators only (GET /api/Mail/Outbox), so the screen asks for the same claim.
  { label: 'hostScreenOutbox', to: '/admin/outbox/', claim: 'GlobalDataAdmin', menu: '/admin/signing/' },
] as const satisfies readonly AdminRouteAccess[];

const adminRoutes: readonly AdminRouteAccess[] = [...adminMenuEntries, ...routesWithoutMenuEntry];

/** Whether `pathname` is `to` or below it (trailing slashes ignored). */
export function isUnder(pathname: string, to: string): boolean {
  const base = to.replace(/\/$/, '');
  return pathname === base || pathname.startsWith(`${base}/`);
}

/**
 * The claim a user needs to open `pathname`: the same claim as the screen's menu entry, so typing a URL opens exactly
 * what the menu shows. The most specific rule wins; null for the admin home (every administrator may open it).
 */
export function adminRouteAccess(pathname: string): AdminRouteAccess | null {
  let best: AdminRouteAccess | null = null;
  for (const route of adminRoutes) {
    if (isUnder(pathname, route.to) && (!best || route.to.length > best.to.length)) best = route;
  }
  return best;
}

/**
 * The menu entry (its `to`) marked active on `pathname`: the entry of the page's screen, or for a page without an
 * entry of its own (one form, one instance, the Outbox) the entry it is reached from. Null on the admin home.
 */
export function activeMenuEntry(pathname: string): string | null {
  const route = adminRouteAccess(pathname);
  return route ? (route.menu ?? route.to) : null;
}
