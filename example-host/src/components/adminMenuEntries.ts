import type { MenuClaimKey } from '../formsAdmin';

/** One entry of the admin menu: where it leads and the menu claim (spec §6) that shows it. */
export interface AdminMenuEntry {
  label: string;
  to: string;
  claim: MenuClaimKey;
}

/** The admin menu (spec §2 menu entries, plus the two permission screens), in display order. */
export const adminMenuEntries = [
  { label: 'Form Builder', to: '/admin/form-builder/', claim: 'FormBuilder_AllowRead' },
  { label: 'Form Groups', to: '/admin/form-group/', claim: 'FormGroups_AllowRead' },
  { label: 'Form Instances', to: '/admin/form-instances/', claim: 'FormInstances_AllowRead' },
  { label: 'Form Preview', to: '/admin/form-preview/', claim: 'FormPreview_AllowRead' },
  { label: 'Forms', to: '/admin/forms/', claim: 'Forms_AllowRead' },
  { label: 'Form Schemas', to: '/admin/form-schemas/', claim: 'FormSchemas_AllowRead' },
  { label: 'Signing', to: '/admin/signing/', claim: 'Signing_AllowRead' },
  { label: 'Role Management', to: '/admin/auth/assign-claims-to-roles', claim: 'RoleManagement_AllowRead' },
  { label: 'User & Role Management', to: '/admin/auth/assign-roles-to-users', claim: 'UserRoleManagement_AllowRead' },
] as const satisfies readonly AdminMenuEntry[];
