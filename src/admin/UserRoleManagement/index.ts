export { UserRoleManagement, UserRoleManagementView } from './UserRoleManagement';
export type {
  UserRoleManagementProps,
  UserRoleManagementFactory,
  UserRoleManagementViewProps,
  UserRoleManagementViewFactory,
  UserRoleManagementStylesNames,
} from './UserRoleManagement';
export { useUserRoleManagement } from './useUserRoleManagement';
export type {
  UserRoleManagementOptions,
  UserRoleManagementController,
  UserRoleManagementTab,
} from './useUserRoleManagement';
