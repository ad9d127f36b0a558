export * from './RoleManagement';
export * from './UserRoleManagement';
export * from './PermissionEditor';
export { DEFAULT_ADMIN_EXTRA_LABELS, useAdminLabels, fillLabel } from './admin-labels';
export type { AdminLabels } from './admin-labels';
