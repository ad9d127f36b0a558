export { UserRoleManagement } from './UserRoleManagement';
export type { UserRoleManagementProps, UserRoleManagementTab } from './UserRoleManagement';
