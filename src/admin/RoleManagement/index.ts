export { RoleManagement } from './RoleManagement';
export type { RoleManagementProps } from './RoleManagement';
